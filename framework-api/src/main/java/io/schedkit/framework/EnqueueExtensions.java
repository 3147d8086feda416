package io.schedkit.framework;

import java.util.List;

/**
 * Declares which cluster events can make a pod that this plugin rejected schedulable again, so the
 * scheduling queue retries the pod only when it may help. Honoured for PreEnqueue, PreFilter,
 * Filter, Reserve and Permit plugins. A plugin that does not implement it is registered for every
 * event.
 *
 * <p>Called once when the framework is built.
 */
public interface EnqueueExtensions {
  /**
   * The events that may resolve this plugin's rejections, each with an optional hint function.
   *
   * @return the events; an empty list means no event ever requeues a pod this plugin rejected
   */
  List<ClusterEventWithHint> eventsToRegister();
}
