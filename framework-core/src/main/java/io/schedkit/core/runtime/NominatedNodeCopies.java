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
 * FilterRunner.runFilterPluginsOnBlock}), reading no per-copy object but the entry.
 *
 * <p>Design note (threads): Filter workers call {@link #withPods} concurrently, for distinct
 * positions within one pass. Entries are immutable records published through an atomic array after
 * their row is written; two workers that miss on the same position each build a copy and write the
 * row, both describing the same node with the same pods, and the last entry stays. The array and
 * the columns are replaced together when the node list's size changes, which drops every entry.
 */
final class NominatedNodeCopies {
  /**
   * A kept copy: {@code node} is {@code source} with {@code added} added; row {@code position} of
   * {@code columns} describes it, for Filter passes that hand copies to the plugins' position-aware
   * {@code filterBlock}.
   */
  record Copy(NodeInfo source, List<PodInfo> added, NodeInfo node, NodeColumns columns) {}

  /**
   * The kept copies by list position, and their columns rows by the same positions: one array of
   * rows for all copies, so that a pass over many nodes with nominated pods reads consecutive rows
   * instead of an object per copy.
   */
  private record Table(AtomicReferenceArray<Copy> entries, MutableNodeColumns columns) {}

  private volatile Table table =
      new Table(new AtomicReferenceArray<>(0), new MutableNodeColumns(0));

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
    return withPods(node, position, lister.size(), added).node();
  }

  /**
   * {@link #withPods(NodeInfoLister, NodeInfo, List)} for a node known to be at {@code position} of
   * a snapshot list of {@code size} nodes, with the copy's columns row.
   *
   * @param node the snapshot's node at {@code position}
   * @param position the node's list position
   * @param size the size of the snapshot's list
   * @param added the nominated pods to add, none of them on the node; the caller does not change
   *     the list afterwards (an immutable list the nominator keeps is recognised by identity)
   * @return the copy, kept or new; nobody may change it
   */
  Copy withPods(NodeInfo node, int position, int size, List<PodInfo> added) {
    Table t = table;
    if (t.entries().length() != size) {
      t = new Table(new AtomicReferenceArray<>(size), new MutableNodeColumns(size));
      table = t;
    }
    AtomicReferenceArray<Copy> array = t.entries();
    Copy entry = array.get(position);
    if (entry != null
        && entry.source() == node
        && (entry.added() == added || samePods(entry.added(), added))) {
      return entry;
    }
    NodeInfo copy = build(node, added);
    // The row first: a reader that finds the entry (a volatile read) sees the row written.
    t.columns().set(position, copy);
    Copy made = new Copy(node, added, copy, t.columns());
    array.set(position, made);
    return made;
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
