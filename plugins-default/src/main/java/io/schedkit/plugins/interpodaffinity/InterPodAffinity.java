package io.schedkit.plugins.interpodaffinity;

import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.EnqueueExtensions;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeScores;
import io.schedkit.framework.PluginArgs.FieldError;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreFilterExtensions;
import io.schedkit.framework.PreFilterPlugin;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.PreScorePlugin;
import io.schedkit.framework.ScoreExtensions;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.BlockFilterPlugin;
import io.schedkit.framework.fastpath.NodeColumns;
import java.util.List;
import java.util.Objects;

/**
 * Places pods according to their inter-pod affinity and anti-affinity, and to the anti-affinity of
 * the pods already running (kube-scheduler's {@code InterPodAffinity}; default Score weight 2).
 *
 * <p><b>Terms.</b> A term covers the listed namespaces plus those its {@code namespaceSelector}
 * selects ({@code {}}: all), or only the owner's namespace when both are unset; the incoming pod's
 * selectors are resolved to namespace names once per cycle, existing pods' selectors are matched
 * against the incoming pod's namespace labels. A pair is a node label ({@code topologyKey}, value);
 * a node without the key belongs to no pair.
 *
 * <p><b>Filter</b> (PreFilter counts matching pods per pair; AddPod/RemovePod adjust by ±1,
 * deleting pairs that drop to 0):
 *
 * <ol>
 *   <li>The node lacks a required affinity term's key, or some term's pair counts no pod matching
 *       all the terms — unless no pair counts any and the pod matches all its own terms (the first
 *       pod of a group): UnschedulableAndUnresolvable {@value
 *       #ERR_REASON_AFFINITY_RULES_NOT_MATCH}.
 *   <li>A required anti-affinity term's pair counts a matching pod: Unschedulable {@value
 *       #ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH}.
 *   <li>A node label pair counts an existing pod whose required anti-affinity term the incoming pod
 *       matches: Unschedulable {@value #ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH}.
 * </ol>
 *
 * PreFilter returns Skip when the pod has no required terms and no existing pod's anti-affinity
 * matches it.
 *
 * <p><b>Score.</b> Per pair: + weight for each pod matching an incoming preferred affinity term, −
 * weight for each matching an incoming preferred anti-affinity term, + {@code
 * hardPodAffinityWeight} for each existing pod's required affinity term the incoming pod matches, ±
 * weight for each existing pod's preferred (anti-)affinity term it matches (pods on unlabelled
 * nodes count for nothing). A node's raw score is the sum over its pairs; NormalizeScore maps it to
 * {@code (long) (100 × ((s − min) / (max − min)))}, 0 when all are equal. PreScore returns Skip
 * when nothing was counted, or when {@code ignorePreferredTermsOfExistingPods} is set and the pod
 * has no preferred terms.
 *
 * <p><b>Cost</b>, for N nodes, P running pods, T the incoming pod's terms and D the distinct
 * (anti-)affinity terms of the running pods on a node: PreFilter O(N × T + Σ D), independent of P —
 * it never walks the pods: per-node match counts are memoized in {@link NodeInfo#countMatching} (a
 * node's pods are examined once per distinct term, then kept current incrementally), and each
 * distinct existing term is matched against the pod once per cycle. Filter O(T + number of topology
 * keys counted) per node. PreScore O(N × T + Σ D) likewise; Score O(number of topology keys) per
 * node; NormalizeScore O(N). AddPod/RemovePod O(T + terms of the added pod).
 *
 * <p>Thread-safe: per-cycle data lives in {@link CycleState}.
 */
public final class InterPodAffinity
    implements PreFilterPlugin,
        PreFilterExtensions,
        BlockFilterPlugin,
        PreScorePlugin,
        ScorePlugin,
        ScoreExtensions,
        EnqueueExtensions {
  /** The plugin's registry name. */
  public static final String NAME = "InterPodAffinity";

  /** Filter reason: the node fails the pod's required affinity. */
  public static final String ERR_REASON_AFFINITY_RULES_NOT_MATCH =
      "node(s) didn't match pod affinity rules";

  /** Filter reason: the node fails the pod's required anti-affinity. */
  public static final String ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH =
      "node(s) didn't match pod anti-affinity rules";

  /** Filter reason: the pod would break a running pod's required anti-affinity. */
  public static final String ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH =
      "node(s) didn't satisfy existing pods anti-affinity rules";

  private final Filtering filtering;
  private final Scoring scoring;

  /**
   * Creates the plugin.
   *
   * @param args the args; must be valid
   * @param handle the framework handle (snapshot and namespaces)
   * @throws IllegalArgumentException if the args are invalid
   */
  public InterPodAffinity(InterPodAffinityArgs args, FrameworkHandle handle) {
    Objects.requireNonNull(args, "args");
    Objects.requireNonNull(handle, "handle");
    List<FieldError> errors = args.validate();
    if (!errors.isEmpty()) {
      throw new IllegalArgumentException(errors.get(0).render(""));
    }
    this.filtering = new Filtering(handle);
    this.scoring = new Scoring(args, handle);
  }

  @Override
  public String name() {
    return NAME;
  }

  /**
   * Pod adds, label updates and deletes (assigned pods only, per the hint) and node adds and label
   * updates, each with upstream's hint.
   */
  @Override
  public List<ClusterEventWithHint> eventsToRegister() {
    return List.of(
        ClusterEventWithHint.of(
            ClusterEvent.of(
                EventResource.POD,
                ActionType.ADD.or(ActionType.UPDATE_POD_LABEL).or(ActionType.DELETE)),
            Hints::afterPodChange),
        ClusterEventWithHint.of(
            ClusterEvent.of(EventResource.NODE, ActionType.ADD.or(ActionType.UPDATE_NODE_LABEL)),
            Hints::afterNodeChange));
  }

  @Override
  public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
    return filtering.preFilter(state, pod, nodes);
  }

  @Override
  public Status addPod(CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo node) {
    return filtering.addPod(state, podToAdd, node);
  }

  @Override
  public Status removePod(
      CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo node) {
    return filtering.removePod(state, podToRemove, node);
  }

  @Override
  public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
    return filtering.filter(state, node);
  }

  /** As {@link #filter} for each open node of the block, with the PreFilter state read once. */
  @Override
  public void filterBlock(
      CycleState state, PodInfo pod, NodeInfo[] nodes, int count, Status[] verdicts) {
    filtering.filterBlock(state, nodes, count, verdicts);
  }

  /**
   * As {@link #filter} for each open node of the block; a block of the snapshot's own nodes is
   * checked by position (see {@link Filtering.Positions}).
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
    filtering.filterBlock(state, nodes, positions, columns, count, verdicts);
  }

  @Override
  public Status preScore(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
    return scoring.preScore(state, pod);
  }

  @Override
  public long score(CycleState state, PodInfo pod, NodeInfo node) {
    return scoring.score(state, node);
  }

  @Override
  public Status normalizeScore(CycleState state, PodInfo pod, NodeScores scores) {
    return Scoring.normalizeScore(state, scores);
  }
}
