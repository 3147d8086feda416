package io.schedkit.framework;

/**
 * Informational hook called after a pod was bound successfully, for cleanup. Runs on the binding
 * executor; it cannot fail the binding.
 */
public interface PostBindPlugin extends Plugin {
  /**
   * Notes that {@code pod} was bound to {@code nodeName}.
   *
   * @param state the cycle state of the pod's scheduling cycle
   * @param pod the pod that was bound
   * @param nodeName the node the pod was bound to
   */
  void postBind(CycleState state, PodInfo pod, String nodeName);
}
