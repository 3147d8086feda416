package io.schedkit.plugins.interpodaffinity;

import static io.schedkit.testing.PodAffinityKind.POD_AFFINITY_WITH_PREFERRED_REQ;
import static io.schedkit.testing.PodAffinityKind.POD_AFFINITY_WITH_REQUIRED_REQ;
import static io.schedkit.testing.PodAffinityKind.POD_ANTI_AFFINITY_WITH_REQUIRED_REQ;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.Registry;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.Pod;
import io.schedkit.plugins.DefaultPluginProvider;
import io.schedkit.testing.FakeClock;
import io.schedkit.testing.Wrappers;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * InterPodAffinity end to end: the scheduler with the default plugins available in this module, in
 * the default profile's order and weights (InterPodAffinity weighs 2), over an in-memory cluster on
 * a fake clock.
 */
final class InterPodAffinitySchedulerTest {
  private static Scheduler scheduler(InMemoryCluster cluster) {
    Registry registry = new Registry();
    new DefaultPluginProvider().registerPlugins(registry);
    List<PluginRef> plugins =
        List.of(
            PluginRef.of("SchedulingGates"),
            PluginRef.of("PrioritySort"),
            PluginRef.of("NodeUnschedulable"),
            PluginRef.of("NodeName"),
            PluginRef.of("TaintToleration", 3),
            PluginRef.of("NodeAffinity", 2),
            PluginRef.of("NodePorts"),
            PluginRef.of("PodTopologySpread", 2),
            PluginRef.of(InterPodAffinity.NAME, 2),
            PluginRef.of("ImageLocality", 1),
            PluginRef.of("DefaultBinder"));
    Profile profile =
        new Profile(
            "default-scheduler",
            null,
            new Plugins(new PluginSet(plugins, List.of()), Map.of()),
            List.of());
    return Scheduler.builder()
        .cluster(cluster)
        .registry(registry)
        .configuration(new SchedulerConfiguration(16, 0, 1, 10, List.of(profile), List.of(), null))
        .clock(cluster.clock())
        .parallelism(1)
        .seed(42)
        .build();
  }

  private static InMemoryCluster cluster(int nodes, int zones) {
    InMemoryCluster cluster = InMemoryCluster.builder().clock(new FakeClock()).build();
    for (int i = 1; i <= nodes; i++) {
      cluster.create(
          Wrappers.makeNode()
              .name("n" + i)
              .label("kubernetes.io/hostname", "n" + i)
              .zone("z" + (i % zones))
              .obj());
    }
    return cluster;
  }

  private static Map<String, String> placements(InMemoryCluster cluster) {
    return cluster.pods().stream()
        .filter(p -> !p.nodeName().isEmpty())
        .collect(Collectors.toMap(Pod::name, Pod::nodeName));
  }

  @Test
  void antiAffinityOnHostname_spreadsReplicas_thenRejectsTheSixth() {
    InMemoryCluster cluster = cluster(5, 5);
    try (Scheduler s = scheduler(cluster)) {
      for (int i = 1; i <= 6; i++) {
        cluster.create(
            Wrappers.makePod()
                .name("web-" + i)
                .label("app", "web")
                .podAntiAffinityIn(
                    "app",
                    "kubernetes.io/hostname",
                    List.of("web"),
                    POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj());
      }
      s.runUntilIdle();
      Map<String, String> placed = placements(cluster);
      assertThat(placed).hasSize(5);
      assertThat(placed.values()).containsExactlyInAnyOrder("n1", "n2", "n3", "n4", "n5");
      assertThat(s.pendingPods()).hasSize(1);
      Scheduler.PendingPod pending = s.pendingPods().get(0);
      assertThat(pending.rejectedBy()).containsExactly(InterPodAffinity.NAME);
      assertThat(pending.message())
          .isEqualTo("0/5 nodes are available: 5 node(s) didn't match pod anti-affinity rules.");
    }
  }

  @Test
  void existingPodsAntiAffinity_keepsOthersAway() {
    InMemoryCluster cluster = cluster(2, 2);
    try (Scheduler s = scheduler(cluster)) {
      cluster.create(
          Wrappers.makePod()
              .name("loner")
              .node("n1")
              .podAntiAffinityExists(
                  "app", "kubernetes.io/hostname", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
              .obj());
      for (int i = 1; i <= 3; i++) {
        cluster.create(Wrappers.makePod().name("app-" + i).label("app", "x").obj());
      }
      s.runUntilIdle();
      assertThat(placements(cluster))
          .containsEntry("loner", "n1")
          .containsEntry("app-1", "n2")
          .containsEntry("app-2", "n2")
          .containsEntry("app-3", "n2");
    }
  }

  @Test
  void requiredAffinity_coLocatesInTheZoneOfItsPeer() {
    InMemoryCluster cluster = cluster(6, 3);
    try (Scheduler s = scheduler(cluster)) {
      cluster.create(Wrappers.makePod().name("db").label("app", "db").node("n2").obj());
      for (int i = 1; i <= 4; i++) {
        cluster.create(
            Wrappers.makePod()
                .name("web-" + i)
                .podAffinityIn(
                    "app",
                    "topology.kubernetes.io/zone",
                    List.of("db"),
                    POD_AFFINITY_WITH_REQUIRED_REQ)
                .obj());
      }
      s.runUntilIdle();
      // n2 is in zone z2, with n5.
      assertThat(placements(cluster))
          .hasSize(5)
          .allSatisfy((pod, node) -> assertThat(node).isIn("n2", "n5"));
    }
  }

  @Test
  void selfAffinity_firstPodLandsAnywhere_andTheGroupFollowsIt() {
    InMemoryCluster cluster = cluster(4, 2);
    try (Scheduler s = scheduler(cluster)) {
      for (int i = 1; i <= 4; i++) {
        cluster.create(
            Wrappers.makePod()
                .name("cache-" + i)
                .label("app", "cache")
                .podAffinityIn(
                    "app",
                    "topology.kubernetes.io/zone",
                    List.of("cache"),
                    POD_AFFINITY_WITH_REQUIRED_REQ)
                .obj());
      }
      s.runUntilIdle();
      Map<String, String> placed = placements(cluster);
      assertThat(placed).hasSize(4);
      assertThat(s.pendingPods()).isEmpty();
      String zone = zoneOf(cluster, placed.get("cache-1"));
      assertThat(placed.values()).allSatisfy(n -> assertThat(zoneOf(cluster, n)).isEqualTo(zone));
    }
  }

  @Test
  void preferredAffinity_scoresThePeersNodeHighest() {
    InMemoryCluster cluster = cluster(4, 4);
    try (Scheduler s = scheduler(cluster)) {
      cluster.create(Wrappers.makePod().name("db").label("app", "db").node("n3").obj());
      cluster.create(
          Wrappers.makePod()
              .name("web")
              .podAffinityIn(
                  "app", "kubernetes.io/hostname", List.of("db"), POD_AFFINITY_WITH_PREFERRED_REQ)
              .obj());
      s.runUntilIdle();
      assertThat(placements(cluster)).containsEntry("web", "n3");
    }
  }

  private static String zoneOf(InMemoryCluster cluster, String node) {
    return cluster.node(node).orElseThrow().labels().get("topology.kubernetes.io/zone");
  }
}
