package io.schedkit.preemption;

import io.schedkit.framework.Code;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.PreemptionPolicy;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.ToLongFunction;

/**
 * The rules of a preemption PostFilter plugin: the points where it may differ from kube-scheduler's
 * DefaultPreemption while reusing the {@link Evaluator}'s algorithm (upstream's {@code
 * preemption.Interface}, plus DefaultPreemption's {@code IsEligiblePod} and {@code
 * MoreImportantPod} hooks).
 *
 * <p>Every method has upstream's default behaviour except {@link #candidateSample}, so a custom
 * plugin overrides only the rules it changes and calls the default through {@code
 * PreemptionStrategy.super} (for example {@code PreemptionStrategy.super.isEligibleVictim(node,
 * victim, preemptor)}) to build on it:
 *
 * <ul>
 *   <li>{@link #checkEligibility}: whether the preemptor may preempt at all (step 1);
 *   <li>{@link #isEligibleVictim}: which lower-priority pods may be victims;
 *   <li>{@link #candidateSample}: where the dry run starts and how many candidates it looks for;
 *   <li>{@link #moreImportantFirst}: the order in which victims are reprieved;
 *   <li>{@link #selectVictimsOnNode}: the victims on one node (step 4);
 *   <li>{@link #nodeChoiceCriteria}: the ordered criteria that pick one candidate (step 6).
 * </ul>
 *
 * <p>Thread-safety: {@link #selectVictimsOnNode}, {@link #isEligibleVictim} and {@link
 * #moreImportantFirst} are called from the scheduler's workers in parallel (one node each); the
 * other methods on the scheduling thread. The criteria {@link #nodeChoiceCriteria} returns are
 * applied to many candidates in parallel, so they must be safe to call from several threads at once
 * (pure functions of the candidate, as the default ones are).
 */
public interface PreemptionStrategy {
  /** Why a pod whose {@code preemptionPolicy} is {@code Never} does not preempt. */
  String REASON_PREEMPTION_POLICY_NEVER = "not eligible due to preemptionPolicy=Never.";

  /** Why a pod whose earlier victims are still terminating does not preempt again. */
  String REASON_TERMINATING_POD_ON_NOMINATED_NODE =
      "not eligible due to a terminating pod on the nominated node.";

  /** A node's dry-run verdict when it runs no pod the preemptor may evict. */
  String REASON_NO_VICTIMS = "No preemption victims found for incoming pod";

  /** The condition type a host sets on a pod it evicts for preemption. */
  String DISRUPTION_TARGET = "DisruptionTarget";

  /** The reason of the {@value #DISRUPTION_TARGET} condition set for scheduler preemption. */
  String PREEMPTION_BY_SCHEDULER = "PreemptionByScheduler";

