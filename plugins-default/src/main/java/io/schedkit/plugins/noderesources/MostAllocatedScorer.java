package io.schedkit.plugins.noderesources;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.ScorePlugin;
import java.util.List;

/**
 * The {@code MostAllocated} strategy of NodeResourcesFit (bin packing): favours the fullest nodes.
 * Per resource {@code s = min(req, alloc) * 100 / alloc}; the score is the weighted mean {@code Σ
 * s·w / Σ w} over the resources not skipped, truncated, or 0 when every resource is skipped.
 */
final class MostAllocatedScorer extends ResourceAllocationScorer {
  MostAllocatedScorer(List<ResourceSpec> resources) {
    super(resources, false);
  }

  @Override
  long score(NodeInfo node, long[] podRequests) {
    long nodeScore = 0;
    long weightSum = 0;
    for (int i = 0; i < size(); i++) {
      long alloc = allocatable(node, i, podRequests[i]);
      if (alloc == 0) {
        continue;
      }
      long req = requested(node, i, podRequests[i]);
      nodeScore += mostRequestedScore(req, alloc) * weight(i);
      weightSum += weight(i);
    }
    return weightSum == 0 ? 0 : nodeScore / weightSum;
  }

  /**
   * The used share of {@code capacity}, 0 to 100; requests above capacity (possible because pods
   * without requests count the scoring defaults) count as full.
   */
  static long mostRequestedScore(long requested, long capacity) {
    if (capacity == 0) {
      return 0;
    }
    return Math.min(requested, capacity) * ScorePlugin.MAX_NODE_SCORE / capacity;
  }
}
