package io.schedkit.framework.model;

import java.util.Objects;

/**
 * A weighted node affinity preference ({@code v1.PreferredSchedulingTerm}): NodeAffinity's score
 * adds {@code weight} for every preference the node {@linkplain NodeSelectorTerm#matches matches}.
 * Upstream skips terms with weight 0.
 *
 * @param weight the weight, 1 to 100 in valid objects
 * @param preference the term; never null
 */
public record PreferredSchedulingTerm(int weight, NodeSelectorTerm preference) {

  /**
   * Normalises a null preference to the empty term.
   *
   * @param weight the weight, 1 to 100 in valid objects
   * @param preference the term; never null
   */
  public PreferredSchedulingTerm {
    preference = preference == null ? new NodeSelectorTerm(null, null) : preference;
  }

  /**
   * Returns a new builder (weight 0, empty preference).
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
    return new Builder().weight(weight).preference(preference);
  }

  /** Builds {@link PreferredSchedulingTerm}s. */
  public static final class Builder {
    private int weight;
    private NodeSelectorTerm preference;

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
     * Sets the preference.
     *
     * @param preference the term
     * @return this builder
     */
    public Builder preference(NodeSelectorTerm preference) {
      this.preference = Objects.requireNonNull(preference, "preference");
      return this;
    }

    /**
     * Builds the term.
     *
     * @return the term
     */
    public PreferredSchedulingTerm build() {
      return new PreferredSchedulingTerm(weight, preference);
    }
  }
}
