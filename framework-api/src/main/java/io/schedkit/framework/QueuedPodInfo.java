package io.schedkit.framework;

import io.schedkit.framework.model.Pod;
import java.time.Instant;
import java.util.Set;

/**
 * A pod as the scheduling queue holds it, with its queueing history. Handed to {@link
 * QueueSortPlugin#less}; read-only for plugins.
 */
public interface QueuedPodInfo {
  /**
   * The pod's scheduling view.
   *
   * @return the pod info, never null
   */
  PodInfo podInfo();

  /**
   * The pod.
   *
   * @return the pod, never null
   */
  default Pod pod() {
    return podInfo().pod();
  }

  /**
   * When the pod was added to the queue, reset when it returns after a failed attempt.
   *
   * @return the queue timestamp, on the scheduler's {@link Clock}
   */
  Instant timestamp();

  /**
   * The number of scheduling attempts so far.
   *
   * @return the number of attempts, 0 before the first
   */
  int attempts();

  /**
   * When the pod was first popped for an attempt, or null before its first attempt.
   *
   * @return the time of the first attempt, or null
   */
  Instant initialAttemptTimestamp();

  /**
   * The plugins that rejected the pod in its last attempt (including PreEnqueue gates).
   *
   * @return the plugin names; empty if none
   */
  Set<String> unschedulablePlugins();

  /**
   * The plugins that returned Pending for the pod in its last attempt.
   *
   * @return the plugin names; empty if none
   */
  Set<String> pendingPlugins();
}
