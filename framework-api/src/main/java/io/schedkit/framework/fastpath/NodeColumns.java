package io.schedkit.framework.fastpath;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.Resource;

/**
 * The numbers Filter and Score read of every node they look at, by list position, as one flat
 * array: the allocatable and requested cpu, memory, ephemeral storage and pods, the requests with
 * scoring defaults, and whether the node is unschedulable, has taints or reports images. A
 * read-only view for plugins; the scheduler's snapshot writes it.
 *
 * <p>Why: a scheduling cycle looks at hundreds of nodes that it last saw many pods ago, each a
 * {@code NodeInfo} and three {@link Resource}s somewhere in the heap, so reading them is mostly
 * waiting for memory. Read by position, a node's numbers are one row of this array, and a block of
 * nodes is a few consecutive cache lines that the processor fetches ahead. The default plugins take
 * their common case from here ({@link BlockFilterPlugin}, {@link RangeScorePlugin}) and read the
 * {@code NodeInfo} for the rest.
 *
 * <p>Row {@code p} always describes {@code list().get(p)} of the {@link IndexedNodeLister} that
 * owns the columns: it writes a row whenever it puts a node at a position, and its nodes are not
 * changed in place. The framework also makes small columns of its own for copies of snapshot nodes
 * (a node with its nominated pods added), where row {@code k} describes the {@code k}-th copy.
 * Thread-safety: written before the Filter or Score pass that reads them, read concurrently during
 * it.
 */
public abstract class NodeColumns {
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

  /**
   * The lowest {@link io.schedkit.framework.PodInfo#priority()} of the node's pods, {@link
   * Long#MAX_VALUE} when it runs none: a preemptor whose priority is not above it can preempt
   * nothing there.
   */
  public static final int LOWEST_POD_PRIORITY = 11;

  /**
   * The row's version: a positive number that no other row write, of any columns, gets. A row
   * copied from another keeps that row's version, as it keeps its numbers. Two reads of a position
   * that give the same version read the same numbers, so a plugin may keep what it computed from a
   * row by position and version, and reuse it while both match.
   */
  public static final int VERSION = 12;

  /** Flag: {@link NodeInfo#unschedulable()}. */
  public static final long UNSCHEDULABLE = 1;

  /** Flag: {@link NodeInfo#taints()} is not empty. */
  public static final long HAS_TAINTS = 2;

  /** Flag: {@link NodeInfo#imageSizes()} is not empty. */
  public static final long HAS_IMAGES = 4;

  /** Longs per row: the fields above (104 bytes). */
  protected static final int STRIDE = 13;

  /** The rows, {@link #STRIDE} longs each; written only by the owner, through its subclass. */
  protected long[] rows;

  /**
   * Each row's {@link #FLAGS} and {@link #VERSION} again, {@link #TAG_STRIDE} longs per position,
   * kept in step with the rows by the owner: the flags and the version are what Score reads of most
   * nodes, and a pass over these reads a quarter of the memory a pass over the rows would.
   */
  protected long[] tags;

  /** Longs per position in {@link #tags}: the flags, then the version. */
  protected static final int TAG_STRIDE = 2;

  /**
   * Columns for {@code capacity} positions, all zero.
   *
   * @param capacity the number of positions
   */
  protected NodeColumns(int capacity) {
    this.rows = new long[capacity * STRIDE];
    this.tags = new long[capacity * TAG_STRIDE];
  }

  /**
   * One number of the node at {@code position}.
   *
   * @param position the node's list position
   * @param field one of the field constants of this class
   * @return the number
   */
  public final long get(int position, int field) {
    return rows[position * STRIDE + field];
  }

  /**
   * The number of positions the columns hold rows for: every list position is below it.
   *
   * @return the capacity, in positions
   */
  public final int capacity() {
    return rows.length / STRIDE;
  }

  /**
   * Whether the node at {@code position} has {@code flag}.
   *
   * @param position the node's list position
   * @param flag one of the flag constants of this class
   * @return whether the flag is set
   */
  public final boolean has(int position, long flag) {
    return (tags[position * TAG_STRIDE] & flag) != 0;
  }

  /**
   * Whether any node at {@code positions[0..count)} has {@code flag}.
   *
   * @param positions the nodes' list positions
   * @param count how many positions there are
   * @param flag one of the flag constants of this class
   * @return whether the flag is set on at least one of them
   */
  public final boolean anyHas(int[] positions, int count, long flag) {
    for (int i = 0; i < count; i++) {
      if (has(positions[i], flag)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The {@link #VERSION} of the row at {@code position}, as {@code get(position, VERSION)} gives
   * it, read from where Score reads the flags.
   *
   * @param position the node's list position
   * @return the version; 0 for a row never written
   */
  public final long version(int position) {
    return tags[position * TAG_STRIDE + 1];
  }
}
