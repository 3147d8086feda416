package io.schedkit.core.runtime;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.fastpath.IndexedNodeLister;
import java.util.List;
import java.util.Map;

/**
 * The nominator's nominations by snapshot list position, for Filter passes over the snapshot's own
 * list: one array read per node instead of a lookup by node name. When preemptors wait for their
 * victims, most nodes hold a nominated pod, and those lookups were a tenth of a failing cycle.
 *
 * <p>The array follows two things: the lister's list object (positions mean something only with it;
 * a new list object means a full rebuild) and the nominator's {@link VersionedNominator#version()}
 * (only the nodes logged as changed since are re-read, or everything when the log no longer reaches
 * back). A node named in a nomination but absent from the snapshot has no position and is left out,
 * as a lookup by name from the snapshot's nodes would never find it.
 *
 * <p>Design note (threads): Filter workers call {@link #current} concurrently. Each state is an
 * immutable record (its array is never written after publication) behind a volatile field; a
 * refresh copies the array, applies the changes and publishes a new record under this object's
 * lock, so a reader never sees an array half updated.
 */
final class NominationIndex {
  private record State(List<NodeInfo> list, long version, NodeNominations[] byPosition) {}

  private volatile State state;

  /**
   * Each position's nominations (null where none), at least as new as {@code nominator}'s version
   * when called.
   *
   * @param lister the snapshot whose positions the caller uses
   * @param nominator the nominator
   * @return the nominations by position in {@code lister.list()}, read only; null when the lister
   *     does not tell the position of a nominated node it lists ({@link
   *     IndexedNodeLister#positionOf}), and the caller must look nominations up by name
   */
  NodeNominations[] current(NodeInfoLister lister, VersionedNominator nominator) {
    List<NodeInfo> list = lister.list();
    long version = nominator.version();
    State s = state;
    if (s != null && s.list() == list && s.version() == version) {
      return s.byPosition();
    }
    synchronized (this) {
      s = state;
      if (s == null || s.list() != list || s.version() != version) {
        s = refreshed(s, lister, list, nominator);
        state = s;
      }
      return s.byPosition();
    }
  }

  private static State refreshed(
      State old, NodeInfoLister lister, List<NodeInfo> list, VersionedNominator nominator) {
    if (old != null && old.list() == list && old.byPosition() != null) {
      VersionedNominator.Changes changes = nominator.changesSince(old.version());
      if (changes != null) {
        NodeNominations[] byPosition = old.byPosition().clone();
        for (String node : changes.nodes()) {
          int p = positionOf(lister, node);
          if (p >= 0) {
            byPosition[p] = nominator.nominationsOf(node);
          } else if (p == UNKNOWN) {
            return new State(list, changes.version(), null);
          }
        }
        return new State(list, changes.version(), byPosition);
      }
    }
    VersionedNominator.AllNominations all = nominator.allNominations();
    NodeNominations[] byPosition = new NodeNominations[list.size()];
    for (Map.Entry<String, NodeNominations> e : all.byNode().entrySet()) {
      int p = positionOf(lister, e.getKey());
      if (p >= 0) {
        byPosition[p] = e.getValue();
      } else if (p == UNKNOWN) {
        return new State(list, all.version(), null);
      }
    }
    return new State(list, all.version(), byPosition);
  }

  /** {@link #positionOf}'s answer for a node the lister lists without telling where. */
  private static final int UNKNOWN = -2;

  /** The node's list position, -1 if the lister does not list it, or {@link #UNKNOWN}. */
  private static int positionOf(NodeInfoLister lister, String node) {
    NodeInfo n = lister.get(node).orElse(null);
    if (n == null) {
      return -1;
    }
    int p = IndexedNodeLister.positionIn(lister, n);
    return p >= 0 ? p : UNKNOWN;
  }
}
