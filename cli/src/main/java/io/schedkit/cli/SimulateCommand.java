package io.schedkit.cli;

import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.Registry;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Workload;
import io.schedkit.simulation.Simulation;
import io.schedkit.simulation.SimulationResult;
import io.schedkit.simulation.report.HtmlReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code schedkit simulate}: the workload against the cluster, through the real scheduler on
 * virtual time ({@link Simulation}), then where every pod went.
 */
@Command(
    name = "simulate",
    versionProvider = SchedkitCli.Version.class,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Creates the workload's objects in order against the cluster (in memory) and runs the real"
          + " scheduler (queue, cache, scheduling and binding cycles, preemption with evictions,"
          + " permit waits) on a virtual clock until no pod can make further progress and nothing"
          + " more is due; then reports where each pod went.",
      "Annotations make the workload a trace: schedkit.io/arrival: \"<seconds>\" creates an object"
          + " at that virtual time (default 0, in file order); on a pod, schedkit.io/duration:"
          + " \"<seconds>\" makes it complete that long after it is bound.",
      "Workload controllers (Deployment, ReplicaSet, StatefulSet, DaemonSet, Job,"
          + " ReplicationController) create the pods their Kubernetes controllers would create,"
          + " named as those name them, and replace evicted ones; a Job replaces completed pods"
          + " until its completions. Controllers of the cluster file create the pods they lack.",
      "The same inputs and seed give the same output (except the wall-clock figures"
          + " wallSeconds, podsPerSecond and processWallSeconds).",
      "--report FILE.html also writes a self-contained HTML page (no network needed to view it)."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:the simulation ran (whether or not every pod was placed)",
      "2:bad usage or bad input",
      "3:internal error"
    })
final class SimulateCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(
      names = "--cluster",
      required = true,
      paramLabel = "FILE",
      description =
          "The cluster at the start: nodes, running and pending pods, PodDisruptionBudgets,"
              + " PriorityClasses, ... (a List, a multi-document YAML stream or one object).")
  private Path cluster;

  @Option(
      names = "--workload",
      required = true,
      paramLabel = "FILE",
      description =
          "The objects to create, in order: pods, workload controllers, and nodes that join"
              + " later.")
  private Path workload;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description =
          "A KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1);"
              + " default: kube-scheduler's default profile.")
  private Path config;

  @Option(
      names = "--seed",
      paramLabel = "N",
      defaultValue = "0",
      description = "The seed of tie-breaks and preemption offsets; default: 0.")
  private long seed;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = "text (a summary and a table) or json (one object); default: text.")
  private OutputFormat format;

  @Mixin private ValidateOption validate = new ValidateOption();

  @Option(
      names = "--report",
      paramLabel = "FILE.html",
      description =
          "Also write a self-contained HTML report: utilisation per node and per resource over"
              + " time, the placement timeline, preemptions and the unschedulable pods' reasons.")
  private Path report;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    Inputs inputs = new Inputs(spec.commandLine().getErr(), validate.validation);
    List<KubeObject> clusterObjects = inputs.objects(cluster);
    List<KubeObject> workloadObjects = inputs.objects(workload);
    for (KubeObject o : workloadObjects) {
      if (o instanceof Workload w && w.template() == null) {
        inputs.warn(
            workload
                + ": "
                + w.kind()
                + " "
                + w.key()
                + ": no spec.template: created for its selector only, it creates no pod");
      }
    }
    Registry registry = Registry.discover();
    Inputs.Config configuration = inputs.configuration(config, registry);
    // Fails here, as bad input, when a configuration file's profiles cannot be built.
    Inputs.scheduler(
            Scheduler.builder().cluster(InMemoryCluster.builder().build()).registry(registry),
            configuration)
        .close();

    HtmlReport html = null;
    if (report != null) {
      List<KubeObject> all = new ArrayList<>(clusterObjects);
      all.addAll(workloadObjects);
      html =
          HtmlReport.builder()
              .title("schedkit simulate")
              .subtitle(
                  "--cluster "
                      + cluster
                      + " --workload "
                      + workload
                      + (config == null ? "" : " --config " + config)
                      + " --seed "
                      + seed)
              .objects(all)
              .build();
    }
    Simulation simulation;
    try {
      Simulation.Builder builder =
          Simulation.builder()
              .cluster(clusterObjects, cluster.toString())
              .workload(workloadObjects, workload.toString())
              .configuration(configuration.configuration())
              .registry(registry)
              .seed(seed);
      if (html != null) {
        builder.listener(html);
      }
      simulation = builder.build();
    } catch (IllegalArgumentException e) {
      throw new InputException(e.getMessage(), e);
    }
    SimulationResult result = simulation.run();
    if (html != null) {
      try {
        html.write(report, result);
      } catch (IOException e) {
        throw new InputException(report + ": cannot write the report: " + e.getMessage(), e);
      }
    }
    // The command's wall time until its result is ready: start-up, reading, the run, the report.
    double processWallSeconds = ProcessClock.secondsSinceStart();
    if (format == OutputFormat.JSON) {
      out.println(JsonReports.simulation(result, processWallSeconds));
    } else {
      out.print(TextReports.simulation(result, processWallSeconds));
    }
    out.flush();
    return SchedkitCli.EXIT_OK;
  }
}
