package io.schedkit.core.config;

import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.runtime.Framework;
import io.schedkit.core.runtime.FrameworkBuilder;
import io.schedkit.core.runtime.FrameworkServices;
import io.schedkit.framework.BindPlugin;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.ObjectLister;
import io.schedkit.framework.Parallelizer;
import io.schedkit.framework.Plugin;
import io.schedkit.framework.PluginArgs;
import io.schedkit.framework.PodNominator;
import io.schedkit.framework.PostFilterPlugin;
import io.schedkit.framework.PreEnqueuePlugin;
import io.schedkit.framework.PreFilterPlugin;
import io.schedkit.framework.PreScorePlugin;
import io.schedkit.framework.QueueSortPlugin;
import io.schedkit.framework.Registry;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.cluster.ClusterView;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.model.NodeAffinity;
import io.schedkit.framework.model.TopologySpreadConstraint;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Test support: a registry of the in-scope default plugins as proxy fakes (only their names and
 * interfaces matter) with test-only args records shaped like the real ones, and a way to build a
 * profile's framework from it.
 */
final class ConfigFixtures {
  private ConfigFixtures() {}

  /** A plugin that implements {@code interfaces} and answers only {@code name()}. */
  static Plugin fake(String name, Class<?>... interfaces) {
    Class<?>[] all = new Class<?>[interfaces.length + 1];
    all[0] = Plugin.class;
    System.arraycopy(interfaces, 0, all, 1, interfaces.length);
    return (Plugin)
        Proxy.newProxyInstance(
            ConfigFixtures.class.getClassLoader(),
            all,
            (proxy, method, args) -> {
              switch (method.getName()) {
                case "name":
                  return name;
                case "toString":
                  return "fake " + name;
                case "hashCode":
                  return System.identityHashCode(proxy);
                case "equals":
                  return proxy == args[0];
                default:
                  throw new UnsupportedOperationException(name + "." + method.getName());
              }
            });
  }

  /** A proxy of {@code type} that fails on every call: services a build never uses. */
  static <T> T unused(Class<T> type) {
    return type.cast(
        Proxy.newProxyInstance(
            ConfigFixtures.class.getClassLoader(),
            new Class<?>[] {type},
            (proxy, method, args) -> {
              throw new UnsupportedOperationException(
                  type.getSimpleName() + "." + method.getName());
            }));
  }

  private static void add(Registry r, String name, Class<?>... interfaces) {
    r.register(name, (args, handle) -> fake(name, interfaces));
  }

  private static <A extends PluginArgs> void add(
      Registry r, String name, Class<A> argsType, A defaults, Class<?>... interfaces) {
    r.register(name, argsType, () -> defaults, (args, handle) -> fake(name, interfaces));
  }

  /** The default plugins schedkit implements, with test args types where upstream has args. */
  static Registry defaultRegistry() {
    Registry r = new Registry();
    add(r, "SchedulingGates", PreEnqueuePlugin.class);
    add(r, "PrioritySort", QueueSortPlugin.class);
    add(r, "NodeUnschedulable", FilterPlugin.class);
    add(r, "NodeName", FilterPlugin.class);
    add(r, "TaintToleration", FilterPlugin.class, PreScorePlugin.class, ScorePlugin.class);
    add(
        r,
        "NodeAffinity",
        AffinityArgs.class,
        AffinityArgs.defaults(),
        PreFilterPlugin.class,
        FilterPlugin.class,
        PreScorePlugin.class,
        ScorePlugin.class);
    add(r, "NodePorts", PreFilterPlugin.class, FilterPlugin.class);
    add(
        r,
        "NodeResourcesFit",
        FitArgs.class,
        FitArgs.defaults(),
        PreFilterPlugin.class,
        FilterPlugin.class,
        PreScorePlugin.class,
        ScorePlugin.class);
    add(
        r,
        "PodTopologySpread",
        SpreadArgs.class,
        SpreadArgs.defaults(),
        PreFilterPlugin.class,
        FilterPlugin.class,
        PreScorePlugin.class,
        ScorePlugin.class);
    add(
        r,
        "InterPodAffinity",
        InterPodArgs.class,
        InterPodArgs.defaults(),
        PreFilterPlugin.class,
        FilterPlugin.class,
        PreScorePlugin.class,
        ScorePlugin.class);
    add(
        r,
        "DefaultPreemption",
        PreemptionArgs.class,
        PreemptionArgs.defaults(),
        PostFilterPlugin.class);
    add(
        r,
        "NodeResourcesBalancedAllocation",
        BalancedArgs.class,
        BalancedArgs.defaults(),
        PreScorePlugin.class,
        ScorePlugin.class);
    add(r, "ImageLocality", ScorePlugin.class);
    add(r, "DefaultBinder", BindPlugin.class);
    return r;
  }

  /** Builds {@code profile}'s framework with the real builder. */
  static Framework build(Profile profile, Registry registry) {
    FrameworkServices services =
        new FrameworkServices(
            () -> unused(NodeInfoLister.class),
            unused(ObjectLister.class),
            unused(PodNominator.class),
            unused(Parallelizer.class),
            List.of(),
            unused(ClusterView.class),
            new VirtualClock(),
            new Random(0),
            pods -> {},
            null);
    return FrameworkBuilder.build(profile, registry, services, new ArgsDecoder()::decode);
  }

  // ---- test-only args records, shaped like the real ones of plugins-default and preemption

