package io.schedkit.framework;

import java.util.Arrays;

/**
 * The numbers Filter and Score read of every node they look at, copied out of the {@link NodeInfo}s
 * of a lister's {@link NodeInfoLister#list()} into one flat array, by list position: the
 * allocatable and requested cpu, memory, ephemeral storage and pods, the requests with scoring
 * defaults, and whether the node is unschedulable, has taints or reports images.
 *
 * <p>Why: a scheduling cycle looks at hundreds of nodes that it last saw many pods ago, each a
 * {@code NodeInfo} and three {@link Resource}s somewhere in the heap, so reading them was mostly
 * waiting for memory. Read by position, a node's numbers are one row of this array, and a block of
 * nodes is a few consecutive cache lines that the processor fetches ahead. The default plugins take
 * their common case from here ({@link FilterPlugin#filterBlock(CycleState, PodInfo, NodeInfo[],
 * int[], NodeColumns, int, Status[])}, {@link ScorePlugin#scoreRange(CycleState, PodInfo,
 * java.util.List, int[], NodeColumns, int, int, long[])}) and read the {@code NodeInfo} for the
 * rest.
 *
 * <p>Row {@code p} always describes {@code list().get(p)}: the lister that owns the columns writes
 * a row whenever it puts a node at a position ({@link #set}), and its nodes are not changed in
 * place ({@link NodeInfoLister#replacesChangedNodes()}). The framework also makes small columns of
 * its own for copies of snapshot nodes (a node with its nominated pods added), where row {@code k}
 * describes the {@code k}-th copy. Thread-safety: written before the Filter or Score pass that
 * reads them, read concurrently during it.
 */
public final class NodeColumns {
  /** Allocatable cpu, in millicores. */
  public static final int ALLOCATABLE_MILLI_CPU = 0;

  /** Allocatable memory, in bytes. */
  public static final int ALLOCATABLE_MEMORY = 1;

  /** Allocatable ephemeral storage, in bytes. */
  public static final int ALLOCATABLE_EPHEMERAL_STORAGE = 2;

  /** The number of pods the node accepts. */
  public static final int ALLOCATABLE_PODS = 3;

  /** The cpu the node's pods request, in millicores ({@link NodeInfo#requested()}). */
  public static final int REQUESTED_MILLI_CPU = 4;

  /** The memory the node's pods request, in bytes. */
  public static final int REQUESTED_MEMORY = 5;

  /** The ephemeral storage the node's pods request, in bytes. */
  public static final int REQUESTED_EPHEMERAL_STORAGE = 6;

  /** The cpu requested with scoring defaults ({@link NodeInfo#nonZeroRequested()}). */
  public static final int NON_ZERO_MILLI_CPU = 7;

  /** The memory requested with scoring defaults. */
  public static final int NON_ZERO_MEMORY = 8;

  /** The number of pods on the node. */
  public static final int POD_COUNT = 9;

  /** The flags below, or-ed. */
  public static final int FLAGS = 10;

  /** Flag: {@link NodeInfo#unschedulable()}. */
  public static final long UNSCHEDULABLE = 1;

  /** Flag: {@link NodeInfo#taints()} is not empty. */
  public static final long HAS_TAINTS = 2;

  /** Flag: {@link NodeInfo#imageSizes()} is not empty. */
  public static final long HAS_IMAGES = 4;

  /** Longs per row: the fields above, padded to 96 bytes. */
  private static final int STRIDE = 12;

  private long[] rows;

  /**
   * Columns for {@code capacity} positions, all zero.
   *
   * @param capacity the number of positions
   */
  public NodeColumns(int capacity) {
    this.rows = new long[capacity * STRIDE];
  }

  /**
   * One number of the node at {@code position}.
   *
   * @param position the node's list position
   * @param field one of the field constants of this class
   * @return the number
   */
  public long get(int position, int field) {
    return rows[position * STRIDE + field];
  }

  /**
   * Whether the node at {@code position} has {@code flag}.
   *
   * @param position the node's list position
   * @param flag one of the flag constants of this class
   * @return whether the flag is set
   */
  public boolean has(int position, long flag) {
    return (rows[position * STRIDE + FLAGS] & flag) != 0;
  }

  /**
   * Copies {@code node}'s numbers into row {@code position}, growing the columns if needed. Only
   * the owner of the columns calls it (the lister, when it puts {@code node} at that position).
   *
   * @param position the node's list position
   * @param node the node now at that position
   */
  public void set(int position, NodeInfo node) {
    int at = position * STRIDE;
    if (at + STRIDE > rows.length) {
      rows = Arrays.copyOf(rows, Math.max(at + STRIDE, rows.length * 2));
    }
    Resource alloc = node.allocatable();
    Resource used = node.requested();
    Resource nonZero = node.nonZeroRequested();
    long[] r = rows;
    r[at + ALLOCATABLE_MILLI_CPU] = alloc.milliCpu();
    r[at + ALLOCATABLE_MEMORY] = alloc.memory();
    r[at + ALLOCATABLE_EPHEMERAL_STORAGE] = alloc.ephemeralStorage();
    r[at + ALLOCATABLE_PODS] = alloc.pods();
    r[at + REQUESTED_MILLI_CPU] = used.milliCpu();
    r[at + REQUESTED_MEMORY] = used.memory();
    r[at + REQUESTED_EPHEMERAL_STORAGE] = used.ephemeralStorage();
    r[at + NON_ZERO_MILLI_CPU] = nonZero.milliCpu();
    r[at + NON_ZERO_MEMORY] = nonZero.memory();
    r[at + POD_COUNT] = node.podCount();
    r[at + FLAGS] =
        (node.unschedulable() ? UNSCHEDULABLE : 0)
            | (node.taints().isEmpty() ? 0 : HAS_TAINTS)
            | (node.imageSizes().isEmpty() ? 0 : HAS_IMAGES);
  }

  /**
   * Copies row {@code fromPosition} of {@code from} into row {@code position}, growing these
   * columns if needed. Only the owner of these columns calls it.
   *
   * @param position the row to write
   * @param from the columns to read
   * @param fromPosition the row of {@code from} to copy
   */
  public void copyRow(int position, NodeColumns from, int fromPosition) {
    int at = position * STRIDE;
    if (at + STRIDE > rows.length) {
      rows = Arrays.copyOf(rows, Math.max(at + STRIDE, rows.length * 2));
    }
    System.arraycopy(from.rows, fromPosition * STRIDE, rows, at, STRIDE);
  }
}
