package io.schedkit.framework.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class ResourceListTest {

  @Test
  void of_pairsParsesAndSortsByName() {
    ResourceList list = ResourceList.of("memory", "1Gi", "cpu", "500m", "example.com/gpu", "2");

    assertThat(list.names()).containsExactly("cpu", "example.com/gpu", "memory");
    assertThat(list.get("cpu")).contains(Quantity.parse("500m"));
    assertThat(list.getOrZero("memory").value()).isEqualTo(1L << 30);
    assertThat(list).hasToString("{cpu=500m, example.com/gpu=2, memory=1Gi}");
  }

  @Test
  void of_oddArguments_throws() {
    assertThatThrownBy(() -> ResourceList.of("cpu", "1", "memory"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("pairs");
  }

  @Test
  void of_invalidQuantity_throws() {
    assertThatThrownBy(() -> ResourceList.of("cpu", "one"))
        .isInstanceOf(QuantityFormatException.class)
        .hasMessageContaining("\"one\"");
  }

  @Test
  void getAndGetOrZero_missingResource() {
    ResourceList list = ResourceList.of("cpu", "1");

    assertThat(list.get("memory")).isEmpty();
    assertThat(list.getOrZero("memory")).isEqualTo(Quantity.ZERO);
    assertThat(list.contains("cpu")).isTrue();
    assertThat(list.contains("memory")).isFalse();
    assertThat(ResourceList.of("cpu", "0").contains("cpu")).isTrue();
  }

  @Test
  void ofMapAndParse_copyDefensively() {
    Map<String, Quantity> quantities = new HashMap<>(Map.of("cpu", Quantity.of(2)));
    Map<String, String> strings = new HashMap<>(Map.of("memory", "128Mi"));
    ResourceList fromQuantities = ResourceList.of(quantities);
    ResourceList fromStrings = ResourceList.parse(strings);
    quantities.put("memory", Quantity.of(1));
    strings.put("cpu", "1");

    assertThat(fromQuantities.names()).containsExactly("cpu");
    assertThat(fromStrings.names()).containsExactly("memory");
    assertThat(ResourceList.of(null)).isSameAs(ResourceList.empty());
    assertThat(ResourceList.parse(null)).isSameAs(ResourceList.empty());
  }

  @Test
  void asMap_isUnmodifiable() {
    ResourceList list = ResourceList.of("cpu", "1");

    assertThatThrownBy(() -> list.asMap().put("memory", Quantity.of(1)))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> list.names().clear())
        .isInstanceOf(UnsupportedOperationException.class);
  }

  static Stream<Arguments> arithmeticCases() {
    ResourceList a = ResourceList.of("cpu", "500m", "memory", "1Gi");
    ResourceList b = ResourceList.of("cpu", "1500m", "example.com/gpu", "1");
    return Stream.of(
        arguments(
            "add", a.add(b), ResourceList.of("cpu", "2", "memory", "1Gi", "example.com/gpu", "1")),
        arguments(
            "subtract",
            a.subtract(b),
            ResourceList.of("cpu", "-1", "memory", "1Gi", "example.com/gpu", "-1")),
        arguments(
            "max",
            a.max(b),
            ResourceList.of("cpu", "1500m", "memory", "1Gi", "example.com/gpu", "1")),
        arguments("add empty", a.add(ResourceList.empty()), a),
        arguments("empty add", ResourceList.empty().add(a), a),
        arguments("subtract self", a.subtract(a), ResourceList.of("cpu", "0", "memory", "0")),
        arguments("max with empty", ResourceList.empty().max(b), b),
        arguments(
            "with",
            a.with("pods", Quantity.of(110)),
            ResourceList.of("cpu", "500m", "memory", "1Gi", "pods", "110")),
        arguments(
            "with replaces",
            a.with("cpu", Quantity.of(4)),
            ResourceList.of("cpu", "4", "memory", "1Gi")),
        arguments("without", a.without("memory"), ResourceList.of("cpu", "500m")),
        arguments("without missing", a.without("pods"), a));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("arithmeticCases")
  void arithmetic(String name, ResourceList actual, ResourceList expected) {
    assertThat(actual).isEqualTo(expected);
    assertThat(actual.hashCode()).isEqualTo(expected.hashCode());
  }

  @Test
  void arithmetic_keepsFormats() {
    ResourceList sum = ResourceList.of("memory", "1Gi").add(ResourceList.of("memory", "512Mi"));
    ResourceList fromEmpty = ResourceList.empty().subtract(ResourceList.of("memory", "1Gi"));

    assertThat(sum.getOrZero("memory")).hasToString("1536Mi");
    assertThat(fromEmpty.getOrZero("memory")).hasToString("-1Gi");
  }

  @Test
  void arithmetic_doesNotChangeOperands() {
    ResourceList a = ResourceList.of("cpu", "1");
    ResourceList b = ResourceList.of("cpu", "2");
    a.add(b);
    a.subtract(b);
    a.max(b);

    assertThat(a).isEqualTo(ResourceList.of("cpu", "1"));
    assertThat(b).isEqualTo(ResourceList.of("cpu", "2"));
  }

  @Test
  void equals_isNumeric() {
    assertThat(ResourceList.of("memory", "1Gi")).isEqualTo(ResourceList.of("memory", "1073741824"));
    assertThat(ResourceList.of("memory", "1Gi").hashCode())
        .isEqualTo(ResourceList.of("memory", "1073741824").hashCode());
    assertThat(ResourceList.of("cpu", "1"))
        .isNotEqualTo(ResourceList.of("cpu", "1", "memory", "0"));
  }

  @Test
  void sizeAndIsEmpty() {
    assertThat(ResourceList.empty().isEmpty()).isTrue();
    assertThat(ResourceList.empty().size()).isZero();
    assertThat(ResourceList.of("cpu", "1", "memory", "1").size()).isEqualTo(2);
  }
}
