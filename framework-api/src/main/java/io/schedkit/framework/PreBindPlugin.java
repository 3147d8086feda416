package io.schedkit.framework;

/**
 * Prepares a node for the pod before it is bound (for example attaching volumes). Runs in the
 * binding cycle, on the binding executor, after the pod was permitted.
 *
 * <p>Status codes: {@code Success} continues; {@code Skip} means nothing to do. Any other code
 * fails the binding: every Reserve plugin unreserves in reverse order, the cache forgets the pod
 * and it is requeued (a rejection records this plugin).
 */
public interface PreBindPlugin extends Plugin {
  /**
   * Prepares {@code nodeName} for {@code pod}.
   *
   * @param state the cycle state of the pod's scheduling cycle
   * @param pod the pod about to be bound
   * @param nodeName the node the pod is about to be bound to
   * @return Success or Skip to continue; any other code fails the binding
   */
  Status preBind(CycleState state, PodInfo pod, String nodeName);
}
