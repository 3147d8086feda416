package io.schedkit.framework;

/**
 * Informational hook called after a pod was bound successfully, for cleanup. Runs on the binding
 * executor; it cannot fail the binding.
 */
public interface PostBindPlugin extends Plugin {
  /** Notes that {@code pod} was bound to {@code nodeName}. */
  void postBind(CycleState state, PodInfo pod, String nodeName);
}
