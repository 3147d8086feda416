package io.schedkit.framework.model;

/**
 * How a toleration compares its value with a taint's value ({@code v1.TolerationOperator}); an
 * empty operator on the wire means {@link #EQUAL}.
 */
public enum TolerationOperator {
  /**
   * The toleration's value must equal the taint's value (also the meaning of an empty operator).
   */
  EQUAL("Equal"),

  /** Any taint value is tolerated. */
  EXISTS("Exists");

  private final String wireName;

  TolerationOperator(String wireName) {
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
   * Returns the constant whose {@link #wireName()} is {@code wireName}; an empty (or null) operator
   * means {@link #EQUAL}, as in Kubernetes.
   *
   * @param wireName the Kubernetes spelling
   * @return the matching constant
   * @throws IllegalArgumentException if no constant has that spelling; the message lists the
   *     accepted values
   */
  public static TolerationOperator fromWireName(String wireName) {
    if (wireName == null || wireName.isEmpty()) {
      return EQUAL;
    }
    return WireNames.lookup("TolerationOperator", values(), TolerationOperator::wireName, wireName);
  }
}
