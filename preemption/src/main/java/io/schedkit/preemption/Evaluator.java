package io.schedkit.preemption;

import io.schedkit.framework.Code;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.NominatingInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.Status;
import io.schedkit.framework.Victims;
import io.schedkit.framework.extender.Extender;
import io.schedkit.framework.fastpath.IndexedNodeLister;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.IntPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The preemption algorithm of kube-scheduler ({@code preemption.Evaluator}), reusable by any
 * PostFilter plugin: the plugin supplies its rules as a {@link PreemptionStrategy} and calls {@link
 * #preempt} from its {@code postFilter}.
 *
 * <p>{@link #preempt} runs these steps:
 *
 * <ol start="0">
 *   <li>re-read the preemptor (its nomination may have changed since it was queued);
 *   <li>check the preemptor may preempt ({@link PreemptionStrategy#checkEligibility});
 *   <li>find candidates: the nodes whose filter verdict is exactly Unschedulable, sampled from an
 *       offset ({@link PreemptionStrategy#candidateSample}), each dry-run in parallel on copies of
 *       the node and the cycle state ({@link PreemptionStrategy#selectVictimsOnNode}; with the
 *       default victim selection and no PreFilter extension running in the cycle nothing writes to
 *       the state, and the dry runs share it uncopied); none ⇒ Unschedulable with a FitError
 *       message and the nomination cleared;
 *   <li>let the extenders that support preemption narrow the candidates;
 *   <li>pick one candidate ({@link PreemptionStrategy#nodeChoiceCriteria});
 *   <li>unless the cycle is a dry run (explain), actuate: reject the victims waiting at Permit,
 *       evict the others through the host, and clear the nominations of lower-priority pods on the
 *       node; then nominate the preemptor there.
 * </ol>
 *
 * <p>Actuation is asynchronous by default (KEP 4832, beta and on by default since v1.33): the
 * evictions are started and the cycle returns at once; until they finish, {@link
 * #isPodRunningPreemption} is true for the preemptor, which a PreEnqueue plugin uses to hold it;
 * when they finish, successfully or not, the preemptor is activated. All victims but the last are
 * evicted together, and the last only if they all succeeded, so that a failure brings the preemptor
 * back without evicting more than necessary.
 *
 * <p>Design note (threads): {@link #preempt} runs on the scheduling thread (one cycle at a time);
 * its dry run fans out on the handle's parallelizer. Eviction stages complete on whatever thread
 * the host completes them (possibly inside {@code evict} itself); the record of running preemptions
 * is a concurrent map, read by PreEnqueue on the queue's threads.
 */
public final class Evaluator {
  private static final Logger LOG = LoggerFactory.getLogger(Evaluator.class);

  /**
   * Below this many potential nodes the dry run visits them on the calling thread, in order: it
   * stops after a hundred or so candidates, many visits are answered by the room check or a kept
   * result without a dry run, and handing pieces to a worker and waiting for its last claim costs
   * more than the worker saves (Filter and Score fan out from 1,024 nodes too).
   */
  private static final int SEQUENTIAL_DRY_RUN_BELOW = 1024;

  /** The dry-run verdict of every node that preemption cannot help. */
  public static final String REASON_NOT_HELPFUL = "Preemption is not helpful for scheduling";

  /** The message when the extenders left no candidate. */
  public static final String NO_CANDIDATE = "no candidate node for preemption";

  /** The message of a waiting pod rejected because it was preempted. */
  public static final String PREEMPTED = "preempted";

  private final String pluginName;
  private final FrameworkHandle handle;
  private final PreemptionStrategy strategy;
  private final Actuator actuator;

  /**
   * Whether the dry run skips nodes that {@link NominatedRoomCheck} shows must fail (true but in
   * tests that compare both ways).
   */
  private final boolean checkNominatedRoom;

  /**
   * Whether the strategy selects victims the default way, so that a node without a pod it may
   * preempt is answered without a copy ({@link DefaultVictimSelection#hasPotentialVictim}).
   */
  private final boolean defaultSelection;

  /**
   * Whether dry runs may reuse the victims found on unchanged nodes for a pod of the same shape
   * ({@link VictimMemo}; true but in tests that compare both ways).
   */
  private final boolean reuseVictims;

  private final VictimMemo victimMemo = new VictimMemo();

  /** An evaluator with asynchronous preemption (upstream's default since v1.33). */
  public Evaluator(String pluginName, FrameworkHandle handle, PreemptionStrategy strategy) {
    this(pluginName, handle, strategy, true);
  }

  /**
   * An evaluator.
   *
   * @param pluginName the plugin's name (the rejector of preempted waiting pods)
   * @param handle the plugin's handle
   * @param strategy the plugin's rules
   * @param asyncPreemption whether evictions run off the scheduling cycle; when false, {@link
   *     #preempt} waits for the host's evictions to complete, so the host must complete them
   *     without the scheduling thread (not, for example, on a virtual clock the scheduling thread
   *     advances)
   */
  public Evaluator(
      String pluginName,
      FrameworkHandle handle,
      PreemptionStrategy strategy,
      boolean asyncPreemption) {
    this(pluginName, handle, strategy, asyncPreemption, true, true);
  }

  /** As the public constructor, choosing whether the dry run uses {@link NominatedRoomCheck}. */
  Evaluator(
      String pluginName,
      FrameworkHandle handle,
      PreemptionStrategy strategy,
      boolean asyncPreemption,
      boolean checkNominatedRoom,
      boolean reuseVictims) {
    this.pluginName = Objects.requireNonNull(pluginName, "pluginName");
    this.handle = Objects.requireNonNull(handle, "handle");
    this.strategy = Objects.requireNonNull(strategy, "strategy");
    this.actuator = new Actuator(pluginName, handle, asyncPreemption);
    this.checkNominatedRoom = checkNominatedRoom;
    this.defaultSelection = DefaultVictimSelection.isUsedBy(strategy);
    this.reuseVictims = reuseVictims && DefaultVictimSelection.selectsByDefaultRules(strategy);
  }

  /** How many node results dry runs have reused ({@link VictimMemo}), for tests. */
  long reusedVictimSelections() {
    return victimMemo.reused();
  }

  /** The name of the plugin this evaluator works for. */
  public String pluginName() {
    return pluginName;
  }

  /**
   * Tries to make room for {@code pod}, which fits on no node.
   *
   * <p>The result: Success with the pod nominated to the chosen node and the candidates found;
   * Unschedulable with the nomination cleared when no node can be helped (the message is a {@code
   * 0/N nodes are available: ...} text); Unschedulable or Error without a nomination (keep the
   * current one) when the pod may not preempt, the extenders left nothing, or something failed.
   * Messages carry no {@code preemption: } prefix; the plugin adds it.
   *
   * @param state the cycle's state (after PreFilter); not changed
   * @param pod the pod that failed to fit
   * @param m each node's filter verdict
   */
  public PostFilterResult preempt(CycleState state, PodInfo pod, NodeToStatus m) {
    // 0) The latest version of the preemptor: its nomination may have changed.
    Optional<PodInfo> latest = latest(pod, state.isDryRun());
    if (latest.isEmpty()) {
      return PostFilterResult.of(Status.error("pods \"" + pod.name() + "\" not found"));
    }
    PodInfo preemptor = latest.get();

    // 1) Ensure the preemptor is eligible to preempt other pods.
    // No node is named "": a preemptor without a nomination reads the absent status, as upstream,
    // without building the name-to-status map.
    String nominatedNode = preemptor.pod().nominatedNodeName();
    Status nominatedNodeStatus = nominatedNode.isEmpty() ? m.absentStatus() : m.get(nominatedNode);
    Optional<String> ineligible =
        strategy.checkEligibility(handle, preemptor.pod(), nominatedNodeStatus);
    if (ineligible.isPresent()) {
      return PostFilterResult.of(Status.unschedulable(ineligible.get()));
    }

    // 2) Find all preemption candidates.
    List<NodeInfo> allNodes = handle.snapshot().list();
    if (allNodes.isEmpty()) {
      return PostFilterResult.of(Status.error("no nodes available"));
    }
    Found search = findCandidates(state, preemptor, m, handle.random());
    DryRunResult found = search.result();
    if (found.candidates().isEmpty()) {
      if (!found.errors().isEmpty()) {
        return PostFilterResult.of(Status.error(FitErrors.aggregate(found.errors())));
      }
      // No node can be helped: a FitError in which every node not dry-run is "not helpful".
      NodeToStatus statuses = found.nodeStatuses();
      statuses.setAbsentStatus(Status.unresolvable(REASON_NOT_HELPFUL));
      return new PostFilterResult(
          Status.unschedulable(FitErrors.message(allNodes.size(), statuses)),
          NominatingInfo.override(""));
    }

    // 3) Let the extenders that support preemption narrow the candidates.
    ExtenderOutcome narrowed = callExtenders(preemptor.pod(), found.candidates());
    if (!narrowed.status().isSuccess()) {
      return PostFilterResult.of(narrowed.status());
    }

    // 4) Find the best candidate. The dry run visits each node once and the extenders answer by
    // node name, so no node is listed twice.
    List<Candidate> narrowedCandidates = narrowed.candidates();
    List<Candidate> tied =
        bestAmongDistinct(
            narrowedCandidates,
            narrowedCandidates == found.candidates() ? search.defaultScores() : null);
    if (tied.isEmpty()) {
      return PostFilterResult.of(Status.unschedulable(NO_CANDIDATE));
    }
    Optional<Candidate> best = Optional.of(tied.get(0));
    // The nominated candidate goes last: the result finds a key object listed last at once.
    List<String> candidateNodes = new ArrayList<>(narrowedCandidates.size());
    List<Victims> candidateVictims = new ArrayList<>(narrowedCandidates.size());
    for (Candidate c : narrowedCandidates) {
      if (c != best.get()) {
        candidateNodes.add(c.nodeName());
        candidateVictims.add(c.victims());
      }
    }
    candidateNodes.add(best.get().nodeName());
    candidateVictims.add(best.get().victims());

    // 5) Actuate (evict, reject waiting victims, clear lower nominations), unless explaining.
    if (!state.isDryRun()) {
      Status prepared = actuator.prepare(best.get(), preemptor.pod());
      if (!prepared.isSuccess()) {
        return PostFilterResult.of(prepared);
      }
    }
    PostFilterResult result =
        PostFilterResult.withCandidates(
            Status.success(),
            NominatingInfo.override(best.get().nodeName()),
            candidateNodes,
            candidateVictims);
    if (tied.size() > 1) {
      List<String> tiedNodes = new ArrayList<>(tied.size() - 1);
      for (int i = 1; i < tied.size(); i++) {
        tiedNodes.add(tied.get(i).nodeName());
      }
      result = result.withTiedNodes(tiedNodes);
    }
    return result;
  }

  /**
   * Whether {@code podUid}'s asynchronous preemption is still running: its evictions have not all
   * finished, and the last victim, if its eviction started, is neither gone nor terminating
   * (upstream's {@code IsPodRunningPreemption}).
   */
  public boolean isPodRunningPreemption(String podUid) {
    return actuator.isPodRunningPreemption(podUid);
  }

  /** The pod as the host last reported it; {@code pod} itself in a dry run if the host has none. */
  private Optional<PodInfo> latest(PodInfo pod, boolean dryRun) {
    Optional<Pod> stored = handle.objects().pod(pod.namespace(), pod.name());
    if (stored.isEmpty() || (!pod.uid().isEmpty() && !pod.uid().equals(stored.get().uid()))) {
      return dryRun ? Optional.of(pod) : Optional.empty();
    }
    Pod p = stored.get();
    return Optional.of(p.equals(pod.pod()) ? pod : PodInfo.of(p));
  }

  /**
   * Step 2: the potential nodes (filter verdict exactly Unschedulable, absent nodes included when
   * the absent verdict is), then the dry run over the strategy's sample of them.
   */
  private Found findCandidates(CycleState state, PodInfo pod, NodeToStatus m, Random random) {
    NodeInfoLister snapshot = handle.snapshot();
    // By snapshot position where the failing Filter pass recorded them: the dry run then checks
    // most nodes from the snapshot's columns without reading them.
    int[] positions =
        IndexedNodeLister.columnsOf(snapshot) != null
            ? m.positionsWithCode(snapshot, Code.UNSCHEDULABLE)
            : null;
    List<NodeInfo> potential =
        positions != null
            ? new NodesAtPositions(snapshot.list(), positions)
            : m.nodesWithCode(snapshot, Code.UNSCHEDULABLE);
    if (potential.isEmpty()) {
      return new Found(new DryRunResult(List.of(), new NodeToStatus(), List.of()), null);
    }
    List<PodDisruptionBudget> pdbs = handle.objects().podDisruptionBudgets();
    CandidateSample sample = strategy.candidateSample(potential.size(), random);
    DryRun run = dryRun(state, pod, potential, pdbs, sample.offset(), sample.count());
    return new Found(run.result(), run.defaultScores());
  }

  /**
   * What step 2 found, with the default node-choice scores known for its candidates (by index; null
   * rows where not known).
   */
  private record Found(DryRunResult result, long[][] defaultScores) {}

  /**
   * The dry run (upstream's {@code DryRunPreemption}): visits {@code potentialNodes} from {@code
   * offset}, wrapping around, in parallel, each on a copy of the node and of {@code state} (with
   * the default victim selection, a node without a pod the strategy may preempt fails with the
   * shared {@code No preemption victims} status and is not copied), and stops once {@code
   * numCandidates} candidates are found, at least one of them violating no PodDisruptionBudget. At
   * most {@code numCandidates} candidates of each kind are kept; the non-violating ones come first.
   * A node where the strategy reports success without victims is an Error ({@code expected at least
   * one victim pod on node "<n>"}). Nodes whose dry run must fail (the package's {@code
   * NominatedRoomCheck}) are dry-run only if no candidate is found, for their statuses.
   */
  public DryRunResult dryRunPreemption(
      CycleState state,
      PodInfo pod,
      List<NodeInfo> potentialNodes,
      List<PodDisruptionBudget> pdbs,
      int offset,
      int numCandidates) {
    return dryRun(state, pod, potentialNodes, pdbs, offset, numCandidates).result();
  }

  /** {@link #dryRunPreemption}, the run itself. */
  private DryRun dryRun(
      CycleState state,
      PodInfo pod,
      List<NodeInfo> potentialNodes,
      List<PodDisruptionBudget> pdbs,
      int offset,
      int numCandidates) {
    int n = potentialNodes.size();
    DryRun run = new DryRun(state, pod, pdbs, numCandidates);
    // Nodes whose dry run must fail (NominatedRoomCheck) are only noted; their statuses are
    // needed, and their dry runs run, only when no candidate is found.
    NominatedRoomCheck room =
        checkNominatedRoom ? NominatedRoomCheck.of(handle, strategy, state, pod) : null;
    // Each piece marks its own entry (no lock); read after the parallel pass, in visiting order.
    boolean[] deferred = room == null ? null : new boolean[n];
    int start = n == 0 ? 0 : Math.floorMod(offset, n);
    NodesAtPositions positioned =
        potentialNodes instanceof NodesAtPositions p && handle.snapshot().list() == p.list()
            ? p
            : null;
    IntPredicate visit =
        i -> {
          int k = (start + i) % n;
          int position = positioned == null ? -1 : positioned.positionAt(k);
          NodeInfo original = potentialNodes.get(k);
          if (room != null && room.surelyFails(original, position)) {
            deferred[i] = true;
            return true;
          }
          return run.visit(original, position);
        };
    if (n < SEQUENTIAL_DRY_RUN_BELOW) {
      for (int i = 0; i < n; i++) {
        if (!visit.test(i)) {
          break;
        }
      }
    } else {
      handle.parallelizer().untilStopped(n, visit);
    }
    if (deferred != null && run.candidates() == 0) {
      for (int i = 0; i < n; i++) {
        if (deferred[i]) {
          int k = (start + i) % n;
          run.visit(potentialNodes.get(k), positioned == null ? -1 : positioned.positionAt(k));
        }
      }
    }
    return run;
  }

  /**
   * One dry run's visits and what they found: candidates of each kind (at most {@code
   * numCandidates} each), the statuses of the nodes that cannot be helped (recorded in one batch at
   * the end: a dry run that finds its candidates never reads them), and the Errors. Visits run on
   * the parallelizer's threads and record under one lock.
   */
  private final class DryRun {
    private final CycleState state;
    private final PodInfo pod;
    private final List<PodDisruptionBudget> pdbs;
    private final int numCandidates;

    /** Whether the visits may share {@link #state}: nothing they run writes to it. */
    private final boolean stateIsReadOnly;

    /** The results earlier dry runs found for a pod of this shape, or null when none may serve. */
    private final VictimMemo.Table reusable;

    private final BoundedList nonViolating;
    private final BoundedList violating;
    private final List<NodeInfo> failedNodes = new ArrayList<>();
    private final List<Status> failedStatuses = new ArrayList<>();
    private final List<String> errors = new ArrayList<>();

    DryRun(CycleState state, PodInfo pod, List<PodDisruptionBudget> pdbs, int numCandidates) {
      this.state = state;
      this.pod = pod;
      this.pdbs = pdbs;
      this.numCandidates = numCandidates;
      this.stateIsReadOnly = defaultSelection && !handle.runner().runsPreFilterExtensions(state);
      this.reusable =
          reuseVictims && stateIsReadOnly && handle.runner().filtersAreNodeLocal(state)
              ? victimMemo.tableFor(
                  pod, pdbs, handle.runner().filterPluginNames(state), handle.snapshot().size())
              : null;
      this.nonViolating = new BoundedList(numCandidates);
      this.violating = new BoundedList(numCandidates);
    }

    /**
     * The dry run of {@code original}, on a copy of it and of the state (the state itself when the
     * visits only read it), or the result an earlier dry run found on this very node for a pod of
     * the same shape ({@link VictimMemo}); false once enough candidates are found. {@code position}
     * is the node's position in the snapshot's list, or -1 when not known.
     */
    boolean visit(NodeInfo original, int position) {
      if (defaultSelection
          && !DefaultVictimSelection.hasPotentialVictim(
              strategy, handle.snapshot(), original, position, pod.pod())) {
        synchronized (this) {
          failedNodes.add(original);
          failedStatuses.add(DefaultVictimSelection.NO_VICTIMS);
        }
        return true;
      }
      List<PodInfo> nominated = null;
      VictimSelection vs = null;
      VictimMemo.Kept kept = null;
      if (reusable != null) {
        nominated = position >= 0 ? handle.runner().nominatedPodsAt(position) : null;
        if (nominated == null) {
          nominated = handle.nominator().nominatedPodsForNode(original.name());
        }
        if (VictimMemo.isAmong(pod, nominated)) {
          nominated = null;
        } else {
          kept = reusable.get(original, nominated);
          vs = kept == null ? null : kept.result();
        }
      }
      if (vs == null) {
        // The default selection changes the state only through PreFilter extensions.
        CycleState stateCopy = stateIsReadOnly ? state : state.copy();
        vs = strategy.selectVictimsOnNode(handle, stateCopy, pod, original.copy(), pdbs);
        if (nominated != null) {
          kept = reusable.put(original, nominated, vs);
        }
      }
      Status status = vs.status();
      if (status.isSuccess() && !vs.victims().isEmpty()) {
        // A kept result's candidate is shared, with its default scores found once.
        Candidate c =
            kept != null && kept.candidate() != null
                ? kept.candidate()
                : new Candidate(original.name(), new Victims(vs.victims(), vs.numPdbViolations()));
        long[] scores = kept == null ? null : kept.defaultScores();
        synchronized (this) {
          (vs.numPdbViolations() == 0 ? nonViolating : violating).add(c, scores);
          int nvc = nonViolating.size();
          return !(nvc > 0 && nvc + violating.size() >= numCandidates);
        }
      }
      if (status.isSuccess()) {
        status =
            Status.error("expected at least one victim pod on node \"" + original.name() + "\"");
      }
      synchronized (this) {
        if (status.isError()) {
          errors.add(status.message());
        }
        failedNodes.add(original);
        failedStatuses.add(status);
      }
      return true;
    }

    synchronized int candidates() {
      return nonViolating.size() + violating.size();
    }

    synchronized DryRunResult result() {
      NodeToStatus statuses = new NodeToStatus();
      statuses.setAll(
          failedNodes.toArray(new NodeInfo[0]),
          failedStatuses.toArray(new Status[0]),
          failedNodes.size());
      List<Candidate> all = new ArrayList<>(nonViolating.items());
      all.addAll(violating.items());
      return new DryRunResult(all, statuses, errors);
    }

    /**
     * The default node-choice scores known for the candidates of {@link #result()}, by the same
     * index (null where not known).
     */
    synchronized long[][] defaultScores() {
      List<long[]> all = new ArrayList<>(nonViolating.scores());
      all.addAll(violating.scores());
      return all.toArray(new long[0][]);
    }
  }

  /** What the extenders left: the candidates, or the Error of an extender that is not ignorable. */
  record ExtenderOutcome(List<Candidate> candidates, Status status) {}

  /**
   * Step 3 (upstream's {@code callExtenders}): each interested extender that supports preemption,
   * in order, replaces the candidate set with its answer; an error stops preemption unless the
   * extender is ignorable (then it is skipped); a node it returns without victims is an error, or
   * dropped for an ignorable extender; an empty answer ends the loop. Candidates keep their order.
   */
  ExtenderOutcome callExtenders(Pod pod, List<Candidate> candidates) {
    List<Extender> extenders = handle.extenders();
    if (extenders.isEmpty() || candidates.isEmpty()) {
      return new ExtenderOutcome(candidates, Status.success());
    }
    Map<String, Victims> victims = new LinkedHashMap<>();
    for (Candidate c : candidates) {
      victims.put(c.nodeName(), c.victims());
    }
    boolean consulted = false;
    for (Extender e : extenders) {
      if (!e.supportsPreemption() || !e.isInterested(pod)) {
        continue;
      }
      Map<String, Victims> answer;
      try {
        answer = e.processPreemption(pod, Map.copyOf(victims), handle.snapshot());
      } catch (Exception ex) {
        if (e.isIgnorable()) {
          LOG.debug("skipped extender {}: it failed and is ignorable: {}", e.name(), ex.toString());
          continue;
        }
        return new ExtenderOutcome(List.of(), Status.error(ex));
      }
      Map<String, Victims> next = new LinkedHashMap<>();
      if (answer != null) {
        for (Map.Entry<String, Victims> entry : new TreeMap<>(answer).entrySet()) {
          Victims v = entry.getValue();
          if (v == null || v.pods().isEmpty()) {
            if (e.isIgnorable()) {
              continue;
            }
            return new ExtenderOutcome(
                List.of(),
                Status.error(
                    "expected at least one victim pod on node \"" + entry.getKey() + "\""));
          }
          next.put(entry.getKey(), v);
        }
      }
      victims = next;
      consulted = true;
      if (victims.isEmpty()) {
        break;
      }
    }
    if (!consulted) {
      return new ExtenderOutcome(candidates, Status.success());
    }
    List<Candidate> out = new ArrayList<>(victims.size());
    for (Candidate c : candidates) {
      Victims v = victims.remove(c.nodeName());
      if (v != null) {
        out.add(new Candidate(c.nodeName(), v));
      }
    }
    victims.forEach((node, v) -> out.add(new Candidate(node, v)));
    return new ExtenderOutcome(out, Status.success());
  }

  /**
   * Step 4 (upstream's {@code SelectCandidate}): the single candidate, or the one the strategy's
   * node-choice criteria prefer (the default criteria when the strategy returns none), ties going
   * to the earlier candidate; a node listed twice counts with its last victims.
   */
  public Optional<Candidate> selectCandidate(List<Candidate> candidates) {
    if (candidates.isEmpty()) {
      return Optional.empty();
    }
    if (candidates.size() == 1) {
      return Optional.of(candidates.get(0));
    }
    Map<String, Candidate> byNode = new LinkedHashMap<>(candidates.size() * 4 / 3 + 1);
    for (Candidate c : candidates) {
      byNode.put(c.nodeName(), c);
    }
    return bestAmongDistinct(new ArrayList<>(byNode.values()), null).stream().findFirst();
  }

  /**
   * The candidates on distinct nodes tied for best under the node-choice criteria, in candidate
   * order: {@link #selectCandidate} takes the first; empty when there are none. {@code
   * defaultScores}: the candidates' scores under the default criteria where known (by index; null
   * for none), used when the criteria are the default ones.
   */
  private List<Candidate> bestAmongDistinct(List<Candidate> candidates, long[][] defaultScores) {
    if (candidates.size() <= 1) {
      return candidates;
    }
    var criteria = strategy.nodeChoiceCriteria(handle.clock().now());
    boolean byDefault = criteria.isEmpty() || DefaultVictimSelection.choosesByDefault(strategy);
    if (criteria.isEmpty()) {
      criteria = NodeChoice.defaultCriteria(handle.clock().now());
    }
    return NodeChoice.best(
        candidates, criteria, handle.parallelizer(), byDefault ? defaultScores : null);
  }

  /** A list keeping at most {@code capacity} items (upstream's {@code candidateList}). */
  private static final class BoundedList {
    private final int capacity;
    private final List<Candidate> items = new ArrayList<>();

    /** Each item's default node-choice scores, where known (else null), by the same index. */
    private final List<long[]> scores = new ArrayList<>();

    BoundedList(int capacity) {
      this.capacity = Math.max(0, capacity);
    }

    void add(Candidate c, long[] defaultScores) {
      if (items.size() < capacity) {
        items.add(c);
        scores.add(defaultScores);
      }
    }

    List<long[]> scores() {
      return scores;
    }

    int size() {
      return items.size();
    }

    List<Candidate> items() {
      return items;
    }
  }
}
