package io.schedkit.framework;

import io.schedkit.framework.fastpath.IndexedNodeLister;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.internal.ListPositions;
import java.util.List;
import java.util.Optional;

/**
 * A test lister over a fixed list of nodes that knows their positions, as the scheduler's snapshot
 * does: it records each node's position and answers {@link #positionOf} for its own objects only.
 */
record FakePositionLister(List<NodeInfo> list) implements IndexedNodeLister {
  FakePositionLister {
    for (int i = 0; i < list.size(); i++) {
      ListPositions.set(list.get(i), i);
    }
  }

  @Override
  public Optional<NodeInfo> get(String nodeName) {
    return list.stream().filter(n -> n.name().equals(nodeName)).findFirst();
  }

  @Override
  public List<NodeInfo> havePodsWithAffinity() {
    return List.of();
  }

  @Override
  public List<NodeInfo> havePodsWithRequiredAntiAffinity() {
    return List.of();
  }

  @Override
  public int imageNodeCount(String imageName) {
    return 0;
  }

  @Override
  public boolean replacesChangedNodes() {
    return false;
  }

  @Override
  public NodeColumns columns() {
    return null;
  }

  @Override
  public long changeStamp() {
    return -1;
  }

  @Override
  public int[] changedSince(long stamp) {
    return null;
  }

  @Override
  public int positionOf(NodeInfo node) {
    int p = node.listPosition();
    return p >= 0 && p < list.size() && list.get(p) == node ? p : -1;
  }
}
