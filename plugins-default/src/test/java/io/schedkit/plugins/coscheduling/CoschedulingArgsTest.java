package io.schedkit.plugins.coscheduling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class CoschedulingArgsTest {

  @Test
  void defaults_sixtySecondWaitTwentySecondDenialTenPercent() {
    assertThat(CoschedulingArgs.defaults()).isEqualTo(new CoschedulingArgs(60, 20, 10));
    assertThat(CoschedulingArgs.defaults().validate()).isEmpty();
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("zeros are valid", new CoschedulingArgs(0, 0, 0), new String[0]),
        Arguments.of("100 percent is valid", new CoschedulingArgs(1, 1, 100), new String[0]),
        Arguments.of(
            "negative permitWaitingTimeSeconds",
            new CoschedulingArgs(-1, 0, 10),
            new String[] {
              "args.permitWaitingTimeSeconds: Invalid value: -1: must be greater than 0"
            }),
        Arguments.of(
            "negative podGroupBackoffSeconds",
            new CoschedulingArgs(60, -5, 10),
            new String[] {
              "args.podGroupBackoffSeconds: Invalid value: -5: must be greater than 0"
            }),
        Arguments.of(
            "podGroupRejectPercentage above 100, with a negative wait",
            new CoschedulingArgs(-1, 0, 101),
            new String[] {
              "args.permitWaitingTimeSeconds: Invalid value: -1: must be greater than 0",
              "args.podGroupRejectPercentage: Invalid value: 101: must be between 0 and 100"
            }),
        Arguments.of(
            "negative podGroupRejectPercentage",
            new CoschedulingArgs(60, 0, -1),
            new String[] {
              "args.podGroupRejectPercentage: Invalid value: -1: must be between 0 and 100"
            }));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void validate_upstreamRules(String name, CoschedulingArgs args, String[] errors) {
    assertThat(args.validate()).extracting(e -> e.render("args")).containsExactly(errors);
  }
}
