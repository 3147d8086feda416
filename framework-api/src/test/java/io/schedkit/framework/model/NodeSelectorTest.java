package io.schedkit.framework.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Facts ported from upstream's nodeaffinity_test.go and labels/selector semantics. */
final class NodeSelectorTest {

  private static Node node(String name, Map<String, String> labels) {
    return Node.builder().name(name).labels(labels).build();
  }

  private static NodeSelectorRequirement req(
      String key, NodeSelectorOperator op, String... values) {
    return new NodeSelectorRequirement(key, op, List.of(values));
  }

  private static NodeSelectorTerm exprs(NodeSelectorRequirement... requirements) {
    return NodeSelectorTerm.of(requirements);
  }

  private static NodeSelectorTerm fields(NodeSelectorRequirement... requirements) {
    return new NodeSelectorTerm(List.of(), List.of(requirements));
  }

  private static NodeSelectorTerm both(
      NodeSelectorRequirement expr, NodeSelectorRequirement field) {
    return new NodeSelectorTerm(List.of(expr), List.of(field));
  }

  private static final NodeSelectorOperator IN = NodeSelectorOperator.IN;
  private static final NodeSelectorOperator NOT_IN = NodeSelectorOperator.NOT_IN;
  private static final NodeSelectorOperator EXISTS = NodeSelectorOperator.EXISTS;
  private static final NodeSelectorOperator DOES_NOT_EXIST = NodeSelectorOperator.DOES_NOT_EXIST;
  private static final NodeSelectorOperator GT = NodeSelectorOperator.GT;
  private static final NodeSelectorOperator LT = NodeSelectorOperator.LT;
  private static final String NAME = NodeSelectorRequirement.OBJECT_NAME_FIELD;

