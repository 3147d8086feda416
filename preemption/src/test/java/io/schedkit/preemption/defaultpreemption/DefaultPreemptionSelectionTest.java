package io.schedkit.preemption.defaultpreemption;

import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.EPOCH;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.HIGH;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.LARGE;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.LOW;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.MEDIUM;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.MID;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.NEG;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.SMALL;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.VERY_HIGH;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.VERY_LARGE;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.epoch;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.pod;
import static io.schedkit.testing.Wrappers.makeNode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.Code;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.plugins.noderesources.NodeResourcesFit;
import io.schedkit.plugins.tainttoleration.TaintToleration;
import io.schedkit.preemption.Candidate;
import io.schedkit.preemption.CandidateSample;
import io.schedkit.preemption.DryRunResult;
import io.schedkit.preemption.Evaluator;
import io.schedkit.preemption.PreemptionStrategy;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.PluginHarness;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Upstream's {@code TestSelectBestCandidate}, {@code TestCustomSelection}, {@code
 * TestCustomOrdering} and {@code TestPodEligibleToPreemptOthers}. The custom rules, which upstream
 * sets as the plugin's {@code IsEligiblePod} and {@code MoreImportantPod} fields, are a {@link
 * PreemptionStrategy} wrapping DefaultPreemption here.
 */
final class DefaultPreemptionSelectionTest {

  /**
   * A harness over nodes of {@code VERY_LARGE} capacity running {@code pods}, with
   * NodeResourcesFit.
   */
  private static PluginHarness harness(List<String> nodeNames, Pod preemptor, List<Pod> pods) {
    List<Node> nodes = new ArrayList<>();
    for (String n : nodeNames) {
      nodes.add(makeNode().name(n).capacity(VERY_LARGE).obj());
    }
    List<Pod> all = new ArrayList<>(pods);
    all.add(preemptor);
    return PluginHarness.builder(FakeHandle.builder().nodes(nodes).pods(all))
        .plugin(NodeResourcesFit.class)
        .build();
  }

  /** Runs the dry run over every node and returns the candidates. */
  private static List<Candidate> dryRun(
      PluginHarness h, Evaluator evaluator, PreemptionStrategy strategy, Pod pod) {
    CycleState state = h.newState();
    assertThat(h.preFilter(state, pod).status().isSuccess()).isTrue();
    List<NodeInfo> nodes = h.fake().snapshot().list();
    CandidateSample sample = strategy.candidateSample(nodes.size(), new Random(4));
    DryRunResult r =
        evaluator.dryRunPreemption(
            state, PodInfo.of(pod), nodes, List.of(), sample.offset(), sample.count());
    return r.candidates();
  }

  // ---------------------------------------------------------------- TestSelectBestCandidate

