package io.schedkit.plugins.podtopologyspread;

import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Toleration;
import java.util.List;

/**
 * Which nodes a spread constraint counts beyond those with its topology keys, when its node
 * inclusion policies make that depend on the pod: the pod's required node affinity when the
 * constraint honours it ({@code nodeAffinityPolicy: Honor}) and the pod has any, the pod's
 * tolerations when it honours taints ({@code nodeTaintsPolicy: Honor}). A value, so the counts of
 * pods asking the same question can be kept together (see {@link DomainTotals.Key}).
 *
 * @param affinity the required node affinity a counted node must match; null when not honoured
 * @param tolerations the tolerations a counted node's NoSchedule/NoExecute taints must all meet;
 *     null when taints are not honoured
 */
record NodeInclusion(RequiredNodeAffinity affinity, List<Toleration> tolerations) {

  /** Whether {@code node} is counted, as {@link SpreadConstraint#includes} for the same pod. */
  boolean includes(Node node) {
    if (affinity != null && !affinity.matches(node)) {
      return false;
    }
    return tolerations == null
        || !SpreadConstraint.hasUntoleratedDoNotScheduleTaint(node, tolerations);
  }
}
