package io.schedkit.framework;

import io.schedkit.framework.model.Pod;
import java.time.Instant;
import java.util.Set;

/**
 * A pod as the scheduling queue holds it, with its queueing history. Handed to {@link
 * QueueSortPlugin#less}; read-only for plugins.
 */
public interface QueuedPodInfo {
  /** The pod's scheduling view. */
  PodInfo podInfo();

  /** The pod. */
  default Pod pod() {
    return podInfo().pod();
  }

  /** When the pod was added to the queue, reset when it returns after a failed attempt. */
  Instant timestamp();

  /** The number of scheduling attempts so far. */
  int attempts();

  /** When the pod was first popped for an attempt, or null before its first attempt. */
  Instant initialAttemptTimestamp();

  /** The plugins that rejected the pod in its last attempt (including PreEnqueue gates). */
  Set<String> unschedulablePlugins();

  /** The plugins that returned Pending for the pod in its last attempt. */
  Set<String> pendingPlugins();
}
