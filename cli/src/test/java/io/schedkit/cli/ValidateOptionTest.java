package io.schedkit.cli;

import static io.schedkit.cli.CliFixtures.resource;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code --validate}: an unknown field of an input object is an error by default, as for kubectl;
 * {@code warn} prints it on stderr and goes on without the field, {@code ignore} says nothing.
 */
final class ValidateOptionTest {
  private static final String POD = resource("pod-misspelled-selector.yaml");
  private static final String MESSAGE =
      POD + ": Pod default/web: strict decoding error: unknown field \"spec.nodeSelectr\"";

  private static CliFixtures.Result explain(String... extra) {
    String[] args = {"explain", "--cluster", resource("cluster.yaml"), "--pod", POD};
    String[] all = new String[args.length + extra.length];
    System.arraycopy(args, 0, all, 0, args.length);
    System.arraycopy(extra, 0, all, args.length, extra.length);
    return CliFixtures.run(all);
  }

  @Test
  void explain_misspelledField_isAnErrorByDefault_exit2() {
    CliFixtures.Result r = explain();

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo(MESSAGE + System.lineSeparator());
  }

  @Test
  void explain_validateStrict_isTheDefault_andBareValidateIsStrict() {
    assertThat(explain("--validate=strict").err()).startsWith(MESSAGE);
    assertThat(explain("--validate").err()).startsWith(MESSAGE);
  }

  @Test
  void explain_validateWarn_podFitsWithAWarning() {
    CliFixtures.Result r = explain("--validate=warn");

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.warnings())
        .containsExactly(
            "warning: " + POD + ": Pod default/web: unknown field \"spec.nodeSelectr\"");
    assertThat(r.out()).startsWith("Pod default/web (profile default-scheduler): Scheduled on ");
  }

  @Test
  void explain_validateIgnore_saysNothing() {
    CliFixtures.Result r = explain("--validate", "ignore");

    assertThat(r.exit()).isZero();
    assertThat(r.err()).isEmpty();
  }

  @Test
  void simulate_misspelledWorkloadField_strictExit2_warnRuns() {
    String cluster = resource("cluster.yaml");

    CliFixtures.Result strict =
        CliFixtures.run("simulate", "--cluster", cluster, "--workload", POD);
    CliFixtures.Result warn =
        CliFixtures.run("simulate", "--cluster", cluster, "--workload", POD, "--validate=warn");

    assertThat(strict.exit()).isEqualTo(2);
    assertThat(strict.err()).startsWith(MESSAGE);
    assertThat(warn.exit()).as(warn.err()).isZero();
    assertThat(warn.warnings())
        .contains("warning: " + POD + ": Pod default/web: unknown field \"spec.nodeSelectr\"");
  }

  @Test
  void validate_badValue_isAUsageError() {
    CliFixtures.Result r = explain("--validate=lenient");

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("--validate", "lenient", "\"strict\", \"warn\" or \"ignore\"");
  }
}
