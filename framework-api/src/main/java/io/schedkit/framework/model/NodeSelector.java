package io.schedkit.framework.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A required node selector ({@code v1.NodeSelector}): the terms are ORed, so a node matches when
 * any term {@linkplain NodeSelectorTerm#matches matches} it. A selector with no terms, or whose
 * terms are all empty or invalid, matches nothing.
 *
 * @param nodeSelectorTerms the terms, in order
 */
public record NodeSelector(List<NodeSelectorTerm> nodeSelectorTerms) {

  /**
   * Normalises null and copies the terms.
   *
   * @param nodeSelectorTerms the terms, in order
   */
  public NodeSelector {
    nodeSelectorTerms = Copies.list(nodeSelectorTerms);
  }

  /**
   * Returns a selector of the given terms.
   *
   * @param terms the terms
   * @return the selector
   */
  public static NodeSelector of(NodeSelectorTerm... terms) {
    return new NodeSelector(List.of(terms));
  }

  /**
   * Returns whether any term matches {@code node}; null nodes never match.
   *
   * @param node the node
   * @return true when matched
   */
  public boolean matches(Node node) {
    for (int i = 0, n = nodeSelectorTerms.size(); i < n; i++) {
      if (nodeSelectorTerms.get(i).matches(node)) {
        return true;
      }
    }
    return false;
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
   * Returns a builder initialised from this selector.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder().nodeSelectorTerms(nodeSelectorTerms);
  }

  /** Builds {@link NodeSelector}s. */
  public static final class Builder {
    private final List<NodeSelectorTerm> nodeSelectorTerms = new ArrayList<>();

    private Builder() {}

    /**
     * Replaces the terms.
     *
     * @param nodeSelectorTerms the terms; null clears them
     * @return this builder
     */
    public Builder nodeSelectorTerms(List<NodeSelectorTerm> nodeSelectorTerms) {
      this.nodeSelectorTerms.clear();
      if (nodeSelectorTerms != null) {
        this.nodeSelectorTerms.addAll(nodeSelectorTerms);
      }
      return this;
    }

    /**
     * Appends a term.
     *
     * @param term the term
     * @return this builder
     */
    public Builder nodeSelectorTerm(NodeSelectorTerm term) {
      this.nodeSelectorTerms.add(term);
      return this;
    }

    /**
     * Builds the selector.
     *
     * @return the selector
     */
    public NodeSelector build() {
      return new NodeSelector(nodeSelectorTerms);
    }
  }
}
