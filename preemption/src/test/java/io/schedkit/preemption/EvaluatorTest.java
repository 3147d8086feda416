package io.schedkit.preemption;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.Code;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.NodeScore;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.Status;
import io.schedkit.framework.Victims;
import io.schedkit.framework.extender.Extender;
import io.schedkit.framework.extender.ExtenderFilterResult;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.testing.FakeClock;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.PluginHarness;
import io.schedkit.testing.PodWrapper;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Upstream's {@code preemption_test.go} ({@code TestDryRunPreemption}, {@code TestSelectCandidate},
 * {@code TestPrepareCandidate}, {@code TestCallExtenders}) against the {@link Evaluator} with fake
 * strategies, and the potential-node rule of step 2.
 */
final class EvaluatorTest {
  private static final int MID = 100;
  private static final int HIGH = 1000;
  private static final Map<String, String> VERY_LARGE = Map.of("cpu", "500m", "memory", "500");

  private static PodWrapper pod(String name) {
    return makePod().name(name).uid(name);
  }

  /**
   * Upstream's {@code FakePostFilterPlugin}: the first pod of a node is its victim, with a fixed
   * number of violations; the sample is every node from offset 0; optional node-choice criteria.
   */
  private static final class FakeStrategy implements PreemptionStrategy {
    final int numViolatingVictim;
    final List<ToLongFunction<Candidate>> criteria;
    final Set<String> visited = ConcurrentHashMap.newKeySet();

    FakeStrategy(int numViolatingVictim, List<ToLongFunction<Candidate>> criteria) {
      this.numViolatingVictim = numViolatingVictim;
      this.criteria = criteria;
    }

    @Override
    public CandidateSample candidateSample(int numPotentialNodes, Random random) {
      return new CandidateSample(0, numPotentialNodes);
    }

    @Override
    public VictimSelection selectVictimsOnNode(
        FrameworkHandle handle,
        CycleState state,
        PodInfo preemptor,
        NodeInfo node,
        List<PodDisruptionBudget> pdbs) {
      visited.add(node.name());
      if (node.pods().isEmpty()) {
        return VictimSelection.failure(Status.unresolvable(REASON_NO_VICTIMS));
      }
      return VictimSelection.of(List.of(node.pods().get(0).pod()), numViolatingVictim);
    }

    @Override
    public List<ToLongFunction<Candidate>> nodeChoiceCriteria(Instant now) {
      return criteria;
    }
  }

  private static List<Node> nodes(String... names) {
    List<Node> out = new ArrayList<>();
    for (String n : names) {
      out.add(makeNode().name(n).capacity(VERY_LARGE).obj());
    }
    return out;
  }

  // ---------------------------------------------------------------- TestDryRunPreemption

