package io.schedkit.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.leaderelection.InMemoryLeaseStore;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.metrics.micrometer.PrometheusMetrics;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * A scheduling run with kube-scheduler's metrics through Micrometer: the Prometheus scrape has
 * kube-scheduler's series, with the counts of what happened.
 */
final class SchedulerMetricsScrapeTest {
  private static final String P = "profile=\"default-scheduler\"";

  private static Pod pod(String name, String cpu) {
    return Pod.builder()
        .name(name)
        .namespace("default")
        .container(Container.builder().name("c").request("cpu", cpu).build())
        .build();
  }

  @Test
  void scrape_afterARun_countsTheAttemptsBindsQueuesAndPlugins() {
    VirtualClock clock = new VirtualClock();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    for (String n : List.of("n1", "n2", "n3")) {
      cluster.create(Node.builder().name(n).capacity("cpu", "1").capacity("pods", "110").build());
    }
    for (int i = 1; i <= 3; i++) {
      cluster.create(pod("fits-" + i, "600m"));
    }
    cluster.create(pod("too-big", "2"));
    PrometheusMetrics prometheus = new PrometheusMetrics();
    try (Scheduler scheduler =
        Scheduler.builder()
            .cluster(cluster)
            .clock(clock)
            .parallelism(1)
            .metrics(prometheus.schedulerMetrics())
            .build()) {
      scheduler.runUntilIdle();

      int failedAttempts = scheduler.whyPending(uid(cluster, "too-big")).orElseThrow().attempts();
      String scrape = prometheus.scrape();

      assertThat(failedAttempts).isPositive();
      assertThat(value(scrape, "scheduler_schedule_attempts_total{" + P + ",result=\"scheduled\"}"))
          .isEqualTo(3);
      assertThat(
              value(
                  scrape, "scheduler_schedule_attempts_total{" + P + ",result=\"unschedulable\"}"))
          .isEqualTo(failedAttempts);
      assertThat(
              value(
                  scrape,
                  "scheduler_scheduling_attempt_duration_seconds_count{"
                      + P
                      + ",result=\"scheduled\"}"))
          .isEqualTo(3);
      assertThat(value(scrape, "scheduler_scheduling_algorithm_duration_seconds_count"))
          .isEqualTo(3);
      assertThat(value(scrape, "scheduler_pod_scheduling_attempts_count")).isEqualTo(3);
      assertThat(value(scrape, "scheduler_pod_scheduling_attempts_sum")).isEqualTo(3);
      assertThat(
              value(scrape, "scheduler_pod_scheduling_sli_duration_seconds_count{attempts=\"1\"}"))
          .isEqualTo(3);
      assertThat(value(scrape, "scheduler_pending_pods{queue=\"unschedulable\"}")).isEqualTo(1);
      assertThat(value(scrape, "scheduler_pending_pods{queue=\"active\"}")).isZero();
      assertThat(
              value(scrape, "scheduler_unschedulable_pods{plugin=\"NodeResourcesFit\"," + P + "}"))
          .isEqualTo(1);
      assertThat(
              value(
                  scrape, "scheduler_queue_incoming_pods_total{event=\"PodAdd\",queue=\"active\"}"))
          .isEqualTo(4);
      assertThat(
              value(
                  scrape,
                  "scheduler_queue_incoming_pods_total{event=\"ScheduleAttemptFailure\","
                      + "queue=\"unschedulable\"}"))
          .isEqualTo(failedAttempts);
      assertThat(value(scrape, "scheduler_scheduler_cache_size{type=\"nodes\"}")).isEqualTo(3);
      assertThat(value(scrape, "scheduler_scheduler_cache_size{type=\"assumed_pods\"}")).isZero();
      assertThat(
              value(
                  scrape,
                  "scheduler_plugin_evaluation_total{extension_point=\"PreFilter\","
                      + "plugin=\"NodeResourcesFit\","
                      + P
                      + "}"))
          .isEqualTo(3 + failedAttempts);
      // Each of the three fitting pods and every failed attempt filtered the three nodes.
      assertThat(
              value(
                  scrape,
                  "scheduler_plugin_evaluation_total{extension_point=\"Filter\","
                      + "plugin=\"NodeResourcesFit\","
                      + P
                      + "}"))
          .isEqualTo(3 * (3 + failedAttempts));
      assertThat(
              value(
                  scrape,
                  "scheduler_framework_extension_point_duration_seconds_count{extension_point="
                      + "\"Bind\","
                      + P
                      + ",status=\"Success\"}"))
          .isEqualTo(3);
      assertThat(value(scrape, "scheduler_preemption_attempts_total")).isEqualTo(failedAttempts);
      assertThat(find(scrape, "leader_election_master_status{name=\"kube-scheduler\"}")).isEmpty();
    }
  }

  @Test
  void scrape_withLeaderElection_reportsTheMasterStatus() {
    VirtualClock clock = new VirtualClock();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    PrometheusMetrics prometheus = new PrometheusMetrics();
    try (Scheduler scheduler =
        Scheduler.builder()
            .cluster(cluster)
            .clock(clock)
            .metrics(prometheus.schedulerMetrics())
            .leaderElection(new InMemoryLeaseStore(), "s1")
            .build()) {
      scheduler.leaderElector().orElseThrow().start();
      assertThat(
              value(prometheus.scrape(), "leader_election_master_status{name=\"kube-scheduler\"}"))
          .isZero();
      clock.runDueTasks();
      assertThat(
              value(prometheus.scrape(), "leader_election_master_status{name=\"kube-scheduler\"}"))
          .isEqualTo(1);
    }
  }

  private static String uid(InMemoryCluster cluster, String name) {
    return cluster.pod("default", name).orElseThrow().uid();
  }

  private static double value(String scrape, String series) {
    return find(scrape, series)
        .orElseThrow(() -> new AssertionError("no series " + series + " in:\n" + scrape));
  }

  private static OptionalDouble find(String scrape, String series) {
    for (String line : scrape.split("\n")) {
      if (line.startsWith(series + " ")) {
        return OptionalDouble.of(Double.parseDouble(line.substring(series.length() + 1).trim()));
      }
    }
    return OptionalDouble.empty();
  }
}
