package io.schedkit.framework.cluster;

import io.schedkit.framework.model.KubeObject;
import java.util.Objects;

/**
 * One change to the cluster, as a host reports it to {@link ClusterView#watch}: an object was
 * added, modified or deleted.
 *
 * @param type what happened
 * @param oldObject the version before the change; null for {@link Type#ADDED}
 * @param newObject the version after the change; for {@link Type#DELETED} the last known version
 */
public record WatchEvent(Type type, KubeObject oldObject, KubeObject newObject) {
  /** The kind of change. */
  public enum Type {
    /** The object was created. */
    ADDED,
    /** The object changed. */
    MODIFIED,
    /** The object was deleted. */
    DELETED
  }

  /**
   * Validates the components.
   *
   * @param type what happened; not null
   * @param oldObject the version before the change; required for {@link Type#MODIFIED}
   * @param newObject the version after the change, or the last known one; not null
   */
  public WatchEvent {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(newObject, "newObject");
    if (type == Type.MODIFIED) {
      Objects.requireNonNull(oldObject, "oldObject of a MODIFIED event");
    }
  }

  /**
   * An ADDED event.
   *
   * @param object the new object
   * @return the event
   */
  public static WatchEvent added(KubeObject object) {
    return new WatchEvent(Type.ADDED, null, object);
  }

  /**
   * A MODIFIED event.
   *
   * @param oldObject the version before the change
   * @param newObject the version after the change
   * @return the event
   */
  public static WatchEvent modified(KubeObject oldObject, KubeObject newObject) {
    return new WatchEvent(Type.MODIFIED, oldObject, newObject);
  }

  /**
   * A DELETED event carrying the last known version.
   *
   * @param object the last known version of the deleted object
   * @return the event
   */
  public static WatchEvent deleted(KubeObject object) {
    return new WatchEvent(Type.DELETED, null, object);
  }

  /**
   * The object the event is about: the new version, or the last known one for a delete.
   *
   * @return the object, never null
   */
  public KubeObject object() {
    return newObject;
  }
}
