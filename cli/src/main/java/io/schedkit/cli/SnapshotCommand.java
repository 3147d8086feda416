package io.schedkit.cli;

import io.schedkit.core.codec.KubeCodec;
import io.schedkit.framework.cluster.ClusterObjects;
import io.schedkit.framework.model.KubeObject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code schedkit snapshot}: the live cluster's scheduling-relevant objects as one {@code List}
 * that {@code explain --cluster} and {@code simulate --cluster} read unchanged.
 */
@Command(
    name = "snapshot",
    versionProvider = SchedkitCli.Version.class,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Writes the live cluster's objects that scheduling reads (Nodes, Pods bound and pending,"
          + " PodDisruptionBudgets, PriorityClasses, Namespaces, Services, ReplicaSets,"
          + " StatefulSets, ReplicationControllers, PodGroups) as one List, in the form"
          + " 'explain --cluster' and 'simulate --cluster' read."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:written",
      "2:bad usage, bad kubeconfig or unreadable cluster",
      "3:internal error"
    })
final class SnapshotCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(
      names = "--kubeconfig",
      paramLabel = "FILE",
      description =
          "The kubeconfig; default: KUBECONFIG, ~/.kube/config, then the in-cluster service"
              + " account.")
  private Path kubeconfig;

  @Option(names = "--context", paramLabel = "NAME", description = "The kubeconfig context.")
  private String context;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description = "Where to write the List; default: stdout.")
  private Path output;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "yaml",
      description = "yaml or json; default: yaml.")
  private String format;

  @Option(
      names = "--namespace",
      paramLabel = "NS",
      description =
          "Only this namespace's namespaced objects (cluster-scoped ones are always written).")
  private String namespace;

  @Override
  public Integer call() {
    boolean yaml;
    if ("yaml".equalsIgnoreCase(format)) {
      yaml = true;
    } else if ("json".equalsIgnoreCase(format)) {
      yaml = false;
    } else {
      throw new InputException(
          "--format: Unsupported value: \"" + format + "\": supported values: \"yaml\", \"json\"");
    }
    ClusterObjects objects = LiveCluster.read(kubeconfig, context);
    List<KubeObject> kept = new ArrayList<>();
    for (KubeObject o : objects.all()) {
      String ns = o.metadata().namespace();
      if (namespace == null || ns.isEmpty() || ns.equals(namespace)) {
        kept.add(o);
      }
    }
    String text = new KubeCodec().toList(kept, yaml);
    if (output == null) {
      PrintWriter out = spec.commandLine().getOut();
      out.print(text);
      out.flush();
    } else {
      try {
        Files.writeString(output, text, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new InputException(output + ": cannot write: " + e.getMessage(), e);
      }
      PrintWriter err = spec.commandLine().getErr();
      err.println("wrote " + kept.size() + " objects to " + output);
      err.flush();
    }
    return SchedkitCli.EXIT_OK;
  }
}
