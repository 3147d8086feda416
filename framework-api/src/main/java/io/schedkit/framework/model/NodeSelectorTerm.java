package io.schedkit.framework.model;

import java.util.ArrayList;
import java.util.List;

/**
 * One term of a {@link NodeSelector} or a {@link PreferredSchedulingTerm} ({@code
 * v1.NodeSelectorTerm}): label expressions and field requirements, all ANDed.
 *
 * <p>A term with no expressions and no fields matches nothing. A term holding an invalid
 * requirement (see {@link NodeSelectorRequirement}) matches nothing. As upstream, field
 * requirements are skipped for a node without a name.
 *
 * @param matchExpressions requirements on the node's labels, in order
 * @param matchFields requirements on the node's fields ({@code metadata.name}), in order
 */
public record NodeSelectorTerm(
    List<NodeSelectorRequirement> matchExpressions, List<NodeSelectorRequirement> matchFields) {

  /**
   * Normalises nulls and copies the lists.
   *
   * @param matchExpressions requirements on the node's labels, in order
   * @param matchFields requirements on the node's fields ({@code metadata.name}), in order
   */
  public NodeSelectorTerm {
    matchExpressions = Copies.list(matchExpressions);
    matchFields = Copies.list(matchFields);
  }

  /**
   * Returns a term of label expressions only.
   *
   * @param matchExpressions the expressions
   * @return the term
   */
  public static NodeSelectorTerm of(NodeSelectorRequirement... matchExpressions) {
    return new NodeSelectorTerm(List.of(matchExpressions), List.of());
  }

  /**
   * Returns whether the term has neither expressions nor fields (and so matches nothing).
   *
   * @return true when empty
   */
  public boolean isEmpty() {
    return matchExpressions.isEmpty() && matchFields.isEmpty();
  }

  /**
   * Returns whether every requirement of the term is valid.
   *
   * @return true when no requirement is invalid
   */
  public boolean isValid() {
    for (int i = 0, n = matchExpressions.size(); i < n; i++) {
      if (!matchExpressions.get(i).isValidExpression()) {
        return false;
      }
    }
    for (int i = 0, n = matchFields.size(); i < n; i++) {
      if (!matchFields.get(i).isValidField()) {
        return false;
      }
    }
    return true;
  }

  /**
   * Returns whether {@code node} satisfies every requirement of this term (upstream {@code
   * nodeaffinity}); an empty term or a term with an invalid requirement never matches, and a null
   * node never matches.
   *
   * @param node the node
   * @return true when matched
   */
  public boolean matches(Node node) {
    if (node == null || isEmpty() || !isValid()) {
      return false;
    }
    for (int i = 0, n = matchExpressions.size(); i < n; i++) {
      if (!matchExpressions.get(i).matchesValid(node.labels())) {
        return false;
      }
    }
    String nodeName = node.name();
    if (!nodeName.isEmpty()) {
      for (int i = 0, n = matchFields.size(); i < n; i++) {
        if (!matchFields.get(i).matchesField(nodeName)) {
          return false;
        }
      }
    }
    return true;
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
   * Returns a builder initialised from this term.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder().matchExpressions(matchExpressions).matchFields(matchFields);
  }

  /** Builds {@link NodeSelectorTerm}s. */
  public static final class Builder {
    private final List<NodeSelectorRequirement> matchExpressions = new ArrayList<>();
    private final List<NodeSelectorRequirement> matchFields = new ArrayList<>();

    private Builder() {}

    /**
     * Replaces the label expressions.
     *
     * @param matchExpressions the expressions; null clears them
     * @return this builder
     */
    public Builder matchExpressions(List<NodeSelectorRequirement> matchExpressions) {
      this.matchExpressions.clear();
      if (matchExpressions != null) {
        this.matchExpressions.addAll(matchExpressions);
      }
      return this;
    }

    /**
     * Appends a label expression.
     *
     * @param requirement the expression
     * @return this builder
     */
    public Builder matchExpression(NodeSelectorRequirement requirement) {
      this.matchExpressions.add(requirement);
      return this;
    }

    /**
     * Replaces the field requirements.
     *
     * @param matchFields the field requirements; null clears them
     * @return this builder
     */
    public Builder matchFields(List<NodeSelectorRequirement> matchFields) {
      this.matchFields.clear();
      if (matchFields != null) {
        this.matchFields.addAll(matchFields);
      }
      return this;
    }

    /**
     * Appends a field requirement.
     *
     * @param requirement the field requirement
     * @return this builder
     */
    public Builder matchField(NodeSelectorRequirement requirement) {
      this.matchFields.add(requirement);
      return this;
    }

    /**
     * Builds the term.
     *
     * @return the term
     */
    public NodeSelectorTerm build() {
      return new NodeSelectorTerm(matchExpressions, matchFields);
    }
  }
}
