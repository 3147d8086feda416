package io.schedkit.framework;

/**
 * Orders the active queue. Exactly one QueueSort plugin is enabled per scheduler, and every profile
 * must use the same one with the same args. It is called under the queue's lock.
 *
 * <p>The order must be a strict weak order; kube-scheduler's {@code PrioritySort} puts higher
 * priority first and, for equal priority, the earlier queue timestamp first.
 */
public interface QueueSortPlugin extends Plugin {
  /**
   * Whether {@code a} must be popped before {@code b}.
   *
   * @param a one queued pod
   * @param b another queued pod
   * @return true if {@code a} goes first; false if {@code b} goes first or they are equivalent
   */
  boolean less(QueuedPodInfo a, QueuedPodInfo b);
}
