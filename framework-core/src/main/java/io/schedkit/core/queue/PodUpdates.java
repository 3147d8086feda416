package io.schedkit.core.queue;

import io.schedkit.framework.ActionType;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Resource;
import io.schedkit.framework.model.Pod;

/**
 * What a pod update changed, as the {@link ActionType} of its cluster event (kube-scheduler's
 * {@code PodSchedulingPropertiesChange}): labels, a scale-down of its requests, the removal of its
 * last scheduling gate, its tolerations, or {@link ActionType#UPDATE_POD_OTHER} when none of those
 * changed. Several changes give the union of their actions.
 */
public final class PodUpdates {
  private PodUpdates() {}

  /** The actions of the update from {@code oldPod} to {@code newPod}. */
  public static ActionType actionType(Pod oldPod, Pod newPod) {
    ActionType action = null;
    if (!oldPod.labels().equals(newPod.labels())) {
      action = or(action, ActionType.UPDATE_POD_LABEL);
    }
    if (isScaleDown(oldPod, newPod)) {
      action = or(action, ActionType.UPDATE_POD_SCALE_DOWN);
    }
    if (newPod.spec().schedulingGates().isEmpty() && !oldPod.spec().schedulingGates().isEmpty()) {
      action = or(action, ActionType.UPDATE_POD_SCHEDULING_GATES_ELIMINATED);
    }
    if (!oldPod.spec().tolerations().equals(newPod.spec().tolerations())) {
      action = or(action, ActionType.UPDATE_POD_TOLERATION);
    }
    return action == null ? ActionType.UPDATE_POD_OTHER : action;
  }

  /**
   * Whether some resource request of the pod went down (or went away), comparing the effective pod
   * requests ({@link PodInfo#requests()}).
   */
  public static boolean isScaleDown(Pod oldPod, Pod newPod) {
    if (oldPod.spec().equals(newPod.spec())) {
      return false;
    }
    Resource before = PodInfo.of(oldPod).requests();
    Resource after = PodInfo.of(newPod).requests();
    for (int id = 0; id < before.length(); id++) {
      if (before.get(id) > after.get(id)) {
        return true;
      }
    }
    return false;
  }

  private static ActionType or(ActionType a, ActionType b) {
    return a == null ? b : a.or(b);
  }
}
