package io.schedkit.plugins.noderesources;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs.UtilizationShapePoint;
import java.util.List;

/**
 * The {@code RequestedToCapacityRatio} strategy of NodeResourcesFit: scores each resource by a
 * user-given piecewise-linear function {@code f} of its utilization and averages the positive
 * scores.
 *
 * <p>The shape's scores (0 to 10) are scaled by 10 to the node score range. Per resource {@code s =
 * f(100)} when {@code req > alloc}, else {@code f(req * 100 / alloc)}; only resources with {@code s
 * > 0} count, and the score is {@code round(Σ s·w / Σ w)} (half away from zero), or 0 when none
 * counts.
 */
final class RequestedToCapacityRatioScorer extends ResourceAllocationScorer {
  private static final long MAX_UTILIZATION = NodeResourcesFitArgs.MAX_UTILIZATION;

  private final BrokenLinearFunction shape;

  RequestedToCapacityRatioScorer(List<ResourceSpec> resources, List<UtilizationShapePoint> shape) {
    super(resources, false);
    long scale = ScorePlugin.MAX_NODE_SCORE / NodeResourcesFitArgs.MAX_SHAPE_SCORE;
    long[] u = new long[shape.size()];
    long[] s = new long[shape.size()];
    for (int i = 0; i < shape.size(); i++) {
      u[i] = shape.get(i).utilization();
      s[i] = shape.get(i).score() * scale;
    }
    this.shape = new BrokenLinearFunction(u, s);
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
      long resourceScore =
          req > alloc ? shape.apply(MAX_UTILIZATION) : shape.apply(req * MAX_UTILIZATION / alloc);
      if (resourceScore > 0) {
        nodeScore += resourceScore * weight(i);
        weightSum += weight(i);
      }
    }
    // Scores are non-negative, so Java's half-up rounding equals Go's half-away-from-zero.
    return weightSum == 0 ? 0 : Math.round((double) nodeScore / (double) weightSum);
  }
}
