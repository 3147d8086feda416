package io.schedkit.cli;

import io.schedkit.cli.demo.ProgressBar;
import io.schedkit.cli.demo.StderrTerminal;
import io.schedkit.framework.Registry;
import io.schedkit.simulation.SimulationListener;
import io.schedkit.simulation.demo.Demo;
import io.schedkit.simulation.demo.DemoScenario;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code schedkit demo}: a realistic cluster and a mixed workload built in code ({@link
 * DemoScenario}), simulated by the real scheduler on virtual time ({@link Demo}), with a progress
 * bar on stderr, a summary on stdout and the HTML report.
 */
@Command(
    name = "demo",
    versionProvider = SchedkitCli.Version.class,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Schedules a realistic cluster on virtual time and writes an HTML report: three zones, a cpu"
          + " and a gpu node pool (gpu nodes tainted nvidia.com/gpu=present:NoSchedule), cordoned"
          + " nodes and running pods; a workload of batch jobs, web pods, a zone-spread frontend,"
          + " caches with pod anti-affinity, Spark executors with node affinity, GPU inference, a"
          + " gang of GPU trainers (Coscheduling, PodGroup ml/train), a burst of business-critical"
          + " pods that preempts batch jobs, and two pods that fit nowhere.",
      "Runs kube-scheduler's default profile plus Coscheduling. The same options give the same"
          + " result (except wall-clock figures)."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:the demo ran", "2:bad usage", "3:internal error"})
final class DemoCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(
      names = "--nodes",
      paramLabel = "N",
      defaultValue = "" + DemoScenario.DEFAULT_NODES,
      description =
          "Nodes in the cluster (at least "
              + DemoScenario.MIN_NODES
              + "); default: ${DEFAULT-VALUE}.")
  private int nodes;

  @Option(
      names = "--pods",
      paramLabel = "N",
      defaultValue = "" + DemoScenario.DEFAULT_PODS,
      description =
          "Pods in the workload (at least "
              + DemoScenario.MIN_PODS
              + "); default: ${DEFAULT-VALUE}.")
  private int pods;

  @Option(
      names = "--report",
      paramLabel = "FILE.html",
      defaultValue = "schedkit-report.html",
      description = "Where to write the HTML report; default: ${DEFAULT-VALUE}.")
  private Path report;

  @Option(
      names = "--seed",
      paramLabel = "N",
      defaultValue = "0",
      description =
          "The seed of the workload's sizes, arrivals and durations and of the scheduler's"
              + " tie-breaks; default: 0.")
  private long seed;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = "text (a summary table) or json (the same facts as one object); default: text.")
  private OutputFormat format;

  @Option(
      names = "--no-progress",
      description =
          "No progress on stderr. Otherwise a bar redrawn in place when stderr is a terminal, and"
              + " a line per tenth of the pods created when it is not (a log, a pipe).")
  private boolean noProgress;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    DemoScenario scenario;
    try {
      scenario = DemoScenario.generate(nodes, pods, seed);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage(), e);
    }
    List<SimulationListener> listeners = new ArrayList<>();
    if (!noProgress) {
      listeners.add(new ProgressBar(err, StderrTerminal.detect(), "demo"));
    }
    Demo.Outcome outcome = Demo.run(scenario, Registry.discover(), listeners);
    try {
      outcome.report().write(report, outcome.result());
    } catch (IOException e) {
      throw new InputException(report + ": cannot write the report: " + e.getMessage(), e);
    }
    if (format == OutputFormat.JSON) {
      out.println(JsonReports.demo(outcome.summary(), report.toString()));
    } else {
      out.print(TextReports.demo(Demo.describe(scenario), outcome.summary(), report.toString()));
    }
    out.flush();
    return SchedkitCli.EXIT_OK;
  }
}
