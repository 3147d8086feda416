package io.schedkit.framework;

import java.util.List;
import java.util.Optional;

/**
 * A test lister over a fixed list of nodes that knows their positions, as the scheduler's snapshot
 * does: it records each node's position and answers {@link #positionOf} for its own objects only.
 */
record PositionLister(List<NodeInfo> list) implements NodeInfoLister {
  PositionLister {
    for (int i = 0; i < list.size(); i++) {
      list.get(i).setListPosition(i);
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
  public int positionOf(NodeInfo node) {
    int p = node.listPosition();
    return p >= 0 && p < list.size() && list.get(p) == node ? p : -1;
  }
}
