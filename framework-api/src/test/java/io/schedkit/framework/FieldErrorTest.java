package io.schedkit.framework;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.PluginArgs.FieldError;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Renderings of {@link FieldError}, as apimachinery's {@code field.Error.Error()}. */
final class FieldErrorTest {
  enum Kind {
    LIST;

    @Override
    public String toString() {
      return "List";
    }
  }

  static Stream<Arguments> renderings() {
    return Stream.of(
        arguments(
            "invalid number",
            new FieldError("hardPodAffinityWeight", 101, "not in valid range [0, 100]"),
            "args",
            "args.hardPodAffinityWeight: Invalid value: 101: not in valid range [0, 100]"),
        arguments(
            "invalid string is quoted with escapes",
            FieldError.invalid("name", "a\"b\n", "bad"),
            "",
            "name: Invalid value: \"a\\\"b\\n\": bad"),
        arguments(
            "required without detail",
            FieldError.required("profiles", ""),
            "",
            "profiles: Required value"),
        arguments(
            "forbidden prints no value",
            FieldError.forbidden("defaultConstraints[0].labelSelector", "no selectors"),
            "args",
            "args.defaultConstraints[0].labelSelector: Forbidden: no selectors"),
        arguments(
            "unsupported enum lists values in order",
            FieldError.notSupported("defaultingType", Kind.LIST, List.of("System", "List")),
            "",
            "defaultingType: Unsupported value: \"List\": supported values: \"System\","
                + " \"List\""),
        arguments(
            "duplicate",
            FieldError.duplicate("resources[1].name", "cpu"),
            "",
            "resources[1].name: Duplicate value: \"cpu\""),
        arguments(
            "string list as Go prints it",
            FieldError.invalid("values", List.of("a", "b"), "too many"),
            "",
            "values: Invalid value: []string{\"a\", \"b\"}: too many"),
        arguments(
            "index joins without a dot",
            FieldError.invalid("[2]", null, "x"),
            "extenders",
            "extenders[2]: Invalid value: null: x"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("renderings")
  void render(String name, FieldError error, String prefix, String expected) {
    assertThat(error.render(prefix)).isEqualTo(expected);
  }

  @Test
  void under_prependsPath() {
    assertThat(FieldError.required("weight", "").under("resources[0]").field())
        .isEqualTo("resources[0].weight");
  }

  @Test
  void qualifiedNameProblems_upstreamWording() {
    assertThat(FieldError.qualifiedNameProblems("example.com/gpu")).isEmpty();
    assertThat(FieldError.qualifiedNameProblems("/gpu"))
        .containsExactly("prefix part must be non-empty");
    assertThat(FieldError.qualifiedNameProblems("Example.com/gpu"))
        .containsExactly(
            "prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric"
                + " characters, '-' or '.', and must start and end with an alphanumeric"
                + " character (e.g. 'example.com', regex used for validation is"
                + " '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')");
    assertThat(FieldError.qualifiedNameProblems("x".repeat(64)))
        .containsExactly("name part must be no more than 63 characters");
    assertThat(FieldError.labelValueProblems("")).isEmpty();
    assertThat(FieldError.labelValueProblems("-x")).hasSize(1);
  }

  @Test
  void longValuesAreShortened() {
    String value = "x".repeat(2_000_000);
    assertThat(FieldError.invalid("metadata.name", value, "too long").render(""))
        .isEqualTo(
            "metadata.name: Invalid value: \""
                + "x".repeat(64)
                + "\"... (2000000 characters): too long");
    assertThat(FieldError.quote("x".repeat(64))).isEqualTo("\"" + "x".repeat(64) + "\"");
    assertThat(FieldError.invalid("f", List.of("a".repeat(1000)), "d").render(""))
        .hasSize("f: Invalid value: ".length() + 256 + "... (1012 characters): d".length());
    // A surrogate pair is never split.
    String emoji = "a".repeat(63) + "\uD83D\uDE00" + "b".repeat(10);
    assertThat(FieldError.quote(emoji)).startsWith("\"" + "a".repeat(63) + "\"...");
  }
}
