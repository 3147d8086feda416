package io.schedkit.cli;

import io.schedkit.benchmarks.workloads.BenchResult;
import io.schedkit.benchmarks.workloads.BenchRunner;
import io.schedkit.benchmarks.workloads.BenchWorkload;
import io.schedkit.benchmarks.workloads.BenchWorkloads;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code schedkit bench [NAME...] [--format text|json] [--list]}: runs scheduler_perf-shaped
 * workloads in memory through the real scheduler and prints, per workload, pods/s and per-pod
 * p50/p99 (CLI.md).
 *
 * <p>A NAME is a workload name or a test-case prefix ({@code SchedulingBasic} selects every
 * SchedulingBasic workload); none means all. Exit status: 0 when every measured pod of every
 * workload was bound, 1 when some workload left measured pods unbound, 2 on bad usage (an unknown
 * name, a bad option value), 3 on an internal error.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description =
        "Runs scheduler_perf-shaped benchmark workloads in memory (no API server) and prints"
            + " pods/s and per-pod p50/p99 for each.")
public final class BenchCommand implements Callable<Integer> {
  /** The two output formats. */
  public enum Format {
    /** A table, one row per workload. */
    TEXT,
    /** One JSON object per workload, one per line. */
    JSON
  }

  @Spec CommandSpec spec;

  @Parameters(
      arity = "0..*",
      paramLabel = "NAME",
      description = "Workloads to run, by name or test-case prefix (default: all).")
  List<String> names = new ArrayList<>();

  @Option(
      names = "--format",
      paramLabel = "text|json",
      description = "Output format (default: ${DEFAULT-VALUE}).")
  Format format = Format.TEXT;

  @Option(names = "--list", description = "List the workloads and exit.")
  boolean list;

  @Option(
      names = "--scale",
      paramLabel = "F",
      description = "Multiply every node and pod count by F, e.g. 0.1 for a quick run (default 1).")
  double scale = 1.0;

  @Option(
      names = "--parallelism",
      paramLabel = "N",
      description = "Filter/Score workers, the scheduling thread included (default: processors).")
  int parallelism;

  @Option(
      names = "--percentage-of-nodes-to-score",
      paramLabel = "P",
      description = "percentageOfNodesToScore: 0 = kube-scheduler's adaptive default, 100 = all.")
  int percentage;

  @Option(
      names = "--warmup",
      paramLabel = "F",
      description =
          "Unmeasured warm-up before each workload, in runs of it: up to 1, one run at that"
              + " scale; above 1, that many full runs (default ${DEFAULT-VALUE}; 0 for none).")
  double warmup = BenchRunner.Options.DEFAULT_WARMUP_RUNS;

  @Option(
      names = "--warmup-time",
      paramLabel = "S",
      description =
          "After the warm-up runs, more full ones until S seconds of warming up (default"
              + " ${DEFAULT-VALUE}; 0 for none): the JIT needs seconds to compile the per-pod"
              + " path on two cores, and the figures are meant to be those of a warm scheduler.")
  double warmupTime = BenchRunner.Options.DEFAULT_WARMUP_SECONDS;

  @Option(names = "--seed", paramLabel = "N", description = "Seed of tie-breaks (default 0).")
  long seed;

  @Option(
      names = "--runs",
      paramLabel = "N",
      description = "Measured runs per workload; the run of median pods/s is reported (default 1).")
  int runs = 1;

  @Option(
      names = "--metrics",
      description =
          "Report kube-scheduler's metrics to a Micrometer Prometheus registry while measuring"
              + " (to see what they cost; default: off).")
  boolean metrics;

  /** Used by picocli. */
  public BenchCommand() {}

