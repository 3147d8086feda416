package io.schedkit.preemption;

import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.queue.Nominator;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.NominatingInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PodNominator;
import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.plugins.noderesources.NodeResourcesFit;
import io.schedkit.plugins.nodeunschedulable.NodeUnschedulable;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.FakeNominator;
import io.schedkit.testing.PluginHarness;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link NominatedRoomCheck} changes how much a dry run costs, never what preemption decides: over
 * seeded random clusters with nominated pods, the evaluator with the check and without it return
 * the same status (message included), nomination and candidates with their victims; and the check
 * says "must fail" only where the real dry run fails.
 */
final class NominatedRoomCheckTest {
  private static final int[] PRIORITIES = RandomClusters.PRIORITIES;

  /** A random cluster with nominated pods, a preemptor, and the plugins to run them. */
  private record Scene(PluginHarness harness, Pod preemptor, Map<String, Status> verdicts) {}

  private static Scene scene(long seed, int parallelism) {
    return scene(seed, parallelism, false);
  }

  /**
   * A scene; {@code indexed}: with the scheduler's nominator and a frozen snapshot, which keeps
   * columns and positions, as the scheduler's does.
   */
  private static Scene scene(long seed, int parallelism, boolean indexed) {
    Random r = new Random(seed);
    int numNodes = 2 + r.nextInt(8);
    RandomClusters.Cluster cluster =
        RandomClusters.nodesWithPods(
            r, numNodes, rr -> Instant.ofEpochSecond(1_000 + rr.nextInt(100)));
    List<Node> nodes = cluster.nodes();
    List<Pod> pods = cluster.pods();
    Pod preemptor =
        makePod()
            .name("preemptor")
            // Now and then without UID: its own nomination is then recognised by key.
            .uid(r.nextInt(4) == 0 ? "" : "preemptor-uid")
            .priority(PRIORITIES[1 + r.nextInt(PRIORITIES.length - 1)])
            .req(Map.of("cpu", (250 * (2 + r.nextInt(12))) + "m", "memory", "1Gi"))
            .obj();
    PodNominator nominator = indexed ? new Nominator() : new FakeNominator();
    for (int i = r.nextInt(2 * numNodes); i > 0; i--) {
      String node = "node" + r.nextInt(numNodes);
      Pod nominated =
          makePod()
              .name("nominated-" + i)
              .uid(r.nextInt(4) == 0 ? "" : "nominated-uid-" + i)
              .priority(PRIORITIES[r.nextInt(PRIORITIES.length)])
              .req(Map.of("cpu", (250 * (1 + r.nextInt(12))) + "m", "memory", "1Gi"))
              .nominatedNodeName(node)
              .obj();
      nominator.addNominatedPod(PodInfo.of(nominated), NominatingInfo.override(node));
    }
    if (r.nextBoolean()) {
      // The preemptor nominated earlier: it never counts as its own nominated pod.
      String node = "node" + r.nextInt(numNodes);
      nominator.addNominatedPod(
          PodInfo.of(preemptor.toBuilder().nominatedNodeName(node).build()),
          NominatingInfo.override(node));
    }
    List<Pod> all = new ArrayList<>(pods);
    all.add(preemptor);
    FakeHandle.Builder handle =
        FakeHandle.builder()
            .nodes(nodes)
            .pods(all)
            .nominator(nominator)
            .parallelism(parallelism)
            .seed(seed);
    if (indexed) {
      handle.frozen();
    }
    PluginHarness h =
        PluginHarness.builder(handle)
            .plugin(NodeUnschedulable.class)
            .plugin(NodeResourcesFit.class)
            .build();
    return new Scene(h, preemptor, h.filterAll(preemptor));
  }

  private static PostFilterResult preempt(Scene s, boolean check) {
    return preempt(s, check, new NodeToStatus(s.verdicts(), Status.unresolvable()));
  }

  private static PostFilterResult preempt(Scene s, boolean check, NodeToStatus verdicts) {
    FrameworkHandle handle = s.harness().fake();
    Evaluator evaluator =
        new Evaluator("DefaultPreemption", handle, new PreemptionStrategy() {}, true, check, true);
    CycleState state = s.harness().newState();
    state.setDryRun(true);
    s.harness().preFilter(state, s.preemptor());
    return evaluator.preempt(state, PodInfo.of(s.preemptor()), verdicts);
  }

  /**
   * The verdicts as the failing Filter pass records them: in one batch, with each node's position
   * in the snapshot's list, from a random start.
   */
  private static NodeToStatus byPosition(Scene s, Random r) {
    List<NodeInfo> list = s.harness().fake().snapshot().list();
    int n = list.size();
    int start = r.nextInt(n);
    NodeInfo[] nodes = new NodeInfo[n];
    Status[] statuses = new Status[n];
    int[] positions = new int[n];
    for (int i = 0; i < n; i++) {
      positions[i] = (start + i) % n;
      nodes[i] = list.get(positions[i]);
      statuses[i] = s.verdicts().get(nodes[i].name());
    }
    NodeToStatus m = new NodeToStatus();
    m.setAbsentStatus(Status.unresolvable());
    m.setAll(nodes, statuses, n, list, positions);
    return m;
  }

  private static String describe(PostFilterResult r) {
    return r.status().code()
        + " "
        + r.status().message()
        + " -> "
        + r.nominatedNodeName()
        + " "
        + r.candidates();
  }

