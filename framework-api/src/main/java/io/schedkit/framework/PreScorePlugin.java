package io.schedkit.framework;

import java.util.List;

/**
 * Runs once per cycle on the nodes that passed Filter, before Score, to pre-compute what Score
 * needs. Runs on the scheduling thread.
 *
 * <p>Status codes: {@code Success} continues; {@code Skip} disables this plugin's Score for the
 * cycle (no score is recorded for it); anything else is an Error and the pod is retried.
 */
public interface PreScorePlugin extends Plugin {
  /**
   * Pre-computes scoring state for {@code pod} over the feasible {@code nodes}.
   *
   * @param state the cycle state to store the pre-computed state in
   * @param pod the pod being scheduled
   * @param nodes the nodes that passed Filter; read-only
   * @return Success, Skip to disable this plugin's Score, or an error status
   */
  Status preScore(CycleState state, PodInfo pod, List<NodeInfo> nodes);
}
