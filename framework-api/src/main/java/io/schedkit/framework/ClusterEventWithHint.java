package io.schedkit.framework;

import java.util.Objects;

/**
 * One registration of an {@link EnqueueExtensions} plugin: an event and an optional hint function
 * (null means every such event queues the pod).
 *
 * @param event the event that may resolve the plugin's rejections
 * @param hint the function that filters events per pod, or null
 */
public record ClusterEventWithHint(ClusterEvent event, QueueingHintFunction hint) {
  /**
   * Validates the components.
   *
   * @param event the event that may resolve the plugin's rejections; not null
   * @param hint the function that filters events per pod, or null
   */
  public ClusterEventWithHint {
    Objects.requireNonNull(event, "event");
  }

  /**
   * A registration without a hint function.
   *
   * @param event the event
   * @return the registration; every such event queues the pod
   */
  public static ClusterEventWithHint of(ClusterEvent event) {
    return new ClusterEventWithHint(event, null);
  }

  /**
   * A registration with a hint function.
   *
   * @param event the event
   * @param hint the function that filters events per pod, or null
   * @return the registration
   */
  public static ClusterEventWithHint of(ClusterEvent event, QueueingHintFunction hint) {
    return new ClusterEventWithHint(event, hint);
  }
}
