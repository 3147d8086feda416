package io.schedkit.plugins.noderesources;

import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.EnqueueExtensions;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PluginArgs;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreFilterPlugin;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.PreScorePlugin;
import io.schedkit.framework.Resource;
import io.schedkit.framework.StateData;
import io.schedkit.framework.StateKey;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.BlockFilterPlugin;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.fastpath.NodeLocalFilter;
import io.schedkit.framework.fastpath.RangeScorePlugin;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs.ScoringStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * NodeResourcesFit: filters out nodes without room for the pod's requests and scores the rest by
 * how allocated they would be (kube-scheduler's {@code noderesources.Fit}, v1.35).
 *
 * <p><b>Filter.</b> The pod's request is {@link PodInfo#requests()} (containers, init containers
 * and sidecars as KEP 753, pod-level requests, overhead). Reasons, in order: {@value
 * #TOO_MANY_PODS} when {@code pods + 1 > allocatable pods}; then {@value #INSUFFICIENT_CPU},
 * {@value #INSUFFICIENT_MEMORY}, {@value #INSUFFICIENT_EPHEMERAL_STORAGE} and {@code Insufficient
 * <name>} for each requested scalar resource by name, when {@code request > 0 && request >
 * allocatable - requested}. Extended resources listed in {@code ignoredResources}, or whose prefix
 * before {@code /} is in {@code ignoredResourceGroups}, are not checked. The code is Unschedulable,
 * or UnschedulableAndUnresolvable when some request exceeds the node's allocatable on its own (so
 * no preemption can help; never for the pod count).
 *
 * <p><b>Score.</b> By the configured strategy over the configured resources (default {@code
 * LeastAllocated} on cpu and memory, weight 1): {@code LeastAllocated} {@code Σ w·(alloc - req)·100
 * / alloc / Σ w}, {@code MostAllocated} {@code Σ w·min(req, alloc)·100 / alloc / Σ w}, {@code
 * RequestedToCapacityRatio} {@code round(Σ w·f(req·100 / alloc) / Σ w)} over positive terms, where
 * {@code req} is what the node's pods plus this pod request, counting 100m cpu and 200Mi memory for
 * each container that requests none. A resource is left out when the node has none of it or when it
 * is a scalar resource the pod does not request. There is no NormalizeScore.
 *
 * <p><b>Cost.</b> PreFilter and PreScore are linear in the pod's containers; Filter and Score are
 * constant per node (linear in the number of requested scalar and configured resources), do not
 * depend on the number of pods on the node, and allocate nothing unless Filter rejects.
 *
 * <p><b>Events.</b> A pod deleted (bound or nominated) or scaled down, a node added or its
 * allocatable changed, each filtered by a hint: see {@link #eventsToRegister()}.
 *
 * <p>Thread-safe: the plugin is immutable; per-cycle data lives in the {@link CycleState}.
 */
public final class NodeResourcesFit
    implements PreFilterPlugin,
        BlockFilterPlugin,
        NodeLocalFilter,
        PreScorePlugin,
        RangeScorePlugin,
        EnqueueExtensions {
  /** The plugin's registry name. */
  public static final String NAME = "NodeResourcesFit";

  /** The reason when the node runs as many pods as it allows. */
  public static final String TOO_MANY_PODS = "Too many pods";

  /** The reason when the node lacks cpu. */
  public static final String INSUFFICIENT_CPU = "Insufficient cpu";

  /** The reason when the node lacks memory. */
  public static final String INSUFFICIENT_MEMORY = "Insufficient memory";

  /** The reason when the node lacks ephemeral storage. */
  public static final String INSUFFICIENT_EPHEMERAL_STORAGE = "Insufficient ephemeral-storage";

  /**
   * The prefix of the reason when the node lacks a scalar resource: {@code Insufficient <name>}.
   */
  public static final String INSUFFICIENT_PREFIX = "Insufficient ";

  private static final StateKey<Fitting.Request> PRE_FILTER_KEY = StateKey.of("PreFilter" + NAME);
  private static final StateKey<PreScoreState> PRE_SCORE_KEY = StateKey.of("PreScore" + NAME);

  private final NodeResourcesFitArgs args;
  private final Set<String> ignoredResources;
  private final Set<String> ignoredResourceGroups;
  private final ResourceAllocationScorer scorer;

  /**
   * A plugin with {@code args}.
   *
   * @param args the args; must be valid ({@link NodeResourcesFitArgs#validate()})
   * @param handle the framework handle (unused: the plugin needs nothing beyond the node infos it
   *     is given)
   * @throws IllegalArgumentException if the args are invalid
   */
  public NodeResourcesFit(NodeResourcesFitArgs args, FrameworkHandle handle) {
    this.args = Objects.requireNonNull(args, "args");
    List<PluginArgs.FieldError> errors = args.validate();
    if (!errors.isEmpty()) {
      List<String> rendered = new ArrayList<>();
      for (PluginArgs.FieldError e : errors) {
        rendered.add(e.render(""));
      }
      throw new IllegalArgumentException(
          "invalid " + NAME + " args: " + String.join("; ", rendered));
    }
    this.ignoredResources = Set.copyOf(args.ignoredResources());
    this.ignoredResourceGroups = Set.copyOf(args.ignoredResourceGroups());
    this.scorer = scorerFor(args.scoringStrategy());
  }

  /** A plugin with the default args (LeastAllocated on cpu and memory, nothing ignored). */
  public NodeResourcesFit() {
    this(NodeResourcesFitArgs.defaults(), null);
  }

  private static ResourceAllocationScorer scorerFor(ScoringStrategy strategy) {
    return switch (strategy.type()) {
      case LEAST_ALLOCATED -> new LeastAllocatedScorer(strategy.resources());
      case MOST_ALLOCATED -> new MostAllocatedScorer(strategy.resources());
      case REQUESTED_TO_CAPACITY_RATIO ->
          new RequestedToCapacityRatioScorer(
              strategy.resources(), strategy.requestedToCapacityRatio().shape());
    };
  }

  @Override
  public String name() {
    return NAME;
  }

  /** The args the plugin was built with. */
  public NodeResourcesFitArgs args() {
    return args;
  }

  /** Records the pod's request and the scalar resources to check. Always succeeds. */
  @Override
  public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
    state.write(PRE_FILTER_KEY, Fitting.Request.of(pod, ignoredResources, ignoredResourceGroups));
    return PreFilterResult.success();
  }

  /** Whether the node has room for the pod (see the class comment). */
  @Override
  public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
    Fitting.Request request;
    try {
      request = state.read(PRE_FILTER_KEY);
    } catch (NoSuchElementException e) {
      return Status.error("error reading \"" + PRE_FILTER_KEY + "\" from cycleState: not found");
    }
    return Fitting.filter(request, node);
  }

  /** As {@link #filter} for each open node of the block, with the cycle state read once. */
  @Override
  public void filterBlock(
      CycleState state, PodInfo pod, NodeInfo[] nodes, int count, Status[] verdicts) {
    Fitting.Request request = state.readOrNull(PRE_FILTER_KEY);
    for (int i = 0; i < count; i++) {
      if (verdicts[i] == null) {
        Status s =
            request == null
                ? Status.error(
                    "error reading \"" + PRE_FILTER_KEY + "\" from cycleState: not found")
                : Fitting.filter(request, nodes[i]);
        if (!s.isSuccess()) {
          verdicts[i] = s;
        }
      }
    }
  }

  /**
   * The resources {@code node} lacks for {@code pod}, in Filter order, with nothing ignored
   * (upstream's {@code Fits}); empty when the pod fits.
   */
  public static List<InsufficientResource> fits(PodInfo pod, NodeInfo node) {
    List<InsufficientResource> out = new ArrayList<>();
    Fitting.check(Fitting.Request.of(pod, Set.of(), Set.of()), node, out);
    return out;
  }

  /**
   * The resources {@code node} lacks for {@code pod}, as this plugin's Filter sees them (ignoring
   * what its args ignore).
   */
  public List<InsufficientResource> insufficientResources(PodInfo pod, NodeInfo node) {
    List<InsufficientResource> out = new ArrayList<>();
    Fitting.check(Fitting.Request.of(pod, ignoredResources, ignoredResourceGroups), node, out);
    return out;
  }

  /** Records the pod's requests of the scored resources. Always succeeds. */
  @Override
  public Status preScore(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
    state.write(PRE_SCORE_KEY, new PreScoreState(scorer.podRequests(pod)));
    return Status.success();
  }

  /** The node's score by the configured strategy, 0 to 100 (see the class comment). */
  @Override
  public long score(CycleState state, PodInfo pod, NodeInfo node) {
    long[] podRequests;
    try {
      podRequests = state.read(PRE_SCORE_KEY).podRequests();
    } catch (NoSuchElementException e) {
      podRequests = scorer.podRequests(pod);
    }
    return scorer.score(node, podRequests);
  }

  /** As {@link #score} for each node of the slice, with the cycle state read once. */
  @Override
  public void scoreRange(
      CycleState state, PodInfo pod, List<NodeInfo> nodes, int from, int to, long[] scores) {
    PreScoreState prescored = state.readOrNull(PRE_SCORE_KEY);
    long[] podRequests = prescored == null ? null : prescored.podRequests();
    if (podRequests == null) {
      podRequests = scorer.podRequests(pod);
    }
    for (int i = from; i < to; i++) {
      scores[i] = scorer.score(nodes.get(i), podRequests);
    }
  }

  /**
   * As {@link #filterBlock(CycleState, PodInfo, NodeInfo[], int, Status[])}: a request without
   * scalar resources is checked against the columns, single failures are answered from them too,
   * and only nodes lacking several resources are read for their reasons.
   */
  @Override
  public void filterBlock(
      CycleState state,
      PodInfo pod,
      NodeInfo[] nodes,
      int[] positions,
      NodeColumns columns,
      int count,
      Status[] verdicts) {
    Fitting.Request request = state.readOrNull(PRE_FILTER_KEY);
    if (request == null || request.scalarIds().length != 0) {
      filterBlock(state, pod, nodes, count, verdicts);
      return;
    }
    Resource wanted = request.requests();
    RowMemo.Table fitting =
        fits.table(
            new long[] {wanted.milliCpu(), wanted.memory(), wanted.ephemeralStorage()}, columns);
    for (int i = 0; i < count; i++) {
      if (verdicts[i] != null) {
        continue;
      }
      int p = positions[i];
      long version = columns.version(p);
      if (fitting.get(p, version) == FITS) {
        continue;
      }
      if (Fitting.fitsPlain(wanted, columns, p)) {
        fitting.put(p, version, FITS);
        continue;
      }
      Status s = Fitting.filterPlain(wanted, columns, p);
      if (s == null) {
        s = Fitting.filter(request, nodes[i]);
      }
      if (!s.isSuccess()) {
        verdicts[i] = s;
      }
    }
  }

  /**
   * The nodes a request without scalar resources fits, by position and row version ({@link
   * RowMemo}): a node that did not change since a pod asking for the same fitted is not read again.
   */
  private final RowMemo fits = new RowMemo();

  /** What {@link #fits} keeps for a node the request fits. */
  private static final long FITS = 1;

  /** As {@link #scoreRange(CycleState, PodInfo, List, int, int, long[])}, from the columns. */
  @Override
  public void scoreRange(
      CycleState state,
      PodInfo pod,
      List<NodeInfo> nodes,
      int[] positions,
      NodeColumns columns,
      int from,
      int to,
      long[] scores) {
    PreScoreState prescored = state.readOrNull(PRE_SCORE_KEY);
    long[] podRequests = prescored == null ? null : prescored.podRequests();
    if (podRequests == null) {
      podRequests = scorer.podRequests(pod);
    }
    scorer.scoreRange(columns, positions, nodes, from, to, podRequests, scores);
  }

  /**
   * The events that may make a rejected pod fit, as upstream v1.35 with queueing hints: any pod's
   * deletion or scale-down ({@code Pod Delete|UpdatePodScaleDown}) and a node's addition or
   * allocatable change ({@code Node Add|UpdateNodeAllocatable}; taint and label updates cannot
   * change a fit, and the queue does not drop node additions the way upstream's pre-check did).
   */
  @Override
  public List<ClusterEventWithHint> eventsToRegister() {
    return List.of(
        ClusterEventWithHint.of(
            ClusterEvent.of(
                EventResource.POD, ActionType.DELETE.or(ActionType.UPDATE_POD_SCALE_DOWN)),
            FitHints::afterPodEvent),
        ClusterEventWithHint.of(
            ClusterEvent.of(
                EventResource.NODE, ActionType.ADD.or(ActionType.UPDATE_NODE_ALLOCATABLE)),
            FitHints::afterNodeChange));
  }

  /** The pod's requests of the scored resources, in the args' order. */
  private record PreScoreState(long[] podRequests) implements StateData {}
}
