package io.schedkit.plugins.interpodaffinity;

import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.DEFAULT_NAMESPACE;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.NAMESPACES;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.handle;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.in;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.node;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.scoreAll;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.term;
import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static io.schedkit.testing.Wrappers.makeLabelSelector;
import static io.schedkit.testing.Wrappers.makePod;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeScore;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinity;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.framework.model.PodAntiAffinity;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.NodeScoreList;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Upstream's {@code scoring_test.go}, case for case (v1.35 normalization: min and max start from
 * the extreme values, not from 0). The cases with invalid label syntax have no counterpart:
 * schedkit compiles selectors once when the pod is built and never fails to parse them at PreScore.
 */
final class ScoringTest {
  private static final long MAX = ScorePlugin.MAX_NODE_SCORE;

  private static final Map<String, String> RG_CHINA = Map.of("region", "China");
  private static final Map<String, String> RG_INDIA = Map.of("region", "India");
  private static final Map<String, String> AZ1 = Map.of("az", "az1");
  private static final Map<String, String> AZ2 = Map.of("az", "az2");
  private static final Map<String, String> RG_CHINA_AZ1 = Map.of("region", "China", "az", "az1");
  private static final Map<String, String> S1 = Map.of("security", "S1");
  private static final Map<String, String> S2 = Map.of("security", "S2");

  private static Affinity preferredAffinity(int weight, PodAffinityTerm term) {
    return Affinity.builder()
        .podAffinity(PodAffinity.builder().preferred(weight, term).build())
        .build();
  }

  private static Affinity preferredAnti(int weight, PodAffinityTerm term) {
    return Affinity.builder()
        .podAntiAffinity(PodAntiAffinity.builder().preferred(weight, term).build())
        .build();
  }

  private static final LabelSelector EXISTS_SECURITY_NOT_WRONGKEY =
      makeLabelSelector().exists("security").notExist("wrongkey").obj();

  private static final Affinity STAY_WITH_S1_IN_REGION =
      preferredAffinity(5, term(in("security", "S1"), "region"));
  private static final Affinity STAY_WITH_S2_IN_REGION =
      preferredAffinity(6, term(in("security", "S2"), "region"));
  private static final Affinity AFFINITY3 =
      Affinity.builder()
          .podAffinity(
              PodAffinity.builder()
                  .preferred(
                      8,
                      term(
                          makeLabelSelector().notIn("security", "S1").in("security", "S2").obj(),
                          "region"))
                  .preferred(2, term(EXISTS_SECURITY_NOT_WRONGKEY, "region"))
                  .build())
          .build();
  private static final Affinity HARD_AFFINITY =
      Affinity.builder()
          .podAffinity(
              PodAffinity.builder()
                  .required(term(in("security", "S1", "value2"), "region"))
                  .required(term(EXISTS_SECURITY_NOT_WRONGKEY, "region"))
                  .build())
          .build();
  private static final Affinity AWAY_FROM_S1_IN_AZ =
      preferredAnti(5, term(in("security", "S1"), "az"));
  private static final Affinity AWAY_FROM_S2_IN_AZ =
      preferredAnti(5, term(in("security", "S2"), "az"));
  private static final Affinity STAY_WITH_S1_IN_REGION_AWAY_FROM_S2_IN_AZ =
      Affinity.builder()
          .podAffinity(
              PodAffinity.builder().preferred(8, term(in("security", "S1"), "region")).build())
          .podAntiAffinity(
              PodAntiAffinity.builder().preferred(5, term(in("security", "S2"), "az")).build())
          .build();
  private static final PodAffinityTerm NAMESPACE_SELECTOR_TERM =
      term(in("security", "S1"), "region", List.of("subteam2.team2"), in("team", "team1"));
  private static final Affinity AFFINITY_NAMESPACE_SELECTOR =
      preferredAffinity(5, NAMESPACE_SELECTOR_TERM);
  private static final Affinity ANTI_AFFINITY_NAMESPACE_SELECTOR =
      preferredAnti(5, NAMESPACE_SELECTOR_TERM);

