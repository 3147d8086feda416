package io.schedkit.plugins.tainttoleration;

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
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Taint;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.framework.model.Toleration;
import io.schedkit.framework.model.TolerationOperator;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.NodeScoreList;
import io.schedkit.testing.PluginHarness;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Facts of upstream's TestTaintTolerationScore, TestTaintTolerationFilter,
 * TestIsSchedulableAfterNodeChange and Test_isSchedulableAfterPodTolerationChange. The numeric
 * {@code Gt}/{@code Lt} toleration cases (alpha KEP 5471, off by default in v1.35) are left out.
 */
final class TaintTolerationTest {
  private static final TaintEffect NO_SCHEDULE = TaintEffect.NO_SCHEDULE;
  private static final TaintEffect PREFER = TaintEffect.PREFER_NO_SCHEDULE;

  private static Node nodeWithTaints(String name, Taint... taints) {
    return makeNode().name(name).taints(taints).obj();
  }

  private static Pod podWithTolerations(Toleration... tolerations) {
    return makePod().name("pod1").tolerations(List.of(tolerations)).obj();
  }

  private static Toleration equal(String key, String value, TaintEffect effect) {
    return Toleration.builder()
        .key(key)
        .operator(TolerationOperator.EQUAL)
        .value(value)
        .effect(effect)
        .build();
  }

  private static Toleration exists(String key, TaintEffect effect) {
    return Toleration.builder().key(key).operator(TolerationOperator.EXISTS).effect(effect).build();
  }

  private static Taint taint(String key, String value, TaintEffect effect) {
    return Taint.of(key, value, effect);
  }

  // ---------------------------------------------------------------------------------- score

