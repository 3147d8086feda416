package io.schedkit.plugins.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Explanation;
import io.schedkit.core.ScheduleResult;
import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.Registry;
import io.schedkit.framework.config.ExtensionPoint;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import io.schedkit.testing.FakeClock;
import io.schedkit.testing.Wrappers;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * On random small clusters with every node evaluated: the chosen node passes every filter and has
 * the maximum total score, and every rejected node names the plugin that rejected it.
 */
final class DefaultProfilePropertyTest {
  private static final String[] ZONES = {"a", "b", "c"};

  private final Set<String> seenRejectors = new HashSet<>();
  private int scheduled;
  private int unschedulable;

  @Test
  void selectedNodeIsFeasibleAndBest_rejectionsNameTheirPlugin() {
    for (long seed = 1; seed <= 60; seed++) {
      check(seed);
    }
    // The random clusters exercise both outcomes and several filters.
    assertThat(scheduled).isGreaterThan(50);
    assertThat(unschedulable).isGreaterThan(5);
    assertThat(seenRejectors)
        .contains("NodeResourcesFit", "TaintToleration", "NodeAffinity", "InterPodAffinity");
  }

  private void check(long seed) {
    Random r = new Random(seed);
    Registry registry = DefaultProfileFixtures.registry();
    var config = DefaultProfileFixtures.configuration(registry);
    config =
        new io.schedkit.framework.config.SchedulerConfiguration(
            1, 100, 1, 10, config.profiles(), List.of(), null);
    InMemoryCluster cluster = InMemoryCluster.builder().clock(new FakeClock()).build();
    int nodes = 2 + r.nextInt(8);
    for (int i = 0; i < nodes; i++) {
      var n =
          Wrappers.makeNode()
              .name("n" + i)
              .label("kubernetes.io/hostname", "n" + i)
              .zone(ZONES[r.nextInt(3)])
              .capacity(
                  Map.of(
                      "cpu", (1 + r.nextInt(4)) + "",
                      "memory", (1 + r.nextInt(8)) + "Gi",
                      "pods", "10"));
      if (r.nextInt(4) == 0) {
        n.taint("dedicated", "gpu", TaintEffect.NO_SCHEDULE);
      }
      if (r.nextInt(3) == 0) {
        n.label("disk", "ssd");
      }
      cluster.create(n.obj());
    }
    for (int i = 0; i < r.nextInt(3 * nodes); i++) {
      cluster.create(randomPod("run" + i, r).toBuilder().nodeName("n" + r.nextInt(nodes)).build());
    }
    try (Scheduler s =
        Scheduler.builder()
            .cluster(cluster)
            .registry(registry)
            .configuration(config)
            .clock(cluster.clock())
            .parallelism(1)
            .seed(seed)
            .build()) {
      var fwk = s.framework("default-scheduler").orElseThrow();
      Set<String> rejecting = new HashSet<>(fwk.pluginNames(ExtensionPoint.FILTER));
      rejecting.addAll(fwk.pluginNames(ExtensionPoint.PRE_FILTER));
      for (int k = 0; k < 5; k++) {
        Pod pod = randomPod("new" + k, r);
        Explanation e = s.explain(pod);
        String context = "seed " + seed + ", pod " + k + ": " + e;
        for (Explanation.NodeVerdict v : e.nodes()) {
          if (!v.filter().isSuccess()) {
            seenRejectors.add(v.filter().plugin());
            assertThat(v.filter().plugin()).as(context).isIn(rejecting);
            assertThat(v.filter().reasons()).as(context).isNotEmpty();
          }
        }
        if (!e.result().equals(Explanation.SCHEDULED)) {
          unschedulable++;
          assertThat(e.nodes()).as(context).noneMatch(v -> v.filter().isSuccess());
          continue;
        }
        scheduled++;
        long best =
            e.nodes().stream()
                .filter(v -> v.filter().isSuccess())
                .mapToLong(Explanation.NodeVerdict::totalScore)
                .max()
                .orElseThrow();
        Set<String> bestNodes =
            e.nodes().stream()
                .filter(v -> v.filter().isSuccess() && v.totalScore() == best)
                .map(Explanation.NodeVerdict::name)
                .collect(Collectors.toSet());
        assertThat(bestNodes).as(context).contains(e.selectedNode());
        cluster.create(pod);
        ScheduleResult result = s.scheduleOne().orElseThrow();
        s.runUntilIdle();
        if (e.nodes().stream().filter(v -> v.filter().isSuccess()).count() > 1) {
          assertThat(result.nodeName()).as(context).isIn(bestNodes);
        } else {
          assertThat(result.nodeName()).as(context).isEqualTo(e.selectedNode());
        }
      }
    }
  }

  private static Pod randomPod(String name, Random r) {
    var p =
        Wrappers.makePod()
            .name(name)
            .label("app", "a" + r.nextInt(3))
            .req(
                Map.of(
                    "cpu",
                    (100 * (1 + r.nextInt(10))) + "m",
                    "memory",
                    (r.nextInt(4) + 1) + "00Mi"));
    switch (r.nextInt(6)) {
      case 0 -> p.toleration("dedicated", "gpu", TaintEffect.NO_SCHEDULE);
      case 1 -> p.nodeSelector("disk", "ssd");
      case 2 ->
          p.spreadConstraint(
              1,
              "topology.kubernetes.io/zone",
              UnsatisfiableConstraintAction.DO_NOT_SCHEDULE,
              Wrappers.makeLabelSelector().exists("app").obj(),
              null,
              null,
              null,
              List.of());
      case 3 -> p.podAntiAffinityExists("app", "kubernetes.io/hostname");
      default -> {}
    }
    return p.obj();
  }
}
