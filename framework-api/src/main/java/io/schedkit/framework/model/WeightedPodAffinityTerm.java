package io.schedkit.framework.model;

import java.util.Objects;

/**
 * A weighted inter-pod (anti-)affinity preference ({@code v1.WeightedPodAffinityTerm}).
 *
 * @param weight the weight, 1 to 100 in valid objects
 * @param podAffinityTerm the term; required
 */
public record WeightedPodAffinityTerm(int weight, PodAffinityTerm podAffinityTerm) {

  /**
   * Checks the term is present.
   *
   * @param weight the weight, 1 to 100 in valid objects
   * @param podAffinityTerm the term; required
   * @throws NullPointerException if {@code podAffinityTerm} is null
   */
  public WeightedPodAffinityTerm {
    Objects.requireNonNull(podAffinityTerm, "podAffinityTerm");
  }

  /**
   * Returns a new builder; the term must be set.
   *
   * @return the builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns a builder initialised from this term.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder().weight(weight).podAffinityTerm(podAffinityTerm);
  }

  /** Builds {@link WeightedPodAffinityTerm}s. */
  public static final class Builder {
    private int weight;
    private PodAffinityTerm podAffinityTerm;

    private Builder() {}

    /**
     * Sets the weight.
     *
     * @param weight the weight
     * @return this builder
     */
    public Builder weight(int weight) {
      this.weight = weight;
      return this;
    }

    /**
     * Sets the term.
     *
     * @param podAffinityTerm the term
     * @return this builder
     */
    public Builder podAffinityTerm(PodAffinityTerm podAffinityTerm) {
      this.podAffinityTerm = podAffinityTerm;
      return this;
    }

    /**
     * Builds the weighted term.
     *
     * @return the weighted term
     * @throws NullPointerException if no term was set
     */
    public WeightedPodAffinityTerm build() {
      return new WeightedPodAffinityTerm(weight, podAffinityTerm);
    }
  }
}
