package io.schedkit.plugins.nodeaffinity;

import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeScore;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeSelector;
import io.schedkit.framework.model.NodeSelectorOperator;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.NodeSelectorTerm;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PreferredSchedulingTerm;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.NodeScoreList;
import io.schedkit.testing.PluginHarness;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Facts of upstream's TestNodeAffinity, TestNodeAffinityPriority and
 * Test_isSchedulableAfterNodeChange.
 */
final class NodeAffinityTest {
  private static final NodeAffinityArgs NO_ARGS = NodeAffinityArgs.defaults();
  private static final Status POD_MISMATCH = Status.unresolvable(NodeAffinity.ERR_REASON_POD);

  // ---------------------------------------------------------------------------------- fixtures

  private static NodeSelectorRequirement req(
      String key, NodeSelectorOperator op, String... values) {
    return new NodeSelectorRequirement(key, op, List.of(values));
  }

  private static NodeSelectorRequirement nameIn(String... names) {
    return req(NodeSelectorRequirement.OBJECT_NAME_FIELD, NodeSelectorOperator.IN, names);
  }

  private static NodeSelectorTerm exprs(NodeSelectorRequirement... requirements) {
    return new NodeSelectorTerm(List.of(requirements), List.of());
  }

  private static NodeSelectorTerm fields(NodeSelectorRequirement... requirements) {
    return new NodeSelectorTerm(List.of(), List.of(requirements));
  }

  private static io.schedkit.framework.model.NodeAffinity required(NodeSelectorTerm... terms) {
    return io.schedkit.framework.model.NodeAffinity.builder()
        .required(NodeSelector.of(terms))
        .build();
  }

  private static Pod podRequiring(NodeSelectorTerm... terms) {
    return makePod().nodeAffinity(required(terms)).obj();
  }

  private static NodeAffinityArgs addedRequired(NodeSelectorTerm... terms) {
    return new NodeAffinityArgs(required(terms));
  }

  private static Node node(String name, Map<String, String> labels) {
    return makeNode().name(name).labels(labels).obj();
  }

  // ---------------------------------------------------------------------------------- filter

