package io.schedkit.preemption.defaultpreemption;

import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.HIGH;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.LARGE;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.LOW;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.MEDIUM;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.MID;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.ONE_POD;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.SMALL;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.VERY_LARGE;
import static io.schedkit.preemption.defaultpreemption.PreemptionFixtures.pod;
import static io.schedkit.testing.Wrappers.makeLabelSelector;
import static io.schedkit.testing.Wrappers.makeNode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.Code;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.NominatingInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.Status;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.extender.Extender;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodCondition;
import io.schedkit.framework.model.PreemptionPolicy;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import io.schedkit.plugins.noderesources.NodeResourcesFit;
import io.schedkit.plugins.podtopologyspread.PodTopologySpread;
import io.schedkit.preemption.Evaluator;
import io.schedkit.preemption.PreemptionStrategy;
import io.schedkit.testing.FakeClock;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.NodeWrapper;
import io.schedkit.testing.PluginHarness;
import io.schedkit.testing.PodWrapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Upstream's {@code TestPreempt} (asynchronous and synchronous preemption) and {@code
 * TestPreEnqueue}, against an {@link InMemoryCluster} as the host: the nomination, the evicted
 * pods, their {@code DisruptionTarget} condition, and that a second attempt while the victims
 * terminate preempts nothing more.
 */
final class DefaultPreemptionPreemptTest {

  record Case(
      String name,
      Pod pod,
      List<Pod> pods,
      List<Extender> extenders,
      List<String> nodeNames,
      Consumer<PluginHarness.Builder> plugins,
      String want,
      List<String> expectedPods) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static Consumer<PluginHarness.Builder> fit() {
    return b -> b.plugin(NodeResourcesFit.class);
  }

  static List<Case> cases() {
    List<String> three = List.of("node1", "node2", "node3");
    List<Pod> basicPods =
        List.of(
            pod("p1.1").node("node1").priority(LOW).req(SMALL).obj(),
            pod("p1.2").node("node1").priority(LOW).req(SMALL).obj(),
            pod("p2.1").node("node2").priority(HIGH).req(LARGE).obj(),
            pod("p3.1").node("node3").priority(MID).req(MEDIUM).obj());
    List<Pod> extenderPods =
        List.of(
            pod("p1.1").node("node1").priority(MID).req(SMALL).obj(),
            pod("p1.2").node("node1").priority(LOW).req(SMALL).obj(),
            pod("p2.1").node("node2").priority(MID).req(LARGE).obj());
    Pod preemptor =
        pod("p")
            .priority(HIGH)
            .req(VERY_LARGE)
            .preemptionPolicy(PreemptionPolicy.PREEMPT_LOWER_PRIORITY)
            .obj();
    return List.of(
        new Case(
            "basic preemption logic",
            preemptor,
            basicPods,
            List.of(),
            three,
            fit(),
            "node1",
            List.of("p1.1", "p1.2")),
        new Case(
            "preemption for topology spread constraints",
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
                .obj(),
            List.of(
                pod("p-a1").node("node-a").label("foo", "").priority(HIGH).obj(),
                pod("p-a2").node("node-a").label("foo", "").priority(HIGH).obj(),
                pod("p-b1").node("node-b").label("foo", "").priority(LOW).obj(),
                pod("p-x1").node("node-x").label("foo", "").priority(HIGH).obj(),
                pod("p-x2").node("node-x").label("foo", "").priority(HIGH).obj()),
            List.of(),
            List.of("node-a/zone1", "node-b/zone1", "node-x/zone2"),
            b -> b.plugin(PodTopologySpread.class),
            "node-b",
            List.of("p-b1")),
        new Case(
            "Scheduler extenders allow only node1, otherwise node3 would have been chosen",
            preemptor,
            List.of(
                pod("p1.1").node("node1").priority(MID).req(SMALL).obj(),
                pod("p1.2").node("node1").priority(LOW).req(SMALL).obj(),
                pod("p2.1").node("node3").priority(MID).req(LARGE).obj()),
            List.of(
                PreemptionFixtures.PredicateExtender.allowingAll("FakeExtender1"),
                PreemptionFixtures.PredicateExtender.allowingNode1("FakeExtender2")),
            three,
            fit(),
            "node1",
            List.of("p1.1", "p1.2")),
        new Case(
            "Scheduler extenders do not allow any preemption",
            preemptor,
            extenderPods,
            List.of(PreemptionFixtures.PredicateExtender.allowingNone("FakeExtender1")),
            three,
            fit(),
            null,
            List.of()),
        new Case(
            "One scheduler extender allows only node1, the other returns error but ignorable. Only"
                + " node1 would be chosen",
            preemptor,
            extenderPods,
            List.of(
                PreemptionFixtures.PredicateExtender.failing("FakeExtender1").ignorable(),
                PreemptionFixtures.PredicateExtender.allowingNode1("FakeExtender2")),
            three,
            fit(),
            "node1",
            List.of("p1.1", "p1.2")),
        new Case(
            "One scheduler extender allows only node1, but it is not interested in given pod,"
                + " otherwise node1 would have been chosen",
            preemptor,
            extenderPods,
            List.of(
                PreemptionFixtures.PredicateExtender.allowingNode1("FakeExtender1").uninterested(),
                PreemptionFixtures.PredicateExtender.allowingAll("FakeExtender2")),
            List.of("node1", "node2"),
            fit(),
            // The sum of the victims' priorities is larger on node1: node2 is chosen.
            "node2",
            List.of("p2.1")),
        new Case(
            "no preempting in pod",
            pod("p").priority(HIGH).req(VERY_LARGE).preemptionPolicy(PreemptionPolicy.NEVER).obj(),
            basicPods,
            List.of(),
            three,
            fit(),
            null,
            List.of()),
        new Case(
            "PreemptionPolicy is nil",
            pod("p").priority(HIGH).req(VERY_LARGE).obj(),
            basicPods,
            List.of(),
            three,
            fit(),
            "node1",
            List.of("p1.1", "p1.2")));
  }

