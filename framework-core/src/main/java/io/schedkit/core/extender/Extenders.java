package io.schedkit.core.extender;

import io.schedkit.core.config.ArgsDecoder;
import io.schedkit.framework.PluginArgs;
import io.schedkit.framework.config.ExtenderConfig;
import io.schedkit.framework.config.ExtensionPoint;
import io.schedkit.framework.config.PluginConfig;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.RawArgs;
import io.schedkit.framework.config.SchedulerConfiguration;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a configuration's {@code extenders[]} into extenders, as kube-scheduler's {@code
 * buildExtenders}: one {@link HttpExtender} per entry, and the extended resources they manage with
 * {@code ignoredByScheduler} handed to NodeResourcesFit.
 *
 * <p>The extender configurations themselves are validated by the configuration decoder (a positive
 * weight for prioritizers, at most one binder, valid and unique managed resource names), not here.
 */
public final class Extenders {
  private Extenders() {}

  /** The plugin whose {@code ignoredResources} receive the extenders' ignored resources. */
  public static final String NODE_RESOURCES_FIT = "NodeResourcesFit";

  /** The args field of {@link #NODE_RESOURCES_FIT} that lists ignored extended resources. */
  public static final String IGNORED_RESOURCES = "ignoredResources";

  /**
   * One {@link HttpExtender} per configuration, in configuration order except that ignorable
   * extenders go last, as upstream places them.
   *
   * @param configs the {@code extenders[]} entries
   * @return the extenders; the caller closes them
   * @throws IllegalArgumentException if an extender cannot be built (see {@link HttpExtender})
   */
  public static List<HttpExtender> fromConfig(List<ExtenderConfig> configs) {
    List<HttpExtender> required = new ArrayList<>();
    List<HttpExtender> ignorable = new ArrayList<>();
    for (ExtenderConfig c : configs) {
      (c.ignorable() ? ignorable : required).add(new HttpExtender(c));
    }
    required.addAll(ignorable);
    return List.copyOf(required);
  }

  /**
   * The managed resources marked {@code ignoredByScheduler}, in configuration order.
   *
   * @param configs the {@code extenders[]} entries
   * @return the resource names
   */
  public static List<String> ignoredResources(List<ExtenderConfig> configs) {
    List<String> names = new ArrayList<>();
    for (ExtenderConfig c : configs) {
      for (ExtenderConfig.ManagedResource r : c.managedResources()) {
        if (r.ignoredByScheduler()) {
          names.add(r.name());
        }
      }
    }
    return names;
  }

  /**
   * {@code configuration} with the extenders' {@linkplain #ignoredResources ignored resources} set
   * as the {@code ignoredResources} of NodeResourcesFit in every profile: they replace what the
   * profile configured, as upstream ("the extender ignored resources take precedence"). Unchanged
   * when no extender ignores a resource.
   *
   * <p>Typed args are rebuilt through {@link ArgsDecoder} (any args record with an {@code
   * ignoredResources} component, so core needs no plugin types); {@link RawArgs} get the field set.
   * A profile that enables NodeResourcesFit without a {@code pluginConfig} entry gets one with just
   * this field (decoded over the defaults when the framework is built). Unlike upstream, which then
   * fails with {@code can't find NodeResourcesFitArgs in plugin config}, a profile without
   * NodeResourcesFit at all is left alone.
   *
   * @param configuration the configuration
   * @return the configuration to run
   * @throws IllegalArgumentException if NodeResourcesFit's args have no {@code ignoredResources}
   */
  public static SchedulerConfiguration withIgnoredResources(SchedulerConfiguration configuration) {
    List<String> names = ignoredResources(configuration.extenders());
    if (names.isEmpty()) {
      return configuration;
    }
    List<Profile> profiles = new ArrayList<>();
    for (Profile p : configuration.profiles()) {
      profiles.add(withIgnoredResources(p, names));
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

  private static Profile withIgnoredResources(Profile profile, List<String> names) {
    List<PluginConfig> configs = new ArrayList<>();
    boolean found = false;
    for (PluginConfig pc : profile.pluginConfig()) {
      if (pc.name().equals(NODE_RESOURCES_FIT)) {
        configs.add(new PluginConfig(pc.name(), withIgnoredResources(pc.args(), names)));
        found = true;
      } else {
        configs.add(pc);
      }
    }
    if (!found && enables(profile.plugins(), NODE_RESOURCES_FIT)) {
      configs.add(
          new PluginConfig(
              NODE_RESOURCES_FIT, new RawArgs(Map.of(IGNORED_RESOURCES, List.copyOf(names)))));
    }
    return new Profile(
        profile.schedulerName(), profile.percentageOfNodesToScore(), profile.plugins(), configs);
  }

  private static PluginArgs withIgnoredResources(PluginArgs args, List<String> names) {
    if (args instanceof RawArgs raw) {
      Map<String, Object> values = new LinkedHashMap<>(raw.values());
      values.put(IGNORED_RESOURCES, List.copyOf(names));
      return new RawArgs(values);
    }
    if (!hasComponent(args.getClass(), IGNORED_RESOURCES)) {
      throw new IllegalArgumentException(
          "want args to be of type NodeResourcesFitArgs, got " + args.getClass().getSimpleName());
    }
    return merge(args, Map.of(IGNORED_RESOURCES, List.copyOf(names)));
  }

  /** {@code args} with the fields of {@code values} decoded over it. */
  private static <A extends PluginArgs> A merge(A args, Map<String, Object> values) {
    @SuppressWarnings("unchecked") // getClass() of an A is a Class<? extends A>
    Class<A> type = (Class<A>) args.getClass();
    return new ArgsDecoder().decode(values, type, args);
  }

  private static boolean hasComponent(Class<?> type, String name) {
    if (!type.isRecord()) {
      return false;
    }
    for (RecordComponent rc : type.getRecordComponents()) {
      if (rc.getName().equals(name)) {
        return true;
      }
    }
    return false;
  }

  private static boolean enables(Plugins plugins, String name) {
    if (contains(plugins.multiPoint().enabled(), name)) {
      return true;
    }
    for (ExtensionPoint point : ExtensionPoint.values()) {
      if (contains(plugins.get(point).enabled(), name)) {
        return true;
      }
    }
    return false;
  }

  private static boolean contains(List<PluginRef> refs, String name) {
    return refs.stream().anyMatch(r -> r.name().equals(name));
  }
}
