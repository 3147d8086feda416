package io.schedkit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class ProcessClockTest {
  @TempDir Path tmp;

  /** A {@code /proc/PID/stat} line whose command name holds a space and a parenthesis. */
  private static String stat(long startTicks) {
    StringBuilder sb = new StringBuilder("4242 (java (x) y) S 1 4242 4242 0 -1 4194560");
    // fields 10 to 21
    for (int field = 10; field <= 21; field++) {
      sb.append(' ').append(field * 3);
    }
    sb.append(' ').append(startTicks);
    // fields 23 onwards
    sb.append(" 3000000000 2000 18446744073709551615 1 1 0 0 0 0 16800972 0 0 0 17 1 0 0\n");
    return sb.toString();
  }

  private Path file(String name, String text) throws IOException {
    return Files.writeString(tmp.resolve(name), text);
  }

  @Test
  void fromProc_uptimeMinusTheStartInTicks() throws IOException {
    Path stat = file("stat", stat(1_234_500));
    Path uptime = file("uptime", "12347.25 24000.10\n");

    assertThat(ProcessClock.fromProc(stat, uptime)).isCloseTo(2.25, within(1e-9));
  }

  @Test
  void fromProc_unreadableOrMalformed_isMinusOne() throws IOException {
    Path uptime = file("uptime", "12347.25 24000.10\n");

    assertThat(ProcessClock.fromProc(tmp.resolve("missing"), uptime)).isEqualTo(-1);
    assertThat(ProcessClock.fromProc(file("short", "4242 (java) S 1 2 3\n"), uptime)).isEqualTo(-1);
    assertThat(ProcessClock.fromProc(file("noname", "4242 java S 1 2 3\n"), uptime)).isEqualTo(-1);
    assertThat(ProcessClock.fromProc(file("stat", stat(1_234_500)), file("bad", "soon\n")))
        .isEqualTo(-1);
    // A start after the uptime read: not an age.
    assertThat(ProcessClock.fromProc(file("late", stat(9_999_999)), uptime)).isEqualTo(-1);
  }

  @Test
  void secondsSinceStart_positiveAndGrowing() throws InterruptedException {
    double first = ProcessClock.secondsSinceStart();
    Thread.sleep(50);
    double second = ProcessClock.secondsSinceStart();

    assertThat(first).isPositive();
    assertThat(second).isGreaterThanOrEqualTo(first);
  }
}
