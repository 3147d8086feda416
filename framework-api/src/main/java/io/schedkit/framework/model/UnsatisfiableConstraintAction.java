package io.schedkit.framework.model;

/**
 * What the scheduler does with a pod whose topology spread constraint cannot be satisfied ({@code
 * v1.UnsatisfiableConstraintAction}).
 */
public enum UnsatisfiableConstraintAction {
  /** The constraint is a filter: nodes that would violate it are infeasible. */
  DO_NOT_SCHEDULE("DoNotSchedule"),

  /** The constraint only scores: nodes that reduce the skew are preferred. */
  SCHEDULE_ANYWAY("ScheduleAnyway");

  private final String wireName;

  UnsatisfiableConstraintAction(String wireName) {
    this.wireName = wireName;
  }

  /**
   * Returns the exact Kubernetes spelling of this value, as it appears in JSON and YAML.
   *
   * @return the wire name
   */
  public String wireName() {
    return wireName;
  }

  /**
   * Returns the constant whose {@link #wireName()} is {@code wireName}.
   *
   * @param wireName the Kubernetes spelling
   * @return the matching constant
   * @throws IllegalArgumentException if no constant has that spelling; the message lists the
   *     accepted values
   */
  public static UnsatisfiableConstraintAction fromWireName(String wireName) {
    return WireNames.lookup(
        "UnsatisfiableConstraintAction",
        values(),
        UnsatisfiableConstraintAction::wireName,
        wireName);
  }
}
