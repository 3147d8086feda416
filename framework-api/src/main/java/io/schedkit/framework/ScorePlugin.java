package io.schedkit.framework;

/**
 * Ranks a feasible node for the pod. Called for many nodes in parallel. After every node is scored,
 * {@link ScoreExtensions#normalizeScore} (if the plugin implements it) rescales the scores, which
 * must then lie in [{@link #MIN_NODE_SCORE}, {@link #MAX_NODE_SCORE}]; the framework multiplies
 * them by the plugin's weight and sums over plugins to pick the node.
 *
 * <p>Errors are signalled by throwing: the framework turns the exception into an Error status
 * naming the plugin, and the pod is retried with error backoff. Score is called on the hot path, so
 * it returns a primitive rather than a status.
 *
 * <p>A plugin on the hot path may score a range of nodes per call instead: see {@link
 * io.schedkit.framework.fastpath.RangeScorePlugin}.
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
   * The plugin's NormalizeScore hook, or {@code null} when it has none. A plugin that implements
   * {@link ScoreExtensions} itself is found without overriding this method.
   *
   * @return the hook, or null if the plugin has none
   */
  default ScoreExtensions scoreExtensions() {
    return this instanceof ScoreExtensions ? (ScoreExtensions) this : null;
  }
}
