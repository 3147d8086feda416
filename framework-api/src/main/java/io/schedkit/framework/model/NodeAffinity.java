package io.schedkit.framework.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Node affinity rules of a pod ({@code v1.NodeAffinity}), evaluated by the NodeAffinity plugin.
 *
 * @param requiredDuringSchedulingIgnoredDuringExecution the selector a node must match; null when
 *     unset (no requirement)
 * @param preferredDuringSchedulingIgnoredDuringExecution the weighted preferences, in order
 */
public record NodeAffinity(
    NodeSelector requiredDuringSchedulingIgnoredDuringExecution,
    List<PreferredSchedulingTerm> preferredDuringSchedulingIgnoredDuringExecution) {

  /**
   * Normalises null and copies the preferences.
   *
   * @param requiredDuringSchedulingIgnoredDuringExecution the selector a node must match; null when
   *     unset (no requirement)
   * @param preferredDuringSchedulingIgnoredDuringExecution the weighted preferences, in order
   */
  public NodeAffinity {
    preferredDuringSchedulingIgnoredDuringExecution =
        Copies.list(preferredDuringSchedulingIgnoredDuringExecution);
  }

  /**
   * Returns {@link #requiredDuringSchedulingIgnoredDuringExecution()}.
   *
   * @return the required selector; null when unset
   */
  public NodeSelector required() {
    return requiredDuringSchedulingIgnoredDuringExecution;
  }

  /**
   * Returns {@link #preferredDuringSchedulingIgnoredDuringExecution()}.
   *
   * @return the preferences
   */
  public List<PreferredSchedulingTerm> preferred() {
    return preferredDuringSchedulingIgnoredDuringExecution;
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
   * Returns a builder initialised from these rules.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder()
        .requiredDuringSchedulingIgnoredDuringExecution(
            requiredDuringSchedulingIgnoredDuringExecution)
        .preferredDuringSchedulingIgnoredDuringExecution(
            preferredDuringSchedulingIgnoredDuringExecution);
  }

  /** Builds {@link NodeAffinity} rules. */
  public static final class Builder {
    private NodeSelector required;
    private final List<PreferredSchedulingTerm> preferred = new ArrayList<>();

    private Builder() {}

    /**
     * Sets the required selector.
     *
     * @param selector the selector; null for none
     * @return this builder
     */
    public Builder requiredDuringSchedulingIgnoredDuringExecution(NodeSelector selector) {
      this.required = selector;
      return this;
    }

    /**
     * Sets the required selector; same as {@link
     * #requiredDuringSchedulingIgnoredDuringExecution(NodeSelector)}.
     *
     * @param selector the selector; null for none
     * @return this builder
     */
    public Builder required(NodeSelector selector) {
      this.required = selector;
      return this;
    }

    /**
     * Replaces the preferences.
     *
     * @param terms the preferences; null clears them
     * @return this builder
     */
    public Builder preferredDuringSchedulingIgnoredDuringExecution(
        List<PreferredSchedulingTerm> terms) {
      preferred.clear();
      if (terms != null) {
        preferred.addAll(terms);
      }
      return this;
    }

    /**
     * Appends a preference.
     *
     * @param weight the weight
     * @param preference the term
     * @return this builder
     */
    public Builder preferred(int weight, NodeSelectorTerm preference) {
      preferred.add(new PreferredSchedulingTerm(weight, preference));
      return this;
    }

    /**
     * Builds the rules.
     *
     * @return the rules
     */
    public NodeAffinity build() {
      return new NodeAffinity(required, preferred);
    }
  }
}
