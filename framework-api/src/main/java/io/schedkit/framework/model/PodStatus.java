package io.schedkit.framework.model;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The observed state of a pod ({@code v1.PodStatus}), reduced to what scheduling and preemption
 * read.
 *
 * @param phase {@code Pending}, {@code Running}, {@code Succeeded}, {@code Failed} or {@code
 *     Unknown}; {@code ""} when unset
 * @param nominatedNodeName the node preemption nominated for the pod; {@code ""} when none
 * @param conditions the pod's conditions, in order
 * @param startTime when the kubelet started the pod; null when unset (preemption then uses the
 *     current time)
 */
public record PodStatus(
    String phase, String nominatedNodeName, List<PodCondition> conditions, Instant startTime) {

  /**
   * Normalises nulls and copies the conditions.
   *
   * @param phase {@code Pending}, {@code Running}, {@code Succeeded}, {@code Failed} or {@code
   *     Unknown}; {@code ""} when unset
   * @param nominatedNodeName the node preemption nominated for the pod; {@code ""} when none
   * @param conditions the pod's conditions, in order
   * @param startTime when the kubelet started the pod; null when unset (preemption then uses the
   *     current time)
   */
  public PodStatus {
    phase = Copies.str(phase);
    nominatedNodeName = Copies.str(nominatedNodeName);
    conditions = Copies.list(conditions);
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
        .phase(phase)
        .nominatedNodeName(nominatedNodeName)
        .conditions(conditions)
        .startTime(startTime);
  }

  /** Builds {@link PodStatus}es. */
  public static final class Builder {
    private String phase = "";
    private String nominatedNodeName = "";
    private final List<PodCondition> conditions = new ArrayList<>();
    private Instant startTime;

    private Builder() {}

    /**
     * Sets the phase.
     *
     * @param phase the phase
     * @return this builder
     */
    public Builder phase(String phase) {
      this.phase = phase;
      return this;
    }

    /**
     * Sets the nominated node.
     *
     * @param nominatedNodeName the node; {@code ""} for none
     * @return this builder
     */
    public Builder nominatedNodeName(String nominatedNodeName) {
      this.nominatedNodeName = nominatedNodeName;
      return this;
    }

    /**
     * Replaces the conditions.
     *
     * @param conditions the conditions; null clears them
     * @return this builder
     */
    public Builder conditions(List<PodCondition> conditions) {
      this.conditions.clear();
      if (conditions != null) {
        this.conditions.addAll(conditions);
      }
      return this;
    }

    /**
     * Appends a condition.
     *
     * @param condition the condition
     * @return this builder
     */
    public Builder condition(PodCondition condition) {
      this.conditions.add(condition);
      return this;
    }

    /**
     * Sets the start time.
     *
     * @param startTime the time; null for unset
     * @return this builder
     */
    public Builder startTime(Instant startTime) {
      this.startTime = startTime;
      return this;
    }

    /**
     * Builds the status.
     *
     * @return the status
     */
    public PodStatus build() {
      return new PodStatus(phase, nominatedNodeName, conditions, startTime);
    }
  }
}
