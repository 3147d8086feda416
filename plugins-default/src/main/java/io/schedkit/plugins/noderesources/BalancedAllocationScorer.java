package io.schedkit.plugins.noderesources;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.Resource;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.fastpath.NodeColumns;
import java.util.List;

/**
 * The score of NodeResourcesBalancedAllocation (v1.35): how evenly the node's resources would be
 * used with the pod on it.
 *
 * <p>Uses actual requests (no 100m / 200Mi defaults) and ignores weights. For the {@code n}
 * resources not skipped, {@code f_r = min(req_r / alloc_r, 1)} as a double; {@code std = |f_1 -
 * f_2| / 2} when {@code n = 2}, the population standard deviation {@code sqrt(Σ (f_r - mean)² / n)}
 * when {@code n > 2}, and 0 otherwise; the score is {@code (long) ((1 - std) * 100)}. The sums run
 * in resource order with the same floating-point operations as upstream, so truncation agrees.
 */
final class BalancedAllocationScorer extends ResourceAllocationScorer {
  BalancedAllocationScorer(List<ResourceSpec> resources) {
    super(resources, true);
  }

  @Override
  long score(NodeInfo node, long[] podRequests) {
    if (cpuAndMemory) {
      Resource alloc = node.allocatable();
      long cpu = alloc.milliCpu();
      long memory = alloc.memory();
      if (cpu != 0 && memory != 0) {
        Resource used = node.requested();
        return balanced(
            used.milliCpu() + podRequests[0], cpu, used.memory() + podRequests[1], memory);
      }
    }
    int n = 0;
    double first = 0;
    double second = 0;
    double total = 0;
    for (int i = 0; i < size(); i++) {
      double f = fraction(node, i, podRequests[i]);
      if (f < 0) {
        continue;
      }
      if (n == 0) {
        first = f;
      } else if (n == 1) {
        second = f;
      }
      total += f;
      n++;
    }
    double std = 0;
    if (n == 2) {
      std = Math.abs((first - second) / 2);
    } else if (n > 2) {
      double mean = total / n;
      double sum = 0;
      for (int i = 0; i < size(); i++) {
        double f = fraction(node, i, podRequests[i]);
        if (f >= 0) {
          sum = sum + (f - mean) * (f - mean);
        }
      }
      std = Math.sqrt(sum / n);
    }
    return (long) ((1 - std) * ScorePlugin.MAX_NODE_SCORE);
  }

  /** As the default, with cpu and memory read from the columns for nodes that allocate both. */
  @Override
  void scoreRange(
      NodeColumns columns,
      int[] positions,
      List<NodeInfo> nodes,
      int from,
      int to,
      long[] podRequests,
      long[] scores) {
    if (!cpuAndMemory) {
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
          balanced(
              columns.get(p, NodeColumns.REQUESTED_MILLI_CPU) + cpuRequest,
              cpu,
              columns.get(p, NodeColumns.REQUESTED_MEMORY) + memoryRequest,
              memory);
      scores[i] = score;
      kept.put(p, version, score);
    }
  }

  /** The scores of nodes that allocate cpu and memory, kept by position ({@link RowMemo}). */
  private final RowMemo memo = new RowMemo();

  /**
   * The score for two resources, both allocatable (the {@code n = 2} case of the class comment).
   */
  private static long balanced(long cpuUsed, long cpu, long memoryUsed, long memory) {
    double first = (double) cpuUsed / (double) cpu;
    double second = (double) memoryUsed / (double) memory;
    first = first > 1 ? 1 : first;
    second = second > 1 ? 1 : second;
    return (long) ((1 - Math.abs((first - second) / 2)) * ScorePlugin.MAX_NODE_SCORE);
  }

  /** The used fraction of resource {@code i}, capped at 1, or -1 when the resource is skipped. */
  private double fraction(NodeInfo node, int i, long podRequest) {
    long alloc = allocatable(node, i, podRequest);
    if (alloc == 0) {
      return -1;
    }
    double f = (double) requested(node, i, podRequest) / (double) alloc;
    return f > 1 ? 1 : f;
  }
}
