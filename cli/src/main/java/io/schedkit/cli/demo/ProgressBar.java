package io.schedkit.cli.demo;

import io.schedkit.simulation.SimulationEvent;
import io.schedkit.simulation.SimulationListener;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * The demo's progress on stderr: virtual time, pods created and bound, evictions. On a terminal it
 * redraws one line (at most ten times a wall second) and ends it when the run finishes; in a log it
 * prints a plain line each time another tenth of the pods has been created, and a last line at the
 * end, so a CI log stays short and readable.
 *
 * <p>Design note: the simulation calls it on its thread; the only wall-clock use is throttling the
 * terminal redraws, which never changes what is printed in a log.
 */
public final class ProgressBar implements SimulationListener {
  private static final int WIDTH = 30;
  private static final long REDRAW_NANOS = 100_000_000L;

  private final PrintWriter out;
  private final boolean terminal;
  private final String label;
  private int total;
  private int created;
  private int bound;
  private int evicted;
  private int nextTenth = 1;
  private long lastDraw;
  private int lastLength;

  /**
   * Creates a progress display.
   *
   * @param out where to print (stderr)
   * @param terminal whether {@code out} is a terminal (redraw one line) or a log (plain lines)
   * @param label what is progressing, printed first ({@code "demo"})
   */
  public ProgressBar(PrintWriter out, boolean terminal, String label) {
    this.out = out;
    this.terminal = terminal;
    this.label = label;
  }

  @Override
  public void onEvent(SimulationEvent event) {
    if (event instanceof SimulationEvent.Started s) {
      total = s.pods();
      lastDraw = System.nanoTime() - REDRAW_NANOS;
    } else if (event instanceof SimulationEvent.Created c && c.kind().equals("Pod")) {
      created++;
    } else if (event instanceof SimulationEvent.Bound) {
      bound++;
    } else if (event instanceof SimulationEvent.Evicted) {
      evicted++;
    } else if (event instanceof SimulationEvent.Finished f) {
      finish(f.time());
      return;
    }
    progress(event.time());
  }

  private void progress(double time) {
    if (terminal) {
      long now = System.nanoTime();
      if (now - lastDraw >= REDRAW_NANOS) {
        lastDraw = now;
        draw(time);
      }
    } else if (total > 0 && created * 10L >= nextTenth * (long) total) {
      while (created * 10L >= nextTenth * (long) total) {
        nextTenth++;
      }
      out.println(label + ": " + status(time));
      out.flush();
    }
  }

  private void draw(double time) {
    int filled = total == 0 ? 0 : (int) ((long) WIDTH * created / total);
    String line =
        label + " [" + "#".repeat(filled) + "-".repeat(WIDTH - filled) + "] " + status(time);
    out.print('\r' + line + " ".repeat(Math.max(0, lastLength - line.length())));
    lastLength = line.length();
    out.flush();
  }

  private void finish(double time) {
    if (terminal) {
      draw(time);
      out.println();
    } else {
      out.println(label + ": done, " + status(time));
    }
    out.flush();
  }

  private String status(double time) {
    return String.format(
        Locale.ROOT,
        "t=%.1fs virtual, %d/%d pods created, %d bound, %d evicted",
        time,
        created,
        total,
        bound,
        evicted);
  }
}
