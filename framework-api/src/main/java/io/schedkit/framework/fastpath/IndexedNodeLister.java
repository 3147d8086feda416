package io.schedkit.framework.fastpath;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;

/**
 * A {@link NodeInfoLister} that knows where each node sits in its {@link #list()}: the scheduler's
 * snapshot is one. It lets a plugin keep per-node results from one cycle to the next and re-read
 * only the nodes that changed, and gives the position-aware fast paths ({@link BlockFilterPlugin},
 * {@link RangeScorePlugin}) their {@link NodeColumns}. Find it with {@code instanceof} on {@link
 * io.schedkit.framework.FrameworkHandle#snapshot()}'s node lister; a plugin must keep working (more
 * slowly) when the lister is a plain {@code NodeInfoLister}.
 */
public interface IndexedNodeLister extends NodeInfoLister {
  /**
   * Whether a change to a node always comes as a new {@link NodeInfo} object, the old one staying
   * as it was (the scheduler's snapshot works so). A plugin that keeps per-node results from one
   * cycle to the next may then tell changed nodes by identity alone, without reading each
   * NodeInfo's {@link NodeInfo#generation()}.
   *
   * @return whether NodeInfos are never changed in place
   */
  boolean replacesChangedNodes();

  /**
   * The nodes' Filter and Score numbers by list position ({@link NodeColumns}), kept in step with
   * {@link #list()}: row {@code p} describes {@code list().get(p)}. The framework hands them to
   * {@link BlockFilterPlugin} and {@link RangeScorePlugin} only from here.
   *
   * @return the columns, or null if the lister keeps none
   */
  NodeColumns columns();

  /**
   * A stamp that grows each time a node's {@link NodeInfo} in {@link #list()} is replaced by a new
   * copy, for plugins that keep per-node results across cycles (see {@link #changedSince}). It
   * means something only together with the {@link #list()} object it was read with: a lister that
   * rebuilds its list (nodes added, removed or reordered) hands out a new list object.
   *
   * @return the stamp, or -1 if the lister does not track replacements
   */
  long changeStamp();

  /**
   * The positions in {@link #list()} whose NodeInfo was replaced since {@code stamp} (a value of
   * {@link #changeStamp()} read with the same list object), so a plugin can re-read those alone
   * instead of comparing every position. A position may appear more than once.
   *
   * @param stamp an earlier {@link #changeStamp()}
   * @return the positions, or null when the lister cannot tell (it no longer remembers that far
   *     back, or the stamp is not one of its own)
   */
  int[] changedSince(long stamp);

  /**
   * The position of {@code node} in {@link #list()} when it is the very object this lister keeps
   * there, so a plugin that keeps per-position results across cycles can use them for a node it is
   * given; -1 for any other object, such as a copy a plugin or preemption made to try something on.
   *
   * @param node a node, possibly one of this lister's
   * @return its position in {@link #list()}, or -1
   */
  int positionOf(NodeInfo node);

  /**
   * {@code lister}'s {@link #positionOf} when it is an {@code IndexedNodeLister}, else -1.
   *
   * @param lister any node lister; not null
   * @param node a node
   * @return the node's position in the lister's list, or -1
   */
  static int positionIn(NodeInfoLister lister, NodeInfo node) {
    return lister instanceof IndexedNodeLister indexed ? indexed.positionOf(node) : -1;
  }

  /**
   * {@code lister}'s {@link #columns()} when it is an {@code IndexedNodeLister}, else null.
   *
   * @param lister any node lister; not null
   * @return its columns, or null
   */
  static NodeColumns columnsOf(NodeInfoLister lister) {
    return lister instanceof IndexedNodeLister indexed ? indexed.columns() : null;
  }

  /**
   * Whether {@code lister} is an {@code IndexedNodeLister} that {@link #replacesChangedNodes()}.
   *
   * @param lister any node lister; not null
   * @return whether changed nodes always come as new objects
   */
  static boolean replacesChangedNodes(NodeInfoLister lister) {
    return lister instanceof IndexedNodeLister indexed && indexed.replacesChangedNodes();
  }
}
