package io.schedkit.preemption.defaultpreemption;

import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.HIGH;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.LARGE;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.LOW;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.MEDIUM;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.MID;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.SMALL;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.VERY_HIGH;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.VERY_LARGE;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.epoch;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.pod;
import static io.schedkit.testing.Wrappers.makeLabelSelector;
import static io.schedkit.testing.Wrappers.makeNode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.Code;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import io.schedkit.plugins.interpodaffinity.InterPodAffinity;
import io.schedkit.plugins.noderesources.NodeResourcesFit;
import io.schedkit.plugins.podtopologyspread.PodTopologySpread;
import io.schedkit.preemption.Candidate;
import io.schedkit.preemption.CandidateSample;
import io.schedkit.preemption.DryRunResult;
import io.schedkit.testing.FakeFilterPlugin;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.FalseFilterPlugin;
import io.schedkit.testing.MatchFilterPlugin;
import io.schedkit.testing.NodeWrapper;
import io.schedkit.testing.PluginHarness;
import io.schedkit.testing.TrueFilterPlugin;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Upstream's {@code TestDryRunPreemption}: the candidates (victims sorted by name, candidates by
 * node) and the number of Filter calls of the dry run. Upstream draws the offsets from Go's {@code
 * rand.NewSource(4)}: 4, 1, 3 for five nodes; they are scripted here.
 */
final class DefaultPreemptionDryRunTest {
  /** Upstream's offsets for five nodes, cycle by cycle. */
  private static final int[] OFFSETS = {4, 1, 3};

  private static final Map<String, String> PDB_APP_FOO = Map.of("app", "foo");

  record Want(String node, List<String> victims, int numPdbViolations) {
    static Want of(String node, String... victims) {
      return new Want(node, List.of(victims), 0);
    }

    Want violations(int n) {
      return new Want(node, victims, n);
    }
  }

  record Case(
      String name,
      DefaultPreemptionArgs args,
      List<String> nodeNames,
      List<Pod> testPods,
      List<Pod> initPods,
      Consumer<PluginHarness.Builder> plugins,
      List<PodDisruptionBudget> pdbs,
      Code fakeFilterCode,
      boolean disableParallelism,
      List<List<Want>> expected,
      List<Integer> expectedNumFilterCalled) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static Consumer<PluginHarness.Builder> fit() {
    return b -> b.plugin(NodeResourcesFit.class);
  }

  private static PodDisruptionBudget pdbAppFoo(int allowed, Map<String, Instant> disrupted) {
    PodDisruptionBudget pdb =
        PodDisruptionBudget.builder()
            .namespace("default")
            .selector(LabelSelector.of(PDB_APP_FOO))
            .disruptionsAllowed(allowed)
            .build();
    return pdb.toBuilder()
        .status(pdb.status().toBuilder().disruptedPods(disrupted).build())
        .build();
  }

