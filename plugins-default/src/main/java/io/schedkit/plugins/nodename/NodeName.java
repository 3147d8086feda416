package io.schedkit.plugins.nodename;

import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.EnqueueExtensions;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.BlockFilterPlugin;
import io.schedkit.framework.fastpath.NodeLocalFilter;
import io.schedkit.framework.model.Pod;
import java.util.List;

/**
 * Keeps a pod that names its node in {@code spec.nodeName} off every other node (upstream {@code
 * NodeName}, Filter).
 *
 * <p>Filter: Success when {@code spec.nodeName} is empty or equals the node's name, otherwise
 * UnschedulableAndUnresolvable {@code node(s) didn't match the requested node name}. O(1) per node.
 */
public final class NodeName implements BlockFilterPlugin, NodeLocalFilter, EnqueueExtensions {
  /** The plugin name. */
  public static final String NAME = "NodeName";

  /** The Filter reason when the node is not the requested one. */
  public static final String ERR_REASON = "node(s) didn't match the requested node name";

  /** Creates the plugin. */
  public NodeName() {}

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
    return fits(pod.pod(), node) ? Status.success() : Status.unresolvable(ERR_REASON);
  }

  /** As {@link #filter} for each open node of the block; nothing to do for a pod naming no node. */
  @Override
  public void filterBlock(
      CycleState state, PodInfo pod, NodeInfo[] nodes, int count, Status[] verdicts) {
    String wanted = pod.pod().spec().nodeName();
    if (wanted.isEmpty()) {
      return;
    }
    for (int i = 0; i < count; i++) {
      if (verdicts[i] == null && !wanted.equals(nodes[i].name())) {
        verdicts[i] = Status.unresolvable(ERR_REASON);
      }
    }
  }

  /**
   * Whether {@code pod} may run on {@code node} as far as its requested node name goes.
   *
   * @param pod the pod
   * @param node the node
   * @return true when the pod names no node or names this one
   */
  public static boolean fits(Pod pod, NodeInfo node) {
    String wanted = pod.spec().nodeName();
    return wanted.isEmpty() || wanted.equals(node.name());
  }

  /**
   * Node Add, without a hint: only a new node can be the requested one (with queueing hints there
   * is no pre-check that could drop the add, so upstream registers no node updates).
   */
  @Override
  public List<ClusterEventWithHint> eventsToRegister() {
    return List.of(ClusterEventWithHint.of(ClusterEvent.NODE_ADD));
  }
}
