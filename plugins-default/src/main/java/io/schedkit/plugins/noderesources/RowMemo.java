package io.schedkit.plugins.noderesources;

import io.schedkit.framework.fastpath.NodeColumns;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * What a plugin computed from a node's row and the pod's requests, kept by node position from cycle
 * to cycle: a small result (0 to 127: a score, or whether the pod fits) is reused while the node's
 * row has the version it was computed from ({@link NodeColumns#VERSION}) and the pod requests what
 * it was computed for.
 *
 * <p>Why: pod after pod asks for the same resources (the replicas of a workload), and between two
 * cycles only the nodes that changed get new rows, so most of a cycle's results are the last
 * cycle's. Reading one back reads the row's version and one entry, where computing it reads the row
 * (two cache lines) and, for a score, divides twice.
 *
 * <p>One table per request vector, for the last {@value #TABLES} vectors seen; a table is never
 * shared between vectors, so a result found is one computed for the same requests. Each entry is
 * one {@code long} (the version, then the result in the low bits) read and written atomically:
 * ranges of one cycle, run concurrently, write disjoint positions; anything else racing at worst
 * loses an entry, which is then computed again.
 */
final class RowMemo {
  /** Request vectors remembered at once. */
  static final int TABLES = 4;

  private static final int SCORE_BITS = 7;
  private static final long SCORE_MASK = (1L << SCORE_BITS) - 1;
  private static final long MAX_VERSION = Long.MAX_VALUE >>> SCORE_BITS;
  private static final VarHandle ENTRY = MethodHandles.arrayElementVarHandle(long[].class);

  /** The tables, the most recently made first; the array is replaced, never changed. */
  private volatile Table[] tables = new Table[0];

  /** The results kept for one request vector, by position. */
  static final class Table {
    private final long[] requests;
    private final long[] entries;

    private Table(long[] requests, int positions) {
      this.requests = requests;
      this.entries = new long[positions];
    }

    /**
     * The result kept at {@code position} for a row of {@code version}, or -1 if none is.
     *
     * @param position the node's list position
     * @param version the row's version
     * @return the score, or -1
     */
    long get(int position, long version) {
      if (position >= entries.length || version <= 0) {
        return -1;
      }
      long entry = (long) ENTRY.getOpaque(entries, position);
      return entry >>> SCORE_BITS == version ? entry & SCORE_MASK : -1;
    }

    /**
     * Keeps {@code score} at {@code position} for a row of {@code version}; results that do not fit
     * the entry (below 0, above 127) are not kept.
     *
     * @param position the node's list position
     * @param version the row's version
     * @param score the score computed from that row
     */
    void put(int position, long version, long score) {
      if (position < entries.length
          && version > 0
          && version <= MAX_VERSION
          && score >= 0
          && score <= SCORE_MASK) {
        ENTRY.setOpaque(entries, position, version << SCORE_BITS | score);
      }
    }
  }

  /**
   * The table of {@code requests}, with room for every position of {@code columns}: a kept one, or
   * a new one that replaces the oldest.
   *
   * @param requests the pod's requests, as the scorer reads them; not changed afterwards
   * @param columns the columns the positions index
   * @return the table
   */
  Table table(long[] requests, NodeColumns columns) {
    Table[] current = tables;
    int positions = columns.capacity();
    for (Table t : current) {
      if (t.entries.length >= positions && Arrays.equals(t.requests, requests)) {
        return t;
      }
    }
    Table made = new Table(requests.clone(), positions);
    Table[] next = new Table[Math.min(TABLES, current.length + 1)];
    next[0] = made;
    int k = 1;
    for (Table t : current) {
      // A smaller table of the same requests is replaced by this one.
      if (k < next.length && !Arrays.equals(t.requests, requests)) {
        next[k++] = t;
      }
    }
    tables = k == next.length ? next : Arrays.copyOf(next, k);
    return made;
  }
}