  /**
   * Step 1: whether {@code preemptor} may preempt other pods (upstream's {@code
   * PodEligibleToPreemptOthers}). By default it may not when its {@code preemptionPolicy} is {@code
   * Never}, nor while it is nominated to a node on which a pod it may preempt is still terminating
   * because of scheduler preemption, unless that node is now UnschedulableAndUnresolvable for it
   * (then preempting elsewhere is its only chance).
   *
   * @param handle the plugin's handle (for the snapshot)
   * @param preemptor the latest version of the pod that failed to fit
   * @param nominatedNodeStatus the filter verdict of the preemptor's nominated node (the
   *     absent-node status when it has none)
   * @return empty when eligible, else the reason (the status message)
   */
  default Optional<String> checkEligibility(
      FrameworkHandle handle, Pod preemptor, Status nominatedNodeStatus) {
    if (preemptor.spec().preemptionPolicy() == PreemptionPolicy.NEVER) {
      return Optional.of(REASON_PREEMPTION_POLICY_NEVER);
    }
    String nominated = preemptor.nominatedNodeName();
    if (nominated.isEmpty()) {
      return Optional.empty();
    }
    if (nominatedNodeStatus != null
        && nominatedNodeStatus.code() == Code.UNSCHEDULABLE_AND_UNRESOLVABLE) {
      return Optional.empty();
    }
    Optional<NodeInfo> node = handle.snapshot().get(nominated);
    if (node.isPresent()) {
      for (PodInfo p : node.get().pods()) {
        if (isPreemptionAllowed(node.get(), p, preemptor) && terminatingByPreemption(p.pod())) {
          return Optional.of(REASON_TERMINATING_POD_ON_NOMINATED_NODE);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Whether {@code victim}, which has a lower priority than {@code preemptor}, may be evicted for
   * it (upstream's {@code IsEligiblePod}). A lower priority is always required in addition; the
   * default allows every such pod. Customizations should always let system services preempt
   * ordinary pods.
   */
  default boolean isEligibleVictim(NodeInfo node, PodInfo victim, Pod preemptor) {
    return true;
  }

  /**
   * Step 3: where the dry run starts among {@code numPotentialNodes} potential nodes and how many
   * candidates it looks for. The default starts at a uniformly random offset and looks at every
   * node; DefaultPreemption bounds the count with its args.
   *
   * @param numPotentialNodes the number of nodes where preemption might help, at least 1
   * @param random the scheduler's seeded random source (in a dry-run cycle, its draws are given
   *     back)
   */
  default CandidateSample candidateSample(int numPotentialNodes, Random random) {
    return new CandidateSample(random.nextInt(numPotentialNodes), numPotentialNodes);
  }

  /**
   * The order in which victims are considered for reprieve, most important first (upstream's {@code
   * MoreImportantPod}): by default higher priority first, then the pod that started earlier ({@code
   * status.startTime}; a pod that has not started counts as starting {@code now}).
   */
  default Comparator<Pod> moreImportantFirst(Instant now) {
    return Comparator.comparingInt(Pod::priority).reversed().thenComparing(p -> startTime(p, now));
  }

  /**
   * Step 4, on one node: the fewest pods to evict so that {@code preemptor} fits (upstream's {@code
   * SelectVictimsOnNode}). {@code state} and {@code node} are copies the method may change. The
   * default removes every pod the preemptor may preempt (lower priority and {@link
   * #isEligibleVictim}), checks the preemptor fits with the node's nominated pods, then reprieves
   * pods from most to least important ({@link #moreImportantFirst}), those whose eviction would
   * violate a PodDisruptionBudget first; a pod that cannot come back is a victim.
   *
   * @param handle the plugin's handle (its runner runs the PreFilter extensions and Filter plugins)
   * @param state a copy of the cycle state
   * @param preemptor the pod that failed to fit
   * @param node a copy of the node
   * @param pdbs every PodDisruptionBudget of the cluster
   * @return the victims, or why preemption cannot help on this node
   */
  default VictimSelection selectVictimsOnNode(
      FrameworkHandle handle,
      CycleState state,
      PodInfo preemptor,
      NodeInfo node,
      List<PodDisruptionBudget> pdbs) {
    return DefaultVictimSelection.select(this, handle, state, preemptor, node, pdbs);
  }

  /**
   * Step 6: the criteria that pick one candidate, in order; each scores a candidate, higher is
   * better, and each next criterion only separates the candidates tied so far (upstream's {@code
   * OrderedScoreFuncs}; an empty list means the default). Candidates still tied after the last
   * criterion are decided by candidate order. The default, in order: fewest PodDisruptionBudget
   * violations; lowest highest victim priority; lowest sum of victim priorities (each offset by
   * 2<sup>31</sup>, so that more victims of negative priority never look cheaper); fewest victims;
   * latest start time of the earliest-started highest-priority victim (not started = {@code now}).
   */
  default List<ToLongFunction<Candidate>> nodeChoiceCriteria(Instant now) {
    return NodeChoice.defaultCriteria(now);
  }

  /**
   * Whether {@code victim} may be preempted by {@code preemptor}: it has a lower priority and
   * {@link #isEligibleVictim} allows it (upstream's {@code isPreemptionAllowed}).
   */
  default boolean isPreemptionAllowed(NodeInfo node, PodInfo victim, Pod preemptor) {
    return victim.priority() < preemptor.priority() && isEligibleVictim(node, victim, preemptor);
  }

  /**
   * Whether {@code pod} is terminating because scheduler preemption evicted it: it has a deletion
   * timestamp and its {@value #DISRUPTION_TARGET} condition is {@code True} with reason {@value
   * #PREEMPTION_BY_SCHEDULER}.
   */
  static boolean terminatingByPreemption(Pod pod) {
    if (!pod.isTerminating()) {
      return false;
    }
    for (var c : pod.status().conditions()) {
      if (c.type().equals(DISRUPTION_TARGET)) {
        return c.status().equals("True") && c.reason().equals(PREEMPTION_BY_SCHEDULER);
      }
    }
    return false;
  }

  /** {@code pod}'s {@code status.startTime}, or {@code now} when it has not started. */
  static Instant startTime(Pod pod, Instant now) {
    Instant t = pod.status().startTime();
    return t == null ? now : t;
  }
}
