package io.schedkit.plugins.noderesources;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.ScorePlugin;
import java.util.List;

/**
 * The {@code LeastAllocated} strategy of NodeResourcesFit: favours nodes with the most room left.
 * Per resource {@code s = (alloc - req) * 100 / alloc} (0 when {@code req > alloc}); the score is
 * the weighted mean {@code Σ s·w / Σ w} over the resources not skipped, truncated, or 0 when every
 * resource is skipped.
 */
final class LeastAllocatedScorer extends ResourceAllocationScorer {
  LeastAllocatedScorer(List<ResourceSpec> resources) {
    super(resources, false);
  }

  @Override
  long score(NodeInfo node, long[] podRequests) {
    long shortcut = scoreCpuAndMemory(node, podRequests);
    if (shortcut >= 0) {
      return shortcut;
    }
    long nodeScore = 0;
    long weightSum = 0;
    for (int i = 0; i < size(); i++) {
      long alloc = allocatable(node, i, podRequests[i]);
      if (alloc == 0) {
        continue;
      }
      long req = requested(node, i, podRequests[i]);
      nodeScore += leastRequestedScore(req, alloc) * weight(i);
      weightSum += weight(i);
    }
    return weightSum == 0 ? 0 : nodeScore / weightSum;
  }

  /** Cpu then memory, at least one of them weighted. */
  @Override
  boolean scoresCpuAndMemory() {
    return cpuAndMemory && weight(0) + weight(1) != 0;
  }

  /** The weighted mean of the two least-requested scores. */
  @Override
  long scoreCpuAndMemory(long cpuUsed, long cpu, long memoryUsed, long memory) {
    return weighted(
        leastRequestedScore(cpuUsed, cpu),
        leastRequestedScore(memoryUsed, memory),
        weight(0),
        weight(1));
  }

  /** The weighted mean of the cpu and memory scores, truncated. */
  private static long weighted(long first, long second, long w0, long w1) {
    if (w0 == w1) {
      // (a·w + b·w) / 2w = (a + b) / 2 for w ≠ 0 and non-negative scores: one division less.
      return (first + second) >> 1;
    }
    return (first * w0 + second * w1) / (w0 + w1);
  }

  /** The unused share of {@code capacity}, 0 to 100. */
  static long leastRequestedScore(long requested, long capacity) {
    if (capacity == 0 || requested > capacity) {
      return 0;
    }
    return (capacity - requested) * ScorePlugin.MAX_NODE_SCORE / capacity;
  }
}