  static Stream<Arguments> cases() {
    Instant now = Instant.parse("2026-01-01T00:00:00Z");
    List<String> twoNodes = List.of("node1", "node2");
    List<String> fiveNodes = List.of("node1", "node2", "node3", "node4", "node5");
    return Stream.of(
            new Case(
                "a pod that does not fit on any node",
                null,
                twoNodes,
                List.of(pod("p").priority(HIGH).obj()),
                List.of(
                    pod("p1").node("node1").priority(MID).obj(),
                    pod("p2").node("node2").priority(MID).obj()),
                b -> b.plugin(FalseFilterPlugin.NAME, (a, h) -> new FalseFilterPlugin()),
                List.of(),
                null,
                false,
                List.of(List.of()),
                List.of(2)),
            new Case(
                "a pod that fits with no preemption",
                null,
                twoNodes,
                List.of(pod("p").priority(HIGH).obj()),
                List.of(
                    pod("p1").node("node1").priority(MID).obj(),
                    pod("p2").node("node2").priority(MID).obj()),
                b -> b.plugin(TrueFilterPlugin.NAME, (a, h) -> new TrueFilterPlugin()),
                List.of(),
                Code.UNSCHEDULABLE,
                false,
                List.of(List.of()),
                List.of(2)),
            new Case(
                "a pod that fits on one node with no preemption",
                null,
                twoNodes,
                // Named "node1" to fit the MatchFilter plugin.
                List.of(pod("node1").priority(HIGH).obj()),
                List.of(
                    pod("p1").node("node1").priority(MID).obj(),
                    pod("p2").node("node2").priority(MID).obj()),
                b -> b.plugin(MatchFilterPlugin.NAME, (a, h) -> new MatchFilterPlugin()),
                List.of(),
                Code.UNSCHEDULABLE,
                false,
                List.of(List.of()),
                List.of(2)),
            new Case(
                "a pod that fits on both nodes when lower priority pods are preempted",
                null,
                twoNodes,
                List.of(pod("p").priority(HIGH).req(LARGE).obj()),
                List.of(
                    pod("p1").node("node1").priority(MID).req(LARGE).obj(),
                    pod("p2").node("node2").priority(MID).req(LARGE).obj()),
                fit(),
                List.of(),
                null,
                false,
                List.of(List.of(Want.of("node1", "p1"), Want.of("node2", "p2"))),
                List.of(4)),
            new Case(
                "a pod that would fit on the nodes, but other pods running are higher priority, no"
                    + " preemption would happen",
                null,
                twoNodes,
                List.of(pod("p").priority(LOW).req(LARGE).obj()),
                List.of(
                    pod("p1").node("node1").priority(MID).req(LARGE).obj(),
                    pod("p2").node("node2").priority(MID).req(LARGE).obj()),
                fit(),
                List.of(),
                null,
                false,
                List.of(List.of()),
                List.of(0)),
            new Case(
                "medium priority pod is preempted, but lower priority one stays as it is small",
                null,
                twoNodes,
                List.of(pod("p").priority(HIGH).req(LARGE).obj()),
                List.of(
                    pod("p1.1").node("node1").priority(LOW).req(SMALL).obj(),
                    pod("p1.2").node("node1").priority(MID).req(LARGE).obj(),
                    pod("p2").node("node2").priority(MID).req(LARGE).obj()),
                fit(),
                List.of(),
                null,
                false,
                List.of(List.of(Want.of("node1", "p1.2"), Want.of("node2", "p2"))),
                List.of(5)),
            new Case(
                "mixed priority pods are preempted",
                null,
                twoNodes,
                List.of(pod("p").priority(HIGH).req(LARGE).obj()),
                List.of(
                    pod("p1.1").node("node1").priority(MID).req(SMALL).obj(),
                    pod("p1.2").node("node1").priority(LOW).req(SMALL).obj(),
                    pod("p1.3").node("node1").priority(MID).req(MEDIUM).obj(),
                    pod("p1.4").node("node1").priority(HIGH).req(SMALL).obj(),
                    pod("p2").node("node2").priority(HIGH).req(LARGE).obj()),
                fit(),
                List.of(),
                null,
                false,
                List.of(List.of(Want.of("node1", "p1.2", "p1.3"))),
                List.of(4)),
            new Case(
                "mixed priority pods are preempted, pick later StartTime one when priorities are"
                    + " equal",
                null,
                twoNodes,
                List.of(pod("p").priority(HIGH).req(LARGE).obj()),
                List.of(
                    pod("p1.1").node("node1").priority(LOW).req(SMALL).startTime(epoch(5)).obj(),
                    pod("p1.2").node("node1").priority(LOW).req(SMALL).startTime(epoch(4)).obj(),
                    pod("p1.3").node("node1").priority(MID).req(MEDIUM).startTime(epoch(3)).obj(),
                    pod("p1.4").node("node1").priority(HIGH).req(SMALL).startTime(epoch(2)).obj(),
                    pod("p2").node("node2").priority(HIGH).req(LARGE).startTime(epoch(1)).obj()),
                fit(),
                List.of(),
                null,
                false,
                List.of(List.of(Want.of("node1", "p1.1", "p1.3"))),
                // No preemption would happen on node2: no filter call is counted there.
                List.of(4)),
            new Case(
                "pod with anti-affinity is preempted",
                null,
                twoNodes,
                List.of(pod("p").label("foo", "").priority(HIGH).req(SMALL).obj()),
                List.of(
                    pod("p1.1")
                        .node("node1")
                        .label("foo", "")
                        .priority(LOW)
                        .req(SMALL)
                        .podAntiAffinityExists("foo", "hostname")
                        .obj(),
                    pod("p1.2").node("node1").priority(MID).req(SMALL).obj(),
                    pod("p1.3").node("node1").priority(HIGH).req(SMALL).obj(),
                    pod("p2").node("node2").priority(HIGH).req(SMALL).obj()),
                b -> b.plugin(NodeResourcesFit.class).plugin(InterPodAffinity.class),
                List.of(),
                null,
                false,
                List.of(List.of(Want.of("node1", "p1.1"))),
                List.of(3)),
            new Case(
                "preemption to resolve pod topology spread filter failure",
                null,
                List.of("node-a/zone1", "node-b/zone1", "node-x/zone2"),
                List.of(
                    pod("p")
                        .label("foo", "")
                        .priority(HIGH)
                        .spreadConstraint(
                            1,
                            "zone",
                            UnsatisfiableConstraintAction.DO_NOT_SCHEDULE,
                            makeLabelSelector().exists("foo").obj(),
                            null,
                            null,
                            null,
                            null)
                        .spreadConstraint(
                            1,
                            "hostname",
                            UnsatisfiableConstraintAction.DO_NOT_SCHEDULE,
                            makeLabelSelector().exists("foo").obj(),
                            null,
                            null,
                            null,
                            null)
                        .obj()),
                List.of(
                    pod("pod-a1").node("node-a").label("foo", "").priority(MID).obj(),
                    pod("pod-a2").node("node-a").label("foo", "").priority(LOW).obj(),
                    pod("pod-b1").node("node-b").label("foo", "").priority(LOW).obj(),
                    pod("pod-x1").node("node-x").label("foo", "").priority(HIGH).obj(),
                    pod("pod-x2").node("node-x").label("foo", "").priority(HIGH).obj()),
                b -> b.plugin(PodTopologySpread.class),
                List.of(),
                null,
                false,
                List.of(List.of(Want.of("node-a", "pod-a2"), Want.of("node-b", "pod-b1"))),
                // node-a (3), node-b (2), node-x (0)
                List.of(5)),
            new Case(
                "get Unschedulable in the preemption phase when the filter plugins filtering the"
                    + " nodes",
                null,
                twoNodes,
                List.of(pod("p").priority(HIGH).req(LARGE).obj()),
                List.of(
                    pod("p1").node("node1").priority(MID).req(LARGE).obj(),
                    pod("p2").node("node2").priority(MID).req(LARGE).obj()),
                fit(),
                List.of(),
                Code.UNSCHEDULABLE,
                false,
                List.of(List.of()),
                List.of(2)),
            new Case(
                "preemption with violation of same pdb",
                null,
                List.of("node1"),
                List.of(pod("p").priority(HIGH).req(VERY_LARGE).obj()),
                List.of(
                    pod("p1.1").node("node1").label("app", "foo").priority(MID).req(MEDIUM).obj(),
                    pod("p1.2").node("node1").label("app", "foo").priority(MID).req(MEDIUM).obj()),
                fit(),
                List.of(pdbAppFoo(1, Map.of())),
                null,
                false,
                List.of(List.of(Want.of("node1", "p1.1", "p1.2").violations(1))),
                List.of(3)),
            new Case(
                "preemption with violation of the pdb with pod whose eviction was processed, the"
                    + " victim doesn't belong to DisruptedPods",
                null,
                List.of("node1"),
                List.of(pod("p").priority(HIGH).req(VERY_LARGE).obj()),
                List.of(
                    pod("p1.1").node("node1").label("app", "foo").priority(MID).req(MEDIUM).obj(),
                    pod("p1.2").node("node1").label("app", "foo").priority(MID).req(MEDIUM).obj()),
                fit(),
                List.of(pdbAppFoo(1, Map.of("p2", now))),
                null,
                false,
                List.of(List.of(Want.of("node1", "p1.1", "p1.2").violations(1))),
                List.of(3)),
            new Case(
                "preemption with violation of the pdb with pod whose eviction was processed, the"
                    + " victim belongs to DisruptedPods",
                null,
                List.of("node1"),
                List.of(pod("p").priority(HIGH).req(VERY_LARGE).obj()),
                List.of(
                    pod("p1.1").node("node1").label("app", "foo").priority(MID).req(MEDIUM).obj(),
                    pod("p1.2").node("node1").label("app", "foo").priority(MID).req(MEDIUM).obj()),
                fit(),
                List.of(pdbAppFoo(1, Map.of("p1.2", now))),
                null,
                false,
                List.of(List.of(Want.of("node1", "p1.1", "p1.2"))),
                List.of(3)),
            new Case(
                "preemption with violation of the pdb with pod whose eviction was processed, the"
                    + " victim which belongs to DisruptedPods is treated as 'nonViolating'",
                null,
                List.of("node1"),
                List.of(pod("p").priority(HIGH).req(VERY_LARGE).obj()),
                List.of(
                    pod("p1.1").node("node1").label("app", "foo").priority(MID).req(MEDIUM).obj(),
                    pod("p1.2").node("node1").label("app", "foo").priority(MID).req(MEDIUM).obj(),
                    pod("p1.3").node("node1").label("app", "foo").priority(MID).req(MEDIUM).obj()),
                fit(),
                List.of(pdbAppFoo(1, Map.of("p1.3", now))),
                null,
                false,
                List.of(List.of(Want.of("node1", "p1.1", "p1.2", "p1.3").violations(1))),
                List.of(4)),
            new Case(
                "all nodes are possible candidates, but DefaultPreemptionArgs limits to 2",
                new DefaultPreemptionArgs(40, 1),
                fiveNodes,
                List.of(pod("p").priority(HIGH).req(LARGE).obj()),
                List.of(
                    pod("p1").node("node1").priority(MID).req(LARGE).obj(),
                    pod("p2").node("node2").priority(MID).req(LARGE).obj(),
                    pod("p3").node("node3").priority(MID).req(LARGE).obj(),
                    pod("p4").node("node4").priority(MID).req(LARGE).obj(),
                    pod("p5").node("node5").priority(MID).req(LARGE).obj()),
                fit(),
                List.of(),
                null,
                true,
                // cycle=0 => offset=4 => node5 (yes), node1 (yes)
                List.of(List.of(Want.of("node1", "p1"), Want.of("node5", "p5"))),
                List.of(4)),
            new Case(
                "some nodes are not possible candidates, DefaultPreemptionArgs limits to 2",
                new DefaultPreemptionArgs(40, 1),
                fiveNodes,
                List.of(pod("p").priority(HIGH).req(LARGE).obj()),
                List.of(
                    pod("p1").node("node1").priority(MID).req(LARGE).obj(),
                    pod("p2").node("node2").priority(VERY_HIGH).req(LARGE).obj(),
                    pod("p3").node("node3").priority(MID).req(LARGE).obj(),
                    pod("p4").node("node4").priority(MID).req(LARGE).obj(),
                    pod("p5").node("node5").priority(VERY_HIGH).req(LARGE).obj()),
                fit(),
                List.of(),
                null,
                true,
                // cycle=0 => offset=4 => node5 (no), node1 (yes), node2 (no), node3 (yes)
                List.of(List.of(Want.of("node1", "p1"), Want.of("node3", "p3"))),
                List.of(4)),
            new Case(
                "preemption offset across multiple scheduling cycles and wrap around",
                new DefaultPreemptionArgs(40, 1),
                fiveNodes,
                List.of(
                    pod("tp1").priority(HIGH).req(LARGE).obj(),
                    pod("tp2").priority(HIGH).req(LARGE).obj(),
                    pod("tp3").priority(HIGH).req(LARGE).obj()),
                List.of(
                    pod("p1").node("node1").priority(MID).req(LARGE).obj(),
                    pod("p2").node("node2").priority(MID).req(LARGE).obj(),
                    pod("p3").node("node3").priority(MID).req(LARGE).obj(),
                    pod("p4").node("node4").priority(MID).req(LARGE).obj(),
                    pod("p5").node("node5").priority(MID).req(LARGE).obj()),
                fit(),
                List.of(),
                null,
                true,
                List.of(
                    // cycle=0 => offset=4 => node5 (yes), node1 (yes)
                    List.of(Want.of("node1", "p1"), Want.of("node5", "p5")),
                    // cycle=1 => offset=1 => node2 (yes), node3 (yes)
                    List.of(Want.of("node2", "p2"), Want.of("node3", "p3")),
                    // cycle=2 => offset=3 => node4 (yes), node5 (yes)
                    List.of(Want.of("node4", "p4"), Want.of("node5", "p5"))),
                List.of(4, 4, 4)),
            new Case(
                "preemption looks past numCandidates until a non-PDB violating node is found",
                new DefaultPreemptionArgs(40, 2),
                fiveNodes,
                List.of(pod("p").priority(HIGH).req(LARGE).obj()),
                List.of(
                    pod("p1").node("node1").label("app", "foo").priority(MID).req(LARGE).obj(),
                    pod("p2").node("node2").label("app", "foo").priority(MID).req(LARGE).obj(),
                    pod("p3").node("node3").priority(MID).req(LARGE).obj(),
                    pod("p4").node("node4").priority(MID).req(LARGE).obj(),
                    pod("p5").node("node5").label("app", "foo").priority(MID).req(LARGE).obj()),
                fit(),
                List.of(pdbAppFoo(0, Map.of())),
                null,
                true,
                // Three candidates although the args ask for two: the search goes on until a
                // candidate violating no budget is found.
                // cycle=0 => offset=4 => node5 (yes, pdb), node1 (yes, pdb), node2 (no, pdb),
                // node3 (yes)
                List.of(
                    List.of(
                        Want.of("node1", "p1").violations(1),
                        Want.of("node3", "p3"),
                        Want.of("node5", "p5").violations(1))),
                List.of(8)))
        .map(c -> arguments(c));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void dryRunPreemption_upstreamTable(Case c) {
    List<Node> nodes = new ArrayList<>();
    String[] labelKeys = {"hostname", "zone", "region"};
    FakeFilterPlugin fakeFilter = new FakeFilterPlugin();
    for (String spec : c.nodeNames()) {
      String[] parts = spec.split("/");
      NodeWrapper w = makeNode().name(parts[0]).capacity(VERY_LARGE);
      for (int i = 0; i < parts.length; i++) {
        w.label(labelKeys[i], parts[i]);
      }
      nodes.add(w.obj());
      if (c.fakeFilterCode() != null) {
        fakeFilter.failing(parts[0], c.fakeFilterCode());
      }
    }
    List<Pod> all = new ArrayList<>(c.testPods());
    all.addAll(c.initPods());
    PluginHarness.Builder b =
        PluginHarness.builder(
                FakeHandle.builder()
                    .nodes(nodes)
                    .pods(all)
                    .parallelism(c.disableParallelism() ? 1 : 16))
            .plugin(FakeFilterPlugin.NAME, (a, h) -> fakeFilter);
    c.plugins().accept(b);
    PluginHarness h = b.build();
    DefaultPreemption plugin =
        new DefaultPreemption(
            c.args() == null ? DefaultPreemptionArgs.defaults() : c.args(), h.fake());
    List<NodeInfo> nodeInfos = new ArrayList<>(h.fake().snapshot().list());
    nodeInfos.sort(Comparator.comparing(NodeInfo::name));

    int previousCalls = 0;
    for (int cycle = 0; cycle < c.testPods().size(); cycle++) {
      Pod pod = c.testPods().get(cycle);
      CycleState state = h.newState();
      assertThat(h.preFilter(state, pod).status().isSuccess()).isTrue();
      CandidateSample sample = plugin.candidateSample(nodeInfos.size(), new Random(0));
      int offset = OFFSETS[cycle] % nodeInfos.size();

      DryRunResult got =
          plugin
              .evaluator()
              .dryRunPreemption(
                  state, PodInfo.of(pod), nodeInfos, c.pdbs(), offset, sample.count());

      List<Want> candidates = new ArrayList<>();
      for (Candidate cand : got.candidates()) {
        List<String> victims = new ArrayList<>(PreemptionFixtures.names(cand.victims().pods()));
        victims.sort(Comparator.naturalOrder());
        candidates.add(new Want(cand.nodeName(), victims, cand.victims().numPdbViolations()));
      }
      candidates.sort(Comparator.comparing(Want::node));
      assertThat(candidates).as("cycle %d", cycle).isEqualTo(c.expected().get(cycle));
      assertThat(fakeFilter.filterCalls() - previousCalls)
          .as("cycle %d filter calls", cycle)
          .isEqualTo(c.expectedNumFilterCalled().get(cycle));
      previousCalls = fakeFilter.filterCalls();
    }
  }
}
