package io.schedkit.plugins.podtopologyspread;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.fastpath.IndexedNodeLister;
import io.schedkit.framework.fastpath.NodeColumns;
import java.util.List;

/**
 * What a view by snapshot position was built from: the snapshot's list, change stamp and columns,
 * and the versions of the {@link DomainTotals} it reads. Filter's and Score's views by position
 * hold only while all of it is unchanged, which each block or range checks with {@link #holdFor}.
 */
final class PositionBasis {
  private final IndexedNodeLister lister;
  private final List<NodeInfo> list;
  private final long stamp;
  private final NodeColumns columns;
  private final DomainTotals[] totals;
  private final long[] versions;

  /**
   * The basis as it is now. Built after every refresh of the cycle's totals: two constraints may
   * share one {@link DomainTotals}.
   */
  PositionBasis(IndexedNodeLister lister, DomainTotals[] totals) {
    this.lister = lister;
    this.list = lister.list();
    this.stamp = lister.changeStamp();
    this.columns = lister.columns();
    this.totals = totals;
    this.versions = new long[totals.length];
    for (int i = 0; i < totals.length; i++) {
      versions[i] = totals[i].version();
    }
  }

  /** Whether positions of a block or range read with {@code passColumns} can be read here. */
  boolean holdFor(NodeColumns passColumns) {
    if (passColumns != columns || lister.list() != list || lister.changeStamp() != stamp) {
      return false;
    }
    for (int i = 0; i < totals.length; i++) {
      if (totals[i].version() != versions[i]) {
        return false;
      }
    }
    return true;
  }
}
