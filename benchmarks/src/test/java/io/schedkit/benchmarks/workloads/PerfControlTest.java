package io.schedkit.benchmarks.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class PerfControlTest {
  @TempDir Path dir;

  @Test
  void withoutTheVariable_doesNothing() {
    PerfControl perf = PerfControl.fromEnvironment(Map.of());

    assertThat(perf).isSameAs(PerfControl.NONE);
    perf.enable();
    perf.disable();
    perf.close();
  }

  @Test
  void sendsEnableAndDisable_andReadsAnAckForEach() throws Exception {
    Path ctl = dir.resolve("ctl");
    Path ack = dir.resolve("ack");
    Files.writeString(ack, "ack\nack\n");

    try (PerfControl perf =
        PerfControl.fromEnvironment(
            Map.of(
                PerfControl.CTL_VARIABLE, ctl.toString(),
                PerfControl.ACK_VARIABLE, ack.toString()))) {
      perf.enable();
      perf.disable();
    }

    assertThat(Files.readString(ctl, StandardCharsets.US_ASCII)).isEqualTo("enable\ndisable\n");
  }

  @Test
  void aMissingAck_isAnError() {
    Path ack = dir.resolve("ack");
    try (PerfControl perf =
        PerfControl.fromEnvironment(
            Map.of(
                PerfControl.CTL_VARIABLE, dir.resolve("ctl").toString(),
                PerfControl.ACK_VARIABLE, writeEmpty(ack).toString()))) {
      assertThatThrownBy(perf::enable)
          .isInstanceOf(UncheckedIOException.class)
          .hasMessage("perf control: enable failed");
    }
  }

  @Test
  void aFifoThatCannotBeOpened_isNamedInTheError() {
    String missing = dir.resolve("no-such-dir").resolve("ctl").toString();

    assertThatThrownBy(() -> PerfControl.fromEnvironment(Map.of(PerfControl.CTL_VARIABLE, missing)))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining(PerfControl.CTL_VARIABLE + "=" + missing)
        .hasMessageContaining("cannot open perf's fifos");
  }

  private static Path writeEmpty(Path p) {
    try {
      return Files.writeString(p, "");
    } catch (java.io.IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
