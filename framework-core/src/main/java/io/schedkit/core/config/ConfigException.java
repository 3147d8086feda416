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

  /**
   * Upstream's {@code utilerrors.Aggregate.Error()}: one message, or {@code [a, b]}; errors are
   * listed until the message is {@value #MAX_LISTED_CHARS} characters long, the rest counted
   * ({@code [a, b, and 40 more errors]}), so that a message stays readable whatever the input.
   */
  static String aggregate(List<String> errors) {
    List<String> unique = new ArrayList<>(new LinkedHashSet<>(errors));
    if (unique.size() == 1) {
      return unique.get(0);
    }
    StringBuilder out = new StringBuilder("[");
    int shown = 0;
    while (shown < unique.size() && out.length() < MAX_LISTED_CHARS) {
      out.append(shown == 0 ? "" : ", ").append(unique.get(shown++));
    }
    if (shown < unique.size()) {
      out.append(", and ").append(unique.size() - shown).append(" more errors");
    }
    return out.append(']').toString();
  }

  /** Errors are listed in the message until it is this long. */
  private static final int MAX_LISTED_CHARS = 1000;
}