  static Stream<Arguments> scoreCases() {
    return Stream.of(
        Arguments.of(
            "node with taints tolerated by the pod, gets a higher score than those node with"
                + " intolerable taints",
            podWithTolerations(equal("foo", "bar", PREFER)),
            List.of(
                nodeWithTaints("nodeA", taint("foo", "bar", PREFER)),
                nodeWithTaints("nodeB", taint("foo", "blah", PREFER))),
            new long[] {100, 0}),
        Arguments.of(
            "the nodes that all of their taints are tolerated by the pod, get the same score, no"
                + " matter how many tolerable taints a node has",
            podWithTolerations(
                equal("cpu-type", "arm64", PREFER), equal("disk-type", "ssd", PREFER)),
            List.of(
                nodeWithTaints("nodeA"),
                nodeWithTaints("nodeB", taint("cpu-type", "arm64", PREFER)),
                nodeWithTaints(
                    "nodeC",
                    taint("cpu-type", "arm64", PREFER),
                    taint("disk-type", "ssd", PREFER))),
            new long[] {100, 100, 100}),
        Arguments.of(
            "the more intolerable taints a node has, the lower score it gets.",
            podWithTolerations(equal("foo", "bar", PREFER)),
            List.of(
                nodeWithTaints("nodeA"),
                nodeWithTaints("nodeB", taint("cpu-type", "arm64", PREFER)),
                nodeWithTaints(
                    "nodeC",
                    taint("cpu-type", "arm64", PREFER),
                    taint("disk-type", "ssd", PREFER))),
            new long[] {100, 50, 0}),
        Arguments.of(
            "only taints and tolerations that have effect PreferNoSchedule are checked by"
                + " taints-tolerations priority function",
            podWithTolerations(
                equal("cpu-type", "arm64", NO_SCHEDULE), equal("disk-type", "ssd", NO_SCHEDULE)),
            List.of(
                nodeWithTaints("nodeA"),
                nodeWithTaints("nodeB", taint("cpu-type", "arm64", NO_SCHEDULE)),
                nodeWithTaints(
                    "nodeC",
                    taint("cpu-type", "arm64", PREFER),
                    taint("disk-type", "ssd", PREFER))),
            new long[] {100, 100, 0}),
        Arguments.of(
            "Default behaviour No taints and tolerations, lands on node with no taints",
            podWithTolerations(),
            List.of(
                nodeWithTaints("nodeA"),
                nodeWithTaints("nodeB", taint("cpu-type", "arm64", PREFER))),
            new long[] {100, 0}),
        Arguments.of(
            "a toleration without effect tolerates PreferNoSchedule taints",
            podWithTolerations(exists("foo", null)),
            List.of(nodeWithTaints("nodeA", taint("foo", "x", PREFER)), nodeWithTaints("nodeB")),
            new long[] {100, 100}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scoreCases")
  void preScoreScoreNormalize_upstreamTable(
      String name, Pod pod, List<Node> nodes, long[] expected) {
    TaintToleration plugin = new TaintToleration();
    CycleState state = new CycleState();
    PodInfo info = PodInfo.of(pod);
    List<NodeInfo> infos = new ArrayList<>();
    for (Node n : nodes) {
      infos.add(NodeInfo.of(n));
    }

    assertThat(plugin.preScore(state, info, infos)).isSuccess();
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
  void score_inFramework_weightedByProfileWeight() {
    PluginHarness h =
        PluginHarness.builder(
                FakeHandle.builder()
                    .nodes(
                        nodeWithTaints("nodeA"),
                        nodeWithTaints("nodeB", taint("cpu-type", "arm64", PREFER)),
                        nodeWithTaints(
                            "nodeC",
                            taint("cpu-type", "arm64", PREFER),
                            taint("disk-type", "ssd", PREFER))))
            .plugin(TaintToleration.class)
            .weight(TaintToleration.NAME, 3)
            .build();

    PluginHarness.Scores got = h.score(podWithTolerations());

    assertThat(got.status()).isSuccess();
    assertThat(got.raw(TaintToleration.NAME))
        .isEqualTo(Map.of("nodeA", 0L, "nodeB", 1L, "nodeC", 2L));
    assertThat(got.totals()).containsEntry("nodeA", 300L).containsEntry("nodeB", 150L);
    assertThat(got.totals()).containsEntry("nodeC", 0L);
  }

  @Test
  void score_withoutPreScore_throws() {
    TaintToleration plugin = new TaintToleration();
    NodeInfo node = NodeInfo.of(nodeWithTaints("nodeA"));

    assertThatThrownBy(() -> plugin.score(new CycleState(), PodInfo.of(podWithTolerations()), node))
        .isInstanceOf(NoSuchElementException.class);
  }

  // ---------------------------------------------------------------------------------- filter

  private static Status untolerated(String key, String value) {
    return Status.unresolvable("node(s) had untolerated taint {" + key + ": " + value + "}");
  }

  static Stream<Arguments> filterCases() {
    return Stream.of(
        Arguments.of(
            "A pod having no tolerations can't be scheduled onto a node with nonempty taints",
            podWithTolerations(),
            nodeWithTaints("nodeA", taint("dedicated", "user1", NO_SCHEDULE)),
            untolerated("dedicated", "user1")),
        Arguments.of(
            "A pod which can be scheduled on a dedicated node assigned to user1 with effect"
                + " NoSchedule",
            podWithTolerations(equal("dedicated", "user1", NO_SCHEDULE)),
            nodeWithTaints("nodeA", taint("dedicated", "user1", NO_SCHEDULE)),
            Status.success()),
        Arguments.of(
            "A pod which can't be scheduled on a dedicated node assigned to user2 with effect"
                + " NoSchedule",
            podWithTolerations(equal("dedicated", "user2", NO_SCHEDULE)),
            nodeWithTaints("nodeA", taint("dedicated", "user1", NO_SCHEDULE)),
            untolerated("dedicated", "user1")),
        Arguments.of(
            "A pod can be scheduled onto the node, with a toleration uses operator Exists that"
                + " tolerates the taints on the node",
            podWithTolerations(exists("foo", NO_SCHEDULE)),
            nodeWithTaints("nodeA", taint("foo", "bar", NO_SCHEDULE)),
            Status.success()),
        Arguments.of(
            "A pod has multiple tolerations, node has multiple taints, all the taints are"
                + " tolerated, pod can be scheduled onto the node",
            podWithTolerations(
                equal("dedicated", "user2", NO_SCHEDULE), exists("foo", NO_SCHEDULE)),
            nodeWithTaints(
                "nodeA",
                taint("dedicated", "user2", NO_SCHEDULE),
                taint("foo", "bar", NO_SCHEDULE)),
            Status.success()),
        Arguments.of(
            "A pod has a toleration that keys and values match the taint on the node, but"
                + " (non-empty) effect doesn't match, can't be scheduled onto the node",
            podWithTolerations(equal("foo", "bar", PREFER)),
            nodeWithTaints("nodeA", taint("foo", "bar", NO_SCHEDULE)),
            untolerated("foo", "bar")),
        Arguments.of(
            "The pod has a toleration that keys and values match the taint on the node, the"
                + " effect of toleration is empty, and the effect of taint is NoSchedule. Pod can"
                + " be scheduled onto the node",
            podWithTolerations(equal("foo", "bar", null)),
            nodeWithTaints("nodeA", taint("foo", "bar", NO_SCHEDULE)),
            Status.success()),
        Arguments.of(
            "The pod has a toleration that key and value don't match the taint on the node, but"
                + " the effect of taint on node is PreferNoSchedule. Pod can be scheduled onto the"
                + " node",
            podWithTolerations(equal("dedicated", "user2", NO_SCHEDULE)),
            nodeWithTaints("nodeA", taint("dedicated", "user1", PREFER)),
            Status.success()),
        Arguments.of(
            "The pod has no toleration, but the effect of taint on node is PreferNoSchedule. Pod"
                + " can be scheduled onto the node",
            podWithTolerations(),
            nodeWithTaints("nodeA", taint("dedicated", "user1", PREFER)),
            Status.success()),
        Arguments.of(
            "NoExecute taints repel too; the first untolerated taint is reported",
            podWithTolerations(equal("a", "1", NO_SCHEDULE)),
            nodeWithTaints(
                "nodeA",
                taint("a", "1", NO_SCHEDULE),
                taint("b", "2", TaintEffect.NO_EXECUTE),
                taint("c", "3", NO_SCHEDULE)),
            untolerated("b", "2")),
        Arguments.of(
            "an empty taint value prints as nothing",
            podWithTolerations(),
            nodeWithTaints(
                "nodeA", taint("node-role.kubernetes.io/control-plane", "", NO_SCHEDULE)),
            untolerated("node-role.kubernetes.io/control-plane", "")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("filterCases")
  void filter_upstreamTable(String name, Pod pod, Node node, Status expected) {
    Status got = new TaintToleration().filter(new CycleState(), PodInfo.of(pod), NodeInfo.of(node));

    assertThat(got).isEqualTo(expected);
  }

  // ---------------------------------------------------------------------------------- events

  @Test
  void eventsToRegister_nodeAddOrTaintAndPodToleration() {
    List<ClusterEventWithHint> events = new TaintToleration().eventsToRegister();

    assertThat(events)
        .extracting(ClusterEventWithHint::event)
        .containsExactly(
            ClusterEvent.of(EventResource.NODE, ActionType.ADD.or(ActionType.UPDATE_NODE_TAINT)),
            ClusterEvent.of(EventResource.POD, ActionType.UPDATE_POD_TOLERATION));
    assertThat(events).allSatisfy(e -> assertThat(e.hint()).isNotNull());
  }

  static Stream<Arguments> nodeHints() {
    Pod pod = podWithTolerations(equal("dedicated", "user2", NO_SCHEDULE));
    return Stream.of(
        Arguments.of(
            "skip-queue-on-untoleratedtaint-node-added",
            pod,
            null,
            nodeWithTaints("nodeA", taint("dedicated", "user1", NO_SCHEDULE)),
            QueueingHint.QUEUE_SKIP),
        Arguments.of(
            "queue-on-toleratedtaint-node-added",
            pod,
            null,
            nodeWithTaints("nodeA", taint("dedicated", "user2", NO_SCHEDULE)),
            QueueingHint.QUEUE),
        Arguments.of(
            "skip-unrelated-change",
            pod,
            nodeWithTaints("nodeA", taint("dedicated", "user1", NO_SCHEDULE)),
            nodeWithTaints(
                "nodeA",
                taint("dedicated", "user1", NO_SCHEDULE),
                taint("dedicated", "user3", NO_SCHEDULE)),
            QueueingHint.QUEUE_SKIP),
        Arguments.of(
            "queue-on-taint-change",
            pod,
            nodeWithTaints("nodeA", taint("dedicated", "user1", NO_SCHEDULE)),
            nodeWithTaints("nodeA", taint("dedicated", "user2", NO_SCHEDULE)),
            QueueingHint.QUEUE),
        Arguments.of(
            "skip-when-node-was-already-tolerated",
            pod,
            nodeWithTaints("nodeA"),
            nodeWithTaints("nodeA", taint("dedicated", "user2", NO_SCHEDULE)),
            QueueingHint.QUEUE_SKIP));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("nodeHints")
  void isSchedulableAfterNodeChange_upstreamTable(
      String name, Pod pod, Node oldObj, Node newObj, QueueingHint expected) {
    assertThat(TaintToleration.isSchedulableAfterNodeChange(pod, oldObj, newObj))
        .isEqualTo(expected);
  }

  @Test
  void isSchedulableAfterNodeChange_wrongObjects_throw() {
    Pod pod = podWithTolerations();
    Node node = nodeWithTaints("nodeA", taint("dedicated", "user1", NO_SCHEDULE));

    assertThatThrownBy(() -> TaintToleration.isSchedulableAfterNodeChange(pod, null, "not-a-node"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> TaintToleration.isSchedulableAfterNodeChange(pod, "not-a-node", node))
        .isInstanceOf(IllegalArgumentException.class);
  }

  static Stream<Arguments> podHints() {
    Pod pod = makePod().name("pod-1").namespace("ns-1").uid("uid0").obj();
    return Stream.of(
        Arguments.of(
            "skip-updates-other-pod",
            pod,
            makePod().name("pod-2").namespace("ns-1").uid("uid1").obj(),
            makePod()
                .name("pod-2")
                .namespace("ns-1")
                .uid("uid1")
                .toleration(equal("foo", "", NO_SCHEDULE))
                .obj(),
            QueueingHint.QUEUE_SKIP),
        Arguments.of(
            "queue-on-toleration-added",
            pod,
            makePod().name("pod-1").namespace("ns-1").uid("uid0").obj(),
            makePod()
                .name("pod-1")
                .namespace("ns-1")
                .uid("uid0")
                .toleration(equal("foo", "", NO_SCHEDULE))
                .obj(),
            QueueingHint.QUEUE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("podHints")
  void isSchedulableAfterPodTolerationChange_upstreamTable(
      String name, Pod pod, Pod oldObj, Pod newObj, QueueingHint expected) {
    assertThat(TaintToleration.isSchedulableAfterPodTolerationChange(pod, oldObj, newObj))
        .isEqualTo(expected);
  }

  @Test
  void isSchedulableAfterPodTolerationChange_wrongObjects_throw() {
    Pod pod = podWithTolerations();

    assertThatThrownBy(
            () -> TaintToleration.isSchedulableAfterPodTolerationChange(pod, null, "not-a-pod"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> TaintToleration.isSchedulableAfterPodTolerationChange(pod, "not-a-pod", pod))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
