package io.schedkit.framework;

import io.schedkit.framework.model.Pod;
import java.util.Set;

/**
 * A pod parked at Permit because at least one Permit plugin returned Wait. Plugins find it through
 * {@link FrameworkHandle#waitingPod} and release it: the pod proceeds to binding once every waiting
 * plugin allowed it; one rejection (or a timeout) fails it. Thread-safe.
 */
public interface WaitingPod {
  /** The waiting pod (as assumed on its node). */
  Pod pod();

  /** The node the pod is reserved on. */
  String nodeName();

  /** The plugins that have not allowed the pod yet. */
  Set<String> pendingPlugins();

  /** Records that {@code pluginName} allows the pod; the last allowance lets it bind. */
  void allow(String pluginName);

  /** Rejects the pod on behalf of {@code pluginName} with {@code message}. */
  void reject(String pluginName, String message);
}
