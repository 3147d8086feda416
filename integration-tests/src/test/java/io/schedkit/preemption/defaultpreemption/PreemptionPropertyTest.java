package io.schedkit.preemption.defaultpreemption;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.Code;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.Status;
import io.schedkit.framework.Victims;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.plugins.noderesources.NodeResourcesFit;
import io.schedkit.testing.FakeClock;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.PluginHarness;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Invariants of preemption over seeded random small clusters (the seed is in every failure
 * message): victims have a lower priority than the preemptor; once they are gone the preemptor fits
 * the nominated node, and each of them was necessary; the chosen node is minimal under the criteria
 * order; when preemption finds nothing, no node could have been helped; and a pod that fits
 * somewhere is placed without any eviction.
 */
final class PreemptionPropertyTest {
  private static final int[] PRIORITIES = {-10, 0, 50, 100, 500, 1000};
  private static final String[] APPS = {"a", "b", "c"};

  /** A random cluster: nodes, their pods and some budgets. */
  private record World(List<Node> nodes, List<Pod> pods, List<PodDisruptionBudget> pdbs) {}

  /**
   * A random cluster whose nodes run up to {@code maxPodsPerNode} pods each, as long as they fit.
   */
  private static World world(Random r, int maxPodsPerNode) {
    List<Node> nodes = new ArrayList<>();
    List<Pod> pods = new ArrayList<>();
    int numNodes = 2 + r.nextInt(5);
    for (int n = 0; n < numNodes; n++) {
      int cpus = 2 + r.nextInt(7);
      String name = "node" + n;
      nodes.add(
          makeNode()
              .name(name)
              .capacity(Map.of("cpu", String.valueOf(cpus), "memory", "64Gi"))
              .obj());
      long free = cpus * 1000L;
      int count = r.nextInt(maxPodsPerNode + 1);
      for (int i = 0; i < count && free >= 250; i++) {
        long milli = Math.min(250L * (1 + r.nextInt(6)), free - free % 250);
        free -= milli;
        pods.add(
            makePod()
                .name(name + "-p" + i)
                .label("app", APPS[r.nextInt(APPS.length)])
                .priority(PRIORITIES[r.nextInt(PRIORITIES.length)])
                .req(Map.of("cpu", milli + "m", "memory", "1Gi"))
                .node(name)
                .startTime(Instant.ofEpochSecond(1_000 + r.nextInt(100)))
                .obj());
      }
    }
    List<PodDisruptionBudget> pdbs = new ArrayList<>();
    for (String app : APPS) {
      if (r.nextBoolean()) {
        pdbs.add(
            PodDisruptionBudget.builder()
                .name("pdb-" + app)
                .namespace("default")
                .selector(LabelSelector.of(Map.of("app", app)))
                .disruptionsAllowed(r.nextInt(3))
                .build());
      }
    }
    return new World(nodes, pods, pdbs);
  }

  private static void forSeeds(int seeds, java.util.function.LongConsumer check) {
    for (long seed = 0; seed < seeds; seed++) {
      try {
        check.accept(seed);
      } catch (AssertionError | RuntimeException e) {
        throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
      }
    }
  }

  /** The criteria of the default choice as a vector: smaller is better, compared in order. */
  private static long[] criteria(Victims v, Instant now) {
    long highest = Long.MIN_VALUE;
    long sum = 0;
    for (Pod p : v.pods()) {
      highest = Math.max(highest, p.priority());
      sum += p.priority() + (1L << 31);
    }
    Instant earliest = null;
    for (Pod p : v.pods()) {
      if (p.priority() == highest) {
        Instant t = p.status().startTime() == null ? now : p.status().startTime();
        earliest = earliest == null || t.isBefore(earliest) ? t : earliest;
      }
    }
    return new long[] {
      v.numPdbViolations(), highest, sum, v.pods().size(), -earliest.toEpochMilli()
    };
  }

