package io.schedkit.core.cache;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.Resource;
import io.schedkit.framework.fastpath.NodeColumns;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link NodeColumns} that their owner writes: the snapshot, row by row as it puts nodes at list
 * positions, and the framework, for the copies of nodes with their nominated pods added. Plugins
 * see only the read-only {@code NodeColumns}.
 */
public final class MutableNodeColumns extends NodeColumns {
  /**
   * Columns for {@code capacity} positions, all zero; they grow when a later row is written.
   *
   * @param capacity the number of positions
   */
  public MutableNodeColumns(int capacity) {
    super(capacity);
  }

  /**
   * Copies {@code node}'s numbers into row {@code position}, growing the columns if needed.
   *
   * @param position the node's list position
   * @param node the node now at that position
   */
  public void set(int position, NodeInfo node) {
    int at = position * STRIDE;
    grow(position);
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
    long lowest = Long.MAX_VALUE;
    for (int i = 0, n = node.podCount(); i < n; i++) {
      lowest = Math.min(lowest, node.podAt(i).priority());
    }
    r[at + LOWEST_POD_PRIORITY] = lowest;
    r[at + VERSION] = VERSIONS.incrementAndGet();
    tags[position * TAG_STRIDE] = r[at + FLAGS];
    tags[position * TAG_STRIDE + 1] = r[at + VERSION];
  }

  /** Makes room for row {@code position}: the rows and the tags grow together. */
  private void grow(int position) {
    int at = position * STRIDE;
    if (at + STRIDE > rows.length) {
      int positions = Math.max(position + 1, rows.length / STRIDE * 2);
      rows = Arrays.copyOf(rows, positions * STRIDE);
      tags = Arrays.copyOf(tags, positions * TAG_STRIDE);
    }
  }

  /** The last version given to a row, by any columns. */
  private static final AtomicLong VERSIONS = new AtomicLong();

  /**
   * Copies row {@code fromPosition} of {@code from} into row {@code position}, growing these
   * columns if needed.
   *
   * @param position the row to write
   * @param from the columns to read
   * @param fromPosition the row of {@code from} to copy
   */
  public void copyRow(int position, MutableNodeColumns from, int fromPosition) {
    int at = position * STRIDE;
    grow(position);
    System.arraycopy(from.rows, fromPosition * STRIDE, rows, at, STRIDE);
    System.arraycopy(from.tags, fromPosition * TAG_STRIDE, tags, position * TAG_STRIDE, TAG_STRIDE);
  }
}
