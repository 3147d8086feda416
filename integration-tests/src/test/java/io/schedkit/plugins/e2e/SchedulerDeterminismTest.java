package io.schedkit.plugins.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.Registry;
import io.schedkit.testing.FakeClock;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** With a virtual clock, parallelism 1 and a seed, a run is reproducible placement by placement. */
final class SchedulerDeterminismTest {
  private static List<String> placements(long seed) {
    Registry registry = DefaultProfileFixtures.registry();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(new FakeClock()).build();
    for (int i = 0; i < 500; i++) {
      cluster.create(DefaultProfileFixtures.node("n" + i, "zone-" + (i % 3)));
    }
    List<String> sequence = DefaultProfileFixtures.placements(cluster);
    try (Scheduler s = DefaultProfileFixtures.scheduler(cluster, registry, seed).build()) {
      Random random = new Random(99);
      for (int i = 0; i < 2000; i++) {
        cluster.create(DefaultProfileFixtures.randomPod(i, random));
      }
      s.runUntilIdle();
    }
    return sequence;
  }

  @Test
  void sameSeed_identicalPlacementSequence_2000PodsOn500Nodes() {
    List<String> first = placements(11);
    assertThat(first).hasSize(2000);
    assertThat(placements(11)).isEqualTo(first);
  }
}
