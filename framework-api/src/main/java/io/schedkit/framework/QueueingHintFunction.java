package io.schedkit.framework;

import io.schedkit.framework.model.Pod;

/**
 * Decides, for one pod a plugin rejected and one cluster event the plugin registered for, whether
 * the event may make the pod schedulable. Called by the scheduling queue on the thread that
 * delivers the event, so it must be quick. An exception counts as {@link QueueingHint#QUEUE}.
 */
@FunctionalInterface
public interface QueueingHintFunction {
  /**
   * Returns the hint for {@code pod} given the changed object's old and new versions (either may be
   * null: no old version on add, no new version on delete). The objects are model records such as
   * {@link io.schedkit.framework.model.Node} or {@link Pod}, according to the event's resource.
   *
   * @param pod the pod the plugin rejected
   * @param oldObject the changed object before the event, or null on add
   * @param newObject the changed object after the event, or null on delete
   * @return whether to requeue the pod
   * @throws Exception on any failure; the queue then treats the hint as {@link QueueingHint#QUEUE}
   */
  QueueingHint hint(Pod pod, Object oldObject, Object newObject) throws Exception;
}
