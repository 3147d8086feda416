package io.schedkit.metrics.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.metrics.SchedulerMetrics;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every hook of {@link SchedulerMetrics} as kube-scheduler's series in the Prometheus scrape. */
final class PrometheusMetricsTest {
  private final PrometheusMetrics prometheus = new PrometheusMetrics();
  private final SchedulerMetrics metrics = prometheus.schedulerMetrics();

  private String scrapeAfterEveryHook() {
    metrics.scheduleAttempt("scheduled", "default-scheduler", Duration.ofMillis(3));
    metrics.scheduleAttempt("scheduled", "default-scheduler", Duration.ofMillis(5));
    metrics.scheduleAttempt("unschedulable", "default-scheduler", Duration.ofMillis(1));
    metrics.schedulingAlgorithmDuration(Duration.ofMillis(2));
    metrics.extensionPointDuration("Filter", "Success", "default-scheduler", Duration.ofMillis(1));
    metrics.pluginExecutionDuration(
        "NodeResourcesFit", "Filter", "Success", Duration.ofNanos(9_000));
    metrics.pluginEvaluations("NodeResourcesFit", "Filter", "default-scheduler", 500);
    metrics.podScheduled(1, Duration.ofMillis(20));
    metrics.podScheduled(17, Duration.ofSeconds(90));
    metrics.pendingPods("active", 4);
    metrics.queueIncomingPod("active", "PodAdd");
    metrics.unschedulablePods("NodeResourcesFit", "default-scheduler", 1);
    metrics.unschedulablePods("NodeResourcesFit", "default-scheduler", 1);
    metrics.unschedulablePods("NodeResourcesFit", "default-scheduler", -1);
    metrics.permitWaitDuration("Success", Duration.ofMillis(40));
    metrics.preemptionAttempt();
    metrics.preemptionVictims(3);
    metrics.cacheSize("nodes", 12);
    metrics.leaderElectionStatus("kube-scheduler", true);
    return prometheus.scrape();
  }

  static Stream<Arguments> series() {
    return Stream.of(
        Arguments.of(
            "scheduler_schedule_attempts_total{profile=\"default-scheduler\",result=\"scheduled\"}",
            2.0),
        Arguments.of(
            "scheduler_scheduling_attempt_duration_seconds_count{profile=\"default-scheduler\",result=\"unschedulable\"}",
            1.0),
        Arguments.of("scheduler_scheduling_algorithm_duration_seconds_count", 1.0),
        Arguments.of(
            "scheduler_framework_extension_point_duration_seconds_count{extension_point=\"Filter\",profile=\"default-scheduler\",status=\"Success\"}",
            1.0),
        Arguments.of(
            "scheduler_plugin_execution_duration_seconds_bucket{extension_point=\"Filter\",plugin=\"NodeResourcesFit\",status=\"Success\",le=\"1.0E-5\"}",
            1.0),
        Arguments.of(
            "scheduler_plugin_evaluation_total{extension_point=\"Filter\",plugin=\"NodeResourcesFit\",profile=\"default-scheduler\"}",
            500.0),
        Arguments.of("scheduler_pod_scheduling_sli_duration_seconds_count{attempts=\"1\"}", 1.0),
        Arguments.of("scheduler_pod_scheduling_sli_duration_seconds_count{attempts=\"15+\"}", 1.0),
        Arguments.of("scheduler_pod_scheduling_attempts_count", 2.0),
        Arguments.of("scheduler_pending_pods{queue=\"active\"}", 4.0),
        Arguments.of("scheduler_queue_incoming_pods_total{event=\"PodAdd\",queue=\"active\"}", 1.0),
        Arguments.of(
            "scheduler_unschedulable_pods{plugin=\"NodeResourcesFit\",profile=\"default-scheduler\"}",
            1.0),
        Arguments.of("scheduler_permit_wait_duration_seconds_count{result=\"Success\"}", 1.0),
        Arguments.of("scheduler_preemption_attempts_total", 1.0),
        Arguments.of("scheduler_preemption_victims_sum", 3.0),
        Arguments.of("scheduler_scheduler_cache_size{type=\"nodes\"}", 12.0),
        Arguments.of("leader_election_master_status{name=\"kube-scheduler\"}", 1.0));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("series")
  void scrape_hasKubeSchedulersSeries(String series, double value) {
    assertThat(valueOf(scrapeAfterEveryHook(), series)).isEqualTo(value);
  }

  @Test
  void histograms_haveKubeSchedulersBuckets() {
    String scrape = scrapeAfterEveryHook();
    for (KubeSchedulerMetric m : KubeSchedulerMetric.values()) {
      if (m.kind() != KubeSchedulerMetric.Kind.HISTOGRAM) {
        continue;
      }
      List<Double> bounds = bucketBounds(scrape, m.prometheusName());
      double[] expected = m.buckets();
      assertThat(bounds).as(m.prometheusName()).hasSize(expected.length + 1);
      for (int i = 0; i < expected.length; i++) {
        assertThat(bounds.get(i))
            .as("%s bucket %d", m.prometheusName(), i)
            .isCloseTo(expected[i], org.assertj.core.data.Percentage.withPercentage(1e-3));
      }
      assertThat(bounds.get(expected.length)).isEqualTo(Double.POSITIVE_INFINITY);
    }
  }

  @Test
  void buckets_areExponentialAsKubeSchedulers() {
    assertThat(KubeSchedulerMetric.SCHEDULING_ATTEMPT_DURATION.buckets())
        .hasSize(15)
        .startsWith(0.001, 0.002, 0.004);
    assertThat(KubeSchedulerMetric.SCHEDULING_ATTEMPT_DURATION.buckets()[14])
        .isCloseTo(16.384, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(KubeSchedulerMetric.POD_SCHEDULING_SLI_DURATION.buckets())
        .hasSize(20)
        .startsWith(0.01);
    assertThat(KubeSchedulerMetric.FRAMEWORK_EXTENSION_POINT_DURATION.buckets()).hasSize(12);
    assertThat(KubeSchedulerMetric.FRAMEWORK_EXTENSION_POINT_DURATION.buckets()[11])
        .isCloseTo(0.2048, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(KubeSchedulerMetric.PREEMPTION_VICTIMS.buckets())
        .containsExactly(1, 2, 4, 8, 16, 32, 64);
    assertThat(KubeSchedulerMetric.POD_SCHEDULING_ATTEMPTS.buckets())
        .containsExactly(1, 2, 4, 8, 16);
    assertThat(KubeSchedulerMetric.PLUGIN_EXECUTION_DURATION.buckets())
        .hasSize(20)
        .startsWith(1e-5, 1e-5 * 1.5, 1e-5 * 1.5 * 1.5);
  }

  /** The value of the series named exactly {@code series} (name and labels) in the scrape. */
  static double valueOf(String scrape, String series) {
    for (String line : scrape.split("\n")) {
      if (line.startsWith(series + " ")) {
        return Double.parseDouble(line.substring(series.length() + 1).trim());
      }
    }
    throw new AssertionError("no series " + series + " in:\n" + scrape);
  }

  /** The distinct {@code le} bounds of {@code name}'s buckets, in order. */
  static List<Double> bucketBounds(String scrape, String name) {
    Pattern le = Pattern.compile("^" + Pattern.quote(name) + "_bucket\\{.*le=\"([^\"]+)\".*");
    return scrape
        .lines()
        .map(le::matcher)
        .filter(Matcher::matches)
        .map(
            m ->
                m.group(1).equals("+Inf")
                    ? Double.POSITIVE_INFINITY
                    : Double.parseDouble(m.group(1)))
        .distinct()
        .toList();
  }
}
