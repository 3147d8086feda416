package io.schedkit.core.runtime;

import io.schedkit.core.cache.MutableNodeColumns;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.fastpath.IndexedNodeLister;
import io.schedkit.framework.fastpath.NodeColumns;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Copies of the snapshot's nodes with their nominated pods added, for the first of Filter's two
 * passes over a node that holds nominated pods, kept from cycle to cycle by list position. A node
 * and its nominations rarely change between two pods' cycles, while a pod that fits nowhere filters
 * every node: when preemptors wait for their victims, most nodes hold one, and copying each node
 * for each pod was a large part of such a cycle.
 *
 * <p>An entry is reused only for the very same snapshot node and the very same nominated pods (by
 * identity, in order); anything else builds a new copy, which replaces it. Only the Filter plugins
 * read a copy (no AddPod extension runs on it: the caller uses this class only when none is
 * active), so a copy is shared as the snapshot's nodes are.
 *
 * <p>Memory: at most one copy per node position, each about the size of the snapshot's node; an
 * entry whose nominations are gone stays until its position is next filtered with others.
 *
 * <p>Each kept copy has a row in columns kept by the same positions, written when the copy is
 * built, so a Filter pass hands a block of copies to the plugins' position-aware {@code
 * filterBlock} with the copies' snapshot positions and those columns (see {@code
 * FilterRunner.runFilterPluginsOnBlock}). The kept copies, their sources and their nominated pods
 * sit in arrays by position too, so that a pass over many nodes finds its copies in consecutive
 * slots and dereferences no per-copy object (the position-aware plugins do not read the copies).
 *
 * <p>Design note (threads): Filter workers call {@link #withPods} concurrently, for distinct
 * positions within one pass; passes are ordered by the worker pool. A slot is written source last
 * (with release semantics, after clearing it), and read source first (with acquire semantics), so a
 * reader that finds its node there also sees the pods, the copy and the row written with it. The
 * arrays and the columns are replaced together when the node list's size changes, which drops every
 * entry.
 */
final class NominatedNodeCopies {
  /**
   * The kept copies by list position: {@code copies[p]} is {@code sources[p]} with {@code added[p]}
   * added, and row {@code p} of {@code columns} describes it.
   */
  private record Table(
      AtomicReferenceArray<NodeInfo> sources,
      Object[] added,
      NodeInfo[] copies,
      MutableNodeColumns columns) {

    static Table of(int size) {
      return new Table(
          new AtomicReferenceArray<>(size),
          new Object[size],
          new NodeInfo[size],
          new MutableNodeColumns(size));
    }
  }

  private volatile Table table = Table.of(0);

  /**
   * {@code node} with {@code added} added, in order: a copy kept from an earlier call when
   * possible, otherwise a new one.
   *
   * @param lister the snapshot {@code node} may belong to
   * @param node the node as the snapshot lists it
   * @param added the nominated pods to add, none of them on the node; the caller does not change
   *     the list afterwards
   * @return a copy nobody may change
   */
  NodeInfo withPods(NodeInfoLister lister, NodeInfo node, List<PodInfo> added) {
    int position = IndexedNodeLister.positionIn(lister, node);
    if (position < 0) {
      return build(node, added);
    }
    return withPods(node, position, lister.size(), added);
  }

  /**
   * {@link #withPods(NodeInfoLister, NodeInfo, List)} for a node known to be at {@code position} of
   * a snapshot list of {@code size} nodes; the copy's row is in {@link #columnsFor(int)}.
   *
   * @param node the snapshot's node at {@code position}
   * @param position the node's list position
   * @param size the size of the snapshot's list
   * @param addedPods the nominated pods to add, a {@code List<PodInfo>}, none of them on the node;
   *     the caller does not change the list afterwards (an immutable list the nominator keeps is
   *     recognised by identity). Typed {@code Object} so that a caller that holds it untyped needs
   *     no cast: a cast to an interface reads the list's header, a cache miss per node in a pass
   *     over thousands of them, while a kept copy is found by identity alone.
   * @return the copy, kept or new; nobody may change it
   */
  NodeInfo withPods(NodeInfo node, int position, int size, Object addedPods) {
    Table t = tableFor(size);
    AtomicReferenceArray<NodeInfo> sources = t.sources();
    boolean sameNode = sources.getAcquire(position) == node;
    Object kept = sameNode ? t.added()[position] : null;
    if (sameNode && kept == addedPods) {
      return t.copies()[position];
    }
    @SuppressWarnings("unchecked")
    List<PodInfo> added = (List<PodInfo>) addedPods;
    @SuppressWarnings("unchecked")
    List<PodInfo> keptPods = (List<PodInfo>) kept;
    if (sameNode && samePods(keptPods, added)) {
      return t.copies()[position];
    }
    NodeInfo copy = build(node, added);
    sources.setRelease(position, null);
    t.columns().set(position, copy);
    t.added()[position] = added;
    t.copies()[position] = copy;
    sources.setRelease(position, node);
    return copy;
  }

  /**
   * The columns that hold, by the nodes' positions, the rows of the copies kept for a list of
   * {@code size} nodes; kept copies for another size are dropped. Every replacement of the kept
   * copies makes new columns, so the same object before and after a series of {@link #withPods}
   * calls means each of their rows is in it.
   *
   * @param size the size of the snapshot's list
   * @return the columns
   */
  NodeColumns columnsFor(int size) {
    return tableFor(size).columns();
  }

  private Table tableFor(int size) {
    Table t = table;
    if (t.copies().length != size) {
      t = Table.of(size);
      table = t;
    }
    return t;
  }

  private static NodeInfo build(NodeInfo node, List<PodInfo> added) {
    NodeInfo copy = node.copy();
    for (PodInfo p : added) {
      copy.addPod(p);
    }
    return copy;
  }

  private static boolean samePods(List<PodInfo> kept, List<PodInfo> added) {
    if (kept.size() != added.size()) {
      return false;
    }
    for (int i = 0, n = kept.size(); i < n; i++) {
      if (kept.get(i) != added.get(i)) {
        return false;
      }
    }
    return true;
  }
}
