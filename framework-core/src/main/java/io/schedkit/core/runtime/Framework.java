package io.schedkit.core.runtime;

import io.schedkit.core.metrics.SchedulerMetrics;
import io.schedkit.framework.BindPlugin;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.Code;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.NominatedRequests;
import io.schedkit.framework.PermitPlugin;
import io.schedkit.framework.PermitResult;
import io.schedkit.framework.Plugin;
import io.schedkit.framework.PluginRunner;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PostBindPlugin;
import io.schedkit.framework.PostFilterPlugin;
import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.PreBindPlugin;
import io.schedkit.framework.PreEnqueuePlugin;
import io.schedkit.framework.PreFilterExtensions;
import io.schedkit.framework.PreFilterPlugin;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.PreScorePlugin;
import io.schedkit.framework.QueueSortPlugin;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.ReservePlugin;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.fastpath.PositionPreScorePlugin;
import io.schedkit.framework.model.Pod;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * One profile's plugins, and the code that runs them at each extension point with kube-scheduler's
 * rules: ordering, short-circuits, skip sets, weights, status wrapping and timing.
 *
 * <p>Design note: the plugin lists are fixed at construction ({@link FrameworkBuilder}) and never
 * change, so every method may run concurrently with others. A plugin that throws (an exception, or
 * an {@link Error} other than a {@link VirtualMachineError}) is turned into an Error status naming
 * it; a {@link VirtualMachineError} is rethrown and stops the scheduler ({@link PluginFailures}).
 * Scheduling-cycle points are called on the scheduling thread (Filter and Score fan out over the
 * parallelizer); binding-cycle points on the binding executor.
 */
