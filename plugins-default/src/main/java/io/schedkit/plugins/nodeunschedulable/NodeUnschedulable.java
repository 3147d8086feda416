package io.schedkit.plugins.nodeunschedulable;

import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.EnqueueExtensions;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.BlockFilterPlugin;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.fastpath.NodeLocalFilter;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Taint;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.framework.model.Toleration;
import io.schedkit.plugins.helper.ObjectChange;
import java.util.List;

/**
 * Keeps pods off cordoned nodes (upstream {@code NodeUnschedulable}, Filter): a node with {@code
 * spec.unschedulable} accepts only pods that tolerate the taint {@code
 * node.kubernetes.io/unschedulable:NoSchedule}.
 *
 * <p>Filter: UnschedulableAndUnresolvable {@code node(s) were unschedulable} for such a node and a
 * pod without the toleration. O(tolerations) per node.
 */
public final class NodeUnschedulable
    implements BlockFilterPlugin, NodeLocalFilter, EnqueueExtensions {
  /** The plugin name. */
  public static final String NAME = "NodeUnschedulable";

  /**
   * Upstream's reason for a node of unknown condition; kept for parity, the Filter never returns it
   * (a snapshot node always has its node).
   */
  public static final String ERR_REASON_UNKNOWN_CONDITION = "node(s) had unknown conditions";

  /** The Filter reason when the node is unschedulable. */
  public static final String ERR_REASON_UNSCHEDULABLE = "node(s) were unschedulable";

  /** The key of the taint that stands for {@code spec.unschedulable}. */
  public static final String TAINT_NODE_UNSCHEDULABLE = "node.kubernetes.io/unschedulable";

  private static final Taint UNSCHEDULABLE_TAINT =
      Taint.of(TAINT_NODE_UNSCHEDULABLE, "", TaintEffect.NO_SCHEDULE);

  /** Creates the plugin. */
  public NodeUnschedulable() {}

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
    if (!node.unschedulable() || toleratesUnschedulable(pod.pod())) {
      return Status.success();
    }
    return Status.unresolvable(ERR_REASON_UNSCHEDULABLE);
  }

  /** As {@link #filter} for each open node of the block, with the pod's tolerations read once. */
  @Override
  public void filterBlock(
      CycleState state, PodInfo pod, NodeInfo[] nodes, int count, Status[] verdicts) {
    Boolean tolerates = null;
    for (int i = 0; i < count; i++) {
      if (verdicts[i] == null && nodes[i].unschedulable()) {
        if (tolerates == null) {
          tolerates = toleratesUnschedulable(pod.pod());
        }
        if (!tolerates) {
          verdicts[i] = Status.unresolvable(ERR_REASON_UNSCHEDULABLE);
        }
      }
    }
  }

  /** As {@link #filterBlock(CycleState, PodInfo, NodeInfo[], int, Status[])}, from the columns. */
  @Override
  public void filterBlock(
      CycleState state,
      PodInfo pod,
      NodeInfo[] nodes,
      int[] positions,
      NodeColumns columns,
      int count,
      Status[] verdicts) {
    Boolean tolerates = null;
    for (int i = 0; i < count; i++) {
      if (verdicts[i] == null && columns.has(positions[i], NodeColumns.UNSCHEDULABLE)) {
        if (tolerates == null) {
          tolerates = toleratesUnschedulable(pod.pod());
        }
        if (!tolerates) {
          verdicts[i] = Status.unresolvable(ERR_REASON_UNSCHEDULABLE);
        }
      }
    }
  }

  private static boolean toleratesUnschedulable(Pod pod) {
    return Toleration.tolerationsTolerateTaint(pod.spec().tolerations(), UNSCHEDULABLE_TAINT);
  }

  /**
   * Node Add | UpdateNodeTaint (the queue reports {@code spec.unschedulable} changes as taint
   * updates) and Pod UpdatePodToleration, each with a hint.
   */
  @Override
  public List<ClusterEventWithHint> eventsToRegister() {
    return List.of(
        ClusterEventWithHint.of(
            ClusterEvent.of(EventResource.NODE, ActionType.ADD.or(ActionType.UPDATE_NODE_TAINT)),
            NodeUnschedulable::isSchedulableAfterNodeChange),
        ClusterEventWithHint.of(
            ClusterEvent.of(EventResource.POD, ActionType.UPDATE_POD_TOLERATION),
            NodeUnschedulable::isSchedulableAfterPodTolerationChange));
  }

  /**
   * Queue when a schedulable node is added or a node goes from unschedulable to schedulable.
   *
   * @throws IllegalArgumentException if an object is not a node
   */
  static QueueingHint isSchedulableAfterNodeChange(Pod pod, Object oldObject, Object newObject) {
    ObjectChange<Node> change = ObjectChange.of(Node.class, oldObject, newObject);
    Node original = change.oldObject();
    Node modified = change.newObject();
    boolean nowSchedulable = !modified.spec().unschedulable();
    if (nowSchedulable && (original == null || original.spec().unschedulable())) {
      return QueueingHint.QUEUE;
    }
    return QueueingHint.QUEUE_SKIP;
  }

  /**
   * Queue when the rejected pod itself now tolerates the unschedulable taint. Tolerations can only
   * be added, and the pod was rejected without this one, so the old version need not be checked.
   *
   * @throws IllegalArgumentException if an object is not a pod
   */
  static QueueingHint isSchedulableAfterPodTolerationChange(
      Pod pod, Object oldObject, Object newObject) {
    Pod modified = ObjectChange.of(Pod.class, oldObject, newObject).newObject();
    if (modified.uid().equals(pod.uid()) && toleratesUnschedulable(modified)) {
      return QueueingHint.QUEUE;
    }
    return QueueingHint.QUEUE_SKIP;
  }
}
