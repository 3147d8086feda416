package io.schedkit.framework.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How a pod's group should spread across topology domains ({@code v1.TopologySpreadConstraint}),
 * evaluated by the PodTopologySpread plugin.
 *
 * @param maxSkew the largest allowed difference between the number of matching pods in a domain and
 *     the global minimum
 * @param topologyKey the node label whose value defines a domain; {@code ""} when unset
 * @param whenUnsatisfiable whether the constraint filters or only scores; required
 * @param labelSelector the pods counted; null when unset (counts no pod)
 * @param minDomains the minimum number of eligible domains; null when unset
 * @param nodeAffinityPolicy whether node affinity limits the eligible nodes; null when unset
 *     (upstream default {@code Honor})
 * @param nodeTaintsPolicy whether taints limit the eligible nodes; null when unset (upstream
 *     default {@code Ignore})
 * @param matchLabelKeys keys of the pod's labels added to the selector, in order
 */
public record TopologySpreadConstraint(
    int maxSkew,
    String topologyKey,
    UnsatisfiableConstraintAction whenUnsatisfiable,
    LabelSelector labelSelector,
    Integer minDomains,
    NodeInclusionPolicy nodeAffinityPolicy,
    NodeInclusionPolicy nodeTaintsPolicy,
    List<String> matchLabelKeys) {

  /**
   * Normalises nulls and copies the keys.
   *
   * @param maxSkew the largest allowed difference between the number of matching pods in a domain
   *     and the global minimum
   * @param topologyKey the node label whose value defines a domain; {@code ""} when unset
   * @param whenUnsatisfiable whether the constraint filters or only scores; required
   * @param labelSelector the pods counted; null when unset (counts no pod)
   * @param minDomains the minimum number of eligible domains; null when unset
   * @param nodeAffinityPolicy whether node affinity limits the eligible nodes; null when unset
   *     (upstream default {@code Honor})
   * @param nodeTaintsPolicy whether taints limit the eligible nodes; null when unset (upstream
   *     default {@code Ignore})
   * @param matchLabelKeys keys of the pod's labels added to the selector, in order
   * @throws NullPointerException if {@code whenUnsatisfiable} is null
   */
  public TopologySpreadConstraint {
    topologyKey = Copies.str(topologyKey);
    String key = topologyKey;
    Objects.requireNonNull(
        whenUnsatisfiable,
        () -> "topology spread constraint " + key + ": whenUnsatisfiable is required");
    matchLabelKeys = Copies.list(matchLabelKeys);
  }

  /**
   * Returns a new builder; {@code whenUnsatisfiable} must be set.
   *
   * @return the builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns a builder initialised from this constraint.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder()
        .maxSkew(maxSkew)
        .topologyKey(topologyKey)
        .whenUnsatisfiable(whenUnsatisfiable)
        .labelSelector(labelSelector)
        .minDomains(minDomains)
        .nodeAffinityPolicy(nodeAffinityPolicy)
        .nodeTaintsPolicy(nodeTaintsPolicy)
        .matchLabelKeys(matchLabelKeys);
  }

  /** Builds {@link TopologySpreadConstraint}s. */
  public static final class Builder {
    private int maxSkew;
    private String topologyKey = "";
    private UnsatisfiableConstraintAction whenUnsatisfiable;
    private LabelSelector labelSelector;
    private Integer minDomains;
    private NodeInclusionPolicy nodeAffinityPolicy;
    private NodeInclusionPolicy nodeTaintsPolicy;
    private final List<String> matchLabelKeys = new ArrayList<>();

    private Builder() {}

    /**
     * Sets the maximum skew.
     *
     * @param maxSkew the skew
     * @return this builder
     */
    public Builder maxSkew(int maxSkew) {
      this.maxSkew = maxSkew;
      return this;
    }

    /**
     * Sets the topology key.
     *
     * @param topologyKey the node label key
     * @return this builder
     */
    public Builder topologyKey(String topologyKey) {
      this.topologyKey = topologyKey;
      return this;
    }

    /**
     * Sets what happens when the constraint cannot be satisfied.
     *
     * @param whenUnsatisfiable the action
     * @return this builder
     */
    public Builder whenUnsatisfiable(UnsatisfiableConstraintAction whenUnsatisfiable) {
      this.whenUnsatisfiable = whenUnsatisfiable;
      return this;
    }

    /**
     * Sets the selector of counted pods.
     *
     * @param labelSelector the selector; null for unset
     * @return this builder
     */
    public Builder labelSelector(LabelSelector labelSelector) {
      this.labelSelector = labelSelector;
      return this;
    }

    /**
     * Sets the minimum number of domains.
     *
     * @param minDomains the number; null for unset
     * @return this builder
     */
    public Builder minDomains(Integer minDomains) {
      this.minDomains = minDomains;
      return this;
    }

    /**
     * Sets the node affinity policy.
     *
     * @param nodeAffinityPolicy the policy; null for unset
     * @return this builder
     */
    public Builder nodeAffinityPolicy(NodeInclusionPolicy nodeAffinityPolicy) {
      this.nodeAffinityPolicy = nodeAffinityPolicy;
      return this;
    }

    /**
     * Sets the node taints policy.
     *
     * @param nodeTaintsPolicy the policy; null for unset
     * @return this builder
     */
    public Builder nodeTaintsPolicy(NodeInclusionPolicy nodeTaintsPolicy) {
      this.nodeTaintsPolicy = nodeTaintsPolicy;
      return this;
    }

    /**
     * Replaces the match label keys.
     *
     * @param matchLabelKeys the keys; null clears them
     * @return this builder
     */
    public Builder matchLabelKeys(List<String> matchLabelKeys) {
      this.matchLabelKeys.clear();
      if (matchLabelKeys != null) {
        this.matchLabelKeys.addAll(matchLabelKeys);
      }
      return this;
    }

    /**
     * Appends a match label key.
     *
     * @param key the key
     * @return this builder
     */
    public Builder matchLabelKey(String key) {
      this.matchLabelKeys.add(key);
      return this;
    }

    /**
     * Builds the constraint.
     *
     * @return the constraint
     * @throws NullPointerException if {@code whenUnsatisfiable} was not set
     */
    public TopologySpreadConstraint build() {
      return new TopologySpreadConstraint(
          maxSkew,
          topologyKey,
          whenUnsatisfiable,
          labelSelector,
          minDomains,
          nodeAffinityPolicy,
          nodeTaintsPolicy,
          matchLabelKeys);
    }
  }
}
