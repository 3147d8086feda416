package io.schedkit.preemption;

import io.schedkit.framework.NodeInfo;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * The snapshot's nodes at given positions of its list, as a read-only list that also tells each
 * one's position: the dry run then checks a node's room and potential victims from the snapshot's
 * columns by position before it reads the node. Valid while the snapshot's list is unchanged (one
 * scheduling cycle).
 */
final class NodesAtPositions extends AbstractList<NodeInfo> implements RandomAccess {
  private final List<NodeInfo> list;
  private final int[] positions;

  /**
   * @param list the snapshot's list
   * @param positions positions in it; taken over
   */
  NodesAtPositions(List<NodeInfo> list, int[] positions) {
    this.list = list;
    this.positions = positions;
  }

  /** The list the positions refer to. */
  List<NodeInfo> list() {
    return list;
  }

  /** The position in the snapshot's list of the node at {@code index}. */
  int positionAt(int index) {
    return positions[index];
  }

  @Override
  public NodeInfo get(int index) {
    return list.get(positions[index]);
  }

  @Override
  public int size() {
    return positions.length;
  }
}