  static Stream<Arguments> dryRunCases() {
    return Stream.of(arguments("no pdb violation", 0), arguments("pdb violation on each node", 1));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("dryRunCases")
  void dryRunPreemption_fakeStrategy(String name, int numViolatingVictim) {
    List<Pod> pods =
        List.of(
            pod("p1").node("node1").priority(MID).obj(),
            pod("p2").node("node2").priority(MID).obj());
    FakeHandle handle =
        FakeHandle.builder().nodes(nodes("node1", "node2")).pods(pods).parallelism(16).build();
    FakeStrategy strategy = new FakeStrategy(numViolatingVictim, List.of());
    Evaluator evaluator = new Evaluator("FakePostFilter", handle, strategy);
    List<NodeInfo> nodeInfos = new ArrayList<>(handle.snapshot().list());
    nodeInfos.sort(Comparator.comparing(NodeInfo::name));

    DryRunResult r =
        evaluator.dryRunPreemption(
            new CycleState(),
            PodInfo.of(pod("p").priority(HIGH).obj()),
            nodeInfos,
            List.of(),
            0,
            nodeInfos.size());

    List<Candidate> got = new ArrayList<>(r.candidates());
    got.sort(Comparator.comparing(Candidate::nodeName));
    assertThat(got)
        .containsExactly(
            new Candidate("node1", new Victims(List.of(pods.get(0)), numViolatingVictim)),
            new Candidate("node2", new Victims(List.of(pods.get(1)), numViolatingVictim)));
    assertThat(r.errors()).isEmpty();
  }

  @Test
  void dryRunPreemption_successWithoutVictimsIsAnError() {
    FakeHandle handle = FakeHandle.builder().nodes(nodes("node1")).build();
    PreemptionStrategy noVictims =
        new PreemptionStrategy() {
          @Override
          public VictimSelection selectVictimsOnNode(
              FrameworkHandle h,
              CycleState state,
              PodInfo preemptor,
              NodeInfo node,
              List<PodDisruptionBudget> pdbs) {
            return VictimSelection.of(List.of(), 0);
          }
        };
    Evaluator evaluator = new Evaluator("Fake", handle, noVictims);

    DryRunResult r =
        evaluator.dryRunPreemption(
            new CycleState(),
            PodInfo.of(pod("p").priority(HIGH).obj()),
            handle.snapshot().list(),
            List.of(),
            0,
            1);

    assertThat(r.candidates()).isEmpty();
    assertThat(r.errors()).containsExactly("expected at least one victim pod on node \"node1\"");
    assertThat(r.nodeStatuses().get("node1").code()).isEqualTo(Code.ERROR);
  }

  // ---------------------------------------------------------------- TestSelectCandidate

  private static Container container(String name) {
    return Container.builder().name(name).build();
  }

  @Test
  void selectCandidate_customCriteriaFewestContainers() {
    List<Pod> pods =
        List.of(
            pod("p1.1")
                .node("node1")
                .priority(MID)
                .containers(List.of(container("container1"), container("container2")))
                .obj(),
            pod("p2.1")
                .node("node2")
                .priority(MID)
                .containers(List.of(container("container1")))
                .obj(),
            pod("p3.1")
                .node("node3")
                .priority(MID)
                .containers(
                    List.of(
                        container("container1"), container("container2"), container("container3")))
                .obj());
    FakeHandle handle =
        FakeHandle.builder().nodes(nodes("node1", "node2", "node3")).pods(pods).build();
    ToLongFunction<Candidate> fewestContainers =
        c -> {
          long sum = 0;
          for (Pod p : c.victims().pods()) {
            sum += p.spec().containers().size() + p.spec().initContainers().size();
          }
          return -sum;
        };
    FakeStrategy strategy = new FakeStrategy(1, List.of(fewestContainers));
    Evaluator evaluator = new Evaluator("FakePreemptionScorePostFilter", handle, strategy);
    List<NodeInfo> nodeInfos = handle.snapshot().list();

    DryRunResult r =
        evaluator.dryRunPreemption(
            new CycleState(),
            PodInfo.of(pod("p").priority(HIGH).req(VERY_LARGE).obj()),
            nodeInfos,
            List.of(),
            0,
            nodeInfos.size());
    var best = evaluator.selectCandidate(r.candidates());

    assertThat(best).map(Candidate::nodeName).contains("node2");
  }

  @Test
  void selectCandidate_remainingTiesGoToTheFirstCandidate() {
    FakeHandle handle = FakeHandle.builder().build();
    Evaluator evaluator = new Evaluator("Fake", handle, new FakeStrategy(0, List.of()));
    Pod v = pod("v").priority(MID).obj();
    List<Candidate> candidates =
        List.of(
            new Candidate("node-b", new Victims(List.of(v), 0)),
            new Candidate("node-a", new Victims(List.of(v), 0)),
            new Candidate("node-c", new Victims(List.of(v), 0)));

    assertThat(evaluator.selectCandidate(candidates)).map(Candidate::nodeName).contains("node-b");
    assertThat(evaluator.selectCandidate(List.of())).isEmpty();
  }

  // ---------------------------------------------------------------- step 2: potential nodes

  static Stream<Arguments> potentialNodeCases() {
    return Stream.of(
        arguments(
            "No node should be attempted",
            Map.of(
                "node1", Code.UNSCHEDULABLE_AND_UNRESOLVABLE,
                "node2", Code.UNSCHEDULABLE_AND_UNRESOLVABLE,
                "node3", Code.UNSCHEDULABLE_AND_UNRESOLVABLE,
                "node4", Code.UNSCHEDULABLE_AND_UNRESOLVABLE),
            Code.UNSCHEDULABLE_AND_UNRESOLVABLE,
            Set.of()),
        arguments(
            "Unschedulable nodes are tried, absent nodes as the absent status says",
            Map.of(
                "node1", Code.UNSCHEDULABLE,
                "node2", Code.UNSCHEDULABLE_AND_UNRESOLVABLE,
                "node3", Code.UNSCHEDULABLE_AND_UNRESOLVABLE),
            Code.UNSCHEDULABLE,
            Set.of("node1", "node4")),
        arguments(
            "UnschedulableAndUnresolvable status should be skipped but Unschedulable should be"
                + " tried",
            Map.of(
                "node2", Code.UNSCHEDULABLE_AND_UNRESOLVABLE,
                "node3", Code.UNSCHEDULABLE,
                "node4", Code.UNSCHEDULABLE_AND_UNRESOLVABLE),
            Code.UNSCHEDULABLE,
            Set.of("node1", "node3")),
        arguments(
            "absent nodes are not tried when the absent status is UnschedulableAndUnresolvable",
            Map.of("node3", Code.UNSCHEDULABLE),
            Code.UNSCHEDULABLE_AND_UNRESOLVABLE,
            Set.of("node3")),
        arguments(
            "an Error verdict is not a preemption candidate",
            Map.of("node1", Code.ERROR, "node2", Code.UNSCHEDULABLE),
            Code.UNSCHEDULABLE_AND_UNRESOLVABLE,
            Set.of("node2")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("potentialNodeCases")
  void preempt_dryRunsExactlyTheUnschedulableNodes(
      String name, Map<String, Code> explicit, Code absent, Set<String> expected) {
    List<Pod> pods = new ArrayList<>();
    for (String n : List.of("node1", "node2", "node3", "node4")) {
      pods.add(pod("v-" + n).node(n).priority(MID).obj());
    }
    Pod preemptor = pod("p").priority(HIGH).obj();
    pods.add(preemptor);
    FakeHandle handle =
        FakeHandle.builder().nodes(nodes("node1", "node2", "node3", "node4")).pods(pods).build();
    FakeStrategy strategy = new FakeStrategy(0, List.of());
    Evaluator evaluator = new Evaluator("Fake", handle, strategy);
    Map<String, Status> statuses = new LinkedHashMap<>();
    explicit.forEach((n, c) -> statuses.put(n, Status.of(c)));
    CycleState state = new CycleState();
    state.setDryRun(true);

    PostFilterResult r =
        evaluator.preempt(
            state, PodInfo.of(preemptor), new NodeToStatus(statuses, Status.of(absent)));

    assertThat(new TreeSet<>(strategy.visited)).isEqualTo(new TreeSet<>(expected));
    if (expected.isEmpty()) {
      assertThat(r.status())
          .isEqualTo(
              Status.unschedulable(
                  "0/4 nodes are available: 4 Preemption is not helpful for scheduling."));
    } else {
      assertThat(r.status().isSuccess()).isTrue();
      assertThat(r.candidates().keySet()).isEqualTo(new TreeSet<>(expected));
    }
  }

  // ---------------------------------------------------------------- TestPrepareCandidate

  static Stream<Arguments> prepareCases() {
    Pod victim1 = pod("victim1").node("node1").priority(MID).obj();
    Pod victim2 = pod("victim2").node("node1").priority(50000).obj();
    Pod victim1WithCondition =
        PodWrapper.from(victim1)
            .condition(
                PreemptionStrategy.DISRUPTION_TARGET,
                "True",
                PreemptionStrategy.PREEMPTION_BY_SCHEDULER)
            .obj();
    return Stream.of(
        arguments("no victims", List.of(), List.of(victim1), Code.SUCCESS, List.of("victim1")),
        arguments(
            "one victim without condition",
            List.of(victim1),
            List.of(victim1),
            Code.SUCCESS,
            List.of()),
        arguments(
            "one victim with same condition",
            List.of(victim1WithCondition),
            List.of(victim1WithCondition),
            Code.SUCCESS,
            List.of()),
        arguments(
            "one victim, but the eviction failed (not found victim1 pod)",
            List.of(victim1),
            List.of(),
            Code.ERROR,
            List.of()),
        arguments(
            "two victims, one passes successfully and the second fails (not found victim2 pod)",
            List.of(victim1, victim2),
            List.of(victim1),
            Code.ERROR,
            List.of()),
        arguments(
            "a terminating victim is not evicted again",
            List.of(PodWrapper.from(victim1).terminating().obj()),
            List.of(victim1),
            Code.SUCCESS,
            List.of("victim1")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("prepareCases")
  void prepare_synchronous(
      String name, List<Pod> victims, List<Pod> hostPods, Code wantCode, List<String> remaining) {
    FakeClock clock = new FakeClock();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    Pod preemptor = pod("preemptor").priority(HIGH).obj();
    List<KubeObject> objects = new ArrayList<>(nodes("node1"));
    objects.addAll(hostPods);
    objects.add(preemptor);
    cluster.createAll(objects);
    FakeHandle handle =
        FakeHandle.builder().nodes(nodes("node1")).clock(clock).cluster(cluster).build();
    Actuator actuator = new Actuator("test-plugin", handle, false);

    Status s = actuator.prepare(new Candidate("node1", new Victims(victims, 0)), preemptor);

    assertThat(s.code()).isEqualTo(wantCode);
    List<String> left = new ArrayList<>();
    for (Pod p : cluster.pods()) {
      if (!p.name().equals("preemptor")) {
        left.add(p.name());
      }
    }
    assertThat(left).containsExactlyInAnyOrderElementsOf(remaining);
    assertThat(handle.activatedPods()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("prepareCases")
  void prepare_asynchronous(
      String name, List<Pod> victims, List<Pod> hostPods, Code wantCode, List<String> remaining) {
    FakeClock clock = new FakeClock();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    Pod preemptor = pod("preemptor").priority(HIGH).obj();
    List<KubeObject> objects = new ArrayList<>(nodes("node1"));
    objects.addAll(hostPods);
    objects.add(preemptor);
    cluster.createAll(objects);
    FakeHandle handle =
        FakeHandle.builder().nodes(nodes("node1")).clock(clock).cluster(cluster).build();
    Actuator actuator = new Actuator("test-plugin", handle, true);

    Status s = actuator.prepare(new Candidate("node1", new Victims(victims, 0)), preemptor);

    // Asynchronous actuation never fails the cycle; a failure activates the preemptor.
    assertThat(s.isSuccess()).isTrue();
    assertThat(actuator.isPodRunningPreemption("preemptor")).isFalse();
    boolean anyEvicted = victims.stream().anyMatch(v -> !v.isTerminating());
    assertThat(handle.activatedPods())
        .extracting(Pod::name)
        .isEqualTo(anyEvicted ? List.of("preemptor") : List.of());
    if (wantCode == Code.SUCCESS) {
      List<String> left = new ArrayList<>();
      for (Pod p : cluster.pods()) {
        if (!p.name().equals("preemptor")) {
          left.add(p.name());
        }
      }
      assertThat(left).containsExactlyInAnyOrderElementsOf(remaining);
    }
  }

  // ---------------------------------------------------------------- TestCallExtenders

  /** Upstream's {@code fakeExtender} of {@code TestCallExtenders}. */
  private static final class FlagExtender implements Extender {
    boolean ignorable;
    boolean errProcessPreemption;
    boolean supportsPreemption;
    boolean returnsNoVictims;

    FlagExtender supports() {
      supportsPreemption = true;
      return this;
    }

    FlagExtender ignorable() {
      ignorable = true;
      return this;
    }

    FlagExtender failing() {
      errProcessPreemption = true;
      return this;
    }

    FlagExtender noVictims() {
      returnsNoVictims = true;
      return this;
    }

    @Override
    public String name() {
      return "fakeExtender";
    }

    @Override
    public boolean isIgnorable() {
      return ignorable;
    }

    @Override
    public boolean isInterested(Pod pod) {
      return pod != null;
    }

    @Override
    public boolean isFilter() {
      return true;
    }

    @Override
    public boolean isPrioritizer() {
      return true;
    }

    @Override
    public boolean isBinder() {
      return true;
    }

    @Override
    public boolean supportsPreemption() {
      return supportsPreemption;
    }

    @Override
    public long weight() {
      return 1;
    }

    @Override
    public ExtenderFilterResult filter(Pod pod, List<NodeInfo> nodes) {
      return new ExtenderFilterResult(List.of(), Map.of(), Map.of());
    }

    @Override
    public List<NodeScore> prioritize(Pod pod, List<NodeInfo> nodes) {
      return List.of();
    }

    @Override
    public void bind(Pod pod, String nodeName) {}

    @Override
    public Map<String, Victims> processPreemption(
        Pod pod, Map<String, Victims> victims, NodeInfoLister nodes) throws Exception {
      if (!supportsPreemption) {
        return null;
      }
      if (errProcessPreemption) {
        throw new Exception("extender preempt error");
      }
      if (returnsNoVictims) {
        return Map.of("mock", new Victims(List.of(), 0));
      }
      return victims;
    }
  }

  static Stream<Arguments> extenderCases() {
    Pod victim = pod("victim").node("node1").priority(MID).obj();
    List<Candidate> one = List.of(new Candidate("node1", new Victims(List.of(victim), 0)));
    return Stream.of(
        arguments("no extenders", List.of(), one, Status.success(), one),
        arguments(
            "one extender supports preemption",
            List.of(new FlagExtender().supports()),
            one,
            Status.success(),
            one),
        arguments(
            "one extender with return no victims",
            List.of(new FlagExtender().supports().noVictims()),
            one,
            Status.error("expected at least one victim pod on node \"mock\""),
            List.of()),
        arguments(
            "one extender does not support preemption",
            List.of(new FlagExtender()),
            one,
            Status.success(),
            one),
        arguments(
            "one extender with no return victims and is ignorable",
            List.of(new FlagExtender().supports().noVictims().ignorable()),
            one,
            Status.success(),
            List.of()),
        arguments(
            "one extender returns error and is ignorable",
            List.of(new FlagExtender().ignorable().supports().failing()),
            one,
            Status.success(),
            one),
        arguments(
            "one extender returns error and is not ignorable",
            List.of(new FlagExtender().failing().supports()),
            one,
            Status.error("extender preempt error"),
            List.of()),
        arguments(
            "one extender with empty victims input",
            List.of(new FlagExtender().supports()),
            List.of(),
            Status.success(),
            List.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("extenderCases")
  void callExtenders_upstreamTable(
      String name,
      List<Extender> extenders,
      List<Candidate> candidates,
      Status wantStatus,
      List<Candidate> wantCandidates) {
    FakeHandle handle =
        FakeHandle.builder()
            .nodes(nodes("node1"))
            .extenders(extenders.toArray(Extender[]::new))
            .build();
    Evaluator evaluator =
        new Evaluator("FakePreemptionScorePostFilter", handle, new FakeStrategy(1, List.of()));
    Pod preemptor = pod("preemptor").priority(HIGH).obj();

    Evaluator.ExtenderOutcome got = evaluator.callExtenders(preemptor, candidates);

    assertThat(got.status().code()).isEqualTo(wantStatus.code());
    assertThat(got.status().message()).isEqualTo(wantStatus.message());
    if (wantStatus.isSuccess()) {
      assertThat(got.candidates()).isEqualTo(wantCandidates);
    }
  }

  // ---------------------------------------------------------------- messages

  static Stream<Arguments> fitErrorCases() {
    return Stream.of(
        arguments(
            "absent nodes count with the absent reason",
            Map.of("n1", Status.unschedulable("Insufficient cpu")),
            Status.unresolvable(Evaluator.REASON_NOT_HELPFUL),
            3,
            "0/3 nodes are available: 1 Insufficient cpu, 2 Preemption is not helpful for"
                + " scheduling."),
        arguments(
            "entries sort as strings",
            Map.of(
                "n1", Status.unschedulable("Y"),
                "n2", Status.unschedulable("Y"),
                "n3", Status.unschedulable("X")),
            Status.unresolvable("Z"),
            13,
            "0/13 nodes are available: 1 X, 10 Z, 2 Y."),
        arguments(
            "several reasons of one node each count",
            Map.of("n1", Status.unschedulable("Insufficient cpu", "Insufficient memory")),
            Status.unresolvable(),
            1,
            "0/1 nodes are available: 1 Insufficient cpu, 1 Insufficient memory."),
        arguments(
            "nothing to say", Map.of(), Status.unresolvable(), 2, "0/2 nodes are available:"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fitErrorCases")
  void fitErrorMessage_upstreamFormat(
      String name, Map<String, Status> explicit, Status absent, int numAllNodes, String want) {
    assertThat(FitErrors.message(numAllNodes, new NodeToStatus(explicit, absent))).isEqualTo(want);
  }

  @Test
  void aggregate_goFormat() {
    assertThat(FitErrors.aggregate(List.of("a"))).isEqualTo("a");
    assertThat(FitErrors.aggregate(List.of("a", "a"))).isEqualTo("a");
    assertThat(FitErrors.aggregate(List.of("a", "b", "a"))).isEqualTo("[a, b]");
  }

  @Test
  void preempt_allNodesFailingWithErrorsIsAnError() {
    Pod preemptor = pod("p").priority(HIGH).obj();
    List<Pod> pods =
        List.of(pod("v1").node("node1").obj(), pod("v2").node("node2").obj(), preemptor);
    FakeHandle handle = FakeHandle.builder().nodes(nodes("node1", "node2")).pods(pods).build();
    PreemptionStrategy failing =
        new PreemptionStrategy() {
          @Override
          public VictimSelection selectVictimsOnNode(
              FrameworkHandle h,
              CycleState state,
              PodInfo p,
              NodeInfo node,
              List<PodDisruptionBudget> pdbs) {
            return VictimSelection.failure(Status.error("boom on " + node.name()));
          }
        };
    Evaluator evaluator = new Evaluator("Fake", handle, failing);

    PostFilterResult r =
        evaluator.preempt(
            new CycleState(),
            PodInfo.of(preemptor),
            new NodeToStatus(Map.of(), Status.unschedulable()));

    assertThat(r.status().code()).isEqualTo(Code.ERROR);
    List<String> parts =
        new ArrayList<>(List.of(r.status().message().replaceAll("[\\[\\]]", "").split(", ")));
    Collections.sort(parts);
    assertThat(parts).containsExactly("boom on node1", "boom on node2");
    assertThat(r.nominatingInfo()).isNull();
  }

  @Test
  void harness_runnerIsUsedForTheDefaultVictimSelection() {
    Node node = makeNode().name("node1").capacity(Map.of("pods", "1")).obj();
    Pod victim = pod("v").node("node1").obj();
    Pod preemptor = pod("p").priority(HIGH).obj();
    PluginHarness h =
        PluginHarness.builder(FakeHandle.builder().nodes(node).pods(victim, preemptor))
            .plugin("OnePodPerNode", (a, hd) -> new OnePodPerNode())
            .build();
    PreemptionStrategy defaults = new PreemptionStrategy() {};
    Evaluator evaluator = new Evaluator("Default", h.fake(), defaults);
    CycleState state = h.newState();
    h.preFilter(state, preemptor);

    PostFilterResult r =
        evaluator.preempt(
            state, PodInfo.of(preemptor), new NodeToStatus(Map.of(), Status.unschedulable()));

    assertThat(r.status().isSuccess()).isTrue();
    assertThat(r.nominatedVictims().orElseThrow().pods()).containsExactly(victim);
    // The evaluator changed copies only: the snapshot node still runs the victim.
    assertThat(h.fake().snapshot().get("node1").orElseThrow().pods()).hasSize(1);
  }

  @Test
  void dryRun_nodesWithoutAPodToPreemptFailWithNoVictims_andACustomSelectionIsStillAsked() {
    Node busy = makeNode().name("busy").capacity(Map.of("pods", "1")).obj();
    Node empty = makeNode().name("empty").capacity(Map.of("pods", "1")).obj();
    Node low = makeNode().name("low").capacity(Map.of("pods", "1")).obj();
    Pod equal = pod("equal").node("busy").priority(HIGH).obj();
    Pod victim = pod("victim").node("low").priority(MID).obj();
    Pod preemptor = pod("p").priority(HIGH).obj();
    PluginHarness h =
        PluginHarness.builder(
                FakeHandle.builder().nodes(busy, empty, low).pods(equal, victim, preemptor))
            .plugin("OnePodPerNode", (a, hd) -> new OnePodPerNode())
            .build();
    CycleState state = h.newState();
    h.preFilter(state, preemptor);
    List<NodeInfo> all = h.fake().snapshot().list();

    DryRunResult byDefault =
        new Evaluator("Default", h.fake(), new PreemptionStrategy() {})
            .dryRunPreemption(state, PodInfo.of(preemptor), all, List.of(), 0, all.size());

    assertThat(byDefault.candidates())
        .containsExactly(new Candidate("low", new Victims(List.of(victim), 0)));
    for (String name : List.of("busy", "empty")) {
      Status s = byDefault.nodeStatuses().get(name);
      assertThat(s.code()).isEqualTo(Code.UNSCHEDULABLE_AND_UNRESOLVABLE);
      assertThat(s.reasons()).containsExactly(PreemptionStrategy.REASON_NO_VICTIMS);
    }
    assertThat(h.fake().snapshot().get("low").orElseThrow().pods()).hasSize(1);

    FakeStrategy custom = new FakeStrategy(0, List.of());
    new Evaluator("Fake", h.fake(), custom)
        .dryRunPreemption(state, PodInfo.of(preemptor), all, List.of(), 0, all.size());
    assertThat(custom.visited).containsExactlyInAnyOrder("busy", "empty", "low");
  }

  /** A Filter plugin admitting a pod only on an empty node. */
  private static final class OnePodPerNode implements io.schedkit.framework.FilterPlugin {
    @Override
    public String name() {
      return "OnePodPerNode";
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
      return node.pods().isEmpty() ? Status.success() : Status.unschedulable("node is busy");
    }
  }
}
