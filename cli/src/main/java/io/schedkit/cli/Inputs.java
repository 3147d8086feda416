package io.schedkit.cli;

import io.schedkit.core.Scheduler;
import io.schedkit.core.codec.DecodeResult;
import io.schedkit.core.codec.FieldValidation;
import io.schedkit.core.codec.KubeCodec;
import io.schedkit.core.codec.KubeDecodeException;
import io.schedkit.core.config.ConfigException;
import io.schedkit.core.config.DefaultPlugins;
import io.schedkit.core.config.SchedulerConfigurationDecoder;
import io.schedkit.framework.Registry;
import io.schedkit.framework.config.ExtensionPoint;
import io.schedkit.framework.config.PluginConfig;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Workload;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Loads what the commands read: Kubernetes object files (a {@code List}, a multi-document YAML
 * stream or a single object, in YAML or JSON) through {@link KubeCodec}, and the scheduler
 * configuration through {@link SchedulerConfigurationDecoder}. Bad input becomes an {@link
 * InputException} whose message names the file, the object and the field (an unknown field too,
 * unless {@code --validate} relaxes it); warnings (objects of unknown kinds, unknown fields with
 * {@code --validate=warn}, plugins left out of a profile) go to stderr, one line each, prefixed
 * {@code warning: }.
 *
 * <p>When a plugin of kube-scheduler's default profile is not on the class path, profiles run
 * without it (with a warning) instead of failing: the default profile then uses every default
 * plugin that is available.
 */
final class Inputs {
  private final KubeCodec codec;
  private final PrintWriter err;

  /** Inputs whose unknown fields are treated as {@code validation} says ({@code --validate}). */
  Inputs(PrintWriter err, FieldValidation validation) {
    this.codec = new KubeCodec(validation);
    this.err = err;
  }

  /** A configuration and where it came from ({@code source} null for the built-in defaults). */
  record Config(SchedulerConfiguration configuration, String source) {}

  /** Prints one warning line on stderr. */
  void warn(String message) {
    err.println("warning: " + message);
    err.flush();
  }

  /** Every object of {@code file}, in file order. */
  List<KubeObject> objects(Path file) {
    DecodeResult decoded;
    try {
      decoded = codec.decode(file);
    } catch (KubeDecodeException e) {
      throw new InputException(e.getMessage(), e);
    }
    decoded.warnings().forEach(this::warn);
    return decoded.objects();
  }

  /**
   * A pod to explain and where it came from.
   *
   * @param pod the pod
   * @param controller the controller whose first pod it is ({@code <kind> <namespace>/<name>});
   *     null for a pod of the file
   */
  record ExplainedPod(Pod pod, String controller) {}

  /**
   * The pods of {@code file}, in file order: its pods, and for each workload controller
   * (Deployment, ReplicaSet, StatefulSet, DaemonSet, Job, ReplicationController) the first pod it
   * would create ({@code firstPod}); other objects are ignored with a warning, as is a controller
   * that would create no pod. A pod without a UID gets {@code pod-<namespace>-<name>}.
   *
   * @throws InputException if the file holds no pod and no controller that creates one
   */
  List<ExplainedPod> pods(Path file, Function<Workload, Optional<Pod>> firstPod) {
    List<ExplainedPod> pods = new ArrayList<>();
    for (KubeObject o : objects(file)) {
      Pod pod;
      String controller = null;
      if (o instanceof Pod p) {
        pod = p;
      } else if (o instanceof Workload w) {
        Optional<Pod> first = firstPod.apply(w);
        if (first.isEmpty()) {
          warn(
              file
                  + ": ignoring "
                  + w.kind()
                  + " "
                  + w.key()
                  + ": it would create no pod ("
                  + (w.template() == null
                      ? "no spec.template"
                      : "no replica, suspended or paused, or no node to run on")
                  + ")");
          continue;
        }
        pod = first.get();
        controller = w.kind() + " " + w.key();
      } else {
        warn(
            file
                + ": ignoring "
                + o.kind()
                + " "
                + o.key()
                + ": only pods and workload controllers' pods are explained");
        continue;
      }
      if (pod.uid().isEmpty()) {
        String uid = ("pod-" + pod.namespace() + "-" + pod.name()).toLowerCase(Locale.ROOT);
        pod = pod.toBuilder().uid(uid).build();
      }
      pods.add(new ExplainedPod(pod, controller));
    }
    if (pods.isEmpty()) {
      throw new InputException(file + ": no Pod found");
    }
    return pods;
  }

