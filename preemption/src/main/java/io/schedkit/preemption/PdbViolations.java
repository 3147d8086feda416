package io.schedkit.preemption;

import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import java.util.ArrayList;
import java.util.List;

/**
 * Upstream's {@code filterPodsWithPDBViolation}: splits pods into those whose eviction would
 * violate a PodDisruptionBudget and the others, keeping their order.
 *
 * <p>Each budget in a pod's namespace whose non-empty selector matches the pod's (non-empty) labels
 * loses one allowed disruption per pod, unless the pod is already among the budget's {@code
 * disruptedPods} (the API server counted it); a pod that takes a budget below zero violates it.
 * Pods are taken in the given order, so earlier (more important) pods use up the budget first.
 */
final class PdbViolations {
  private PdbViolations() {}

  /** The two groups, each in input order. */
  record Split(List<PodInfo> violating, List<PodInfo> nonViolating) {}

  static Split split(List<PodInfo> pods, List<PodDisruptionBudget> pdbs) {
    if (pdbs.isEmpty()) {
      return new Split(List.of(), pods);
    }
    int[] allowed = new int[pdbs.size()];
    for (int i = 0; i < allowed.length; i++) {
      allowed[i] = pdbs.get(i).status().disruptionsAllowed();
    }
    List<PodInfo> violating = new ArrayList<>();
    List<PodInfo> nonViolating = new ArrayList<>();
    for (PodInfo info : pods) {
      Pod pod = info.pod();
      boolean violated = false;
      if (!pod.labels().isEmpty()) {
        for (int i = 0; i < allowed.length; i++) {
          PodDisruptionBudget pdb = pdbs.get(i);
          if (!pdb.namespace().equals(pod.namespace())
              || !pdb.spec().selects(pod.labels())
              || pdb.status().disruptedPods().containsKey(pod.name())) {
            continue;
          }
          allowed[i]--;
          if (allowed[i] < 0) {
            violated = true;
          }
        }
      }
      (violated ? violating : nonViolating).add(info);
    }
    return new Split(violating, nonViolating);
  }
}
