package io.schedkit.core.runtime;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.NominatedRequests;
import io.schedkit.framework.PodInfo;
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
 * <p>Design note (threads): Filter workers call {@link #positions} concurrently. Each state is an
 * immutable record (its array is never written after publication) behind a volatile field; a
 * refresh copies the array, applies the changes and publishes a new record under this object's
 * lock, so a reader never sees an array half updated.
 */
final class NominationIndex {
  /**
   * The nominations by list position, and what Filter asks of each position first in flat arrays: a
   * pass over thousands of nodes, half of them holding a nominated pod, answers "none count" or
   * "all count" and finds the pods without reading each node's {@link NodeNominations} (a cache
   * miss per node). Written only before publication.
   */
  static final class ByPosition {
    private final NodeNominations[] nominations;

    /**
     * Per position, the highest priority in the upper half and {@link
     * NodeNominations#lowestPriorityWithUids} in the lower; both {@link Integer#MIN_VALUE} where
     * none.
     */
    private final long[] priorities;

    private final long[] uidBits;
    private final List<PodInfo>[] pods;

    /** {@link NodeNominations#requests} by position, flat: no object read per node. */
    private final long[] requestedCpu;

    private final long[] requestedMemory;

    @SuppressWarnings("unchecked")
    private ByPosition(int size) {
      this.nominations = new NodeNominations[size];
      this.priorities = new long[size];
      java.util.Arrays.fill(priorities, NONE);
      this.uidBits = new long[size];
      this.pods = (List<PodInfo>[]) new List<?>[size];
      this.requestedCpu = new long[size];
      this.requestedMemory = new long[size];
    }

    private ByPosition(ByPosition other) {
      this.nominations = other.nominations.clone();
      this.priorities = other.priorities.clone();
      this.uidBits = other.uidBits.clone();
      this.pods = other.pods.clone();
      this.requestedCpu = other.requestedCpu.clone();
      this.requestedMemory = other.requestedMemory.clone();
    }

    private static final long NONE = pack(Integer.MIN_VALUE, Integer.MIN_VALUE);

    private static long pack(int highest, int lowest) {
      return ((long) highest << 32) | (lowest & 0xFFFFFFFFL);
    }

    private void set(int p, NodeNominations nn) {
      nominations[p] = nn;
      if (nn == null) {
        priorities[p] = NONE;
        uidBits[p] = 0;
        pods[p] = null;
        requestedCpu[p] = 0;
        requestedMemory[p] = 0;
      } else {
        priorities[p] = pack(nn.highestPriority(), nn.lowestPriorityWithUids());
        uidBits[p] = nn.uidBits();
        pods[p] = nn.pods();
        requestedCpu[p] = nn.requests().milliCpu();
        requestedMemory[p] = nn.requests().memory();
      }
    }

    /** The nominations by position, the array itself: read only. */
    NodeNominations[] nominations() {
      return nominations;
    }

    /** The number of positions. */
    int size() {
      return nominations.length;
    }

    /** The nominations at {@code p}, null where none. */
    NodeNominations at(int p) {
      return nominations[p];
    }

    /**
     * {@link NodeNominations#noneCount} at {@code p}, true where none.
     *
     * @param p a position
     * @param priority the priority of the pod being scheduled
     */
    boolean noneCount(int p, int priority) {
      return nominations[p] == null || (int) (priorities[p] >> 32) < priority;
    }

    /**
     * {@link NodeNominations#allCount} at {@code p}, where there are nominations: from the arrays,
     * unless the pod's UID hash may be among those there.
     */
    boolean allCount(int p, PodInfo pod, int podUidHash) {
      if ((int) priorities[p] < pod.priority()) {
        return false;
      }
      return (uidBits[p] & (1L << podUidHash)) == 0 || nominations[p].allCount(pod, podUidHash);
    }

    /** {@link NodeNominations#pods} at {@code p}, where there are nominations. */
    List<PodInfo> pods(int p) {
      return pods[p];
    }

    /** {@link NodeNominations#requests} at {@code p}, where there are nominations. */
    NominatedRequests requests(int p) {
      return new NominatedRequests(requestedCpu[p], requestedMemory[p]);
    }
  }

  private record State(List<NodeInfo> list, long version, ByPosition byPosition) {}

  private volatile State state;

  /**
   * Each position's nominations (null where none), at least as new as {@code nominator}'s version
   * when called, with the flat arrays of what Filter asks first.
   *
   * @param lister the snapshot whose positions the caller uses
   * @param nominator the nominator
   * @return the nominations by position in {@code lister.list()}, read only; null when the lister
   *     does not tell the position of a nominated node it lists ({@link
   *     IndexedNodeLister#positionOf}), and the caller must look nominations up by name
   */
  ByPosition positions(NodeInfoLister lister, VersionedNominator nominator) {
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
        ByPosition byPosition = new ByPosition(old.byPosition());
        for (String node : changes.nodes()) {
          int p = positionOf(lister, node);
          if (p >= 0) {
            byPosition.set(p, nominator.nominationsOf(node));
          } else if (p == UNKNOWN) {
            return new State(list, changes.version(), null);
          }
        }
        return new State(list, changes.version(), byPosition);
      }
    }
    VersionedNominator.AllNominations all = nominator.allNominations();
    ByPosition byPosition = new ByPosition(list.size());
    for (Map.Entry<String, NodeNominations> e : all.byNode().entrySet()) {
      int p = positionOf(lister, e.getKey());
      if (p >= 0) {
        byPosition.set(p, e.getValue());
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