  /** Upstream's cases: pod, node labels, node name, args, PreFilter run, expectations. */
  static Stream<Arguments> filterCases() {
    return Stream.of(
        filterCase(
            "missing labels",
            makePod().nodeSelector(Map.of("foo", "bar")).obj(),
            Map.of(),
            "",
            NO_ARGS,
            Status.success(),
            null,
            POD_MISMATCH),
        filterCase(
            "same labels",
            makePod().nodeSelector(Map.of("foo", "bar")).obj(),
            Map.of("foo", "bar"),
            "",
            NO_ARGS,
            Status.success(),
            null,
            Status.success()),
        filterCase(
            "node labels are superset",
            makePod().nodeSelector(Map.of("foo", "bar")).obj(),
            Map.of("foo", "bar", "baz", "blah"),
            "",
            NO_ARGS,
            Status.success(),
            null,
            Status.success()),
        filterCase(
            "node labels are subset",
            makePod().nodeSelector(Map.of("foo", "bar", "baz", "blah")).obj(),
            Map.of("foo", "bar"),
            "",
            NO_ARGS,
            Status.success(),
            null,
            POD_MISMATCH),
        filterCase(
            "Pod with matchExpressions using In operator that matches the existing node",
            podRequiring(exprs(req("foo", NodeSelectorOperator.IN, "bar", "value2"))),
            Map.of("foo", "bar"),
            "",
            NO_ARGS,
            Status.success(),
            null,
            Status.success()),
        filterCase(
            "Pod with matchExpressions using Gt operator that matches the existing node",
            podRequiring(exprs(req("kernel-version", NodeSelectorOperator.GT, "0204"))),
            Map.of("kernel-version", "0206"),
            "",
            NO_ARGS,
            Status.success(),
            null,
            Status.success()),
        filterCase(
            "Pod with matchExpressions using NotIn operator that matches the existing node",
            podRequiring(exprs(req("mem-type", NodeSelectorOperator.NOT_IN, "DDR", "DDR2"))),
            Map.of("mem-type", "DDR3"),
            "",
            NO_ARGS,
            Status.success(),
            null,
            Status.success()),
        filterCase(
            "Pod with matchExpressions using Exists operator that matches the existing node",
            podRequiring(exprs(req("GPU", NodeSelectorOperator.EXISTS))),
            Map.of("GPU", "NVIDIA-GRID-K1"),
            "",
            NO_ARGS,
            Status.success(),
            null,
            Status.success()),
        filterCase(
            "Pod with affinity that don't match node's labels won't schedule onto the node",
            podRequiring(exprs(req("foo", NodeSelectorOperator.IN, "value1", "value2"))),
            Map.of("foo", "bar"),
            "",
            NO_ARGS,
            Status.success(),
            null,
            POD_MISMATCH),
        filterCase(
            "Pod with empty MatchExpressions is not a valid value will match no objects and won't"
                + " schedule onto the node",
            podRequiring(exprs()),
            Map.of("foo", "bar"),
            "",
            NO_ARGS,
            Status.success(),
            null,
            POD_MISMATCH),
        filterCase(
            "Pod with no Affinity will schedule onto a node",
            makePod().obj(),
            Map.of("foo", "bar"),
            "",
            NO_ARGS,
            Status.skip(),
            null,
            Status.success()),
        filterCase(
            "Pod with Affinity but nil NodeSelector will schedule onto a node",
            makePod()
                .nodeAffinity(io.schedkit.framework.model.NodeAffinity.builder().build())
                .obj(),
            Map.of("foo", "bar"),
            "",
            NO_ARGS,
            Status.skip(),
            null,
            Status.success()),
        filterCase(
            "Pod with multiple matchExpressions ANDed that matches the existing node",
            podRequiring(
                exprs(
                    req("GPU", NodeSelectorOperator.EXISTS),
                    req("GPU", NodeSelectorOperator.NOT_IN, "AMD", "INTER"))),
            Map.of("GPU", "NVIDIA-GRID-K1"),
            "",
            NO_ARGS,
            Status.success(),
            null,
            Status.success()),
        filterCase(
            "Pod with multiple matchExpressions ANDed that doesn't match the existing node",
            podRequiring(
                exprs(
                    req("GPU", NodeSelectorOperator.EXISTS),
                    req("GPU", NodeSelectorOperator.IN, "AMD", "INTER"))),
            Map.of("GPU", "NVIDIA-GRID-K1"),
            "",
            NO_ARGS,
            Status.success(),
            null,
            POD_MISMATCH),
        filterCase(
            "Pod with multiple NodeSelectorTerms ORed in affinity, matches the node's labels and"
                + " will schedule onto the node",
            podRequiring(
                exprs(req("foo", NodeSelectorOperator.IN, "bar", "value2")),
                exprs(req("diffkey", NodeSelectorOperator.IN, "wrong", "value2"))),
            Map.of("foo", "bar"),
            "",
            NO_ARGS,
            Status.success(),
            null,
            Status.success()),
        filterCase(
            "Pod with an Affinity and a PodSpec.NodeSelector(the old thing that we are"
                + " deprecating) both are satisfied, will schedule onto the node",
            makePod()
                .nodeSelector(Map.of("foo", "bar"))
                .nodeAffinity(required(exprs(req("foo", NodeSelectorOperator.EXISTS))))
                .obj(),
            Map.of("foo", "bar"),
            "",
            NO_ARGS,
            Status.success(),
            null,
            Status.success()),
        filterCase(
            "Pod with an Affinity matches node's labels but the PodSpec.NodeSelector(the old thing"
                + " that we are deprecating) is not satisfied, won't schedule onto the node",
            makePod()
                .nodeSelector(Map.of("foo", "bar"))
                .nodeAffinity(required(exprs(req("foo", NodeSelectorOperator.EXISTS))))
                .obj(),
            Map.of("foo", "barrrrrr"),
            "",
            NO_ARGS,
            Status.success(),
            null,
            POD_MISMATCH),
        filterCase(
            "Pod with an invalid value in Affinity term won't be scheduled onto the node",
            podRequiring(exprs(req("foo", NodeSelectorOperator.NOT_IN, "invalid value: ___@#$%^"))),
            Map.of("foo", "bar"),
            "",
            NO_ARGS,
            Status.success(),
            null,
            POD_MISMATCH),
        filterCase(
            "Pod with matchFields using In operator that matches the existing node",
            podRequiring(fields(nameIn("node1"))),
            Map.of(),
            "node1",
            NO_ARGS,
            Status.success(),
            Set.of("node1"),
            Status.success()),
        filterCase(
            "Pod with matchFields using In operator that does not match the existing node",
            podRequiring(fields(nameIn("node1"))),
            Map.of(),
            "node2",
            NO_ARGS,
            Status.success(),
            Set.of("node1"),
            POD_MISMATCH),
        filterCase(
            "Pod with two terms: matchFields does not match, but matchExpressions matches",
            podRequiring(
                fields(nameIn("node1"), nameIn("node2")),
                exprs(req("foo", NodeSelectorOperator.IN, "bar"))),
            Map.of("foo", "bar"),
            "node2",
            NO_ARGS,
            Status.success(),
            null,
            Status.success()),
        filterCase(
            "Pod with one term: matchFields does not match, but matchExpressions matches",
            podRequiring(
                new NodeSelectorTerm(
                    List.of(req("foo", NodeSelectorOperator.IN, "bar")), List.of(nameIn("node1")))),
            Map.of("foo", "bar"),
            "node2",
            NO_ARGS,
            Status.success(),
            Set.of("node1"),
            POD_MISMATCH),
        filterCase(
            "Pod with one term: both matchFields and matchExpressions match",
            podRequiring(
                new NodeSelectorTerm(
                    List.of(req("foo", NodeSelectorOperator.IN, "bar")), List.of(nameIn("node1")))),
            Map.of("foo", "bar"),
            "node1",
            NO_ARGS,
            Status.success(),
            Set.of("node1"),
            Status.success()),
        filterCase(
            "Pod with two terms: both matchFields and matchExpressions do not match",
            podRequiring(
                fields(nameIn("node1")),
                exprs(req("foo", NodeSelectorOperator.IN, "not-match-to-bar"))),
            Map.of("foo", "bar"),
            "node2",
            NO_ARGS,
            Status.success(),
            null,
            POD_MISMATCH),
        filterCase(
            "Pod with two terms of node.Name affinity",
            podRequiring(fields(nameIn("node1")), fields(nameIn("node2"))),
            Map.of(),
            "node2",
            NO_ARGS,
            Status.success(),
            Set.of("node1", "node2"),
            Status.success()),
        filterCase(
            "Pod with two conflicting mach field requirements",
            podRequiring(fields(nameIn("node1"), nameIn("node2"))),
            Map.of("foo", "bar"),
            "node2",
            NO_ARGS,
            Status.unresolvable(NodeAffinity.ERR_REASON_CONFLICT),
            null,
            POD_MISMATCH),
        filterCase(
            "Matches added affinity and Pod's node affinity",
            podRequiring(exprs(req("zone", NodeSelectorOperator.IN, "foo"))),
            Map.of("zone", "foo"),
            "node2",
            addedRequired(fields(nameIn("node2"))),
            Status.success(),
            null,
            Status.success()),
        filterCase(
            "Matches added affinity but not Pod's node affinity",
            podRequiring(exprs(req("zone", NodeSelectorOperator.IN, "bar"))),
            Map.of("zone", "foo"),
            "node2",
            addedRequired(fields(nameIn("node2"))),
            Status.success(),
            null,
            POD_MISMATCH),
        filterCase(
            "Doesn't match added affinity",
            makePod().obj(),
            Map.of("zone", "foo"),
            "node2",
            addedRequired(exprs(req("zone", NodeSelectorOperator.IN, "bar"))),
            Status.success(),
            null,
            Status.unresolvable(NodeAffinity.ERR_REASON_ENFORCED)),
        filterCase(
            "Matches node selector correctly even if PreFilter is not called",
            makePod().nodeSelector(Map.of("foo", "bar")).obj(),
            Map.of("foo", "bar", "baz", "blah"),
            "",
            NO_ARGS,
            null,
            null,
            Status.success()),
        filterCase(
            "Matches node affinity correctly even if PreFilter is not called",
            podRequiring(
                exprs(
                    req("GPU", NodeSelectorOperator.EXISTS),
                    req("GPU", NodeSelectorOperator.NOT_IN, "AMD", "INTER"))),
            Map.of("GPU", "NVIDIA-GRID-K1"),
            "",
            NO_ARGS,
            null,
            null,
            Status.success()),
        filterCase(
            "Rejects on node selector even if PreFilter is not called",
            makePod().nodeSelector(Map.of("foo", "bar")).obj(),
            Map.of("foo", "baz"),
            "",
            NO_ARGS,
            null,
            null,
            POD_MISMATCH));
  }