  @Test
  void preempt_sameDecisionWithAndWithoutTheCheck() {
    int decidedByTheCheck = 0;
    int noCandidate = 0;
    for (long seed = 0; seed < 600; seed++) {
      Scene s = scene(seed, seed % 2 == 0 ? 1 : 4);
      if (s.verdicts().values().stream().anyMatch(Status::isSuccess)) {
        continue; // PostFilter runs only when no node fits
      }
      PostFilterResult with = preempt(s, true);
      PostFilterResult without = preempt(s, false);
      assertThat(describe(with)).as("seed %d", seed).isEqualTo(describe(without));
      if (!with.status().isSuccess()) {
        noCandidate++;
      }
      NominatedRoomCheck check = roomCheck(s);
      if (check != null) {
        for (NodeInfo n : s.harness().fake().snapshot().list()) {
          if (check.surelyFails(n, -1)) {
            decidedByTheCheck++;
          }
        }
      }
    }
    // The scenes exercise both outcomes and the check itself.
    assertThat(decidedByTheCheck).isGreaterThan(100);
    assertThat(noCandidate).isGreaterThan(10);
  }

  /**
   * With the scheduler's nominator, a snapshot that keeps columns and verdicts recorded by
   * position, the dry run checks nodes by position (room, potential victims): the same decisions as
   * with verdicts by name, with the check and without; and the check answers alike by position and
   * by node.
   */
  @Test
  void preempt_byPosition_decidesAsByName() {
    int byPositionAnswers = 0;
    int compared = 0;
    for (long seed = 0; seed < 1200; seed++) {
      Scene s = scene(seed, seed % 2 == 0 ? 1 : 4, true);
      if (s.verdicts().values().stream().anyMatch(Status::isSuccess)) {
        continue;
      }
      Random r = new Random(seed);
      String byName = describe(preempt(s, true));
      assertThat(describe(preempt(s, true, byPosition(s, r))))
          .as("seed %d", seed)
          .isEqualTo(byName);
      assertThat(describe(preempt(s, false, byPosition(s, r))))
          .as("seed %d, without the check", seed)
          .isEqualTo(byName);
      compared++;
      NominatedRoomCheck check = roomCheck(s);
      if (check != null) {
        List<NodeInfo> list = s.harness().fake().snapshot().list();
        PodInfo preemptor = PodInfo.of(s.preemptor());
        for (int p = 0; p < list.size(); p++) {
          NodeInfo n = list.get(p);
          assertThat(check.surelyFails(n, p))
              .as("seed %d, %s", seed, n.name())
              .isEqualTo(check.surelyFails(n, -1));
          if (s.harness().fake().runner().nominatedRequestsAt(preemptor, p) != null) {
            byPositionAnswers++;
          }
        }
      }
    }
    assertThat(compared).isGreaterThan(80);
    assertThat(byPositionAnswers).as("answers by position").isGreaterThan(200);
  }

  @Test
  void surelyFails_onlyWhereTheDryRunFails() {
    int checked = 0;
    for (long seed = 0; seed < 300; seed++) {
      Scene s = scene(seed, 1);
      NominatedRoomCheck check = roomCheck(s);
      if (check == null) {
        continue;
      }
      CycleState state = s.harness().newState();
      s.harness().preFilter(state, s.preemptor());
      for (NodeInfo n : s.harness().fake().snapshot().list()) {
        if (!check.surelyFails(n, -1)) {
          continue;
        }
        checked++;
        VictimSelection vs =
            new PreemptionStrategy() {}.selectVictimsOnNode(
                s.harness().fake(),
                state.copy(),
                PodInfo.of(s.preemptor()),
                n.copy(),
                List.<PodDisruptionBudget>of());
        assertThat(vs.status().isSuccess()).as("seed %d, %s", seed, n.name()).isFalse();
      }
    }
    assertThat(checked).isGreaterThan(50);
  }

  @Test
  void of_onlyWhereItIsExact() {
    Scene s = scene(3, 1);
    CycleState state = s.harness().newState();
    s.harness().preFilter(state, s.preemptor());
    PodInfo preemptor = PodInfo.of(s.preemptor());
    FrameworkHandle handle = s.harness().fake();

    assertThat(NominatedRoomCheck.of(handle, new PreemptionStrategy() {}, state, preemptor))
        .as("default strategy, NodeResourcesFit runs")
        .isNotNull();
    PreemptionStrategy ownSelection =
        new PreemptionStrategy() {
          @Override
          public VictimSelection selectVictimsOnNode(
              FrameworkHandle h,
              CycleState st,
              PodInfo p,
              NodeInfo node,
              List<PodDisruptionBudget> pdbs) {
            return VictimSelection.failure(Status.unschedulable("never"));
          }
        };
    assertThat(NominatedRoomCheck.of(handle, ownSelection, state, preemptor))
        .as("a strategy with its own victim selection")
        .isNull();
    state.setSkipFilterPlugins(java.util.Set.of(NominatedRoomCheck.NODE_RESOURCES_FIT));
    assertThat(NominatedRoomCheck.of(handle, new PreemptionStrategy() {}, state, preemptor))
        .as("NodeResourcesFit skipped this cycle")
        .isNull();
  }

  private static NominatedRoomCheck roomCheck(Scene s) {
    CycleState state = s.harness().newState();
    s.harness().preFilter(state, s.preemptor());
    return NominatedRoomCheck.of(
        s.harness().fake(), new PreemptionStrategy() {}, state, PodInfo.of(s.preemptor()));
  }
}
