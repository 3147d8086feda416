package io.schedkit.preemption.defaultpreemption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Facts of upstream's TestValidateDefaultPreemptionArgs. */
final class DefaultPreemptionArgsTest {

  @Test
  void defaults_tenPercentAndOneHundred() {
    assertThat(DefaultPreemptionArgs.defaults()).isEqualTo(new DefaultPreemptionArgs(10, 100));
    assertThat(DefaultPreemptionArgs.defaults().validate()).isEmpty();
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        arguments("valid", new DefaultPreemptionArgs(10, 50), List.of()),
        arguments("only absolute", new DefaultPreemptionArgs(0, 1), List.of()),
        arguments("only percentage", new DefaultPreemptionArgs(1, 0), List.of()),
        arguments(
            "negative percentage",
            new DefaultPreemptionArgs(-1, 100),
            List.of("minCandidateNodesPercentage: Invalid value: -1: not in valid range [0, 100]")),
        arguments(
            "percentage over 100",
            new DefaultPreemptionArgs(900, 100),
            List.of(
                "minCandidateNodesPercentage: Invalid value: 900: not in valid range [0, 100]")),
        arguments(
            "negative absolute",
            new DefaultPreemptionArgs(20, -1),
            List.of("minCandidateNodesAbsolute: Invalid value: -1: not in valid range [0, inf)")),
        arguments(
            "both zero",
            new DefaultPreemptionArgs(0, 0),
            List.of(
                "minCandidateNodesPercentage: Invalid value: 0: cannot be zero at the same time as"
                    + " minCandidateNodesAbsolute",
                "minCandidateNodesAbsolute: Invalid value: 0: cannot be zero at the same time as"
                    + " minCandidateNodesPercentage")),
        arguments(
            "all bad",
            new DefaultPreemptionArgs(-1, -1),
            List.of(
                "minCandidateNodesPercentage: Invalid value: -1: not in valid range [0, 100]",
                "minCandidateNodesAbsolute: Invalid value: -1: not in valid range [0, inf)")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void validate_upstreamMessages(String name, DefaultPreemptionArgs args, List<String> expected) {
    assertThat(args.validate()).extracting(e -> e.render("")).containsExactlyElementsOf(expected);
  }
}
