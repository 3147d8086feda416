package io.schedkit.cli;

import io.schedkit.core.Explanation;
import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.cluster.PriorityAdmission;
import io.schedkit.framework.Registry;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Workload;
import io.schedkit.simulation.DisruptionBudgets;
import io.schedkit.simulation.Simulation;
import io.schedkit.simulation.WorkloadPods;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code schedkit explain}: one scheduling cycle per pod of the pod file, as a dry run against the
 * cluster file, with every node's filter verdict and scores ({@link Scheduler#explain}).
 */
@Command(
    name = "explain",
    versionProvider = SchedkitCli.Version.class,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Explains where each pod of the pod file would go, and why not elsewhere: one scheduling"
          + " cycle as a dry run against the cluster (nothing is bound or evicted), evaluating"
          + " every node and recording every plugin's verdict. When no node fits and the profile"
          + " has PostFilter plugins, reports what preemption would do.",
      "Each pod is explained independently against the same cluster. A workload controller"
          + " (Deployment, ReplicaSet, StatefulSet, DaemonSet, Job, ReplicationController) in the"
          + " pod file is explained by the first pod it would create.",
      "The state explained is the cluster file as given: its pending pods stay pending and its"
          + " controllers' missing pods are not created (simulate places and creates them);"
          + " each answer ends with the state it explains. Ties (equal scores, equally good"
          + " preemption candidates) are broken as a scheduler with --seed would break them first."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:every pod got a node or a preemption",
      "1:some pod is unschedulable",
      "2:bad usage or bad input",
      "3:internal error"
    })
