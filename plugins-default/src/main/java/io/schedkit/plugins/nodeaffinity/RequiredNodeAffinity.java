package io.schedkit.plugins.nodeaffinity;

import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeSelector;
import io.schedkit.framework.model.NodeSelectorTerm;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A pod's required node constraints, compiled once: {@code spec.nodeSelector} (every key present
 * with exactly that value) AND the required node affinity terms (ORed; upstream {@code
 * nodeaffinity.RequiredNodeAffinity}). Empty terms are dropped and invalid terms never match, so a
 * required affinity without a usable term matches no node. Immutable.
 */
final class RequiredNodeAffinity {
  /** The outcome of matching a node, keeping upstream's distinction of parse errors. */
  enum Match {
    /** The node satisfies the constraints. */
    YES,
    /** The node does not satisfy them. */
    NO,
    /** No term matched and some term is invalid: upstream reports the parse error. */
    PARSE_ERROR
  }

  private final Map<String, String> nodeSelector;
  private final boolean hasAffinity;
  private final List<NodeSelectorTerm> validTerms;
  private final boolean hasInvalidTerm;

  private RequiredNodeAffinity(Map<String, String> nodeSelector, NodeSelector required) {
    this.nodeSelector = nodeSelector;
    this.hasAffinity = required != null;
    List<NodeSelectorTerm> valid = new ArrayList<>();
    boolean invalid = false;
    if (required != null) {
      for (NodeSelectorTerm t : required.nodeSelectorTerms()) {
        if (t.isEmpty()) {
          continue;
        }
        if (t.isValid()) {
          valid.add(t);
        } else {
          invalid = true;
        }
      }
    }
    this.validTerms = List.copyOf(valid);
    this.hasInvalidTerm = invalid;
  }

  /** The constraints of {@code pod}. */
  static RequiredNodeAffinity of(Pod pod) {
    return new RequiredNodeAffinity(pod.spec().nodeSelector(), requiredOf(pod));
  }

  /** The pod's required node affinity selector, or null when it has none. */
  static NodeSelector requiredOf(Pod pod) {
    Affinity affinity = pod.spec().affinity();
    if (affinity == null || affinity.nodeAffinity() == null) {
      return null;
    }
    return affinity.nodeAffinity().required();
  }

  /** Whether {@code node} satisfies the constraints. */
  boolean matches(Node node) {
    return match(node) == Match.YES;
  }

  /** Matches {@code node}, telling a plain mismatch from one hiding a parse error. */
  Match match(Node node) {
    Map<String, String> labels = node.labels();
    for (Map.Entry<String, String> e : nodeSelector.entrySet()) {
      if (!e.getValue().equals(labels.get(e.getKey()))) {
        return Match.NO;
      }
    }
    if (!hasAffinity) {
      return Match.YES;
    }
    for (int i = 0, n = validTerms.size(); i < n; i++) {
      if (validTerms.get(i).matches(node)) {
        return Match.YES;
      }
    }
    return hasInvalidTerm ? Match.PARSE_ERROR : Match.NO;
  }
}
