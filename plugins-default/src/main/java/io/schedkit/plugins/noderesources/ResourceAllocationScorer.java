package io.schedkit.plugins.noderesources;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Resource;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.model.ResourceNames;
import java.util.List;

/**
 * The inputs every node-resources score shares ({@code resource_allocation.go} upstream): for each
 * configured resource, what the pod requests, what the node can allocate, and what the node's pods
 * plus the pod would request. Subclasses turn those per-resource numbers into one score.
 *
 * <p>Design note: the resource names are resolved to {@link Resource} ids once, when the plugin is
 * built, so scoring a node is a loop over a few {@code long}s with no map lookups and no
 * allocation. A resource is skipped for a node (its {@link #allocatable} is 0) when the node cannot
 * allocate any of it, when it is a scalar resource the pod does not request, or when it is not a
 * resource the node reports per name (for example {@code pods} or an unknown name), exactly as
 * upstream's {@code calculateResourceAllocatableRequest} returns {@code (0, 0)}. Instances are safe
 * to share between threads: their configuration is immutable, and the scores the LeastAllocated and
 * BalancedAllocation scorers keep by position ({@link RowMemo}) are too.
 */
abstract class ResourceAllocationScorer {
  private final int[] ids;
  private final long[] weights;
  private final boolean[] scalar;
  private final boolean useRequested;

  /**
   * Resolves {@code resources}.
   *
   * @param resources the scored resources, in order
   * @param useRequested whether cpu and memory use the actual requests (BalancedAllocation) rather
   *     than the requests with the 100m / 200Mi defaults for containers that set none (Fit)
   */
  ResourceAllocationScorer(List<ResourceSpec> resources, boolean useRequested) {
    int n = resources.size();
    this.ids = new int[n];
    this.weights = new long[n];
    this.scalar = new boolean[n];
    for (int i = 0; i < n; i++) {
      String name = resources.get(i).name();
      ids[i] = Resource.idOf(name);
      weights[i] = resources.get(i).weight();
      scalar[i] = ResourceNames.isScalar(name);
    }
    this.useRequested = useRequested;
    this.cpuAndMemory = n == 2 && ids[0] == Resource.CPU && ids[1] == Resource.MEMORY;
  }

  /**
   * Whether the resources are cpu then memory (the default), which the scorers compute in a
   * straight line for nodes that allocate both; the general loop gives the same numbers.
   */
  final boolean cpuAndMemory;

  /** The number of configured resources. */
  final int size() {
    return ids.length;
  }

  /** The weight of resource {@code i}. */
  final long weight(int i) {
    return weights[i];
  }

  /**
   * What {@code pod} requests of each configured resource, in order (upstream's {@code
   * calculatePodResourceRequestList}): cpu in millicores, everything else in its unit.
   */
  final long[] podRequests(PodInfo pod) {
    long[] out = new long[ids.length];
    for (int i = 0; i < ids.length; i++) {
      int id = ids[i];
      if (id < 0) {
        continue;
      }
      boolean defaulted = !useRequested && (id == Resource.CPU || id == Resource.MEMORY);
      out[i] = defaulted ? pod.nonZeroRequests().get(id) : pod.requests().get(id);
    }
    return out;
  }

  /**
   * Whether every request in {@code podRequests} is zero (a best-effort pod for these resources).
   */
  static boolean isBestEffort(long[] podRequests) {
    for (long r : podRequests) {
      if (r != 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * How much of resource {@code i} the node can allocate, or 0 when the resource is skipped for
   * this node (see the class comment).
   */
  final long allocatable(NodeInfo node, int i, long podRequest) {
    int id = ids[i];
    if (id < 0 || id == Resource.PODS || (podRequest == 0 && scalar[i])) {
      return 0;
    }
    return node.allocatable().get(id);
  }

  /**
   * What the node's pods request of resource {@code i} plus {@code podRequest}: cpu and memory from
   * the non-zero aggregate unless the actual requests are used, other resources from the actual
   * requests.
   */
  final long requested(NodeInfo node, int i, long podRequest) {
    int id = ids[i];
    boolean defaulted = !useRequested && (id == Resource.CPU || id == Resource.MEMORY);
    Resource onNode = defaulted ? node.nonZeroRequested() : node.requested();
    return onNode.get(id) + podRequest;
  }

  /**
   * The node's score for a pod requesting {@code podRequests} (as {@link #podRequests} returns),
   * between 0 and 100.
   */
  abstract long score(NodeInfo node, long[] podRequests);

  /**
   * Scores {@code nodes} {@code from} to {@code to} (exclusive) into {@code scores}, where {@code
   * columns} holds the nodes' rows at {@code positions}. This default reads each NodeInfo; the
   * scorers of the default resources read the columns for nodes that allocate both.
   */
  void scoreRange(
      NodeColumns columns,
      int[] positions,
      List<NodeInfo> nodes,
      int from,
      int to,
      long[] podRequests,
      long[] scores) {
    for (int i = from; i < to; i++) {
      scores[i] = score(nodes.get(i), podRequests);
    }
  }
}
