package io.schedkit.framework.model;

/** Whether a pod may preempt lower-priority pods ({@code v1.PreemptionPolicy}). */
public enum PreemptionPolicy {
  /** The pod may preempt pods of lower priority (the default). */
  PREEMPT_LOWER_PRIORITY("PreemptLowerPriority"),

  /** The pod never preempts other pods; it waits in the queue instead. */
  NEVER("Never");

  private final String wireName;

  PreemptionPolicy(String wireName) {
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
  public static PreemptionPolicy fromWireName(String wireName) {
    return WireNames.lookup("PreemptionPolicy", values(), PreemptionPolicy::wireName, wireName);
  }
}
