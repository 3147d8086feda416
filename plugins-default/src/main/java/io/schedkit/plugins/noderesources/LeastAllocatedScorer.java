package io.schedkit.plugins.noderesources;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.Resource;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.fastpath.NodeColumns;
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
    if (cpuAndMemory) {
      Resource alloc = node.allocatable();
      long cpu = alloc.milliCpu();
      long memory = alloc.memory();
      long w0 = weight(0);
      long w1 = weight(1);
      if (cpu != 0 && memory != 0 && w0 + w1 != 0) {
        Resource used = node.nonZeroRequested();
        return weighted(
            leastRequestedScore(used.milliCpu() + podRequests[0], cpu),
            leastRequestedScore(used.memory() + podRequests[1], memory),
            w0,
            w1);
      }
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

  /**
   * As the default, with cpu and memory read from the columns for nodes that allocate both, and the
   * weights read once per slice. (BalancedAllocation has a loop of the same shape: one loop in the
   * base class calling each scorer's two-resource score cost 6% more instructions per pod in
   * SchedulingBasic.)
   */
  @Override
  void scoreRange(
      NodeColumns columns,
      int[] positions,
      List<NodeInfo> nodes,
      int from,
      int to,
      long[] podRequests,
      long[] scores) {
    long w0 = cpuAndMemory ? weight(0) : 0;
    long w1 = cpuAndMemory ? weight(1) : 0;
    if (w0 + w1 == 0) {
      super.scoreRange(columns, positions, nodes, from, to, podRequests, scores);
      return;
    }
    long cpuRequest = podRequests[0];
    long memoryRequest = podRequests[1];
    RowMemo.Table kept = memo.table(podRequests, columns);
    for (int i = from; i < to; i++) {
      int p = positions[i];
      long version = columns.version(p);
      long score = kept.get(p, version);
      if (score >= 0) {
        scores[i] = score;
        continue;
      }
      long cpu = columns.get(p, NodeColumns.ALLOCATABLE_MILLI_CPU);
      long memory = columns.get(p, NodeColumns.ALLOCATABLE_MEMORY);
      if (cpu == 0 || memory == 0) {
        scores[i] = score(nodes.get(i), podRequests);
        continue;
      }
      score =
          weighted(
              leastRequestedScore(columns.get(p, NodeColumns.NON_ZERO_MILLI_CPU) + cpuRequest, cpu),
              leastRequestedScore(
                  columns.get(p, NodeColumns.NON_ZERO_MEMORY) + memoryRequest, memory),
              w0,
              w1);
      scores[i] = score;
      kept.put(p, version, score);
    }
  }

  /** The scores of nodes that allocate cpu and memory, kept by position ({@link RowMemo}). */
  private final RowMemo memo = new RowMemo();

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
