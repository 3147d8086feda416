package io.schedkit.testing;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The entry points of the fixture vocabulary, for one static import: {@code
 * makePod().name("p1").req(Map.of("cpu", "1")).obj()}, {@code
 * makeNode().name("n1").capacity(Map.of("cpu", "4")).obj()}, plus helpers that turn fixtures into
 * the {@link NodeInfo}s plugins receive.
 */
public final class Wrappers {
  private Wrappers() {}

  /** Starts a pod; see {@link PodWrapper}. */
  public static PodWrapper makePod() {
    return PodWrapper.makePod();
  }

  /** Starts a node; see {@link NodeWrapper}. */
  public static NodeWrapper makeNode() {
    return NodeWrapper.makeNode();
  }

  /** Starts a label selector; see {@link LabelSelectorWrapper}. */
  public static LabelSelectorWrapper makeLabelSelector() {
    return LabelSelectorWrapper.makeLabelSelector();
  }

  /** Starts a node selector; see {@link NodeSelectorWrapper}. */
  public static NodeSelectorWrapper makeNodeSelector() {
    return NodeSelectorWrapper.makeNodeSelector();
  }

  /** A fresh {@link NodeInfo} of {@code node} holding {@code pods} (whatever their node name). */
  public static NodeInfo nodeInfo(Node node, Pod... pods) {
    return NodeWrapper.from(node).nodeInfo(pods);
  }

  /**
   * Fresh {@link NodeInfo}s of {@code nodes}, in order, each holding the pods of {@code pods} whose
   * {@code spec.nodeName} is that node, like upstream's {@code cache.NewSnapshot(pods, nodes)};
   * unlike it, pods that are unbound or bound to a node not listed are left out instead of getting
   * node infos without a node.
   */
  public static List<NodeInfo> nodeInfos(List<Node> nodes, List<Pod> pods) {
    Map<String, NodeInfo> byName = new LinkedHashMap<>();
    for (Node n : nodes) {
      byName.put(n.name(), NodeInfo.of(n));
    }
    for (Pod p : pods) {
      NodeInfo info = byName.get(p.nodeName());
      if (info != null) {
        info.addPod(PodInfo.of(p));
      }
    }
    return new ArrayList<>(byName.values());
  }
}