  /**
   * Runs the command alone (without the rest of the CLI) and exits with its status: {@code java -cp
   * ... io.schedkit.cli.BenchCommand [NAME...] [options]}.
   *
   * @param args the arguments
   */
  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** A command line running this command alone, with case-insensitive {@code --format} values. */
  static CommandLine commandLine() {
    return new CommandLine(new BenchCommand()).setCaseInsensitiveEnumValuesAllowed(true);
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<BenchWorkload> selected = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (String n : names.isEmpty() ? List.of("") : names) {
      List<BenchWorkload> found = n.isEmpty() ? BenchWorkloads.all() : BenchWorkloads.select(n);
      if (found.isEmpty()) {
        err.println("bench: no workload named " + n + " (schedkit bench --list shows them)");
        err.flush();
        return 2;
      }
      for (BenchWorkload w : found) {
        if (seen.add(w.name())) {
          selected.add(w);
        }
      }
    }
    if (list) {
      for (BenchWorkload w : selected) {
        out.println(w.name());
      }
      out.flush();
      return 0;
    }
    BenchRunner runner;
    try {
      if (!(scale > 0)) {
        throw new IllegalArgumentException("--scale must be positive, got " + scale);
      }
      runner =
          new BenchRunner(
              new BenchRunner.Options(
                  parallelism, percentage, warmup, seed, runs, warmupTime, metrics));
    } catch (IllegalArgumentException e) {
      err.println("bench: " + e.getMessage());
      err.flush();
      return 2;
    }
    boolean scaled = scale != 1.0;
    if (format == Format.TEXT) {
      out.println(header(scaled));
      out.flush();
    }
    boolean complete = true;
    boolean floorShown = false;
    for (BenchWorkload w : selected) {
      BenchResult r = runner.run(w.scaled(scale));
      complete &= r.complete();
      floorShown |= r.kubeThreshold() > 0;
      out.println(format == Format.JSON ? r.toJson() : row(r));
      out.flush();
    }
    if (format == Format.TEXT && scaled && floorShown) {
      out.println(scaledFloorNote(scale));
      out.flush();
    }
    return complete ? 0 : 1;
  }

  /**
   * The footnote of a text table run at {@code --scale F}, F not 1: kube-scheduler's floors are for
   * the full-size workloads, so they are not a bar for the scaled rows.
   */
  static String scaledFloorNote(double scale) {
    return "* KUBE: kube-scheduler's scheduler_perf CI floor in pods/s for the full-size workload"
        + " (--scale 1), not for these rows at --scale "
        + BigDecimal.valueOf(scale).stripTrailingZeros().toPlainString()
        + ".";
  }

  private static final String ROW = "%-60s %6s %7s %8s %10s %9s %9s %9s %9s %9s %6s %-9s";

  private static String header(boolean scaled) {
    return String.format(
        Locale.ROOT,
        ROW,
        "WORKLOAD",
        "NODES",
        "INIT",
        "MEASURED",
        "PODS/S",
        "P50(us)",
        "P99(us)",
        "CPU/POD",
        "KiB/POD",
        "HEAP(MiB)",
        scaled ? "KUBE*" : "KUBE",
        "MODE");
  }

  private static String row(BenchResult r) {
    String bound = r.complete() ? "" : " (" + r.boundPods() + "/" + r.measuredPods() + " bound)";
    return String.format(
            Locale.ROOT,
            ROW,
            r.name(),
            r.nodes(),
            r.initPods(),
            r.measuredPods(),
            String.format(Locale.ROOT, "%.0f", r.podsPerSecond()),
            String.format(Locale.ROOT, "%.1f", r.p50Micros()),
            String.format(Locale.ROOT, "%.1f", r.p99Micros()),
            String.format(Locale.ROOT, "%.1f", r.cpuMicrosPerPod()),
            String.format(Locale.ROOT, "%.1f", r.allocatedKiBPerPod()),
            String.format(Locale.ROOT, "%.0f", r.heapUsedMiB()),
            r.kubeThreshold() > 0 ? Integer.toString(r.kubeThreshold()) : "-",
            r.mode() + "/" + r.threads() + "t")
        + bound;
  }
}
