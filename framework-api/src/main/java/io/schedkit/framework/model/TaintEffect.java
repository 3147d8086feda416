package io.schedkit.framework.model;

/** The effect of a node taint on pods that do not tolerate it ({@code v1.TaintEffect}). */
public enum TaintEffect {
  /** New pods that do not tolerate the taint are not scheduled onto the node. */
  NO_SCHEDULE("NoSchedule"),

  /** The scheduler tries to avoid the node for pods that do not tolerate the taint. */
  PREFER_NO_SCHEDULE("PreferNoSchedule"),

  /** Like {@link #NO_SCHEDULE}, and running pods that do not tolerate the taint are evicted. */
  NO_EXECUTE("NoExecute");

  private final String wireName;

  TaintEffect(String wireName) {
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
  public static TaintEffect fromWireName(String wireName) {
    return WireNames.lookup("TaintEffect", values(), TaintEffect::wireName, wireName);
  }
}
