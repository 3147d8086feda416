package io.schedkit.framework.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Facts ported from upstream's toleration_test.go (TestTolerationToleratesTaint). */
final class TolerationTest {

  private static Toleration toleration(
      String key, TolerationOperator op, String value, TaintEffect effect) {
    return Toleration.builder().key(key).operator(op).value(value).effect(effect).build();
  }

  static Stream<Arguments> cases() {
    TaintEffect ns = TaintEffect.NO_SCHEDULE;
    TolerationOperator exists = TolerationOperator.EXISTS;
    TolerationOperator equal = TolerationOperator.EQUAL;
    return Stream.of(
        arguments(
            "same key and effect, Exists, taint without value",
            toleration("foo", exists, "", ns),
            Taint.of("foo", "", ns),
            true),
        arguments(
            "same key and effect, Exists, taint with a value",
            toleration("foo", exists, "", ns),
            Taint.of("foo", "bar", ns),
            true),
        arguments(
            "empty key with Exists matches every key",
            toleration("", exists, "", ns),
            Taint.of("foo", "bar", ns),
            true),
        arguments(
            "same key, effect and value, Equal",
            toleration("foo", equal, "bar", ns),
            Taint.of("foo", "bar", ns),
            true),
        arguments(
            "same key and effect, different values, Equal",
            toleration("foo", equal, "value1", ns),
            Taint.of("foo", "value2", ns),
            false),
        arguments(
            "same key and value, different effects",
            toleration("foo", equal, "bar", ns),
            Taint.of("foo", "bar", TaintEffect.NO_EXECUTE),
            false),
        arguments(
            "different keys",
            toleration("foo", exists, "", ns),
            Taint.of("other", "bar", ns),
            false),
        arguments(
            "null effect matches every effect",
            toleration("foo", equal, "bar", null),
            Taint.of("foo", "bar", TaintEffect.PREFER_NO_SCHEDULE),
            true),
        arguments(
            "empty key, Exists, null effect tolerates everything",
            toleration("", exists, "", null),
            Taint.of("node.kubernetes.io/unschedulable", "", TaintEffect.NO_EXECUTE),
            true),
        arguments(
            "null operator means Equal",
            toleration("foo", null, "bar", ns),
            Taint.of("foo", "bar", ns),
            true),
        arguments(
            "null operator means Equal, values differ",
            toleration("foo", null, "bar", ns),
            Taint.of("foo", "baz", ns),
            false),
        arguments(
            "Equal with empty values on both sides",
            toleration("foo", equal, "", ns),
            Taint.of("foo", "", ns),
            true),
        arguments(
            "empty key with Equal compares values only (upstream quirk)",
            toleration("", equal, "bar", ns),
            Taint.of("foo", "bar", ns),
            true),
        arguments(
            "empty key with Equal and a different value",
            toleration("", equal, "bar", ns),
            Taint.of("foo", "baz", ns),
            false),
        arguments(
            "keys are case sensitive",
            toleration("Foo", exists, "", ns),
            Taint.of("foo", "", ns),
            false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void tolerates(String name, Toleration toleration, Taint taint, boolean expected) {
    assertThat(toleration.tolerates(taint)).isEqualTo(expected);
  }

  @Test
  void tolerationsTolerateTaint_anyToleration() {
    Taint taint = Taint.of("dedicated", "gpu", TaintEffect.NO_SCHEDULE);
    Toleration wrongKey = toleration("other", TolerationOperator.EXISTS, "", null);
    Toleration right = toleration("dedicated", TolerationOperator.EQUAL, "gpu", null);

    assertThat(Toleration.tolerationsTolerateTaint(List.of(wrongKey, right), taint)).isTrue();
    assertThat(Toleration.tolerationsTolerateTaint(List.of(wrongKey), taint)).isFalse();
    assertThat(Toleration.tolerationsTolerateTaint(List.of(), taint)).isFalse();
    assertThat(Toleration.tolerationsTolerateTaint(null, taint)).isFalse();
  }

  @Test
  void constructor_normalisesNulls() {
    Toleration t = new Toleration(null, null, null, null, null);

    assertThat(t.key()).isEmpty();
    assertThat(t.operator()).isEqualTo(TolerationOperator.EQUAL);
    assertThat(t.value()).isEmpty();
    assertThat(t.effect()).isNull();
    assertThat(t.tolerationSeconds()).isNull();
  }

  @Test
  void taintDescribe_usesUpstreamReasonForm() {
    assertThat(Taint.of("dedicated", "gpu", TaintEffect.NO_SCHEDULE).describe())
        .isEqualTo("{dedicated: gpu}");
    assertThat(Taint.of("node.kubernetes.io/not-ready", "", TaintEffect.NO_EXECUTE).describe())
        .isEqualTo("{node.kubernetes.io/not-ready: }");
  }
}
