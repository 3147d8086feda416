package io.schedkit.plugins.helper;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.fastpath.IndexedNodeLister;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A lister that behaves as the scheduler's snapshot does between cycles: a changed node gets a new
 * {@link NodeInfo} at its position of the same list object, and the lister reports which positions
 * were replaced since a {@link #changeStamp()}; {@link #rebuild} hands out a new list object, as
 * the snapshot does when nodes come or go. For tests of plugins that keep counts across cycles.
 */
public final class FakeReplacingLister implements IndexedNodeLister {
  private final List<Node> nodes;
  private NodeInfo[] infos;
  private List<NodeInfo> list;
  private long stamp;
  private final List<Integer> log = new ArrayList<>();
  private NodeColumns columns;

  /**
   * The nodes with the pods that name them.
   *
   * @param nodes the nodes, in list order
   * @param pods the pods; those whose node is not in {@code nodes} are left out
   */
  public FakeReplacingLister(List<Node> nodes, List<Pod> pods) {
    this.nodes = List.copyOf(nodes);
    this.infos = new NodeInfo[nodes.size()];
    for (int i = 0; i < infos.length; i++) {
      infos[i] = build(nodes.get(i), pods);
    }
    rebuild();
  }

  private static NodeInfo build(Node node, List<Pod> pods) {
    NodeInfo info = NodeInfo.of(node);
    for (Pod p : pods) {
      if (p.nodeName().equals(node.name())) {
        info.addPod(PodInfo.of(p));
      }
    }
    return info;
  }

  /**
   * Gives every node whose pods differ from {@code pods} a new NodeInfo, logging its position.
   *
   * @param pods the cluster's pods now
   */
  public void update(List<Pod> pods) {
    for (int i = 0; i < infos.length; i++) {
      NodeInfo fresh = build(nodes.get(i), pods);
      if (!samePods(fresh, infos[i])) {
        infos[i] = fresh;
        stamp++;
        log.add(i);
      }
    }
  }

  private static boolean samePods(NodeInfo a, NodeInfo b) {
    if (a.pods().size() != b.pods().size()) {
      return false;
    }
    for (int i = 0; i < a.pods().size(); i++) {
      if (!a.pods().get(i).pod().equals(b.pods().get(i).pod())) {
        return false;
      }
    }
    return true;
  }

  /** Hands out a new list object with the same NodeInfos (positions are then all "unknown"). */
  public void rebuild() {
    // A new list object, a view that follows later replacements as the snapshot's list does.
    NodeInfo[] backing = infos;
    list =
        new AbstractList<>() {
          @Override
          public NodeInfo get(int index) {
            return backing[index];
          }

          @Override
          public int size() {
            return backing.length;
          }
        };
  }

  @Override
  public List<NodeInfo> list() {
    return list;
  }

  @Override
  public Optional<NodeInfo> get(String nodeName) {
    for (NodeInfo n : infos) {
      if (n.name().equals(nodeName)) {
        return Optional.of(n);
      }
    }
    return Optional.empty();
  }

  @Override
  public List<NodeInfo> havePodsWithAffinity() {
    return Arrays.stream(infos).filter(n -> !n.podsWithAffinity().isEmpty()).toList();
  }

  @Override
  public List<NodeInfo> havePodsWithRequiredAntiAffinity() {
    return Arrays.stream(infos).filter(n -> !n.podsWithRequiredAntiAffinity().isEmpty()).toList();
  }

  @Override
  public int imageNodeCount(String imageName) {
    return 0;
  }

  @Override
  public boolean replacesChangedNodes() {
    return true;
  }

  /**
   * Makes {@link #columns()} answer a columns object (all rows zero), so that the framework's
   * position-aware fast paths can be called with this lister's positions and columns as the
   * scheduler calls them for its snapshot. Without it, the lister keeps no columns.
   *
   * @return this lister
   */
  public FakeReplacingLister withColumns() {
    columns = new NodeColumns(nodes.size()) {};
    return this;
  }

  @Override
  public NodeColumns columns() {
    return columns;
  }

  @Override
  public int positionOf(NodeInfo node) {
    for (int p = 0; p < infos.length; p++) {
      if (infos[p] == node) {
        return p;
      }
    }
    return -1;
  }

  @Override
  public long changeStamp() {
    return stamp;
  }

  @Override
  public int[] changedSince(long since) {
    if (since < 0 || since > stamp) {
      return null;
    }
    return log.subList((int) since, (int) stamp).stream().mapToInt(Integer::intValue).toArray();
  }
}
