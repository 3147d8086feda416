package io.schedkit.framework.model;

/** The operator of a {@link LabelSelectorRequirement} ({@code metav1.LabelSelectorOperator}). */
public enum LabelSelectorOperator {
  /** The label is present and its value is one of the values. */
  IN("In"),

  /** The label is absent, or its value is none of the values. */
  NOT_IN("NotIn"),

  /** The label is present, whatever its value. */
  EXISTS("Exists"),

  /** The label is absent. */
  DOES_NOT_EXIST("DoesNotExist");

  private final String wireName;

  LabelSelectorOperator(String wireName) {
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
  public static LabelSelectorOperator fromWireName(String wireName) {
    return WireNames.lookup(
        "LabelSelectorOperator", values(), LabelSelectorOperator::wireName, wireName);
  }
}
