package io.schedkit.core.runtime;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.PodInfo;
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
 * <p>Design note (threads): Filter workers call {@link #withPods} concurrently. Entries are
 * immutable records published through an atomic array; two workers that miss on the same position
 * each build a copy and the last one stays, both correct. The array is replaced when the node
 * list's size changes, which drops every entry.
 */
final class NominatedNodeCopies {
  private record Entry(NodeInfo source, PodInfo[] added, NodeInfo copy) {}

  private volatile AtomicReferenceArray<Entry> entries = new AtomicReferenceArray<>(0);

  /**
   * {@code node} with {@code added} added, in order: a copy kept from an earlier call when
   * possible, otherwise a new one.
   *
   * @param lister the snapshot {@code node} may belong to
   * @param node the node as the snapshot lists it
   * @param added the nominated pods to add, none of them on the node
   * @return a copy nobody may change
   */
  NodeInfo withPods(NodeInfoLister lister, NodeInfo node, List<PodInfo> added) {
    int position = lister.positionOf(node);
    if (position < 0) {
      return build(node, added);
    }
    AtomicReferenceArray<Entry> array = entries;
    int size = lister.size();
    if (array.length() != size) {
      array = new AtomicReferenceArray<>(size);
      entries = array;
    }
    Entry entry = array.get(position);
    if (entry != null && entry.source() == node && samePods(entry.added(), added)) {
      return entry.copy();
    }
    NodeInfo copy = build(node, added);
    array.set(position, new Entry(node, added.toArray(new PodInfo[0]), copy));
    return copy;
  }

  private static NodeInfo build(NodeInfo node, List<PodInfo> added) {
    NodeInfo copy = node.copy();
    for (PodInfo p : added) {
      copy.addPod(p);
    }
    return copy;
  }

  private static boolean samePods(PodInfo[] kept, List<PodInfo> added) {
    if (kept.length != added.size()) {
      return false;
    }
    for (int i = 0; i < kept.length; i++) {
      if (kept[i] != added.get(i)) {
        return false;
      }
    }
    return true;
  }
}
