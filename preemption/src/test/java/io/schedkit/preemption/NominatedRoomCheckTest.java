package io.schedkit.preemption;

import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.NominatingInfo;
import io.schedkit.framework.PodInfo;
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
    FakeNominator nominator = new FakeNominator();
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
    PluginHarness h =
        PluginHarness.builder(
                FakeHandle.builder()
                    .nodes(nodes)
                    .pods(all)
                    .nominator(nominator)
                    .parallelism(parallelism)
                    .seed(seed))
            .plugin(NodeUnschedulable.class)
            .plugin(NodeResourcesFit.class)
            .build();
    return new Scene(h, preemptor, h.filterAll(preemptor));
  }

  private static PostFilterResult preempt(Scene s, boolean check) {
    FrameworkHandle handle = s.harness().fake();
    Evaluator evaluator =
        new Evaluator("DefaultPreemption", handle, new PreemptionStrategy() {}, true, check, true);
    CycleState state = s.harness().newState();
    state.setDryRun(true);
    s.harness().preFilter(state, s.preemptor());
    return evaluator.preempt(
        state, PodInfo.of(s.preemptor()), new NodeToStatus(s.verdicts(), Status.unresolvable()));
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
          if (check.surelyFails(n)) {
            decidedByTheCheck++;
          }
        }
      }
    }
    // The scenes exercise both outcomes and the check itself.
    assertThat(decidedByTheCheck).isGreaterThan(100);
    assertThat(noCandidate).isGreaterThan(10);
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
        if (!check.surelyFails(n)) {
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
