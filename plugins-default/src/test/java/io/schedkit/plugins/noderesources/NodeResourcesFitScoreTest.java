package io.schedkit.plugins.noderesources;

import static io.schedkit.plugins.noderesources.LeastAllocatedScorerTest.node;
import static io.schedkit.plugins.noderesources.LeastAllocatedScorerTest.on;
import static io.schedkit.plugins.noderesources.LeastAllocatedScorerTest.req;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.DEFAULT_RESOURCES;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.expected;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.scores;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs.ScoringStrategyType;
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
 * NodeResourcesFit's PreScore and Score across strategies: upstream's {@code TestFitScore}
 * (fit_test.go; the DRA extended-resource cases are out of scope), each with and without PreScore.
 */
final class NodeResourcesFitScoreTest {
  private static NodeResourcesFit plugin(ScoringStrategyType type) {
    return switch (type) {
      case REQUESTED_TO_CAPACITY_RATIO -> throw new IllegalArgumentException("needs a shape");
      default -> LeastAllocatedScorerTest.plugin(type, DEFAULT_RESOURCES);
    };
  }

  static Stream<Arguments> cases() {
    List<Node> sized = List.of(node("node1", "4000", "10000"), node("node2", "6000", "10000"));
    List<Pod> existing = List.of(on("node1", "2000", "4000"), on("node2", "1000", "2000"));
    List<Node> same = List.of(node("node1", "4000", "10000"), node("node2", "4000", "10000"));
    List<Pod> sidecar =
        List.of(
            Wrappers.makePod()
                .node("node1")
                .req(Map.of("cpu", "1000", "memory", "2000"))
                .sidecarReq(Map.of("cpu", "1000", "memory", "2000"))
                .obj(),
            on("node2", "1000", "2000"));
    return Stream.of(
        arguments(
            "test case for ScoringStrategy RequestedToCapacityRatio case1",
            req("3000", "5000"),
            sized,
            existing,
            RequestedToCapacityRatioScorerTest.plugin(DEFAULT_RESOURCES, 0, 10, 100, 0),
            expected(10, 32)),
        arguments(
            "test case for ScoringStrategy RequestedToCapacityRatio case2",
            req("3000", "5000"),
            sized,
            existing,
            RequestedToCapacityRatioScorerTest.plugin(DEFAULT_RESOURCES, 0, 0, 100, 10),
            expected(95, 68)),
        arguments(
            "test case for ScoringStrategy MostAllocated",
            req("1000", "2000"),
            sized,
            existing,
            plugin(ScoringStrategyType.MOST_ALLOCATED),
            expected(67, 36)),
        arguments(
            "test case for ScoringStrategy LeastAllocated",
            req("1000", "2000"),
            sized,
            existing,
            plugin(ScoringStrategyType.LEAST_ALLOCATED),
            expected(32, 63)),
        arguments(
            "test case for ScoringStrategy MostAllocated with sidecar container",
            req("1000", "2000"),
            same,
            sidecar,
            plugin(ScoringStrategyType.MOST_ALLOCATED),
            expected(67, 45)),
        arguments(
            "test case for ScoringStrategy LeastAllocated with sidecar container",
            req("1000", "2000"),
            same,
            sidecar,
            plugin(ScoringStrategyType.LEAST_ALLOCATED),
            expected(32, 55)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void score_withPreScore(
      String name,
      Pod pod,
      List<Node> nodes,
      List<Pod> existing,
      NodeResourcesFit plugin,
      Map<String, Long> want) {
    assertThat(scores(plugin, pod, nodes, existing, true)).isEqualTo(want);
  }

  @ParameterizedTest(name = "{0} if PreScore is not called")
  @MethodSource("cases")
  void score_withoutPreScore(
      String name,
      Pod pod,
      List<Node> nodes,
      List<Pod> existing,
      NodeResourcesFit plugin,
      Map<String, Long> want) {
    assertThat(scores(plugin, pod, nodes, existing, false)).isEqualTo(want);
  }

  @Test
  void harness_defaultArgsScoreLeastAllocatedWithWeight() {
    PluginHarness h =
        PluginHarness.builder(
                FakeHandle.builder()
                    .nodes(node("node1", "4000", "10000"), node("node2", "6000", "10000"))
                    .pods(on("node1", "2000", "4000"), on("node2", "1000", "2000")))
            .plugin(NodeResourcesFit.class)
            .weight(NodeResourcesFit.NAME, 3)
            .build();

    PluginHarness.Scores s = h.score(req("1000", "2000"));

    assertThat(s.raw(NodeResourcesFit.NAME)).isEqualTo(expected(32, 63));
    assertThat(s.totals()).isEqualTo(expected(96, 189));
  }
}
