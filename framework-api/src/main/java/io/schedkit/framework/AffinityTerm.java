package io.schedkit.framework;

import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Pod;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A pod (anti-)affinity term compiled for matching: the namespaces it covers, its label selector
 * and its topology key.
 *
 * <p>Namespace rule (kube-scheduler's): with no {@code namespaces} and no {@code
 * namespaceSelector}, the term covers the owner pod's namespace; otherwise it covers the listed
 * namespaces plus those whose labels match the selector (an empty selector matches every
 * namespace). A null label selector matches no pod. {@code matchLabelKeys} and {@code
 * mismatchLabelKeys} are already merged into the selector.
 *
 * <p>Immutable, with value equality (as the record it was); the hash code is computed once.
 */
public final class AffinityTerm {
  private final Set<String> namespaces;
  private final LabelSelector namespaceSelector;
  private final LabelSelector selector;
  private final String topologyKey;
  // Terms key the per-node term maps of NodeInfo and InterPodAffinity's memos, so they are hashed
  // on every pod change and in every cycle; the hash of the sets and selectors is computed once.
  private final int hash;

  /**
   * Copies the namespace set.
   *
   * @param namespaces the namespaces covered by name; not null
   * @param namespaceSelector the selector of further namespaces, or null for none
   * @param selector the pod label selector, or null to match no pod
   * @param topologyKey the node label that defines the topology domain; null means {@code ""}
   */
  public AffinityTerm(
      Set<String> namespaces,
      LabelSelector namespaceSelector,
      LabelSelector selector,
      String topologyKey) {
    this.namespaces = Set.copyOf(namespaces);
    this.namespaceSelector = namespaceSelector;
    this.selector = selector;
    this.topologyKey = topologyKey == null ? "" : topologyKey;
    this.hash = Objects.hash(this.namespaces, namespaceSelector, selector, this.topologyKey);
  }

  /**
   * The namespaces covered by name.
   *
   * @return the namespaces, read-only
   */
  public Set<String> namespaces() {
    return namespaces;
  }

  /**
   * The selector of further namespaces.
   *
   * @return the namespace selector, or null for none
   */
  public LabelSelector namespaceSelector() {
    return namespaceSelector;
  }

  /**
   * The pod label selector.
   *
   * @return the selector, or null to match no pod
   */
  public LabelSelector selector() {
    return selector;
  }

  /**
   * The node label that defines the topology domain.
   *
   * @return the topology key, never null
   */
  public String topologyKey() {
    return topologyKey;
  }

  /**
   * Whether the term covers namespace {@code namespace}, whose labels are {@code namespaceLabels}
   * (empty when unknown).
   *
   * @param namespace the namespace's name
   * @param namespaceLabels the namespace's labels; empty when unknown
   * @return true if the namespace is listed or its labels match the namespace selector
   */
  public boolean coversNamespace(String namespace, Map<String, String> namespaceLabels) {
    return namespaces.contains(namespace)
        || (namespaceSelector != null && namespaceSelector.matches(namespaceLabels));
  }

  /**
   * Whether {@code pod}, in a namespace labelled {@code namespaceLabels}, matches the term.
   *
   * @param pod the candidate pod
   * @param namespaceLabels the labels of the pod's namespace; empty when unknown
   * @return true if the term covers the pod's namespace and its selector matches the pod's labels
   */
  public boolean matches(Pod pod, Map<String, String> namespaceLabels) {
    return selector != null
        && coversNamespace(pod.namespace(), namespaceLabels)
        && selector.matches(pod.labels());
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    return o instanceof AffinityTerm t
        && hash == t.hash
        && topologyKey.equals(t.topologyKey)
        && namespaces.equals(t.namespaces)
        && Objects.equals(namespaceSelector, t.namespaceSelector)
        && Objects.equals(selector, t.selector);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public String toString() {
    return "AffinityTerm[namespaces="
        + namespaces
        + ", namespaceSelector="
        + namespaceSelector
        + ", selector="
        + selector
        + ", topologyKey="
        + topologyKey
        + "]";
  }
}
