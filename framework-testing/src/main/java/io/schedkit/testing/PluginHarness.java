package io.schedkit.testing;

import io.schedkit.core.runtime.Framework;
import io.schedkit.core.runtime.FrameworkBuilder;
import io.schedkit.core.runtime.FrameworkServices;
import io.schedkit.core.runtime.ScoreTable;
import io.schedkit.framework.BindPlugin;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.Plugin;
import io.schedkit.framework.PluginArgs;
import io.schedkit.framework.PluginFactory;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.QueueSortPlugin;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.Registry;
import io.schedkit.framework.Status;
import io.schedkit.framework.config.PluginConfig;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs plugins the way the framework runs them, over a fixed cluster: PreFilter with node subsets
 * merged and Skip honoured, Filter per node in plugin order, PreScore, Score and NormalizeScore
 * with weights. Plugins are created by their factories with a real framework handle whose snapshot
 * and listers come from a {@link FakeHandle}.
 *
 * <pre>{@code
 * PluginHarness h = PluginHarness.builder(FakeHandle.builder().nodes(n1, n2).pods(p1))
 *     .plugin(TaintToleration.class)
 *     .build();
 * Map<String, Status> verdicts = h.filterAll(pod);
 * }</pre>
 */
public final class PluginHarness implements AutoCloseable {
  private final FakeHandle fake;
  private final Framework framework;

  private PluginHarness(FakeHandle fake, Framework framework) {
    this.fake = fake;
    this.framework = framework;
  }

  /** A harness over the cluster {@code cluster} describes. */
  public static Builder builder(FakeHandle.Builder cluster) {
    return new Builder(cluster);
  }

  /** The framework the plugins run in. */
  public Framework framework() {
    return framework;
  }

  /** The handle the plugins received. */
  public io.schedkit.framework.FrameworkHandle handle() {
    return framework.handle();
  }

  /** The fake cluster (snapshot, objects, clock). */
  public FakeHandle fake() {
    return fake;
  }

  /** The plugin instance named {@code name}. */
  public <T extends Plugin> T plugin(String name, Class<T> type) {
    return type.cast(framework.plugins().get(name));
  }

  /** A fresh cycle state. */
  public CycleState newState() {
    return new CycleState();
  }

  /** Runs PreFilter (all plugins) for {@code pod}. */
  public PreFilterResult preFilter(CycleState state, Pod pod) {
    return framework.runPreFilterPlugins(
        state, PodInfo.of(pod), fake.snapshot().list(), new LinkedHashSet<>());
  }

  /** Runs the Filter plugins for {@code pod} on {@code nodeName} (after {@link #preFilter}). */
  public Status filter(CycleState state, Pod pod, String nodeName) {
    NodeInfo node =
        fake.snapshot()
            .get(nodeName)
            .orElseThrow(() -> new IllegalArgumentException("no node " + nodeName));
    return framework.runFilterPlugins(state, PodInfo.of(pod), node);
  }

  /**
   * PreFilter then Filter on every node, as a cycle would (without sampling or nominated pods): a
   * PreFilter rejection is every node's status; nodes outside a PreFilter subset are
   * UnschedulableAndUnresolvable.
   */
  public Map<String, Status> filterAll(Pod pod) {
    CycleState state = newState();
    Set<String> narrowing = new LinkedHashSet<>();
    PodInfo info = PodInfo.of(pod);
    PreFilterResult pre =
        framework.runPreFilterPlugins(state, info, fake.snapshot().list(), narrowing);
    Map<String, Status> out = new LinkedHashMap<>();
    for (NodeInfo n : fake.snapshot().list()) {
      if (!pre.status().isSuccess()) {
        out.put(n.name(), pre.status());
      } else if (!pre.allNodes() && !pre.nodeNames().contains(n.name())) {
        out.put(
            n.name(),
            Status.unresolvable(
                "node(s) didn't satisfy plugin(s) "
                    + Framework.goList(new java.util.TreeSet<>(narrowing))));
      } else {
        out.put(n.name(), framework.runFilterPlugins(state, info, n));
      }
    }
    return out;
  }

  /**
   * PreScore, Score and NormalizeScore of {@code pod} over {@code nodeNames} (all nodes when
   * empty), after PreFilter; the weighted totals and per-plugin scores.
   */
  public Scores score(Pod pod, String... nodeNames) {
    CycleState state = newState();
    PodInfo info = PodInfo.of(pod);
    Status pre =
        framework
            .runPreFilterPlugins(state, info, fake.snapshot().list(), new LinkedHashSet<>())
            .status();
    List<NodeInfo> nodes = new ArrayList<>();
    if (nodeNames.length == 0) {
      nodes.addAll(fake.snapshot().list());
    } else {
      for (String name : nodeNames) {
        nodes.add(fake.snapshot().get(name).orElseThrow());
      }
    }
    Status ps = framework.runPreScorePlugins(state, info, nodes);
    if (!ps.isSuccess()) {
      return new Scores(ps, null, pre);
    }
    Framework.ScoreOutcome so = framework.runScorePlugins(state, info, nodes, true);
    return new Scores(so.status(), so.table(), pre);
  }

