package io.schedkit.plugins.noderesources;

import static io.schedkit.plugins.noderesources.LeastAllocatedScorerTest.empty;
import static io.schedkit.plugins.noderesources.LeastAllocatedScorerTest.emptyOn;
import static io.schedkit.plugins.noderesources.LeastAllocatedScorerTest.node;
import static io.schedkit.plugins.noderesources.LeastAllocatedScorerTest.on;
import static io.schedkit.plugins.noderesources.LeastAllocatedScorerTest.twoContainers;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.DEFAULT_RESOURCES;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.expected;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.makeNode;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.scores;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs.RequestedToCapacityRatioParam;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs.ScoringStrategy;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs.ScoringStrategyType;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs.UtilizationShapePoint;
import io.schedkit.testing.Wrappers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * NodeResourcesFit with the {@code RequestedToCapacityRatio} strategy: upstream's {@code
 * TestRequestedToCapacityRatioScoringStrategy}, {@code TestBrokenLinearFunction}, {@code
 * TestResourceBinPackingSingleExtended} and {@code TestResourceBinPackingMultipleExtended}
 * (requested_to_capacity_ratio_test.go).
 */
final class RequestedToCapacityRatioScorerTest {
  private static final long MI = 1024 * 1024;

  static NodeResourcesFit plugin(List<ResourceSpec> resources, int... shape) {
    List<UtilizationShapePoint> points = new ArrayList<>();
    for (int i = 0; i < shape.length; i += 2) {
      points.add(new UtilizationShapePoint(shape[i], shape[i + 1]));
    }
    return new NodeResourcesFit(
        new NodeResourcesFitArgs(
            null,
            null,
            new ScoringStrategy(
                ScoringStrategyType.REQUESTED_TO_CAPACITY_RATIO,
                resources,
                new RequestedToCapacityRatioParam(points))),
        null);
  }

