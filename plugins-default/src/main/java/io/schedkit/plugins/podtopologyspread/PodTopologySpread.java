package io.schedkit.plugins.podtopologyspread;

import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.EnqueueExtensions;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeScores;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreFilterExtensions;
import io.schedkit.framework.PreFilterPlugin;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.ScoreExtensions;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.BlockFilterPlugin;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.fastpath.PositionPreScorePlugin;
import io.schedkit.framework.fastpath.RangeScorePlugin;
import io.schedkit.plugins.podtopologyspread.PodTopologySpreadArgs.DefaultingType;
import java.util.List;

/**
 * Spreads the pods of a group evenly across topology domains (zones, nodes, any node label), as
 * kube-scheduler's {@code PodTopologySpread}: hard constraints ({@code whenUnsatisfiable:
 * DoNotSchedule}) filter nodes, soft ones ({@code ScheduleAnyway}) score them.
 *
 * <p>Constraints are the pod's {@code topologySpreadConstraints} or, when it has none, the defaults
 * of the args ({@code System}: hostname maxSkew 3 and zone maxSkew 5, both soft; {@code List}:
 * {@code defaultConstraints}) with a selector derived from the Services selecting the pod and its
 * controlling ReplicationController, ReplicaSet or StatefulSet. A pod's {@code matchLabelKeys} are
 * merged into the selector as {@code key In [value]}. A <em>matching pod</em> is a pod of the
 * incoming pod's namespace, not terminating, whose labels the selector matches; a node is
 * <em>eligible</em> for a constraint when it has every constraint's key and passes the constraint's
 * {@code nodeAffinityPolicy} (default {@code Honor}) and {@code nodeTaintsPolicy} (default {@code
 * Ignore}).
 *
 * <ul>
 *   <li>PreFilter (Skip without hard constraints): {@code count[c][v]} = matching pods on eligible
 *       nodes with {@code node[c.key] = v}; {@code globalMin(c)} = the smallest count, or 0 with
 *       fewer domains than {@code minDomains}. O(N × C).
 *   <li>Filter, constraints in order: a node without {@code c.key} is UnschedulableAndUnresolvable
 *       {@value #ERR_REASON_NODE_LABEL_NOT_MATCH}; {@code count[c][node[c.key]] + (pod matches c ?
 *       1 : 0) − globalMin(c) > maxSkew} is Unschedulable {@value
 *       #ERR_REASON_CONSTRAINTS_NOT_MATCH}. O(C) per node.
 *   <li>AddPod/RemovePod: ±1 in the pod's domain when it matches; O(C).
 *   <li>PreScore (Skip without soft constraints or nodes): see {@link Scoring}; O(N × C).
 *   <li>Score: {@code round(Σ_c count_c × ln(domains_c + 2) + maxSkew_c − 1)}; O(C) per node.
 *   <li>NormalizeScore: {@code 100 × (max + min − s) / max} (100 when {@code max = 0}), nodes
 *       ignored for a missing key get 0; O(N).
 * </ul>
 *
 * <p>N is the number of nodes, C the number of constraints and P the number of running pods: no
 * point walks every running pod. Matching pods are counted with {@link NodeInfo#countMatching},
 * memoized per snapshot node and kept current as pods come and go, so a node's pods are examined
 * again only when the selector is new to it.
 */
