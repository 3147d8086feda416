package io.schedkit.plugins.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.Registry;
import io.schedkit.framework.model.Pod;
import io.schedkit.testing.Wrappers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Required anti-affinity by hostname at a scale where Filter reads InterPodAffinity's counts by
 * snapshot position and fans out to a second worker (thousands of nodes, most of them taken): every
 * pod is bound, no two pods of a group share a node, and a group that outnumbers the nodes left
 * stays pending.
 */
final class AntiAffinityAtScaleTest {
  private static final int NODES = 2_600;

  @Test
  void everyPodBound_noTwoOfAGroupOnOneNode_withTwoWorkers() {
    Registry registry = DefaultProfileFixtures.registry();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(new VirtualClock()).build();
    for (int i = 0; i < NODES; i++) {
      cluster.create(
          Wrappers.makeNode()
              .name("n" + i)
              .label("kubernetes.io/hostname", "n" + i)
              .zone("z" + (i % 3))
              .capacity(Map.of("cpu", "4", "memory", "32Gi", "pods", "110"))
              .obj());
    }
    // Group "a" fills all but 100 nodes; group "b" then needs nodes without a "b" pod, most of
    // which run an "a" pod (allowed: the groups only repel themselves).
    List<Pod> pods = new ArrayList<>();
    pods.addAll(group("a", NODES - 100));
    pods.addAll(group("b", 1_500));
    try (Scheduler s = scheduler(cluster, registry, 7)) {
      for (Pod p : pods) {
        cluster.create(p);
      }
      s.runUntilIdle();
    }
    Map<String, Integer> perNode = new HashMap<>();
    int bound = 0;
    for (Pod p : cluster.pods()) {
      assertThat(p.nodeName()).as("pod %s is bound", p.name()).isNotEmpty();
      bound++;
      String key = p.labels().get("group") + "@" + p.nodeName();
      perNode.merge(key, 1, Integer::sum);
    }
    assertThat(bound).isEqualTo(NODES - 100 + 1_500);
    assertThat(perNode).allSatisfy((key, count) -> assertThat(count).as(key).isEqualTo(1));

    // A third group larger than the cluster: as many bound as there are nodes, the rest pending.
    try (Scheduler s = scheduler(cluster, registry, 8)) {
      for (Pod p : group("c", NODES + 50)) {
        cluster.create(p);
      }
      s.runUntilIdle();
    }
    long boundC =
        cluster.pods().stream()
            .filter(p -> "c".equals(p.labels().get("group")) && !p.nodeName().isEmpty())
            .count();
    assertThat(boundC).isEqualTo(NODES);
  }

  /** The default profile with two Filter/Score threads, seeded. */
  private static Scheduler scheduler(InMemoryCluster cluster, Registry registry, long seed) {
    return Scheduler.builder()
        .cluster(cluster)
        .clock(cluster.clock())
        .registry(registry)
        .configuration(DefaultProfileFixtures.configuration(registry))
        .parallelism(2)
        .seed(seed)
        .build();
  }

  private static List<Pod> group(String name, int count) {
    List<Pod> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      out.add(
          Wrappers.makePod()
              .namespace("default")
              .name(name + "-" + i)
              .uid(name + "-" + i)
              .label("group", name)
              .req(Map.of("cpu", "100m", "memory", "500Mi"))
              .podAntiAffinityIn("group", "kubernetes.io/hostname", name)
              .obj());
    }
    return out;
  }
}
