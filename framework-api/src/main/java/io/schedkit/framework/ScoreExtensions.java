package io.schedkit.framework;

/**
 * Rescales a Score plugin's raw scores once all feasible nodes are scored, for example to map them
 * onto [0, 100] relative to the best node. Runs on the scheduling thread.
 *
 * <p>Status codes: {@code Success} continues; anything else is an Error and the pod is retried.
 */
public interface ScoreExtensions {
  /**
   * Rewrites {@code scores} in place.
   *
   * @param state the cycle state of the current scheduling cycle
   * @param pod the pod being scheduled
   * @param scores this plugin's raw scores for every feasible node, to overwrite
   * @return Success, or an error status that aborts the cycle
   */
  Status normalizeScore(CycleState state, PodInfo pod, NodeScores scores);
}
