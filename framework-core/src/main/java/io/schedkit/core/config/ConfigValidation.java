package io.schedkit.core.config;

import io.schedkit.core.runtime.GoDuration;
import io.schedkit.framework.PluginArgs;
import io.schedkit.framework.PluginArgs.FieldError;
import io.schedkit.framework.config.ExtenderConfig;
import io.schedkit.framework.config.ExtensionPoint;
import io.schedkit.framework.config.LeaderElectionConfig;
import io.schedkit.framework.config.PluginConfig;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.RawArgs;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.ResourceNames;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Upstream's {@code ValidateKubeSchedulerConfiguration} on a defaulted configuration: the checks,
 * their order and their wording, each error rendered as apimachinery's {@code field.Error}.
 *
 * <p>Differences from upstream, all deliberate: invalid-plugin errors are listed in extension point
 * order (upstream walks a Go map); every typed args record is validated through {@link
 * PluginArgs#validate()} (upstream validates a fixed list of plugins and, because of a key typo,
 * checks NodeResourcesFit's args only when the plugin is created); queue sort args are printed with
 * their Java {@code toString()} instead of Go's {@code %#v}.
 */
final class ConfigValidation {
  private ConfigValidation() {}

  private static final String INVALID_IN_V1 =
      "was invalid in version \""
          + SchedulerConfigurationDecoder.API_VERSION
          + "\" (KubeSchedulerConfiguration is version \""
          + SchedulerConfigurationDecoder.API_VERSION
          + "\")";

  /** A value printed without quotes, as Go prints a {@code fmt.Stringer} field value. */
  private record Unquoted(String text) {
    @Override
    public String toString() {
      return text;
    }
  }

  /** Every problem of {@code c}, rendered, in upstream's order. */
  static List<String> validate(SchedulerConfiguration c) {
    List<FieldError> errs = new ArrayList<>();
    leaderElection(c.leaderElection(), errs);
    if (c.parallelism() <= 0) {
      errs.add(
          FieldError.invalid(
              "parallelism", c.parallelism(), "should be an integer value greater than zero"));
    }
    List<Profile> profiles = c.profiles();
    if (profiles.isEmpty()) {
      errs.add(FieldError.required("profiles", ""));
    } else {
      Map<String, Integer> seen = new HashMap<>();
      for (int i = 0; i < profiles.size(); i++) {
        String path = "profiles[" + i + "]";
        profile(profiles.get(i), path, errs);
        Integer earlier = seen.put(profiles.get(i).schedulerName(), i);
        if (earlier != null) {
          errs.add(
              FieldError.duplicate(
                  path + ".schedulerName",
                  new Unquoted("profiles[" + earlier + "].schedulerName")));
        }
      }
      commonQueueSort(profiles, errs);
    }
    percentage("percentageOfNodesToScore", c.percentageOfNodesToScore(), errs);
    if (c.podInitialBackoffSeconds() <= 0) {
      errs.add(
          FieldError.invalid(
              "podInitialBackoffSeconds", c.podInitialBackoffSeconds(), "must be greater than 0"));
    }
    if (c.podMaxBackoffSeconds() < c.podInitialBackoffSeconds()) {
      errs.add(
          FieldError.invalid(
              "podMaxBackoffSeconds",
              c.podMaxBackoffSeconds(),
              "must be greater than or equal to PodInitialBackoffSeconds"));
    }
    extenders(c.extenders(), errs);
    return errs.stream().map(e -> e.render("")).toList();
  }

  private static void leaderElection(LeaderElectionConfig le, List<FieldError> errs) {
    if (!le.leaderElect()) {
      return;
    }
    String p = "leaderElection";
    positive(le.leaseDuration(), p + ".leaseDuration", errs);
    positive(le.renewDeadline(), p + ".renewDeadline", errs);
    positive(le.retryPeriod(), p + ".retryPeriod", errs);
    if (le.leaseDuration().compareTo(le.renewDeadline()) <= 0) {
      errs.add(
          FieldError.invalid(
              p + ".leaseDuration",
              duration(le.renewDeadline()),
              "LeaseDuration must be greater than RenewDeadline"));
    }
    required(le.resourceLock(), p + ".resourceLock", "resourceLock is required", errs);
    required(
        le.resourceNamespace(), p + ".resourceNamespace", "resourceNamespace is required", errs);
    required(le.resourceName(), p + ".resourceName", "resourceName is required", errs);
    if (!"leases".equals(le.resourceLock())) {
      errs.add(
          FieldError.invalid(
              p + ".resourceLock", le.resourceLock(), "resourceLock value must be \"leases\""));
    }
  }

  private static void positive(Duration d, String path, List<FieldError> errs) {
    if (d.isNegative() || d.isZero()) {
      errs.add(FieldError.invalid(path, duration(d), "must be greater than zero"));
    }
  }

  private static void required(String v, String path, String detail, List<FieldError> errs) {
    if (v == null || v.isEmpty()) {
      errs.add(FieldError.invalid(path, "", detail));
    }
  }

  private static Unquoted duration(Duration d) {
    return new Unquoted(GoDuration.format(d));
  }

  private static void percentage(String path, Integer value, List<FieldError> errs) {
    if (value != null && (value < 0 || value > 100)) {
      errs.add(FieldError.invalid(path, value, "not in valid range [0-100]"));
    }
  }

  private static void profile(Profile profile, String path, List<FieldError> errs) {
    if (profile.schedulerName().isEmpty()) {
      errs.add(FieldError.required(path + ".schedulerName", ""));
    }
    percentage(path + ".percentageOfNodesToScore", profile.percentageOfNodesToScore(), errs);
    for (ExtensionPoint point : ExtensionPoint.values()) {
      List<PluginRef> enabled = profile.plugins().get(point).enabled();
      for (int j = 0; j < enabled.size(); j++) {
        if (DefaultPlugins.REMOVED_IN_V1.contains(enabled.get(j).name())) {
          errs.add(
              FieldError.invalid(
                  path + ".plugins." + point.configName() + ".enabled[" + j + "]",
                  enabled.get(j).name(),
                  INVALID_IN_V1));
        }
      }
    }
    Set<String> seen = new HashSet<>();
    List<PluginConfig> configs = profile.pluginConfig();
    for (int j = 0; j < configs.size(); j++) {
      PluginConfig pc = configs.get(j);
      String p = path + ".pluginConfig[" + j + "]";
      if (!seen.add(pc.name())) {
        errs.add(FieldError.duplicate(p, pc.name()));
      }
      if (DefaultPlugins.REMOVED_IN_V1.contains(pc.name())) {
        errs.add(FieldError.invalid(p, pc.name(), INVALID_IN_V1));
      } else if (!(pc.args() instanceof RawArgs)) {
        for (FieldError e : pc.args().validate()) {
          errs.add(e.under(p + ".args"));
        }
      }
    }
  }

  private static void commonQueueSort(List<Profile> profiles, List<FieldError> errs) {
    PluginSet canon = profiles.get(0).plugins().get(ExtensionPoint.QUEUE_SORT);
    String queueSortName = canon.enabled().isEmpty() ? "" : canon.enabled().get(0).name();
    if (canon.enabled().size() > 1) {
      errs.add(
          FieldError.invalid(
              "profiles[0].plugins.queueSort.Enabled",
              canon.enabled().size(),
              "only one queue sort plugin can be enabled"));
    }
    PluginArgs queueSortArgs = null;
    for (PluginConfig pc : profiles.get(0).pluginConfig()) {
      if (!queueSortName.isEmpty() && pc.name().equals(queueSortName)) {
        queueSortArgs = pc.args();
      }
    }
    for (int i = 1; i < profiles.size(); i++) {
      PluginSet current = profiles.get(i).plugins().get(ExtensionPoint.QUEUE_SORT);
      if (!canon.equals(current)) {
        errs.add(
            FieldError.invalid(
                "profiles[" + i + "].plugins.queueSort",
                new Unquoted(goPluginSet(current)),
                "must be the same for all profiles"));
      }
      for (PluginConfig pc : profiles.get(i).pluginConfig()) {
        if (pc.name().equals(queueSortName) && !Objects.equals(queueSortArgs, pc.args())) {
          errs.add(
              FieldError.invalid(
                  "profiles[" + i + "].pluginConfig.args",
                  new Unquoted(String.valueOf(pc.args())),
                  "queueSort must be the same for all profiles"));
        }
      }
    }
  }

  /** A plugin set as Go's {@code %#v} prints upstream's internal {@code config.PluginSet}. */
  static String goPluginSet(PluginSet set) {
    return "config.PluginSet{Enabled:"
        + goPlugins(set.enabled())
        + ", Disabled:"
        + goPlugins(set.disabled())
        + "}";
  }

  private static String goPlugins(List<PluginRef> refs) {
    if (refs.isEmpty()) {
      return "[]config.Plugin(nil)";
    }
    StringBuilder s = new StringBuilder("[]config.Plugin{");
    for (int i = 0; i < refs.size(); i++) {
      PluginRef r = refs.get(i);
      s.append(i == 0 ? "" : ", ")
          .append("config.Plugin{Name:")
          .append(FieldError.goQuote(r.name()))
          .append(", Weight:")
          .append(r.weight())
          .append('}');
    }
    return s.append('}').toString();
  }

  private static void extenders(List<ExtenderConfig> extenders, List<FieldError> errs) {
    int binders = 0;
    Set<String> managed = new HashSet<>();
    for (int i = 0; i < extenders.size(); i++) {
      ExtenderConfig e = extenders.get(i);
      String path = "extenders[" + i + "]";
      if (!e.prioritizeVerb().isEmpty() && e.weight() <= 0) {
        errs.add(
            FieldError.invalid(
                path + ".weight", e.weight(), "must have a positive weight applied to it"));
      }
      if (!e.bindVerb().isEmpty()) {
        binders++;
      }
      for (int j = 0; j < e.managedResources().size(); j++) {
        String name = e.managedResources().get(j).name();
        String p = path + ".managedResources[" + j + "].name";
        List<String> problems = FieldError.qualifiedNameProblems(name);
        if (!problems.isEmpty()) {
          for (String problem : problems) {
            errs.add(FieldError.invalid(p, new Unquoted(name), problem));
          }
        } else if (!ResourceNames.isExtended(name)) {
          errs.add(FieldError.invalid(p, name, "is an invalid extended resource name"));
        }
        if (!managed.add(name)) {
          errs.add(FieldError.invalid(p, name, "duplicate extender managed resource name"));
        }
      }
    }
    if (binders > 1) {
      errs.add(
          FieldError.invalid(
              "extenders",
              "found " + binders + " extenders implementing bind",
              "only one extender can implement bind"));
    }
  }
}
