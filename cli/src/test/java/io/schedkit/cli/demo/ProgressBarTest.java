package io.schedkit.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.simulation.SimulationEvent;
import io.schedkit.simulation.SimulationResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The progress display, fed events by hand. */
final class ProgressBarTest {

  private static void feed(ProgressBar bar, int pods) {
    bar.onEvent(new SimulationEvent.Started(0, pods, 3));
    for (int i = 0; i < pods; i++) {
      bar.onEvent(new SimulationEvent.Created(i, "Pod", "ns/p" + i));
      bar.onEvent(new SimulationEvent.Bound(i, "ns/p" + i, "n1"));
    }
    bar.onEvent(new SimulationEvent.Evicted(pods, "ns/p0", "n1", "ns/p1"));
    bar.onEvent(
        new SimulationEvent.Finished(
            pods + 1, new SimulationResult.Stats(pods, pods - 1, 0, 1, pods, pods + 1, 0.1, 10)));
  }

  @Test
  void terminal_redrawsOneLineAndEndsIt() {
    StringWriter out = new StringWriter();
    feed(new ProgressBar(new PrintWriter(out, true), true, "demo"), 20);

    String text = out.toString();
    assertThat(text).startsWith("\rdemo [").endsWith("\n");
    assertThat(text.chars().filter(c -> c == '\n').count()).isEqualTo(1);
    String last = text.substring(text.lastIndexOf('\r') + 1).strip();
    assertThat(last)
        .isEqualTo(
            "demo [##############################] t=21.0s virtual, 20/20 pods created,"
                + " 20 bound, 1 evicted");
  }

  @Test
  void log_printsPlainLinesPerTenth() {
    StringWriter out = new StringWriter();
    feed(new ProgressBar(new PrintWriter(out, true), false, "demo"), 20);

    assertThat(out.toString().lines())
        .hasSize(11)
        .first()
        .isEqualTo("demo: t=1.0s virtual, 2/20 pods created, 1 bound, 0 evicted");
    assertThat(out.toString().lines().toList().get(10))
        .isEqualTo("demo: done, t=21.0s virtual, 20/20 pods created, 20 bound, 1 evicted");
  }
}
