package io.schedkit.core.runtime;

import io.schedkit.framework.BindPlugin;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.EnqueueExtensions;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.PermitPlugin;
import io.schedkit.framework.Plugin;
import io.schedkit.framework.PluginArgs;
import io.schedkit.framework.PostBindPlugin;
import io.schedkit.framework.PostFilterPlugin;
import io.schedkit.framework.PreBindPlugin;
import io.schedkit.framework.PreEnqueuePlugin;
import io.schedkit.framework.PreFilterPlugin;
import io.schedkit.framework.PreScorePlugin;
import io.schedkit.framework.QueueSortPlugin;
import io.schedkit.framework.Registry;
import io.schedkit.framework.ReservePlugin;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.config.ExtensionPoint;
import io.schedkit.framework.config.PluginConfig;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.RawArgs;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Builds a profile's {@link Framework} from its configuration and a {@link Registry}, with
 * kube-scheduler's rules and error messages: plugins are created once each with their args,
 * per-point lists are built and {@code multiPoint} is expanded into them (explicit entries override
 * multi-point ones in place), and the profile is checked (exactly one QueueSort, at least one Bind,
 * score weights that cannot overflow).
 *
 * <p>Every error is an {@link IllegalArgumentException} whose message starts with {@code creating
 * profile for scheduler name <name>:} followed by upstream's wording.
 */
public final class FrameworkBuilder {
  private FrameworkBuilder() {}

  /** Converts untyped args into a plugin's args type (the JSON decoder, in practice). */
  @FunctionalInterface
  public interface ArgsConverter extends BiFunction<RawArgs, Registry.Entry, PluginArgs> {}

  /** The plugin lists of a framework under construction. */
  static final class Lists {
    String profileName;
    Integer percentageOfNodesToScore;
    final Map<String, Plugin> plugins = new LinkedHashMap<>();
    final Map<ExtensionPoint, List<Plugin>> points = new EnumMap<>(ExtensionPoint.class);
    List<PreEnqueuePlugin> preEnqueue;
    List<QueueSortPlugin> queueSort;
    List<PreFilterPlugin> preFilter;
    List<FilterPlugin> filter;
    List<PostFilterPlugin> postFilter;
    List<PreScorePlugin> preScore;
    List<ScorePlugin> score;
    long[] scoreWeights;
    List<ReservePlugin> reserve;
    List<PermitPlugin> permit;
    List<PreBindPlugin> preBind;
    List<BindPlugin> bind;
    List<PostBindPlugin> postBind;
    final Map<String, List<ClusterEventWithHint>> eventsToRegister = new LinkedHashMap<>();
  }

