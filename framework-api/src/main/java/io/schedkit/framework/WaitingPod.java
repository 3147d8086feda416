package io.schedkit.framework;

import io.schedkit.framework.model.Pod;
import java.util.Set;

/**
 * A pod parked at Permit because at least one Permit plugin returned Wait. Plugins find it through
 * {@link FrameworkHandle#waitingPod} and release it: the pod proceeds to binding once every waiting
 * plugin allowed it; one rejection (or a timeout) fails it. Thread-safe.
 */
public interface WaitingPod {
  /**
   * The waiting pod (as assumed on its node).
   *
   * @return the pod, with its node name set
   */
  Pod pod();

  /**
   * The node the pod is reserved on.
   *
   * @return the node's name
   */
  String nodeName();

  /**
   * The plugins that have not allowed the pod yet.
   *
   * @return the plugin names; a snapshot, empty once every plugin allowed the pod
   */
  Set<String> pendingPlugins();

  /**
   * Records that {@code pluginName} allows the pod; the last allowance lets it bind.
   *
   * @param pluginName the name of the Permit plugin that returned Wait
   */
  void allow(String pluginName);

  /**
   * Rejects the pod on behalf of {@code pluginName} with {@code message}.
   *
   * @param pluginName the name of the rejecting plugin, recorded as the pod's failing plugin
   * @param message why, for the pod's failure message
   */
  void reject(String pluginName, String message);
}
