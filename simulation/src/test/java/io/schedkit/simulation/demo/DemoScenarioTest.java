package io.schedkit.simulation.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.framework.Registry;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.framework.model.Taint;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.simulation.Simulation;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The demo's cluster and workload, at several scales. */
final class DemoScenarioTest {

  static Stream<Arguments> scales() {
    return Stream.of(
        Arguments.of("smallest", 6, 40),
        Arguments.of("test scale", 12, 100),
        Arguments.of("default", DemoScenario.DEFAULT_NODES, DemoScenario.DEFAULT_PODS),
        Arguments.of("large", 500, 5000));
  }

  private static List<Pod> pods(List<KubeObject> objects) {
    return objects.stream().filter(Pod.class::isInstance).map(Pod.class::cast).toList();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scales")
  void generate_clusterHasZonesPoolsTaintsCordonsAndRunningPods(String name, int nodes, int pods) {
    DemoScenario s = DemoScenario.generate(nodes, pods, 0);

    assertThat(s.nodes()).hasSize(nodes);
    assertThat(s.nodes().stream().map(n -> n.labels().get(DemoScenario.ZONE_LABEL)).distinct())
        .containsExactlyInAnyOrder("eu-west-1a", "eu-west-1b", "eu-west-1c");
    List<Node> gpu = s.nodes().stream().filter(n -> DemoScenario.pool(n).equals("gpu")).toList();
    List<Node> cpu = s.nodes().stream().filter(n -> DemoScenario.pool(n).equals("cpu")).toList();
    assertThat(gpu).hasSizeGreaterThanOrEqualTo(3);
    assertThat(cpu).hasSize(nodes - gpu.size());
    Taint gpuTaint = Taint.of(DemoScenario.GPU, "present", TaintEffect.NO_SCHEDULE);
    for (Node n : gpu) {
      assertThat(n.taints()).containsExactly(gpuTaint);
      assertThat(n.allocatable().getOrZero(DemoScenario.GPU).signum()).isPositive();
    }
    for (Node n : cpu) {
      assertThat(n.taints()).isEmpty();
      assertThat(n.allocatable().get(DemoScenario.GPU)).isEmpty();
    }
    long cordoned = s.nodes().stream().filter(n -> n.spec().unschedulable()).count();
    assertThat(cordoned)
        .isEqualTo(s.cordonedNodes())
        .isPositive()
        .isLessThanOrEqualTo(nodes / 10 + 1);
    assertThat(cpu.stream().filter(n -> !n.spec().unschedulable()))
        .anyMatch(n -> n.labels().get("node.kubernetes.io/instance-type").equals("m6i.4xlarge"));

    List<Pod> running = pods(s.clusterObjects());
    assertThat(running).allMatch(Pod::isAssigned);
    Set<String> withDaemon =
        running.stream()
            .filter(p -> p.name().startsWith("kube-proxy-"))
            .map(Pod::nodeName)
            .collect(Collectors.toSet());
    assertThat(withDaemon).hasSize(nodes);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scales")
  void generate_workloadHasEveryKindOfPod(String name, int nodes, int podCount) {
    DemoScenario s = DemoScenario.generate(nodes, podCount, 0);
    List<Pod> pods = pods(s.workload());

    assertThat(pods).hasSize(podCount);
    assertThat(pods)
        .allMatch(p -> p.metadata().annotations().containsKey(Simulation.ARRIVAL_ANNOTATION));
    assertThat(pods)
        .anyMatch(p -> p.spec().affinity() != null && p.spec().affinity().nodeAffinity() != null);
    assertThat(pods)
        .anyMatch(
            p -> p.spec().affinity() != null && p.spec().affinity().podAntiAffinity() != null);
    assertThat(pods).anyMatch(p -> !p.spec().topologySpreadConstraints().isEmpty());
    assertThat(pods).anyMatch(p -> p.priority() > 100_000);
    assertThat(pods).anyMatch(p -> p.priority() == 100);
    List<Pod> gang =
        pods.stream().filter(p -> p.labels().containsKey(PodGroup.POD_GROUP_LABEL)).toList();
    assertThat(gang).hasSize(s.gangSize());
    PodGroup group =
        s.workload().stream()
            .filter(PodGroup.class::isInstance)
            .map(PodGroup.class::cast)
            .findFirst()
            .orElseThrow();
    assertThat(group.key()).isEqualTo(DemoScenario.GANG);
    assertThat(group.minMember()).isEqualTo(s.gangSize());
    // Arrivals are in order, so that file order and arrival order agree.
    List<Double> arrivals =
        pods.stream()
            .map(
                p ->
                    Double.parseDouble(
                        p.metadata().annotations().get(Simulation.ARRIVAL_ANNOTATION)))
            .toList();
    assertThat(arrivals).isSorted();
  }

  @Test
  void generate_sameSeed_sameObjects_otherSeed_otherWorkload() {
    assertThat(DemoScenario.generate(12, 100, 7).workload())
        .isEqualTo(DemoScenario.generate(12, 100, 7).workload());
    assertThat(DemoScenario.generate(12, 100, 7).workload())
        .isNotEqualTo(DemoScenario.generate(12, 100, 8).workload());
  }

  @Test
  void generate_tooSmall_isRejectedNamingTheOption() {
    assertThatThrownBy(() -> DemoScenario.generate(5, 100, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--nodes must be at least 6, not 5");
    assertThatThrownBy(() -> DemoScenario.generate(12, 10, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--pods must be at least 40, not 10");
  }

  @Test
  void configuration_isTheDefaultProfilePlusCoscheduling() {
    var config = DemoScenario.configuration(Registry.discover());
    assertThat(config.profiles()).hasSize(1);
    assertThat(config.profiles().get(0).plugins().multiPoint().enabled())
        .extracting(PluginRef::name)
        .contains("Coscheduling", "DefaultPreemption", "NodeResourcesFit", "TaintToleration");
  }
}
