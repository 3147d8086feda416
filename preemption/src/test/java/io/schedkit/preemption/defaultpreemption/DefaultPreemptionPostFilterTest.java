package io.schedkit.preemption.defaultpreemption;

import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.HIGH;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.LARGE;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.LOW;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.MEDIUM;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.MID;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.ONE_POD;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.VERY_HIGH;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.pdb;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.pod;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.statuses;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.unschedulable;
import static io.schedkit.testing.Wrappers.makeNode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.Code;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.NominatingInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.extender.Extender;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.plugins.noderesources.NodeResourcesFit;
import io.schedkit.testing.FakeClock;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.PluginHarness;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Upstream's {@code TestPostFilter}: the plugin over NodeResourcesFit and {@code test-plugin}, with
 * the filter verdicts given, returns the nomination and the {@code preemption: ...} status. The
 * pod-group cases (workload-aware preemption, topology-aware workload scheduling) are v1.36 alpha
 * features and are not ported.
 */
final class DefaultPreemptionPostFilterTest {
  private static final Map<String, String> NODE_RES = Map.of("cpu", "200m", "memory", "400");

  /** One case; {@code wantNode} null means no nomination at all (keep the current one). */
  record Case(
      String name,
      Pod pod,
      List<Pod> pods,
      List<PodDisruptionBudget> pdbs,
      List<Node> nodes,
      NodeToStatus statuses,
      Extender extender,
      String wantNode,
      Code wantCode,
      String wantMessage) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Arguments> cases() {
    return Stream.of(
            new Case(
                "pod with higher priority can be made schedulable",
                pod("p").priority(HIGH).obj(),
                List.of(pod("p1").node("node1").obj()),
                List.of(),
                List.of(makeNode().name("node1").capacity(ONE_POD).obj()),
                unschedulable("node1"),
                null,
                "node1",
                Code.SUCCESS,
                ""),
            new Case(
                "pod with tied priority is still unschedulable",
                pod("p").obj(),
                List.of(pod("p1").node("node1").obj()),
                List.of(),
                List.of(makeNode().name("node1").capacity(ONE_POD).obj()),
                unschedulable("node1"),
                null,
                "",
                Code.UNSCHEDULABLE,
                "preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."),
            new Case(
                "preemption should respect filteredNodesStatuses",
                pod("p").priority(HIGH).obj(),
                List.of(pod("p1").node("node1").obj()),
                List.of(),
                List.of(makeNode().name("node1").capacity(ONE_POD).obj()),
                statuses(
                    Map.of("node1", Code.UNSCHEDULABLE_AND_UNRESOLVABLE),
                    Code.UNSCHEDULABLE_AND_UNRESOLVABLE),
                null,
                "",
                Code.UNSCHEDULABLE,
                "preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."),
            new Case(
                "preemption should respect absent NodeToStatusReader entry meaning"
                    + " UnschedulableAndUnresolvable",
                pod("p").priority(HIGH).obj(),
                List.of(pod("p1").node("node1").obj()),
                List.of(),
                List.of(makeNode().name("node1").capacity(ONE_POD).obj()),
                new NodeToStatus(),
                null,
                "",
                Code.UNSCHEDULABLE,
                "preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."),
            new Case(
                "pod can be made schedulable on one node",
                pod("p").priority(MID).obj(),
                List.of(
                    pod("p1").priority(HIGH).node("node1").obj(),
                    pod("p2").priority(LOW).node("node2").obj()),
                List.of(),
                List.of(
                    makeNode().name("node1").capacity(ONE_POD).obj(),
                    makeNode().name("node2").capacity(ONE_POD).obj()),
                unschedulable("node1", "node2"),
                null,
                "node2",
                Code.SUCCESS,
                ""),
            new Case(
                "pod can be made schedulable on minHighestPriority node",
                pod("p").priority(VERY_HIGH).obj(),
                List.of(
                    pod("p1")
                        .label(VIOLATING_KEY, NON_VIOLATING)
                        .priority(HIGH)
                        .node("node1")
                        .obj(),
                    pod("p2").label(VIOLATING_KEY, VIOLATING).priority(LOW).node("node1").obj(),
                    pod("p3").label(VIOLATING_KEY, VIOLATING).priority(MID).node("node2").obj()),
                List.of(
                    pdb("violating-pdb", VIOLATING_KEY, VIOLATING, "100%", 0),
                    pdb("non-violating-pdb", VIOLATING_KEY, NON_VIOLATING, "0", Integer.MAX_VALUE)),
                List.of(
                    makeNode().name("node1").capacity(ONE_POD).obj(),
                    makeNode().name("node2").capacity(ONE_POD).obj()),
                unschedulable("node1", "node2"),
                null,
                "node2",
                Code.SUCCESS,
                ""),
            new Case(
                "preemption result filtered out by extenders",
                pod("p").priority(HIGH).obj(),
                List.of(pod("p1").node("node1").obj(), pod("p2").node("node2").obj()),
                List.of(),
                List.of(
                    makeNode().name("node1").capacity(ONE_POD).obj(),
                    makeNode().name("node2").capacity(ONE_POD).obj()),
                unschedulable("node1", "node2"),
                PreemptionFixtures.PredicateExtender.allowingNode1("FakeExtender1"),
                "node1",
                Code.SUCCESS,
                ""),
            new Case(
                "no candidate nodes found, no enough resource after removing low priority pods",
                pod("p").priority(HIGH).req(LARGE).obj(),
                List.of(pod("p1").node("node1").obj(), pod("p2").node("node2").obj()),
                List.of(),
                List.of(
                    makeNode().name("node1").capacity(NODE_RES).obj(),
                    makeNode().name("node2").capacity(NODE_RES).obj()),
                unschedulable("node1", "node2"),
                null,
                "",
                Code.UNSCHEDULABLE,
                "preemption: 0/2 nodes are available: 2 Insufficient cpu."),
            new Case(
                "no candidate nodes found with mixed reasons, no lower priority pod and no enough CPU"
                    + " resource",
                pod("p").priority(HIGH).req(LARGE).obj(),
                List.of(
                    pod("p1").node("node1").priority(HIGH).obj(),
                    pod("p2").node("node2").obj(),
                    pod("p3").node("node3").priority(HIGH).obj()),
                List.of(),
                List.of(
                    makeNode().name("node1").capacity(ONE_POD).obj(),
                    makeNode().name("node2").capacity(NODE_RES).obj(),
                    makeNode().name("node3").capacity(ONE_POD).obj()),
                unschedulable("node1", "node2", "node3"),
                null,
                "",
                Code.UNSCHEDULABLE,
                "preemption: 0/3 nodes are available: 1 Insufficient cpu, 2 No preemption victims"
                    + " found for incoming pod."),
            new Case(
                "no candidate nodes found with mixed reason, 2 UnschedulableAndUnresolvable nodes and 2"
                    + " nodes don't have enough CPU resource",
                pod("p").priority(HIGH).req(LARGE).obj(),
                List.of(pod("p1").node("node1").obj(), pod("p2").node("node2").obj()),
                List.of(),
                List.of(
                    makeNode().name("node1").capacity(NODE_RES).obj(),
                    makeNode().name("node2").capacity(NODE_RES).obj(),
                    makeNode().name("node3").capacity(NODE_RES).obj(),
                    makeNode().name("node4").capacity(NODE_RES).obj()),
                statuses(
                    Map.of(
                        "node1", Code.UNSCHEDULABLE,
                        "node2", Code.UNSCHEDULABLE,
                        "node4", Code.UNSCHEDULABLE_AND_UNRESOLVABLE),
                    Code.UNSCHEDULABLE_AND_UNRESOLVABLE),
                null,
                "",
                Code.UNSCHEDULABLE,
                "preemption: 0/4 nodes are available: 2 Insufficient cpu, 2 Preemption is not helpful"
                    + " for scheduling."),
            new Case(
                "only one node but failed with TestPlugin",
                pod("p").priority(HIGH).req(LARGE).obj(),
                List.of(pod("p1").node("node1").obj()),
                List.of(),
                List.of(makeNode().name("node1").capacity(LARGE).label("error", "true").obj()),
                unschedulable("node1"),
                null,
                null,
                Code.ERROR,
                "preemption: running RemovePod on PreFilter plugin \"test-plugin\": failed to remove"
                    + " pod: p"),
            new Case(
                "one failed with TestPlugin and the other pass",
                pod("p").priority(HIGH).req(LARGE).obj(),
                List.of(pod("p1").node("node1").obj(), pod("p2").node("node2").req(MEDIUM).obj()),
                List.of(),
                List.of(
                    makeNode().name("node1").capacity(LARGE).label("error", "true").obj(),
                    makeNode().name("node2").capacity(LARGE).obj()),
                unschedulable("node1", "node2"),
                null,
                "node2",
                Code.SUCCESS,
                ""))
        .map(c -> arguments(c));
  }