  static Stream<Arguments> selectorCases() {
    Map<String, String> fooBar = Map.of("foo", "bar");
    return Stream.of(
        arguments("null node", NodeSelector.of(exprs(req("foo", EXISTS))), null, false),
        arguments(
            "field selector with two values is invalid",
            NodeSelector.of(fields(req(NAME, IN, "host_1", "host_2"))),
            node("host_1", Map.of()),
            false),
        arguments(
            "invalid key never matches",
            NodeSelector.of(exprs(req("invalid key", IN, "label_value"))),
            node("host_1", Map.of("invalid key", "label_value")),
            false),
        arguments(
            "a valid term still matches beside invalid ones",
            NodeSelector.of(
                fields(req(NAME, IN, "host_1", "host_2")),
                both(req("label_1", IN, "label_1_val"), req(NAME, IN, "host_1")),
                exprs(req("invalid key", IN, "label_value"))),
            node("host_1", Map.of("label_1", "label_1_val")),
            true),
        arguments(
            "node matches field selector but not labels",
            NodeSelector.of(both(req("label_1", IN, "label_1_val"), req(NAME, IN, "host_1"))),
            node("host_1", Map.of()),
            false),
        arguments(
            "node matches field selector and label selector",
            NodeSelector.of(both(req("label_1", IN, "label_1_val"), req(NAME, IN, "host_1"))),
            node("host_1", Map.of("label_1", "label_1_val")),
            true),
        arguments(
            "second term matches",
            NodeSelector.of(
                exprs(req("label_1", IN, "label_1_val")), fields(req(NAME, IN, "host_1"))),
            node("host_1", Map.of()),
            true),
        arguments(
            "In matches",
            NodeSelector.of(exprs(req("foo", IN, "bar", "value2"))),
            node("n", fooBar),
            true),
        arguments(
            "Gt on zero-padded integers",
            NodeSelector.of(exprs(req("kernel-version", GT, "0204"))),
            node("n", Map.of("kernel-version", "0206")),
            true),
        arguments(
            "NotIn matches a different value",
            NodeSelector.of(exprs(req("mem-type", NOT_IN, "DDR", "DDR2"))),
            node("n", Map.of("mem-type", "DDR3")),
            true),
        arguments(
            "Exists matches",
            NodeSelector.of(exprs(req("GPU", EXISTS))),
            node("n", Map.of("GPU", "NVIDIA-GRID-K1")),
            true),
        arguments(
            "In does not match other values",
            NodeSelector.of(exprs(req("foo", IN, "value1", "value2"))),
            node("n", fooBar),
            false),
        arguments("no terms match nothing", new NodeSelector(null), node("n", fooBar), false),
        arguments(
            "empty term list matches nothing",
            new NodeSelector(List.of()),
            node("n", fooBar),
            false),
        arguments(
            "term with empty matchExpressions matches nothing",
            NodeSelector.of(new NodeSelectorTerm(List.of(), List.of())),
            node("n", fooBar),
            false),
        arguments(
            "expressions are ANDed: Exists and NotIn",
            NodeSelector.of(exprs(req("GPU", EXISTS), req("GPU", NOT_IN, "AMD", "INTER"))),
            node("n", Map.of("GPU", "NVIDIA-GRID-K1")),
            true),
        arguments(
            "expressions are ANDed: Exists and In",
            NodeSelector.of(exprs(req("GPU", EXISTS), req("GPU", IN, "AMD", "INTER"))),
            node("n", Map.of("GPU", "NVIDIA-GRID-K1")),
            false),
        arguments(
            "terms are ORed",
            NodeSelector.of(
                exprs(req("foo", IN, "bar", "value2")),
                exprs(req("diffkey", IN, "wrong", "value2"))),
            node("n", fooBar),
            true),
        arguments(
            "invalid value fails even NotIn",
            NodeSelector.of(exprs(req("foo", NOT_IN, "invalid value: ___@#$%^"))),
            node("n", fooBar),
            false),
        arguments(
            "matchFields In matches the node name",
            NodeSelector.of(fields(req(NAME, IN, "node_1"))),
            node("node_1", Map.of()),
            true),
        arguments(
            "matchFields In does not match another node",
            NodeSelector.of(fields(req(NAME, IN, "node_1"))),
            node("node_2", Map.of()),
            false),
        arguments(
            "two terms: fields fail, expressions match",
            NodeSelector.of(fields(req(NAME, IN, "node_1")), exprs(req("foo", IN, "bar"))),
            node("node_2", fooBar),
            true),
        arguments(
            "one term: fields fail, expressions match",
            NodeSelector.of(both(req("foo", IN, "bar"), req(NAME, IN, "node_1"))),
            node("node_2", fooBar),
            false),
        arguments(
            "one term: fields and expressions match",
            NodeSelector.of(both(req("foo", IN, "bar"), req(NAME, IN, "node_1"))),
            node("node_1", fooBar),
            true),
        arguments(
            "two terms: neither matches",
            NodeSelector.of(
                fields(req(NAME, IN, "node_1")), exprs(req("foo", IN, "not-match-to-bar"))),
            node("node_2", fooBar),
            false),
        arguments(
            "matchFields NotIn",
            NodeSelector.of(fields(req(NAME, NOT_IN, "node_1"))),
            node("node_2", Map.of()),
            true),
        arguments(
            "matchFields with Exists is invalid",
            NodeSelector.of(fields(req(NAME, EXISTS))),
            node("node_1", Map.of()),
            false),
        arguments(
            "matchFields on another field reads as empty",
            NodeSelector.of(fields(req("metadata.uid", IN, "x"))),
            node("node_1", Map.of()),
            false),
        arguments(
            "matchFields are skipped for a node without a name",
            NodeSelector.of(fields(req(NAME, IN, "node_1"))),
            node("", Map.of()),
            true),
        arguments(
            "invalid matchFields fail even without a node name",
            NodeSelector.of(fields(req(NAME, IN, "a", "b"))),
            node("", Map.of()),
            false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("selectorCases")
  void matches(String name, NodeSelector selector, Node node, boolean expected) {
    assertThat(selector.matches(node)).isEqualTo(expected);
  }

  static Stream<Arguments> requirementCases() {
    Map<String, String> labels =
        Map.of(
            "version",
            "10",
            "negative",
            "-5",
            "text",
            "abc",
            "zone",
            "a",
            "big",
            "9223372036854775807");
    return Stream.of(
        arguments("Gt true", req("version", GT, "9"), labels, true),
        arguments("Gt equal is false", req("version", GT, "10"), labels, false),
        arguments("Gt false", req("version", GT, "11"), labels, false),
        arguments("Lt true", req("version", LT, "11"), labels, true),
        arguments("Lt equal is false", req("version", LT, "10"), labels, false),
        arguments("Lt false", req("version", LT, "9"), labels, false),
        arguments("Gt absent label", req("missing", GT, "1"), labels, false),
        arguments("Lt absent label", req("missing", LT, "1"), labels, false),
        arguments("Gt non-integer label", req("text", GT, "1"), labels, false),
        arguments("Lt non-integer label", req("text", LT, "1"), labels, false),
        arguments("Lt negative label", req("negative", LT, "1"), labels, true),
        arguments("Gt non-integer value is invalid", req("version", GT, "abc"), labels, false),
        arguments("Gt fractional value is invalid", req("version", GT, "1.5"), labels, false),
        arguments(
            "Gt negative value is an invalid label value", req("version", GT, "-1"), labels, false),
        arguments("Gt two values is invalid", req("version", GT, "1", "2"), labels, false),
        arguments("Gt no value is invalid", req("version", GT), labels, false),
        arguments(
            "Lt overflowing value is invalid",
            req("big", LT, "9223372036854775808"),
            labels,
            false),
        arguments("Gt max int64 label", req("big", GT, "9223372036854775806"), labels, true),
        arguments("In without values is invalid", req("zone", IN), labels, false),
        arguments("NotIn without values is invalid", req("missing", NOT_IN), labels, false),
        arguments("Exists with values is invalid", req("zone", EXISTS, "a"), labels, false),
        arguments("DoesNotExist absent", req("missing", DOES_NOT_EXIST), labels, true),
        arguments("DoesNotExist present", req("zone", DOES_NOT_EXIST), labels, false),
        arguments(
            "DoesNotExist with values is invalid",
            req("missing", DOES_NOT_EXIST, "a"),
            labels,
            false),
        arguments("NotIn absent label", req("missing", NOT_IN, "a"), labels, true),
        arguments(
            "prefixed key",
            req("topology.kubernetes.io/zone", EXISTS),
            Map.of("topology.kubernetes.io/zone", "z1"),
            true),
        arguments(
            "upper-case prefix is invalid",
            req("Example.com/zone", EXISTS),
            Map.of("Example.com/zone", "z1"),
            false),
        arguments("two slashes is invalid", req("a/b/c", EXISTS), Map.of("a/b/c", "z1"), false),
        arguments("empty key is invalid", req("", DOES_NOT_EXIST), Map.of(), false),
        arguments(
            "64-character name is invalid", req("k".repeat(64), DOES_NOT_EXIST), Map.of(), false),
        arguments(
            "63-character name is valid", req("k".repeat(63), DOES_NOT_EXIST), Map.of(), true),
        arguments(
            "64-character value is invalid", req("zone", NOT_IN, "v".repeat(64)), labels, false),
        arguments("empty value is valid", req("zone", NOT_IN, ""), labels, true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("requirementCases")
  void requirement_matches(
      String name,
      NodeSelectorRequirement requirement,
      Map<String, String> labels,
      boolean expected) {
    assertThat(requirement.matches(labels)).isEqualTo(expected);
    assertThat(exprs(requirement).matches(node("n", labels))).isEqualTo(expected);
  }

  @Test
  void requirement_validity() {
    assertThat(req("foo", GT, "1").isValidExpression()).isTrue();
    assertThat(req("foo", GT, "x").isValidExpression()).isFalse();
    assertThat(req(NAME, IN, "n1").isValidField()).isTrue();
    assertThat(req(NAME, IN, "n1", "n2").isValidField()).isFalse();
    assertThat(req(NAME, GT, "1").isValidField()).isFalse();
    assertThat(exprs(req("foo", GT, "x")).isValid()).isFalse();
  }

  @Test
  void preferredTerms_scoreSumsMatchingWeights() {
    // upstream TestPreferredSchedulingTermsScore "first and third term match"
    List<PreferredSchedulingTerm> terms =
        List.of(
            new PreferredSchedulingTerm(5, fields(req(NAME, IN, "host_1"))),
            new PreferredSchedulingTerm(7, exprs(req("unknown_label", IN, "unknown_label_val"))),
            new PreferredSchedulingTerm(11, exprs(req("label_1", IN, "label_1_val"))));
    Node node = node("host_1", Map.of("label_1", "label_1_val"));

    int score = 0;
    for (PreferredSchedulingTerm t : terms) {
      if (t.preference().matches(node)) {
        score += t.weight();
      }
    }

    assertThat(score).isEqualTo(16);
  }

  @Test
  void factories_buildExpectedRequirements() {
    assertThat(NodeSelectorRequirement.gt("cpu-count", 4)).isEqualTo(req("cpu-count", GT, "4"));
    assertThat(NodeSelectorRequirement.lt("cpu-count", -4)).isEqualTo(req("cpu-count", LT, "-4"));
    assertThat(NodeSelectorRequirement.nodeNameIs("n1")).isEqualTo(req(NAME, IN, "n1"));
    assertThat(NodeSelectorRequirement.in("a", "b")).isEqualTo(req("a", IN, "b"));
    assertThat(NodeSelectorRequirement.notIn("a", "b")).isEqualTo(req("a", NOT_IN, "b"));
    assertThat(NodeSelectorRequirement.exists("a")).isEqualTo(req("a", EXISTS));
    assertThat(NodeSelectorRequirement.doesNotExist("a")).isEqualTo(req("a", DOES_NOT_EXIST));
  }
}
