package io.schedkit.plugins.podtopologyspread;

import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeSelector;
import io.schedkit.framework.model.Pod;
import java.util.Map;

/**
 * The node constraints a pod requires (upstream's {@code nodeaffinity.GetRequiredNodeAffinity}):
 * its {@code nodeSelector} labels and its required node affinity, both needed to match. Computed
 * once per pod and cycle; a node that does not match is not counted by constraints whose {@code
 * nodeAffinityPolicy} is {@code Honor}.
 *
 * @param nodeSelector labels the node must carry with these values
 * @param required the required node affinity; null when the pod has none
 */
record RequiredNodeAffinity(Map<String, String> nodeSelector, NodeSelector required) {

  /** The required node affinity of {@code pod}. */
  static RequiredNodeAffinity of(Pod pod) {
    Affinity affinity = pod.spec().affinity();
    NodeSelector required =
        affinity == null || affinity.nodeAffinity() == null
            ? null
            : affinity.nodeAffinity().required();
    return new RequiredNodeAffinity(pod.spec().nodeSelector(), required);
  }

  /** Whether every node matches (no node selector, no required node affinity). */
  boolean matchesAll() {
    return nodeSelector.isEmpty() && required == null;
  }

  /** Whether {@code node} satisfies both the node selector and the required node affinity. */
  boolean matches(Node node) {
    Map<String, String> labels = node.labels();
    for (Map.Entry<String, String> e : nodeSelector.entrySet()) {
      if (!e.getValue().equals(labels.get(e.getKey()))) {
        return false;
      }
    }
    return required == null || required.matches(node);
  }
}
