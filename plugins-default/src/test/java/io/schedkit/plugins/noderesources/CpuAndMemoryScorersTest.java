package io.schedkit.plugins.noderesources;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.testing.PodWrapper;
import io.schedkit.testing.Wrappers;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The scorers' straight-line path for the default resources (cpu then memory) against their general
 * loop, which the same resources in the other order take: both strategies are symmetric in the two
 * resources, so every score must be equal, on random nodes and pods (some with no requests, some on
 * nodes that allocate no memory, some over-committed).
 */
final class CpuAndMemoryScorersTest {
  private static final List<ResourceSpec> CPU_MEMORY =
      List.of(new ResourceSpec("cpu", 3), new ResourceSpec("memory", 5));
  private static final List<ResourceSpec> MEMORY_CPU =
      List.of(new ResourceSpec("memory", 5), new ResourceSpec("cpu", 3));
  // Equal weights take LeastAllocated's halving shortcut on the straight line.
  private static final List<ResourceSpec> CPU_MEMORY_EQUAL =
      List.of(new ResourceSpec("cpu", 4), new ResourceSpec("memory", 4));
  private static final List<ResourceSpec> MEMORY_CPU_EQUAL =
      List.of(new ResourceSpec("memory", 4), new ResourceSpec("cpu", 4));

  @Test
  void straightLine_equalsGeneralLoop() {
    Random r = new Random(20261122L);
    ResourceAllocationScorer[][] pairs = {
      {new LeastAllocatedScorer(CPU_MEMORY), new LeastAllocatedScorer(MEMORY_CPU)},
      {new LeastAllocatedScorer(CPU_MEMORY_EQUAL), new LeastAllocatedScorer(MEMORY_CPU_EQUAL)},
      {new BalancedAllocationScorer(CPU_MEMORY), new BalancedAllocationScorer(MEMORY_CPU)}
    };
    assertThat(pairs[0][0].cpuAndMemory).isTrue();
    assertThat(pairs[0][1].cpuAndMemory).isFalse();
    int compared = 0;
    for (int round = 0; round < 2_000; round++) {
      NodeInfo node = NodeInfo.of(randomNode(r, "n" + round));
      for (int k = r.nextInt(4); k > 0; k--) {
        node.addPod(PodInfo.of(randomPod(r, "p" + round + "-" + k, node.name())));
      }
      PodInfo pod = PodInfo.of(randomPod(r, "incoming" + round, ""));
      for (ResourceAllocationScorer[] pair : pairs) {
        long[] straight = pair[0].podRequests(pod);
        long[] general = {straight[1], straight[0]};
        assertThat(pair[0].score(node, straight))
            .as("round %d, %s on %s", round, pair[0].getClass().getSimpleName(), node)
            .isEqualTo(pair[1].score(node, general));
        compared++;
      }
    }
    assertThat(compared).isEqualTo(6_000);
  }

  private static io.schedkit.framework.model.Node randomNode(Random r, String name) {
    Map<String, String> capacity = new HashMap<>();
    capacity.put("cpu", (r.nextInt(8) + 1) * 500 + "m");
    capacity.put("memory", r.nextInt(10) == 0 ? "0" : (r.nextInt(64) + 1) + "Gi");
    return Wrappers.makeNode().name(name).capacity(capacity).obj();
  }

  private static io.schedkit.framework.model.Pod randomPod(Random r, String name, String node) {
    PodWrapper p = Wrappers.makePod().name(name).uid(name).node(node);
    if (r.nextInt(5) > 0) {
      p.req(Map.of("cpu", r.nextInt(3000) + "m", "memory", r.nextInt(20_000) + "Mi"));
    }
    return p.obj();
  }
}
