package io.schedkit.testing;

import static io.schedkit.testing.SchedkitAssertions.assertThat;

import io.schedkit.core.Explanation;
import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.metrics.SchedulerMetrics;
import io.schedkit.framework.BindPlugin;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.QueueSortPlugin;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.Registry;
import io.schedkit.framework.Status;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.Pod;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

final class SchedulerSmokeTest {
  /** Priority first, then queue time. */
  static final class Sort implements QueueSortPlugin {
    @Override
    public String name() {
      return "Sort";
    }

    @Override
    public boolean less(QueuedPodInfo a, QueuedPodInfo b) {
      return a.pod().priority() > b.pod().priority()
          || (a.pod().priority() == b.pod().priority() && a.timestamp().isBefore(b.timestamp()));
    }
  }

  /** Cpu fit. */
  static final class Cpu implements FilterPlugin {
    @Override
    public String name() {
      return "Cpu";
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
      long free = node.allocatable().milliCpu() - node.requested().milliCpu();
      return pod.requests().milliCpu() > free
          ? Status.unschedulable("Insufficient cpu")
          : Status.success();
    }
  }

  /** Binds through the host. */
  static final class Binder implements BindPlugin {
    private final FrameworkHandle handle;

    Binder(FrameworkHandle handle) {
      this.handle = handle;
    }

    @Override
    public String name() {
      return "Binder";
    }

    @Override
    public CompletionStage<Status> bind(CycleState state, PodInfo pod, String nodeName) {
      return handle.cluster().bind(pod.pod(), nodeName).thenApply(v -> Status.success());
    }
  }

  private static Scheduler scheduler(InMemoryCluster cluster, long seed) {
    return scheduler(cluster, seed, SchedulerMetrics.noop());
  }

  private static Scheduler scheduler(InMemoryCluster cluster, long seed, SchedulerMetrics metrics) {
    Registry registry =
        new Registry()
            .register("Sort", (a, h) -> new Sort())
            .register("Cpu", (a, h) -> new Cpu())
            .register("Score", (a, h) -> new FakeScorePlugin().named("Score"))
            .register("Binder", (a, h) -> new Binder(h));
    Profile profile =
        new Profile(
            "default-scheduler",
            null,
            new Plugins(
                new PluginSet(
                    List.of(
                        PluginRef.of("Sort"),
                        PluginRef.of("Cpu"),
                        PluginRef.of("Score"),
                        PluginRef.of("Binder")),
                    List.of()),
                Map.of()),
            List.of());
    SchedulerConfiguration config =
        new SchedulerConfiguration(16, 0, 1, 10, List.of(profile), List.of(), null);
    return Scheduler.builder()
        .cluster(cluster)
        .registry(registry)
        .configuration(config)
        .clock(cluster.clock())
        .parallelism(1)
        .seed(seed)
        .metrics(metrics)
        .build();
  }

  /** Records extension-point metrics. */
  static final class RecordingMetrics implements SchedulerMetrics {
    final List<String> points = Collections.synchronizedList(new ArrayList<>());
    final List<String> attempts = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void extensionPointDuration(
        String extensionPoint, String status, String profile, Duration duration) {
      points.add(extensionPoint + ":" + status);
    }

    @Override
    public void scheduleAttempt(String result, String profile, Duration duration) {
      attempts.add(result);
    }
  }

  private static InMemoryCluster cluster() {
    InMemoryCluster cluster = InMemoryCluster.builder().clock(new FakeClock()).build();
    for (int i = 1; i <= 3; i++) {
      cluster.create(Wrappers.makeNode().name("n" + i).capacity(Map.of("cpu", "2")).obj());
    }
    return cluster;
  }

  @Test
  void placesPodsUntilFull_thenReportsUpstreamMessage() {
    InMemoryCluster cluster = cluster();
    try (Scheduler s = scheduler(cluster, 1)) {
      for (int i = 1; i <= 7; i++) {
        cluster.create(Wrappers.makePod().name("p" + i).req(Map.of("cpu", "1")).obj());
      }
      s.runUntilIdle();
      long bound = cluster.pods().stream().filter(p -> !p.nodeName().isEmpty()).count();
      assertThat(bound).isEqualTo(6);
      assertThat(s.pendingPods()).hasSize(1);
      assertThat(s.pendingPods().get(0).message())
          .isEqualTo("0/3 nodes are available: 3 Insufficient cpu.");
      Explanation e = s.explain(Wrappers.makePod().name("x").req(Map.of("cpu", "1")).obj());
      assertThat(e.result()).isEqualTo("Unschedulable");
      assertThat(e.nodes()).extracting(n -> n.filter().plugin()).containsOnly("Cpu");
    }
  }

  @Test
  void sameSeed_samePlacements() {
    assertThat(run(7)).isEqualTo(run(7));
  }

  private static Map<String, String> run(long seed) {
    InMemoryCluster cluster = cluster();
    try (Scheduler s = scheduler(cluster, seed)) {
      for (int i = 1; i <= 5; i++) {
        cluster.create(Wrappers.makePod().name("p" + i).req(Map.of("cpu", "500m")).obj());
      }
      s.runUntilIdle();
      Map<String, String> out = new LinkedHashMap<>();
      for (Pod p : cluster.pods()) {
        out.put(p.name(), p.nodeName());
      }
      assertThat(out.values()).doesNotContain("");
      return out;
    }
  }

  @Test
  void metrics_recordExtensionPointsAndAttempts() {
    InMemoryCluster cluster = cluster();
    RecordingMetrics metrics = new RecordingMetrics();
    try (Scheduler s = scheduler(cluster, 1, metrics)) {
      cluster.create(Wrappers.makePod().name("p").req(Map.of("cpu", "1")).obj());
      s.runUntilIdle();
    }
    assertThat(metrics.points).contains("PreFilter:Success", "Reserve:Success");
    assertThat(metrics.attempts).containsExactly("scheduled");
  }
}
