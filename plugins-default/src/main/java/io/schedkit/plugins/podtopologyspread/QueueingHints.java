package io.schedkit.plugins.podtopologyspread;

import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeInclusionPolicy;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import java.util.List;
import java.util.Map;

/**
 * The queueing hints of {@link PodTopologySpread} (upstream's {@code isSchedulableAfterPodChange}
 * and {@code isSchedulableAfterNodeChange}): which pod and node events can resolve a rejection by
 * the pod's hard constraints. Thread-safe; each call re-derives the pod's constraints.
 */
final class QueueingHints {
  private final ConstraintSource source;

  QueueingHints(ConstraintSource source) {
    this.source = source;
  }

  /**
   * A pod was added, updated or deleted. Only the rejected pod itself or assigned pods of its
   * namespace matter. An update queues when the rejected pod got new tolerations and a constraint
   * honours taints, or when the labels changed whether a constraint's selector matches; an add or
   * delete queues when the pod matches some constraint's selector.
   */
  QueueingHint afterPodChange(Pod pod, Object oldObject, Object newObject) {
    Pod oldPod = cast(oldObject, Pod.class);
    Pod newPod = cast(newObject, Pod.class);
    if ((newPod != null && !involved(newPod, pod)) || (oldPod != null && !involved(oldPod, pod))) {
      return QueueingHint.QUEUE_SKIP;
    }
    List<SpreadConstraint> constraints = hardConstraints(pod);
    if (oldPod != null && newPod != null) {
      if (pod.uid().equals(newPod.uid())
          && !newPod.spec().tolerations().equals(oldPod.spec().tolerations())
          && honoursTaints(constraints)) {
        return QueueingHint.QUEUE;
      }
      if (newPod.labels().equals(oldPod.labels())) {
        return QueueingHint.QUEUE_SKIP;
      }
      for (SpreadConstraint c : constraints) {
        if (c.matches(oldPod.labels()) != c.matches(newPod.labels())) {
          return QueueingHint.QUEUE;
        }
      }
      return QueueingHint.QUEUE_SKIP;
    }
    Pod changed = newPod != null ? newPod : oldPod;
    return anyMatches(constraints, changed.labels()) ? QueueingHint.QUEUE : QueueingHint.QUEUE_SKIP;
  }

  /**
   * A node was added, updated or deleted. An add or delete queues when the node has every topology
   * key; an update queues when having every key changed, or when the node has them all and a key's
   * value or the taints changed.
   */
  QueueingHint afterNodeChange(Pod pod, Object oldObject, Object newObject) {
    Node oldNode = cast(oldObject, Node.class);
    Node newNode = cast(newObject, Node.class);
    List<SpreadConstraint> constraints = hardConstraints(pod);
    boolean oldMatching =
        oldNode != null && SpreadConstraint.hasAllKeys(oldNode.labels(), constraints);
    boolean newMatching =
        newNode != null && SpreadConstraint.hasAllKeys(newNode.labels(), constraints);
    if (oldNode != null && newNode != null) {
      if (oldMatching != newMatching) {
        return QueueingHint.QUEUE;
      }
      if (newMatching
          && (topologyValuesChanged(oldNode.labels(), newNode.labels(), constraints)
              || !oldNode.taints().equals(newNode.taints()))) {
        return QueueingHint.QUEUE;
      }
      return QueueingHint.QUEUE_SKIP;
    }
    if (newNode != null) {
      return newMatching ? QueueingHint.QUEUE : QueueingHint.QUEUE_SKIP;
    }
    return oldMatching ? QueueingHint.QUEUE : QueueingHint.QUEUE_SKIP;
  }

  private List<SpreadConstraint> hardConstraints(Pod pod) {
    return source.constraints(pod, UnsatisfiableConstraintAction.DO_NOT_SCHEDULE);
  }

  /** Whether {@code other} takes part in {@code pod}'s spreading: itself, or assigned alongside. */
  private static boolean involved(Pod other, Pod pod) {
    return other.uid().equals(pod.uid())
        || (other.isAssigned() && other.namespace().equals(pod.namespace()));
  }

  private static boolean honoursTaints(List<SpreadConstraint> constraints) {
    for (SpreadConstraint c : constraints) {
      if (c.nodeTaintsPolicy() == NodeInclusionPolicy.HONOR) {
        return true;
      }
    }
    return false;
  }

  private static boolean anyMatches(
      List<SpreadConstraint> constraints, Map<String, String> labels) {
    for (SpreadConstraint c : constraints) {
      if (c.matches(labels)) {
        return true;
      }
    }
    return false;
  }

  private static boolean topologyValuesChanged(
      Map<String, String> before, Map<String, String> after, List<SpreadConstraint> constraints) {
    for (SpreadConstraint c : constraints) {
      String key = c.topologyKey();
      if (!before.getOrDefault(key, "").equals(after.getOrDefault(key, ""))) {
        return true;
      }
    }
    return false;
  }

  private static <T> T cast(Object object, Class<T> type) {
    if (object == null) {
      return null;
    }
    if (!type.isInstance(object)) {
      throw new IllegalArgumentException(
          "expected " + type.getSimpleName() + " but got " + object.getClass().getName());
    }
    return type.cast(object);
  }
}