  /** {@code &v1.Pod{Spec: {NodeName, Affinity}, ObjectMeta: {Namespace, Labels}}}. */
  private static Pod pod(
      String namespace, String node, Affinity affinity, Map<String, String> labels) {
    return makePod().namespace(namespace).node(node).affinity(affinity).labels(labels).obj();
  }

  private static Pod pod(String node, Affinity affinity, Map<String, String> labels) {
    return pod(DEFAULT_NAMESPACE, node, affinity, labels);
  }

  private static Map<String, Long> scores(Object... nameScore) {
    Map<String, Long> out = new LinkedHashMap<>();
    for (int i = 0; i < nameScore.length; i += 2) {
      out.put((String) nameScore[i], ((Number) nameScore[i + 1]).longValue());
    }
    return out;
  }

  private static Arguments tc(
      String name,
      Pod pod,
      List<Pod> pods,
      List<Node> nodes,
      Map<String, Long> expected,
      boolean ignorePreferredTermsOfExistingPods,
      Status wantStatus) {
    return Arguments.of(
        name, pod, pods, nodes, expected, ignorePreferredTermsOfExistingPods, wantStatus);
  }

  private static Arguments tc(
      String name, Pod pod, List<Pod> pods, List<Node> nodes, Map<String, Long> expected) {
    return tc(name, pod, pods, nodes, expected, false, null);
  }

