package io.schedkit.framework;

/**
 * The kind of object a {@link ClusterEvent} is about, as kube-scheduler names them. {@link #POD}
 * registers for both {@link #ASSIGNED_POD} and {@link #UNSCHEDULED_POD} events.
 */
public enum EventResource {
  /** Any pod: matches assigned and unscheduled pod events when registered. */
  POD("Pod"),
  /** A pod bound (or assumed) to a node. */
  ASSIGNED_POD("AssignedPod"),
  /** A pod not bound to any node yet. */
  UNSCHEDULED_POD("UnscheduledPod"),
  /** A node. */
  NODE("Node"),
  /** A PodDisruptionBudget. */
  POD_DISRUPTION_BUDGET("PodDisruptionBudget"),
  /** A PodGroup (gang scheduling). */
  POD_GROUP("PodGroup"),
  /** A namespace. */
  NAMESPACE("Namespace"),
  /** Any resource: a registration for it matches every event. */
  WILDCARD("*");

  private final String upstreamName;

  EventResource(String upstreamName) {
    this.upstreamName = upstreamName;
  }

  /**
   * Whether a registration for this resource covers an event about {@code incoming}.
   *
   * @param incoming the resource of the event
   * @return true if the event matches this resource, {@link #POD} or {@link #WILDCARD}
   */
  public boolean covers(EventResource incoming) {
    return this == WILDCARD
        || this == incoming
        || (this == POD && (incoming == ASSIGNED_POD || incoming == UNSCHEDULED_POD));
  }

  /** Upstream's name, used in event labels such as {@code NodeAdd}. */
  @Override
  public String toString() {
    return upstreamName;
  }
}
