package io.schedkit.core.codec.tree;

import io.schedkit.framework.PluginArgs.FieldError;

/**
 * A problem with one field of a document being decoded, before the source and object are known: its
 * message starts with the field path ({@code spec.containers[0].image: ...}). Callers add the
 * source name and object and rethrow as a public exception; a caller of a public method that lets
 * it through sees an {@link IllegalArgumentException}.
 */
public final class FieldException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  FieldException(String message) {
    super(message);
  }

  /** A problem at {@code path}: {@code <path>: <detail>}. */
  public static FieldException at(String path, String detail) {
    return new FieldException(path.isEmpty() ? detail : path + ": " + detail);
  }

  /** A problem described as a Kubernetes field error. */
  public static FieldException of(FieldError error) {
    return new FieldException(error.render(""));
  }
}
