package io.schedkit.plugins.interpodaffinity;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

final class InterPodAffinityArgsTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource({"0, true", "1, true", "100, true", "-1, false", "101, false"})
  void validate_weightRange(int weight, boolean valid) {
    InterPodAffinityArgs args = new InterPodAffinityArgs(weight, true);

    if (valid) {
      assertThat(args.validate()).isEmpty();
    } else {
      assertThat(args.validate())
          .extracting(e -> e.render("profiles[0].pluginConfig[0].args"))
          .containsExactly(
              "profiles[0].pluginConfig[0].args.hardPodAffinityWeight: Invalid value: "
                  + weight
                  + ": not in valid range [0, 100]");
    }
  }

  @Test
  void defaults_weightOneAndPreferredTermsScored() {
    assertThat(InterPodAffinityArgs.defaults()).isEqualTo(new InterPodAffinityArgs(1, false));
    assertThat(InterPodAffinityArgs.defaults().validate()).isEmpty();
  }
}
