package io.schedkit.framework;

import java.util.List;
import java.util.Optional;

/**
 * The nodes of the scheduling snapshot: frozen for the duration of a scheduling cycle, in
 * kube-scheduler's order (round-robin over zones). Obtained from {@link
 * FrameworkHandle#snapshot()}; valid inside the scheduling cycle only, not in the binding cycle,
 * queueing hints or PreEnqueue.
 *
 * <p>The scheduler's own snapshot is also an {@link
 * io.schedkit.framework.fastpath.IndexedNodeLister}, which adds list positions, per-position
 * columns and change tracking for plugins that keep results across cycles.
 */
public interface NodeInfoLister {
  /**
   * Every node, in snapshot order.
   *
   * @return the nodes; read-only
   */
  List<NodeInfo> list();

  /**
   * The node named {@code nodeName}.
   *
   * @param nodeName the node's name
   * @return the node, or empty if the snapshot has no such node
   */
  Optional<NodeInfo> get(String nodeName);

  /**
   * The nodes that run at least one pod with pod affinity or anti-affinity.
   *
   * @return the nodes, in snapshot order; read-only
   */
  List<NodeInfo> havePodsWithAffinity();

  /**
   * The nodes that run at least one pod with required pod anti-affinity.
   *
   * @return the nodes, in snapshot order; read-only
   */
  List<NodeInfo> havePodsWithRequiredAntiAffinity();

  /**
   * The number of nodes that report image {@code imageName} (exact name).
   *
   * @param imageName the image name as a node reports it
   * @return the number of nodes, 0 if none reports it
   */
  int imageNodeCount(String imageName);

  /**
   * The number of nodes.
   *
   * @return the number of nodes in the snapshot
   */
  default int size() {
    return list().size();
  }
}
