package io.schedkit.plugins.noderesources;

import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.expected;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.makeNode;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.scores;
import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.PluginHarness;
import io.schedkit.testing.Wrappers;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * NodeResourcesBalancedAllocation: upstream v1.35's {@code TestNodeResourcesBalancedAllocation}
 * (balanced_allocation_test.go, scores are {@code B(with pod)}; the DRA cases are out of scope).
 */
final class NodeResourcesBalancedAllocationTest {
  private static final List<ResourceSpec> WITH_GPU =
      List.of(
          new ResourceSpec("cpu", 1),
          new ResourceSpec("memory", 1),
          new ResourceSpec("nvidia.com/gpu", 1));
  private static final Map<String, Long> GPU = Map.of("nvidia.com/gpu", 8L);

  private static Container c(String name, String cpu, String memory) {
    return Container.builder().name(name).request("cpu", cpu).request("memory", memory).build();
  }

  private static Pod pod(String node, Container... containers) {
    Pod.Builder b = Pod.builder().nodeName(node);
    for (Container c : containers) {
      b.container(c);
    }
    return b.build();
  }

  private static Pod cpuAndMemoryAndGpu(String node) {
    Container gpu =
        Container.builder()
            .name("b")
            .request("cpu", "2000m")
            .request("memory", "3000")
            .request("nvidia.com/gpu", "3")
            .build();
    return pod(node, c("a", "1000m", "2000"), gpu);
  }

  private static Pod cpuOnly(String node) {
    return pod(node, c("a", "1000m", "0"), c("b", "2000m", "0"));
  }

  private static Pod memoryOnly(String node) {
    return pod(node, c("a", "0", "2000"), c("b", "0", "3000"));
  }

  private static Pod cpuAndMemory(String node) {
    return pod(node, c("a", "1000m", "2000"), c("b", "2000m", "3000"));
  }

  private static Node node(String name, long milliCpu, long memory) {
    return makeNode(name, milliCpu, memory, Map.of());
  }

  private static NodeResourcesBalancedAllocation plugin(List<ResourceSpec> resources) {
    return new NodeResourcesBalancedAllocation(
        new NodeResourcesBalancedAllocationArgs(resources), null);
  }

  static Stream<Arguments> cases() {
    List<ResourceSpec> defaults = ResourceSpec.DEFAULT_RESOURCES;
    return Stream.of(
        // cpu 3000/4000, memory 5000/10000: std 0.125 → 87; cpu and memory at 50% → 100.
        arguments(
            "nothing scheduled, resources requested, differently sized nodes",
            cpuAndMemory("node2"),
            List.of(node("node1", 4000, 10000), node("node2", 6000, 10000)),
            List.of(),
            defaults,
            expected(87, 100)),
        arguments(
            "resources requested, pods scheduled with resources",
            cpuAndMemory("node2"),
            List.of(node("node1", 10000, 20000), node("node2", 10000, 20000)),
            List.of(cpuOnly("node1"), cpuAndMemory("node2")),
            defaults,
            expected(82, 95)),
        arguments(
            "resources requested, pods scheduled with resources, differently sized nodes",
            cpuAndMemory("node2"),
            List.of(node("node1", 10000, 20000), node("node2", 10000, 50000)),
            List.of(cpuOnly("node1"), cpuAndMemory("node2")),
            defaults,
            expected(82, 80)),
        arguments(
            "requested resources at node capacity",
            cpuOnly("node1"),
            List.of(node("node1", 6000, 10000), node("node2", 6000, 10000)),
            List.of(cpuOnly("node1"), cpuAndMemory("node2")),
            defaults,
            expected(50, 75)),
        // From upstream's v1.36 table, with the v1.35 score B(with pod) its comments give.
        arguments(
            "resources requested, pods scheduled with resources, nodes to reach min/max score",
            memoryOnly("node1"),
            List.of(node("node1", 3000, 5000), node("node2", 3000, 5000)),
            List.of(cpuOnly("node1")),
            defaults,
            expected(100, 50)),
        arguments(
            "include scalar resource on a node for balanced resource allocation",
            Wrappers.makePod().req(Map.of("memory", "0", "nvidia.com/gpu", "1")).obj(),
            List.of(makeNode("node1", 3500, 40000, GPU), makeNode("node2", 3500, 40000, GPU)),
            List.of(cpuAndMemory("node2"), cpuAndMemoryAndGpu("node1")),
            WITH_GPU,
            expected(70, 65)),
        arguments(
            "node without the scalar resource should skip the scalar resource",
            cpuAndMemory("node2"),
            List.of(makeNode("node1", 3500, 40000, GPU), node("node2", 3500, 40000)),
            List.of(),
            WITH_GPU,
            expected(63, 63)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void score_withPreScore(
      String name,
      Pod pod,
      List<Node> nodes,
      List<Pod> existing,
      List<ResourceSpec> resources,
      Map<String, Long> want) {
    org.assertj.core.api.Assertions.assertThat(
            scores(plugin(resources), pod, nodes, existing, true))
        .isEqualTo(want);
  }

  @ParameterizedTest(name = "{0} if PreScore not called")
  @MethodSource("cases")
  void score_withoutPreScore(
      String name,
      Pod pod,
      List<Node> nodes,
      List<Pod> existing,
      List<ResourceSpec> resources,
      Map<String, Long> want) {
    org.assertj.core.api.Assertions.assertThat(
            scores(plugin(resources), pod, nodes, existing, false))
        .isEqualTo(want);
  }

  @Test
  void preScore_nothingRequested_skips() {
    Pod bestEffort = Wrappers.makePod().obj();
    NodeResourcesBalancedAllocation plugin = new NodeResourcesBalancedAllocation();

    assertThat(plugin.preScore(new CycleState(), PodInfo.of(bestEffort), List.of())).isSkip();
    org.assertj.core.api.Assertions.assertThat(
            plugin.score(
                new CycleState(),
                PodInfo.of(bestEffort),
                Wrappers.nodeInfo(node("node1", 4000, 10000))))
        .isZero();
  }

  @Test
  void preScore_onlyUnconfiguredResourceRequested_skips() {
    Pod gpuOnly = Wrappers.makePod().req(Map.of("nvidia.com/gpu", "1")).obj();

    assertThat(
            new NodeResourcesBalancedAllocation()
                .preScore(new CycleState(), PodInfo.of(gpuOnly), List.of()))
        .isSkip();
  }

  @Test
  void harness_bestEffortPod_isNotScoredByThePlugin() {
    PluginHarness h =
        PluginHarness.builder(
                FakeHandle.builder().nodes(node("node1", 4000, 10000), node("node2", 4000, 10000)))
            .plugin(NodeResourcesBalancedAllocation.class)
            .build();

    PluginHarness.Scores s = h.score(Wrappers.makePod().obj());

    assertThat(s.status()).isSuccess();
    org.assertj.core.api.Assertions.assertThat(s.totals()).isEqualTo(expected(0, 0));
  }

  @Test
  void constructor_rejectsWeightOtherThanOne() {
    assertThatThrownBy(() -> plugin(List.of(new ResourceSpec("cpu", 2))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("resources[0].weight");
  }
}