  /**
   * Scores of one run.
   *
   * @param status Success, or the Error of PreScore/Score
   * @param table the score table (null when PreScore failed)
   * @param preFilterStatus what PreFilter returned (scoring runs regardless)
   */
  public record Scores(Status status, ScoreTable table, Status preFilterStatus) {
    /** The normalized score {@code plugin} gave each node, by node name in scoring order. */
    public Map<String, Long> normalized(String plugin) {
      return column(plugin, false);
    }

    /** The raw score {@code plugin} gave each node. */
    public Map<String, Long> raw(String plugin) {
      return column(plugin, true);
    }

    /** The weighted total of each node. */
    public Map<String, Long> totals() {
      Map<String, Long> out = new LinkedHashMap<>();
      for (int n = 0; n < table.nodes().size(); n++) {
        out.put(table.nodes().get(n).name(), table.total(n));
      }
      return out;
    }

    private Map<String, Long> column(String plugin, boolean raw) {
      int p = table.plugins().indexOf(plugin);
      Map<String, Long> out = new LinkedHashMap<>();
      if (p < 0) {
        return out;
      }
      for (int n = 0; n < table.nodes().size(); n++) {
        out.put(table.nodes().get(n).name(), raw ? table.raw(p, n) : table.normalized(p, n));
      }
      return out;
    }
  }

  /** Builds a {@link PluginHarness}. */
  /** Stops the fake handle's worker threads (see {@link FakeHandle#close()}). */
  @Override
  public void close() {
    fake.close();
  }

  public static final class Builder {
    private final FakeHandle.Builder cluster;
    private final Registry registry = new Registry();
    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> weights = new LinkedHashMap<>();
    private final List<PluginConfig> configs = new ArrayList<>();

    private Builder(FakeHandle.Builder cluster) {
      this.cluster = cluster;
    }

    /** Adds a plugin class (found reflectively, see {@link Registry#register(Class)}). */
    public Builder plugin(Class<? extends Plugin> pluginClass) {
      registry.register(pluginClass);
      names.add(Registry.nameOf(pluginClass));
      return this;
    }

    /** Adds a plugin class with args. */
    public Builder plugin(Class<? extends Plugin> pluginClass, PluginArgs args) {
      plugin(pluginClass);
      configs.add(new PluginConfig(Registry.nameOf(pluginClass), args));
      return this;
    }

    /** Adds a plugin made by {@code factory}. */
    public Builder plugin(String name, PluginFactory factory) {
      registry.register(name, factory);
      names.add(name);
      return this;
    }

    /** Sets a Score plugin's weight (default 1). */
    public Builder weight(String plugin, int weight) {
      weights.put(plugin, weight);
      return this;
    }

    /** Builds the harness. */
    public PluginHarness build() {
      FakeHandle fake = cluster.build();
      List<PluginRef> refs = new ArrayList<>();
      for (String n : names) {
        refs.add(PluginRef.of(n, weights.getOrDefault(n, 0)));
      }
      if (!registry.contains(HarnessQueueSort.NAME)) {
        registry.register(HarnessQueueSort.NAME, (a, h) -> new HarnessQueueSort());
        refs.add(PluginRef.of(HarnessQueueSort.NAME));
      }
      registry.register(HarnessBinder.NAME, (a, h) -> new HarnessBinder());
      refs.add(PluginRef.of(HarnessBinder.NAME));
      Profile profile =
          new Profile(
              fake.profileName(),
              null,
              new Plugins(new PluginSet(refs, List.of()), Map.of()),
              configs);
      FrameworkServices services =
          new FrameworkServices(
              fake::snapshot,
              fake.objects(),
              fake.nominator(),
              fake.parallelizer(),
              fake.extenders(),
              null,
              fake.clock(),
              fake.random(),
              fake::activate,
              null);
      Framework fw =
          FrameworkBuilder.build(
              profile,
              registry,
              services,
              (raw, entry) -> {
                throw new IllegalArgumentException(
                    "PluginHarness takes typed args; got raw args for " + entry.name());
              });
      fake.withRunner(fw);
      return new PluginHarness(fake, fw);
    }
  }

  /** Orders by priority, then queue time; only there because a profile needs a QueueSort. */
  private static final class HarnessQueueSort implements QueueSortPlugin {
    static final String NAME = "HarnessQueueSort";

    @Override
    public String name() {
      return NAME;
    }

    @Override
    public boolean less(QueuedPodInfo a, QueuedPodInfo b) {
      int pa = a.pod().priority();
      int pb = b.pod().priority();
      return pa > pb || (pa == pb && a.timestamp().isBefore(b.timestamp()));
    }
  }

  /** Skips binding; only there because a profile needs a Bind plugin. */
  private static final class HarnessBinder implements BindPlugin {
    static final String NAME = "HarnessBinder";

    @Override
    public String name() {
      return NAME;
    }

    @Override
    public java.util.concurrent.CompletionStage<Status> bind(
        CycleState state, PodInfo pod, String nodeName) {
      return java.util.concurrent.CompletableFuture.completedFuture(Status.skip());
    }
  }
}
