package io.schedkit.plugins.noderesources;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PluginArgs;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreScorePlugin;
import io.schedkit.framework.StateData;
import io.schedkit.framework.StateKey;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.fastpath.RangeScorePlugin;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * NodeResourcesBalancedAllocation: favours nodes whose resources would be used evenly with the pod
 * on them (kube-scheduler's {@code noderesources.BalancedAllocation}, v1.35).
 *
 * <p><b>Score.</b> Over the configured resources (default cpu and memory; weights unused), with
 * actual requests (no 100m / 200Mi defaults): {@code f_r = min((requested_r + pod_r) /
 * allocatable_r, 1)}, leaving out resources the node has none of and scalar resources the pod does
 * not request; {@code std} is {@code |f_1 - f_2| / 2} for two resources, the population standard
 * deviation for more, 0 for fewer; the score is {@code (long) ((1 - std) * 100)}, so 50 to 100.
 * This is the v1.35 formula; v1.36 scores the change in balance instead (PR #135573). There is no
 * NormalizeScore.
 *
 * <p><b>PreScore.</b> Skip when the pod requests none of the configured resources (a best-effort
 * pod would otherwise pile onto the same balanced node, issue #129138).
 *
 * <p><b>Cost.</b> PreScore is linear in the pod's containers; Score is constant per node (linear in
 * the configured resources), independent of the pods on the node, and allocates nothing.
 *
 * <p>Thread-safe: the plugin is immutable; per-cycle data lives in the {@link CycleState}.
 */
public final class NodeResourcesBalancedAllocation implements PreScorePlugin, RangeScorePlugin {
  /** The plugin's registry name. */
  public static final String NAME = "NodeResourcesBalancedAllocation";

  private static final StateKey<PreScoreState> PRE_SCORE_KEY = StateKey.of("PreScore" + NAME);

  private final NodeResourcesBalancedAllocationArgs args;
  private final BalancedAllocationScorer scorer;

  /**
   * A plugin with {@code args}.
   *
   * @param args the args; must be valid ({@link NodeResourcesBalancedAllocationArgs#validate()})
   * @param handle the framework handle (unused)
   * @throws IllegalArgumentException if the args are invalid
   */
  public NodeResourcesBalancedAllocation(
      NodeResourcesBalancedAllocationArgs args, FrameworkHandle handle) {
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
    this.scorer = new BalancedAllocationScorer(args.resources());
  }

  /** A plugin with the default args (cpu and memory). */
  public NodeResourcesBalancedAllocation() {
    this(NodeResourcesBalancedAllocationArgs.defaults(), null);
  }

  @Override
  public String name() {
    return NAME;
  }

  /** The args the plugin was built with. */
  public NodeResourcesBalancedAllocationArgs args() {
    return args;
  }

  /**
   * Records the pod's requests of the configured resources; Skip when they are all zero.
   *
   * @return Success, or Skip for a pod requesting none of the resources
   */
  @Override
  public Status preScore(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
    long[] podRequests = scorer.podRequests(pod);
    if (ResourceAllocationScorer.isBestEffort(podRequests)) {
      return Status.skip();
    }
    state.write(PRE_SCORE_KEY, new PreScoreState(podRequests));
    return Status.success();
  }

  /** The node's balance score, 50 to 100 (0 for a pod requesting none of the resources). */
  @Override
  public long score(CycleState state, PodInfo pod, NodeInfo node) {
    long[] podRequests;
    try {
      podRequests = state.read(PRE_SCORE_KEY).podRequests();
    } catch (NoSuchElementException e) {
      podRequests = scorer.podRequests(pod);
      if (ResourceAllocationScorer.isBestEffort(podRequests)) {
        return 0;
      }
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
      if (ResourceAllocationScorer.isBestEffort(podRequests)) {
        java.util.Arrays.fill(scores, from, to, 0L);
        return;
      }
    }
    for (int i = from; i < to; i++) {
      scores[i] = scorer.score(nodes.get(i), podRequests);
    }
  }

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
      scoreRange(state, pod, nodes, from, to, scores);
      return;
    }
    scorer.scoreRange(columns, positions, nodes, from, to, podRequests, scores);
  }

  /** The pod's requests of the configured resources, in the args' order. */
  private record PreScoreState(long[] podRequests) implements StateData {}
}
