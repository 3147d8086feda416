package io.schedkit.preemption.defaultpreemption;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Explanation;
import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.PreemptionPolicy;
import io.schedkit.testing.FakeClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * DefaultPreemption inside the real scheduler with kube-scheduler's default configuration, on an
 * {@link InMemoryCluster} and virtual time: clusters full of low-priority pods receive bursts of
 * high-priority pods.
 */
final class PreemptionSchedulerTest {
  private static final int LOW = 0;
  private static final int HIGH = 1000;
  private static final Map<String, String> ONE_CPU = Map.of("cpu", "1", "memory", "1Gi");

  private final List<Scheduler> schedulers = new ArrayList<>();
  private final List<Pod> evicted = new CopyOnWriteArrayList<>();

  @AfterEach
  void close() {
    schedulers.forEach(Scheduler::close);
  }

  /** A cluster of {@code nodes} nodes with 4 cpus, each running 4 one-cpu low-priority pods. */
  private InMemoryCluster fullCluster(InMemoryCluster.Builder builder, int nodes) {
    InMemoryCluster cluster = builder.build();
    List<KubeObject> objects = new ArrayList<>();
    for (int n = 0; n < nodes; n++) {
      String node = "node" + n;
      objects.add(
          makeNode()
              .name(node)
              .capacity(Map.of("cpu", "4", "memory", "16Gi", "pods", "110"))
              .obj());
      for (int i = 0; i < 4; i++) {
        boolean protectedPod = i < 2;
        objects.add(
            makePod()
                .name("low-" + n + "-" + i)
                .label("app", protectedPod ? "db" : "web")
                .priority(LOW)
                .req(ONE_CPU)
                .node(node)
                .startTime(FakeClock.DEFAULT_START.minusSeconds(60 * (n * 4 + i + 1)))
                .obj());
      }
    }
    cluster.createAll(objects);
    cluster.watch(
        e -> {
          if (e.type() == WatchEvent.Type.DELETED && e.object() instanceof Pod p) {
            evicted.add(p);
          }
        });
    return cluster;
  }

  private Scheduler scheduler(InMemoryCluster cluster, long seed) {
    Scheduler s =
        Scheduler.builder()
            .cluster(cluster)
            .clock(cluster.clock())
            .parallelism(1)
            .seed(seed)
            .build();
    schedulers.add(s);
    return s;
  }

