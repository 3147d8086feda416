package io.schedkit.framework.model;

import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

/**
 * The observed state of a {@link PodDisruptionBudget} ({@code
 * policy/v1.PodDisruptionBudgetStatus}); preemption reads {@code disruptionsAllowed} and {@code
 * disruptedPods}.
 *
 * @param disruptionsAllowed how many more pods may be disrupted now
 * @param currentHealthy the number of healthy covered pods
 * @param desiredHealthy the minimum number of healthy pods wanted
 * @param expectedPods the number of pods the budget covers
 * @param disruptedPods pods already being disrupted (name to eviction time), in name order
 */
public record PodDisruptionBudgetStatus(
    int disruptionsAllowed,
    int currentHealthy,
    int desiredHealthy,
    int expectedPods,
    Map<String, Instant> disruptedPods) {

  /**
   * Normalises null and copies the disrupted pods.
   *
   * @param disruptionsAllowed how many more pods may be disrupted now
   * @param currentHealthy the number of healthy covered pods
   * @param desiredHealthy the minimum number of healthy pods wanted
   * @param expectedPods the number of pods the budget covers
   * @param disruptedPods pods already being disrupted (name to eviction time), in name order
   */
  public PodDisruptionBudgetStatus {
    disruptedPods = Copies.sortedMap(disruptedPods, "disruptedPods");
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
   * Returns a builder initialised from this status.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder()
        .disruptionsAllowed(disruptionsAllowed)
        .currentHealthy(currentHealthy)
        .desiredHealthy(desiredHealthy)
        .expectedPods(expectedPods)
        .disruptedPods(disruptedPods);
  }

  /** Builds {@link PodDisruptionBudgetStatus}es. */
  public static final class Builder {
    private int disruptionsAllowed;
    private int currentHealthy;
    private int desiredHealthy;
    private int expectedPods;
    private final Map<String, Instant> disruptedPods = new TreeMap<>();

    private Builder() {}

    /**
     * Sets the allowed disruptions.
     *
     * @param disruptionsAllowed the number
     * @return this builder
     */
    public Builder disruptionsAllowed(int disruptionsAllowed) {
      this.disruptionsAllowed = disruptionsAllowed;
      return this;
    }

    /**
     * Sets the healthy count.
     *
     * @param currentHealthy the number
     * @return this builder
     */
    public Builder currentHealthy(int currentHealthy) {
      this.currentHealthy = currentHealthy;
      return this;
    }

    /**
     * Sets the desired healthy count.
     *
     * @param desiredHealthy the number
     * @return this builder
     */
    public Builder desiredHealthy(int desiredHealthy) {
      this.desiredHealthy = desiredHealthy;
      return this;
    }

    /**
     * Sets the expected pod count.
     *
     * @param expectedPods the number
     * @return this builder
     */
    public Builder expectedPods(int expectedPods) {
      this.expectedPods = expectedPods;
      return this;
    }

    /**
     * Replaces the disrupted pods.
     *
     * @param disruptedPods pod names to eviction times; null clears them
     * @return this builder
     */
    public Builder disruptedPods(Map<String, Instant> disruptedPods) {
      this.disruptedPods.clear();
      if (disruptedPods != null) {
        this.disruptedPods.putAll(disruptedPods);
      }
      return this;
    }

    /**
     * Adds a disrupted pod.
     *
     * @param podName the pod's name
     * @param evictionTime when it was evicted
     * @return this builder
     */
    public Builder disruptedPod(String podName, Instant evictionTime) {
      this.disruptedPods.put(podName, evictionTime);
      return this;
    }

    /**
     * Builds the status.
     *
     * @return the status
     */
    public PodDisruptionBudgetStatus build() {
      return new PodDisruptionBudgetStatus(
          disruptionsAllowed, currentHealthy, desiredHealthy, expectedPods, disruptedPods);
    }
  }
}
