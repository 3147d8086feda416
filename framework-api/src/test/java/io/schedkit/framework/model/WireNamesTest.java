package io.schedkit.framework.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class WireNamesTest {

  static Stream<Arguments> cases() {
    return Stream.of(
        wire(TaintEffect.NO_SCHEDULE, "NoSchedule", TaintEffect::fromWireName),
        wire(TaintEffect.PREFER_NO_SCHEDULE, "PreferNoSchedule", TaintEffect::fromWireName),
        wire(TaintEffect.NO_EXECUTE, "NoExecute", TaintEffect::fromWireName),
        wire(TolerationOperator.EQUAL, "Equal", TolerationOperator::fromWireName),
        wire(TolerationOperator.EXISTS, "Exists", TolerationOperator::fromWireName),
        wire(LabelSelectorOperator.IN, "In", LabelSelectorOperator::fromWireName),
        wire(LabelSelectorOperator.NOT_IN, "NotIn", LabelSelectorOperator::fromWireName),
        wire(LabelSelectorOperator.EXISTS, "Exists", LabelSelectorOperator::fromWireName),
        wire(
            LabelSelectorOperator.DOES_NOT_EXIST,
            "DoesNotExist",
            LabelSelectorOperator::fromWireName),
        wire(NodeSelectorOperator.IN, "In", NodeSelectorOperator::fromWireName),
        wire(NodeSelectorOperator.NOT_IN, "NotIn", NodeSelectorOperator::fromWireName),
        wire(NodeSelectorOperator.EXISTS, "Exists", NodeSelectorOperator::fromWireName),
        wire(
            NodeSelectorOperator.DOES_NOT_EXIST,
            "DoesNotExist",
            NodeSelectorOperator::fromWireName),
        wire(NodeSelectorOperator.GT, "Gt", NodeSelectorOperator::fromWireName),
        wire(NodeSelectorOperator.LT, "Lt", NodeSelectorOperator::fromWireName),
        wire(
            UnsatisfiableConstraintAction.DO_NOT_SCHEDULE,
            "DoNotSchedule",
            UnsatisfiableConstraintAction::fromWireName),
        wire(
            UnsatisfiableConstraintAction.SCHEDULE_ANYWAY,
            "ScheduleAnyway",
            UnsatisfiableConstraintAction::fromWireName),
        wire(NodeInclusionPolicy.IGNORE, "Ignore", NodeInclusionPolicy::fromWireName),
        wire(NodeInclusionPolicy.HONOR, "Honor", NodeInclusionPolicy::fromWireName),
        wire(
            PreemptionPolicy.PREEMPT_LOWER_PRIORITY,
            "PreemptLowerPriority",
            PreemptionPolicy::fromWireName),
        wire(PreemptionPolicy.NEVER, "Never", PreemptionPolicy::fromWireName));
  }

  private static <E extends Enum<E>> Arguments wire(
      E constant, String wireName, Function<String, E> fromWireName) {
    return arguments(
        constant.getDeclaringClass().getSimpleName() + "." + constant,
        constant,
        wireName,
        fromWireName);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  <E extends Enum<E>> void wireName_roundTrips(
      String name, E constant, String wireName, Function<String, E> fromWireName) {
    assertThat(fromWireName.apply(wireName)).isSameAs(constant);
  }

  @Test
  void wireName_isTheKubernetesSpelling() {
    assertThat(TaintEffect.PREFER_NO_SCHEDULE.wireName()).isEqualTo("PreferNoSchedule");
    assertThat(NodeSelectorOperator.DOES_NOT_EXIST.wireName()).isEqualTo("DoesNotExist");
    assertThat(PreemptionPolicy.PREEMPT_LOWER_PRIORITY.wireName())
        .isEqualTo("PreemptLowerPriority");
  }

  @Test
  void fromWireName_unknownListsAcceptedValues() {
    assertThatThrownBy(() -> TaintEffect.fromWireName("noschedule"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "unknown TaintEffect \"noschedule\"; accepted values: \"NoSchedule\","
                + " \"PreferNoSchedule\", \"NoExecute\"");
    assertThatThrownBy(() -> NodeInclusionPolicy.fromWireName(""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("\"Ignore\", \"Honor\"");
  }

  @Test
  void tolerationOperator_emptyMeansEqual() {
    assertThat(TolerationOperator.fromWireName("")).isEqualTo(TolerationOperator.EQUAL);
    assertThat(TolerationOperator.fromWireName(null)).isEqualTo(TolerationOperator.EQUAL);
    assertThatThrownBy(() -> TolerationOperator.fromWireName("Gt"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("\"Equal\", \"Exists\"");
  }
}