  /** Like NodeResourcesFitArgs. */
  record FitArgs(
      List<String> ignoredResources, List<String> ignoredResourceGroups, Strategy scoringStrategy)
      implements PluginArgs {
    FitArgs {
      ignoredResources = ignoredResources == null ? List.of() : List.copyOf(ignoredResources);
      ignoredResourceGroups =
          ignoredResourceGroups == null ? List.of() : List.copyOf(ignoredResourceGroups);
      scoringStrategy = scoringStrategy == null ? Strategy.defaults() : scoringStrategy;
    }

    static FitArgs defaults() {
      return new FitArgs(List.of(), List.of(), Strategy.defaults());
    }

    @Override
    public List<FieldError> validate() {
      List<FieldError> errs = new ArrayList<>();
      List<Resource> rs = scoringStrategy.resources();
      for (int i = 0; i < rs.size(); i++) {
        if (rs.get(i).weight() <= 0 || rs.get(i).weight() > 100) {
          errs.add(
              FieldError.invalid(
                  "scoringStrategy.resources[" + i + "].weight",
                  rs.get(i).weight(),
                  "resource weight of " + rs.get(i).name() + " not in valid range (0, 100]"));
        }
      }
      return errs;
    }
  }

  enum StrategyType {
    LEAST("LeastAllocated"),
    MOST("MostAllocated"),
    RATIO("RequestedToCapacityRatio");

    private final String wire;

    StrategyType(String wire) {
      this.wire = wire;
    }

    @Override
    public String toString() {
      return wire;
    }
  }

  record Strategy(StrategyType type, List<Resource> resources, Shape requestedToCapacityRatio) {
    static final List<Resource> DEFAULT_RESOURCES =
        List.of(new Resource("cpu", 1), new Resource("memory", 1));

    Strategy {
      resources =
          resources == null || resources.isEmpty() ? DEFAULT_RESOURCES : List.copyOf(resources);
    }

    static Strategy defaults() {
      return new Strategy(StrategyType.LEAST, DEFAULT_RESOURCES, null);
    }
  }

  record Resource(String name, long weight) {
    Resource {
      weight = weight == 0 ? 1 : weight;
    }
  }

  record Shape(List<Point> shape) {}

  record Point(int utilization, int score) {}

  /** Like InterPodAffinityArgs. */
  record InterPodArgs(int hardPodAffinityWeight, boolean ignorePreferredTermsOfExistingPods)
      implements PluginArgs {
    static InterPodArgs defaults() {
      return new InterPodArgs(1, false);
    }

    @Override
    public List<FieldError> validate() {
      if (hardPodAffinityWeight < 0 || hardPodAffinityWeight > 100) {
        return List.of(
            FieldError.invalid(
                "hardPodAffinityWeight", hardPodAffinityWeight, "not in valid range [0, 100]"));
      }
      return List.of();
    }
  }

  /** Like DefaultPreemptionArgs. */
  record PreemptionArgs(int minCandidateNodesPercentage, int minCandidateNodesAbsolute)
      implements PluginArgs {
    static PreemptionArgs defaults() {
      return new PreemptionArgs(10, 100);
    }

    @Override
    public List<FieldError> validate() {
      List<FieldError> errs = new ArrayList<>();
      if (minCandidateNodesPercentage < 0 || minCandidateNodesPercentage > 100) {
        errs.add(
            FieldError.invalid(
                "minCandidateNodesPercentage",
                minCandidateNodesPercentage,
                "not in valid range [0, 100]"));
      }
      if (minCandidateNodesAbsolute < 0) {
        errs.add(
            FieldError.invalid(
                "minCandidateNodesAbsolute",
                minCandidateNodesAbsolute,
                "not in valid range [0, inf)"));
      }
      return errs;
    }
  }

  enum Defaulting {
    SYSTEM("System"),
    LIST("List");

    private final String wire;

    Defaulting(String wire) {
      this.wire = wire;
    }

    @Override
    public String toString() {
      return wire;
    }
  }

  /** Like PodTopologySpreadArgs. */
  record SpreadArgs(List<TopologySpreadConstraint> defaultConstraints, Defaulting defaultingType)
      implements PluginArgs {
    SpreadArgs {
      defaultConstraints = defaultConstraints == null ? List.of() : List.copyOf(defaultConstraints);
      defaultingType = defaultingType == null ? Defaulting.SYSTEM : defaultingType;
    }

    static SpreadArgs defaults() {
      return new SpreadArgs(List.of(), Defaulting.SYSTEM);
    }

    @Override
    public List<FieldError> validate() {
      if (defaultingType == Defaulting.SYSTEM && !defaultConstraints.isEmpty()) {
        return List.of(
            FieldError.invalid(
                "defaultingType", defaultingType, "when .defaultConstraints are not empty"));
      }
      return List.of();
    }
  }

  /** Like NodeAffinityArgs. */
  record AffinityArgs(NodeAffinity addedAffinity) implements PluginArgs {
    static AffinityArgs defaults() {
      return new AffinityArgs(null);
    }
  }

  /** Like NodeResourcesBalancedAllocationArgs. */
  record BalancedArgs(List<Resource> resources) implements PluginArgs {
    BalancedArgs {
      resources =
          resources == null || resources.isEmpty()
              ? Strategy.DEFAULT_RESOURCES
              : List.copyOf(resources);
    }

    static BalancedArgs defaults() {
      return new BalancedArgs(Strategy.DEFAULT_RESOURCES);
    }
  }

  /** Args exercising every type the decoder supports. */
  record EveryTypeArgs(
      String text,
      int small,
      Integer boxed,
      long big,
      boolean flag,
      Boolean maybe,
      double ratio,
      Duration timeout,
      StrategyType type,
      List<String> names,
      Map<String, Integer> limits,
      Strategy nested,
      NodeAffinity affinity,
      List<TopologySpreadConstraint> constraints)
      implements PluginArgs {}
}
