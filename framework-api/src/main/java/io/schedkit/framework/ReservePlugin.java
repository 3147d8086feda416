package io.schedkit.framework;

/**
 * Informs a stateful plugin that resources on a node are being reserved for the pod, after the
 * scheduler assumed the pod on the node and before Permit. Runs on the scheduling thread.
 *
 * <p>Status codes: {@code Success} continues. Any other code fails the attempt: {@link #unreserve}
 * then runs on <em>every</em> Reserve plugin in reverse order, the pod is forgotten by the cache
 * and requeued (a rejection records this plugin, an Error uses error backoff).
 */
public interface ReservePlugin extends Plugin {
  /**
   * Reserves what {@code pod} needs on {@code nodeName}.
   *
   * @param state the cycle state of the pod's scheduling cycle
   * @param pod the pod assumed on the node
   * @param nodeName the node the pod is assumed on
   * @return Success to continue; any other status fails the attempt
   */
  Status reserve(CycleState state, PodInfo pod, String nodeName);

  /**
   * Releases what {@link #reserve} reserved. Called when any later step fails, in reverse plugin
   * order, possibly without a prior {@code reserve} on this plugin; must be idempotent and must not
   * fail.
   *
   * @param state the cycle state of the pod's scheduling cycle
   * @param pod the pod whose reservation is released
   * @param nodeName the node the pod was assumed on
   */
  void unreserve(CycleState state, PodInfo pod, String nodeName);
}
