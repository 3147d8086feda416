package io.schedkit.plugins.noderesources;

import static io.schedkit.testing.SchedkitAssertions.assertThat;

import io.schedkit.core.Explanation;
import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.config.SchedulerConfigurationDecoder;
import io.schedkit.framework.BindPlugin;
import io.schedkit.framework.Code;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.QueueSortPlugin;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.Registry;
import io.schedkit.framework.Status;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.Pod;
import io.schedkit.testing.FakeClock;
import io.schedkit.testing.Wrappers;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The node resources plugins inside a running {@link Scheduler} over an {@link InMemoryCluster} on
 * virtual time, configured as kube-scheduler's defaults or from a KubeSchedulerConfiguration
 * document: LeastAllocated (the default) spreads pods, MostAllocated packs them, a pod too large
 * for every node waits with upstream's message and is scheduled when a bound pod's deletion frees
 * room (the Fit queueing hint).
 */
final class NodeResourcesEndToEndTest {
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

  /**
   * kube-scheduler's default profile without the default plugins of other packages (they are not on
   * this module's test path yet); PrioritySort and DefaultBinder are stand-ins.
   */
  private static final String DEFAULTS =
      """
      apiVersion: kubescheduler.config.k8s.io/v1
      kind: KubeSchedulerConfiguration
      profiles:
      - schedulerName: default-scheduler
        plugins:
          multiPoint:
            disabled:
            - name: SchedulingGates
            - name: NodeUnschedulable
            - name: NodeName
            - name: TaintToleration
            - name: NodeAffinity
            - name: NodePorts
            - name: PodTopologySpread
            - name: InterPodAffinity
            - name: DefaultPreemption
            - name: ImageLocality
      """;

  private static final String MOST_ALLOCATED =
      DEFAULTS
          + """
            pluginConfig:
            - name: NodeResourcesFit
              args:
                scoringStrategy:
                  type: MostAllocated
          """;

  private static Scheduler scheduler(InMemoryCluster cluster, String yaml) {
    Registry registry =
        new Registry()
            .register("PrioritySort", (a, h) -> new Sort())
            .register(NodeResourcesFit.class)
            .register(NodeResourcesBalancedAllocation.class)
            .register("DefaultBinder", (a, h) -> new Binder(h));
    SchedulerConfiguration config =
        new SchedulerConfigurationDecoder().decode(yaml, "test.yaml", registry).configuration();
    return Scheduler.builder()
        .cluster(cluster)
        .registry(registry)
        .configuration(config)
        .clock(cluster.clock())
        .parallelism(1)
        .seed(7)
        .build();
  }

  @Test
  void configuration_defaultsKeepFitAndBalancedAllocationWithWeightOne() {
    InMemoryCluster cluster = cluster(1, "1");
    try (Scheduler s = scheduler(cluster, DEFAULTS)) {
      Explanation e = s.explain(pod("p", "100m"));

      assertThat(e.result()).isEqualTo(Explanation.SCHEDULED);
      assertThat(e.nodes().get(0).scores())
          .containsOnlyKeys(NodeResourcesFit.NAME, NodeResourcesBalancedAllocation.NAME)
          .allSatisfy((plugin, score) -> assertThat(score.weighted()).isEqualTo(score.raw()));
      // LeastAllocated: cpu (1000 - 100) * 100 / 1000 = 90, memory (8Gi - 1Gi) * 100 / 8Gi = 87.
      assertThat(e.nodes().get(0).scores().get(NodeResourcesFit.NAME).raw()).isEqualTo(88);
    }
  }

  private static InMemoryCluster cluster(int nodes, String cpu) {
    InMemoryCluster cluster = InMemoryCluster.builder().clock(new FakeClock()).build();
    for (int i = 1; i <= nodes; i++) {
      cluster.create(
          Wrappers.makeNode().name("n" + i).capacity(Map.of("cpu", cpu, "memory", "8Gi")).obj());
    }
    return cluster;
  }

  private static Pod pod(String name, String cpu) {
    return Wrappers.makePod().name(name).req(Map.of("cpu", cpu, "memory", "1Gi")).obj();
  }

  private static Map<String, String> placements(InMemoryCluster cluster) {
    return cluster.pods().stream().collect(Collectors.toMap(Pod::name, Pod::nodeName));
  }

  @Test
  void leastAllocated_spreadsPods() {
    InMemoryCluster cluster = cluster(3, "4");
    try (Scheduler s = scheduler(cluster, DEFAULTS)) {
      for (int i = 1; i <= 3; i++) {
        cluster.create(pod("p" + i, "1"));
      }
      s.runUntilIdle();

      assertThat(Set.copyOf(placements(cluster).values()))
          .containsExactlyInAnyOrder("n1", "n2", "n3");
    }
  }

  @Test
  void mostAllocated_packsPods() {
    InMemoryCluster cluster = cluster(3, "4");
    try (Scheduler s = scheduler(cluster, MOST_ALLOCATED)) {
      for (int i = 1; i <= 3; i++) {
        cluster.create(pod("p" + i, "1"));
      }
      s.runUntilIdle();

      assertThat(Set.copyOf(placements(cluster).values())).hasSize(1).doesNotContain("");
    }
  }

  @Test
  void insufficientCpu_reportedThenScheduledWhenABoundPodIsDeleted() {
    InMemoryCluster cluster = cluster(3, "2");
    try (Scheduler s = scheduler(cluster, DEFAULTS)) {
      for (int i = 1; i <= 3; i++) {
        cluster.create(pod("p" + i, "1"));
      }
      s.runUntilIdle();
      cluster.create(pod("big", "2"));
      s.runUntilIdle();

      assertThat(s.pendingPods()).hasSize(1);
      assertThat(s.pendingPods().get(0).message())
          .isEqualTo("0/3 nodes are available: 3 Insufficient cpu.");
      assertThat(s.pendingPods().get(0).rejectedBy()).containsExactly(NodeResourcesFit.NAME);
      Explanation e = s.explain(pod("big2", "2"));
      assertThat(e.result()).isEqualTo(Explanation.UNSCHEDULABLE);
      assertThat(e.nodes())
          .allSatisfy(
              n ->
                  assertThat(n.filter())
                      .hasCode(Code.UNSCHEDULABLE)
                      .hasReasons(NodeResourcesFit.INSUFFICIENT_CPU)
                      .hasPlugin(NodeResourcesFit.NAME));

      Pod victim = cluster.pod("default", "p2").orElseThrow();
      cluster.delete(victim);
      s.runUntilIdle();

      assertThat(s.pendingPods()).isEmpty();
      assertThat(cluster.pod("default", "big").orElseThrow().nodeName())
          .isEqualTo(victim.nodeName());
    }
  }

  @Test
  void podLargerThanEveryNode_isUnresolvable() {
    InMemoryCluster cluster = cluster(2, "1");
    try (Scheduler s = scheduler(cluster, DEFAULTS)) {
      Explanation e = s.explain(pod("huge", "4"));

      assertThat(e.message()).isEqualTo("0/2 nodes are available: 2 Insufficient cpu.");
      assertThat(e.nodes())
          .allSatisfy(n -> assertThat(n.filter()).isUnschedulableAndUnresolvable());
    }
  }
}
