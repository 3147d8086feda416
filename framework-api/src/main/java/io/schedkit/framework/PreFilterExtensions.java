package io.schedkit.framework;

/**
 * Lets a PreFilter plugin update its {@link CycleState} incrementally when the framework evaluates
 * the pod with another pod added to or removed from a node: nominated pods in two-pass filtering,
 * and victims in preemption dry runs. The state passed is always a {@linkplain CycleState#copy()
 * copy} owned by the caller, and {@code node} a copy of the node, so mutating them is safe.
 *
 * <p>Status codes: {@code Success} continues; anything else is an Error for that evaluation.
 */
public interface PreFilterExtensions {
  /**
   * Updates {@code state} as if {@code podToAdd} ran on {@code node}.
   *
   * @param state a copy of the cycle state, to update
   * @param podToSchedule the pod being scheduled
   * @param podToAdd the pod to account for on {@code node}
   * @param node a copy of the node, which already includes {@code podToAdd}
   * @return Success, or an error status
   */
  Status addPod(CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo node);

  /**
   * Updates {@code state} as if {@code podToRemove} no longer ran on {@code node}.
   *
   * @param state a copy of the cycle state, to update
   * @param podToSchedule the pod being scheduled
   * @param podToRemove the pod to stop accounting for on {@code node}
   * @param node a copy of the node, which no longer includes {@code podToRemove}
   * @return Success, or an error status
   */
  Status removePod(CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo node);
}
