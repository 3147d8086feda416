package io.schedkit.plugins.coscheduling;

import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.EnqueueExtensions;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.PermitPlugin;
import io.schedkit.framework.PermitResult;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PodMatcher;
import io.schedkit.framework.PostFilterPlugin;
import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.PreEnqueuePlugin;
import io.schedkit.framework.PreFilterPlugin;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.QueueSortPlugin;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.ReservePlugin;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodGroup;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Gang scheduling (kubernetes-sigs/scheduler-plugins {@code Coscheduling}): the pods of a {@link
 * PodGroup} — pods labelled {@value PodGroup#POD_GROUP_LABEL} — bind together, at least {@code
 * minMember} of them, or not at all. Pods without the label are not affected. Not part of the
 * default profile; enable it at preEnqueue, preFilter, postFilter, reserve and permit (multiPoint
 * does that).
 *
 * <ul>
 *   <li><b>QueueSort</b> (upstream's {@code Less}): the higher priority first; for equal
 *       priorities, the earlier creation time of the pod's PodGroup (for a pod outside any group,
 *       or whose group has no creation time, its first attempt's time, else its queue timestamp),
 *       so that a gang's members queue together; then the pod's {@code <namespace>/<name>}. It
 *       replaces PrioritySort: scheduler-plugins' configurations enable Coscheduling at queueSort
 *       (or through multiPoint) and disable PrioritySort (or {@code "*"}); a profile that keeps
 *       PrioritySort disables Coscheduling at queueSort instead.
 *   <li><b>PreEnqueue</b> holds a pod until its PodGroup exists and at least {@code minMember}
 *       non-terminating pods of the group exist. PodGroup Add/Update and Pod Add events wake held
 *       pods; the first member to reach Permit also activates its siblings.
 *   <li><b>PreFilter</b> rejects (UnschedulableAndUnresolvable, so no preemption is tried) a pod
 *       whose group was denied within {@link CoschedulingArgs#podGroupBackoffSeconds()}, or whose
 *       group no longer has {@code minMember} pods.
 *   <li><b>PostFilter</b>, when a member fits nowhere: with {@code assigned} the group's pods bound
 *       or assumed in the snapshot, if {@code assigned < minMember} and {@code (minMember −
 *       assigned) / minMember > podGroupRejectPercentage %}, rejects every waiting pod of the group
 *       (releasing what they reserved) and denies the group, so that two gangs competing for the
 *       same nodes do not hold them half each until both time out.
 *   <li><b>Permit</b> succeeds once {@code assigned + 1 ≥ minMember}, allowing every waiting
 *       member; otherwise the pod waits {@code scheduleTimeoutSeconds} of its PodGroup (else {@link
 *       CoschedulingArgs#permitWaitingTimeSeconds()}, else 60 s).
 *   <li><b>Unreserve</b> of a member (timeout, rejection, failed bind) rejects the group's other
 *       waiting pods, so no pod of a failed gang stays assumed, and denies the group unless it
 *       reached its quorum within the last wait time.
 * </ul>
 *
 * <p>Complexity, with N nodes, P<sub>ns</sub> the pods of the pod's namespace and W the pods
 * waiting at Permit: PreEnqueue and PreFilter O(P<sub>ns</sub>); Permit O(N + W) (the per-node
 * group counts are memoized by {@link NodeInfo#countMatching}), plus O(P<sub>ns</sub>) for the
 * first member, which activates its siblings; PostFilter O(N + W + P<sub>ns</sub>); Unreserve O(W);
 * queueing hints O(1). Non-members cost O(1) everywhere.
 *
 * <p>Design note (threads): PreEnqueue runs on the event thread, PreFilter, PostFilter and Permit
 * on the scheduling thread, Unreserve on the scheduling or the binding thread. The plugin's only
 * mutable state is two expiring memos of groups (denied, recently permitted), both concurrent;
 * everything else is read from the handle at each call.
 */
public final class Coscheduling
    implements QueueSortPlugin,
        PreEnqueuePlugin,
        PreFilterPlugin,
        PostFilterPlugin,
        ReservePlugin,
        PermitPlugin,
        EnqueueExtensions {

  /** The plugin's registry name. */
  public static final String NAME = "Coscheduling";

  /** Permit's reason when a member's PodGroup does not exist. */
  public static final String REASON_POD_GROUP_NOT_FOUND = "PodGroup not found";

  /** PostFilter's reason when a member's PodGroup does not exist. */
  public static final String REASON_CANNOT_FIND_POD_GROUP = "can not find pod group";

  /** The message waiting members get when PostFilter gives up on their group. */
  public static final String REASON_OPTIMISTIC_REJECTION = "optimistic rejection in PostFilter";

  /** The message waiting members get when a sibling is unreserved. */
  public static final String REASON_REJECTION_IN_UNRESERVE = "rejection in Unreserve";

  /** PreEnqueue's reason, {@code %s} the group's {@code <namespace>/<name>}. */
  public static final String POD_GROUP_NOT_FOUND_FORMAT = "podGroup %s not found";

  /** PreEnqueue's reason; pod name, pods of the group, {@code minMember}. */
  public static final String PRE_ENQUEUE_NOT_ENOUGH_PODS_FORMAT =
      "pre-enqueue pod %s cannot find enough sibling pods, current pods number: %d, minMember of"
          + " group: %d";

  /** PreFilter's reason (upstream's wording); pod name, pods of the group, {@code minMember}. */
  public static final String PRE_FILTER_NOT_ENOUGH_PODS_FORMAT =
      "pre-filter pod %s cannot find enough sibling pods, current pods number: %d, minMember of"
          + " group: %d";

  /** PreFilter's reason for a denied group (upstream's wording); the group's full name. */
  public static final String FAILED_RECENTLY_FORMAT = "podGroup %s failed recently";

  /** PostFilter's reason when it rejects the group (upstream's wording); group, pod name. */
  public static final String GROUP_REJECTED_FORMAT =
      "PodGroup %s gets rejected due to Pod %s is unschedulable even after PostFilter";

  private final FrameworkHandle handle;
  private final CoschedulingArgs args;
  private final Duration defaultWait;
  private final Duration backoff;
  private final GroupMemo denied;
  private final GroupMemo permitted;

  /**
   * Creates the plugin.
   *
   * @param args the args; never null
   * @param handle the framework handle; never null
   */
  public Coscheduling(CoschedulingArgs args, FrameworkHandle handle) {
    this.args = Objects.requireNonNull(args, "args");
    this.handle = Objects.requireNonNull(handle, "handle");
    long wait =
        args.permitWaitingTimeSeconds() > 0
            ? args.permitWaitingTimeSeconds()
            : CoschedulingArgs.DEFAULT_PERMIT_WAITING_TIME_SECONDS;
    this.defaultWait = Duration.ofSeconds(wait);
    this.backoff = Duration.ofSeconds(args.podGroupBackoffSeconds());
    this.denied = new GroupMemo(handle.clock());
    this.permitted = new GroupMemo(handle.clock());
  }

  @Override
  public String name() {
    return NAME;
  }

  // ---------------------------------------------------------------- QueueSort

  @Override
  public boolean less(QueuedPodInfo a, QueuedPodInfo b) {
    int pa = a.pod().priority();
    int pb = b.pod().priority();
    if (pa != pb) {
      return pa > pb;
    }
    Instant ta = creationTime(a);
    Instant tb = creationTime(b);
    if (ta.equals(tb)) {
      return a.pod().key().compareTo(b.pod().key()) < 0;
    }
    return ta.isBefore(tb);
  }

  /** The time a pod sorts by: its PodGroup's creation, else its first attempt or enqueueing. */
  private Instant creationTime(QueuedPodInfo info) {
    GroupKey key = GroupKey.of(info.pod());
    if (key != null) {
      Optional<PodGroup> group = podGroup(key);
      if (group.isPresent() && group.get().metadata().creationTimestamp() != null) {
        return group.get().metadata().creationTimestamp();
      }
    }
    Instant first = info.initialAttemptTimestamp();
    return first != null ? first : info.timestamp();
  }

  // ---------------------------------------------------------------- PreEnqueue

  @Override
  public Status preEnqueue(Pod pod) {
    GroupKey key = GroupKey.of(pod);
    if (key == null) {
      return Status.success();
    }
    Optional<PodGroup> group = podGroup(key);
    if (group.isEmpty()) {
      return Status.unresolvable(String.format(POD_GROUP_NOT_FOUND_FORMAT, key));
    }
    int members = members(key);
    int min = group.get().minMember();
    if (members < min) {
      return Status.unresolvable(
          String.format(PRE_ENQUEUE_NOT_ENOUGH_PODS_FORMAT, pod.name(), members, min));
    }
    return Status.success();
  }

  // ---------------------------------------------------------------- PreFilter

  /**
   * Rejects a member of a recently denied group or of a group with fewer than {@code minMember}
   * pods. A member whose PodGroup does not exist passes, as upstream (Permit rejects it).
   */
  @Override
  public PreFilterResult preFilter(CycleState state, PodInfo podInfo, List<NodeInfo> nodes) {
    Pod pod = podInfo.pod();
    GroupKey key = GroupKey.of(pod);
    if (key == null) {
      return PreFilterResult.success();
    }
    Optional<PodGroup> group = podGroup(key);
    if (group.isEmpty()) {
      return PreFilterResult.success();
    }
    if (denied.contains(key)) {
      return PreFilterResult.of(Status.unresolvable(String.format(FAILED_RECENTLY_FORMAT, key)));
    }
    int members = members(key);
    int min = group.get().minMember();
    if (members < min) {
      return PreFilterResult.of(
          Status.unresolvable(
              String.format(PRE_FILTER_NOT_ENOUGH_PODS_FORMAT, pod.name(), members, min)));
    }
    return PreFilterResult.success();
  }

  // ---------------------------------------------------------------- PostFilter

  /**
   * Gives up on the member's group when too much of it is missing: rejects its waiting pods and
   * denies it. Always Unschedulable (preemption plugins after it still run); without reasons for a
   * pod outside any group (schedkit adds nothing to such a pod's message, where upstream says
   * {@value #REASON_CANNOT_FIND_POD_GROUP}). In a dry run (explain) nothing is rejected or denied.
   */
  @Override
  public PostFilterResult postFilter(
      CycleState state, PodInfo podInfo, NodeToStatus filteredNodeStatuses) {
    Pod pod = podInfo.pod();
    GroupKey key = GroupKey.of(pod);
    if (key == null) {
      return PostFilterResult.of(Status.unschedulable());
    }
    Optional<PodGroup> group = podGroup(key);
    if (group.isEmpty()) {
      return PostFilterResult.of(Status.unschedulable(REASON_CANNOT_FIND_POD_GROUP));
    }
    int min = group.get().minMember();
    int assigned = assigned(key);
    if (assigned >= min) {
      // Enough members are placed already: one more failing does not sink the group.
      return PostFilterResult.of(Status.unschedulable());
    }
    if ((long) (min - assigned) * 100 <= (long) args.podGroupRejectPercentage() * min) {
      // A small gap: later members may still close it.
      return PostFilterResult.of(Status.unschedulable());
    }
    if (!state.isDryRun()) {
      rejectWaiting(key, "", REASON_OPTIMISTIC_REJECTION);
      if (!backoff.isZero() && members(key) >= min) {
        denied.addIfAbsent(key, backoff);
      }
      permitted.remove(key);
    }
    return PostFilterResult.of(
        Status.unschedulable(String.format(GROUP_REJECTED_FORMAT, key, pod.name())));
  }

  // ---------------------------------------------------------------- Reserve

  /** Nothing to reserve: the plugin is a Reserve plugin for its {@link #unreserve} hook. */
  @Override
  public Status reserve(CycleState state, PodInfo pod, String nodeName) {
    return Status.success();
  }

  /**
   * Rejects the group's other waiting pods and denies the group, unless it reached its quorum
   * recently (then one member's failed bind does not sink the others, and it retries alone).
   */
  @Override
  public void unreserve(CycleState state, PodInfo podInfo, String nodeName) {
    Pod pod = podInfo.pod();
    GroupKey key = GroupKey.of(pod);
    if (key == null) {
      return;
    }
    rejectWaiting(key, pod.uid(), REASON_REJECTION_IN_UNRESERVE);
    if (!backoff.isZero() && !permitted.contains(key)) {
      denied.addIfAbsent(key, backoff);
    }
  }

  // ---------------------------------------------------------------- Permit

  @Override
  public PermitResult permit(CycleState state, PodInfo podInfo, String nodeName) {
    Pod pod = podInfo.pod();
    GroupKey key = GroupKey.of(pod);
    if (key == null) {
      return PermitResult.allow();
    }
    Optional<PodGroup> group = podGroup(key);
    if (group.isEmpty()) {
      return PermitResult.reject(Status.unschedulable(REASON_POD_GROUP_NOT_FOUND));
    }
    Duration wait = waitTime(group.get());
    // The snapshot predates this pod's assumption: count it on top.
    int assigned = assigned(key);
    if (assigned + 1 >= group.get().minMember()) {
      handle.forEachWaitingPod(
          w -> {
            if (key.contains(w.pod())) {
              w.allow(NAME);
            }
          });
      permitted.put(key, wait);
      return PermitResult.allow();
    }
    if (assigned == 0) {
      activateSiblings(state, pod, key);
    }
    return PermitResult.waitFor(wait);
  }

  // ---------------------------------------------------------------- events

  /**
   * Pod Add (a new member may complete a group) and PodGroup Add/Update (a group appears or its
   * {@code minMember} changes), as upstream; schedkit adds hints that keep only events about the
   * pod's own group.
   */
  @Override
  public List<ClusterEventWithHint> eventsToRegister() {
    return List.of(
        ClusterEventWithHint.of(
            ClusterEvent.of(EventResource.POD, ActionType.ADD), Coscheduling::hintPodAdded),
        ClusterEventWithHint.of(
            ClusterEvent.of(EventResource.POD_GROUP, ActionType.ADD.or(ActionType.UPDATE)),
            Coscheduling::hintPodGroupChanged));
  }

  /** Queue {@code pod} when the added pod belongs to its group. */
  static QueueingHint hintPodAdded(Pod pod, Object oldObject, Object newObject) {
    GroupKey key = GroupKey.of(pod);
    return key != null && newObject instanceof Pod added && key.contains(added)
        ? QueueingHint.QUEUE
        : QueueingHint.QUEUE_SKIP;
  }

  /** Queue {@code pod} when the added or updated PodGroup is its group. */
  static QueueingHint hintPodGroupChanged(Pod pod, Object oldObject, Object newObject) {
    GroupKey key = GroupKey.of(pod);
    return key != null && newObject instanceof PodGroup group && key.is(group)
        ? QueueingHint.QUEUE
        : QueueingHint.QUEUE_SKIP;
  }

  // ---------------------------------------------------------------- helpers

  private Optional<PodGroup> podGroup(GroupKey key) {
    return handle.objects().podGroup(key.namespace(), key.name());
  }

  /** The group's pods that exist and are neither terminating nor finished. */
  private int members(GroupKey key) {
    int n = 0;
    for (Pod p : handle.objects().pods(key.namespace())) {
      if (key.contains(p) && alive(p)) {
        n++;
      }
    }
    return n;
  }

  private static boolean alive(Pod p) {
    String phase = p.status().phase();
    return !p.isTerminating() && !"Succeeded".equals(phase) && !"Failed".equals(phase);
  }

  /** The group's pods bound or assumed on the snapshot's nodes. */
  private int assigned(GroupKey key) {
    PodMatcher matcher = PodMatcher.of(key, info -> key.contains(info.pod()));
    int n = 0;
    for (NodeInfo node : handle.snapshot().list()) {
      n += node.countMatching(matcher);
    }
    return n;
  }

  /** Rejects the waiting pods of {@code key} other than {@code exceptUid}. */
  private void rejectWaiting(GroupKey key, String exceptUid, String message) {
    handle.forEachWaitingPod(
        w -> {
          Pod p = w.pod();
          if (key.contains(p) && (exceptUid.isEmpty() || !exceptUid.equals(p.uid()))) {
            w.reject(NAME, message);
          }
        });
  }

  /**
   * Asks the queue to retry the group's other pending pods once this cycle ends, as upstream's
   * {@code ActivateSiblings}: members held at PreEnqueue or parked unschedulable get their turn
   * while this one waits at Permit.
   */
  private void activateSiblings(CycleState state, Pod pod, GroupKey key) {
    for (Pod p : handle.objects().pods(key.namespace())) {
      if (key.contains(p) && !p.isAssigned() && alive(p) && !p.uid().equals(pod.uid())) {
        state.activate(p);
      }
    }
  }

  private Duration waitTime(PodGroup group) {
    Integer seconds = group.scheduleTimeoutSeconds();
    return seconds != null && seconds > 0 ? Duration.ofSeconds(seconds) : defaultWait;
  }
}