public final class PodTopologySpread
    implements PreFilterPlugin,
        PreFilterExtensions,
        BlockFilterPlugin,
        PositionPreScorePlugin,
        RangeScorePlugin,
        ScoreExtensions,
        EnqueueExtensions {

  /** The plugin's registry name. */
  public static final String NAME = "PodTopologySpread";

  /** Filter reason when placing the pod would exceed a constraint's maxSkew. */
  public static final String ERR_REASON_CONSTRAINTS_NOT_MATCH =
      "node(s) didn't match pod topology spread constraints";

  /** Filter reason when the node lacks a hard constraint's topology key. */
  public static final String ERR_REASON_NODE_LABEL_NOT_MATCH =
      ERR_REASON_CONSTRAINTS_NOT_MATCH + " (missing required label)";

  private final Filtering filtering;
  private final Scoring scoring;
  private final QueueingHints hints;

  /**
   * Creates the plugin.
   *
   * @param args the defaulting of pods without constraints
   * @param handle the framework handle (snapshot and object lister)
   */
  public PodTopologySpread(PodTopologySpreadArgs args, FrameworkHandle handle) {
    boolean system = args.defaultingType() == DefaultingType.SYSTEM;
    ConstraintSource source =
        new ConstraintSource(
            system ? ConstraintSource.SYSTEM_DEFAULT_CONSTRAINTS : args.defaultConstraints(),
            system,
            handle.objects());
    this.filtering = new Filtering(source, handle::snapshot);
    this.scoring = new Scoring(source, handle::snapshot);
    this.hints = new QueueingHints(source);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
    return filtering.preFilter(state, pod, nodes);
  }

  @Override
  public Status addPod(CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo node) {
    return filtering.addPod(state, podToSchedule, podToAdd, node);
  }

  @Override
  public Status removePod(
      CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo node) {
    return filtering.removePod(state, podToSchedule, podToRemove, node);
  }

  @Override
  public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
    return filtering.filter(state, pod, node);
  }

  /** As {@link #filter} for each open node of the block, with the PreFilter state read once. */
  @Override
  public void filterBlock(
      CycleState state, PodInfo pod, NodeInfo[] nodes, int count, Status[] verdicts) {
    filtering.filterBlock(state, pod, nodes, count, verdicts);
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
    filtering.filterBlock(state, pod, nodes, positions, columns, count, verdicts);
  }

  @Override
  public Status preScore(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
    return scoring.preScore(state, pod, nodes, null, null);
  }

  @Override
  public Status preScore(
      CycleState state, PodInfo pod, List<NodeInfo> nodes, int[] positions, NodeColumns columns) {
    return scoring.preScore(state, pod, nodes, positions, columns);
  }

  @Override
  public long score(CycleState state, PodInfo pod, NodeInfo node) {
    return scoring.score(state, pod, node);
  }

  /** As {@link #score} for each node of the slice, with the PreScore state read once. */
  @Override
  public void scoreRange(
      CycleState state, PodInfo pod, List<NodeInfo> nodes, int from, int to, long[] scores) {
    scoring.scoreRange(state, pod, nodes, from, to, scores);
  }

  /**
   * As {@link #score} for each node of the slice; the snapshot's own nodes are scored by position
   * when PreScore could count by position (see {@link Scoring.Positions}).
   */
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
    scoring.scoreRange(state, pod, nodes, positions, columns, from, to, scores);
  }

  @Override
  public Status normalizeScore(CycleState state, PodInfo pod, NodeScores scores) {
    return scoring.normalizeScore(state, scores);
  }

  /**
   * Upstream's registrations with queueing hints: assigned-pod adds, label updates, toleration
   * updates and deletes (a pod joining or leaving a domain, or the rejected pod tolerating more
   * nodes), and node adds, deletes, label and taint updates (domains appearing or changing).
   */
  @Override
  public List<ClusterEventWithHint> eventsToRegister() {
    return List.of(
        ClusterEventWithHint.of(
            ClusterEvent.of(
                EventResource.POD,
                ActionType.ADD
                    .or(ActionType.UPDATE_POD_LABEL)
                    .or(ActionType.UPDATE_POD_TOLERATION)
                    .or(ActionType.DELETE)),
            hints::afterPodChange),
        ClusterEventWithHint.of(
            ClusterEvent.of(
                EventResource.NODE,
                ActionType.ADD
                    .or(ActionType.DELETE)
                    .or(ActionType.UPDATE_NODE_LABEL)
                    .or(ActionType.UPDATE_NODE_TAINT)),
            hints::afterNodeChange));
  }
}
