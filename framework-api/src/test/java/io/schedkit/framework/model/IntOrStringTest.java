package io.schedkit.framework.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Facts from upstream intstr GetScaledValueFromIntOrPercent. */
final class IntOrStringTest {

  static Stream<Arguments> scaledCases() {
    return Stream.of(
        arguments("int is returned as is", IntOrString.of(3), 10, true, 3),
        arguments("50% of 10", IntOrString.of("50%"), 10, true, 5),
        arguments("50% of 5 rounded up", IntOrString.of("50%"), 5, true, 3),
        arguments("50% of 5 rounded down", IntOrString.of("50%"), 5, false, 2),
        arguments("0% of 10", IntOrString.of("0%"), 10, true, 0),
        arguments("100% of 7", IntOrString.of("100%"), 7, false, 7),
        arguments("33% of 10 rounded up", IntOrString.of("33%"), 10, true, 4));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scaledCases")
  void scaledValue(String name, IntOrString value, int total, boolean roundUp, int expected) {
    assertThat(value.scaledValue(total, roundUp)).isEqualTo(expected);
  }

  @Test
  void scaledValue_invalidStrings() {
    assertThatThrownBy(() -> IntOrString.of("50").scaledValue(10, true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a percentage");
    assertThatThrownBy(() -> IntOrString.of("x%").scaledValue(10, true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("invalid value");
  }

  @Test
  void typeAndToString() {
    assertThat(IntOrString.of(2).isInt()).isTrue();
    assertThat(IntOrString.of("50%").isInt()).isFalse();
    assertThat(IntOrString.of(2)).hasToString("2");
    assertThat(IntOrString.of("50%")).hasToString("50%");
    assertThat(IntOrString.of("50%")).isEqualTo(new IntOrString(IntOrString.Type.STRING, 0, "50%"));
  }
}