  /**
   * Builds the framework of {@code profile}.
   *
   * @param profile the profile, with defaults applied
   * @param registry the plugins available
   * @param services what the framework shares with the scheduler
   * @param argsConverter decodes {@link RawArgs} into a registered plugin's args type
   * @throws IllegalArgumentException if the profile is invalid
   */
  public static Framework build(
      Profile profile, Registry registry, FrameworkServices services, ArgsConverter argsConverter) {
    try {
      return doBuild(profile, registry, services, argsConverter);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "creating profile for scheduler name " + profile.schedulerName() + ": " + e.getMessage(),
          e);
    }
  }

  private static Framework doBuild(
      Profile profile, Registry registry, FrameworkServices services, ArgsConverter argsConverter) {
    Lists l = new Lists();
    l.profileName = profile.schedulerName();
    l.percentageOfNodesToScore = profile.percentageOfNodesToScore();

    Map<String, PluginArgs> argsByName = new HashMap<>();
    for (PluginConfig pc : profile.pluginConfig()) {
      if (argsByName.put(pc.name(), pc.args()) != null) {
        throw new IllegalArgumentException("repeated config for plugin " + pc.name());
      }
    }

    WaitingPods waitingPods = new WaitingPods(services.clock());
    Handle handle = new Handle(l.profileName, services, waitingPods);

    // Create each needed plugin once, in order of first mention.
    Set<String> needed = new LinkedHashSet<>();
    profile.plugins().multiPoint().enabled().forEach(p -> needed.add(p.name()));
    for (ExtensionPoint point : ExtensionPoint.fillOrder()) {
      profile.plugins().get(point).enabled().forEach(p -> needed.add(p.name()));
    }
    for (String name : needed) {
      Registry.Entry entry = registry.get(name).orElse(null);
      if (entry == null) {
        continue;
      }
      PluginArgs args = argsByName.get(name);
      if (args instanceof RawArgs && entry.argsType() != null) {
        args = argsConverter.apply((RawArgs) args, entry);
      }
      if (args != null && entry.argsType() != null && !entry.argsType().isInstance(args)) {
        throw new IllegalArgumentException(
            "plugin "
                + name
                + " expects args of type "
                + entry.argsType().getSimpleName()
                + ", got "
                + args.getClass().getSimpleName());
      }
      if (args != null) {
        List<PluginArgs.FieldError> errors = args.validate();
        if (!errors.isEmpty()) {
          throw new IllegalArgumentException(
              "invalid args of plugin "
                  + name
                  + ": "
                  + String.join("; ", errors.stream().map(e -> e.render("")).toList()));
        }
      }
      Plugin plugin;
      try {
        plugin = entry.factory().create(args, handle);
      } catch (Exception e) {
        throw new IllegalArgumentException(
            "initializing plugin \"" + name + "\": " + e.getMessage(), e);
      }
      if (plugin == null) {
        throw new IllegalArgumentException(
            "initializing plugin \"" + name + "\": factory returned null");
      }
      l.plugins.put(name, plugin);
      fillEnqueueExtensions(l, plugin);
    }

    for (ExtensionPoint point : ExtensionPoint.fillOrder()) {
      l.points.put(point, explicitList(point, profile.plugins().get(point), l.plugins));
    }
    if (!profile.plugins().multiPoint().enabled().isEmpty()) {
      for (ExtensionPoint point : ExtensionPoint.fillOrder()) {
        expandMultiPoint(point, profile, l);
      }
    }

    l.preEnqueue = cast(l.points.get(ExtensionPoint.PRE_ENQUEUE), PreEnqueuePlugin.class);
    l.queueSort = cast(l.points.get(ExtensionPoint.QUEUE_SORT), QueueSortPlugin.class);
    l.preFilter = cast(l.points.get(ExtensionPoint.PRE_FILTER), PreFilterPlugin.class);
    l.filter = cast(l.points.get(ExtensionPoint.FILTER), FilterPlugin.class);
    l.postFilter = cast(l.points.get(ExtensionPoint.POST_FILTER), PostFilterPlugin.class);
    l.preScore = cast(l.points.get(ExtensionPoint.PRE_SCORE), PreScorePlugin.class);
    l.score = cast(l.points.get(ExtensionPoint.SCORE), ScorePlugin.class);
    l.reserve = cast(l.points.get(ExtensionPoint.RESERVE), ReservePlugin.class);
    l.permit = cast(l.points.get(ExtensionPoint.PERMIT), PermitPlugin.class);
    l.preBind = cast(l.points.get(ExtensionPoint.PRE_BIND), PreBindPlugin.class);
    l.bind = cast(l.points.get(ExtensionPoint.BIND), BindPlugin.class);
    l.postBind = cast(l.points.get(ExtensionPoint.POST_BIND), PostBindPlugin.class);

    if (l.queueSort.size() != 1) {
      throw new IllegalArgumentException(
          "only one queue sort plugin required for profile with scheduler name \""
              + l.profileName
              + "\", but got "
              + l.queueSort.size());
    }
    if (l.bind.isEmpty()) {
      throw new IllegalArgumentException(
          "at least one bind plugin is needed for profile with scheduler name \""
              + l.profileName
              + "\"");
    }
    l.scoreWeights = scoreWeights(profile, l);

    Framework built = new Framework(l, services, waitingPods);
    handle.bind(built);
    built.setHandle(handle);
    return built;
  }

  private static void fillEnqueueExtensions(Lists l, Plugin plugin) {
    boolean eligible =
        plugin instanceof PreEnqueuePlugin
            || plugin instanceof PreFilterPlugin
            || plugin instanceof FilterPlugin
            || plugin instanceof ReservePlugin
            || plugin instanceof PermitPlugin;
    if (!eligible) {
      return;
    }
    List<ClusterEventWithHint> events;
    if (plugin instanceof EnqueueExtensions) {
      try {
        events = List.copyOf(((EnqueueExtensions) plugin).eventsToRegister());
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(
            "getting events to register of plugin \"" + plugin.name() + "\": " + e.getMessage(), e);
      }
    } else {
      events =
          List.of(
              ClusterEventWithHint.of(
                  ClusterEvent.of(
                      io.schedkit.framework.EventResource.WILDCARD,
                      io.schedkit.framework.ActionType.ALL)));
    }
    l.eventsToRegister.put(plugin.name(), events);
  }

  private static List<Plugin> explicitList(
      ExtensionPoint point, PluginSet set, Map<String, Plugin> plugins) {
    String iface = point.pluginInterface().getSimpleName();
    List<Plugin> list = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (PluginRef ref : set.enabled()) {
      Plugin p = plugins.get(ref.name());
      if (p == null) {
        throw new IllegalArgumentException(iface + " \"" + ref.name() + "\" does not exist");
      }
      if (!point.isImplementedBy(p)) {
        throw new IllegalArgumentException(
            "plugin \"" + ref.name() + "\" does not extend " + iface + " plugin");
      }
      if (!seen.add(ref.name())) {
        throw new IllegalArgumentException(
            "plugin \"" + ref.name() + "\" already registered as \"" + iface + "\"");
      }
      list.add(p);
    }
    return list;
  }

  private static void expandMultiPoint(ExtensionPoint point, Profile profile, Lists l) {
    PluginSet set = profile.plugins().get(point);
    if (set.disablesAll()) {
      return;
    }
    String iface = point.pluginInterface().getSimpleName();
    LinkedHashSet<String> enabled = new LinkedHashSet<>();
    set.enabled().forEach(r -> enabled.add(r.name()));
    Set<String> disabled = new HashSet<>();
    set.disabled().forEach(r -> disabled.add(r.name()));
    LinkedHashSet<String> multi = new LinkedHashSet<>();
    Set<String> overrides = new HashSet<>();
    for (PluginRef ref : profile.plugins().multiPoint().enabled()) {
      Plugin p = l.plugins.get(ref.name());
      if (p == null) {
        throw new IllegalArgumentException(iface + " \"" + ref.name() + "\" does not exist");
      }
      if (!point.isImplementedBy(p) || disabled.contains(ref.name())) {
        continue;
      }
      if (enabled.contains(ref.name())) {
        overrides.add(ref.name());
        continue;
      }
      if (!multi.add(ref.name())) {
        throw new IllegalArgumentException(
            "plugin \"" + ref.name() + "\" already registered as \"" + iface + "\"");
      }
    }
    List<Plugin> ordered = new ArrayList<>();
    for (String name : enabled) {
      if (overrides.contains(name)) {
        ordered.add(l.plugins.get(name));
      }
    }
    for (String name : multi) {
      ordered.add(l.plugins.get(name));
    }
    for (String name : enabled) {
      if (!overrides.contains(name)) {
        ordered.add(l.plugins.get(name));
      }
    }
    l.points.put(point, ordered);
  }

  private static long[] scoreWeights(Profile profile, Lists l) {
    Map<String, Long> weights = new HashMap<>();
    long total = 0;
    List<PluginRef> refs = new ArrayList<>(profile.plugins().get(ExtensionPoint.SCORE).enabled());
    refs.addAll(profile.plugins().multiPoint().enabled());
    for (PluginRef ref : refs) {
      Plugin p = l.plugins.get(ref.name());
      if (!(p instanceof ScorePlugin) || weights.containsKey(ref.name())) {
        continue;
      }
      long w = ref.weight() == 0 ? 1 : ref.weight();
      weights.put(ref.name(), w);
      total = addScoreWeight(total, w, ScorePlugin.MAX_TOTAL_SCORE);
    }
    long[] out = new long[l.score.size()];
    for (int i = 0; i < out.length; i++) {
      Long w = weights.get(l.score.get(i).name());
      if (w == null || w == 0) {
        throw new IllegalArgumentException(
            "score plugin \"" + l.score.get(i).name() + "\" is not configured with weight");
      }
      out[i] = w;
    }
    return out;
  }

  /**
   * Adds one plugin's highest weighted score to {@code total}, failing as upstream when the sum of
   * weighted maximum scores could exceed {@code maxTotalScore}. (With int32 weights this needs
   * millions of plugins at the highest weight; the check is kept for exactness.)
   */
  static long addScoreWeight(long total, long weight, long maxTotalScore) {
    if (weight * ScorePlugin.MAX_NODE_SCORE > maxTotalScore - total) {
      throw new IllegalArgumentException("total score of Score plugins could overflow");
    }
    return total + weight * ScorePlugin.MAX_NODE_SCORE;
  }

  private static <T> List<T> cast(List<Plugin> plugins, Class<T> type) {
    List<T> out = new ArrayList<>(plugins.size());
    for (Plugin p : plugins) {
      out.add(type.cast(p));
    }
    return out;
  }
}
