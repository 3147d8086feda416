package io.schedkit.plugins.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.metrics.SchedulerMetrics;
import io.schedkit.framework.Registry;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.testing.FakeClock;
import io.schedkit.testing.Wrappers;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Filter lets a block of nodes that passed for a pod of the same shape, and did not change since,
 * pass again without running the plugins, when every active Filter plugin is node-local, nothing is
 * nominated and no metrics are recorded. A scheduler recording metrics never does, so the two must
 * place every pod alike: pods of a few shapes (requests, a toleration, a zone selector) arriving in
 * waves, with nodes cordoned, tainted and freed between the waves.
 */
final class RememberedPassesTest {
  private static final int NODES = 300;

  private static Node node(int i, boolean cordoned, boolean tainted) {
    var n =
        Wrappers.makeNode()
            .name("n" + i)
            .label("kubernetes.io/hostname", "n" + i)
            .zone("zone-" + (i % 3))
            .capacity(Map.of("cpu", "4", "memory", "16Gi", "pods", "110"))
            .unschedulable(cordoned);
    if (tainted) {
      n.taint("dedicated", "batch", TaintEffect.NO_SCHEDULE);
    }
    return n.obj();
  }

  private static Pod pod(String name, int shape) {
    var p =
        Wrappers.makePod()
            .name(name)
            .label("app", "shape" + shape)
            .req(Map.of("cpu", (300 + 200 * shape) + "m", "memory", (512 << shape) + "Mi"));
    if (shape == 1) {
      p.toleration("dedicated", "batch", TaintEffect.NO_SCHEDULE);
    }
    if (shape == 2) {
      p.nodeSelector(Map.of("topology.kubernetes.io/zone", "zone-1"));
    }
    return p.obj();
  }

  private static List<String> placements(SchedulerMetrics metrics) {
    Registry registry = DefaultProfileFixtures.registry();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(new FakeClock()).build();
    for (int i = 0; i < NODES; i++) {
      cluster.create(node(i, false, false));
    }
    List<String> sequence = DefaultProfileFixtures.placements(cluster);
    try (Scheduler s =
        DefaultProfileFixtures.scheduler(cluster, registry, 5).metrics(metrics).build()) {
      Random random = new Random(3);
      int made = 0;
      for (int wave = 0; wave < 12; wave++) {
        // Pods of one shape in runs, as a workload's replicas arrive.
        for (int k = 0; k < 150; k++) {
          cluster.create(pod("p" + made++, (k / 25 + wave) % 4));
        }
        s.runUntilIdle();
        // Between waves nodes change: cordoned or tainted (or back), and bound pods deleted.
        for (int k = 0; k < 20; k++) {
          int i = random.nextInt(NODES);
          cluster.update(node(i, random.nextInt(3) == 0, random.nextInt(3) == 0));
        }
        for (Pod p : cluster.pods()) {
          if (!p.nodeName().isEmpty() && random.nextInt(4) == 0) {
            cluster.delete(p);
          }
        }
        s.runUntilIdle();
      }
    }
    return sequence;
  }

  @Test
  void sameScheduleWithAndWithoutRememberedPasses() {
    List<String> remembered = placements(SchedulerMetrics.noop());
    // Any metrics but the no-op ones make every plugin call count, so nothing is remembered.
    List<String> plain = placements(new SchedulerMetrics() {});

    assertThat(remembered).hasSizeGreaterThan(1000);
    assertThat(remembered).isEqualTo(plain);
  }
}