  static Stream<Arguments> runs() {
    List<Arguments> out = new ArrayList<>();
    for (boolean async : new boolean[] {true, false}) {
      for (Case c : cases()) {
        out.add(arguments(c.name() + " (async preemption: " + async + ")", c, async));
      }
    }
    return out.stream();
  }

  /** The cluster of one case: nodes and pods in an in-memory host and a harness over them. */
  private static final class Setup {
    final InMemoryCluster cluster;
    final PluginHarness harness;
    final List<Node> nodes = new ArrayList<>();
    final List<PodCondition> disruptionConditions = new CopyOnWriteArrayList<>();

    Setup(Case c, List<Pod> pods, Pod preemptor) {
      FakeClock clock = new FakeClock();
      String[] labelKeys = {"hostname", "zone", "region"};
      for (String spec : c.nodeNames()) {
        String[] parts = spec.split("/");
        NodeWrapper w = makeNode().name(parts[0]).capacity(VERY_LARGE);
        for (int i = 0; i < parts.length; i++) {
          w.label(labelKeys[i], parts[i]);
        }
        nodes.add(w.obj());
      }
      cluster = InMemoryCluster.builder().clock(clock).build();
      List<KubeObject> objects = new ArrayList<>(nodes);
      objects.addAll(pods);
      objects.add(preemptor);
      cluster.createAll(objects);
      cluster.watch(
          e -> {
            if (e.type() == WatchEvent.Type.MODIFIED && e.newObject() instanceof Pod p) {
              for (PodCondition pc : p.status().conditions()) {
                if (pc.type().equals(PreemptionStrategy.DISRUPTION_TARGET)) {
                  disruptionConditions.add(pc);
                }
              }
            }
          });
      List<Pod> all = new ArrayList<>(pods);
      all.add(preemptor);
      FakeHandle.Builder fake =
          FakeHandle.builder()
              .nodes(nodes)
              .pods(all)
              .clock(clock)
              .cluster(cluster)
              .extenders(c.extenders().toArray(Extender[]::new));
      PluginHarness.Builder b = PluginHarness.builder(fake);
      c.plugins().accept(b);
      harness = b.build();
    }