  static final String VIOLATING_KEY = "test.kubernetes.io/is-violating-pdb";
  static final String VIOLATING = "violating";
  static final String NON_VIOLATING = "non-violating";

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void postFilter_upstreamTable(Case c) {
    List<Pod> pods = new ArrayList<>(c.pods());
    pods.add(c.pod());
    FakeClock clock = new FakeClock();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    List<KubeObject> objects = new ArrayList<>(c.nodes());
    objects.addAll(pods);
    cluster.createAll(objects);
    FakeHandle.Builder fake =
        FakeHandle.builder()
            .nodes(c.nodes())
            .pods(pods)
            .objects(c.pdbs())
            .clock(clock)
            .cluster(cluster);
    if (c.extender() != null) {
      fake.extenders(c.extender());
    }
    PluginHarness h =
        PluginHarness.builder(fake)
            .plugin(NodeResourcesFit.class)
            .plugin(FakeErrorOnLabelPlugin.NAME, (args, handle) -> new FakeErrorOnLabelPlugin())
            .build();
    DefaultPreemption plugin = new DefaultPreemption(DefaultPreemptionArgs.defaults(), h.fake());
    CycleState state = h.newState();
    assertThat(h.preFilter(state, c.pod()).status().isSuccess()).isTrue();

    PostFilterResult r = plugin.postFilter(state, PodInfo.of(c.pod()), c.statuses());

    assertThat(r.status().code()).isEqualTo(c.wantCode());
    assertThat(r.status().message()).isEqualTo(c.wantMessage());
    if (c.wantNode() == null) {
      assertThat(r.nominatingInfo()).isNull();
    } else {
      assertThat(r.nominatingInfo()).isEqualTo(NominatingInfo.override(c.wantNode()));
    }
    if (c.wantCode() == Code.SUCCESS) {
      assertThat(r.candidates()).containsKey(c.wantNode());
      assertThat(r.nominatedVictims()).isPresent();
    } else {
      assertThat(r.candidates()).isEmpty();
    }
  }
}
