package io.schedkit.core.extender;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.core.codec.tree.InputLimits;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * An extender's reply is read with the Kubernetes decoders' limits: nesting and one value beyond
 * {@link InputLimits} are refused with an {@link ExtenderException} naming the limit and the verb.
 */
final class ExtenderReplyLimitsTest {
  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * A filter reply whose unknown field nests {@code depth} lists (the reply itself is one more).
   */
  private static byte[] nested(int depth) {
    return utf8("{\"NodeNames\":[\"n1\"],\"x\":" + "[".repeat(depth) + "]".repeat(depth) + "}");
  }

  @Test
  void nestingUpToTheLimitIsRead() throws ExtenderException {
    ExtenderReplyFuzzTarget.decode("filter", nested(InputLimits.MAX_NESTING_DEPTH - 1));
  }

  @Test
  void nestingBeyondTheLimitIsRefused() {
    assertThatThrownBy(
            () -> ExtenderReplyFuzzTarget.decode("filter", nested(InputLimits.MAX_NESTING_DEPTH)))
        .isInstanceOf(ExtenderException.class)
        .hasMessageStartingWith("decoding filter response from extender at URL")
        .hasMessageContaining("nesting depth")
        .hasMessageContaining("(" + InputLimits.MAX_NESTING_DEPTH);
  }

  @Test
  void aValueBeyondTheLimitIsRefused() {
    String big = "n".repeat(InputLimits.MAX_VALUE_CHARS + 1);
    assertThatThrownBy(
            () ->
                ExtenderReplyFuzzTarget.decode(
                    "prioritize", utf8("[{\"Host\":\"" + big + "\",\"Score\":1}]")))
        .isInstanceOf(ExtenderException.class)
        .hasMessageStartingWith("decoding prioritize response from extender at URL")
        .hasMessageContaining("String value length")
        .hasMessageContaining(Integer.toString(InputLimits.MAX_VALUE_CHARS));
  }

  @Test
  void aKeyBeyondTheLimitIsRefused() {
    String big = "k".repeat(InputLimits.MAX_VALUE_CHARS + 1);
    assertThatThrownBy(() -> ExtenderReplyFuzzTarget.decode("bind", utf8("{\"" + big + "\":1}")))
        .isInstanceOf(ExtenderException.class)
        .hasMessageStartingWith("decoding bind response from extender at URL")
        .hasMessageContaining("Name length");
  }

  @Test
  void aValueAtTheLimitIsRead() throws ExtenderException {
    String error = "e".repeat(InputLimits.MAX_VALUE_CHARS);
    ExtenderReplyFuzzTarget.decode("bind", utf8("{\"Error\":\"\",\"x\":\"" + error + "\"}"));
    assertThat(error).hasSize(InputLimits.MAX_VALUE_CHARS);
  }
}
