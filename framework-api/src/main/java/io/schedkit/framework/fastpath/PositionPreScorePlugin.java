package io.schedkit.framework.fastpath;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreScorePlugin;
import io.schedkit.framework.Status;
import java.util.List;

/**
 * A {@link PreScorePlugin} that can take the feasible nodes' positions in the snapshot's list: an
 * advanced, opt-in fast path for plugins whose PreScore looks up per-position results (kept across
 * cycles, or read from {@link NodeColumns}) for each of hundreds of feasible nodes, and would
 * otherwise ask the lister for each node's position, a read of every {@code NodeInfo}.
 *
 * <p>The framework calls the positions' overload when Filter's nodes come from the snapshot's list
 * unchanged (no extender replaced them), otherwise {@link #preScore(CycleState, PodInfo, List)}.
 * Both must give the same result.
 */
public interface PositionPreScorePlugin extends PreScorePlugin {
  /**
   * {@link #preScore(CycleState, PodInfo, List)} for feasible nodes taken from the snapshot's list,
   * with each node's list position: {@code columns} row {@code positions[i]} describes {@code
   * nodes.get(i)}. The same contract; this default ignores the positions.
   *
   * @param state the cycle state to store the pre-computed state in
   * @param pod the pod being scheduled
   * @param nodes the nodes that passed Filter; read-only
   * @param positions each node's position in the snapshot's list, indexed like {@code nodes};
   *     read-only, and reused by the framework after the cycle, so not to be kept
   * @param columns the snapshot's columns
   * @return Success, Skip to disable this plugin's Score, or an error status
   */
  default Status preScore(
      CycleState state, PodInfo pod, List<NodeInfo> nodes, int[] positions, NodeColumns columns) {
    return preScore(state, pod, nodes);
  }
}