  private static List<Pod> highPods(String prefix, int count) {
    List<Pod> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(makePod().name(prefix + i).priority(HIGH).req(ONE_CPU).obj());
    }
    return out;
  }

  private static PodDisruptionBudget dbBudget() {
    return PodDisruptionBudget.builder()
        .name("db")
        .namespace("default")
        .selector(LabelSelector.of(Map.of("app", "db")))
        .disruptionsAllowed(0)
        .build();
  }

  private static void assertNoNodeOvercommitted(InMemoryCluster cluster) {
    for (Node n : cluster.nodes()) {
      long cpus = cluster.pods().stream().filter(p -> p.nodeName().equals(n.name())).count();
      assertThat(cpus).as("pods on %s", n.name()).isLessThanOrEqualTo(4);
    }
  }

  private static List<Pod> boundPods(InMemoryCluster cluster, String prefix) {
    return cluster.pods().stream()
        .filter(p -> p.name().startsWith(prefix) && p.isAssigned())
        .toList();
  }

  @Test
  void burstOfHighPriorityPods_allBoundAndEveryEvictionNecessary() {
    InMemoryCluster cluster = fullCluster(InMemoryCluster.builder().clock(new FakeClock()), 4);
    Scheduler scheduler = scheduler(cluster, 1);
    cluster.createAll(highPods("high-", 6));

    scheduler.runUntilIdle();

    assertThat(boundPods(cluster, "high-")).hasSize(6);
    // The cluster was full: each high-priority pod needed exactly one slot.
    assertThat(cluster.evictionCount()).isEqualTo(6);
    assertThat(evicted).hasSize(6).allSatisfy(p -> assertThat(p.priority()).isEqualTo(LOW));
    assertThat(cluster.pods().stream().filter(p -> p.name().startsWith("low-"))).hasSize(10);
    assertNoNodeOvercommitted(cluster);
    assertThat(scheduler.pendingPods()).isEmpty();
  }

  @Test
  void prioritiesFromPriorityClasses_drivePreemption() {
    InMemoryCluster cluster = InMemoryCluster.builder().clock(new FakeClock()).build();
    cluster.watch(
        e -> {
          if (e.type() == WatchEvent.Type.DELETED && e.object() instanceof Pod p) {
            evicted.add(p);
          }
        });
    cluster.create(
        io.schedkit.framework.model.PriorityClass.builder().name("low").value(10).build());
    cluster.create(
        io.schedkit.framework.model.PriorityClass.builder().name("high").value(1000).build());
    cluster.create(
        makeNode().name("n1").capacity(Map.of("cpu", "2", "memory", "4Gi", "pods", "110")).obj());
    cluster.create(
        makePod()
            .name("victim")
            .priorityClassName("low")
            .req(Map.of("cpu", "1500m"))
            .node("n1")
            .obj());
    Scheduler scheduler = scheduler(cluster, 1);
    cluster.create(
        makePod().name("urgent").priorityClassName("high").req(Map.of("cpu", "1")).obj());

    scheduler.runUntilIdle();

    assertThat(boundPods(cluster, "urgent")).hasSize(1);
    assertThat(evicted).extracting(Pod::name).containsExactly("victim");
  }

  @Test
  void budgetProtectedPods_areChosenLast() {
    InMemoryCluster cluster = fullCluster(InMemoryCluster.builder().clock(new FakeClock()), 3);
    cluster.create(dbBudget());
    Scheduler scheduler = scheduler(cluster, 2);

    // Six slots can be freed without touching a budget: the six "web" pods go.
    cluster.createAll(highPods("wave1-", 6));
    scheduler.runUntilIdle();

    assertThat(boundPods(cluster, "wave1-")).hasSize(6);
    assertThat(evicted)
        .hasSize(6)
        .allSatisfy(p -> assertThat(p.labels()).containsEntry("app", "web"));

    // Only budget-protected pods are left to evict.
    cluster.createAll(highPods("wave2-", 3));
    scheduler.runUntilIdle();

    assertThat(boundPods(cluster, "wave2-")).hasSize(3);
    assertThat(evicted).hasSize(9);
    assertThat(evicted.subList(6, 9))
        .allSatisfy(p -> assertThat(p.labels()).containsEntry("app", "db"));
    assertNoNodeOvercommitted(cluster);
  }

  @Test
  void injectedEvictionFailures_areRetriedWithoutLosingThePreemptor() {
    InMemoryCluster cluster =
        fullCluster(
            InMemoryCluster.builder().clock(new FakeClock()).evictionFailureRate(0.5).seed(7), 4);
    Scheduler scheduler = scheduler(cluster, 3);
    cluster.createAll(highPods("high-", 6));

    scheduler.runUntilIdle();

    assertThat(cluster.failedWriteCount()).isPositive();
    assertThat(boundPods(cluster, "high-")).hasSize(6);
    assertThat(cluster.evictionCount()).isEqualTo(6);
    assertThat(evicted).allSatisfy(p -> assertThat(p.priority()).isEqualTo(LOW));
    assertNoNodeOvercommitted(cluster);
    assertThat(scheduler.pendingPods()).isEmpty();
  }

  @Test
  void slowEvictions_holdThePreemptorUntilTheyFinish() {
    InMemoryCluster cluster =
        fullCluster(
            InMemoryCluster.builder().clock(new FakeClock()).writeLatency(Duration.ofMillis(300)),
            2);
    Scheduler scheduler = scheduler(cluster, 4);
    cluster.createAll(highPods("high-", 3));

    scheduler.runUntilIdle();

    assertThat(boundPods(cluster, "high-")).hasSize(3);
    assertThat(cluster.evictionCount()).isEqualTo(3);
    assertNoNodeOvercommitted(cluster);
  }

  @Test
  void preemptionPolicyNever_waitsWithUpstreamMessage() {
    InMemoryCluster cluster = fullCluster(InMemoryCluster.builder().clock(new FakeClock()), 3);
    Scheduler scheduler = scheduler(cluster, 5);
    cluster.create(
        makePod()
            .name("polite")
            .priority(HIGH)
            .preemptionPolicy(PreemptionPolicy.NEVER)
            .req(ONE_CPU)
            .obj());

    scheduler.runUntilIdle();

    assertThat(cluster.evictionCount()).isZero();
    assertThat(scheduler.pendingPods())
        .singleElement()
        .satisfies(
            p ->
                assertThat(p.message())
                    .isEqualTo(
                        "0/3 nodes are available: 3 Insufficient cpu. preemption: not eligible"
                            + " due to preemptionPolicy=Never."));
  }

  @Test
  void explain_reportsNominationVictimsAndCandidatesWithoutEvicting() {
    InMemoryCluster cluster = fullCluster(InMemoryCluster.builder().clock(new FakeClock()), 3);
    Scheduler scheduler = scheduler(cluster, 6);
    Pod high = makePod().name("high").priority(HIGH).req(ONE_CPU).obj();

    Explanation e = scheduler.explain(high);

    assertThat(e.result()).isEqualTo(Explanation.UNSCHEDULABLE);
    assertThat(e.message())
        .startsWith("0/3 nodes are available: 3 Insufficient cpu.")
        .doesNotContain("preemption:");
    assertThat(e.preemption()).isNotNull();
    assertThat(e.preemption().candidates())
        .extracting(Explanation.Candidate::node)
        .containsExactly("node0", "node1", "node2");
    assertThat(e.preemption().candidates())
        .allSatisfy(
            c -> {
              assertThat(c.victims()).hasSize(1);
              assertThat(c.numPdbViolations()).isZero();
            });
    Explanation.Candidate chosen =
        e.preemption().candidates().stream()
            .filter(c -> c.node().equals(e.preemption().nominatedNode()))
            .findFirst()
            .orElseThrow();
    assertThat(e.preemption().victims()).isEqualTo(chosen.victims());
    // The victim is the most recently started pod of its node (latest start time wins).
    assertThat(e.preemption().victims().get(0)).endsWith("-0");
    assertThat(cluster.evictionCount()).isZero();
    assertThat(evicted).isEmpty();
    assertThat(cluster.pods()).hasSize(12);
  }

  /** {@code nodes} 4-cpu nodes, each full with one low-priority pod; all started together. */
  private InMemoryCluster tiedCluster(int nodes) {
    InMemoryCluster cluster = InMemoryCluster.builder().clock(new FakeClock()).build();
    List<KubeObject> objects = new ArrayList<>();
    for (int n = 0; n < nodes; n++) {
      objects.add(
          makeNode()
              .name("node" + n)
              .capacity(Map.of("cpu", "4", "memory", "16Gi", "pods", "110"))
              .obj());
      objects.add(
          makePod()
              .name("low-" + n)
              .priority(LOW)
              .req(Map.of("cpu", "4"))
              .node("node" + n)
              .startTime(FakeClock.DEFAULT_START.minusSeconds(60))
              .obj());
    }
    cluster.createAll(objects);
    return cluster;
  }

  @Test
  void explain_namesTheTiedCandidates_andPredictsTheCycle_withoutChangingIt() {
    for (long seed = 0; seed < 4; seed++) {
      InMemoryCluster cluster = tiedCluster(4);
      Scheduler scheduler = scheduler(cluster, seed);
      Pod high = makePod().name("high").priority(HIGH).req(ONE_CPU).obj();

      Explanation first = scheduler.explain(high);
      Explanation again = scheduler.explain(high);
      cluster.create(high);
      scheduler.scheduleOne();

      String nominated = first.preemption().nominatedNode();
      assertThat(again.preemption().nominatedNode()).isEqualTo(nominated);
      assertThat(first.preemption().tiedNodes()).hasSize(3).doesNotContain(nominated).isSorted();
      assertThat(cluster.pod("default", "high").orElseThrow().nominatedNodeName())
          .as("seed %d", seed)
          .isEqualTo(nominated);
    }
  }

  @Test
  void tiedCandidates_differentSeedsNominateDifferentNodes() {
    java.util.Set<String> nominated = new java.util.TreeSet<>();
    for (long seed = 0; seed < 8; seed++) {
      Scheduler scheduler = scheduler(tiedCluster(4), seed);
      nominated.add(
          scheduler
              .explain(makePod().name("high").priority(HIGH).req(ONE_CPU).obj())
              .preemption()
              .nominatedNode());
    }

    // java.util.Random's first nextInt(4) is 2 for every seed below 256: the seed is mixed first.
    assertThat(nominated).hasSizeGreaterThan(1);
  }
}
