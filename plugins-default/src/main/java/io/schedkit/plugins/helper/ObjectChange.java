package io.schedkit.plugins.helper;

import java.util.Objects;

/**
 * The old and new versions of an object a queueing hint receives, checked for type (upstream {@code
 * util.As}). A hint calls {@link #of} first; a wrong type throws, which the queue treats as {@link
 * io.schedkit.framework.QueueingHint#QUEUE}, as upstream does with the error {@code As} returns.
 *
 * @param <T> the object type
 * @param oldObject the version before the change; null for an add
 * @param newObject the version after the change; null for a delete
 */
public record ObjectChange<T>(T oldObject, T newObject) {

  /**
   * Casts the versions of a changed object to {@code type}.
   *
   * @param <T> the object type
   * @param type the expected type
   * @param oldObject the version before the change, or null
   * @param newObject the version after the change, or null
   * @return both versions, typed
   * @throws IllegalArgumentException if a non-null version is not a {@code type}
   */
  public static <T> ObjectChange<T> of(Class<T> type, Object oldObject, Object newObject) {
    Objects.requireNonNull(type, "type");
    return new ObjectChange<>(cast(type, oldObject, "old"), cast(type, newObject, "new"));
  }

  private static <T> T cast(Class<T> type, Object object, String which) {
    if (object == null || type.isInstance(object)) {
      return type.cast(object);
    }
    throw new IllegalArgumentException(
        "expected the "
            + which
            + " object to be a "
            + type.getSimpleName()
            + ", got "
            + object.getClass().getName());
  }
}
