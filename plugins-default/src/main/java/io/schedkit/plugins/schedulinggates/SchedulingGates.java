package io.schedkit.plugins.schedulinggates;

import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.EnqueueExtensions;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.PreEnqueuePlugin;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Pod;
import io.schedkit.plugins.helper.ObjectChange;
import java.util.List;

/**
 * Holds back pods that carry {@code spec.schedulingGates} (upstream {@code SchedulingGates},
 * PreEnqueue): such a pod waits in the unschedulable pool until every gate is removed.
 *
 * <p>PreEnqueue: no gates ⇒ Success; otherwise UnschedulableAndUnresolvable {@code waiting for
 * scheduling gates: [g1 g2]} (gates in spec order). O(gates) per call. The pod wakes up only on its
 * own "scheduling gates eliminated" update.
 */
public final class SchedulingGates implements PreEnqueuePlugin, EnqueueExtensions {
  /** The plugin name. */
  public static final String NAME = "SchedulingGates";

  /** Creates the plugin. */
  public SchedulingGates() {}

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Status preEnqueue(Pod pod) {
    List<String> gates = pod.spec().schedulingGates();
    if (gates.isEmpty()) {
      return Status.success();
    }
    return Status.unresolvable("waiting for scheduling gates: [" + String.join(" ", gates) + "]");
  }

  /** Pod UpdatePodSchedulingGatesEliminated, with a hint that only the gated pod itself passes. */
  @Override
  public List<ClusterEventWithHint> eventsToRegister() {
    return List.of(
        ClusterEventWithHint.of(
            ClusterEvent.of(EventResource.POD, ActionType.UPDATE_POD_SCHEDULING_GATES_ELIMINATED),
            SchedulingGates::isSchedulableAfterPodSchedulingGatesEliminated));
  }

  /**
   * Queue when the updated pod is {@code pod} itself, skip an update of another pod.
   *
   * @throws IllegalArgumentException if an object is not a pod (the queue then queues the pod)
   */
  static QueueingHint isSchedulableAfterPodSchedulingGatesEliminated(
      Pod pod, Object oldObject, Object newObject) {
    Pod modified = ObjectChange.of(Pod.class, oldObject, newObject).newObject();
    return modified.uid().equals(pod.uid()) ? QueueingHint.QUEUE : QueueingHint.QUEUE_SKIP;
  }
}
