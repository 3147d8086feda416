package io.schedkit.framework;

import java.util.Objects;

/**
 * A change in the cluster that may make unschedulable pods schedulable: a resource and the actions
 * that happened to it. Plugins register the events that can resolve their rejections through {@link
 * EnqueueExtensions}; the scheduling queue moves a rejected pod only on such events.
 *
 * @param resource the kind of object that changed
 * @param actionType what happened to it
 * @param label a custom label; empty means {@code resource + actionType} (for example {@code
 *     NodeAdd})
 */
public record ClusterEvent(EventResource resource, ActionType actionType, String label) {
  /** The periodic flush of pods that stayed unschedulable for too long. */
  public static final ClusterEvent UNSCHEDULABLE_TIMEOUT =
      new ClusterEvent(EventResource.WILDCARD, ActionType.ALL, "UnschedulableTimeout");

  /** An explicit activation of pods through {@code activate}. */
  public static final ClusterEvent FORCE_ACTIVATE =
      new ClusterEvent(EventResource.WILDCARD, ActionType.ALL, "ForceActivate");

  /** A node was added. */
  public static final ClusterEvent NODE_ADD = of(EventResource.NODE, ActionType.ADD);

  /** A pod bound to a node was deleted (or an assumed pod was forgotten), freeing resources. */
  public static final ClusterEvent ASSIGNED_POD_DELETE =
      of(EventResource.ASSIGNED_POD, ActionType.DELETE);

  /**
   * Validates the components.
   *
   * @param resource the kind of object that changed; not null
   * @param actionType what happened to it; not null
   * @param label a custom label; null or empty means the default label
   */
  public ClusterEvent {
    Objects.requireNonNull(resource, "resource");
    Objects.requireNonNull(actionType, "actionType");
    label = label == null || label.isEmpty() ? resource.toString() + actionType : label;
  }

  /**
   * An event with the default label.
   *
   * @param resource the kind of object that changed
   * @param actionType what happened to it
   * @return the event, labelled {@code resource + actionType}
   */
  public static ClusterEvent of(EventResource resource, ActionType actionType) {
    return new ClusterEvent(resource, actionType, "");
  }

  /**
   * Whether this is a wildcard event, which matches every registration.
   *
   * @return true for the {@link EventResource#WILDCARD} resource with {@link ActionType#ALL}
   */
  public boolean isWildcard() {
    return resource == EventResource.WILDCARD && actionType.equals(ActionType.ALL);
  }

  /**
   * Whether a registration for this event covers {@code incoming}: either is a wildcard, or the
   * resources match and the actions intersect.
   *
   * @param incoming the event that happened
   * @return true if a pod waiting on this registration should be considered for requeueing
   */
  public boolean matches(ClusterEvent incoming) {
    return isWildcard()
        || incoming.isWildcard()
        || (resource.covers(incoming.resource) && actionType.intersects(incoming.actionType));
  }

  @Override
  public String toString() {
    return label;
  }
}
