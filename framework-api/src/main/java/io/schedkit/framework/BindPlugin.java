package io.schedkit.framework;

import java.util.concurrent.CompletionStage;

/**
 * Binds the pod to its node, typically by a write to the host ({@link
 * io.schedkit.framework.cluster.ClusterView#bind}). Runs in the binding cycle; an interested
 * binding extender goes first, then Bind plugins in order.
 *
 * <p>The result is asynchronous so a host may take its time (and a simulation may apply the write
 * later on its virtual clock). Status codes: {@code Skip} passes to the next Bind plugin; the first
 * other status is final. {@code Success} completes the binding (the cache keeps the pod assumed
 * until the host confirms it); anything else, or a failed stage, unreserves, forgets and requeues
 * the pod.
 */
public interface BindPlugin extends Plugin {
  /**
   * Binds {@code pod} to {@code nodeName}, or returns Skip to let the next binder do it.
   *
   * @param state the cycle state of the pod's scheduling cycle
   * @param pod the pod to bind
   * @param nodeName the node to bind it to
   * @return a stage completing with the binding's status; a stage completed exceptionally counts as
   *     an Error
   */
  CompletionStage<Status> bind(CycleState state, PodInfo pod, String nodeName);
}