  record BestCase(
      String name, List<String> nodeNames, Pod pod, List<Pod> pods, List<String> expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Arguments> bestCases() {
    List<String> three = List.of("node1", "node2", "node3");
    return Stream.of(
            new BestCase(
                "a pod that fits on both nodes when lower priority pods are preempted",
                List.of("node1", "node2"),
                pod("p").priority(HIGH).req(LARGE).obj(),
                List.of(
                    pod("p1").node("node1").priority(MID).req(LARGE).startTime(EPOCH).obj(),
                    pod("p2").node("node2").priority(MID).req(LARGE).startTime(EPOCH).obj()),
                List.of("node1", "node2")),
            new BestCase(
                "node with min highest priority pod is picked",
                three,
                pod("p").priority(HIGH).req(VERY_LARGE).obj(),
                List.of(
                    pod("p1.1").node("node1").priority(MID).req(MEDIUM).startTime(EPOCH).obj(),
                    pod("p1.2").node("node1").priority(MID).req(LARGE).startTime(EPOCH).obj(),
                    pod("p2.1").node("node2").priority(MID).req(MEDIUM).startTime(EPOCH).obj(),
                    pod("p2.2").node("node2").priority(LOW).req(MEDIUM).startTime(EPOCH).obj(),
                    pod("p3.1").node("node3").priority(LOW).req(MEDIUM).startTime(EPOCH).obj(),
                    pod("p3.2").node("node3").priority(LOW).req(MEDIUM).startTime(EPOCH).obj()),
                List.of("node3")),
            new BestCase(
                "when highest priorities are the same, minimum sum of priorities is picked",
                three,
                pod("p").priority(HIGH).req(VERY_LARGE).obj(),
                List.of(
                    pod("p1.1").node("node1").priority(MID).req(MEDIUM).startTime(EPOCH).obj(),
                    pod("p1.2").node("node1").priority(MID).req(LARGE).startTime(EPOCH).obj(),
                    pod("p2.1").node("node2").priority(MID).req(LARGE).startTime(EPOCH).obj(),
                    pod("p2.2").node("node2").priority(LOW).req(MEDIUM).startTime(EPOCH).obj(),
                    pod("p3.1").node("node3").priority(MID).req(MEDIUM).startTime(EPOCH).obj(),
                    pod("p3.2").node("node3").priority(MID).req(MEDIUM).startTime(EPOCH).obj()),
                List.of("node2")),
            new BestCase(
                "when highest priority and sum are the same, minimum number of pods is picked",
                three,
                pod("p").priority(HIGH).req(VERY_LARGE).obj(),
                List.of(
                    pod("p1.1").node("node1").priority(MID).req(SMALL).startTime(EPOCH).obj(),
                    pod("p1.2").node("node1").priority(NEG).req(SMALL).startTime(EPOCH).obj(),
                    pod("p1.3").node("node1").priority(MID).req(SMALL).startTime(EPOCH).obj(),
                    pod("p1.4").node("node1").priority(NEG).req(SMALL).startTime(EPOCH).obj(),
                    pod("p2.1").node("node2").priority(MID).req(LARGE).startTime(EPOCH).obj(),
                    pod("p2.2").node("node2").priority(NEG).req(MEDIUM).startTime(EPOCH).obj(),
                    pod("p3.1").node("node3").priority(MID).req(MEDIUM).startTime(EPOCH).obj(),
                    pod("p3.2").node("node3").priority(NEG).req(SMALL).startTime(EPOCH).obj(),
                    pod("p3.3").node("node3").priority(LOW).req(SMALL).startTime(EPOCH).obj()),
                List.of("node2")),
            new BestCase(
                // The sum of victim priorities is taken with every priority offset by 2^31.
                "sum of adjusted priorities is considered",
                three,
                pod("p").priority(HIGH).req(VERY_LARGE).obj(),
                List.of(
                    pod("p1.1").node("node1").priority(MID).req(SMALL).startTime(EPOCH).obj(),
                    pod("p1.2").node("node1").priority(NEG).req(SMALL).startTime(EPOCH).obj(),
                    pod("p1.3").node("node1").priority(NEG).req(SMALL).startTime(EPOCH).obj(),
                    pod("p2.1").node("node2").priority(MID).req(LARGE).startTime(EPOCH).obj(),
                    pod("p2.2").node("node2").priority(NEG).req(MEDIUM).startTime(EPOCH).obj(),
                    pod("p3.1").node("node3").priority(MID).req(MEDIUM).startTime(EPOCH).obj(),
                    pod("p3.2").node("node3").priority(NEG).req(SMALL).startTime(EPOCH).obj(),
                    pod("p3.3").node("node3").priority(LOW).req(SMALL).startTime(EPOCH).obj()),
                List.of("node2")),
            new BestCase(
                "non-overlapping lowest high priority, sum priorities, and number of pods",
                List.of("node1", "node2", "node3", "node4"),
                pod("p").priority(VERY_HIGH).req(VERY_LARGE).obj(),
                List.of(
                    pod("p1.1").node("node1").priority(MID).req(SMALL).startTime(EPOCH).obj(),
                    pod("p1.2").node("node1").priority(LOW).req(SMALL).startTime(EPOCH).obj(),
                    pod("p1.3").node("node1").priority(LOW).req(SMALL).startTime(EPOCH).obj(),
                    pod("p2.1").node("node2").priority(HIGH).req(LARGE).startTime(EPOCH).obj(),
                    pod("p3.1").node("node3").priority(MID).req(MEDIUM).startTime(EPOCH).obj(),
                    pod("p3.2").node("node3").priority(LOW).req(SMALL).startTime(EPOCH).obj(),
                    pod("p3.3").node("node3").priority(LOW).req(SMALL).startTime(EPOCH).obj(),
                    pod("p3.4").node("node3").priority(LOW).req(MEDIUM).startTime(EPOCH).obj(),
                    pod("p4.1").node("node4").priority(MID).req(MEDIUM).startTime(EPOCH).obj(),
                    pod("p4.2").node("node4").priority(MID).req(SMALL).startTime(EPOCH).obj(),
                    pod("p4.3").node("node4").priority(MID).req(SMALL).startTime(EPOCH).obj(),
                    pod("p4.4").node("node4").priority(NEG).req(SMALL).startTime(EPOCH).obj()),
                List.of("node1")),
            new BestCase(
                "same priority, same number of victims, different start time for each node's pod",
                three,
                pod("p").priority(HIGH).req(VERY_LARGE).obj(),
                List.of(
                    pod("p1.1").node("node1").priority(MID).req(MEDIUM).startTime(epoch(2)).obj(),
                    pod("p1.2").node("node1").priority(MID).req(MEDIUM).startTime(epoch(2)).obj(),
                    pod("p2.1").node("node2").priority(MID).req(MEDIUM).startTime(epoch(3)).obj(),
                    pod("p2.2").node("node2").priority(MID).req(MEDIUM).startTime(epoch(3)).obj(),
                    pod("p3.1").node("node3").priority(MID).req(MEDIUM).startTime(epoch(1)).obj(),
                    pod("p3.2").node("node3").priority(MID).req(MEDIUM).startTime(epoch(1)).obj()),
                List.of("node2")),
            new BestCase(
                "same priority, same number of victims, different start time for all pods",
                three,
                pod("p").priority(HIGH).req(VERY_LARGE).obj(),
                List.of(
                    pod("p1.1").node("node1").priority(MID).req(MEDIUM).startTime(epoch(4)).obj(),
                    pod("p1.2").node("node1").priority(MID).req(MEDIUM).startTime(epoch(2)).obj(),
                    pod("p2.1").node("node2").priority(MID).req(MEDIUM).startTime(epoch(5)).obj(),
                    pod("p2.2").node("node2").priority(MID).req(MEDIUM).startTime(epoch(1)).obj(),
                    pod("p3.1").node("node3").priority(MID).req(MEDIUM).startTime(epoch(3)).obj(),
                    pod("p3.2").node("node3").priority(MID).req(MEDIUM).startTime(epoch(6)).obj()),
                List.of("node3")),
            new BestCase(
                "different priority, same number of victims, different start time for all pods",
                three,
                pod("p").priority(HIGH).req(VERY_LARGE).obj(),
                List.of(
                    pod("p1.1").node("node1").priority(LOW).req(MEDIUM).startTime(epoch(4)).obj(),
                    pod("p1.2").node("node1").priority(MID).req(MEDIUM).startTime(epoch(2)).obj(),
                    pod("p2.1").node("node2").priority(MID).req(MEDIUM).startTime(epoch(6)).obj(),
                    pod("p2.2").node("node2").priority(LOW).req(MEDIUM).startTime(epoch(1)).obj(),
                    pod("p3.1").node("node3").priority(LOW).req(MEDIUM).startTime(epoch(3)).obj(),
                    pod("p3.2").node("node3").priority(MID).req(MEDIUM).startTime(epoch(5)).obj()),
                List.of("node2")))
        .map(c -> arguments(c));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bestCases")
  void selectCandidate_upstreamTable(BestCase c) {
    PluginHarness h = harness(c.nodeNames(), c.pod(), c.pods());
    DefaultPreemption plugin = new DefaultPreemption(DefaultPreemptionArgs.defaults(), h.fake());

    List<Candidate> candidates = dryRun(h, plugin.evaluator(), plugin, c.pod());
    var best = plugin.evaluator().selectCandidate(candidates);

    assertThat(best).isPresent();
    assertThat(best.get().nodeName()).isIn(c.expected());
  }

  // ---------------------------------------------------------------- TestCustomSelection

  /**
   * DefaultPreemption's rules with another victim eligibility (upstream's {@code IsEligiblePod}).
   */
  private static PreemptionStrategy withEligibility(
      DefaultPreemption base, EligibleVictim eligible) {
    return new PreemptionStrategy() {
      @Override
      public CandidateSample candidateSample(int numPotentialNodes, Random random) {
        return base.candidateSample(numPotentialNodes, random);
      }

      @Override
      public boolean isEligibleVictim(NodeInfo node, PodInfo victim, Pod preemptor) {
        return eligible.test(node, victim, preemptor);
      }
    };
  }

  @FunctionalInterface
  interface EligibleVictim {
    boolean test(NodeInfo node, PodInfo victim, Pod preemptor);
  }

  record CustomCase(
      String name,
      EligibleVictim eligible,
      List<String> nodeNames,
      Pod pod,
      List<Pod> pods,
      Map<String, List<String>> expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static EligibleVictim podLabelIs(String key, String value) {
    return (node, victim, preemptor) -> value.equals(victim.pod().labels().get(key));
  }

  private static EligibleVictim nodeNameIs(String name) {
    return (node, victim, preemptor) -> node.name().equals(name);
  }

  private static EligibleVictim preemptorPriorityAtLeast(int min) {
    return (node, victim, preemptor) -> preemptor.priority() >= min;
  }

  private static EligibleVictim victimPriorityAtMost(int max) {
    return (node, victim, preemptor) -> victim.priority() <= max;
  }

  static Stream<Arguments> customCases() {
    List<String> four = List.of("node1", "node2", "node3", "node4");
    List<String> three = List.of("node1", "node2", "node3");
    List<Pod> labelled =
        List.of(
            pod("v1").label("preemptible", "no").node("node1").priority(MID).req(LARGE).obj(),
            pod("v2").label("preemptible", "yes").node("node2").priority(MID).req(LARGE).obj(),
            pod("v3").label("preemptible", "yes").node("node3").priority(LOW).req(LARGE).obj(),
            pod("v4").node("node4").priority(LOW).req(LARGE).obj());
    List<Pod> onNode1 =
        List.of(
            pod("v1").node("node1").priority(HIGH).req(SMALL).obj(),
            pod("v2").node("node1").priority(MID).req(SMALL).obj(),
            pod("v3").node("node1").priority(LOW).req(SMALL).obj(),
            pod("v4").node("node2").priority(MID).req(LARGE).obj(),
            pod("v5").node("node3").priority(LOW).req(LARGE).obj());
    List<Pod> onePerNode =
        List.of(
            pod("v1").node("node1").priority(HIGH).req(LARGE).obj(),
            pod("v2").node("node2").priority(MID).req(LARGE).obj(),
            pod("v3").node("node3").priority(LOW).req(LARGE).obj());
    return Stream.of(
            new CustomCase(
                "filter for matching pod label: high priority",
                podLabelIs("preemptible", "yes"),
                four,
                pod("p1").priority(HIGH).req(LARGE).obj(),
                labelled,
                Map.of("node2", List.of("v2"), "node3", List.of("v3"))),
            new CustomCase(
                "filter for matching pod label: mid priority",
                podLabelIs("preemptible", "yes"),
                four,
                pod("p2").priority(MID).req(LARGE).obj(),
                labelled,
                Map.of("node3", List.of("v3"))),
            new CustomCase(
                "filter for matching pod label: low priority",
                podLabelIs("preemptible", "yes"),
                four,
                pod("p3").priority(LOW).req(LARGE).obj(),
                labelled,
                Map.of()),
            new CustomCase(
                "filter for matching victim node: high priority",
                nodeNameIs("node1"),
                three,
                pod("p3").priority(HIGH).req(LARGE).obj(),
                List.of(
                    pod("v1").node("node1").priority(HIGH).req(MEDIUM).obj(),
                    pod("v2").node("node1").priority(MID).req(SMALL).obj(),
                    pod("v3").node("node1").priority(LOW).req(SMALL).obj(),
                    pod("v4").node("node2").priority(MID).req(LARGE).obj(),
                    pod("v5").node("node3").priority(LOW).req(LARGE).obj()),
                Map.of("node1", List.of("v2", "v3"))),
            new CustomCase(
                "filter for matching victim node: mid priority",
                nodeNameIs("node1"),
                three,
                pod("p3").priority(MID).req(LARGE).obj(),
                onNode1,
                Map.of("node1", List.of("v3"))),
            new CustomCase(
                "filter for matching victim node: low priority",
                nodeNameIs("node1"),
                three,
                pod("p3").priority(LOW).req(LARGE).obj(),
                onNode1,
                Map.of()),
            new CustomCase(
                "only pods at or above specified priority can preempted: high priority",
                preemptorPriorityAtLeast(HIGH),
                three,
                pod("p1").priority(HIGH).req(LARGE).obj(),
                onePerNode,
                Map.of("node2", List.of("v2"), "node3", List.of("v3"))),
            new CustomCase(
                "only pods at or above specified priority can preempted: mid priority",
                preemptorPriorityAtLeast(HIGH),
                three,
                pod("p2").priority(MID).req(LARGE).obj(),
                onePerNode,
                Map.of()),
            new CustomCase(
                "only pods at or below specified priority can be preempted: high priority",
                victimPriorityAtMost(MID),
                three,
                pod("p1").priority(HIGH).req(LARGE).obj(),
                onePerNode,
                Map.of("node2", List.of("v2"), "node3", List.of("v3"))))
        .map(c -> arguments(c));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("customCases")
  void customEligibility_upstreamTable(CustomCase c) {
    List<Pod> pods = new ArrayList<>();
    for (Pod p : c.pods()) {
      pods.add(io.schedkit.testing.PodWrapper.from(p).startTime(EPOCH).obj());
    }
    PluginHarness h = harness(c.nodeNames(), c.pod(), pods);
    DefaultPreemption base = new DefaultPreemption(DefaultPreemptionArgs.defaults(), h.fake());
    PreemptionStrategy strategy = withEligibility(base, c.eligible());
    Evaluator evaluator = new Evaluator("CustomPreemption", h.fake(), strategy);

    List<Candidate> candidates = dryRun(h, evaluator, strategy, c.pod());

    assertThat(candidates).hasSize(c.expected().size());
    Map<String, List<String>> got = new LinkedHashMap<>();
    List<Candidate> remaining = new ArrayList<>(candidates);
    while (!remaining.isEmpty()) {
      Candidate selected = evaluator.selectCandidate(remaining).orElseThrow();
      got.put(selected.nodeName(), PreemptionFixtures.names(selected.victims().pods()));
      remaining.removeIf(x -> x.nodeName().equals(selected.nodeName()));
    }
    assertThat(got).isEqualTo(c.expected());
  }

  // ---------------------------------------------------------------- TestCustomOrdering

  static Stream<Arguments> orderingCases() {
    Comparator<Pod> oldestStartFirst =
        Comparator.comparing(p -> PreemptionStrategy.startTime(p, Instant.EPOCH));
    Comparator<Pod> byName = Comparator.comparing(Pod::name);
    return Stream.of(
        arguments(
            "select newest pods",
            oldestStartFirst,
            List.of(
                pod("v1").node("node1").priority(LOW).req(MEDIUM).startTime(epoch(2)).obj(),
                pod("v2").node("node1").priority(LOW).req(MEDIUM).startTime(EPOCH).obj(),
                pod("v3").node("node1").priority(MID).req(MEDIUM).startTime(epoch(1)).obj()),
            // The two newest pods are the victims, although one has a higher priority.
            List.of("v3", "v1")),
        arguments(
            "select alphabetically-last pods",
            byName,
            List.of(
                pod("foo").uid("v1").node("node1").priority(LOW).req(MEDIUM).startTime(EPOCH).obj(),
                pod("bar").uid("v2").node("node1").priority(LOW).req(MEDIUM).startTime(EPOCH).obj(),
                pod("baz")
                    .uid("v3")
                    .node("node1")
                    .priority(MID)
                    .req(MEDIUM)
                    .startTime(EPOCH)
                    .obj()),
            List.of("baz", "foo")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("orderingCases")
  void customOrdering_upstreamTable(
      String name, Comparator<Pod> moreImportantFirst, List<Pod> pods, List<String> expected) {
    Pod preemptor = pod("p2").priority(HIGH).req(LARGE).obj();
    PluginHarness h = harness(List.of("node1"), preemptor, pods);
    DefaultPreemption base = new DefaultPreemption(DefaultPreemptionArgs.defaults(), h.fake());
    PreemptionStrategy strategy =
        new PreemptionStrategy() {
          @Override
          public CandidateSample candidateSample(int numPotentialNodes, Random random) {
            return base.candidateSample(numPotentialNodes, random);
          }

          @Override
          public Comparator<Pod> moreImportantFirst(Instant now) {
            return moreImportantFirst;
          }
        };
    Evaluator evaluator = new Evaluator("CustomPreemption", h.fake(), strategy);

    List<Candidate> candidates = dryRun(h, evaluator, strategy, preemptor);

    assertThat(candidates).hasSize(1);
    assertThat(PreemptionFixtures.names(candidates.get(0).victims().pods())).isEqualTo(expected);
  }

  // ---------------------------------------------------------------- TestPodEligibleToPreemptOthers

  static Stream<Arguments> eligibilityCases() {
    return Stream.of(
        arguments(
            "Pod with nominated node",
            pod("p_with_nominated_node").uid("p").priority(HIGH).nominatedNodeName("node1").obj(),
            List.of(pod("p1").priority(LOW).node("node1").terminating().obj()),
            List.of("node1"),
            Status.of(Code.UNSCHEDULABLE_AND_UNRESOLVABLE, TaintToleration.ERR_REASON_NOT_MATCH),
            true),
        arguments(
            "Pod without nominated node",
            pod("p_without_nominated_node").uid("p").priority(HIGH).obj(),
            List.of(),
            List.of(),
            null,
            true),
        arguments(
            "Pod with 'PreemptNever' preemption policy",
            pod("p_with_preempt_never_policy")
                .uid("p")
                .priority(HIGH)
                .preemptionPolicy(io.schedkit.framework.model.PreemptionPolicy.NEVER)
                .obj(),
            List.of(),
            List.of(),
            null,
            false),
        arguments(
            "preemption victim pod terminating, as indicated by the dedicated DisruptionTarget"
                + " condition",
            pod("p_with_nominated_node").uid("p").priority(HIGH).nominatedNodeName("node1").obj(),
            List.of(
                pod("p1")
                    .priority(LOW)
                    .node("node1")
                    .terminating()
                    .condition("DisruptionTarget", "True", "PreemptionByScheduler")
                    .obj()),
            List.of("node1"),
            null,
            false),
        arguments(
            "non-victim Pods terminating",
            pod("p_with_nominated_node").uid("p").priority(HIGH).nominatedNodeName("node1").obj(),
            List.of(pod("p1").priority(LOW).node("node1").terminating().obj()),
            List.of("node1"),
            null,
            true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("eligibilityCases")
  void checkEligibility_upstreamTable(
      String name,
      Pod pod,
      List<Pod> pods,
      List<String> nodeNames,
      Status nominatedNodeStatus,
      boolean expected) {
    List<Node> nodes = new ArrayList<>();
    for (String n : nodeNames) {
      nodes.add(makeNode().name(n).obj());
    }
    FrameworkHandle handle = FakeHandle.builder().nodes(nodes).pods(pods).build();
    DefaultPreemption plugin = new DefaultPreemption(DefaultPreemptionArgs.defaults(), handle);

    var reason = plugin.checkEligibility(handle, pod, nominatedNodeStatus);

    assertThat(reason.isEmpty()).isEqualTo(expected);
    if (!expected) {
      assertThat(reason.get())
          .isIn(
              PreemptionStrategy.REASON_PREEMPTION_POLICY_NEVER,
              PreemptionStrategy.REASON_TERMINATING_POD_ON_NOMINATED_NODE);
    }
  }
}
