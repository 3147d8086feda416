package io.schedkit.plugins.nodeports;

import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.EnqueueExtensions;
import io.schedkit.framework.HostPort;
import io.schedkit.framework.HostPortInfo;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreFilterPlugin;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.StateData;
import io.schedkit.framework.StateKey;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.NodeLocalFilter;
import io.schedkit.framework.model.Pod;
import io.schedkit.plugins.helper.ObjectChange;
import java.util.List;

/**
 * Keeps a pod off nodes where a host port it asks for is taken (upstream {@code NodePorts},
 * PreFilter and Filter).
 *
 * <p>The wanted ports are the {@code hostPort > 0} ports of the pod's containers and restartable
 * (sidecar) init containers, as {@code (hostIP, protocol, port)} with {@code 0.0.0.0} and {@code
 * TCP} for empty fields ({@link PodInfo#hostPorts()}). {@code 0.0.0.0} conflicts with the same
 * protocol and port on any IP; a specific IP conflicts with itself and {@code 0.0.0.0}.
 *
 * <ul>
 *   <li>PreFilter: Skip when the pod wants no host port; otherwise stores the wanted ports. O(1),
 *       the ports being precomputed in {@link PodInfo}.
 *   <li>Filter: Unschedulable {@code node(s) didn't have free ports for the requested pod ports}
 *       when a wanted port conflicts with one the node's pods hold ({@link NodeInfo#usedPorts()}).
 *       O(wanted ports) per node for specific IPs, O(wanted × used ports) for {@code 0.0.0.0}.
 * </ul>
 */
public final class NodePorts implements PreFilterPlugin, NodeLocalFilter, EnqueueExtensions {
  /** The plugin name. */
  public static final String NAME = "NodePorts";

  /** The Filter reason when a wanted host port is taken on the node. */
  public static final String ERR_REASON =
      "node(s) didn't have free ports for the requested pod ports";

  private static final StateKey<PreFilterState> PRE_FILTER_KEY = StateKey.of("PreFilter" + NAME);

  /** The wanted ports; not affected by adding or removing other pods, so shared by copies. */
  private record PreFilterState(List<HostPort> wanted) implements StateData {}

  /** Creates the plugin. */
  public NodePorts() {}

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
    List<HostPort> wanted = pod.hostPorts();
    if (wanted.isEmpty()) {
      return PreFilterResult.skip();
    }
    state.write(PRE_FILTER_KEY, new PreFilterState(wanted));
    return PreFilterResult.success();
  }

  @Override
  public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
    var s = state.find(PRE_FILTER_KEY);
    if (s.isEmpty()) {
      return Status.error("reading \"" + PRE_FILTER_KEY.name() + "\" from cycleState: not found");
    }
    return fitsPorts(s.get().wanted(), node.usedPorts())
        ? Status.success()
        : Status.unschedulable(ERR_REASON);
  }

  /**
   * Whether none of {@code pod}'s wanted host ports conflicts with the ports used on {@code node}.
   *
   * @param pod the pod
   * @param node the node
   * @return true when the pod's host ports are free on the node
   */
  public static boolean fits(PodInfo pod, NodeInfo node) {
    return fitsPorts(pod.hostPorts(), node.usedPorts());
  }

  private static boolean fitsPorts(List<HostPort> wanted, HostPortInfo used) {
    for (int i = 0, n = wanted.size(); i < n; i++) {
      if (used.conflicts(wanted.get(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * AssignedPod Delete with a hint (pod specs' ports are immutable, so pod updates never help), and
   * Node Add without one (a new node has every port free; with queueing hints upstream registers no
   * node update).
   */
  @Override
  public List<ClusterEventWithHint> eventsToRegister() {
    return List.of(
        ClusterEventWithHint.of(
            ClusterEvent.ASSIGNED_POD_DELETE, NodePorts::isSchedulableAfterAssignedPodDeleted),
        ClusterEventWithHint.of(ClusterEvent.NODE_ADD));
  }

  /**
   * Queue when the deleted pod was bound (or nominated) and held a host port that conflicts with
   * one {@code pod} wants.
   *
   * @throws IllegalArgumentException if the deleted object is not a pod
   */
  static QueueingHint isSchedulableAfterAssignedPodDeleted(
      Pod pod, Object oldObject, Object newObject) {
    Pod deleted = ObjectChange.of(Pod.class, oldObject, null).oldObject();
    if (deleted.nodeName().isEmpty() && deleted.nominatedNodeName().isEmpty()) {
      return QueueingHint.QUEUE_SKIP;
    }
    List<HostPort> freed = PodInfo.of(deleted).hostPorts();
    if (freed.isEmpty()) {
      return QueueingHint.QUEUE_SKIP;
    }
    for (HostPort wanted : PodInfo.of(pod).hostPorts()) {
      for (HostPort f : freed) {
        if (wanted.conflictsWith(f)) {
          return QueueingHint.QUEUE;
        }
      }
    }
    return QueueingHint.QUEUE_SKIP;
  }
}
