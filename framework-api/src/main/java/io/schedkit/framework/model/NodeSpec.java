package io.schedkit.framework.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The desired state of a node ({@code v1.NodeSpec}), reduced to what scheduling reads.
 *
 * @param unschedulable whether the node is cordoned (NodeUnschedulable filters it out)
 * @param taints the node's taints, in order (TaintToleration reports the first untolerated one)
 */
public record NodeSpec(boolean unschedulable, List<Taint> taints) {

  /**
   * Normalises null and copies the taints.
   *
   * @param unschedulable whether the node is cordoned (NodeUnschedulable filters it out)
   * @param taints the node's taints, in order (TaintToleration reports the first untolerated one)
   */
  public NodeSpec {
    taints = Copies.list(taints);
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
    return new Builder().unschedulable(unschedulable).taints(taints);
  }

  /** Builds {@link NodeSpec}s. */
  public static final class Builder {
    private boolean unschedulable;
    private final List<Taint> taints = new ArrayList<>();

    private Builder() {}

    /**
     * Sets whether the node is cordoned.
     *
     * @param unschedulable the flag
     * @return this builder
     */
    public Builder unschedulable(boolean unschedulable) {
      this.unschedulable = unschedulable;
      return this;
    }

    /**
     * Replaces the taints.
     *
     * @param taints the taints; null clears them
     * @return this builder
     */
    public Builder taints(List<Taint> taints) {
      this.taints.clear();
      if (taints != null) {
        this.taints.addAll(taints);
      }
      return this;
    }

    /**
     * Appends a taint.
     *
     * @param taint the taint
     * @return this builder
     */
    public Builder taint(Taint taint) {
      this.taints.add(taint);
      return this;
    }

    /**
     * Builds the spec.
     *
     * @return the spec
     */
    public NodeSpec build() {
      return new NodeSpec(unschedulable, taints);
    }
  }
}
