package io.schedkit.plugins.noderesources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.PluginArgs.FieldError;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs.RequestedToCapacityRatioParam;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs.ScoringStrategy;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs.ScoringStrategyType;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs.UtilizationShapePoint;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Defaults and validation of NodeResourcesFitArgs, as upstream's defaults.go and validation. */
final class NodeResourcesFitArgsTest {

  private static NodeResourcesFitArgs strategy(
      ScoringStrategyType type, List<ResourceSpec> resources, RequestedToCapacityRatioParam ratio) {
    return new NodeResourcesFitArgs(null, null, new ScoringStrategy(type, resources, ratio));
  }

  private static RequestedToCapacityRatioParam shape(int... pairs) {
    List<UtilizationShapePoint> points = new java.util.ArrayList<>();
    for (int i = 0; i < pairs.length; i += 2) {
      points.add(new UtilizationShapePoint(pairs[i], pairs[i + 1]));
    }
    return new RequestedToCapacityRatioParam(points);
  }

  @Test
  void defaults_leastAllocatedOnCpuAndMemory() {
    NodeResourcesFitArgs args = NodeResourcesFitArgs.defaults();

    assertThat(args.ignoredResources()).isEmpty();
    assertThat(args.ignoredResourceGroups()).isEmpty();
    assertThat(args.scoringStrategy().type()).isEqualTo(ScoringStrategyType.LEAST_ALLOCATED);
    assertThat(args.scoringStrategy().resources())
        .containsExactly(new ResourceSpec("cpu", 1), new ResourceSpec("memory", 1));
    assertThat(args.scoringStrategy().requestedToCapacityRatio()).isNull();
    assertThat(args.validate()).isEmpty();
  }

  @Test
  void constructor_defaultsAsUpstreamSetDefaults() {
    assertThat(new NodeResourcesFitArgs(null, null, null))
        .isEqualTo(NodeResourcesFitArgs.defaults());
    assertThat(new ScoringStrategy(ScoringStrategyType.MOST_ALLOCATED, List.of(), null).resources())
        .isEqualTo(ResourceSpec.DEFAULT_RESOURCES);
    assertThat(new ResourceSpec("cpu", 0).weight()).isEqualTo(1);
    assertThat(ScoringStrategyType.REQUESTED_TO_CAPACITY_RATIO)
        .hasToString("RequestedToCapacityRatio");
  }

  static Stream<Arguments> invalid() {
    return Stream.of(
        arguments(
            "ignored resource with bad name",
            new NodeResourcesFitArgs(List.of("example.com/aaa", "-bad"), null, null),
            List.of(
                "ignoredResources[1]: Invalid value: \"-bad\": name part must consist of"
                    + " alphanumeric characters, '-', '_' or '.', and must start and end with an"
                    + " alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex"
                    + " used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')")),
        arguments(
            "ignored resource group with a slash",
            new NodeResourcesFitArgs(null, List.of("example.com/aaa"), null),
            List.of(
                "ignoredResourceGroups[0]: Invalid value: \"example.com/aaa\": resource group"
                    + " name can't contain '/'")),
        arguments(
            "missing type",
            strategy(null, null, null),
            List.of(
                "scoringStrategy.type: Unsupported value: \"\": supported values:"
                    + " \"LeastAllocated\", \"MostAllocated\", \"RequestedToCapacityRatio\"")),
        arguments(
            "weights out of range",
            strategy(
                ScoringStrategyType.MOST_ALLOCATED,
                List.of(new ResourceSpec("cpu", 101), new ResourceSpec("memory", -1)),
                null),
            List.of(
                "scoringStrategy.resources[0].weight: Invalid value: 101: resource weight of cpu"
                    + " not in valid range (0, 100]",
                "scoringStrategy.resources[1].weight: Invalid value: -1: resource weight of"
                    + " memory not in valid range (0, 100]")),
        arguments(
            "ratio without shape parameter",
            strategy(ScoringStrategyType.REQUESTED_TO_CAPACITY_RATIO, null, null),
            List.of(
                "scoringStrategy.requestedToCapacityRatio: Required value: must be specified when"
                    + " type is RequestedToCapacityRatio")),
        arguments(
            "shape parameter with another type",
            strategy(ScoringStrategyType.LEAST_ALLOCATED, null, shape(0, 0)),
            List.of(
                "scoringStrategy.requestedToCapacityRatio: Forbidden: must be nil when type is"
                    + " not RequestedToCapacityRatio")),
        arguments(
            "empty shape",
            strategy(ScoringStrategyType.REQUESTED_TO_CAPACITY_RATIO, null, shape()),
            List.of(
                "scoringStrategy.requestedToCapacityRatio.shape: Required value: at least one"
                    + " point must be specified")),
        arguments(
            "shape not increasing, out of range",
            strategy(
                ScoringStrategyType.REQUESTED_TO_CAPACITY_RATIO,
                null,
                shape(10, 1, 10, 11, 5, 2, 101, -1)),
            List.of(
                "scoringStrategy.requestedToCapacityRatio.shape[1].utilization: Invalid value:"
                    + " 10: values must be sorted in increasing order",
                "scoringStrategy.requestedToCapacityRatio.shape[1].score: Invalid value: 11: not"
                    + " in valid range [0, 10]",
                "scoringStrategy.requestedToCapacityRatio.shape[3].utilization: Invalid value:"
                    + " 101: not in valid range [0, 100]",
                "scoringStrategy.requestedToCapacityRatio.shape[3].score: Invalid value: -1: not"
                    + " in valid range [0, 10]")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  void validate_upstreamMessages(String name, NodeResourcesFitArgs args, List<String> expected) {
    assertThat(args.validate()).extracting(e -> e.render("")).containsExactlyElementsOf(expected);
  }

  @Test
  void validate_acceptsValidRatioShape() {
    NodeResourcesFitArgs args =
        strategy(
            ScoringStrategyType.REQUESTED_TO_CAPACITY_RATIO,
            List.of(new ResourceSpec("nvidia.com/gpu", 100)),
            shape(0, 0, 50, 10, 100, 3));

    assertThat(args.validate()).isEmpty();
  }

  @Test
  void validate_errorsRenderUnderArgsPath() {
    FieldError e = strategy(null, null, null).validate().get(0);

    assertThat(e.render("profiles[0].pluginConfig[2].args"))
        .startsWith("profiles[0].pluginConfig[2].args.scoringStrategy.type: Unsupported value");
  }
}