public final class Framework implements PluginRunner {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Framework.class);

  /** The longest a pod may wait at Permit. */
  public static final Duration MAX_PERMIT_TIMEOUT = Duration.ofMinutes(15);

  private final String profileName;
  private final Integer percentageOfNodesToScore;
  private final Map<String, Plugin> plugins;
  private final List<PreEnqueuePlugin> preEnqueue;
  private final QueueSortPlugin queueSort;
  private final List<PreFilterPlugin> preFilter;
  private final List<FilterPlugin> filter;
  private final FilterPlugin[] allFilters;
  private volatile ActiveExtensions activeExtensions =
      new ActiveExtensions(null, new PreFilterPlugin[0]);
  private final List<PostFilterPlugin> postFilter;
  private final List<PreScorePlugin> preScore;
  private final List<ScorePlugin> score;
  private final long[] scoreWeights;
  private final List<ReservePlugin> reserve;
  private final List<PermitPlugin> permit;
  private final List<PreBindPlugin> preBind;
  private final List<BindPlugin> bind;
  private final List<PostBindPlugin> postBind;
  private final Map<String, List<ClusterEventWithHint>> eventsToRegister;
  private final WaitingPods waitingPods;
  private final SchedulerMetrics metrics;
  private final boolean timing;
  private final FrameworkServices services;
  private final ScoreRunner scoring;
  private final FilterRunner filtering;
  private FrameworkHandle handle;

  Framework(FrameworkBuilder.Lists l, FrameworkServices services, WaitingPods waitingPods) {
    this.profileName = l.profileName;
    this.percentageOfNodesToScore = l.percentageOfNodesToScore;
    this.plugins = Collections.unmodifiableMap(new LinkedHashMap<>(l.plugins));
    this.preEnqueue = List.copyOf(l.preEnqueue);
    this.queueSort = l.queueSort.get(0);
    this.preFilter = List.copyOf(l.preFilter);
    this.filter = List.copyOf(l.filter);
    this.allFilters = filter.toArray(new FilterPlugin[0]);
    this.postFilter = List.copyOf(l.postFilter);
    this.preScore = List.copyOf(l.preScore);
    this.score = List.copyOf(l.score);
    this.scoreWeights = l.scoreWeights;
    this.reserve = List.copyOf(l.reserve);
    this.permit = List.copyOf(l.permit);
    this.preBind = List.copyOf(l.preBind);
    this.bind = List.copyOf(l.bind);
    this.postBind = List.copyOf(l.postBind);
    this.eventsToRegister = Collections.unmodifiableMap(new LinkedHashMap<>(l.eventsToRegister));
    this.waitingPods = waitingPods;
    this.services = services;
    this.scoring = new ScoreRunner(this.score, this.scoreWeights, this);
    this.filtering = new FilterRunner(this.filter, this.allFilters, this);
    this.metrics = services.metrics();
    this.timing = metrics != SchedulerMetrics.noop();
  }

  void setHandle(FrameworkHandle handle) {
    this.handle = handle;
  }

  /** The profile's scheduler name. */
  public String profileName() {
    return profileName;
  }

  /** The profile's {@code percentageOfNodesToScore}, or null to use the global one. */
  public Integer percentageOfNodesToScore() {
    return percentageOfNodesToScore;
  }

  /** The handle given to this profile's plugins. */
  public FrameworkHandle handle() {
    return handle;
  }

  /** The services shared with the scheduler. */
  public FrameworkServices services() {
    return services;
  }

  /** Every plugin of the profile, by name. */
  public Map<String, Plugin> plugins() {
    return plugins;
  }

  /** The enabled plugins of {@code point}'s kind, by name, in order. */
  public List<String> pluginNames(io.schedkit.framework.config.ExtensionPoint point) {
    List<? extends Plugin> list =
        switch (point) {
          case PRE_ENQUEUE -> preEnqueue;
          case QUEUE_SORT -> List.of(queueSort);
          case PRE_FILTER -> preFilter;
          case FILTER -> filter;
          case POST_FILTER -> postFilter;
          case PRE_SCORE -> preScore;
          case SCORE -> score;
          case RESERVE -> reserve;
          case PERMIT -> permit;
          case PRE_BIND -> preBind;
          case BIND -> bind;
          case POST_BIND -> postBind;
        };
    return list.stream().map(Plugin::name).toList();
  }

  /** The weight of each Score plugin, by name. */
  public Map<String, Long> scoreWeights() {
    Map<String, Long> m = new LinkedHashMap<>();
    for (int i = 0; i < score.size(); i++) {
      m.put(score.get(i).name(), scoreWeights[i]);
    }
    return m;
  }

  /**
   * The events each PreEnqueue, PreFilter, Filter, Reserve and Permit plugin registered (a plugin
   * without {@code EnqueueExtensions} is registered for every event), by plugin name.
   */
  public Map<String, List<ClusterEventWithHint>> eventsToRegister() {
    return eventsToRegister;
  }

  /** The waiting pods of this profile. */
  public WaitingPods waitingPods() {
    return waitingPods;
  }

  /** Whether the profile has Filter plugins. */
  public boolean hasFilterPlugins() {
    return !filter.isEmpty();
  }

  /** Whether the profile has PostFilter plugins. */
  public boolean hasPostFilterPlugins() {
    return !postFilter.isEmpty();
  }

  /** Whether the profile has Score plugins. */
  public boolean hasScorePlugins() {
    return !score.isEmpty();
  }

  // ---------------------------------------------------------------- queue points

  /** QueueSort: whether {@code a} goes before {@code b}. */
  public boolean less(QueuedPodInfo a, QueuedPodInfo b) {
    try {
      return queueSort.less(a, b);
    } catch (Throwable e) {
      // A comparator that throws would corrupt the queue's heaps: such pods are left unordered.
      PluginFailures.contained(e);
      if (queueSortFailures.getAndIncrement() == 0) {
        LOG.error(
            "QueueSort plugin \"{}\" failed; pods it cannot order keep their places",
            queueSort.name(),
            e);
      }
      return false;
    }
  }

  private final java.util.concurrent.atomic.AtomicLong queueSortFailures =
      new java.util.concurrent.atomic.AtomicLong();

  /** PreEnqueue: Success, or the first gating status (attributed to its plugin). */
  public Status runPreEnqueuePlugins(Pod pod) {
    for (PreEnqueuePlugin p : preEnqueue) {
      Status s;
      try {
        s = p.preEnqueue(pod);
      } catch (Throwable e) {
        s = Status.error(PluginFailures.contained(e));
      }
      if (s == null || s.isSuccess()) {
        continue;
      }
      return s.withPlugin(p.name());
    }
    return Status.success();
  }

  // ---------------------------------------------------------------- scheduling cycle

  /**
   * PreFilter: runs every plugin in order and returns the merged node subset with the cycle's
   * status (see {@link PreFilterPlugin}); records the skip set in {@code state}. {@code
   * narrowingPlugins} receives the names of plugins that returned a node subset.
   */
  public PreFilterResult runPreFilterPlugins(
      CycleState state, PodInfo pod, List<NodeInfo> nodes, Set<String> narrowingPlugins) {
    long start = timing ? System.nanoTime() : 0;
    Set<String> skip = new HashSet<>();
    PreFilterResult merged = PreFilterResult.success();
    Status rejection = null;
    Status outcome = null;
    try {
      for (PreFilterPlugin p : preFilter) {
        PreFilterResult r;
        if (timing) {
          pluginEvaluated(p.name(), "PreFilter", 1);
        }
        try {
          long t0 = sampling(state) ? System.nanoTime() : 0;
          r = p.preFilter(state, pod, nodes);
          if (t0 != 0) {
            pluginDone(p.name(), "PreFilter", r == null ? Status.success() : r.status(), t0);
          }
        } catch (Throwable e) {
          r = PreFilterResult.of(Status.error(PluginFailures.contained(e)));
        }
        if (r == null) {
          r = PreFilterResult.success();
        }
        Status s = r.status();
        if (s.isSkip()) {
          skip.add(p.name());
          continue;
        }
        if (!s.isSuccess()) {
          s = s.withPlugin(p.name());
          if (s.code() == Code.UNSCHEDULABLE_AND_UNRESOLVABLE) {
            outcome = s;
            return PreFilterResult.of(s);
          }
          if (s.code() == Code.UNSCHEDULABLE) {
            rejection = s;
            continue;
          }
          outcome =
              Status.error("running PreFilter plugin \"" + p.name() + "\": " + s.message())
                  .withPlugin(p.name());
          return PreFilterResult.of(outcome);
        }
        if (!r.allNodes()) {
          narrowingPlugins.add(p.name());
        }
        merged = merged.merge(r);
        if (!merged.allNodes() && merged.nodeNames().isEmpty()) {
          TreeSet<String> sorted = new TreeSet<>(narrowingPlugins);
          String msg =
              sorted.size() == 1
                  ? "node(s) didn't satisfy plugin " + sorted.first()
                  : "node(s) didn't satisfy plugin(s) " + goList(sorted) + " simultaneously";
          outcome = Status.unresolvable(msg);
          return new PreFilterResult(outcome, merged.nodeNames());
        }
      }
      outcome = rejection == null ? Status.success() : rejection;
      return new PreFilterResult(outcome, merged.nodeNames());
    } finally {
      state.setSkipFilterPlugins(lastFilterSkip = sameAsLast(skip, lastFilterSkip));
      if (timing) {
        pointDone("PreFilter", outcome, start);
      }
    }
  }

  @Override
  public Status runPreFilterExtensionAddPod(
      CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo node) {
    return runPreFilterExtension(state, podToSchedule, podToAdd, node, true);
  }

  @Override
  public Status runPreFilterExtensionRemovePod(
      CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo node) {
    return runPreFilterExtension(state, podToSchedule, podToRemove, node, false);
  }

  private Status runPreFilterExtension(
      CycleState state, PodInfo podToSchedule, PodInfo other, NodeInfo node, boolean add) {
    for (PreFilterPlugin p : activeExtensions(state.skipFilterPlugins())) {
      PreFilterExtensions ext = p.preFilterExtensions();
      Status s;
      try {
        s =
            add
                ? ext.addPod(state, podToSchedule, other, node)
                : ext.removePod(state, podToSchedule, other, node);
      } catch (Throwable e) {
        s = Status.error(PluginFailures.contained(e));
      }
      if (s != null && !s.isSuccess()) {
        return Status.error(
                "running "
                    + (add ? "AddPod" : "RemovePod")
                    + " on PreFilter plugin \""
                    + p.name()
                    + "\": "
                    + s.message())
            .withPlugin(p.name());
      }
    }
    return Status.success();
  }

  @Override
  public Status runFilterPlugins(CycleState state, PodInfo pod, NodeInfo node) {
    return filtering.runFilterPlugins(state, pod, node);
  }

  @Override
  public List<String> filterPluginNames(CycleState state) {
    return filtering.activeFilterNames(state);
  }

  @Override
  public NominatedRequests nominatedRequests(PodInfo pod, NodeInfo node) {
    return filtering.nominatedRequests(pod, node);
  }

  @Override
  public NominatedRequests nominatedRequestsAt(PodInfo pod, int position) {
    return filtering.nominatedRequestsAt(pod, position);
  }

  @Override
  public List<PodInfo> nominatedPodsAt(int position) {
    return filtering.nominatedPodsAt(position);
  }

  /**
   * Filter for a block of nodes: {@code out[i]} becomes what {@link
   * #runFilterPluginsWithNominatedPods} would return for {@code nodes[i]} (see {@link
   * FilterRunner#runFilterPluginsOnBlock}).
   *
   * @param state the cycle state
   * @param pod the pod being scheduled
   * @param nodes the block's nodes, the first {@code count} used
   * @param count how many nodes the block has
   * @param out where each node's verdict goes (Success, an attributed rejection, or an Error)
   */
  public void runFilterPluginsOnBlock(
      CycleState state, PodInfo pod, NodeInfo[] nodes, int count, Status[] out) {
    filtering.runFilterPluginsOnBlock(state, pod, nodes, null, null, count, out);
  }

  /**
   * As {@link #runFilterPluginsOnBlock(CycleState, PodInfo, NodeInfo[], int, Status[])} for nodes
   * of the snapshot's list, with their positions there and the snapshot's columns, which the
   * plugins may read instead of the NodeInfos ({@link NodeColumns}).
   *
   * @param state the cycle state
   * @param pod the pod being scheduled
   * @param nodes the block's nodes, the first {@code count} used
   * @param positions each node's position in the snapshot's list
   * @param columns the snapshot's columns
   * @param count how many nodes the block has
   * @param out where each node's verdict goes (Success, an attributed rejection, or an Error)
   */
  public void runFilterPluginsOnBlock(
      CycleState state,
      PodInfo pod,
      NodeInfo[] nodes,
      int[] positions,
      NodeColumns columns,
      int count,
      Status[] out) {
    filtering.runFilterPluginsOnBlock(state, pod, nodes, positions, columns, count, out);
  }

  @Override
  public Status runFilterPluginsWithNominatedPods(CycleState state, PodInfo pod, NodeInfo node) {
    return filtering.runFilterPluginsWithNominatedPods(state, pod, node);
  }

  @Override
  public boolean runsPreFilterExtensions(CycleState state) {
    return hasActivePreFilterExtensions(state);
  }

  @Override
  public boolean filtersAreNodeLocal(CycleState state) {
    return filtering.filtersAreNodeLocal(state);
  }

  /** Whether a PreFilter plugin not skipped this cycle has AddPod/RemovePod extensions. */
  boolean hasActivePreFilterExtensions(CycleState state) {
    return activeExtensions(state.skipFilterPlugins()).length > 0;
  }

  /**
   * The PreFilter plugins with extensions that {@code skip} leaves, in order; kept for the last
   * skip-set object seen, as {@link #activeFilters} (preemption calls AddPod/RemovePod several
   * times per candidate node).
   */
  private PreFilterPlugin[] activeExtensions(Set<String> skip) {
    ActiveExtensions last = activeExtensions;
    if (last.skip == skip) {
      return last.plugins;
    }
    List<PreFilterPlugin> kept = new ArrayList<>(preFilter.size());
    for (PreFilterPlugin p : preFilter) {
      if (p.preFilterExtensions() != null && !skip.contains(p.name())) {
        kept.add(p);
      }
    }
    PreFilterPlugin[] plugins = kept.toArray(new PreFilterPlugin[0]);
    activeExtensions = new ActiveExtensions(skip, plugins);
    return plugins;
  }

  /** The PreFilter plugins with extensions left after removing a skip set. */
  private record ActiveExtensions(Set<String> skip, PreFilterPlugin[] plugins) {}

  /** PostFilter: runs plugins until one settles the pod (see {@link PostFilterPlugin}). */
  public PostFilterResult runPostFilterPlugins(
      CycleState state, PodInfo pod, NodeToStatus statuses) {
    long start = timing ? System.nanoTime() : 0;
    Status outcome = null;
    try {
      PostFilterResult last = null;
      List<String> reasons = new ArrayList<>();
      String rejector = "";
      for (PostFilterPlugin p : postFilter) {
        PostFilterResult r;
        try {
          r = p.postFilter(state, pod, statuses);
        } catch (Throwable e) {
          r = PostFilterResult.of(Status.error(PluginFailures.contained(e)));
        }
        if (r == null) {
          r = PostFilterResult.of(Status.success());
        }
        Status s = r.status();
        if (s.isSuccess()) {
          outcome = s;
          return r;
        }
        if (s.code() == Code.UNSCHEDULABLE_AND_UNRESOLVABLE) {
          outcome = s.withPlugin(p.name());
          return new PostFilterResult(outcome, r.nominatingInfo());
        }
        if (!s.isRejected()) {
          outcome = Status.error(s.message()).withPlugin(p.name());
          return PostFilterResult.of(outcome);
        }
        if (r.nominatingInfo() != null && r.nominatingInfo().overrides()) {
          last = r;
        }
        reasons.addAll(s.reasons());
        if (rejector.isEmpty()) {
          rejector = p.name();
        }
      }
      outcome = Status.of(Code.UNSCHEDULABLE, reasons).withPlugin(rejector);
      return new PostFilterResult(outcome, last == null ? null : last.nominatingInfo());
    } finally {
      if (timing) {
        pointDone("PostFilter", outcome, start);
      }
    }
  }

  /**
   * The last cycles' skip sets. Pod after pod usually skips the same plugins: handing each cycle
   * the same immutable set lets the Filter and Score runners keep their active-plugin lists (they
   * compare the set by identity first). Racing cycles at worst replace an equal set.
   */
  private volatile Set<String> lastFilterSkip = Set.of();

  private volatile Set<String> lastScoreSkip = Set.of();

  /** {@code last} when it equals {@code skip}, else an immutable copy of {@code skip}. */
  private static Set<String> sameAsLast(Set<String> skip, Set<String> last) {
    return skip.equals(last) ? last : Set.copyOf(skip);
  }

  /** PreScore: runs every plugin; records the skip set in {@code state}. */
  public Status runPreScorePlugins(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
    return runPreScorePlugins(state, pod, nodes, null, null);
  }

  /**
   * As {@link #runPreScorePlugins(CycleState, PodInfo, List)} for nodes of the snapshot's list,
   * with their positions there and the snapshot's columns, which a {@link PositionPreScorePlugin}
   * reads instead of asking for each node's position.
   *
   * @param state the cycle state
   * @param pod the pod
   * @param nodes the feasible nodes
   * @param positions each node's position in the snapshot's list, indexed like {@code nodes}, or
   *     null when unknown
   * @param columns the snapshot's columns, or null when {@code positions} is
   * @return Success, or the first error attributed to its plugin
   */
  public Status runPreScorePlugins(
      CycleState state, PodInfo pod, List<NodeInfo> nodes, int[] positions, NodeColumns columns) {
    long start = timing ? System.nanoTime() : 0;
    Set<String> skip = new HashSet<>();
    Status outcome = Status.success();
    try {
      for (PreScorePlugin p : preScore) {
        Status s;
        try {
          long t0 = sampling(state) ? System.nanoTime() : 0;
          s =
              positions != null && p instanceof PositionPreScorePlugin positioned
                  ? positioned.preScore(state, pod, nodes, positions, columns)
                  : p.preScore(state, pod, nodes);
          if (t0 != 0) {
            pluginDone(p.name(), "PreScore", s == null ? Status.success() : s, t0);
          }
        } catch (Throwable e) {
          s = Status.error(PluginFailures.contained(e));
        }
        if (s == null || s.isSuccess()) {
          continue;
        }
        if (s.isSkip()) {
          skip.add(p.name());
          continue;
        }
        outcome =
            Status.error("running PreScore plugin \"" + p.name() + "\": " + s.message())
                .withPlugin(p.name());
        return outcome;
      }
      return outcome;
    } finally {
      state.setSkipScorePlugins(lastScoreSkip = sameAsLast(skip, lastScoreSkip));
      if (timing) {
        pointDone("PreScore", outcome, start);
      }
    }
  }

  /**
   * Score and NormalizeScore of every non-skipped Score plugin over {@code nodes}, weighted and
   * summed into totals. Fails with an Error status (as {@link ScoreOutcome#status()}) when a plugin
   * fails or leaves a score outside [0, 100].
   */
  public ScoreOutcome runScorePlugins(
      CycleState state, PodInfo pod, List<NodeInfo> nodes, boolean keepRaw) {
    return runScorePlugins(state, pod, nodes, keepRaw, null);
  }

  /**
   * As {@link #runScorePlugins(CycleState, PodInfo, List, boolean)}, writing into {@code reuse}
   * when it has the room (see the returned outcome's table): for a caller that scores pod after pod
   * and no longer needs the previous table.
   *
   * @param state the cycle state
   * @param pod the pod
   * @param nodes the feasible nodes
   * @param keepRaw whether to keep the raw scores (then {@code reuse} is not used)
   * @param reuse a table from an earlier call whose contents are no longer needed, or null
   * @return the outcome
   */
  public ScoreOutcome runScorePlugins(
      CycleState state, PodInfo pod, List<NodeInfo> nodes, boolean keepRaw, ScoreTable reuse) {
    return scoring.run(state, pod, nodes, null, null, keepRaw, false, reuse);
  }

  /**
   * As {@link #runScorePlugins(CycleState, PodInfo, List, boolean, ScoreTable)} for nodes of the
   * snapshot's list, with their positions there and the snapshot's columns, which the plugins may
   * read instead of the NodeInfos ({@link NodeColumns}).
   *
   * @param state the cycle state
   * @param pod the pod
   * @param nodes the feasible nodes
   * @param positions each node's position in the snapshot's list, indexed like {@code nodes}
   * @param columns the snapshot's columns
   * @param keepRaw whether to keep the raw scores (then {@code reuse} is not used)
   * @param reuse a table from an earlier call whose contents are no longer needed, or null
   * @return the outcome
   */
  public ScoreOutcome runScorePlugins(
      CycleState state,
      PodInfo pod,
      List<NodeInfo> nodes,
      int[] positions,
      NodeColumns columns,
      boolean keepRaw,
      ScoreTable reuse) {
    return scoring.run(state, pod, nodes, positions, columns, keepRaw, false, reuse);
  }

  /**
   * As {@link #runScorePlugins(CycleState, PodInfo, List, int[], NodeColumns, boolean, ScoreTable)}
   * without raw scores, for a scheduling cycle that reads only which nodes have the highest total
   * and how many do: when no metrics are recorded, a plugin that gives every node the same score
   * ({@link io.schedkit.framework.fastpath.RangeScorePlugin#scoresAllAlike}) is left out, so the
   * totals may differ from the full sums, by the same amount at every node.
   *
   * @param state the cycle state
   * @param pod the pod
   * @param nodes the feasible nodes
   * @param positions each node's position in the snapshot's list, indexed like {@code nodes}
   * @param columns the snapshot's columns
   * @param reuse a table from an earlier call whose contents are no longer needed, or null
   * @return the outcome
   */
  public ScoreOutcome runScorePluginsToChoose(
      CycleState state,
      PodInfo pod,
      List<NodeInfo> nodes,
      int[] positions,
      NodeColumns columns,
      ScoreTable reuse) {
    return scoring.run(state, pod, nodes, positions, columns, false, true, reuse);
  }

  /**
   * The outcome of scoring.
   *
   * @param status Success, or the Error that stopped scoring
   * @param table the scores
   */
  public record ScoreOutcome(Status status, ScoreTable table) {}

  /** Reserve: runs plugins in order until one fails. */
  public Status runReservePluginsReserve(CycleState state, PodInfo pod, String nodeName) {
    long start = timing ? System.nanoTime() : 0;
    Status outcome = Status.success();
    try {
      for (ReservePlugin p : reserve) {
        Status s;
        try {
          long t0 = sampling(state) ? System.nanoTime() : 0;
          s = p.reserve(state, pod, nodeName);
          if (t0 != 0) {
            pluginDone(p.name(), "Reserve", s == null ? Status.success() : s, t0);
          }
        } catch (Throwable e) {
          s = Status.error(PluginFailures.contained(e));
        }
        if (s == null || s.isSuccess()) {
          continue;
        }
        outcome =
            s.isRejected()
                ? s.withPlugin(p.name())
                : Status.error("running Reserve plugin \"" + p.name() + "\": " + s.message())
                    .withPlugin(p.name());
        return outcome;
      }
      return outcome;
    } finally {
      if (timing) {
        pointDone("Reserve", outcome, start);
      }
    }
  }

  /** Unreserve: runs every Reserve plugin's unreserve, in reverse order, ignoring failures. */
  public void runReservePluginsUnreserve(CycleState state, PodInfo pod, String nodeName) {
    for (int i = reserve.size() - 1; i >= 0; i--) {
      try {
        reserve.get(i).unreserve(state, pod, nodeName);
      } catch (Throwable e) {
        PluginFailures.contained(e);
        // Unreserve must not fail; a plugin that throws anyway must not stop the others.
      }
    }
  }

  /**
   * Permit: Success, a rejection or Error from the first plugin that denies, or Wait when some
   * plugin asked to wait (the pod is then parked in {@link #waitingPods()}).
   */
  public Status runPermitPlugins(CycleState state, PodInfo pod, String nodeName) {
    long start = timing ? System.nanoTime() : 0;
    Status outcome = Status.success();
    try {
      Map<String, Duration> waits = new LinkedHashMap<>();
      for (PermitPlugin p : permit) {
        PermitResult r;
        try {
          long t0 = sampling(state) ? System.nanoTime() : 0;
          r = p.permit(state, pod, nodeName);
          if (t0 != 0) {
            pluginDone(p.name(), "Permit", r == null ? Status.success() : r.status(), t0);
          }
        } catch (Throwable e) {
          r = PermitResult.reject(Status.error(PluginFailures.contained(e)));
        }
        if (r == null) {
          r = PermitResult.allow();
        }
        Status s = r.status();
        if (s.isSuccess()) {
          continue;
        }
        if (s.isRejected()) {
          outcome = s.withPlugin(p.name());
          return outcome;
        }
        if (s.isWait()) {
          Duration t = r.timeout();
          waits.put(p.name(), t.compareTo(MAX_PERMIT_TIMEOUT) > 0 ? MAX_PERMIT_TIMEOUT : t);
          continue;
        }
        outcome =
            Status.error("running Permit plugin \"" + p.name() + "\": " + s.message())
                .withPlugin(p.name());
        return outcome;
      }
      if (!waits.isEmpty()) {
        waitingPods.add(pod.pod(), nodeName, waits);
        outcome =
            Status.waiting(
                "one or more plugins asked to wait and no plugin rejected pod \""
                    + pod.name()
                    + "\"");
      }
      return outcome;
    } finally {
      if (timing) {
        pointDone("Permit", outcome, start);
      }
    }
  }

  /** WaitOnPermit: completes when the pod is allowed (Success) or rejected. */
  public CompletionStage<Status> waitOnPermit(Pod pod) {
    long start = timing && waitingPods.isWaiting(pod) ? System.nanoTime() : 0;
    return waitingPods
        .outcome(pod)
        .thenApply(
            s -> {
              if (start != 0) {
                metrics.permitWaitDuration(
                    s.code().toString(), Duration.ofNanos(System.nanoTime() - start));
              }
              if (s.isSuccess() || s.isRejected()) {
                return s;
              }
              return Status.error("waiting on permit for pod: " + s.message())
                  .withPlugin(s.plugin());
            });
  }

  /** PreBind: runs plugins in order until one fails. */
  public Status runPreBindPlugins(CycleState state, PodInfo pod, String nodeName) {
    long start = timing ? System.nanoTime() : 0;
    Status outcome = Status.success();
    try {
      for (PreBindPlugin p : preBind) {
        Status s;
        try {
          long t0 = sampling(state) ? System.nanoTime() : 0;
          s = p.preBind(state, pod, nodeName);
          if (t0 != 0) {
            pluginDone(p.name(), "PreBind", s == null ? Status.success() : s, t0);
          }
        } catch (Throwable e) {
          s = Status.error(PluginFailures.contained(e));
        }
        if (s == null || s.isSuccess() || s.isSkip()) {
          continue;
        }
        outcome =
            s.isRejected()
                ? s.withPlugin(p.name())
                : Status.error("running PreBind plugin \"" + p.name() + "\": " + s.message())
                    .withPlugin(p.name());
        return outcome;
      }
      return outcome;
    } finally {
      if (timing) {
        pointDone("PreBind", outcome, start);
      }
    }
  }

  /** Bind: the first plugin that does not Skip binds; Skip if all skip. */
  public CompletionStage<Status> runBindPlugins(CycleState state, PodInfo pod, String nodeName) {
    if (!timing) {
      return bindFrom(0, state, pod, nodeName);
    }
    long start = System.nanoTime();
    return bindFrom(0, state, pod, nodeName)
        .whenComplete((s, t) -> pointDone("Bind", t == null ? s : null, start));
  }

  private CompletionStage<Status> bindFrom(
      int index, CycleState state, PodInfo pod, String nodeName) {
    if (index >= bind.size()) {
      return CompletableFuture.completedFuture(Status.skip());
    }
    BindPlugin p = bind.get(index);
    CompletionStage<Status> stage;
    try {
      stage = p.bind(state, pod, nodeName);
    } catch (Throwable e) {
      stage = CompletableFuture.completedFuture(Status.error(PluginFailures.contained(e)));
    }
    if (stage == null) {
      stage = CompletableFuture.completedFuture(Status.success());
    }
    return stage
        .handle(
            (s, t) ->
                t != null
                    ? Status.error(PluginFailures.contained(unwrapped(t)))
                    : s == null ? Status.success() : s)
        .thenCompose(
            s -> {
              if (s.isSkip()) {
                return bindFrom(index + 1, state, pod, nodeName);
              }
              if (s.isSuccess()) {
                return CompletableFuture.completedFuture(s);
              }
              if (s.isRejected()) {
                return CompletableFuture.completedFuture(s.withPlugin(p.name()));
              }
              return CompletableFuture.completedFuture(
                  Status.error("running Bind plugin \"" + p.name() + "\": " + s.message())
                      .withPlugin(p.name()));
            });
  }

  /** PostBind: informational; failures are ignored. */
  public void runPostBindPlugins(CycleState state, PodInfo pod, String nodeName) {
    long start = timing ? System.nanoTime() : 0;
    for (PostBindPlugin p : postBind) {
      try {
        p.postBind(state, pod, nodeName);
      } catch (Throwable e) {
        PluginFailures.contained(e);
        // PostBind is informational: a failing plugin cannot undo the binding.
      }
    }
    if (timing) {
      pointDone("PostBind", Status.success(), start);
    }
  }

  // ---------------------------------------------------------------- helpers

  /**
   * Whether this profile records metrics (extension-point durations, plugin evaluations, sampled
   * plugin durations): then every plugin call counts, so none may be skipped by a remembered
   * answer.
   *
   * @return whether metrics are recorded
   */
  public boolean recordsMetrics() {
    return timing;
  }

  boolean sampling(CycleState state) {
    return timing && state.recordPluginMetrics();
  }

  void pluginDone(String plugin, String point, Status status, long startNanos) {
    metrics.pluginExecutionDuration(
        plugin,
        point,
        status == null ? Code.ERROR.toString() : status.code().toString(),
        Duration.ofNanos(System.nanoTime() - startNanos));
  }

  /**
   * A sampled cycle's run of {@code plugin} over a block of {@code nodes} nodes since {@code
   * startNanos}: one observation of its mean time per node.
   */
  void pluginBlockDone(String plugin, String point, Status status, long startNanos, int nodes) {
    metrics.pluginExecutionDuration(
        plugin,
        point,
        status.code().toString(),
        Duration.ofNanos((System.nanoTime() - startNanos) / Math.max(1, nodes)));
  }

  /**
   * Reports the Filter plugin evaluations counted since the last call to {@code
   * scheduler_plugin_evaluation_total}; the scheduler calls it at the end of each cycle.
   */
  public void flushPluginEvaluations() {
    if (timing) {
      filtering.flushEvaluations();
    }
  }

  /** {@code count} more evaluations of {@code plugin} at {@code point} (when timing). */
  void pluginEvaluated(String plugin, String point, long count) {
    metrics.pluginEvaluations(plugin, point, profileName, count);
  }

  void pointDone(String point, Status status, long startNanos) {
    String code = status == null ? Code.ERROR.toString() : status.code().toString();
    metrics.extensionPointDuration(
        point, code, profileName, Duration.ofNanos(System.nanoTime() - startNanos));
  }

  /** The cause of a completion or execution exception. */
  public static Throwable unwrapped(Throwable t) {
    while ((t instanceof java.util.concurrent.CompletionException
            || t instanceof java.util.concurrent.ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  static String message(Throwable t) {
    return t.getMessage() == null ? t.getClass().getName() : t.getMessage();
  }

  /** Go's {@code %v} of a string slice: {@code [a b c]}. */
  public static String goList(java.util.Collection<String> items) {
    return "[" + String.join(" ", items) + "]";
  }
}
