package io.schedkit.framework.model;

import java.util.Map;

/**
 * The desired state of a {@link PodDisruptionBudget} ({@code policy/v1.PodDisruptionBudgetSpec}).
 *
 * <p>Unlike most selectors, a PDB's selector matches nothing when it is null <em>or empty</em>:
 * preemption ignores such budgets (upstream {@code filterPodsWithPDBViolation}).
 *
 * @param minAvailable pods that must stay available, a number or a percentage; null when unset
 * @param maxUnavailable pods that may be unavailable, a number or a percentage; null when unset
 * @param selector the pods the budget covers; null when unset
 */
public record PodDisruptionBudgetSpec(
    IntOrString minAvailable, IntOrString maxUnavailable, LabelSelector selector) {

  /**
   * Returns whether the budget covers a pod with these labels: the selector is present, not empty,
   * and matches.
   *
   * @param podLabels the pod's labels
   * @return true when covered
   */
  public boolean selects(Map<String, String> podLabels) {
    return selector != null && !selector.isEmpty() && selector.matches(podLabels);
  }

  /**
   * Returns a new, empty builder.
   *
   * @return the builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns a builder initialised from this spec.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder()
        .minAvailable(minAvailable)
        .maxUnavailable(maxUnavailable)
        .selector(selector);
  }

  /** Builds {@link PodDisruptionBudgetSpec}s. */
  public static final class Builder {
    private IntOrString minAvailable;
    private IntOrString maxUnavailable;
    private LabelSelector selector;

    private Builder() {}

    /**
     * Sets the minimum available.
     *
     * @param minAvailable the value; null for unset
     * @return this builder
     */
    public Builder minAvailable(IntOrString minAvailable) {
      this.minAvailable = minAvailable;
      return this;
    }

    /**
     * Sets the maximum unavailable.
     *
     * @param maxUnavailable the value; null for unset
     * @return this builder
     */
    public Builder maxUnavailable(IntOrString maxUnavailable) {
      this.maxUnavailable = maxUnavailable;
      return this;
    }

    /**
     * Sets the selector.
     *
     * @param selector the selector; null for unset
     * @return this builder
     */
    public Builder selector(LabelSelector selector) {
      this.selector = selector;
      return this;
    }

    /**
     * Builds the spec.
     *
     * @return the spec
     */
    public PodDisruptionBudgetSpec build() {
      return new PodDisruptionBudgetSpec(minAvailable, maxUnavailable, selector);
    }
  }
}
