package io.schedkit.framework.model;

/**
 * Whether a topology spread constraint honours node affinity or taints when counting eligible nodes
 * ({@code v1.NodeInclusionPolicy}).
 */
public enum NodeInclusionPolicy {
  /** The policy's subject (node affinity or taints) is ignored: all nodes are included. */
  IGNORE("Ignore"),

  /** Only nodes that satisfy the policy's subject (node affinity or taints) are included. */
  HONOR("Honor");

  private final String wireName;

  NodeInclusionPolicy(String wireName) {
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
  public static NodeInclusionPolicy fromWireName(String wireName) {
    return WireNames.lookup(
        "NodeInclusionPolicy", values(), NodeInclusionPolicy::wireName, wireName);
  }
}
