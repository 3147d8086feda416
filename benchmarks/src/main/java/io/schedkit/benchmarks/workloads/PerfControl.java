package io.schedkit.benchmarks.workloads;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Lets Linux {@code perf stat} count only the measured part of the bench's runs, through its
 * control fifos ({@code perf stat -D -1 --control fifo:CTL,ACK}): when {@value #CTL_VARIABLE} names
 * the control fifo (and {@value #ACK_VARIABLE} the acknowledgement fifo), each measured run is
 * preceded by {@code enable} and followed by {@code disable}, and each command waits for perf's
 * {@code ack}. Counted this way, instructions per pod do not drift with the machine the way pods
 * per second do, which is how small changes to the per-pod path are judged (README, Performance).
 *
 * <p>Not thread-safe: the bench drives it from one thread.
 */
final class PerfControl implements AutoCloseable {
  /** The environment variable naming perf's control fifo. */
  static final String CTL_VARIABLE = "SCHEDKIT_PERF_CTL";

  /** The environment variable naming perf's acknowledgement fifo. */
  static final String ACK_VARIABLE = "SCHEDKIT_PERF_ACK";

  /** A control that does nothing: no perf is listening. */
  static final PerfControl NONE = new PerfControl(null, null);

  private final OutputStream control;
  private final BufferedReader acks;

  private PerfControl(OutputStream control, BufferedReader acks) {
    this.control = control;
    this.acks = acks;
  }

  /**
   * The control named by {@code environment}, or {@link #NONE} when it names none.
   *
   * @throws UncheckedIOException naming the variable and the path if a fifo cannot be opened
   */
  static PerfControl fromEnvironment(Map<String, String> environment) {
    String ctl = environment.get(CTL_VARIABLE);
    if (ctl == null || ctl.isBlank()) {
      return NONE;
    }
    String ack = environment.get(ACK_VARIABLE);
    try {
      // perf holds both fifos open, so neither open blocks for long.
      OutputStream control = Files.newOutputStream(Path.of(ctl));
      BufferedReader acks =
          ack == null || ack.isBlank()
              ? null
              : Files.newBufferedReader(Path.of(ack), StandardCharsets.US_ASCII);
      return new PerfControl(control, acks);
    } catch (IOException e) {
      throw new UncheckedIOException(
          CTL_VARIABLE + "=" + ctl + ", " + ACK_VARIABLE + "=" + ack + ": cannot open perf's fifos",
          e);
    }
  }

  /** Starts counting (when perf is listening). */
  void enable() {
    send("enable");
  }

  /** Stops counting (when perf is listening). */
  void disable() {
    send("disable");
  }

  private void send(String command) {
    if (control == null) {
      return;
    }
    try {
      control.write((command + "\n").getBytes(StandardCharsets.US_ASCII));
      control.flush();
      if (acks != null) {
        String ack = acks.readLine();
        if (ack == null) {
          throw new IOException("perf closed its ack fifo");
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("perf control: " + command + " failed", e);
    }
  }

  @Override
  public void close() {
    try {
      if (control != null) {
        control.close();
      }
      if (acks != null) {
        acks.close();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("perf control: closing the fifos failed", e);
    }
  }
}
