package io.schedkit.plugins.noderesources;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.Resource;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.Set;

/**
 * The queueing hints of NodeResourcesFit ({@code isSchedulableAfterPodEvent} and {@code
 * isSchedulableAfterNodeChange} upstream, with InPlacePodVerticalScaling on as in v1.35): which pod
 * and node events may let a pod the plugin rejected fit.
 *
 * <p>Hints run on the queue's thread for each rejected pod and each event, so they only compute the
 * pods' requests and a node's allocatable; they never look at the snapshot. Like upstream, the node
 * hint checks the pod against an empty node with no resources ignored.
 */
final class FitHints {
  private FitHints() {}

  /**
   * A pod was deleted or scaled down: the deletion of a pod that is bound or nominated somewhere
   * may free room; a scale-down helps when it is the rejected pod's own, or when a bound pod's
   * request went down for a resource the rejected pod requests.
   */
  static QueueingHint afterPodEvent(Pod pod, Object oldObject, Object newObject) {
    Pod original = as(oldObject, Pod.class);
    Pod modified = as(newObject, Pod.class);
    if (modified == null) {
      if (original == null
          || (original.nodeName().isEmpty() && original.nominatedNodeName().isEmpty())) {
        return QueueingHint.QUEUE_SKIP;
      }
      return QueueingHint.QUEUE;
    }
    if (original == null) {
      return QueueingHint.QUEUE_SKIP;
    }
    return scaleDownMayHelp(pod, original, modified) ? QueueingHint.QUEUE : QueueingHint.QUEUE_SKIP;
  }

  private static boolean scaleDownMayHelp(Pod target, Pod original, Pod modified) {
    if (modified.uid().equals(target.uid())) {
      return true;
    }
    if (modified.nodeName().isEmpty()) {
      return false;
    }
    Resource before = PodInfo.of(original).requests();
    Resource after = PodInfo.of(modified).requests();
    Resource wanted = PodInfo.of(target).requests();
    for (int id = 0; id < wanted.length(); id++) {
      if (id != Resource.PODS && wanted.get(id) != 0 && before.get(id) > after.get(id)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A node was added or its allocatable changed: helps when the pod fits the node's allocatable
   * and, for an update, some resource the pod requests (or the pod count) went up.
   */
  static QueueingHint afterNodeChange(Pod pod, Object oldObject, Object newObject) {
    Node original = as(oldObject, Node.class);
    Node modified = as(newObject, Node.class);
    if (!fitsEmpty(pod, modified)) {
      return QueueingHint.QUEUE_SKIP;
    }
    if (original == null) {
      return QueueingHint.QUEUE;
    }
    return requestedResourcesIncreased(pod, original, modified)
        ? QueueingHint.QUEUE
        : QueueingHint.QUEUE_SKIP;
  }

  /** Whether {@code pod} fits an empty {@code node} (upstream's {@code isFit}); false for null. */
  static boolean fitsEmpty(Pod pod, Node node) {
    if (node == null) {
      return false;
    }
    Fitting.Request request = Fitting.Request.of(PodInfo.of(pod), Set.of(), Set.of());
    return Fitting.check(request, NodeInfo.of(node), null) == 0;
  }

  /**
   * Whether the node's pod capacity went up, or the allocatable of some resource the pod requests
   * (upstream's {@code haveAnyRequestedResourcesIncreased}).
   */
  static boolean requestedResourcesIncreased(Pod pod, Node original, Node modified) {
    Resource before = Resource.of(original.status().allocatable());
    Resource after = Resource.of(modified.status().allocatable());
    if (after.pods() > before.pods()) {
      return true;
    }
    Resource wanted = PodInfo.of(pod).requests();
    for (int id = 0; id < wanted.length(); id++) {
      if (id != Resource.PODS && wanted.get(id) > 0 && after.get(id) > before.get(id)) {
        return true;
      }
    }
    return false;
  }

  private static <T> T as(Object o, Class<T> type) {
    if (o == null) {
      return null;
    }
    if (!type.isInstance(o)) {
      throw new IllegalArgumentException(
          "expected a " + type.getSimpleName() + ", got " + o.getClass().getName());
    }
    return type.cast(o);
  }
}