  static Stream<Arguments> defaultShape() {
    return Stream.of(
        arguments(
            "nothing scheduled, nothing requested (default - least requested nodes have priority)",
            empty(),
            List.of(node("node1", "4000", "10000"), node("node2", "4000", "10000")),
            List.of(emptyOn("node1"), emptyOn("node1")),
            expected(100, 100)),
        arguments(
            "nothing scheduled, resources requested, differently sized nodes (default - least"
                + " requested nodes have priority)",
            twoContainers(),
            List.of(node("node1", "4000", "10000"), node("node2", "6000", "10000")),
            List.of(emptyOn("node1"), emptyOn("node1")),
            expected(38, 50)),
        arguments(
            "no resources requested, pods scheduled with resources (default - least requested"
                + " nodes have priority)",
            empty(),
            List.of(node("node1", "4000", "10000"), node("node2", "6000", "10000")),
            List.of(on("node1", "3000", "5000"), on("node2", "3000", "5000")),
            expected(38, 50)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("defaultShape")
  void score_requestedToCapacityRatio(
      String name, Pod pod, List<Node> nodes, List<Pod> existing, Map<String, Long> want) {
    NodeResourcesFit plugin = plugin(DEFAULT_RESOURCES, 0, 10, 100, 0);

    assertThat(scores(plugin, pod, nodes, existing, true)).isEqualTo(want);
  }

  static Stream<Arguments> brokenLinear() {
    return Stream.of(
        arguments(
            "case_0",
            new long[] {10, 90},
            new long[] {1, 9},
            new long[][] {
              {-10, 1}, {0, 1}, {9, 1}, {10, 1}, {15, 1}, {19, 1}, {20, 2}, {89, 8}, {90, 9},
              {99, 9}, {100, 9}, {110, 9}
            }),
        arguments(
            "case_1",
            new long[] {0, 40, 100},
            new long[] {2, 10, 0},
            new long[][] {
              {-10, 2}, {0, 2}, {20, 6}, {30, 8}, {40, 10}, {70, 5}, {100, 0}, {110, 0}
            }),
        arguments(
            "case_2",
            new long[] {0, 40, 100},
            new long[] {2, 2, 2},
            new long[][] {
              {-10, 2}, {0, 2}, {20, 2}, {30, 2}, {40, 2}, {70, 2}, {100, 2}, {110, 2}
            }),
        // schedkit: a decreasing segment rounds up (division truncates toward zero).
        arguments(
            "schedkit: decreasing segment truncates toward zero",
            new long[] {0, 30},
            new long[] {100, 0},
            new long[][] {{10, 67}, {20, 34}, {30, 0}, {31, 0}}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenLinear")
  void brokenLinearFunction_apply(String name, long[] utilization, long[] score, long[][] points) {
    BrokenLinearFunction f = new BrokenLinearFunction(utilization, score);

    for (long[] p : points) {
      assertThat(f.apply(p[0])).as("f(%d)", p[0]).isEqualTo(p[1]);
    }
  }

  private static Pod extendedPod(Map<String, String> requests) {
    return Wrappers.makePod().req(requests).obj();
  }

  static Stream<Arguments> singleExtended() {
    List<Node> nodes =
        List.of(
            makeNode("node1", 4000, 10000 * MI, Map.of("intel.com/foo", 8L)),
            makeNode("node2", 4000, 10000 * MI, Map.of("intel.com/foo", 4L)));
    return Stream.of(
        arguments(
            "nothing scheduled, nothing requested", empty(), nodes, List.of(), expected(0, 0)),
        arguments(
            "resources requested, pods scheduled with less resources",
            extendedPod(Map.of("intel.com/foo", "2")),
            nodes,
            List.of(empty()),
            expected(2, 5)),
        arguments(
            "resources requested, pods scheduled with resources, on node with existing pod running",
            extendedPod(Map.of("intel.com/foo", "2")),
            nodes,
            List.of(Wrappers.makePod().req(Map.of("intel.com/foo", "2")).node("node2").obj()),
            expected(2, 10)),
        arguments(
            "resources requested, pods scheduled with more resources",
            extendedPod(Map.of("intel.com/foo", "4")),
            nodes,
            List.of(empty()),
            expected(5, 10)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("singleExtended")
  void score_binPackingSingleExtended(
      String name, Pod pod, List<Node> nodes, List<Pod> existing, Map<String, Long> want) {
    NodeResourcesFit plugin = plugin(List.of(new ResourceSpec("intel.com/foo", 1)), 0, 0, 100, 1);

    assertThat(scores(plugin, pod, nodes, existing, true)).isEqualTo(want);
  }

  static Stream<Arguments> multipleExtended() {
    List<Node> nodes =
        List.of(
            makeNode("node1", 4000, 10000 * MI, Map.of("intel.com/foo", 8L, "intel.com/bar", 4L)),
            makeNode("node2", 4000, 10000 * MI, Map.of("intel.com/foo", 4L, "intel.com/bar", 8L)));
    Map<String, String> pod1 = Map.of("intel.com/foo", "2", "intel.com/bar", "2");
    Map<String, String> pod2 = Map.of("intel.com/foo", "4", "intel.com/bar", "2");
    return Stream.of(
        arguments(
            "nothing scheduled, nothing requested", empty(), nodes, List.of(), expected(0, 0)),
        arguments(
            "resources requested, pods scheduled with less resources",
            extendedPod(pod1),
            nodes,
            List.of(empty()),
            expected(4, 3)),
        arguments(
            "resources requested, pods scheduled with resources, on node with existing pod running",
            extendedPod(pod1),
            nodes,
            List.of(Wrappers.makePod().req(pod2).node("node2").obj()),
            expected(4, 7)),
        arguments(
            "resources requested, pods scheduled with more resources",
            extendedPod(pod2),
            nodes,
            List.of(empty()),
            expected(5, 5)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("multipleExtended")
  void score_binPackingMultipleExtended(
      String name, Pod pod, List<Node> nodes, List<Pod> existing, Map<String, Long> want) {
    NodeResourcesFit plugin =
        plugin(
            List.of(new ResourceSpec("intel.com/foo", 3), new ResourceSpec("intel.com/bar", 5)),
            0,
            0,
            100,
            1);

    assertThat(scores(plugin, pod, nodes, existing, true)).isEqualTo(want);
  }
}