final class ExplainCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(
      names = "--cluster",
      paramLabel = "FILE",
      description =
          "The cluster: nodes, running and pending pods, PodDisruptionBudgets, PriorityClasses,"
              + " ... (a List, a multi-document YAML stream or one object; YAML or JSON).")
  private Path cluster;

  @Option(
      names = "--kubeconfig",
      paramLabel = "FILE",
      description =
          "Instead of --cluster: the live cluster of this kubeconfig, read once (nothing is"
              + " written to it).")
  private Path kubeconfig;

  @Option(
      names = "--context",
      paramLabel = "NAME",
      description = "With --kubeconfig: the context to use.")
  private String context;

  @Option(
      names = "--pod",
      required = true,
      paramLabel = "FILE|NAMESPACE/NAME",
      description =
          "The pods to explain (a file of one or more, same formats; a workload controller stands"
              + " for the first pod it would create); with --kubeconfig also NAMESPACE/NAME of a"
              + " pod of the live cluster, explained as if it were pending.")
  private String podArg;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description =
          "A KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1);"
              + " default: kube-scheduler's default profile.")
  private Path config;

  @Option(
      names = "--profile",
      paramLabel = "NAME",
      description =
          "The profile that explains every pod; default: each pod's spec.schedulerName,"
              + " or default-scheduler.")
  private String profile;

  @Option(
      names = "--seed",
      paramLabel = "N",
      defaultValue = "0",
      description =
          "The seed of tie-breaks (host selection, preemption's candidate offset), as simulate's;"
              + " default: 0.")
  private long seed;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = "text (a table per pod) or json (one object per pod and line); default: text.")
  private OutputFormat format;

  @Mixin private ValidateOption validate = new ValidateOption();

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    Inputs inputs = new Inputs(spec.commandLine().getErr(), validate.validation);
    if ((cluster == null) == (kubeconfig == null)) {
      throw new InputException("give exactly one of --cluster FILE and --kubeconfig FILE");
    }
    List<KubeObject> given;
    String source;
    if (cluster != null) {
      source = cluster.toString();
      given = inputs.objects(cluster);
    } else {
      source = "the cluster of " + kubeconfig;
      given = new ArrayList<>(LiveCluster.read(kubeconfig, context).all());
    }
    List<Inputs.ExplainedPod> explained;
    if (cluster != null || Files.isRegularFile(Path.of(podArg))) {
      List<Node> nodes =
          given.stream().filter(Node.class::isInstance).map(Node.class::cast).toList();
      explained = inputs.pods(Path.of(podArg), w -> WorkloadPods.firstPod(w, nodes, seed));
    } else {
      explained = List.of(new Inputs.ExplainedPod(takeLivePod(given), null));
    }
    List<Pod> pods = explained.stream().map(Inputs.ExplainedPod::pod).toList();
    // Budgets without a status get the disruption controller's, as simulate gives them.
    List<KubeObject> objects = DisruptionBudgets.withStatuses(given);
    Registry registry = Registry.discover();
    Inputs.Config configuration = inputs.configuration(config, registry);

    List<KubeObject> all = new ArrayList<>(objects);
    all.addAll(pods);
    PriorityAdmission admission = PriorityAdmission.of(objects);
    for (String problem : admission.problems(objects)) {
      throw new InputException(source + ": " + problem);
    }
    for (String problem : admission.problems(pods)) {
      throw new InputException(podArg + ": " + problem);
    }
    VirtualClock clock = new VirtualClock(Simulation.startTime(all));
    ExplainState state = state(source, objects, clock, DisruptionBudgets.unobservedCount(given));
    InMemoryCluster inMemory = InMemoryCluster.builder().clock(clock).build();
    try {
      inMemory.createAll(objects);
    } catch (IllegalArgumentException e) {
      throw new InputException(source + ": " + e.getMessage(), e);
    }
    boolean allPlaced = true;
    try (Scheduler scheduler =
        Inputs.scheduler(
            Scheduler.builder()
                .cluster(inMemory)
                .registry(registry)
                .clock(clock)
                .seed(seed)
                .parallelism(1),
            configuration)) {
      List<Pod> targets = withProfiles(pods, scheduler.profileNames());
      for (int i = 0; i < targets.size(); i++) {
        Explanation e = scheduler.explain(targets.get(i));
        ExplainState s = state.forPod(explained.get(i).controller());
        if (format == OutputFormat.JSON) {
          out.println(JsonReports.explainLine(e, s));
        } else {
          if (i > 0) {
            out.println();
          }
          out.print(TextReports.explain(e));
          out.print(s.describe());
        }
        out.flush();
        if (!Explanation.SCHEDULED.equals(e.result()) && e.preemption() == null) {
          allPlaced = false;
        }
      }
    }
    return allPlaced ? SchedkitCli.EXIT_OK : SchedkitCli.EXIT_NEGATIVE;
  }

  /** The state every pod is explained against. */
  private ExplainState state(
      String source, List<KubeObject> objects, VirtualClock clock, int budgetsComputed) {
    int bound = 0;
    int pending = 0;
    int controllers = 0;
    for (KubeObject o : objects) {
      if (o instanceof Pod p) {
        if (p.isAssigned()) {
          bound++;
        } else {
          pending++;
        }
      } else if (o instanceof Workload w && w.template() != null) {
        controllers++;
      }
    }
    return new ExplainState(
        source,
        DateTimeFormatter.ISO_INSTANT.format(clock.now()),
        seed,
        bound,
        pending,
        controllers,
        null,
        budgetsComputed);
  }

  /**
   * Removes the pod {@code --pod NAMESPACE/NAME} (or {@code NAME} in {@code default}) from the live
   * {@code objects} and returns it unbound: a bound pod is explained as if it were pending, without
   * its own requests counted on its node.
   *
   * @throws InputException if the live cluster has no such pod
   */
  private Pod takeLivePod(List<KubeObject> objects) {
    int slash = podArg.indexOf('/');
    String ns = slash < 0 ? "default" : podArg.substring(0, slash);
    String name = slash < 0 ? podArg : podArg.substring(slash + 1);
    for (int i = 0; i < objects.size(); i++) {
      if (objects.get(i) instanceof Pod p && p.namespace().equals(ns) && p.name().equals(name)) {
        objects.remove(i);
        return new Pod(p.metadata(), p.spec().withNodeName(""), p.status());
      }
    }
    throw new InputException(
        "--pod: no file "
            + podArg
            + " and no pod "
            + ns
            + "/"
            + name
            + " in the cluster of "
            + kubeconfig
            + " (pods that succeeded or failed are not read)");
  }

  /**
   * The pods with the profile that explains them: {@code --profile}, else {@code
   * spec.schedulerName}, else {@code default-scheduler}.
   *
   * @throws InputException if that profile is not in the configuration
   */
  private List<Pod> withProfiles(List<Pod> pods, List<String> profiles) {
    String supported =
        profiles.stream().map(p -> "\"" + p + "\"").collect(Collectors.joining(", "));
    if (profile != null && !profiles.contains(profile)) {
      throw new InputException(
          "--profile: Unsupported value: \"" + profile + "\": supported values: " + supported);
    }
    List<Pod> out = new ArrayList<>(pods.size());
    for (Pod pod : pods) {
      String name = profile != null ? profile : pod.spec().schedulerName();
      if (name.isEmpty()) {
        name = Profile.DEFAULT_SCHEDULER_NAME;
      }
      if (!profiles.contains(name)) {
        throw new InputException(
            podArg
                + ": Pod "
                + pod.key()
                + ": spec.schedulerName: Unsupported value: \""
                + name
                + "\": supported values: "
                + supported);
      }
      out.add(pod.toBuilder().schedulerName(name).build());
    }
    return out;
  }
}
