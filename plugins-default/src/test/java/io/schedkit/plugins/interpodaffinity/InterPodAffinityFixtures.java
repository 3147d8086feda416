package io.schedkit.plugins.interpodaffinity;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeScore;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Namespace;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinity;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.framework.model.PodAntiAffinity;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.NodeScoreList;
import io.schedkit.testing.Wrappers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Shared fixtures of the InterPodAffinity tests: upstream's test vocabulary in our model. */
final class InterPodAffinityFixtures {
  private InterPodAffinityFixtures() {}

  /** Upstream's {@code defaultNamespace} ({@code ""}); our pods default to {@code default}. */
  static final String DEFAULT_NAMESPACE = "default";

  static final Map<String, String> NS_LABEL_T1 = Map.of("team", "team1");
  static final Map<String, String> NS_LABEL_T2 = Map.of("team", "team2");

  /** Upstream's {@code namespaces}: two teams of two sub-teams. */
  static final List<Namespace> NAMESPACES =
      List.of(
          Namespace.of("subteam1.team1", NS_LABEL_T1),
          Namespace.of("subteam2.team1", NS_LABEL_T1),
          Namespace.of("subteam1.team2", NS_LABEL_T2),
          Namespace.of("subteam2.team2", NS_LABEL_T2));

  static final Status AFFINITY_NOT_MATCH =
      Status.unresolvable(InterPodAffinity.ERR_REASON_AFFINITY_RULES_NOT_MATCH);
  static final Status ANTI_AFFINITY_NOT_MATCH =
      Status.unschedulable(InterPodAffinity.ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH);
  static final Status EXISTING_ANTI_AFFINITY_NOT_MATCH =
      Status.unschedulable(InterPodAffinity.ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH);

  static Node node(String name, Map<String, String> labels) {
    return Wrappers.makeNode().name(name).labels(labels).obj();
  }

  /** A node without labels. */
  static Node node(String name) {
    return Wrappers.makeNode().name(name).obj();
  }

  /** A selector requiring {@code key In (values)}. */
  static LabelSelector in(String key, String... values) {
    return Wrappers.makeLabelSelector().in(key, values).obj();
  }

  /** A pod affinity term with optional namespaces and namespace selector. */
  static PodAffinityTerm term(
      LabelSelector selector,
      String topologyKey,
      List<String> namespaces,
      LabelSelector namespaceSelector) {
    return PodAffinityTerm.builder()
        .labelSelector(selector)
        .topologyKey(topologyKey)
        .namespaces(namespaces)
        .namespaceSelector(namespaceSelector)
        .build();
  }

  /** A term over the owner's namespace. */
  static PodAffinityTerm term(LabelSelector selector, String topologyKey) {
    return term(selector, topologyKey, List.of(), null);
  }

  /** Upstream's {@code createPodWithAffinityTerms}: required affinity and anti-affinity terms. */
  static Pod podWithAffinityTerms(
      String namespace,
      String nodeName,
      Map<String, String> labels,
      List<PodAffinityTerm> affinity,
      List<PodAffinityTerm> antiAffinity) {
    PodAffinity.Builder a = PodAffinity.builder();
    affinity.forEach(a::required);
    PodAntiAffinity.Builder anti = PodAntiAffinity.builder();
    antiAffinity.forEach(anti::required);
    return Wrappers.makePod()
        .namespace(namespace)
        .node(nodeName)
        .labels(labels)
        .affinity(Affinity.builder().podAffinity(a.build()).podAntiAffinity(anti.build()).build())
        .obj();
  }

  /** A handle over {@code nodes} running {@code pods}, knowing {@code objects}. */
  static FakeHandle handle(List<Node> nodes, List<Pod> pods, List<? extends KubeObject> objects) {
    return FakeHandle.builder().nodes(nodes).pods(pods).objects(objects).build();
  }

  static InterPodAffinity plugin(FakeHandle handle) {
    return new InterPodAffinity(InterPodAffinityArgs.defaults(), handle);
  }

  /** Runs PreFilter over the handle's snapshot. */
  static PreFilterResult preFilter(InterPodAffinity p, FakeHandle h, CycleState s, Pod pod) {
    return p.preFilter(s, PodInfo.of(pod), h.snapshot().list());
  }

  static NodeInfo nodeInfo(FakeHandle h, String name) {
    return h.snapshot().get(name).orElseThrow();
  }

  /**
   * Upstream's scoring test loop: PreScore, then Score on {@code nodes} in their order, then
   * NormalizeScore. Returns the PreScore status when it is not Success, else null and fills {@code
   * out} with the normalized scores.
   */
  static Status scoreAll(
      InterPodAffinity p, FakeHandle h, Pod pod, List<Node> nodes, List<NodeScore> out) {
    CycleState state = new CycleState();
    PodInfo info = PodInfo.of(pod);
    List<NodeInfo> infos = new ArrayList<>();
    for (Node n : nodes) {
      infos.add(nodeInfo(h, n.name()));
    }
    Status pre = p.preScore(state, info, infos);
    if (!pre.isSuccess()) {
      return pre;
    }
    long[] raw = new long[infos.size()];
    for (int i = 0; i < raw.length; i++) {
      raw[i] = p.score(state, info, infos.get(i));
    }
    NodeScoreList scores = NodeScoreList.of(infos, raw);
    Status norm = p.normalizeScore(state, info, scores);
    if (!norm.isSuccess()) {
      return norm;
    }
    out.addAll(scores.toList());
    return null;
  }
}
