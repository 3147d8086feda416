package io.schedkit.core.cluster;

import io.schedkit.framework.model.PodCondition;
import io.schedkit.framework.model.PodStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Setting one condition of a pod's status as upstream's {@code podutil.UpdatePodCondition} does:
 * the condition replaces the one of the same type, its {@code lastTransitionTime} moves only when
 * its status changes, and nothing changes when type, status, reason and message are all the same.
 */
final class PodConditions {
  private PodConditions() {}

  /** A condition without a transition time (set by {@link #set}). */
  static PodCondition of(String type, String status, String reason, String message) {
    return new PodCondition(type, status, reason, message, null);
  }

  /**
   * {@code status} with {@code condition} set at time {@code now}, or empty when that changes
   * nothing.
   */
  static Optional<PodStatus> set(PodStatus status, PodCondition condition, Instant now) {
    List<PodCondition> conditions = new ArrayList<>(status.conditions());
    int i = indexOf(conditions, condition.type());
    PodCondition old = i < 0 ? null : conditions.get(i);
    if (old != null
        && old.status().equals(condition.status())
        && old.reason().equals(condition.reason())
        && old.message().equals(condition.message())) {
      return Optional.empty();
    }
    Instant transition =
        old != null && old.status().equals(condition.status()) ? old.lastTransitionTime() : now;
    PodCondition next = condition.toBuilder().lastTransitionTime(transition).build();
    if (i < 0) {
      conditions.add(next);
    } else {
      conditions.set(i, next);
    }
    return Optional.of(status.toBuilder().conditions(conditions).build());
  }

  /** The condition of {@code type} in {@code status}. */
  static Optional<PodCondition> get(PodStatus status, String type) {
    int i = indexOf(status.conditions(), type);
    return i < 0 ? Optional.empty() : Optional.of(status.conditions().get(i));
  }

  private static int indexOf(List<PodCondition> conditions, String type) {
    for (int i = 0; i < conditions.size(); i++) {
      if (conditions.get(i).type().equals(type)) {
        return i;
      }
    }
    return -1;
  }
}
