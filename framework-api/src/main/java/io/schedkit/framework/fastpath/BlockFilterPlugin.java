package io.schedkit.framework.fastpath;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;

/**
 * A {@link FilterPlugin} that filters a block of nodes per call: an advanced, opt-in fast path for
 * plugins whose Filter runs for thousands of nodes per pod. Implement it to read the cycle state
 * once per block and keep the per-node loop free of calls through the interface; everything else
 * about Filter is unchanged, and {@link #filter} stays the definition of the verdict.
 *
 * <p>The framework filters through these methods, block by block, when no pod is nominated anywhere
 * and the cycle does not time plugins for metrics; otherwise it calls {@link #filter} per node.
 * Blocks are filtered concurrently. An exception fails the block, which the framework then filters
 * node by node to find the node at fault.
 */
public interface BlockFilterPlugin extends FilterPlugin {
  /**
   * Filters a block of nodes: for each {@code i < count} whose {@code verdicts[i]} is still null
   * (no earlier plugin rejected the node), sets {@code verdicts[i]} to what {@link #filter} returns
   * for {@code nodes[i]} when that is not Success, and leaves it null when it is (this default
   * calls {@code filter} per node). It must give each node exactly the verdict {@code filter}
   * gives, and write nothing else.
   *
   * @param state the cycle state; shared by the parallel calls, so read it only
   * @param pod the pod being scheduled
   * @param nodes the block's nodes, the first {@code count} used
   * @param count how many nodes the block has
   * @param verdicts the rejections so far, indexed like {@code nodes}; null for nodes still in
   */
  default void filterBlock(
      CycleState state, PodInfo pod, NodeInfo[] nodes, int count, Status[] verdicts) {
    for (int i = 0; i < count; i++) {
      if (verdicts[i] == null) {
        Status s = filter(state, pod, nodes[i]);
        if (s != null && !s.isSuccess()) {
          verdicts[i] = s;
        }
      }
    }
  }

  /**
   * {@link #filterBlock(CycleState, PodInfo, NodeInfo[], int, Status[])} for a block of nodes with
   * their {@link NodeColumns}: {@code columns} row {@code positions[i]} describes {@code nodes[i]},
   * so a plugin can decide the common case without reading the {@code NodeInfo}. The same contract;
   * this default ignores the positions. The framework calls it instead of the other when it filters
   * the snapshot's own list (the positions are then the nodes' list positions and the columns the
   * snapshot's), and for the copies of those nodes with their nominated pods added (the columns are
   * then made for the copies). Use a position only to read {@code columns}.
   *
   * @param state the cycle state; shared by the parallel calls, so read it only
   * @param pod the pod being scheduled
   * @param nodes the block's nodes, the first {@code count} used
   * @param positions each node's row of {@code columns}, indexed like {@code nodes}
   * @param columns the nodes' numbers
   * @param count how many nodes the block has
   * @param verdicts the rejections so far, indexed like {@code nodes}; null for nodes still in
   */
  default void filterBlock(
      CycleState state,
      PodInfo pod,
      NodeInfo[] nodes,
      int[] positions,
      NodeColumns columns,
      int count,
      Status[] verdicts) {
    filterBlock(state, pod, nodes, count, verdicts);
  }
}
