package io.schedkit.framework;

import java.util.List;
import java.util.Optional;

/**
 * The nodes of the scheduling snapshot: frozen for the duration of a scheduling cycle, in
 * kube-scheduler's order (round-robin over zones). Obtained from {@link
 * FrameworkHandle#snapshot()}; valid inside the scheduling cycle only, not in the binding cycle,
 * queueing hints or PreEnqueue.
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

  /**
   * Whether a change to a node always comes as a new {@link NodeInfo} object, the old one staying
   * as it was (the scheduler's snapshot works so). A plugin that keeps per-node results from one
   * cycle to the next may then tell changed nodes by identity alone, without reading each
   * NodeInfo's {@link NodeInfo#generation()}. False unless the lister says otherwise.
   *
   * @return whether NodeInfos are never changed in place
   */
  default boolean replacesChangedNodes() {
    return false;
  }

  /**
   * The nodes' Filter and Score numbers by list position ({@link NodeColumns}), kept in step with
   * {@link #list()}: row {@code p} describes {@code list().get(p)}. Plugins use them through the
   * position-aware {@link FilterPlugin#filterBlock(CycleState, PodInfo, NodeInfo[], int[],
   * NodeColumns, int, Status[])} and {@link ScorePlugin#scoreRange(CycleState, PodInfo, List,
   * int[], NodeColumns, int, int, long[])}, which the framework calls only with columns from here.
   *
   * @return the columns, or null if the lister keeps none
   */
  default NodeColumns columns() {
    return null;
  }

  /**
   * A stamp that grows each time a node's {@link NodeInfo} in {@link #list()} is replaced by a new
   * copy, for plugins that keep per-node results across cycles (see {@link #changedSince}). It
   * means something only together with the {@link #list()} object it was read with: a lister that
   * rebuilds its list (nodes added, removed or reordered) hands out a new list object.
   *
   * @return the stamp, or -1 if the lister does not track replacements
   */
  default long changeStamp() {
    return -1;
  }

  /**
   * The positions in {@link #list()} whose NodeInfo was replaced since {@code stamp} (a value of
   * {@link #changeStamp()} read with the same list object), so a plugin can re-read those alone
   * instead of comparing every position. A position may appear more than once.
   *
   * @param stamp an earlier {@link #changeStamp()}
   * @return the positions, or null when the lister cannot tell (it does not track replacements, it
   *     no longer remembers that far back, or the stamp is not one of its own)
   */
  default int[] changedSince(long stamp) {
    return null;
  }

  /**
   * The position of {@code node} in {@link #list()} when it is the very object this lister keeps
   * there, so a plugin that keeps per-position results across cycles (see {@link #changedSince})
   * can use them for a node it is given; -1 for any other object, such as a copy a plugin or
   * preemption made to try something on, or when the lister does not know positions.
   *
   * @param node a node, possibly one of this lister's
   * @return its position in {@link #list()}, or -1
   */
  default int positionOf(NodeInfo node) {
    return -1;
  }
}
