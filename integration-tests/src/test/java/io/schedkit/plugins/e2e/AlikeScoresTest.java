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
 * A scheduling cycle that records no metrics leaves out the Score plugins that give every feasible
 * node the same score (TaintToleration among untainted nodes, ImageLocality among nodes without
 * images), as adding the same number to every total changes neither the best nodes nor their count.
 * A scheduler recording metrics scores them all, so the two must place every pod alike: nodes with
 * PreferNoSchedule taints and images come and go between waves of pods that tolerate the taint or
 * not and use the images or not.
 */
final class AlikeScoresTest {
  private static final int NODES = 240;
  private static final List<String> IMAGES = List.of("app:1", "db:7");

  private static Node node(int i, boolean tainted, int image) {
    var n =
        Wrappers.makeNode()
            .name("n" + i)
            .label("kubernetes.io/hostname", "n" + i)
            .capacity(Map.of("cpu", "8", "memory", "32Gi", "pods", "110"));
    if (tainted) {
      n.taint("spot", "true", TaintEffect.PREFER_NO_SCHEDULE);
    }
    if (image >= 0) {
      n.image(300L << 20, IMAGES.get(image));
    }
    return n.obj();
  }

  private static Pod pod(String name, int shape) {
    var p =
        Wrappers.makePod()
            .name(name)
            .containerImage(IMAGES.get(shape % 2))
            .req(Map.of("cpu", (200 + 100 * shape) + "m", "memory", "256Mi"));
    if (shape >= 2) {
      p.toleration("spot", "true", TaintEffect.PREFER_NO_SCHEDULE);
    }
    return p.obj();
  }

  private static List<String> placements(SchedulerMetrics metrics) {
    Registry registry = DefaultProfileFixtures.registry();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(new FakeClock()).build();
    for (int i = 0; i < NODES; i++) {
      cluster.create(node(i, false, -1));
    }
    List<String> sequence = DefaultProfileFixtures.placements(cluster);
    try (Scheduler s =
        DefaultProfileFixtures.scheduler(cluster, registry, 11).metrics(metrics).build()) {
      Random random = new Random(5);
      int made = 0;
      for (int wave = 0; wave < 10; wave++) {
        for (int k = 0; k < 120; k++) {
          cluster.create(pod("p" + made++, (k / 30 + wave) % 4));
        }
        s.runUntilIdle();
        // Between waves some nodes gain or lose the taint and an image: in some waves none has
        // either, in others a few of the nodes a pod looks at do.
        int changes = wave % 3 == 0 ? 0 : 15;
        for (int k = 0; k < changes; k++) {
          int i = random.nextInt(NODES);
          cluster.update(node(i, random.nextBoolean(), random.nextInt(3) - 1));
        }
        if (wave % 3 == 0) {
          for (int i = 0; i < NODES; i++) {
            cluster.update(node(i, false, -1));
          }
        }
        for (Pod p : cluster.pods()) {
          if (!p.nodeName().isEmpty() && random.nextInt(3) == 0) {
            cluster.delete(p);
          }
        }
        s.runUntilIdle();
      }
    }
    return sequence;
  }

  @Test
  void sameScheduleWithAndWithoutLeavingOutAlikeScores() {
    List<String> leftOut = placements(SchedulerMetrics.noop());
    // Any metrics but the no-op ones make every plugin call count, so every plugin scores.
    List<String> scored = placements(new SchedulerMetrics() {});

    assertThat(leftOut).hasSizeGreaterThan(1000);
    assertThat(leftOut).isEqualTo(scored);
  }
}
