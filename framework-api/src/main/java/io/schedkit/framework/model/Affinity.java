package io.schedkit.framework.model;

/**
 * A pod's affinity rules ({@code v1.Affinity}).
 *
 * @param nodeAffinity node affinity; null when unset
 * @param podAffinity inter-pod affinity; null when unset
 * @param podAntiAffinity inter-pod anti-affinity; null when unset
 */
public record Affinity(
    NodeAffinity nodeAffinity, PodAffinity podAffinity, PodAntiAffinity podAntiAffinity) {

  /**
   * Returns a new, empty builder.
   *
   * @return the builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns a builder initialised from these rules.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder()
        .nodeAffinity(nodeAffinity)
        .podAffinity(podAffinity)
        .podAntiAffinity(podAntiAffinity);
  }

  /** Builds {@link Affinity} rules. */
  public static final class Builder {
    private NodeAffinity nodeAffinity;
    private PodAffinity podAffinity;
    private PodAntiAffinity podAntiAffinity;

    private Builder() {}

    /**
     * Sets node affinity.
     *
     * @param nodeAffinity the rules; null for none
     * @return this builder
     */
    public Builder nodeAffinity(NodeAffinity nodeAffinity) {
      this.nodeAffinity = nodeAffinity;
      return this;
    }

    /**
     * Sets inter-pod affinity.
     *
     * @param podAffinity the rules; null for none
     * @return this builder
     */
    public Builder podAffinity(PodAffinity podAffinity) {
      this.podAffinity = podAffinity;
      return this;
    }

    /**
     * Sets inter-pod anti-affinity.
     *
     * @param podAntiAffinity the rules; null for none
     * @return this builder
     */
    public Builder podAntiAffinity(PodAntiAffinity podAntiAffinity) {
      this.podAntiAffinity = podAntiAffinity;
      return this;
    }

    /**
     * Builds the rules.
     *
     * @return the rules
     */
    public Affinity build() {
      return new Affinity(nodeAffinity, podAffinity, podAntiAffinity);
    }
  }
}
