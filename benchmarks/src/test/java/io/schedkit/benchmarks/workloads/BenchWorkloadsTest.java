package io.schedkit.benchmarks.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.Registry;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Quantity;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class BenchWorkloadsTest {

  @Test
  void all_holdsTheScheduledPerfNamesWithUpstreamSizes() {
    assertThat(BenchWorkloads.all())
        .extracting(BenchWorkload::name)
        .contains(
            "SchedulingBasic/500Nodes",
            "SchedulingBasic/5000Nodes_10000Pods",
            "SchedulingBasic/5000Nodes_50000Pods",
            "SchedulingBasic/15000Nodes",
            "SchedulingBasic/15000Nodes_150000InitPods",
            "SchedulingNodeAffinity/5000Nodes_10000Pods",
            "SchedulingPodAntiAffinity/5000Nodes_2000Pods",
            "SchedulingPodAntiAffinity/5000Nodes_2000Pods_20000InitPods",
            "SchedulingPodAffinity/5000Nodes_5000Pods",
            "SchedulingPreferredPodAffinity/5000Nodes_5000Pods",
            "SchedulingPreferredPodAntiAffinity/5000Nodes_5000Pods",
            "TopologySpreading/5000Nodes_5000Pods_1000InitPods",
            "TopologySpreading/5000Nodes_5000Pods_20000InitPods",
            "PreferredTopologySpreading/5000Nodes_5000Pods",
            "MixedSchedulingBasePod/5000Nodes_5000Pods",
            "PreemptionBasic/1000Nodes",
            "PreemptionBasic/5000Nodes",
            "Unschedulable/5kNodes/100Init/10kPods",
            "SchedulingWhileGated/1Node_10000GatedPods");
  }

  static Stream<Arguments> sizes() {
    return Stream.of(
        Arguments.of("SchedulingBasic/5000Nodes_10000Pods", 5000, 1000, 10000, 680),
        Arguments.of("SchedulingBasic/5000Nodes_50000Pods", 5000, 5000, 50000, 810),
        Arguments.of("SchedulingBasic/15000Nodes_150000InitPods", 15000, 150000, 5000, 0),
        Arguments.of("SchedulingPodAntiAffinity/5000Nodes_2000Pods", 5000, 1000, 2000, 60),
        Arguments.of(
            "SchedulingPodAntiAffinity/5000Nodes_2000Pods_20000InitPods", 5000, 20000, 2000, 0),
        Arguments.of("MixedSchedulingBasePod/5000Nodes_5000Pods", 5000, 10000, 5000, 140),
        Arguments.of("PreemptionBasic/1000Nodes", 1000, 4000, 1000, 0),
        Arguments.of("TopologySpreading/5000Nodes_5000Pods", 5000, 5000, 5000, 460),
        Arguments.of("SchedulingWhileGated/1Node_10000GatedPods", 1, 30000, 20000, 910));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("sizes")
  void byName_upstreamSizesAndThreshold(
      String name, int nodes, int init, int measured, int threshold) {
    BenchWorkload w = BenchWorkloads.byName(name).orElseThrow();

    assertThat(w.nodes()).isEqualTo(nodes);
    assertThat(w.initPods()).isEqualTo(init);
    assertThat(w.measuredPods()).isEqualTo(measured);
    assertThat(w.threshold()).isEqualTo(threshold);
  }

  @Test
  void scaled_multipliesCountsKeepingAtLeastOne() {
    BenchWorkload w = BenchWorkloads.byName("SchedulingWhileGated/1Node_10000GatedPods").get();

    BenchWorkload s = w.scaled(0.001);

    assertThat(s.nodes()).isEqualTo(1);
    assertThat(s.initPods()).isEqualTo(10 + 20);
    assertThat(s.measuredPods()).isEqualTo(20);
    assertThat(s.name()).isEqualTo(w.name());
  }

  @Test
  void nodes_generatedNamesDefaultTemplateHostnameAndRotatingZones() {
    BenchWorkload w =
        BenchWorkloads.byName("TopologySpreading/5000Nodes_5000Pods").get().scaled(0.001);

    List<Node> nodes = BenchRunner.nodes(w);

    assertThat(nodes)
        .extracting(Node::name)
        .doesNotHaveDuplicates()
        .allMatch(name -> name.matches("scheduler-perf-[bcdfghjklmnpqrstvwxz2456789]{5}"));
    assertThat(BenchRunner.nodes(w)).as("the same names every run").isEqualTo(nodes);
    assertThat(nodes)
        .extracting(n -> n.labels().get(BenchRunner.ZONE_LABEL))
        .containsExactly("moon-1", "moon-2", "moon-3", "moon-1", "moon-2");
    Node n = nodes.get(0);
    assertThat(n.labels()).containsEntry(BenchRunner.HOSTNAME_LABEL, n.name());
    assertThat(n.allocatable().get("cpu")).contains(Quantity.parse("4"));
    assertThat(n.allocatable().get("memory")).contains(Quantity.parse("32Gi"));
    assertThat(n.allocatable().get("pods")).contains(Quantity.parse("110"));
  }

  @Test
  void podTemplates_upstreamRequestsAndPriorities() {
    Pod def = BenchTemplates.podDefault();
    Pod high = BenchTemplates.podHighPriority();
    Pod large = BenchTemplates.podHighPriorityLargeCpu();

    assertThat(def.spec().containers().get(0).resources().requests().get("cpu"))
        .contains(Quantity.parse("100m"));
    assertThat(def.spec().containers().get(0).resources().requests().get("memory"))
        .contains(Quantity.parse("500Mi"));
    assertThat(high.priority()).isEqualTo(10);
    assertThat(large.spec().containers().get(0).resources().requests().get("cpu"))
        .contains(Quantity.parse("9"));
    assertThat(BenchTemplates.gatedPod().spec().schedulingGates()).hasSize(1);
  }

  @Test
  void podAntiAffinity_scaledRun_placesEveryPodOnItsOwnNode() {
    BenchWorkload w =
        BenchWorkloads.byName("SchedulingPodAntiAffinity/5000Nodes_2000Pods").get().scaled(0.05);

    List<Pod> pods = runToIdle(w);

    assertThat(pods).hasSize(150).allSatisfy(p -> assertThat(p.nodeName()).isNotEmpty());
    assertThat(pods.stream().map(Pod::nodeName).distinct()).hasSize(150);
  }

  @Test
  void topologySpreading_scaledRun_keepsZonesWithinMaxSkew() {
    BenchWorkload w =
        BenchWorkloads.byName("TopologySpreading/5000Nodes_5000Pods").get().scaled(0.05);

    List<Pod> pods = runToIdle(w);

    Map<String, String> zoneOf = new HashMap<>();
    for (Node n : BenchRunner.nodes(w)) {
      zoneOf.put(n.name(), n.labels().get(BenchRunner.ZONE_LABEL));
    }
    Map<String, Long> blueByZone =
        pods.stream()
            .filter(p -> "blue".equals(p.labels().get("color")))
            .peek(p -> assertThat(p.nodeName()).isNotEmpty())
            .collect(Collectors.groupingBy(p -> zoneOf.get(p.nodeName()), Collectors.counting()));
    assertThat(blueByZone.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(250);
    assertThat(blueByZone).hasSize(3);
    long max = Collections.max(blueByZone.values());
    long min = Collections.min(blueByZone.values());
    assertThat(max - min).isLessThanOrEqualTo(5);
  }

  /** Creates the workload's nodes and pods and runs a one-thread scheduler until idle. */
  private static List<Pod> runToIdle(BenchWorkload w) {
    VirtualClock clock = new VirtualClock();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    cluster.createAll(BenchRunner.nodes(w));
    Registry registry = Registry.discover();
    try (Scheduler s =
        Scheduler.builder()
            .cluster(cluster)
            .clock(clock)
            .registry(registry)
            .configuration(BenchRunner.defaultConfiguration(registry))
            .parallelism(1)
            .build()) {
      for (BenchWorkload.PodGroup g : w.initGroups()) {
        cluster.createAll(BenchRunner.pods(g, 0, g.count()));
        s.runUntilIdle();
      }
      cluster.createAll(BenchRunner.pods(w.measured(), 0, w.measuredPods()));
      s.runUntilIdle();
    }
    return cluster.pods();
  }
}
