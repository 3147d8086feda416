package io.schedkit.plugins.noderesources;

import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.DEFAULT_RESOURCES;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.EXTENDED_RES;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.EXTENDED_RESOURCE_SET;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.expected;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.scores;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs.ScoringStrategy;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs.ScoringStrategyType;
import io.schedkit.testing.Wrappers;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * NodeResourcesFit with the {@code LeastAllocated} strategy: upstream's {@code
 * TestLeastAllocatedScoringStrategy} (least_allocated_test.go). Upstream's "Resources not set" and
 * "resource with zero weight" cases have no counterpart: our args default an empty resource list to
 * cpu and memory and a zero weight to 1, as the v1 API's defaulting does before the plugin sees
 * them.
 */
final class LeastAllocatedScorerTest {
  static Node node(String name, String cpu, String memory) {
    return Wrappers.makeNode().name(name).capacity(Map.of("cpu", cpu, "memory", memory)).obj();
  }

  static Node node(String name, String cpu, String memory, String extended) {
    return Wrappers.makeNode()
        .name(name)
        .capacity(Map.of("cpu", cpu, "memory", memory, EXTENDED_RES, extended))
        .obj();
  }

  static Pod req(String cpu, String memory) {
    return Wrappers.makePod().req(Map.of("cpu", cpu, "memory", memory)).obj();
  }

  static Pod twoContainers() {
    return Wrappers.makePod()
        .req(Map.of("cpu", "1000", "memory", "2000"))
        .req(Map.of("cpu", "2000", "memory", "3000"))
        .obj();
  }

  static Pod on(String node, String cpu, String memory) {
    return Wrappers.makePod().node(node).req(Map.of("cpu", cpu, "memory", memory)).obj();
  }

  static Pod empty() {
    return Wrappers.makePod().obj();
  }

