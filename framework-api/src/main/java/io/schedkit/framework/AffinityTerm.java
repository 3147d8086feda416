package io.schedkit.framework;

import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Pod;
import java.util.Map;
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
 * @param namespaces the namespaces covered by name
 * @param namespaceSelector the selector of further namespaces, or null for none
 * @param selector the pod label selector, or null to match no pod
 * @param topologyKey the node label that defines the topology domain
 */
public record AffinityTerm(
    Set<String> namespaces,
    LabelSelector namespaceSelector,
    LabelSelector selector,
    String topologyKey) {

  /**
   * Copies the namespace set.
   *
   * @param namespaces the namespaces covered by name; not null
   * @param namespaceSelector the selector of further namespaces, or null for none
   * @param selector the pod label selector, or null to match no pod
   * @param topologyKey the node label that defines the topology domain; null means {@code ""}
   */
  public AffinityTerm {
    namespaces = Set.copyOf(namespaces);
    topologyKey = topologyKey == null ? "" : topologyKey;
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
}
