package io.schedkit.framework;

/**
 * Decides whether the pod can run on one node. Called for many nodes in parallel, so it must be
 * thread-safe, fast and allocation-light: read what PreFilter stored in {@link CycleState}.
 *
 * <p>Status codes: {@code Success} keeps the node; {@code Unschedulable} rejects it, but preemption
 * may make room there; {@code UnschedulableAndUnresolvable} rejects it and excludes it from
 * preemption. Plugins run in configured order and the first rejection decides the node. {@code
 * Error} (or an exception) aborts the whole cycle and the pod is retried with error backoff.
 *
 * <p>A plugin on the hot path may filter a block of nodes per call instead: see {@link
 * io.schedkit.framework.fastpath.BlockFilterPlugin}.
 */
public interface FilterPlugin extends Plugin {
  /**
   * Returns whether {@code pod} fits on {@code node}.
   *
   * @param state the cycle state; shared by the parallel calls, so read it only
   * @param pod the pod being scheduled
   * @param node the node to check, with the pods assumed or nominated on it
   * @return Success to keep the node, a rejection with reasons to drop it
   */
  Status filter(CycleState state, PodInfo pod, NodeInfo node);
}
