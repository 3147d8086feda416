package io.schedkit.plugins.helper;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.fastpath.IndexedNodeLister;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Tells a plugin that keeps per-position results for a snapshot's node list across cycles which
 * positions it must re-read since its last look: none when nothing changed, the replaced positions
 * when the lister {@link io.schedkit.framework.fastpath.IndexedNodeLister#changedSince can tell},
 * or every position otherwise (another list, a lister that does not track replacements, or too many
 * changes to remember).
 *
 * <p>Usage: call {@link #positionsToReread} before bringing the results up to date and, when it
 * returns null, compare every position as before; call {@link #caughtUp} once they are up to date.
 * Not thread-safe: one instance per cached structure, used from the sequential points of a cycle.
 */
public final class NodeListChanges {
  private static final int[] NONE = new int[0];

  private List<NodeInfo> list;
  private long stamp = -1;

  /** A tracker that has seen nothing yet. */
  public NodeListChanges() {}

  /**
   * The positions of {@code nodes} to re-read since {@link #caughtUp} was last called.
   *
   * @param lister the snapshot {@code nodes} come from, or null if unknown
   * @param nodes the node list about to be read
   * @return the positions (possibly repeated, possibly empty), or null to re-check every position
   */
  public int[] positionsToReread(NodeInfoLister lister, List<NodeInfo> nodes) {
    if (!(lister instanceof IndexedNodeLister indexed)
        || nodes != list
        || stamp < 0
        || lister.list() != nodes) {
      return null;
    }
    long now = indexed.changeStamp();
    if (now == stamp) {
      return NONE;
    }
    return now < 0 ? null : indexed.changedSince(stamp);
  }

  /**
   * Records that the caller's results now reflect {@code nodes} as {@code lister} has them.
   *
   * @param lister the snapshot {@code nodes} come from, or null if unknown
   * @param nodes the node list just read
   */
  public void caughtUp(NodeInfoLister lister, List<NodeInfo> nodes) {
    if (!(lister instanceof IndexedNodeLister indexed) || lister.list() != nodes) {
      list = null;
      stamp = -1;
      return;
    }
    list = nodes;
    stamp = indexed.changeStamp();
  }

  /**
   * Brings a per-position structure up to date with {@code nodes} and records what it saw: {@code
   * rereadAt} for each position replaced since the last update, when the lister can tell, the
   * lister {@link io.schedkit.framework.fastpath.IndexedNodeLister#replacesChangedNodes() replaces
   * changed nodes} and the structure already {@code covers} a list of this size; {@code rereadAll}
   * otherwise.
   *
   * @param lister the snapshot {@code nodes} come from, or null if unknown
   * @param nodes the node list to catch up with
   * @param identityOnly whether {@code nodes} come from a lister that replaces changed nodes
   * @param covers whether the structure holds one entry per position of {@code nodes} already
   * @param rereadAt re-reads one position (it may be given one whose NodeInfo did not change)
   * @param rereadAll re-reads every position
   */
  public void update(
      NodeInfoLister lister,
      List<NodeInfo> nodes,
      boolean identityOnly,
      boolean covers,
      IntConsumer rereadAt,
      Runnable rereadAll) {
    int[] changed = identityOnly && covers ? positionsToReread(lister, nodes) : null;
    if (changed != null) {
      for (int p : changed) {
        rereadAt.accept(p);
      }
    } else {
      rereadAll.run();
    }
    if (identityOnly) {
      caughtUp(lister, nodes);
    } else {
      reset();
    }
  }

  /** Forgets what was seen, so the next look re-checks every position. */
  public void reset() {
    list = null;
    stamp = -1;
  }
}