  /**
   * One case; {@code wantPreFilter} null means PreFilter is not run, {@code wantNodes} null means
   * no narrowing.
   */
  private static Arguments filterCase(
      String name,
      Pod pod,
      Map<String, String> labels,
      String nodeName,
      NodeAffinityArgs args,
      Status wantPreFilter,
      Set<String> wantNodes,
      Status wantFilter) {
    return Arguments.of(name, pod, labels, nodeName, args, wantPreFilter, wantNodes, wantFilter);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("filterCases")
  void preFilterAndFilter_upstreamTable(
      String name,
      Pod pod,
      Map<String, String> labels,
      String nodeName,
      NodeAffinityArgs args,
      Status wantPreFilter,
      Set<String> wantNodes,
      Status wantFilter) {
    NodeAffinity plugin = new NodeAffinity(args, null);
    NodeInfo node = NodeInfo.of(node(nodeName, labels));
    PodInfo info = PodInfo.of(pod);
    CycleState state = new CycleState();

    if (wantPreFilter != null) {
      PreFilterResult pre = plugin.preFilter(state, info, List.of(node));
      assertThat(pre.status()).isEqualTo(wantPreFilter);
      assertThat(pre.nodeNames()).isEqualTo(wantNodes);
    }
    assertThat(plugin.filter(state, info, node)).isEqualTo(wantFilter);
  }

  @Test
  void filterAll_nameNarrowing_otherNodesRejectedByTheFramework() {
    PluginHarness h =
        PluginHarness.builder(
                FakeHandle.builder()
                    .nodes(node("n1", Map.of()), node("n2", Map.of()), node("n3", Map.of())))
            .plugin(NodeAffinity.class)
            .build();

    Map<String, Status> got = h.filterAll(podRequiring(fields(nameIn("n2"))));

    assertThat(got.get("n2")).isSuccess();
    assertThat(got.get("n1"))
        .isUnschedulableAndUnresolvable()
        .hasReasons("node(s) didn't satisfy plugin(s) [NodeAffinity]");
    assertThat(got.get("n3")).isEqualTo(got.get("n1"));
  }

  @Test
  void preFilter_addedAffinityAlone_doesNotSkip() {
    NodeAffinity plugin =
        new NodeAffinity(addedRequired(exprs(req("zone", NodeSelectorOperator.EXISTS))), null);

    PreFilterResult pre =
        plugin.preFilter(new CycleState(), PodInfo.of(makePod().obj()), List.of());

    assertThat(pre).allowsAllNodes().status().isSuccess();
  }

  @Test
  void preFilter_emptyRequiredTerms_noNarrowingButNothingMatches() {
    NodeAffinity plugin = new NodeAffinity(NO_ARGS, null);
    Pod pod = podRequiring();
    CycleState state = new CycleState();
    NodeInfo node = NodeInfo.of(node("node1", Map.of("foo", "bar")));

    assertThat(plugin.preFilter(state, PodInfo.of(pod), List.of(node))).allowsAllNodes();
    assertThat(plugin.filter(state, PodInfo.of(pod), node)).isEqualTo(POD_MISMATCH);
  }

  @Test
  void constructor_invalidAddedAffinity_throws() {
    NodeAffinityArgs args =
        addedRequired(fields(req("metadata.name", NodeSelectorOperator.EXISTS)));

    assertThatThrownBy(() -> new NodeAffinity(args, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("matchFields[0].operator: Unsupported value: \"Exists\"");
  }

  // ---------------------------------------------------------------------------------- score

  private static final Map<String, String> LABEL1 = Map.of("foo", "bar");
  private static final Map<String, String> LABEL2 = Map.of("key", "value");
  private static final Map<String, String> LABEL3 = Map.of("az", "az1");
  private static final Map<String, String> LABEL4 = Map.of("abc", "az11", "def", "az22");
  private static final Map<String, String> LABEL5 =
      Map.of("foo", "bar", "key", "value", "az", "az1");

  private static io.schedkit.framework.model.NodeAffinity affinity1() {
    return io.schedkit.framework.model.NodeAffinity.builder()
        .preferred(2, exprs(req("foo", NodeSelectorOperator.IN, "bar")))
        .build();
  }

  private static io.schedkit.framework.model.NodeAffinity affinity2() {
    return io.schedkit.framework.model.NodeAffinity.builder()
        .preferred(2, exprs(req("foo", NodeSelectorOperator.IN, "bar")))
        .preferred(4, exprs(req("key", NodeSelectorOperator.IN, "value")))
        .preferred(
            5,
            exprs(
                req("foo", NodeSelectorOperator.IN, "bar"),
                req("key", NodeSelectorOperator.IN, "value"),
                req("az", NodeSelectorOperator.IN, "az1")))
        .build();
  }

  static Stream<Arguments> scoreCases() {
    return Stream.of(
        Arguments.of(
            "all nodes are same priority as NodeAffinity is nil",
            makePod().obj(),
            List.of(node("node1", LABEL1), node("node2", LABEL2), node("node3", LABEL3)),
            NO_ARGS,
            Status.skip(),
            new long[] {0, 0, 0}),
        Arguments.of(
            "no node matches preferred scheduling requirements in NodeAffinity of pod so all"
                + " nodes' priority is zero",
            makePod().nodeAffinity(affinity1()).obj(),
            List.of(node("node1", LABEL4), node("node2", LABEL2), node("node3", LABEL3)),
            NO_ARGS,
            Status.success(),
            new long[] {0, 0, 0}),
        Arguments.of(
            "only node1 matches the preferred scheduling requirements of pod",
            makePod().nodeAffinity(affinity1()).obj(),
            List.of(node("node1", LABEL1), node("node2", LABEL2), node("node3", LABEL3)),
            NO_ARGS,
            Status.success(),
            new long[] {100, 0, 0}),
        Arguments.of(
            "all nodes matches the preferred scheduling requirements of pod but with different"
                + " priorities ",
            makePod().nodeAffinity(affinity2()).obj(),
            List.of(node("node1", LABEL1), node("node5", LABEL5), node("node2", LABEL2)),
            NO_ARGS,
            Status.success(),
            new long[] {18, 100, 36}),
        Arguments.of(
            "added affinity",
            makePod().obj(),
            List.of(node("node1", LABEL1), node("node2", LABEL2)),
            new NodeAffinityArgs(affinity1()),
            Status.success(),
            new long[] {100, 0}),
        Arguments.of(
            "added affinity and pod has default affinity",
            makePod().nodeAffinity(affinity1()).obj(),
            List.of(node("node1", LABEL1), node("node2", LABEL2), node("node3", LABEL5)),
            new NodeAffinityArgs(
                io.schedkit.framework.model.NodeAffinity.builder()
                    .preferred(3, exprs(req("key", NodeSelectorOperator.IN, "value")))
                    .build()),
            Status.success(),
            new long[] {40, 60, 100}),
        Arguments.of(
            "calculate the priorities correctly even if PreScore is not called",
            makePod().nodeAffinity(affinity2()).obj(),
            List.of(node("node1", LABEL1), node("node5", LABEL5), node("node2", LABEL2)),
            NO_ARGS,
            null,
            new long[] {18, 100, 36}),
        Arguments.of(
            "terms with weight 0 or no requirement are ignored",
            makePod()
                .nodeAffinity(
                    io.schedkit.framework.model.NodeAffinity.builder()
                        .preferred(0, exprs(req("foo", NodeSelectorOperator.IN, "bar")))
                        .preferred(7, exprs())
                        .preferred(1, exprs(req("key", NodeSelectorOperator.EXISTS)))
                        .build())
                .obj(),
            List.of(node("node1", LABEL1), node("node2", LABEL2)),
            NO_ARGS,
            Status.success(),
            new long[] {0, 100}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scoreCases")
  void preScoreScoreNormalize_upstreamTable(
      String name,
      Pod pod,
      List<Node> nodes,
      NodeAffinityArgs args,
      Status wantPreScore,
      long[] expected) {
    NodeAffinity plugin = new NodeAffinity(args, null);
    CycleState state = new CycleState();
    PodInfo info = PodInfo.of(pod);
    List<NodeInfo> infos = new ArrayList<>();
    for (Node n : nodes) {
      infos.add(NodeInfo.of(n));
    }

    if (wantPreScore != null) {
      assertThat(plugin.preScore(state, info, infos)).isEqualTo(wantPreScore);
    }
    long[] raw = new long[infos.size()];
    for (int i = 0; i < raw.length; i++) {
      raw[i] = plugin.score(state, info, infos.get(i));
    }
    NodeScoreList scores = NodeScoreList.of(infos, raw);
    assertThat(plugin.normalizeScore(state, info, scores)).isSuccess();

    List<NodeScore> want = new ArrayList<>();
    for (int i = 0; i < expected.length; i++) {
      want.add(new NodeScore(nodes.get(i).name(), expected[i]));
    }
    assertThat(scores.toList()).containsExactlyElementsOf(want);
  }

  @Test
  void preScore_invalidPreferredTerm_errorWithUpstreamPath() {
    Pod pod =
        makePod()
            .nodeAffinity(
                io.schedkit.framework.model.NodeAffinity.builder()
                    .preferred(1, exprs(req("foo", NodeSelectorOperator.IN, "bar")))
                    .preferred(2, exprs(req("foo", NodeSelectorOperator.IN)))
                    .build())
            .obj();

    Status got =
        new NodeAffinity(NO_ARGS, null).preScore(new CycleState(), PodInfo.of(pod), List.of());

    assertThat(got)
        .isError()
        .hasReasons(
            "[1].matchExpressions[0].values: Invalid value: []string{}: for 'in', 'notin'"
                + " operators, values set can't be empty");
  }

  @Test
  void preScore_invalidTermWithWeightZero_ignored() {
    Pod pod =
        makePod()
            .nodeAffinity(
                io.schedkit.framework.model.NodeAffinity.builder()
                    .preferredDuringSchedulingIgnoredDuringExecution(
                        List.of(
                            new PreferredSchedulingTerm(
                                0, exprs(req("foo", NodeSelectorOperator.IN)))))
                    .build())
            .obj();

    assertThat(
            new NodeAffinity(NO_ARGS, null).preScore(new CycleState(), PodInfo.of(pod), List.of()))
        .isSuccess();
  }

  // ---------------------------------------------------------------------------------- events

  @Test
  void eventsToRegister_nodeAddOrLabelWithHint() {
    List<ClusterEventWithHint> events = new NodeAffinity(NO_ARGS, null).eventsToRegister();

    assertThat(events)
        .extracting(ClusterEventWithHint::event)
        .containsExactly(
            ClusterEvent.of(EventResource.NODE, ActionType.ADD.or(ActionType.UPDATE_NODE_LABEL)));
    assertThat(events.get(0).hint()).isNotNull();
  }

  static Stream<Arguments> hints() {
    NodeAffinityArgs enforced = addedRequired(exprs(req("foo", NodeSelectorOperator.IN, "bar")));
    return Stream.of(
        Arguments.of(
            "skip-queue-on-add",
            NO_ARGS,
            null,
            makeNode().name("n").obj(),
            QueueingHint.QUEUE_SKIP),
        Arguments.of(
            "queue-on-add",
            NO_ARGS,
            null,
            makeNode().name("n").label("foo", "bar").obj(),
            QueueingHint.QUEUE),
        Arguments.of(
            "skip-unrelated-changes",
            NO_ARGS,
            makeNode().name("n").obj(),
            makeNode().name("n").capacity(Map.of()).obj(),
            QueueingHint.QUEUE_SKIP),
        Arguments.of(
            "skip-unrelated-changes-on-labels",
            NO_ARGS,
            makeNode().name("n").obj(),
            makeNode().name("n").label("k", "v").obj(),
            QueueingHint.QUEUE_SKIP),
        Arguments.of(
            "skip-labels-changes-on-suitable-node",
            NO_ARGS,
            makeNode().name("n").label("foo", "bar").obj(),
            makeNode().name("n").label("foo", "bar").label("k", "v").obj(),
            QueueingHint.QUEUE_SKIP),
        Arguments.of(
            "skip-labels-changes-on-node-from-suitable-to-unsuitable",
            NO_ARGS,
            makeNode().name("n").label("foo", "bar").obj(),
            makeNode().name("n").label("k", "v").obj(),
            QueueingHint.QUEUE_SKIP),
        Arguments.of(
            "queue-on-labels-change-makes-pod-schedulable",
            NO_ARGS,
            makeNode().name("n").obj(),
            makeNode().name("n").label("foo", "bar").obj(),
            QueueingHint.QUEUE),
        Arguments.of(
            "skip-queue-on-add-scheduler-enforced-node-affinity",
            enforced,
            null,
            makeNode().name("n").obj(),
            QueueingHint.QUEUE_SKIP),
        Arguments.of(
            "queue-on-add-scheduler-enforced-node-affinity",
            enforced,
            null,
            makeNode().name("n").label("foo", "bar").obj(),
            QueueingHint.QUEUE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hints")
  void isSchedulableAfterNodeChange_upstreamTable(
      String name, NodeAffinityArgs args, Node oldObj, Node newObj, QueueingHint expected) {
    Pod pod = makePod().nodeAffinityIn("foo", "bar").obj();

    assertThat(new NodeAffinity(args, null).isSchedulableAfterNodeChange(pod, oldObj, newObj))
        .isEqualTo(expected);
  }

  @Test
  void isSchedulableAfterNodeChange_unparsableTermWithoutMatch_queues() {
    Pod pod = podRequiring(exprs(req("foo", NodeSelectorOperator.IN)));

    assertThat(
            new NodeAffinity(NO_ARGS, null)
                .isSchedulableAfterNodeChange(pod, null, makeNode().name("n").obj()))
        .isEqualTo(QueueingHint.QUEUE);
  }

  @Test
  void isSchedulableAfterNodeChange_wrongObjects_throw() {
    NodeAffinity plugin = new NodeAffinity(NO_ARGS, null);
    Pod pod = makePod().nodeAffinityIn("foo", "bar").obj();

    assertThatThrownBy(() -> plugin.isSchedulableAfterNodeChange(pod, null, "not-a-node"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> plugin.isSchedulableAfterNodeChange(pod, "not-a-node", makeNode().obj()))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