  private static int compare(long[] a, long[] b) {
    for (int i = 0; i < a.length; i++) {
      int c = Long.compare(a[i], b[i]);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  /** Whether {@code pod} passes Filter on {@code node} without the pods of {@code without}. */
  private static boolean fitsWithout(PluginHarness h, Pod pod, NodeInfo node, Set<String> without) {
    NodeInfo copy = node.copy();
    for (PodInfo p : List.copyOf(copy.pods())) {
      if (without.contains(p.name())) {
        copy.removePod(p.pod());
      }
    }
    CycleState state = h.newState();
    h.preFilter(state, pod);
    return h.framework().runFilterPlugins(state, PodInfo.of(pod), copy).isSuccess();
  }

  @Test
  void preempt_invariantsOverRandomClusters() {
    int[] outcomes = new int[2];
    forSeeds(
        1000,
        seed -> {
          Random r = new Random(seed);
          World w = world(r, 10);
          Pod preemptor =
              makePod()
                  .name("preemptor")
                  .priority(PRIORITIES[r.nextInt(PRIORITIES.length)])
                  .req(Map.of("cpu", (250 * (2 + r.nextInt(12))) + "m", "memory", "1Gi"))
                  .obj();
          List<Pod> all = new ArrayList<>(w.pods());
          all.add(preemptor);
          PluginHarness h =
              PluginHarness.builder(
                      FakeHandle.builder()
                          .nodes(w.nodes())
                          .pods(all)
                          .objects(w.pdbs())
                          .parallelism(4)
                          .seed(seed))
                  .plugin(NodeResourcesFit.class)
                  .build();
          try (h) {
            Map<String, Status> verdicts = h.filterAll(preemptor);
            if (verdicts.values().stream().anyMatch(Status::isSuccess)) {
              return; // PostFilter runs only when no node fits
            }
            DefaultPreemption plugin =
                new DefaultPreemption(DefaultPreemptionArgs.defaults(), h.fake());
            CycleState state = h.newState();
            state.setDryRun(true);
            h.preFilter(state, preemptor);

            PostFilterResult result =
                plugin.postFilter(
                    state,
                    PodInfo.of(preemptor),
                    new NodeToStatus(verdicts, Status.unresolvable()));

            Instant now = h.fake().clock().now();
            if (result.status().isSuccess()) {
              outcomes[0]++;
              String chosen = result.nominatedNodeName().orElseThrow();
              Victims victims = result.nominatedVictims().orElseThrow();
              NodeInfo node = h.fake().snapshot().get(chosen).orElseThrow();
              assertThat(victims.pods())
                  .as("victims have a lower priority")
                  .allSatisfy(v -> assertThat(v.priority()).isLessThan(preemptor.priority()));
              Set<String> names = new LinkedHashSet<>();
              victims.pods().forEach(v -> names.add(v.name()));
              assertThat(fitsWithout(h, preemptor, node, names))
                  .as("the preemptor fits %s without %s", chosen, names)
                  .isTrue();
              for (String v : names) {
                Set<String> others = new HashSet<>(names);
                others.remove(v);
                assertThat(fitsWithout(h, preemptor, node, others))
                    .as("victim %s was necessary on %s", v, chosen)
                    .isFalse();
              }
              long[] best = criteria(victims, now);
              result
                  .candidates()
                  .forEach(
                      (n, v) ->
                          assertThat(compare(best, criteria(v, now)))
                              .as("%s is not better than the chosen %s", n, chosen)
                              .isLessThanOrEqualTo(0));
            } else {
              outcomes[1]++;
              assertThat(result.status().code()).isEqualTo(Code.UNSCHEDULABLE);
              assertThat(result.status().message()).startsWith("preemption: 0/");
              for (NodeInfo node : h.fake().snapshot().list()) {
                if (verdicts.get(node.name()).code() != Code.UNSCHEDULABLE) {
                  continue;
                }
                Set<String> lower = new HashSet<>();
                for (PodInfo p : node.pods()) {
                  if (p.priority() < preemptor.priority()) {
                    lower.add(p.name());
                  }
                }
                assertThat(!lower.isEmpty() && fitsWithout(h, preemptor, node, lower))
                    .as("preemption could have helped on %s", node.name())
                    .isFalse();
              }
            }
          }
        });
    // Both outcomes were exercised, many times.
    assertThat(outcomes[0]).isGreaterThan(80);
    assertThat(outcomes[1]).isGreaterThan(40);
  }

  @Test
  void scheduler_noEvictionWhenThePodFitsSomewhere() {
    int[] placed = new int[1];
    forSeeds(
        60,
        seed -> {
          Random r = new Random(seed);
          World w = world(r, 4);
          InMemoryCluster cluster = InMemoryCluster.builder().clock(new FakeClock()).build();
          List<KubeObject> objects = new ArrayList<>(w.nodes());
          objects.addAll(w.pods());
          objects.addAll(w.pdbs());
          cluster.createAll(objects);
          // The smallest request: it fits wherever at least 250m are free.
          long freeMax = 0;
          for (Node n : w.nodes()) {
            long used = 0;
            for (Pod p : w.pods()) {
              if (p.nodeName().equals(n.name())) {
                used += PodInfo.of(p).requests().milliCpu();
              }
            }
            freeMax =
                Math.max(
                    freeMax, n.status().allocatable().get("cpu").orElseThrow().milliValue() - used);
          }
          if (freeMax < 250) {
            return;
          }
          try (Scheduler scheduler =
              Scheduler.builder()
                  .cluster(cluster)
                  .clock(cluster.clock())
                  .parallelism(1)
                  .seed(seed)
                  .build()) {
            cluster.create(
                makePod()
                    .name("newcomer")
                    .priority(1000)
                    .req(Map.of("cpu", "250m", "memory", "1Gi"))
                    .obj());
            scheduler.runUntilIdle();
          }
          assertThat(cluster.pod("default", "newcomer").orElseThrow().isAssigned()).isTrue();
          assertThat(cluster.evictionCount()).isZero();
          placed[0]++;
        });
    assertThat(placed[0]).isGreaterThan(40);
  }
}
