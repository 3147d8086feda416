package io.schedkit.plugins.noderesources;

import static io.schedkit.plugins.noderesources.LeastAllocatedScorerTest.empty;
import static io.schedkit.plugins.noderesources.LeastAllocatedScorerTest.node;
import static io.schedkit.plugins.noderesources.LeastAllocatedScorerTest.on;
import static io.schedkit.plugins.noderesources.LeastAllocatedScorerTest.plugin;
import static io.schedkit.plugins.noderesources.LeastAllocatedScorerTest.req;
import static io.schedkit.plugins.noderesources.LeastAllocatedScorerTest.twoContainers;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.DEFAULT_RESOURCES;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.EXTENDED_RES;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.EXTENDED_RESOURCE_SET;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.expected;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.scores;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs.ScoringStrategyType;
import io.schedkit.testing.Wrappers;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * NodeResourcesFit with the {@code MostAllocated} strategy: upstream's {@code
 * TestMostAllocatedScoringStrategy} (most_allocated_test.go); "Resources not set" and "resource
 * with zero weight" are left out as in {@link LeastAllocatedScorerTest}.
 */
final class MostAllocatedScorerTest {
  private static Pod requestless(String node) {
    Container c = Container.builder().name("container").build();
    return node == null
        ? Wrappers.makePod().container(c).obj()
        : Wrappers.makePod().node(node).container(c).obj();
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        arguments(
            "nothing scheduled, nothing requested",
            empty(),
            List.of(node("node1", "4000", "10000"), node("node2", "4000", "10000")),
            List.of(),
            DEFAULT_RESOURCES,
            expected(0, 0)),
        arguments(
            "nothing scheduled, resources requested, differently sized nodes",
            twoContainers(),
            List.of(node("node1", "4000", "10000"), node("node2", "6000", "10000")),
            List.of(),
            DEFAULT_RESOURCES,
            expected(62, 50)),
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
            expected(30, 42)),
        arguments(
            "resources requested, pods scheduled with resources",
            twoContainers(),
            List.of(node("node1", "10000", "20000"), node("node2", "10000", "20000")),
            List.of(on("node1", "3000", "0"), on("node2", "3000", "5000")),
            DEFAULT_RESOURCES,
            expected(42, 55)),
        arguments(
            "resources requested equal node capacity",
            Wrappers.makePod()
                .req(Map.of("cpu", "2000", "memory", "4000"))
                .req(Map.of("cpu", "3000", "memory", "5000"))
                .obj(),
            List.of(node("node1", "5000", "10000"), node("node2", "10000", "9000")),
            List.of(),
            DEFAULT_RESOURCES,
            expected(95, 75)),
        arguments(
            "nothing scheduled, resources requested, differently sized nodes, memory weighs 2",
            twoContainers(),
            List.of(node("node1", "4000", "10000"), node("node2", "6000", "10000")),
            List.of(),
            List.of(new ResourceSpec("memory", 2), new ResourceSpec("cpu", 1)),
            expected(58, 50)),
        arguments(
            "no resources requested, pods scheduled, nonzero request for resource",
            requestless(null),
            List.of(node("node1", "250m", "1000Mi"), node("node2", "250m", "1000Mi")),
            List.of(requestless("node1"), requestless("node1")),
            DEFAULT_RESOURCES,
            expected(80, 30)),
        arguments(
            "bypass extended resource if the pod does not request",
            twoContainers(),
            List.of(node("node1", "6000", "10000"), node("node2", "6000", "10000", "4")),
            List.of(),
            EXTENDED_RESOURCE_SET,
            expected(50, 50)),
        arguments(
            "honor extended resource if the pod request",
            Wrappers.makePod()
                .req(Map.of("cpu", "3000", "memory", "5000", EXTENDED_RES, "2"))
                .obj(),
            List.of(node("node1", "6000", "10000", "4"), node("node2", "6000", "10000", "10")),
            List.of(),
            EXTENDED_RESOURCE_SET,
            expected(50, 40)),
        arguments(
            "if the node doesn't have a resource",
            req("3000", "4000"),
            List.of(node("node1", "6000", "10000"), node("node2", "6000", "10000", "4")),
            List.of(),
            List.of(
                new ResourceSpec(EXTENDED_RES, 2),
                new ResourceSpec("cpu", 1),
                new ResourceSpec("memory", 1)),
            expected(45, 45)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void score_mostAllocated(
      String name,
      Pod pod,
      List<Node> nodes,
      List<Pod> existing,
      List<ResourceSpec> resources,
      Map<String, Long> want) {
    NodeResourcesFit plugin = plugin(ScoringStrategyType.MOST_ALLOCATED, resources);

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
            List.of(new ResourceSpec("memory", 101)),
            "scoringStrategy.resources[0].weight"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidWeights")
  void constructor_invalidWeight(String name, List<ResourceSpec> resources, String field) {
    assertThatThrownBy(() -> plugin(ScoringStrategyType.MOST_ALLOCATED, resources))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(field);
  }
}
