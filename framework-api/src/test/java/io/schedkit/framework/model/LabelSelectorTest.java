package io.schedkit.framework.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class LabelSelectorTest {
  private static final Map<String, String> WEB_PROD = Map.of("app", "web", "env", "prod");

  static Stream<Arguments> cases() {
    return Stream.of(
        arguments("empty selector matches labels", LabelSelector.everything(), WEB_PROD, true),
        arguments("empty selector matches no labels", LabelSelector.everything(), Map.of(), true),
        arguments("matchLabels equal", LabelSelector.of(Map.of("app", "web")), WEB_PROD, true),
        arguments(
            "matchLabels all required",
            LabelSelector.of(Map.of("app", "web", "env", "dev")),
            WEB_PROD,
            false),
        arguments(
            "matchLabels absent key", LabelSelector.of(Map.of("tier", "fe")), WEB_PROD, false),
        arguments(
            "matchLabels empty value needs present key",
            LabelSelector.of(Map.of("tier", "")),
            WEB_PROD,
            false),
        arguments(
            "matchLabels empty value present",
            LabelSelector.of(Map.of("tier", "")),
            Map.of("tier", ""),
            true),
        arguments(
            "In match",
            expr(LabelSelectorRequirement.in("env", "prod", "staging")),
            WEB_PROD,
            true),
        arguments("In no match", expr(LabelSelectorRequirement.in("env", "dev")), WEB_PROD, false),
        arguments(
            "In absent key", expr(LabelSelectorRequirement.in("tier", "fe")), WEB_PROD, false),
        arguments(
            "NotIn match", expr(LabelSelectorRequirement.notIn("env", "dev")), WEB_PROD, true),
        arguments(
            "NotIn no match", expr(LabelSelectorRequirement.notIn("env", "prod")), WEB_PROD, false),
        arguments(
            "NotIn absent key", expr(LabelSelectorRequirement.notIn("tier", "fe")), WEB_PROD, true),
        arguments("Exists present", expr(LabelSelectorRequirement.exists("app")), WEB_PROD, true),
        arguments("Exists absent", expr(LabelSelectorRequirement.exists("tier")), WEB_PROD, false),
        arguments(
            "DoesNotExist absent",
            expr(LabelSelectorRequirement.doesNotExist("tier")),
            WEB_PROD,
            true),
        arguments(
            "DoesNotExist present",
            expr(LabelSelectorRequirement.doesNotExist("app")),
            WEB_PROD,
            false),
        arguments(
            "labels and expressions both hold",
            LabelSelector.builder()
                .matchLabel("app", "web")
                .matchExpression("env", LabelSelectorOperator.IN, "prod")
                .build(),
            WEB_PROD,
            true),
        arguments(
            "labels hold, expression fails",
            LabelSelector.builder()
                .matchLabel("app", "web")
                .matchExpression("env", LabelSelectorOperator.NOT_IN, "prod")
                .build(),
            WEB_PROD,
            false),
        arguments(
            "expression holds, labels fail",
            LabelSelector.builder()
                .matchLabel("app", "db")
                .matchExpression("env", LabelSelectorOperator.EXISTS)
                .build(),
            WEB_PROD,
            false),
        arguments(
            "several expressions ANDed",
            LabelSelector.builder()
                .matchExpression(LabelSelectorRequirement.exists("app"))
                .matchExpression(LabelSelectorRequirement.doesNotExist("tier"))
                .matchExpression(LabelSelectorRequirement.in("app", "web", "api"))
                .build(),
            WEB_PROD,
            true));
  }

  private static LabelSelector expr(LabelSelectorRequirement r) {
    return LabelSelector.builder().matchExpression(r).build();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void matches(String name, LabelSelector selector, Map<String, String> labels, boolean expected) {
    assertThat(selector.matches(labels)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void matches_sameOnNonFrozenMaps(
      String name, LabelSelector selector, Map<String, String> labels, boolean expected) {
    assertThat(selector.matches(new HashMap<>(labels))).isEqualTo(expected);
  }

  static Stream<Arguments> invalidRequirements() {
    return Stream.of(
        arguments(
            "In without values", LabelSelectorOperator.IN, List.of(), "needs at least one value"),
        arguments(
            "NotIn without values", LabelSelectorOperator.NOT_IN, null, "needs at least one value"),
        arguments(
            "Exists with values", LabelSelectorOperator.EXISTS, List.of("x"), "takes no values"),
        arguments(
            "DoesNotExist with values",
            LabelSelectorOperator.DOES_NOT_EXIST,
            List.of("x"),
            "takes no values"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidRequirements")
  void requirement_invalidValueCount_throwsNamingKey(
      String name, LabelSelectorOperator op, List<String> values, String fragment) {
    assertThatThrownBy(() -> new LabelSelectorRequirement("team", op, values))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("\"team\"")
        .hasMessageContaining(op.wireName())
        .hasMessageContaining(fragment);
  }

  @Test
  void requirement_nullOperator_throws() {
    assertThatThrownBy(() -> new LabelSelectorRequirement("team", null, List.of()))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("team");
  }

  @Test
  void isEmpty() {
    assertThat(LabelSelector.everything().isEmpty()).isTrue();
    assertThat(new LabelSelector(null, null).isEmpty()).isTrue();
    assertThat(LabelSelector.of(null).isEmpty()).isTrue();
    assertThat(LabelSelector.of(Map.of("a", "b")).isEmpty()).isFalse();
    assertThat(expr(LabelSelectorRequirement.exists("a")).isEmpty()).isFalse();
  }

  @Test
  void constructor_copiesDefensivelyAndSortsLabels() {
    Map<String, String> labels = new HashMap<>(Map.of("b", "2", "a", "1", "c", "3"));
    List<LabelSelectorRequirement> exprs =
        new java.util.ArrayList<>(List.of(LabelSelectorRequirement.exists("x")));
    LabelSelector selector = new LabelSelector(labels, exprs);
    labels.put("d", "4");
    exprs.clear();

    assertThat(selector.matchLabels()).containsOnlyKeys("a", "b", "c");
    assertThat(selector.matchLabels().keySet()).containsExactly("a", "b", "c");
    assertThat(selector.matchExpressions()).hasSize(1);
    assertThatThrownBy(() -> selector.matchLabels().put("e", "5"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> selector.matchExpressions().clear())
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void requirement_valuesAreCopied() {
    List<String> values = new java.util.ArrayList<>(Arrays.asList("a", "b"));
    LabelSelectorRequirement r =
        new LabelSelectorRequirement("k", LabelSelectorOperator.IN, values);
    values.add("c");

    assertThat(r.values()).containsExactly("a", "b");
    assertThat(r.toBuilder().build()).isEqualTo(r);
  }

  @Test
  void toBuilder_roundTrips() {
    LabelSelector selector =
        LabelSelector.builder()
            .matchLabel("app", "web")
            .matchExpression(LabelSelectorRequirement.notIn("env", "dev", "test"))
            .build();

    assertThat(selector.toBuilder().build()).isEqualTo(selector);
    assertThat(selector.toBuilder().matchLabel("x", "y").build()).isNotEqualTo(selector);
  }
}
