package io.schedkit.framework;

import java.util.List;

/**
 * Ranks a feasible node for the pod. Called for many nodes in parallel. After every node is scored,
 * {@link ScoreExtensions#normalizeScore} (if the plugin implements it) rescales the scores, which
 * must then lie in [{@link #MIN_NODE_SCORE}, {@link #MAX_NODE_SCORE}]; the framework multiplies
 * them by the plugin's weight and sums over plugins to pick the node.
 *
 * <p>Errors are signalled by throwing: the framework turns the exception into an Error status
 * naming the plugin, and the pod is retried with error backoff. Score is called on the hot path, so
 * it returns a primitive rather than a status.
 */
public interface ScorePlugin extends Plugin {
  /** The lowest score a plugin may give after normalization. */
  long MIN_NODE_SCORE = 0;

  /** The highest score a plugin may give after normalization. */
  long MAX_NODE_SCORE = 100;

  /** The highest total score of a node. */
  long MAX_TOTAL_SCORE = Long.MAX_VALUE;

  /**
   * Returns the raw score of {@code node} for {@code pod}.
   *
   * @param state the cycle state; shared by the parallel calls, so read it only
   * @param pod the pod being scheduled
   * @param node a feasible node
   * @return the raw score; it must lie in [{@link #MIN_NODE_SCORE}, {@link #MAX_NODE_SCORE}] unless
   *     the plugin normalizes its scores
   */
  long score(CycleState state, PodInfo pod, NodeInfo node);

  /**
   * Scores a slice of the feasible nodes: {@code scores[i]} becomes the score of {@code
   * nodes.get(i)} for every {@code i} in {@code [from, to)}, exactly as {@link #score} would give
   * it (this default calls it per node). The framework scores through this method, slice by slice,
   * in cycles that do not time plugins for metrics; a plugin may override it to read its cycle
   * state once per slice and keep the per-node loop free of calls through the interface. Runs
   * concurrently for disjoint slices; it must write nothing outside its slice.
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
   * The plugin's NormalizeScore hook, or {@code null} when it has none. A plugin that implements
   * {@link ScoreExtensions} itself is found without overriding this method.
   *
   * @return the hook, or null if the plugin has none
   */
  default ScoreExtensions scoreExtensions() {
    return this instanceof ScoreExtensions ? (ScoreExtensions) this : null;
  }
}