  static Pod emptyOn(String node) {
    return Wrappers.makePod().node(node).obj();
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        arguments(
            "nothing scheduled, nothing requested",
            empty(),
            List.of(node("node1", "4000", "10000"), node("node2", "4000", "10000")),
            List.of(),
            DEFAULT_RESOURCES,
            expected(100, 100)),
        arguments(
            "nothing scheduled, resources requested, differently sized nodes",
            twoContainers(),
            List.of(node("node1", "4000", "10000"), node("node2", "6000", "10000")),
            List.of(),
            DEFAULT_RESOURCES,
            expected(37, 50)),
        arguments(
            "no resources requested, pods scheduled",
            empty(),
            List.of(node("node1", "4000", "10000"), node("node2", "4000", "10000")),
            List.of(emptyOn("node1"), emptyOn("node1"), emptyOn("node2"), emptyOn("node2")),
            DEFAULT_RESOURCES,
            expected(100, 100)),
        arguments(
            "no resources requested, pods scheduled with resources",
            empty(),
            List.of(node("node1", "10000", "20000"), node("node2", "10000", "20000")),
            List.of(
                on("node1", "3000", "0"),
                on("node1", "3000", "0"),
                on("node2", "3000", "0"),
                on("node2", "3000", "5000")),
            DEFAULT_RESOURCES,
            expected(70, 57)),
        arguments(
            "resources requested, pods scheduled with resources",
            twoContainers(),
            List.of(node("node1", "10000", "20000"), node("node2", "10000", "20000")),
            List.of(on("node1", "3000", "0"), on("node2", "3000", "5000")),
            DEFAULT_RESOURCES,
            expected(57, 45)),
        arguments(
            "resources requested, pods scheduled with resources, differently sized nodes",
            twoContainers(),
            List.of(node("node1", "10000", "20000"), node("node2", "10000", "50000")),
            List.of(on("node1", "3000", "0"), on("node2", "3000", "5000")),
            DEFAULT_RESOURCES,
            expected(57, 60)),
        arguments(
            "requested resources exceed node capacity",
            req("3000", "0"),
            List.of(node("node1", "4000", "10000"), node("node2", "4000", "10000")),
            List.of(on("node1", "3000", "0"), on("node2", "3000", "5000")),
            DEFAULT_RESOURCES,
            expected(50, 25)),
        arguments(
            "zero node resources, pods scheduled with resources",
            empty(),
            List.of(
                Wrappers.makeNode().name("node1").obj(), Wrappers.makeNode().name("node2").obj()),
            List.of(on("node1", "3000", "0"), on("node2", "3000", "5000")),
            DEFAULT_RESOURCES,
            expected(0, 0)),
        arguments(
            "nothing scheduled, resources requested with different weight on CPU and memory,"
                + " differently sized nodes",
            twoContainers(),
            List.of(node("node1", "4000", "10000"), node("node2", "6000", "10000")),
            List.of(),
            List.of(new ResourceSpec("memory", 2), new ResourceSpec("cpu", 1)),
            expected(41, 50)),
        arguments(
            "bypass extended resource if the pod does not request",
            twoContainers(),
            List.of(node("node1", "6000", "10000"), node("node2", "6000", "10000", "4")),
            List.of(),
            EXTENDED_RESOURCE_SET,
            expected(50, 50)),
        arguments(
            "honor extended resource if the pod requests",
            Wrappers.makePod()
                .req(Map.of("cpu", "3000", "memory", "5000", EXTENDED_RES, "2"))
                .obj(),
            List.of(node("node1", "6000", "10000", "4"), node("node2", "6000", "10000", "10")),
            List.of(),
            EXTENDED_RESOURCE_SET,
            expected(50, 60)),
        arguments(
            "if the node doesn't have a resource",
            req("3000", "4000"),
            List.of(node("node1", "6000", "10000"), node("node2", "6000", "10000", "4")),
            List.of(),
            List.of(
                new ResourceSpec(EXTENDED_RES, 2),
                new ResourceSpec("cpu", 1),
                new ResourceSpec("memory", 1)),
            expected(55, 55)),
        // schedkit: as upstream, resources a node does not report per name (pods, storage) are
        // left out, like in upstream's benchmark resource set.
        arguments(
            "schedkit: pods and storage are not scored",
            twoContainers(),
            List.of(node("node1", "4000", "10000"), node("node2", "6000", "10000")),
            List.of(),
            List.of(
                new ResourceSpec("cpu", 1),
                new ResourceSpec("memory", 1),
                new ResourceSpec("pods", 1),
                new ResourceSpec("storage", 1)),
            expected(37, 50)));
  }

  static NodeResourcesFit plugin(ScoringStrategyType type, List<ResourceSpec> resources) {
    return new NodeResourcesFit(
        new NodeResourcesFitArgs(null, null, new ScoringStrategy(type, resources, null)), null);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void score_leastAllocated(
      String name,
      Pod pod,
      List<Node> nodes,
      List<Pod> existing,
      List<ResourceSpec> resources,
      Map<String, Long> want) {
    NodeResourcesFit plugin = plugin(ScoringStrategyType.LEAST_ALLOCATED, resources);

    assertThat(scores(plugin, pod, nodes, existing, true)).isEqualTo(want);
  }

  static Stream<Arguments> invalidWeights() {
    return Stream.of(
        arguments(
            "resource with negative weight",
            List.of(new ResourceSpec("memory", -1), new ResourceSpec("cpu", 1)),
            "scoringStrategy.resources[0].weight"),
        arguments(
            "resource weight larger than MaxNodeScore",
            List.of(new ResourceSpec("memory", 1), new ResourceSpec("cpu", 101)),
            "scoringStrategy.resources[1].weight"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidWeights")
  void constructor_invalidWeight(String name, List<ResourceSpec> resources, String field) {
    assertThatThrownBy(() -> plugin(ScoringStrategyType.LEAST_ALLOCATED, resources))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(field);
  }
}
