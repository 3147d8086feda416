package io.schedkit.framework.model;

/** The operator of a {@link NodeSelectorRequirement} ({@code v1.NodeSelectorOperator}). */
public enum NodeSelectorOperator {
  /** The label is present and its value is one of the values. */
  IN("In"),

  /** The label is absent, or its value is none of the values. */
  NOT_IN("NotIn"),

  /** The label is present, whatever its value. */
  EXISTS("Exists"),

  /** The label is absent. */
  DOES_NOT_EXIST("DoesNotExist"),

  /** The label is present and, read as an int64, strictly greater than the single value. */
  GT("Gt"),

  /** The label is present and, read as an int64, strictly less than the single value. */
  LT("Lt");

  private final String wireName;

  NodeSelectorOperator(String wireName) {
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
  public static NodeSelectorOperator fromWireName(String wireName) {
    return WireNames.lookup(
        "NodeSelectorOperator", values(), NodeSelectorOperator::wireName, wireName);
  }
}
