package io.schedkit.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.core.codec.tree.Documents;
import io.schedkit.core.config.ConfigFixtures.EveryTypeArgs;
import io.schedkit.core.config.ConfigFixtures.FitArgs;
import io.schedkit.core.config.ConfigFixtures.InterPodArgs;
import io.schedkit.core.config.ConfigFixtures.Resource;
import io.schedkit.core.config.ConfigFixtures.Strategy;
import io.schedkit.core.config.ConfigFixtures.StrategyType;
import io.schedkit.framework.PluginArgs;
import io.schedkit.framework.Registry;
import io.schedkit.framework.config.RawArgs;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class ArgsDecoderTest {
  private final ArgsDecoder decoder = new ArgsDecoder();

  private static Map<String, Object> json(String text) {
    @SuppressWarnings("unchecked") // a JSON object converts to a map with string keys
    Map<String, Object> m =
        (Map<String, Object>) Documents.fromTree(Documents.parse(text, "t").get(0));
    return m;
  }

  @Test
  void decode_everySupportedType() {
    EveryTypeArgs args =
        decoder.decode(
            json(
                """
                apiVersion: kubescheduler.config.k8s.io/v1
                kind: EveryTypeArgs
                text: hello
                small: 7
                boxed: 8
                big: 9000000000
                flag: true
                maybe: false
                ratio: 0.25
                timeout: 1m30s
                type: MostAllocated
                names: [a, b]
                limits: {cpu: 4, gpu: 1}
                nested:
                  resources:
                  - name: cpu
                    weight: 3
                affinity:
                  requiredDuringSchedulingIgnoredDuringExecution:
                    nodeSelectorTerms:
                    - matchExpressions:
                      - {key: zone, operator: In, values: [a]}
                constraints:
                - maxSkew: 2
                  topologyKey: zone
                  whenUnsatisfiable: ScheduleAnyway
                  labelSelector: {matchLabels: {app: x}}
                unknownField: ignored
                """),
            EveryTypeArgs.class,
            null);

    assertThat(args.text()).isEqualTo("hello");
    assertThat(args.small()).isEqualTo(7);
    assertThat(args.boxed()).isEqualTo(8);
    assertThat(args.big()).isEqualTo(9_000_000_000L);
    assertThat(args.flag()).isTrue();
    assertThat(args.maybe()).isFalse();
    assertThat(args.ratio()).isEqualTo(0.25);
    assertThat(args.timeout()).isEqualTo(Duration.ofSeconds(90));
    assertThat(args.type()).isEqualTo(StrategyType.MOST);
    assertThat(args.names()).containsExactly("a", "b");
    assertThat(args.limits()).containsExactly(Map.entry("cpu", 4), Map.entry("gpu", 1));
    assertThat(args.nested().type()).isNull();
    assertThat(args.nested().resources()).containsExactly(new Resource("cpu", 3));
    assertThat(args.affinity().required().nodeSelectorTerms().get(0).matchExpressions())
        .containsExactly(NodeSelectorRequirement.in("zone", "a"));
    assertThat(args.constraints().get(0).maxSkew()).isEqualTo(2);
    assertThat(args.constraints().get(0).whenUnsatisfiable())
        .isEqualTo(UnsatisfiableConstraintAction.SCHEDULE_ANYWAY);
    assertThat(args.constraints().get(0).labelSelector())
        .isEqualTo(LabelSelector.of(Map.of("app", "x")));
  }

  @Test
  void decode_absentFieldsAreZeroWithoutDefaults() {
    EveryTypeArgs args = decoder.decode(Map.of(), EveryTypeArgs.class, null);

    assertThat(args.text()).isNull();
    assertThat(args.small()).isZero();
    assertThat(args.boxed()).isNull();
    assertThat(args.flag()).isFalse();
    assertThat(args.names()).isNull();
  }

  @Test
  void decode_mergesOverDefaults_nestedRecordsFieldByField_listsReplaced() {
    FitArgs defaults = FitArgs.defaults();

    FitArgs typeOnly =
        decoder.decode(json("scoringStrategy: {type: MostAllocated}"), FitArgs.class, defaults);
    FitArgs resources =
        decoder.decode(
            json("scoringStrategy: {resources: [{name: nvidia.com/gpu}]}"),
            FitArgs.class,
            defaults);
    FitArgs nulls =
        decoder.decode(
            json("scoringStrategy: null\nignoredResources: [example.com/foo]"),
            FitArgs.class,
            defaults);

    assertThat(typeOnly.scoringStrategy())
        .isEqualTo(new Strategy(StrategyType.MOST, Strategy.DEFAULT_RESOURCES, null));
    assertThat(resources.scoringStrategy())
        .isEqualTo(
            new Strategy(StrategyType.LEAST, List.of(new Resource("nvidia.com/gpu", 1)), null));
    assertThat(nulls.scoringStrategy()).isEqualTo(Strategy.defaults());
    assertThat(nulls.ignoredResources()).containsExactly("example.com/foo");
  }

  @Test
  void decode_rawArgsThroughRegistryEntry() {
    Registry registry = ConfigFixtures.defaultRegistry();

    PluginArgs typed =
        decoder.decode(
            new RawArgs(Map.of("hardPodAffinityWeight", 5)),
            registry.get("InterPodAffinity").orElseThrow());
    RawArgs raw = new RawArgs(Map.of("x", 1));
    PluginArgs untouched = decoder.decode(raw, registry.get("ImageLocality").orElseThrow());

    assertThat(typed).isEqualTo(new InterPodArgs(5, false));
    assertThat(untouched).isSameAs(raw);
  }

  static Stream<Arguments> errors() {
    return Stream.of(
        arguments(
            "wrong scalar type",
            "small: \"x\"",
            "small: expected a 32-bit integer, got string \"x\""),
        arguments(
            "enum by wire name",
            "type: Fast",
            "type: Unsupported value: \"Fast\": supported values: \"LeastAllocated\","
                + " \"MostAllocated\", \"RequestedToCapacityRatio\""),
        arguments(
            "nested path",
            "nested: {resources: [{name: cpu, weight: many}]}",
            "nested.resources[0].weight: expected a 64-bit integer, got string \"many\""),
        arguments(
            "bad duration",
            "timeout: 5 minutes",
            "timeout: Invalid value: \"5 minutes\": time: unknown unit \" minutes\" in duration"
                + " \"5 minutes\""),
        arguments("list expected", "names: a", "names: expected a list, got string \"a\""),
        arguments(
            "model type through the codec",
            "constraints: [{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: Maybe}]",
            "constraints[0].whenUnsatisfiable: Unsupported value: \"Maybe\": supported values:"
                + " \"DoNotSchedule\", \"ScheduleAnyway\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("errors")
  void decode_errorsNameTheField(String name, String yaml, String message) {
    assertThatThrownBy(() -> decoder.decode(json(yaml), EveryTypeArgs.class, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  @Test
  void durations_goSyntax() {
    assertThat(Durations.parse("0")).isEqualTo(Duration.ZERO);
    assertThat(Durations.parse("1h2m3.5s")).isEqualTo(Duration.parse("PT1H2M3.5S"));
    assertThat(Durations.parse("300ms")).isEqualTo(Duration.ofMillis(300));
    assertThat(Durations.parse("-1.5us")).isEqualTo(Duration.ofNanos(-1500));
    assertThat(Durations.parse("2µs")).isEqualTo(Duration.ofNanos(2000));
    assertThatThrownBy(() -> Durations.parse("5"))
        .hasMessage("time: missing unit in duration \"5\"");
    assertThatThrownBy(() -> Durations.parse("1d"))
        .hasMessage("time: unknown unit \"d\" in duration \"1d\"");
    assertThatThrownBy(() -> Durations.parse("")).hasMessage("time: invalid duration \"\"");
    assertThatThrownBy(() -> Durations.parse(".s")).hasMessage("time: invalid duration \".s\"");
  }
}
