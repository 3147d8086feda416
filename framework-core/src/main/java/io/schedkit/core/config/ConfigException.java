package io.schedkit.core.config;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Thrown when a {@code KubeSchedulerConfiguration} cannot be decoded or is invalid. The message
 * starts with the source name and then reads as kube-scheduler's own: one error as is ({@code
 * sched.yaml: parallelism: Invalid value: 0: should be an integer value greater than zero}),
 * several as upstream's aggregate in brackets ({@code sched.yaml: [err1, err2]}), identical
 * messages once.
 */
public final class ConfigException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** The name of the configuration that failed. */
  private final String source;

  /** The individual errors, without the source name, duplicates removed. */
  private final List<String> errors;

  /**
   * Creates the exception.
   *
   * @param source the name of the configuration, typically its file name
   * @param errors the individual errors, at least one
   * @param cause the underlying exception, or null
   */
  public ConfigException(String source, List<String> errors, Throwable cause) {
    super(source + ": " + aggregate(errors), cause);
    this.source = source;
    this.errors = List.copyOf(new LinkedHashSet<>(errors));
  }

  /**
   * Returns the name of the configuration that failed.
   *
   * @return the source name
   */
  public String source() {
    return source;
  }

  /**
   * Returns the individual errors, without the source name.
   *
   * @return the errors, in order, without duplicates
   */
  public List<String> errors() {
    return errors;
  }

  /** Upstream's {@code utilerrors.Aggregate.Error()}: one message, or {@code [a, b]}. */
  static String aggregate(List<String> errors) {
    List<String> unique = new ArrayList<>(new LinkedHashSet<>(errors));
    if (unique.size() == 1) {
      return unique.get(0);
    }
    return "[" + String.join(", ", unique) + "]";
  }
}