  /**
   * The configuration of {@code file}, or kube-scheduler's defaults when {@code file} is null.
   *
   * @throws InputException if the file cannot be read or is not a valid configuration
   */
  Config configuration(Path file, Registry registry) {
    SchedulerConfigurationDecoder decoder = new SchedulerConfigurationDecoder();
    SchedulerConfiguration configuration;
    if (file == null) {
      configuration = decoder.defaults(registry);
    } else {
      try {
        SchedulerConfigurationDecoder.Decoded decoded = decoder.decode(file, registry);
        decoded.warnings().forEach(this::warn);
        configuration = decoded.configuration();
      } catch (ConfigException e) {
        throw new InputException(e.getMessage(), e);
      }
    }
    return new Config(
        withoutMissingDefaults(configuration, registry), file == null ? null : file.toString());
  }

  /**
   * Builds a scheduler with {@code config}.
   *
   * @throws InputException if a configuration file's profiles cannot be built (unknown plugin,
   *     plugin without the extension point, ...)
   */
  static Scheduler scheduler(Scheduler.Builder builder, Config config) {
    try {
      return builder.configuration(config.configuration()).build();
    } catch (IllegalArgumentException e) {
      if (config.source() == null) {
        throw e;
      }
      throw new InputException(config.source() + ": " + e.getMessage(), e);
    }
  }

  /** {@code configuration} without the default plugins that {@code registry} does not provide. */
  private SchedulerConfiguration withoutMissingDefaults(
      SchedulerConfiguration configuration, Registry registry) {
    Set<String> missing = new TreeSet<>();
    for (PluginRef ref : DefaultPlugins.MULTI_POINT) {
      if (!registry.contains(ref.name()) && !DefaultPlugins.OUT_OF_SCOPE.contains(ref.name())) {
        missing.add(ref.name());
      }
    }
    if (missing.isEmpty()) {
      return configuration;
    }
    List<Profile> profiles = new ArrayList<>();
    for (Profile p : configuration.profiles()) {
      Set<String> removed = new TreeSet<>();
      Plugins plugins = p.plugins();
      Map<ExtensionPoint, PluginSet> points = new EnumMap<>(ExtensionPoint.class);
      for (ExtensionPoint point : ExtensionPoint.values()) {
        PluginSet set = plugins.get(point);
        if (!set.isEmpty()) {
          points.put(point, without(set, missing, removed));
        }
      }
      PluginSet multiPoint = without(plugins.multiPoint(), missing, removed);
      List<PluginConfig> configs =
          p.pluginConfig().stream().filter(c -> !missing.contains(c.name())).toList();
      for (String name : removed) {
        warn(
            "plugin "
                + name
                + " of kube-scheduler's default profile is not on the class path; profile "
                + p.schedulerName()
                + " runs without it");
      }
      profiles.add(
          new Profile(
              p.schedulerName(),
              p.percentageOfNodesToScore(),
              new Plugins(multiPoint, points),
              configs));
    }
    return new SchedulerConfiguration(
        configuration.parallelism(),
        configuration.percentageOfNodesToScore(),
        configuration.podInitialBackoffSeconds(),
        configuration.podMaxBackoffSeconds(),
        profiles,
        configuration.extenders(),
        configuration.leaderElection());
  }

  private static PluginSet without(PluginSet set, Set<String> missing, Set<String> removed) {
    List<PluginRef> enabled = new ArrayList<>();
    for (PluginRef ref : set.enabled()) {
      if (missing.contains(ref.name())) {
        removed.add(ref.name());
      } else {
        enabled.add(ref);
      }
    }
    return new PluginSet(enabled, set.disabled());
  }
}
