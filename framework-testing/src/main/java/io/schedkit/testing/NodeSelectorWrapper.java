package io.schedkit.testing;

import io.schedkit.framework.model.NodeSelector;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.NodeSelectorTerm;
import java.util.Arrays;
import java.util.List;

/**
 * Builds a {@link NodeSelector} fluently: upstream's {@code st.MakeNodeSelector()}. Each call
 * appends a new term holding one requirement, so terms are ORed. Not thread-safe.
 */
public final class NodeSelectorWrapper {
  private final NodeSelector.Builder selector = NodeSelector.builder();

  NodeSelectorWrapper() {}

  /** Starts a selector without terms. */
  public static NodeSelectorWrapper makeNodeSelector() {
    return new NodeSelectorWrapper();
  }

  /** Appends a term with the expression {@code key In (values)} on node labels. */
  public NodeSelectorWrapper in(String key, String... values) {
    return in(key, Arrays.asList(values), NodeSelectorType.MATCH_EXPRESSIONS);
  }

  /**
   * Appends a term with the requirement {@code key In (values)}, in {@code matchExpressions} or in
   * {@code matchFields} according to {@code type}.
   */
  public NodeSelectorWrapper in(String key, List<String> values, NodeSelectorType type) {
    NodeSelectorRequirement requirement =
        NodeSelectorRequirement.in(key, values.toArray(String[]::new));
    NodeSelectorTerm.Builder term = NodeSelectorTerm.builder();
    if (type == NodeSelectorType.MATCH_FIELDS) {
      term.matchField(requirement);
    } else {
      term.matchExpression(requirement);
    }
    selector.nodeSelectorTerm(term.build());
    return this;
  }

  /** Appends a term with the expression {@code key NotIn (values)} on node labels. */
  public NodeSelectorWrapper notIn(String key, String... values) {
    selector.nodeSelectorTerm(NodeSelectorTerm.of(NodeSelectorRequirement.notIn(key, values)));
    return this;
  }

  /** Appends a term with the expression {@code key NotIn (values)} on node labels. */
  public NodeSelectorWrapper notIn(String key, List<String> values) {
    return notIn(key, values.toArray(String[]::new));
  }

  /** The selector built so far. */
  public NodeSelector obj() {
    return selector.build();
  }
}