    NodeToStatus allUnschedulable() {
      return PreemptionFixtures.unschedulable(
          nodes.stream().map(Node::name).toArray(String[]::new));
    }

    List<String> remainingPodNames() {
      return cluster.pods().stream().map(Pod::name).toList();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("runs")
  void preempt_upstreamTable(String name, Case c, boolean async) {
    Setup s = new Setup(c, c.pods(), c.pod());
    DefaultPreemption plugin =
        new DefaultPreemption(DefaultPreemptionArgs.defaults(), s.harness.fake());
    Evaluator evaluator =
        async
            ? plugin.evaluator()
            : new Evaluator(DefaultPreemption.NAME, s.harness.fake(), plugin, false);
    CycleState state = s.harness.newState();
    assertThat(s.harness.preFilter(state, c.pod()).status().isSuccess()).isTrue();

    PostFilterResult r = evaluator.preempt(state, PodInfo.of(c.pod()), s.allUnschedulable());

    assertThat(r.status().code()).isIn(Code.SUCCESS, Code.UNSCHEDULABLE);
    if (c.want() == null) {
      assertThat(r.nominatingInfo()).isNull();
    } else {
      assertThat(r.nominatingInfo()).isEqualTo(NominatingInfo.override(c.want()));
    }
    assertThat(s.cluster.evictionCount()).isEqualTo(c.expectedPods().size());
    List<String> survivors = new ArrayList<>(List.of("p"));
    for (Pod p : c.pods()) {
      if (!c.expectedPods().contains(p.name())) {
        survivors.add(p.name());
      }
    }
    assertThat(s.remainingPodNames()).containsExactlyInAnyOrderElementsOf(survivors);
    assertThat(s.disruptionConditions).hasSize(c.expectedPods().size());
    for (PodCondition pc : s.disruptionConditions) {
      assertThat(pc.status()).isEqualTo("True");
      assertThat(pc.reason()).isEqualTo(PreemptionStrategy.PREEMPTION_BY_SCHEDULER);
      assertThat(pc.message())
          .isEqualTo("default-scheduler: preempting to accommodate a higher priority pod");
    }
    assertThat(evaluator.isPodRunningPreemption(c.pod().uid())).isFalse();
    if (async && !c.expectedPods().isEmpty()) {
      assertThat(s.harness.fake().activatedPods()).extracting(Pod::name).containsExactly("p");
    } else {
      assertThat(s.harness.fake().activatedPods()).isEmpty();
    }
    if (c.want() == null) {
      return;
    }

    // A second attempt, nominated, while the victims are still terminating: nothing more.
    Pod nominated = PodWrapper.from(c.pod()).nominatedNodeName(c.want()).obj();
    List<Pod> terminating = new ArrayList<>();
    for (Pod p : c.pods()) {
      terminating.add(
          c.expectedPods().contains(p.name())
              ? PodWrapper.from(p)
                  .terminating()
                  .condition(
                      PreemptionStrategy.DISRUPTION_TARGET,
                      "True",
                      PreemptionStrategy.PREEMPTION_BY_SCHEDULER)
                  .obj()
              : p);
    }
    Setup again = new Setup(c, terminating, nominated);
    DefaultPreemption second =
        new DefaultPreemption(DefaultPreemptionArgs.defaults(), again.harness.fake());
    CycleState state2 = again.harness.newState();
    again.harness.preFilter(state2, nominated);

    PostFilterResult r2 =
        second.postFilter(state2, PodInfo.of(nominated), again.allUnschedulable());

    assertThat(r2.status())
        .isEqualTo(
            Status.unschedulable(
                "preemption: " + PreemptionStrategy.REASON_TERMINATING_POD_ON_NOMINATED_NODE));
    assertThat(r2.nominatingInfo()).isNull();
    assertThat(again.cluster.evictionCount()).isZero();
  }

  // ---------------------------------------------------------------- TestPreEnqueue

  /** A node with one low-priority pod and a high-priority preemptor, evictions taking 1 s. */
  private static final class SlowEvictions {
    final FakeClock clock = new FakeClock();
    final InMemoryCluster cluster =
        InMemoryCluster.builder().clock(clock).writeLatency(Duration.ofSeconds(1)).build();
    final Pod preemptor = pod("p").priority(HIGH).obj();
    final PluginHarness harness;
    final DefaultPreemption plugin;

    SlowEvictions(List<Pod> victims) {
      Node node = makeNode().name("node1").capacity(ONE_POD).obj();
      List<KubeObject> objects = new ArrayList<>(victims);
      objects.add(node);
      objects.add(preemptor);
      cluster.createAll(objects);
      List<Pod> all = new ArrayList<>(victims);
      all.add(preemptor);
      harness =
          PluginHarness.builder(
                  FakeHandle.builder().nodes(node).pods(all).clock(clock).cluster(cluster))
              .plugin(NodeResourcesFit.class)
              .build();
      plugin = new DefaultPreemption(DefaultPreemptionArgs.defaults(), harness.fake());
    }

    PostFilterResult preempt() {
      CycleState state = harness.newState();
      harness.preFilter(state, preemptor);
      return plugin.postFilter(
          state, PodInfo.of(preemptor), PreemptionFixtures.unschedulable("node1"));
    }
  }

  @Test
  void preEnqueue_holdsOnlyThePreemptorUntilItsEvictionsFinish() {
    SlowEvictions s = new SlowEvictions(List.of(pod("p1").node("node1").obj()));

    PostFilterResult r = s.preempt();

    assertThat(r.nominatedNodeName()).contains("node1");
    assertThat(s.plugin.preEnqueue(s.preemptor))
        .isEqualTo(Status.unresolvable(DefaultPreemption.REASON_WAITING_FOR_PREEMPTION));
    assertThat(s.plugin.preEnqueue(pod("p_other").priority(HIGH).obj()))
        .isEqualTo(Status.success());
    assertThat(s.harness.fake().activatedPods()).isEmpty();

    s.clock.step(Duration.ofSeconds(1));

    assertThat(s.cluster.pod("default", "p1")).isEmpty();
    assertThat(s.plugin.preEnqueue(s.preemptor)).isEqualTo(Status.success());
    assertThat(s.harness.fake().activatedPods()).extracting(Pod::name).containsExactly("p");
  }

  @Test
  void preEnqueue_lastVictimGoneReleasesBeforeItsStageCompletes() {
    // Two victims: the first is evicted alone, the last only after it; once the last one is
    // gone from the host's objects the preemptor may enter the queue.
    // v1 is more important than v2, so it is evicted first and v2 last.
    Pod v1 = pod("v1").node("node1").priority(MID).obj();
    Pod v2 = pod("v2").node("node1").priority(LOW).obj();
    SlowEvictions s = new SlowEvictions(List.of(v1, v2));
    s.preempt();
    assertThat(s.plugin.evaluator().isPodRunningPreemption("p")).isTrue();

    s.clock.step(Duration.ofSeconds(1)); // the first eviction completes; the last one starts

    assertThat(s.cluster.pods()).extracting(Pod::name).containsOnly("p", "v2");
    assertThat(s.plugin.evaluator().isPodRunningPreemption("p")).isTrue();
    s.clock.step(Duration.ofSeconds(1));
    assertThat(s.cluster.pods()).extracting(Pod::name).containsOnly("p");
    assertThat(s.plugin.evaluator().isPodRunningPreemption("p")).isFalse();
  }

  @Test
  void preEnqueue_failedEvictionActivatesThePreemptorAndSkipsTheLastVictim() {
    // v1 is more important than v2, so it is evicted first and v2 last.
    Pod v1 = pod("v1").node("node1").priority(MID).obj();
    Pod v2 = pod("v2").node("node1").priority(LOW).obj();
    SlowEvictions s = new SlowEvictions(List.of(v1, v2));
    s.cluster.delete(v1); // the host loses the first victim: its eviction fails

    s.preempt();
    s.clock.step(Duration.ofSeconds(1));

    assertThat(s.cluster.pods()).extracting(Pod::name).containsOnly("p", "v2");
    assertThat(s.plugin.evaluator().isPodRunningPreemption("p")).isFalse();
    assertThat(s.harness.fake().activatedPods()).extracting(Pod::name).containsExactly("p");
    s.clock.step(Duration.ofSeconds(5));
    assertThat(s.cluster.evictionCount()).isZero();
  }

  @Test
  void preEnqueue_synchronousPreemptionNeverHolds() {
    Pod victim = pod("p1").node("node1").obj();
    FakeClock clock = new FakeClock();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    Node node = makeNode().name("node1").capacity(ONE_POD).obj();
    Pod preemptor = pod("p").priority(HIGH).obj();
    cluster.createAll(List.of(node, victim, preemptor));
    PluginHarness h =
        PluginHarness.builder(
                FakeHandle.builder()
                    .nodes(node)
                    .pods(victim, preemptor)
                    .clock(clock)
                    .cluster(cluster))
            .plugin(NodeResourcesFit.class)
            .build();
    DefaultPreemption plugin = new DefaultPreemption(DefaultPreemptionArgs.defaults(), h.fake());
    Evaluator sync = new Evaluator(DefaultPreemption.NAME, h.fake(), plugin, false);
    CycleState state = h.newState();
    h.preFilter(state, preemptor);

    PostFilterResult r =
        sync.preempt(state, PodInfo.of(preemptor), PreemptionFixtures.unschedulable("node1"));

    assertThat(r.nominatedNodeName()).contains("node1");
    assertThat(sync.isPodRunningPreemption("p")).isFalse();
    assertThat(cluster.evictionCount()).isEqualTo(1);
    assertThat(h.fake().activatedPods()).isEmpty();
  }

  @Test
  void preempt_synchronousEvictionFailureIsAnError() {
    Pod victim = pod("p1").node("node1").obj();
    FakeClock clock = new FakeClock();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    Node node = makeNode().name("node1").capacity(ONE_POD).obj();
    Pod preemptor = pod("p").priority(HIGH).obj();
    cluster.createAll(List.of(node, preemptor)); // the victim is unknown to the host
    PluginHarness h =
        PluginHarness.builder(
                FakeHandle.builder()
                    .nodes(node)
                    .pods(victim, preemptor)
                    .clock(clock)
                    .cluster(cluster))
            .plugin(NodeResourcesFit.class)
            .build();
    DefaultPreemption plugin = new DefaultPreemption(DefaultPreemptionArgs.defaults(), h.fake());
    Evaluator sync = new Evaluator(DefaultPreemption.NAME, h.fake(), plugin, false);
    CycleState state = h.newState();
    h.preFilter(state, preemptor);

    PostFilterResult r =
        sync.preempt(state, PodInfo.of(preemptor), PreemptionFixtures.unschedulable("node1"));

    assertThat(r.status()).isEqualTo(Status.error("pods \"p1\" not found"));
    assertThat(r.nominatingInfo()).isNull();
  }

  @Test
  void preempt_waitingVictimIsRejectedInMemory() {
    Pod waiting = pod("w").node("node1").obj();
    FakeClock clock = new FakeClock();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    Node node = makeNode().name("node1").capacity(ONE_POD).obj();
    Pod preemptor = pod("p").priority(HIGH).obj();
    cluster.createAll(List.of(node, preemptor));
    PluginHarness h =
        PluginHarness.builder(
                FakeHandle.builder()
                    .nodes(node)
                    .pods(waiting, preemptor)
                    .clock(clock)
                    .cluster(cluster))
            .plugin(NodeResourcesFit.class)
            .build();
    var outcome =
        h.fake().waitingPods().add(waiting, "node1", Map.of("Gang", Duration.ofMinutes(1)));
    DefaultPreemption plugin = new DefaultPreemption(DefaultPreemptionArgs.defaults(), h.fake());

    CycleState state = h.newState();
    h.preFilter(state, preemptor);
    PostFilterResult r =
        plugin.postFilter(state, PodInfo.of(preemptor), PreemptionFixtures.unschedulable("node1"));

    assertThat(r.nominatedNodeName()).contains("node1");
    assertThat(h.fake().waitingPods().outcome(waiting).toCompletableFuture().join())
        .satisfies(
            st -> {
              assertThat(st.isRejected()).isTrue();
              assertThat(st.message()).isEqualTo(Evaluator.PREEMPTED);
              assertThat(st.plugin()).isEqualTo(DefaultPreemption.NAME);
            });
    assertThat(outcome.pod().name()).isEqualTo("w");
    assertThat(cluster.evictionCount()).isZero();
    assertThat(plugin.evaluator().isPodRunningPreemption("p")).isFalse();
  }

  @Test
  void preempt_clearsLowerPriorityNominationsOnTheChosenNode() {
    FakeClock clock = new FakeClock();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    Node node = makeNode().name("node1").capacity(Map.of("pods", "2")).obj();
    Pod victim = pod("v").node("node1").obj();
    Pod lowNominated = pod("low").priority(MID).nominatedNodeName("node1").obj();
    Pod highNominated = pod("high").priority(HIGH + 1).nominatedNodeName("node1").obj();
    Pod preemptor = pod("p").priority(HIGH).obj();
    cluster.createAll(List.of(node, victim, lowNominated, highNominated, preemptor));
    PluginHarness h =
        PluginHarness.builder(
                FakeHandle.builder()
                    .nodes(node)
                    .pods(victim, lowNominated, highNominated, preemptor)
                    .clock(clock)
                    .cluster(cluster))
            .plugin(NodeResourcesFit.class)
            .build();
    h.fake().nominator().addNominatedPod(PodInfo.of(lowNominated), null);
    h.fake().nominator().addNominatedPod(PodInfo.of(highNominated), null);
    DefaultPreemption plugin = new DefaultPreemption(DefaultPreemptionArgs.defaults(), h.fake());
    CycleState state = h.newState();
    h.preFilter(state, preemptor);

    PostFilterResult r =
        plugin.postFilter(state, PodInfo.of(preemptor), PreemptionFixtures.unschedulable("node1"));

    assertThat(r.nominatedNodeName()).contains("node1");
    assertThat(h.fake().nominator().nominatedPodsForNode("node1"))
        .extracting(PodInfo::name)
        .containsExactly("high");
    assertThat(cluster.pod("default", "low").orElseThrow().nominatedNodeName()).isEmpty();
    assertThat(cluster.pod("default", "high").orElseThrow().nominatedNodeName()).isEqualTo("node1");
  }

  @Test
  void preempt_dryRunEvictsNothing() {
    FakeClock clock = new FakeClock();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    Node node = makeNode().name("node1").capacity(ONE_POD).obj();
    Pod victim = pod("v").node("node1").obj();
    Pod preemptor = pod("p").priority(HIGH).obj();
    cluster.createAll(List.of(node, victim));
    PluginHarness h =
        PluginHarness.builder(
                FakeHandle.builder().nodes(node).pods(victim).clock(clock).cluster(cluster))
            .plugin(NodeResourcesFit.class)
            .build();
    DefaultPreemption plugin = new DefaultPreemption(DefaultPreemptionArgs.defaults(), h.fake());
    CycleState state = h.newState();
    state.setDryRun(true);
    h.preFilter(state, preemptor);
    java.util.Random realCycle = new java.util.Random(0);
    realCycle.nextInt(1); // the candidate offset among the one potential node
    long nextDraw = realCycle.nextLong();

    // The preemptor is not known to the host: a dry run (explain) evaluates it anyway.
    PostFilterResult r =
        plugin.postFilter(state, PodInfo.of(preemptor), PreemptionFixtures.unschedulable("node1"));

    assertThat(r.nominatedNodeName()).contains("node1");
    assertThat(r.nominatedVictims().orElseThrow().pods())
        .extracting(Pod::name)
        .containsExactly("v");
    assertThat(cluster.evictionCount()).isZero();
    assertThat(plugin.evaluator().isPodRunningPreemption("p")).isFalse();
    // A dry run draws its candidate offset from the scheduler's seeded source, as the next real
    // cycle would (Scheduler.explain puts the source back afterwards).
    assertThat(h.fake().random().nextLong()).isEqualTo(nextDraw);
  }

  @Test
  void preempt_unknownPreemptorOutsideADryRunIsAnError() {
    Node node = makeNode().name("node1").capacity(ONE_POD).obj();
    Pod victim = pod("v").node("node1").obj();
    PluginHarness h =
        PluginHarness.builder(FakeHandle.builder().nodes(node).pods(victim))
            .plugin(NodeResourcesFit.class)
            .build();
    DefaultPreemption plugin = new DefaultPreemption(DefaultPreemptionArgs.defaults(), h.fake());
    Pod preemptor = pod("p").priority(HIGH).obj();
    CycleState state = h.newState();
    h.preFilter(state, preemptor);

    PostFilterResult r =
        plugin.postFilter(state, PodInfo.of(preemptor), PreemptionFixtures.unschedulable("node1"));

    assertThat(r.status()).isEqualTo(Status.error("preemption: pods \"p\" not found"));
  }

  // ---------------------------------------------------------------- events

  @Test
  void eventsToRegister_assignedPodDeleteAlwaysSkips() throws Exception {
    DefaultPreemption plugin =
        new DefaultPreemption(DefaultPreemptionArgs.defaults(), FakeHandle.builder().build());

    List<ClusterEventWithHint> events = plugin.eventsToRegister();

    assertThat(events)
        .extracting(ClusterEventWithHint::event)
        .containsExactly(ClusterEvent.of(EventResource.ASSIGNED_POD, ActionType.DELETE));
    Pod deleted = pod("victim").node("node1").obj();
    assertThat(events.get(0).hint().hint(pod("p").obj(), deleted, null))
        .isEqualTo(QueueingHint.QUEUE_SKIP);
  }

  @Test
  void constructor_invalidArgsFail() {
    FakeHandle handle = FakeHandle.builder().build();
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> new DefaultPreemption(new DefaultPreemptionArgs(0, 0), handle))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("minCandidateNodesPercentage")
        .hasMessageContaining("minCandidateNodesAbsolute");
  }

  @Test
  void numCandidates_upstreamFormula() {
    DefaultPreemption plugin =
        new DefaultPreemption(new DefaultPreemptionArgs(10, 100), FakeHandle.builder().build());
    Map<Integer, Integer> want = new HashMap<>();
    want.put(1, 1);
    want.put(99, 99);
    want.put(100, 100);
    want.put(1000, 100);
    want.put(5000, 500);
    Map<Integer, Integer> got = new HashMap<>();
    for (int n : new TreeSet<>(want.keySet())) {
      got.put(n, plugin.numCandidates(n));
    }
    assertThat(got).isEqualTo(want);
    DefaultPreemption custom =
        new DefaultPreemption(new DefaultPreemptionArgs(40, 1), FakeHandle.builder().build());
    assertThat(custom.numCandidates(5)).isEqualTo(2);
  }
}