  static Stream<Arguments> preferredAffinity() {
    List<Node> chinaIndiaAz1 =
        List.of(node("node1", RG_CHINA), node("node2", RG_INDIA), node("node3", AZ1));
    List<Node> chinaIndiaIndia =
        List.of(
            node("node1", RG_CHINA),
            node("node2", RG_INDIA),
            node("node3", RG_CHINA),
            node("node4", RG_CHINA),
            node("node5", RG_INDIA));
    return Stream.of(
        tc(
            "all nodes are same priority as Affinity is nil",
            pod("", null, S1),
            List.of(),
            chinaIndiaAz1,
            null,
            false,
            Status.skip()),
        tc(
            "Affinity: pod that matches topology key & pods in nodes will get high score comparing"
                + " to otherswhich doesn't match either pods in nodes or in topology key",
            pod("", STAY_WITH_S1_IN_REGION, S1),
            List.of(pod("node1", null, S1), pod("node2", null, S2), pod("node3", null, S1)),
            chinaIndiaAz1,
            scores("node1", MAX, "node2", 0, "node3", 0)),
        tc(
            "All the nodes that have the same topology key & label value with one of them has an"
                + " existing pod that match the affinity rules, have the same score",
            pod("", STAY_WITH_S1_IN_REGION, Map.of()),
            List.of(pod("node1", null, S1)),
            List.of(node("node1", RG_CHINA), node("node2", RG_CHINA_AZ1), node("node3", RG_INDIA)),
            scores("node1", MAX, "node2", MAX, "node3", 0)),
        tc(
            "Affinity: nodes in one region has more matching pods comparing to other region, so the"
                + " region which has more matches will get high score",
            pod("", STAY_WITH_S2_IN_REGION, S1),
            List.of(
                pod("node1", null, S2),
                pod("node1", null, S2),
                pod("node2", null, S2),
                pod("node3", null, S2),
                pod("node4", null, S2),
                pod("node5", null, S2)),
            chinaIndiaIndia,
            scores("node1", MAX, "node2", 0, "node3", MAX, "node4", MAX, "node5", 0)),
        tc(
            "Affinity: different Label operators and values for pod affinity scheduling preference,"
                + " including some match failures ",
            pod("", AFFINITY3, S1),
            List.of(pod("node1", null, S1), pod("node2", null, S2), pod("node3", null, S1)),
            chinaIndiaAz1,
            scores("node1", 20, "node2", MAX, "node3", 0)),
        tc(
            "Affinity symmetry: considered only the preferredDuringSchedulingIgnoredDuringExecution"
                + " in pod affinity symmetry",
            pod("", null, S2),
            List.of(
                pod("node1", STAY_WITH_S1_IN_REGION, S1), pod("node2", STAY_WITH_S2_IN_REGION, S2)),
            chinaIndiaAz1,
            scores("node1", 0, "node2", MAX, "node3", 0)),
        tc(
            "Affinity symmetry with namespace selector",
            pod("subteam1.team1", "", null, S1),
            List.of(
                pod("node1", AFFINITY_NAMESPACE_SELECTOR, S1),
                pod("node2", STAY_WITH_S2_IN_REGION, S2)),
            chinaIndiaAz1,
            scores("node1", MAX, "node2", 0, "node3", 0)),
        tc(
            "AntiAffinity symmetry with namespace selector",
            pod("subteam1.team1", "", null, S1),
            List.of(
                pod("node1", ANTI_AFFINITY_NAMESPACE_SELECTOR, S1),
                pod("node2", STAY_WITH_S2_IN_REGION, S2)),
            chinaIndiaAz1,
            scores("node1", 0, "node2", MAX, "node3", MAX)),
        tc(
            "Affinity symmetry: considered RequiredDuringSchedulingIgnoredDuringExecution in pod"
                + " affinity symmetry",
            pod("", null, S1),
            List.of(pod("node1", HARD_AFFINITY, S1), pod("node2", HARD_AFFINITY, S2)),
            chinaIndiaAz1,
            scores("node1", MAX, "node2", MAX, "node3", 0)),
        tc(
            "Anti Affinity: pod that does not match existing pods in node will get high score ",
            pod("", AWAY_FROM_S1_IN_AZ, S1),
            List.of(pod("node1", null, S1), pod("node2", null, S2)),
            List.of(node("node1", AZ1), node("node2", RG_CHINA)),
            scores("node1", 0, "node2", MAX)),
        tc(
            "Anti Affinity: pod that does not match topology key & match the pods in nodes will get"
                + " higher score comparing to others ",
            pod("", AWAY_FROM_S1_IN_AZ, S1),
            List.of(pod("node1", null, S1), pod("node2", null, S1)),
            List.of(node("node1", AZ1), node("node2", RG_CHINA)),
            scores("node1", 0, "node2", MAX)),
        tc(
            "Anti Affinity: one node has more matching pods comparing to other node, so the node"
                + " which has more unmatches will get high score",
            pod("", AWAY_FROM_S1_IN_AZ, S1),
            List.of(pod("node1", null, S1), pod("node1", null, S1), pod("node2", null, S2)),
            List.of(node("node1", AZ1), node("node2", RG_INDIA)),
            scores("node1", 0, "node2", MAX)),
        tc(
            "Anti Affinity symmetry: the existing pods in node which has anti affinity match will"
                + " get high score",
            pod("", null, S2),
            List.of(pod("node1", AWAY_FROM_S2_IN_AZ, S1), pod("node2", AWAY_FROM_S1_IN_AZ, S2)),
            List.of(node("node1", AZ1), node("node2", AZ2)),
            scores("node1", 0, "node2", MAX)),
        tc(
            "Affinity and Anti Affinity: considered only preferredDuringSchedulingIgnoredDuringExecution"
                + " in both pod affinity & anti affinity",
            pod("", STAY_WITH_S1_IN_REGION_AWAY_FROM_S2_IN_AZ, S1),
            List.of(pod("node1", null, S1), pod("node2", null, S1)),
            List.of(node("node1", RG_CHINA), node("node2", AZ1)),
            scores("node1", MAX, "node2", 0)),
        tc(
            "Affinity and Anti Affinity: considering both affinity and anti-affinity, the pod to"
                + " schedule and existing pods have the same labels",
            pod("", STAY_WITH_S1_IN_REGION_AWAY_FROM_S2_IN_AZ, S1),
            List.of(
                pod("node1", null, S1),
                pod("node1", null, S1),
                pod("node2", null, S1),
                pod("node3", null, S1),
                pod("node3", null, S1),
                pod("node4", null, S1),
                pod("node5", null, S1)),
            List.of(
                node("node1", RG_CHINA_AZ1),
                node("node2", RG_INDIA),
                node("node3", RG_CHINA),
                node("node4", RG_CHINA),
                node("node5", RG_INDIA)),
            scores("node1", MAX, "node2", 0, "node3", MAX, "node4", MAX, "node5", 0)),
        tc(
            "Affinity and Anti Affinity and symmetry: considered only"
                + " preferredDuringSchedulingIgnoredDuringExecution in both pod affinity & anti"
                + " affinity & symmetry",
            pod("", STAY_WITH_S1_IN_REGION_AWAY_FROM_S2_IN_AZ, S1),
            List.of(
                pod("node1", null, S1),
                pod("node2", null, S2),
                pod("node3", STAY_WITH_S1_IN_REGION_AWAY_FROM_S2_IN_AZ, Map.of()),
                pod("node4", AWAY_FROM_S1_IN_AZ, Map.of())),
            List.of(
                node("node1", RG_CHINA),
                node("node2", AZ1),
                node("node3", RG_INDIA),
                node("node4", AZ2)),
            scores("node1", MAX, "node2", 0, "node3", MAX, "node4", 0)),
        tc(
            "Avoid panic when partial nodes in a topology don't have pods with affinity",
            pod("", null, S1),
            List.of(
                pod("node1", null, S1),
                pod("node2", STAY_WITH_S1_IN_REGION_AWAY_FROM_S2_IN_AZ, Map.of())),
            List.of(node("node1", RG_CHINA), node("node2", RG_CHINA)),
            scores("node1", 0, "node2", 0)),
        tc(
            "Affinity with pods matching NamespaceSelector",
            pod("subteam1.team1", "", AFFINITY_NAMESPACE_SELECTOR, S1),
            List.of(
                pod("subteam1.team1", "node1", null, S1),
                pod("subteam1.team1", "node1", null, S1),
                pod("subteam1.team2", "node1", null, S1),
                pod("subteam2.team1", "node2", null, S1)),
            List.of(node("node1", RG_CHINA), node("node2", RG_INDIA)),
            scores("node1", MAX, "node2", 0)),
        tc(
            "Affinity with pods matching both NamespaceSelector and Namespaces fields",
            pod("subteam1.team1", "", AFFINITY_NAMESPACE_SELECTOR, S1),
            List.of(
                pod("subteam1.team1", "node1", null, S1),
                pod("subteam1.team1", "node1", null, S1),
                pod("subteam2.team2", "node1", null, S1),
                pod("subteam2.team1", "node2", null, S1)),
            List.of(node("node1", RG_CHINA), node("node2", RG_INDIA)),
            scores("node1", MAX, "node2", 0)),
        tc(
            "Anti affinity with pods matching NamespaceSelector",
            pod("subteam1.team1", "", ANTI_AFFINITY_NAMESPACE_SELECTOR, S1),
            List.of(
                pod("subteam1.team1", "node1", null, S1),
                pod("subteam1.team1", "node1", null, S1),
                pod("subteam1.team2", "node1", null, S1),
                pod("subteam2.team1", "node2", null, S1)),
            List.of(node("node1", RG_CHINA), node("node2", RG_INDIA)),
            scores("node1", 0, "node2", MAX)),
        tc(
            "Anti affinity with pods matching both NamespaceSelector and Namespaces fields",
            pod("subteam1.team1", "", ANTI_AFFINITY_NAMESPACE_SELECTOR, S1),
            List.of(
                pod("subteam1.team1", "node1", null, S1),
                pod("subteam1.team1", "node1", null, S1),
                pod("subteam2.team2", "node1", null, S1),
                pod("subteam2.team1", "node2", null, S1)),
            List.of(node("node1", RG_CHINA), node("node2", RG_INDIA)),
            scores("node1", 0, "node2", MAX)),
        tc(
            "Ignore preferred terms of existing pods",
            pod("", null, S2),
            List.of(
                pod("node1", STAY_WITH_S1_IN_REGION_AWAY_FROM_S2_IN_AZ, S1),
                pod("node2", STAY_WITH_S2_IN_REGION, S2)),
            List.of(node("node1", RG_CHINA), node("node2", RG_INDIA)),
            null,
            true,
            Status.skip()),
        tc(
            "Do not ignore preferred terms of existing pods",
            pod("", null, S2),
            List.of(
                pod("node1", STAY_WITH_S1_IN_REGION_AWAY_FROM_S2_IN_AZ, S1),
                pod("node2", STAY_WITH_S2_IN_REGION, S2)),
            List.of(node("node1", RG_CHINA), node("node2", RG_INDIA)),
            scores("node1", 0, "node2", MAX)),
        tc(
            "No nodes to score",
            pod("", null, S2),
            List.of(),
            List.of(),
            null,
            false,
            Status.skip()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("preferredAffinity")
  void score_preferredAffinity(
      String name,
      Pod pod,
      List<Pod> pods,
      List<Node> nodes,
      Map<String, Long> expected,
      boolean ignorePreferredTermsOfExistingPods,
      Status wantStatus) {
    FakeHandle h = handle(nodes, pods, NAMESPACES);
    InterPodAffinity p =
        new InterPodAffinity(new InterPodAffinityArgs(1, ignorePreferredTermsOfExistingPods), h);
    List<NodeScore> got = new ArrayList<>();
    Status status = scoreAll(p, h, pod, nodes, got);
    if (wantStatus != null) {
      assertThat(status).isEqualTo(wantStatus);
      return;
    }
    assertThat(status).isNull();
    assertThat(asMap(got)).containsExactlyEntriesOf(expected);
  }

  private static final Affinity HARD_POD_AFFINITY =
      Affinity.builder()
          .podAffinity(
              PodAffinity.builder()
                  .required(
                      term(
                          in("service", "S1"),
                          "region",
                          // Upstream's "" is the default namespace.
                          List.of(DEFAULT_NAMESPACE, "subteam2.team2"),
                          in("team", "team1")))
                  .build())
          .build();

  static Stream<Arguments> hardPodAffinitySymmetricWeight() {
    Map<String, String> serviceS1 = Map.of("service", "S1");
    List<Pod> pods =
        List.of(
            pod("node1", HARD_POD_AFFINITY, Map.of()), pod("node2", HARD_POD_AFFINITY, Map.of()));
    Map<String, Long> both = scores("node1", MAX, "node2", MAX, "node3", 0);
    return Stream.of(
        Arguments.of("with default weight", pod("", null, serviceS1), pods, 1, both, null),
        Arguments.of("with zero weight", pod("", null, serviceS1), pods, 0, null, Status.skip()),
        Arguments.of(
            "with no matching namespace",
            pod("subteam1.team2", "", null, serviceS1),
            pods,
            1,
            null,
            Status.skip()),
        Arguments.of(
            "with matching NamespaceSelector",
            pod("subteam1.team1", "", null, serviceS1),
            pods,
            1,
            both,
            null),
        Arguments.of(
            "with matching Namespaces",
            pod("subteam2.team2", "", null, serviceS1),
            pods,
            1,
            both,
            null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hardPodAffinitySymmetricWeight")
  void score_hardPodAffinitySymmetricWeight(
      String name,
      Pod pod,
      List<Pod> pods,
      int hardPodAffinityWeight,
      Map<String, Long> expected,
      Status wantStatus) {
    List<Node> nodes =
        List.of(node("node1", RG_CHINA), node("node2", RG_INDIA), node("node3", AZ1));
    FakeHandle h = handle(nodes, pods, NAMESPACES);
    InterPodAffinity p =
        new InterPodAffinity(new InterPodAffinityArgs(hardPodAffinityWeight, false), h);
    List<NodeScore> got = new ArrayList<>();
    Status status = scoreAll(p, h, pod, nodes, got);
    if (wantStatus != null) {
      assertThat(status).isEqualTo(wantStatus);
      return;
    }
    assertThat(status).isNull();
    assertThat(asMap(got)).containsExactlyEntriesOf(expected);
  }

  /** A plugin, an incoming pod and a PreScore state with something counted. */
  private record Scored(InterPodAffinity plugin, PodInfo incoming, CycleState state) {
    static Scored create() {
      FakeHandle h = handle(List.of(node("a", RG_CHINA)), List.of(pod("a", null, S1)), List.of());
      Scored s =
          new Scored(
              InterPodAffinityFixtures.plugin(h),
              PodInfo.of(pod("", STAY_WITH_S1_IN_REGION, S1)),
              new CycleState());
      assertThat(s.plugin.preScore(s.state, s.incoming, h.snapshot().list())).isSuccess();
      return s;
    }

    NodeScoreList normalize(long... raw) {
      List<NodeScore> list = new ArrayList<>();
      for (int i = 0; i < raw.length; i++) {
        list.add(new NodeScore("n" + i, raw[i]));
      }
      NodeScoreList scores = NodeScoreList.of(list);
      assertThat(plugin.normalizeScore(state, incoming, scores)).isSuccess();
      return scores;
    }
  }

  @Test
  void normalizeScore_dividesBeforeMultiplying() {
    // s - min = 29, max - min = 100: 100 * (29 / 100.0) = 28.999..., truncated to 28.
    assertThat(Scored.create().normalize(-50, -21, 50).toList())
        .extracting(NodeScore::score)
        .containsExactly(0L, 28L, 100L);
  }

  @Test
  void normalizeScore_allEqual_givesZero() {
    assertThat(Scored.create().normalize(7, 7).toList())
        .extracting(NodeScore::score)
        .containsExactly(0L, 0L);
  }

  @Test
  void preScore_skipsWhenIgnoringExistingTermsAndPodHasNone_evenWithExistingAffinity() {
    FakeHandle h =
        handle(
            List.of(node("node1", RG_CHINA)), List.of(pod("node1", HARD_AFFINITY, S1)), List.of());
    InterPodAffinity p = new InterPodAffinity(new InterPodAffinityArgs(1, true), h);
    assertThat(p.preScore(new CycleState(), PodInfo.of(pod("", null, S1)), h.snapshot().list()))
        .isSkip();
  }

  @Test
  void preScore_withPreferredTerms_stillScoresExistingPodsTermsWhenIgnoring() {
    // ignorePreferredTermsOfExistingPods only skips pods without preferred terms (upstream).
    FakeHandle h =
        handle(
            List.of(node("node1", RG_CHINA), node("node2", RG_INDIA)),
            List.of(pod("node1", STAY_WITH_S2_IN_REGION, S2)),
            List.of());
    InterPodAffinity p = new InterPodAffinity(new InterPodAffinityArgs(1, true), h);
    Pod incoming = pod("", AWAY_FROM_S1_IN_AZ, S2);
    CycleState state = new CycleState();
    assertThat(p.preScore(state, PodInfo.of(incoming), h.snapshot().list())).isSuccess();
    assertThat(Scoring.state(state).toMap()).isEqualTo(Map.of("region", Map.of("China", 6L)));
  }

  @Test
  void constructor_rejectsInvalidArgs() {
    FakeHandle h = handle(List.of(), List.of(), List.of());
    org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
        .isThrownBy(() -> new InterPodAffinity(new InterPodAffinityArgs(101, false), h))
        .withMessage("hardPodAffinityWeight: Invalid value: 101: not in valid range [0, 100]");
  }

  private static Map<String, Long> asMap(List<NodeScore> scores) {
    Map<String, Long> out = new LinkedHashMap<>();
    scores.forEach(s -> out.put(s.name(), s.score()));
    return out;
  }
}
