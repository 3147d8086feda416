package io.schedkit.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The wall time since this process started: what a command took from the moment it was run, JVM
 * start-up included, beside the figures it measures itself.
 *
 * <p>On Linux it is read from {@code /proc}: the process's start ({@code /proc/self/stat}, field
 * 22, in clock ticks since boot) against the time since boot ({@code /proc/uptime}), to a hundredth
 * of a second. The process is the one that ran the command: {@code ./schedkit} replaces its shell
 * with the JVM ({@code exec}), so the launcher's own work counts. Elsewhere, or when {@code /proc}
 * cannot be read, it is the JVM's uptime ({@link java.lang.management.RuntimeMXBean#getUptime()}).
 *
 * <p>Design note: {@link ProcessHandle.Info#startInstant()} is no substitute: on Linux the JDK adds
 * the start in ticks to the boot time in whole seconds, so the instant can be a second off. The
 * management bean is the fallback only, because loading it costs a tenth of a second or more, which
 * the figure would then include.
 */
final class ProcessClock {
  /** Clock ticks per second of {@code /proc}'s times ({@code USER_HZ}: 100 on Linux). */
  private static final double TICKS_PER_SECOND = 100.0;

  private ProcessClock() {}

  /** Wall seconds since the process started. */
  static double secondsSinceStart() {
    double fromProc = fromProc(Path.of("/proc/self/stat"), Path.of("/proc/uptime"));
    if (fromProc >= 0) {
      return fromProc;
    }
    return ManagementFactory.getRuntimeMXBean().getUptime() / 1e3;
  }

  /**
   * The process's age from a {@code stat} and an {@code uptime} file of {@code /proc}'s format, or
   * -1 when either cannot be read or parsed.
   */
  static double fromProc(Path stat, Path uptime) {
    try {
      String s = Files.readString(stat, StandardCharsets.US_ASCII);
      // The command name, in parentheses, may hold spaces; the fields after it are plain.
      int close = s.lastIndexOf(')');
      if (close < 0) {
        return -1;
      }
      String[] fields = s.substring(close + 1).trim().split(" ");
      // Field 22 (starttime); fields[0] is field 3 (state).
      if (fields.length < 20) {
        return -1;
      }
      long startTicks = Long.parseLong(fields[19]);
      String u = Files.readString(uptime, StandardCharsets.US_ASCII).trim();
      int space = u.indexOf(' ');
      double up = Double.parseDouble(space < 0 ? u : u.substring(0, space));
      double age = up - startTicks / TICKS_PER_SECOND;
      return age >= 0 ? age : -1;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }
}
