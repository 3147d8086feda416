package io.schedkit.framework.fastpath;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.ScorePlugin;
import java.util.List;

/**
 * A {@link ScorePlugin} that scores a range of the feasible nodes per call: an advanced, opt-in
 * fast path for plugins whose Score runs for thousands of nodes per pod. Implement it to read the
 * cycle state once per range and keep the per-node loop free of calls through the interface; {@link
 * #score} stays the definition of a node's score.
 *
 * <p>The framework scores through these methods, range by range, in cycles that do not time plugins
 * for metrics; otherwise it calls {@link #score} per node. Disjoint ranges are scored concurrently.
 */
public interface RangeScorePlugin extends ScorePlugin {
  /**
   * Scores a slice of the feasible nodes: {@code scores[i]} becomes the score of {@code
   * nodes.get(i)} for every {@code i} in {@code [from, to)}, exactly as {@link #score} would give
   * it (this default calls it per node). It must write nothing outside its slice.
   *
   * @param state the cycle state; shared by the parallel calls, so read it only
   * @param pod the pod being scheduled
   * @param nodes the feasible nodes
   * @param from the first index to score, inclusive
   * @param to the last index to score, exclusive
   * @param scores where to write the raw scores, indexed like {@code nodes}
   */
  default void scoreRange(
      CycleState state, PodInfo pod, List<NodeInfo> nodes, int from, int to, long[] scores) {
    for (int i = from; i < to; i++) {
      scores[i] = score(state, pod, nodes.get(i));
    }
  }

  /**
   * {@link #scoreRange(CycleState, PodInfo, List, int, int, long[])} for feasible nodes taken from
   * the snapshot's list, with each node's list position: {@code columns} row {@code positions[i]}
   * describes {@code nodes.get(i)} ({@link NodeColumns}), so a plugin can score the common case
   * without reading the {@code NodeInfo}. The same contract; this default ignores the positions.
   *
   * @param state the cycle state; shared by the parallel calls, so read it only
   * @param pod the pod being scheduled
   * @param nodes the feasible nodes
   * @param positions each node's position in the snapshot's list, indexed like {@code nodes}
   * @param columns the snapshot's columns
   * @param from the first index to score, inclusive
   * @param to the last index to score, exclusive
   * @param scores where to write the raw scores, indexed like {@code nodes}
   */
  default void scoreRange(
      CycleState state,
      PodInfo pod,
      List<NodeInfo> nodes,
      int[] positions,
      NodeColumns columns,
      int from,
      int to,
      long[] scores) {
    scoreRange(state, pod, nodes, from, to, scores);
  }

  /**
   * Whether this plugin gives every node at {@code positions[0..count)} the same score after its
   * NormalizeScore, as far as the columns tell at once; false when it cannot tell (this default).
   * Called after PreScore, before the Score of the same cycle.
   *
   * <p>Why: a scheduling cycle reads only which nodes have the highest total and how many do, and
   * the same number added to every node's total changes neither. When no metrics are recorded, the
   * framework leaves such a plugin out of the cycle's Score; an explanation ({@code explain}) and a
   * cycle that records metrics still score it.
   *
   * @param state the cycle state
   * @param pod the pod being scheduled
   * @param positions the feasible nodes' positions in the snapshot's list
   * @param columns the snapshot's columns
   * @param count how many positions there are
   * @return true only if every one of those nodes would get the same normalized score
   */
  default boolean scoresAllAlike(
      CycleState state, PodInfo pod, int[] positions, NodeColumns columns, int count) {
    return false;
  }
}
