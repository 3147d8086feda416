package io.schedkit.plugins.tainttoleration;

import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.EnqueueExtensions;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeScores;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreScorePlugin;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.ScoreExtensions;
import io.schedkit.framework.StateData;
import io.schedkit.framework.StateKey;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.BlockFilterPlugin;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.fastpath.NodeLocalFilter;
import io.schedkit.framework.fastpath.RangeScorePlugin;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Taint;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.framework.model.Toleration;
import io.schedkit.plugins.helper.NormalizeScores;
import io.schedkit.plugins.helper.ObjectChange;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps pods off nodes whose taints they do not tolerate, and prefers nodes with fewer intolerable
 * {@code PreferNoSchedule} taints (upstream {@code TaintToleration}, Filter, PreScore, Score and
 * NormalizeScore; weight 3 in the default profile).
 *
 * <ul>
 *   <li>Filter: the first node taint (in node order) with effect {@code NoSchedule} or {@code
 *       NoExecute} that no toleration of the pod tolerates makes the node
 *       UnschedulableAndUnresolvable {@code node(s) had untolerated taint {<key>: <value>}}.
 *       O(taints × tolerations) per node.
 *   <li>PreScore: keeps the tolerations with an empty or {@code PreferNoSchedule} effect.
 *       O(tolerations).
 *   <li>Score: the number of the node's {@code PreferNoSchedule} taints those tolerations do not
 *       tolerate. O(taints × tolerations) per node.
 *   <li>NormalizeScore: {@link NormalizeScores#defaultNormalizeScore} reversed, so a node without
 *       intolerable taints gets 100 and the worst node 0. O(N).
 * </ul>
 */
public final class TaintToleration
    implements BlockFilterPlugin,
        NodeLocalFilter,
        PreScorePlugin,
        RangeScorePlugin,
        ScoreExtensions,
        EnqueueExtensions {
  /** The plugin name. */
  public static final String NAME = "TaintToleration";

  /**
   * Upstream's generic reason constant for untolerated taints; the Filter names the taint instead
   * ({@link #untoleratedTaintReason(Taint)}).
   */
  public static final String ERR_REASON_NOT_MATCH =
      "node(s) had taints that the pod didn't tolerate";

  /** The prefix of the Filter reason, followed by {@link Taint#describe()}. */
  public static final String ERR_REASON_UNTOLERATED_PREFIX = "node(s) had untolerated taint ";

  private static final StateKey<PreScoreState> PRE_SCORE_KEY = StateKey.of("PreScore" + NAME);

  /** The tolerations that can tolerate a {@code PreferNoSchedule} taint; read-only. */
  private record PreScoreState(List<Toleration> tolerationsPreferNoSchedule) implements StateData {}

  /** Creates the plugin. */
  public TaintToleration() {}

  @Override
  public String name() {
    return NAME;
  }

  /**
   * The Filter reason for {@code taint}: {@code node(s) had untolerated taint {<key>: <value>}}.
   *
   * @param taint the first untolerated taint
   * @return the reason
   */
  public static String untoleratedTaintReason(Taint taint) {
    return ERR_REASON_UNTOLERATED_PREFIX + taint.describe();
  }

  @Override
  public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
    Taint taint = findUntoleratedNoScheduleTaint(node.taints(), pod.pod().spec().tolerations());
    return taint == null ? Status.success() : Status.unresolvable(untoleratedTaintReason(taint));
  }

  /** As {@link #filter} for each open node of the block, with the tolerations read once. */
  @Override
  public void filterBlock(
      CycleState state, PodInfo pod, NodeInfo[] nodes, int count, Status[] verdicts) {
    List<Toleration> tolerations = pod.pod().spec().tolerations();
    for (int i = 0; i < count; i++) {
      if (verdicts[i] == null && !nodes[i].taints().isEmpty()) {
        Taint taint = findUntoleratedNoScheduleTaint(nodes[i].taints(), tolerations);
        if (taint != null) {
          verdicts[i] = Status.unresolvable(untoleratedTaintReason(taint));
        }
      }
    }
  }

  /** As {@link #filterBlock(CycleState, PodInfo, NodeInfo[], int, Status[])}, for tainted nodes. */
  @Override
  public void filterBlock(
      CycleState state,
      PodInfo pod,
      NodeInfo[] nodes,
      int[] positions,
      NodeColumns columns,
      int count,
      Status[] verdicts) {
    List<Toleration> tolerations = null;
    for (int i = 0; i < count; i++) {
      if (verdicts[i] == null && columns.has(positions[i], NodeColumns.HAS_TAINTS)) {
        if (tolerations == null) {
          tolerations = pod.pod().spec().tolerations();
        }
        Taint taint = findUntoleratedNoScheduleTaint(nodes[i].taints(), tolerations);
        if (taint != null) {
          verdicts[i] = Status.unresolvable(untoleratedTaintReason(taint));
        }
      }
    }
  }

  /**
   * The first of the node's {@code NoSchedule} or {@code NoExecute} taints that none of {@code
   * tolerations} tolerates, or null (upstream {@code FindMatchingUntoleratedTaint} with {@code
   * DoNotScheduleTaintsFilterFunc}).
   */
  private static Taint findUntoleratedNoScheduleTaint(Node node, List<Toleration> tolerations) {
    return findUntoleratedNoScheduleTaint(node.taints(), tolerations);
  }

  private static Taint findUntoleratedNoScheduleTaint(
      List<Taint> taints, List<Toleration> tolerations) {
    for (int i = 0, n = taints.size(); i < n; i++) {
      Taint t = taints.get(i);
      if ((t.effect() == TaintEffect.NO_SCHEDULE || t.effect() == TaintEffect.NO_EXECUTE)
          && !Toleration.tolerationsTolerateTaint(tolerations, t)) {
        return t;
      }
    }
    return null;
  }

  @Override
  public Status preScore(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
    state.write(PRE_SCORE_KEY, new PreScoreState(tolerationsPreferNoSchedule(pod.pod())));
    return Status.success();
  }

  /** The pod's tolerations with an empty (any) or {@code PreferNoSchedule} effect. */
  private static List<Toleration> tolerationsPreferNoSchedule(Pod pod) {
    List<Toleration> out = new ArrayList<>();
    for (Toleration t : pod.spec().tolerations()) {
      if (t.effect() == null || t.effect() == TaintEffect.PREFER_NO_SCHEDULE) {
        out.add(t);
      }
    }
    return List.copyOf(out);
  }

  /**
   * Counts the node's intolerable {@code PreferNoSchedule} taints.
   *
   * @throws java.util.NoSuchElementException if PreScore did not run this cycle
   */
  @Override
  public long score(CycleState state, PodInfo pod, NodeInfo node) {
    return countIntolerable(state.read(PRE_SCORE_KEY).tolerationsPreferNoSchedule(), node);
  }

  /** As {@link #score} for each node of the slice, with the cycle state read once. */
  @Override
  public void scoreRange(
      CycleState state, PodInfo pod, List<NodeInfo> nodes, int from, int to, long[] scores) {
    List<Toleration> tolerations = state.read(PRE_SCORE_KEY).tolerationsPreferNoSchedule();
    for (int i = from; i < to; i++) {
      scores[i] = countIntolerable(tolerations, nodes.get(i));
    }
  }

  /**
   * As {@link #scoreRange(CycleState, PodInfo, List, int, int, long[])}: untainted nodes score 0.
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
    List<Toleration> tolerations = state.read(PRE_SCORE_KEY).tolerationsPreferNoSchedule();
    for (int i = from; i < to; i++) {
      scores[i] =
          columns.has(positions[i], NodeColumns.HAS_TAINTS)
              ? countIntolerable(tolerations, nodes.get(i))
              : 0;
    }
  }

  /**
   * Alike when none of the nodes has a taint: each then counts 0, which NormalizeScore turns into
   * 100 for every node.
   */
  @Override
  public boolean scoresAllAlike(
      CycleState state, PodInfo pod, int[] positions, NodeColumns columns, int count) {
    return !columns.anyHas(positions, count, NodeColumns.HAS_TAINTS);
  }

  /** The node's PreferNoSchedule taints that {@code tolerations} do not tolerate. */
  private static long countIntolerable(List<Toleration> tolerations, NodeInfo node) {
    long count = 0;
    List<Taint> taints = node.taints();
    for (int i = 0, n = taints.size(); i < n; i++) {
      Taint t = taints.get(i);
      if (t.effect() == TaintEffect.PREFER_NO_SCHEDULE
          && !Toleration.tolerationsTolerateTaint(tolerations, t)) {
        count++;
      }
    }
    return count;
  }

  @Override
  public Status normalizeScore(CycleState state, PodInfo pod, NodeScores scores) {
    return NormalizeScores.defaultNormalizeScore(MAX_NODE_SCORE, true, scores);
  }

  /**
   * Node Add | UpdateNodeTaint and Pod UpdatePodToleration, each with a hint (with queueing hints
   * upstream registers no node label update).
   */
  @Override
  public List<ClusterEventWithHint> eventsToRegister() {
    return List.of(
        ClusterEventWithHint.of(
            ClusterEvent.of(EventResource.NODE, ActionType.ADD.or(ActionType.UPDATE_NODE_TAINT)),
            TaintToleration::isSchedulableAfterNodeChange),
        ClusterEventWithHint.of(
            ClusterEvent.of(EventResource.POD, ActionType.UPDATE_POD_TOLERATION),
            TaintToleration::isSchedulableAfterPodTolerationChange));
  }

  /**
   * Queue when the node had an untolerated {@code NoSchedule}/{@code NoExecute} taint (or is new)
   * and now has none.
   *
   * @throws IllegalArgumentException if an object is not a node
   */
  static QueueingHint isSchedulableAfterNodeChange(Pod pod, Object oldObject, Object newObject) {
    ObjectChange<Node> change = ObjectChange.of(Node.class, oldObject, newObject);
    List<Toleration> tolerations = pod.spec().tolerations();
    boolean wasUntolerated =
        change.oldObject() == null
            || findUntoleratedNoScheduleTaint(change.oldObject(), tolerations) != null;
    boolean isUntolerated = findUntoleratedNoScheduleTaint(change.newObject(), tolerations) != null;
    return wasUntolerated && !isUntolerated ? QueueingHint.QUEUE : QueueingHint.QUEUE_SKIP;
  }

  /**
   * Queue when the updated pod is the rejected pod itself (its tolerations changed).
   *
   * @throws IllegalArgumentException if an object is not a pod
   */
  static QueueingHint isSchedulableAfterPodTolerationChange(
      Pod pod, Object oldObject, Object newObject) {
    Pod modified = ObjectChange.of(Pod.class, oldObject, newObject).newObject();
    return modified.uid().equals(pod.uid()) ? QueueingHint.QUEUE : QueueingHint.QUEUE_SKIP;
  }
}
