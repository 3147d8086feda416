package io.schedkit.preemption.defaultpreemption;

import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.EnqueueExtensions;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.PluginArgs;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PostFilterPlugin;
import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.PreEnqueuePlugin;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Pod;
import io.schedkit.preemption.CandidateSample;
import io.schedkit.preemption.Evaluator;
import io.schedkit.preemption.PreemptionStrategy;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/**
 * kube-scheduler's {@code DefaultPreemption}: when a pod fits nowhere, evicts the cheapest set of
 * lower-priority pods on one node so that it fits there, and nominates it to that node
 * (PostFilter). While its evictions run in the background, holds the pod back (PreEnqueue).
 *
 * <p>The algorithm is the {@link Evaluator}'s, with upstream's default rules ({@link
 * PreemptionStrategy}'s defaults) and a bounded candidate sample: the dry run starts at a random
 * offset among the {@code n} nodes whose filter verdict is Unschedulable and stops after {@code
 * min(n, max(n × minCandidateNodesPercentage / 100, minCandidateNodesAbsolute))} candidates, one of
 * them at least violating no PodDisruptionBudget. The chosen node has the fewest budget violations,
 * then the lowest highest victim priority, the lowest priority sum, the fewest victims and the
 * latest-started highest-priority victim.
 *
 * <p>Complexity, for {@code N} nodes and {@code P} pods on a node: PostFilter filters each sampled
 * node {@code O(P)} times (one removal of every lower-priority pod, then one reprieve per pod), so
 * {@code O(sample × P × filter)} work spread over the scheduler's workers; choosing a node is
 * {@code O(candidates × victims)}. PreEnqueue is {@code O(1)}.
 *
 * <p>Status messages: {@code preemption: } followed by the {@link Evaluator}'s message, for example
 * {@code preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.} or
 * {@code preemption: not eligible due to preemptionPolicy=Never.}. PreEnqueue rejects a pod whose
 * preemption still runs as UnschedulableAndUnresolvable {@value #REASON_WAITING_FOR_PREEMPTION}.
 */
public final class DefaultPreemption
    implements PostFilterPlugin, PreEnqueuePlugin, EnqueueExtensions, PreemptionStrategy {
  /** The plugin's registry name. */
  public static final String NAME = "DefaultPreemption";

  /** PreEnqueue's reason while the pod's asynchronous preemption runs. */
  public static final String REASON_WAITING_FOR_PREEMPTION =
      "waiting for the preemption for this pod to be finished";

  /** The prefix of every PostFilter message. */
  public static final String MESSAGE_PREFIX = "preemption: ";

  private final DefaultPreemptionArgs args;
  private final Evaluator evaluator;

  /**
   * Creates the plugin.
   *
   * @throws IllegalArgumentException if {@code args} are invalid
   */
  public DefaultPreemption(DefaultPreemptionArgs args, FrameworkHandle handle) {
    this.args = Objects.requireNonNull(args, "args");
    List<PluginArgs.FieldError> errors = args.validate();
    if (!errors.isEmpty()) {
      StringBuilder sb = new StringBuilder("invalid " + NAME + " args:");
      for (PluginArgs.FieldError e : errors) {
        sb.append(' ').append(e.render(""));
      }
      throw new IllegalArgumentException(sb.toString());
    }
    this.evaluator = new Evaluator(NAME, Objects.requireNonNull(handle, "handle"), this);
  }

  @Override
  public String name() {
    return NAME;
  }

  /** The evaluator that runs the algorithm with this plugin's rules. */
  public Evaluator evaluator() {
    return evaluator;
  }

  /** The plugin's args. */
  public DefaultPreemptionArgs args() {
    return args;
  }

  @Override
  public PostFilterResult postFilter(CycleState state, PodInfo pod, NodeToStatus statuses) {
    PostFilterResult r = evaluator.preempt(state, pod, statuses);
    String message = r.status().message();
    if (message.isEmpty()) {
      return r;
    }
    return new PostFilterResult(
        Status.of(r.status().code(), MESSAGE_PREFIX + message), r.nominatingInfo(), r.candidates());
  }

  /** Holds back a pod while its asynchronous preemption runs. */
  @Override
  public Status preEnqueue(Pod pod) {
    if (evaluator.isPodRunningPreemption(pod.uid())) {
      return Status.unresolvable(REASON_WAITING_FOR_PREEMPTION);
    }
    return Status.success();
  }

  /**
   * Assigned-pod deletions, always answered {@code QueueSkip}: the pods this plugin holds back
   * carry the plugins whose rejection the preemption resolves, and those decide when to retry.
   */
  @Override
  public List<ClusterEventWithHint> eventsToRegister() {
    return List.of(
        ClusterEventWithHint.of(
            ClusterEvent.ASSIGNED_POD_DELETE,
            (pod, oldObject, newObject) -> QueueingHint.QUEUE_SKIP));
  }

  /**
   * A uniformly random offset and {@code min(n, max(n × minCandidateNodesPercentage / 100,
   * minCandidateNodesAbsolute))} candidates (upstream's {@code GetOffsetAndNumCandidates}).
   */
  @Override
  public CandidateSample candidateSample(int numPotentialNodes, Random random) {
    return new CandidateSample(random.nextInt(numPotentialNodes), numCandidates(numPotentialNodes));
  }

  /** Upstream's {@code calculateNumCandidates}. */
  int numCandidates(int numNodes) {
    long n = (long) numNodes * args.minCandidateNodesPercentage() / 100;
    n = Math.max(n, args.minCandidateNodesAbsolute());
    return (int) Math.min(n, numNodes);
  }
}
