package io.schedkit.plugins.podtopologyspread;

import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.DNS;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.HOSTNAME;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.ZONE;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.BindPlugin;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.QueueSortPlugin;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.Registry;
import io.schedkit.framework.Status;
import io.schedkit.framework.config.PluginConfig;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Workload;
import io.schedkit.testing.FakeClock;
import io.schedkit.testing.Wrappers;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * PodTopologySpread inside a real {@link Scheduler} over an {@link InMemoryCluster} on a {@link
 * FakeClock}: a profile with a queue sort, PodTopologySpread (weight 2, default args) and a binder.
 */
final class PodTopologySpreadEndToEndTest {

  /** Priority first, then queue time. */
  private static final class Sort implements QueueSortPlugin {
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
  private static final class Binder implements BindPlugin {
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
    Registry registry =
        new Registry()
            .register("Sort", (a, h) -> new Sort())
            .register(PodTopologySpread.class)
            .register("Binder", (a, h) -> new Binder(h));
    Profile profile =
        new Profile(
            "default-scheduler",
            null,
            new Plugins(
                new PluginSet(
                    List.of(
                        PluginRef.of("Sort"),
                        PluginRef.of(PodTopologySpread.NAME, 2),
                        PluginRef.of("Binder")),
                    List.of()),
                Map.of()),
            List.of(new PluginConfig(PodTopologySpread.NAME, PodTopologySpreadArgs.defaults())));
    return Scheduler.builder()
        .cluster(cluster)
        .registry(registry)
        .configuration(new SchedulerConfiguration(16, 0, 1, 10, List.of(profile), List.of(), null))
        .clock(cluster.clock())
        .parallelism(1)
        .seed(seed)
        .build();
  }

  private static InMemoryCluster cluster(List<Node> nodes) {
    InMemoryCluster cluster = InMemoryCluster.builder().clock(new FakeClock()).build();
    nodes.forEach(cluster::create);
    return cluster;
  }

  private static List<Node> threeZones() {
    return List.of(
        zoneNode("a1", "z1"),
        zoneNode("a2", "z1"),
        zoneNode("b1", "z2"),
        zoneNode("b2", "z2"),
        zoneNode("c1", "z3"),
        zoneNode("c2", "z3"));
  }

  private static Node zoneNode(String name, String zone) {
    return Wrappers.makeNode().name(name).label(HOSTNAME, name).label(ZONE, zone).obj();
  }

  private static Map<String, Long> podsPerZone(InMemoryCluster cluster) {
    Map<String, String> zoneOf = new TreeMap<>();
    for (Node n : cluster.nodes()) {
      zoneOf.put(n.name(), n.labels().get(ZONE));
    }
    return cluster.pods().stream()
        .filter(Pod::isAssigned)
        .collect(
            Collectors.groupingBy(
                p -> zoneOf.get(p.nodeName()), TreeMap::new, Collectors.counting()));
  }

  @Test
  void hardZoneConstraint_spreadsNinePodsThreePerZone() {
    for (long seed = 1; seed <= 5; seed++) {
      InMemoryCluster cluster = cluster(threeZones());
      try (Scheduler s = scheduler(cluster, seed)) {
        for (int i = 1; i <= 9; i++) {
          cluster.create(
              Wrappers.makePod()
                  .name("web-" + i)
                  .label("app", "web")
                  .spreadConstraint(
                      1,
                      ZONE,
                      DNS,
                      Wrappers.makeLabelSelector().label("app", "web").obj(),
                      null,
                      null,
                      null,
                      null)
                  .obj());
        }

        s.runUntilIdle();

        assertThat(s.pendingPods()).as("seed %d", seed).isEmpty();
        assertThat(podsPerZone(cluster))
            .as("seed %d", seed)
            .isEqualTo(Map.of("z1", 3L, "z2", 3L, "z3", 3L));
      }
    }
  }

  @Test
  void systemDefaulting_spreadsReplicaSetPodsAcrossNodes() {
    InMemoryCluster cluster =
        cluster(
            List.of(
                Wrappers.makeNode().name("n1").label(HOSTNAME, "n1").obj(),
                Wrappers.makeNode().name("n2").label(HOSTNAME, "n2").obj(),
                Wrappers.makeNode().name("n3").label(HOSTNAME, "n3").obj()));
    cluster.create(
        Workload.replicaSet(
            ObjectMeta.builder().namespace("default").name("web").build(),
            LabelSelector.of(Map.of("app", "web"))));
    try (Scheduler s = scheduler(cluster, 7)) {
      for (int i = 1; i <= 6; i++) {
        cluster.create(
            Wrappers.makePod()
                .name("web-" + i)
                .label("app", "web")
                .ownerReference(Workload.REPLICA_SET, "web")
                .obj());
      }

      s.runUntilIdle();

      Map<String, Long> perNode =
          cluster.pods().stream()
              .collect(Collectors.groupingBy(Pod::nodeName, TreeMap::new, Collectors.counting()));
      assertThat(perNode).isEqualTo(Map.of("n1", 2L, "n2", 2L, "n3", 2L));
    }
  }

  @Test
  void missingTopologyKey_waitsWithUpstreamMessage_untilANodeWithTheKeyArrives() {
    InMemoryCluster cluster = cluster(threeZones());
    try (Scheduler s = scheduler(cluster, 3)) {
      cluster.create(
          Wrappers.makePod()
              .name("racked")
              .label("app", "db")
              .spreadConstraint(
                  1,
                  "rack",
                  DNS,
                  Wrappers.makeLabelSelector().label("app", "db").obj(),
                  null,
                  null,
                  null,
                  null)
              .obj());

      s.runUntilIdle();

      assertThat(s.pendingPods()).hasSize(1);
      assertThat(s.pendingPods().get(0).message())
          .isEqualTo(
              "0/6 nodes are available: 6 node(s) didn't match pod topology spread constraints"
                  + " (missing required label).");
      assertThat(s.pendingPods().get(0).rejectedBy()).containsExactly(PodTopologySpread.NAME);

      // A node without the key is skipped by the queueing hint; one with it wakes the pod at once
      // (well before the periodic flush of unschedulable pods).
      Instant before = s.clock().now();
      cluster.create(Wrappers.makeNode().name("plain").label(HOSTNAME, "plain").obj());
      cluster.create(
          Wrappers.makeNode().name("r1").label(HOSTNAME, "r1").label("rack", "rack-1").obj());
      s.runUntilIdle();
      assertThat(Duration.between(before, s.clock().now())).isLessThan(Duration.ofMinutes(1));

      assertThat(s.pendingPods()).isEmpty();
      assertThat(cluster.pod("default", "racked").orElseThrow().nodeName()).isEqualTo("r1");
    }
  }
}
