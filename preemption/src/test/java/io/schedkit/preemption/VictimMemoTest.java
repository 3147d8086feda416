package io.schedkit.preemption;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.queue.Nominator;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.NominatingInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PodNominator;
import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.NodeLocalFilter;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import io.schedkit.plugins.noderesources.NodeResourcesFit;
import io.schedkit.plugins.nodeunschedulable.NodeUnschedulable;
import io.schedkit.plugins.podtopologyspread.PodTopologySpread;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.FakeNominator;
import io.schedkit.testing.PluginHarness;
import io.schedkit.testing.Wrappers;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link VictimMemo} changes how much a dry run costs, never what preemption decides: preemptors of
 * one shape preempt in turn through one evaluator that reuses results and one that does not, while
 * the nominations change between them, and both decide alike; and a result is reused only for the
 * very same node, generation, nominated pods and pod shape.
 */
final class VictimMemoTest {
  private static final int[] PRIORITIES = RandomClusters.PRIORITIES;
  private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

  /** A random cluster, preemptors of one shape, the nominator, and the plugins. */
  private record Scene(PluginHarness harness, List<Pod> preemptors, PodNominator nominator) {}

  private static Scene scene(long seed, int parallelism, Class<? extends FilterPlugin> extra) {
    Random r = new Random(seed);
    int numNodes = 2 + r.nextInt(10);
    // Now and then a pod without a start time: its node's result reads the clock.
    RandomClusters.Cluster cluster =
        RandomClusters.nodesWithPods(
            r,
            numNodes,
            rr -> rr.nextInt(8) == 0 ? null : Instant.ofEpochSecond(1_000 + rr.nextInt(3) * 10));
    List<Node> nodes = cluster.nodes();
    List<Pod> pods = cluster.pods();
    int priority = PRIORITIES[1 + r.nextInt(PRIORITIES.length - 1)];
    String cpu = (250 * (6 + r.nextInt(10))) + "m";
    List<Pod> preemptors = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      preemptors.add(
          makePod()
              .name("preemptor-" + i)
              .uid("preemptor-uid-" + i)
              .priority(priority)
              .req(Map.of("cpu", cpu, "memory", "1Gi"))
              .obj());
    }
    // The scheduler's nominator (versioned: Filter reads it by node position) or the test one.
    PodNominator nominator = seed % 3 == 0 ? new FakeNominator() : new Nominator();
    for (int i = r.nextInt(numNodes); i > 0; i--) {
      nominate(nominator, r, "nominated-" + i, numNodes);
    }
    List<Pod> all = new ArrayList<>(pods);
    all.addAll(preemptors);
    PluginHarness.Builder b =
        PluginHarness.builder(
                FakeHandle.builder()
                    .nodes(nodes)
                    .pods(all)
                    .nominator(nominator)
                    .parallelism(parallelism)
                    .seed(seed))
            .plugin(NodeUnschedulable.class)
            .plugin(NodeResourcesFit.class);
    if (extra != null) {
      b.plugin(extra);
    }
    return new Scene(b.build(), preemptors, nominator);
  }

  private static void nominate(PodNominator nominator, Random r, String name, int numNodes) {
    String node = "node" + r.nextInt(numNodes);
    Pod nominated =
        makePod()
            .name(name)
            .uid(name + "-uid")
            .priority(PRIORITIES[r.nextInt(PRIORITIES.length)])
            .req(Map.of("cpu", (250 * (1 + r.nextInt(8))) + "m", "memory", "1Gi"))
            .nominatedNodeName(node)
            .obj();
    nominator.addNominatedPod(PodInfo.of(nominated), NominatingInfo.override(node));
  }

  private static PostFilterResult preempt(Scene s, Evaluator evaluator, Pod preemptor) {
    CycleState state = s.harness().newState();
    state.setDryRun(true);
    s.harness().preFilter(state, preemptor);
    return evaluator.preempt(
        state,
        PodInfo.of(preemptor),
        new NodeToStatus(s.harness().filterAll(preemptor), Status.unresolvable()));
  }

  private static Evaluator evaluator(Scene s, PreemptionStrategy strategy, boolean reuse) {
    return new Evaluator("DefaultPreemption", s.harness().fake(), strategy, true, true, reuse);
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

  /**
   * How often the scenes' decisions were compared, how many differed (the first one described), and
   * how many node results were reused.
   */
  private record Compared(int decisions, int differing, String firstDifference, long reused) {}

  /** Runs each scene's preemptors through both evaluators, comparing their decisions. */
  private static Compared compare(long seeds, Class<? extends FilterPlugin> extra) {
    int compared = 0;
    int differing = 0;
    String firstDifference = null;
    long reused = 0;
    for (long seed = 0; seed < seeds; seed++) {
      Scene s = scene(seed, seed % 2 == 0 ? 1 : 4, extra);
      Random r = new Random(~seed);
      Evaluator reusing = evaluator(s, new PreemptionStrategy() {}, true);
      Evaluator fresh = evaluator(s, new PreemptionStrategy() {}, false);
      int numNodes = s.harness().fake().snapshot().size();
      for (Pod preemptor : s.preemptors()) {
        if (s.harness().filterAll(preemptor).values().stream().anyMatch(Status::isSuccess)) {
          continue; // PostFilter runs only when no node fits
        }
        String withReuse = describe(preempt(s, reusing, preemptor));
        String without = describe(preempt(s, fresh, preemptor));
        if (!withReuse.equals(without)) {
          differing++;
          if (firstDifference == null) {
            firstDifference =
                "seed " + seed + ", " + preemptor.name() + ": " + withReuse + " != " + without;
          }
        }
        compared++;
        EpochFilter.epoch++;
        switch (r.nextInt(4)) {
          case 0 -> nominate(s.nominator(), r, "later-" + compared, numNodes);
          case 1 -> {
            // The next preemptor finds this one nominated: its own nomination never counts.
            String node = "node" + r.nextInt(numNodes);
            Pod next = s.preemptors().get((s.preemptors().indexOf(preemptor) + 1) % 6);
            s.nominator()
                .addNominatedPod(
                    PodInfo.of(next.toBuilder().nominatedNodeName(node).build()),
                    NominatingInfo.override(node));
          }
          case 2 -> s.nominator().deleteNominatedPodIfExists(preemptor);
          default -> {}
        }
      }
      reused += reusing.reusedVictimSelections();
      assertThat(fresh.reusedVictimSelections()).isZero();
    }
    return new Compared(compared, differing, firstDifference, reused);
  }

  @Test
  void reuse_sameDecisionsAsWithout() {
    Compared c = compare(300, null);
    assertThat(c.differing()).as(c.firstDifference()).isZero();
    assertThat(c.decisions()).isGreaterThan(300);
    assertThat(c.reused()).as("results reused").isGreaterThan(150);
  }

  @Test
  void reuse_offWhileAFilterPluginIsNotNodeLocal() {
    Compared c = compare(100, EpochFilter.class);
    assertThat(c.differing()).as(c.firstDifference()).isZero();
    assertThat(c.decisions()).isGreaterThan(100);
    assertThat(c.reused()).as("results reused").isZero();
  }

  @Test
  void compare_catchesAResultReusedWrongly() {
    // The same plugin claiming to be node-local: the comparison must see the stale results.
    Compared c = compare(100, ClaimsNodeLocal.class);
    assertThat(c.reused()).isGreaterThan(0);
    assertThat(c.differing()).isGreaterThan(0);
  }

  /**
   * A Filter plugin that is not node-local: its verdict on a node changes with {@link #epoch},
   * which the test advances after each preemptor, while the node stays the same. Reusing a result
   * while it runs would show as a different decision.
   */
  public static final class EpochFilter implements FilterPlugin {
    /** The plugin's registry name. */
    public static final String NAME = "EpochFilter";

    static volatile int epoch;

    @Override
    public String name() {
      return NAME;
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
      return Math.floorMod(node.name().hashCode() + node.podCount() + epoch, 3) == 0
          ? Status.unschedulable("not in this epoch")
          : Status.success();
    }
  }

  /** {@link EpochFilter} wrongly marked node-local. */
  public static final class ClaimsNodeLocal implements NodeLocalFilter {
    /** The plugin's registry name. */
    public static final String NAME = "ClaimsNodeLocal";

    private final EpochFilter filter = new EpochFilter();

    @Override
    public String name() {
      return NAME;
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
      return filter.filter(state, pod, node);
    }
  }

  @Test
  void filtersAreNodeLocal_onlyWhenEveryActiveFilterIs() {
    Scene s = scene(1, 1, PodTopologySpread.class);
    Pod plain = s.preemptors().get(0);
    CycleState state = s.harness().newState();
    s.harness().preFilter(state, plain);
    assertThat(s.harness().framework().filtersAreNodeLocal(state))
        .as("PodTopologySpread skipped: the pod has no spread constraints")
        .isTrue();
    Pod spread =
        plain.toBuilder()
            .spec(
                makePod()
                    .spreadConstraint(
                        1,
                        "kubernetes.io/hostname",
                        UnsatisfiableConstraintAction.DO_NOT_SCHEDULE,
                        Wrappers.makeLabelSelector().exists("app").obj(),
                        null,
                        null,
                        null,
                        null)
                    .req(Map.of("cpu", "1"))
                    .obj()
                    .spec())
            .build();
    CycleState spreadState = s.harness().newState();
    s.harness().preFilter(spreadState, spread);
    assertThat(s.harness().framework().filtersAreNodeLocal(spreadState))
        .as("PodTopologySpread active")
        .isFalse();
  }

  @Test
  void table_reusesOnlyForTheSameNodeGenerationNominationsAndShape() {
    Node n = makeNode().name("n").capacity(Map.of("cpu", "4", "memory", "8Gi")).obj();
    Pod running =
        makePod()
            .name("running")
            .req(Map.of("cpu", "1"))
            .node("n")
            .startTime(Instant.ofEpochSecond(5))
            .obj();
    // The snapshot's node, at list position 0.
    NodeInfo node = FakeHandle.builder().nodes(n).pods(running).build().snapshot().list().get(0);
    PodInfo preemptor = PodInfo.of(makePod().name("p").priority(10).req(Map.of("cpu", "4")).obj());
    PodInfo nominatedPod = PodInfo.of(makePod().name("nom").uid("nom").priority(20).obj());
    VictimSelection found = VictimSelection.of(List.of(running), 0);
    List<PodDisruptionBudget> pdbs = List.of();

    VictimMemo memo = new VictimMemo();
    VictimMemo.Table t = memo.tableFor(preemptor, pdbs, List.of("NodeResourcesFit"), 1);
    VictimMemo.Kept kept = t.put(node, List.of(nominatedPod), found);
    VictimMemo.Kept again = t.get(node, new ArrayList<>(List.of(nominatedPod)));
    assertThat(again).as("same node, same nominated pod in another list").isSameAs(kept);
    assertThat(again.result()).isSameAs(found);
    // The candidate the result makes, with its default node-choice scores, is kept with it.
    assertThat(again.candidate().nodeName()).isEqualTo("n");
    assertThat(again.candidate().victims().pods()).containsExactly(running);
    assertThat(again.defaultScores())
        .containsExactly(NodeChoice.scores(again.candidate(), NodeChoice.defaultCriteria(NOW)));
    assertThat(t.get(node, List.of())).as("other nominations").isNull();
    assertThat(t.get(node.copy(), List.of(nominatedPod))).as("another object").isNull();

    PodInfo sameShape =
        PodInfo.of(makePod().name("q").uid("q").priority(10).req(Map.of("cpu", "4")).obj());
    assertThat(memo.tableFor(sameShape, pdbs, List.of("NodeResourcesFit"), 1))
        .as("a pod of the same shape")
        .isSameAs(t);
    PodInfo bigger = PodInfo.of(makePod().name("b").priority(10).req(Map.of("cpu", "3")).obj());
    VictimMemo.Table other = memo.tableFor(bigger, pdbs, List.of("NodeResourcesFit"), 1);
    assertThat(other).as("another shape").isNotSameAs(t);
    assertThat(other.get(node, List.of(nominatedPod))).isNull();
    assertThat(memo.tableFor(bigger, pdbs, List.of("NodeResourcesFit", "NodePorts"), 1))
        .as("other active plugins")
        .isNotSameAs(other);

    VictimMemo.Table fresh = memo.tableFor(preemptor, pdbs, List.of("NodeResourcesFit"), 1);
    fresh.put(node, List.of(), found);
    node.addPod(PodInfo.of(makePod().name("new").startTime(Instant.EPOCH).node("n").obj()));
    assertThat(fresh.get(node, List.of())).as("the node changed").isNull();

    fresh.put(node, List.of(), VictimSelection.failure(Status.error("boom")));
    assertThat(fresh.get(node, List.of())).as("Errors are not kept").isNull();
    node.addPod(PodInfo.of(makePod().name("unstarted").node("n").obj()));
    fresh.put(node, List.of(), found);
    assertThat(fresh.get(node, List.of()))
        .as("a pod without a start time: reads the clock")
        .isNull();
  }
}
