package io.schedkit.framework;

/**
 * Runs only when no node passed Filter, to make the pod schedulable later, typically by preemption.
 * Plugins run in order until one returns Success, UnschedulableAndUnresolvable or Error.
 *
 * <p>Status codes: {@code Success} with a nominated node records the nomination (the pod still
 * fails this attempt and is retried, trying that node first). {@code Unschedulable} lets the next
 * PostFilter plugin try. {@code UnschedulableAndUnresolvable} stops the chain. The message of the
 * final status is appended to the pod's failure message. An Error is logged and the pod retried.
 */
public interface PostFilterPlugin extends Plugin {
  /**
   * Tries to make {@code pod} schedulable, given each node's filter verdict.
   *
   * @param state the cycle state of the failed scheduling cycle
   * @param pod the pod that no node could take
   * @param filteredNodeStatuses why each node was rejected
   * @return the status, with the nominated node on Success
   */
  PostFilterResult postFilter(CycleState state, PodInfo pod, NodeToStatus filteredNodeStatuses);
}
