package io.schedkit.core.queue;

import io.schedkit.core.metrics.SchedulerMetrics;
import io.schedkit.core.queue.QueuedPod.Location;
import io.schedkit.core.queue.QueueingHints.Strategy;
import io.schedkit.core.runtime.Framework;
import io.schedkit.framework.ActionType;
import io.schedkit.framework.AffinityTerm;
import io.schedkit.framework.Clock;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.ObjectLister;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.Status;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.model.Namespace;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;

/**
 * The scheduling queue: where pending pods wait for a scheduling attempt, with kube-scheduler's
 * (v1.35) semantics of PreEnqueue gates, QueueingHints (KEP 4247), backoff and pop from the backoff
 * queue when the active queue is empty (KEP 5142).
 *
 * <p>A pending pod is in exactly one place:
 *
 * <ul>
 *   <li><b>activeQ</b>, ordered by the profiles' QueueSort {@code less}: pods ready to be tried;
 *   <li><b>podBackoffQ</b>, ordered by backoff expiry then QueueSort: pods plugins rejected,
 *       waiting out their backoff; <b>podErrorBackoffQ</b>, ordered by expiry: pods whose attempt
 *       failed with an error;
 *   <li>the <b>unschedulable pool</b>: pods waiting for a cluster event that may help them, and
 *       pods a PreEnqueue plugin gates;
 *   <li><b>in flight</b>: popped and being scheduled or bound, until {@link
 *       #addUnschedulableIfNotPresent} or {@link #done}. Events that arrive meanwhile are recorded
 *       and replayed through the pod's hints if its attempt fails.
 * </ul>
 *
 * <p>A pod enters the active or backoff queue only after its profile's PreEnqueue plugins admit it
 * (a pod moving from the backoff queue to the active queue is not asked again). Backoff is
 * described in {@link BackoffPolicy}; the pod's profile is the one named by {@code
 * spec.schedulerName} ({@code default-scheduler} when empty).
 *
 * <p>Design note (threads): one {@link ReentrantLock} guards every structure, and one condition
 * wakes {@link #pop} callers when the active or backoff queue gets a pod. PreEnqueue plugins and
 * queueing hints run under the lock, on the caller's thread, as upstream; they must be quick and
 * must not call the queue. The {@link Nominator} has its own lock, always taken after this one.
 * Periodic flushes are tasks on the {@link Clock} that take the lock like any caller; the queue
 * never holds its lock while waiting for anything but {@link #pop}'s condition.
 */
public final class SchedulingQueue {
  /** The default initial backoff of a rejected pod. */
  public static final Duration DEFAULT_POD_INITIAL_BACKOFF = Duration.ofSeconds(1);

  /** The default maximum backoff of a rejected pod. */
  public static final Duration DEFAULT_POD_MAX_BACKOFF = Duration.ofSeconds(10);

  /** How long a pod may stay in the unschedulable pool before the leftover flush moves it. */
  public static final Duration MAX_IN_UNSCHEDULABLE_POOL = Duration.ofMinutes(5);

  /** The period of the backoff flush (aligned to whole seconds). */
  public static final Duration BACKOFF_FLUSH_PERIOD = BackoffPolicy.WINDOW;

  /** The period of the unschedulable-pool leftover flush. */
  public static final Duration LEFTOVER_FLUSH_PERIOD = Duration.ofSeconds(30);

  /** The PreEnqueue plugin whose gates only the pod's own gates-eliminated update can lift. */
  static final String SCHEDULING_GATES = "SchedulingGates";

  /** The plugin whose rejections any assigned-pod event in the namespace may resolve. */
  static final String POD_TOPOLOGY_SPREAD = "PodTopologySpread";

  static final String ASSIGNED_POD_UPDATE = "AssignedPodUpdate";
  static final String UNSCHEDULED_POD_UPDATE = "UnscheduledPodUpdate";

  /** The {@code event} label of pods added to the queue. */
  static final String EVENT_POD_ADD = "PodAdd";

  /** The {@code event} label of pods requeued after a failed attempt. */
  static final String EVENT_SCHEDULE_ATTEMPT_FAILURE = "ScheduleAttemptFailure";

  /** The {@code event} label of pods whose backoff completed. */
  static final String EVENT_BACKOFF_COMPLETE = "BackoffComplete";

  private static final String SCHEDULE_ATTEMPT_FAILURE = "ScheduleAttemptFailure";

  private final Map<String, Framework> profiles;
  private final Framework queueSort;
  private final Clock clock;

  /** The last queue timestamp handed out; see {@link #stamp()}. Guarded by {@code lock}. */
  private Instant lastStamp = Instant.MIN;

  private final BackoffPolicy backoff;
  private final ObjectLister objects;
  private final SchedulerMetrics metrics;
  private final boolean recording;
  private final Nominator nominator;
  private final QueueingHints hints;

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition podAvailable = lock.newCondition();
  private final PodHeap activeQ;
  private final PodHeap backoffQ;
  private final PodHeap errorBackoffQ;
  private final Map<String, QueuedPod> pool = new LinkedHashMap<>();
  private final Map<String, QueuedPod> queued = new HashMap<>();
  private final InFlightPods inFlight = new InFlightPods();
  private int gatedCount;
  // Metrics, guarded by lock: the event that moves pods now (the queue_incoming_pods_total label),
  // and the plugins each pool pod was counted under in scheduler_unschedulable_pods.
  private String incomingEvent = EVENT_POD_ADD;
  private final Map<String, List<String>> countedUnschedulable = new HashMap<>();
  private long schedulingCycle;
  private boolean started;
  private boolean closed;
  private Clock.Cancellable backoffFlushTask;
  private Clock.Cancellable leftoverFlushTask;

  /**
   * A queue over {@code profiles} (by scheduler name). It shares the {@link Nominator} the
   * profiles' frameworks were built with when that is one, and otherwise keeps its own.
   *
   * @param profiles the profiles by scheduler name; at least one, all with the same QueueSort
   * @param clock the scheduler's clock
   * @param podInitialBackoff the backoff after the first rejection
   * @param podMaxBackoff the longest backoff; zero disables backoff
   * @param objects the cluster's objects (namespace labels for affinity matching)
   * @param metrics where pending-pod counts are reported
   */
  public SchedulingQueue(
      Map<String, Framework> profiles,
      Clock clock,
      Duration podInitialBackoff,
      Duration podMaxBackoff,
      ObjectLister objects,
      SchedulerMetrics metrics) {
    this(
        profiles,
        clock,
        podInitialBackoff,
        podMaxBackoff,
        objects,
        metrics,
        sharedNominator(profiles));
  }

  /**
   * A queue over {@code profiles} that records nominations in {@code nominator} (which should be
   * the one the profiles' frameworks were built with).
   */
  public SchedulingQueue(
      Map<String, Framework> profiles,
      Clock clock,
      Duration podInitialBackoff,
      Duration podMaxBackoff,
      ObjectLister objects,
      SchedulerMetrics metrics,
      Nominator nominator) {
    if (profiles.isEmpty()) {
      throw new IllegalArgumentException("the scheduling queue needs at least one profile");
    }
    this.profiles = Map.copyOf(profiles);
    this.queueSort = profiles.values().iterator().next();
    this.clock = Objects.requireNonNull(clock, "clock");
    this.backoff = new BackoffPolicy(podInitialBackoff, podMaxBackoff);
    this.objects = Objects.requireNonNull(objects, "objects");
    this.metrics = metrics == null ? SchedulerMetrics.noop() : metrics;
    this.recording = this.metrics != SchedulerMetrics.noop();
    this.nominator = Objects.requireNonNull(nominator, "nominator");
    this.hints = new QueueingHints(new LinkedHashMap<>(profiles));
    this.activeQ = new PodHeap(queueSort::less);
    this.backoffQ =
        new PodHeap(
            (a, b) -> {
              Instant ea = expiryOrMin(a);
              Instant eb = expiryOrMin(b);
              return ea.equals(eb) ? queueSort.less(a, b) : ea.isBefore(eb);
            });
    this.errorBackoffQ = new PodHeap((a, b) -> expiryOrMin(a).isBefore(expiryOrMin(b)));
  }

  private static Nominator sharedNominator(Map<String, Framework> profiles) {
    for (Framework f : profiles.values()) {
      if (f.services().nominator() instanceof Nominator) {
        return (Nominator) f.services().nominator();
      }
    }
    return new Nominator();
  }

  /** The nominator the queue keeps up to date with pod adds, updates and deletes. */
  public Nominator nominator() {
    return nominator;
  }

  // ---------------------------------------------------------------- adding and popping

  /**
   * A queue timestamp: the clock's time, made strictly later than the previous one when the clock
   * has not moved. On a real clock, pods enqueued one after another differ by nanoseconds, so
   * QueueSort's "earlier timestamp first" keeps their creation order; on a virtual clock, where
   * many pods arrive at the same instant, this nanosecond tie-break does the same. Called with
   * {@code lock} held.
   */
  private Instant stamp() {
    Instant now = clock.now();
    if (!now.isAfter(lastStamp)) {
      now = lastStamp.plusNanos(1);
    }
    lastStamp = now;
    return now;
  }

  /**
   * Adds a new pending pod: to the active queue if its profile's PreEnqueue plugins admit it, else
   * to the unschedulable pool with the gating plugin and status recorded. A pod the queue already
   * knows is treated as an {@link #update}.
   */
  public void add(Pod pod) {
    lock.lock();
    try {
      String key = Nominator.keyOf(pod);
      QueuedPod known = queued.get(key);
      InFlightPods.Entry flying = inFlight.get(key);
      if (known != null || flying != null) {
        Pod old = known != null ? known.pod() : latest(flying);
        updateLocked(old, pod);
        return;
      }
      QueuedPod p = new QueuedPod(PodInfo.of(pod), stamp());
      incomingEvent = EVENT_POD_ADD;
      moveToActiveQ(p, true, true);
    } finally {
      reportAndUnlock();
    }
  }

  /**
   * Pops the next pod without waiting: the head of the active queue, or, when that is empty, the
   * head of the backoff queue even if its backoff has not completed (KEP 5142; the error backoff
   * queue is not popped early). Returns null when both are empty or the queue is closed.
   *
   * <p>The pod's attempts are incremented, its first-attempt time set on its first pop, its
   * rejector sets cleared, and it is in flight until {@link #addUnschedulableIfNotPresent} or
   * {@link #done}. The scheduling cycle is incremented.
   */
  public QueuedPod tryPop() {
    lock.lock();
    try {
      return closed ? null : popLocked();
    } finally {
      reportAndUnlock();
    }
  }

  /**
   * Like {@link #tryPop()}, but waits up to {@code maxWait} (wall-clock time; this is the live
   * loop's poll) for a pod. Returns null on timeout or once the queue is closed.
   */
  public QueuedPod pop(Duration maxWait) throws InterruptedException {
    long nanos = saturatedNanos(maxWait);
    lock.lockInterruptibly();
    try {
      while (!closed && activeQ.isEmpty() && backoffQ.isEmpty()) {
        if (nanos <= 0) {
          return null;
        }
        nanos = podAvailable.awaitNanos(nanos);
      }
      return closed ? null : popLocked();
    } finally {
      reportAndUnlock();
    }
  }

  private QueuedPod popLocked() {
    QueuedPod p = activeQ.peek();
    if (p == null) {
      p = backoffQ.peek();
    }
    if (p == null) {
      return null;
    }
    detach(p);
    p.incrementAttempts();
    if (p.initialAttemptTimestamp() == null) {
      p.setInitialAttemptTimestamp(clock.now());
    }
    p.setUnschedulablePlugins(List.of());
    p.setPendingPlugins(List.of());
    p.setLocation(Location.IN_FLIGHT);
    inFlight.add(Nominator.keyOf(p.pod()), p);
    schedulingCycle++;
    return p;
  }

  /** The number of pods popped so far. */
  public long schedulingCycle() {
    lock.lock();
    try {
      return schedulingCycle;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Puts back a pod whose attempt failed, after the scheduler recorded the attempt's rejectors on
   * it ({@link QueuedPod#setUnschedulablePlugins}, {@link QueuedPod#setPendingPlugins}). The pod's
   * timestamp becomes now and its failure counters advance. The events received while it was in
   * flight are replayed through its rejectors' hints: none helps ⇒ the unschedulable pool; one
   * helps ⇒ the backoff queue while backing off, else the active queue; a pending plugin's Queue ⇒
   * the active queue at once. A pod no plugin rejected (an error) goes to the error backoff queue.
   * The pod's in-flight tracking ends here.
   *
   * <p>Ignored for a pod already queued, and for a pod deleted while in flight. If the pod was
   * updated while in flight, its latest version is queued.
   *
   * @param pod the pod returned by {@link #pop} or {@link #tryPop}
   * @param podSchedulingCycle the scheduling cycle of the attempt (kept for the contract and
   *     diagnostics: with queueing hints the in-flight events decide, not the cycle)
   */
  public void addUnschedulableIfNotPresent(QueuedPod pod, long podSchedulingCycle) {
    String key = Nominator.keyOf(pod.pod());
    lock.lock();
    try {
      InFlightPods.Entry flying = inFlight.get(key);
      if (queued.containsKey(key)) {
        return;
      }
      if (flying != null && flying.deleted) {
        pod.setLocation(Location.NONE);
        return;
      }
      if (flying != null && flying.latestPod != null) {
        pod.setPodInfo(PodInfo.of(flying.latestPod));
      }
      pod.countFailure();
      pod.setTimestamp(stamp());
      pod.setBackoffExpiry(null);
      pod.ungate();
      pod.setLocation(Location.NONE);
      incomingEvent = EVENT_SCHEDULE_ATTEMPT_FAILURE;
      requeue(pod, strategyForInFlight(pod, key, flying != null));
    } finally {
      inFlight.remove(key);
      reportAndUnlock();
    }
  }

  private Strategy strategyForInFlight(QueuedPod pod, String key, boolean wasInFlight) {
    if (pod.hasNoRejector() || !wasInFlight) {
      return Strategy.AFTER_BACKOFF;
    }
    String profile = profileKey(pod.pod());
    Strategy strategy = Strategy.SKIP;
    for (InFlightPods.RecordedEvent e : inFlight.eventsSince(key)) {
      Strategy s = hints.strategy(pod, profile, e.event(), e.oldObject(), e.newObject());
      if (s == Strategy.IMMEDIATELY) {
        return s;
      }
      if (s == Strategy.AFTER_BACKOFF) {
        strategy = s;
        if (pod.pendingPlugins().isEmpty()) {
          return s;
        }
      }
    }
    return strategy;
  }

  /**
   * Ends the in-flight tracking of the pod with UID {@code uid} ({@code namespace/name} for a pod
   * without UID): the binding cycle calls it once the pod is past PreBind, whatever the outcome.
   */
  public void done(String uid) {
    lock.lock();
    try {
      InFlightPods.Entry done = inFlight.remove(uid);
      if (done != null && done.owner.location() == Location.IN_FLIGHT) {
        done.owner.setLocation(Location.NONE);
      }
    } finally {
      lock.unlock();
    }
  }

  // ---------------------------------------------------------------- cluster events

  /**
   * Moves the pool pods that {@code event} may help (§4 "moveAll") to the active or backoff queue,
   * and records the event for in-flight pods. An event no plugin registered for does nothing. Pods
   * gated by {@code SchedulingGates} are left alone (only their own update lifts the gates); other
   * gated pods are considered only if their gating plugin registered for the event, and re-run
   * PreEnqueue when moved.
   *
   * @param event the event
   * @param oldObject the object before the change, or null
   * @param newObject the object after the change, or null
   * @param preCheck which pool pods to consider; null for all
   */
  public void moveAllToActiveOrBackoffQueue(
      ClusterEvent event, Object oldObject, Object newObject, Predicate<QueuedPodInfo> preCheck) {
    lock.lock();
    try {
      moveAllLocked(event, oldObject, newObject, preCheck);
    } finally {
      reportAndUnlock();
    }
  }

  private void moveAllLocked(
      ClusterEvent event, Object oldObject, Object newObject, Predicate<QueuedPodInfo> preCheck) {
    if (!hints.isOfInterest(event)) {
      return;
    }
    List<QueuedPod> candidates = new ArrayList<>(pool.size());
    for (QueuedPod p : pool.values()) {
      if (preCheck == null || preCheck.test(p)) {
        candidates.add(p);
      }
    }
    movePodsLocked(candidates, event, oldObject, newObject);
  }

  private void movePodsLocked(
      List<QueuedPod> candidates, ClusterEvent event, Object oldObject, Object newObject) {
    if (!hints.isOfInterest(event)) {
      return;
    }
    incomingEvent = event.label();
    for (QueuedPod p : candidates) {
      if (!inPool(p)) {
        continue;
      }
      String profile = profileKey(p.pod());
      if (p.gated()
          && (SCHEDULING_GATES.equals(p.gatingPlugin())
              || !hints.registers(profile, p.gatingPlugin(), event))) {
        continue;
      }
      Strategy s = hints.strategy(p, profile, event, oldObject, newObject);
      if (s != Strategy.SKIP) {
        requeue(p, s);
      }
    }
    inFlight.recordIfAnyInFlight(event, oldObject, newObject);
  }

  /**
   * A pod bound to a node appeared: moves the pool pods with a required affinity term that matches
   * it, or rejected by PodTopologySpread in its namespace (event {@code AssignedPodAdd}).
   */
  public void assignedPodAdded(Pod pod) {
    lock.lock();
    try {
      ClusterEvent event = ClusterEvent.of(EventResource.ASSIGNED_POD, ActionType.ADD);
      movePodsLocked(crossTopologyPods(pod, null), event, null, pod);
    } finally {
      reportAndUnlock();
    }
  }

  /**
   * A pod bound to a node changed (event {@code AssignedPodUpdate} with the update's actions, see
   * {@link PodUpdates}): a scale-down of its requests considers every pool pod; any other change
   * only the pool pods with a required (anti-)affinity term that matches it, or rejected by
   * PodTopologySpread in its namespace.
   */
  public void assignedPodUpdated(Pod oldPod, Pod newPod) {
    lock.lock();
    try {
      ActionType action = PodUpdates.actionType(oldPod, newPod);
      ClusterEvent event =
          new ClusterEvent(EventResource.ASSIGNED_POD, action, ASSIGNED_POD_UPDATE);
      if (action.intersects(ActionType.UPDATE_POD_SCALE_DOWN)) {
        moveAllLocked(event, oldPod, newPod, null);
      } else {
        movePodsLocked(crossTopologyPods(newPod, oldPod), event, oldPod, newPod);
      }
    } finally {
      reportAndUnlock();
    }
  }

  /**
   * The pool pods an assigned pod's add or update may help: those rejected by PodTopologySpread in
   * its namespace, those with a required affinity term matching it, and, for an update, those with
   * a required anti-affinity term matching its old version (a change may end the conflict).
   */
  private List<QueuedPod> crossTopologyPods(Pod assigned, Pod oldAssigned) {
    if (pool.isEmpty()) {
      return List.of();
    }
    Map<String, String> nsLabels = namespaceLabels(assigned.namespace());
    List<QueuedPod> out = new ArrayList<>();
    for (QueuedPod p : pool.values()) {
      if (p.unschedulablePlugins().contains(POD_TOPOLOGY_SPREAD)
          && assigned.namespace().equals(p.pod().namespace())) {
        out.add(p);
      } else if (anyMatches(p.podInfo().requiredAffinityTerms(), assigned, nsLabels)
          || (oldAssigned != null
              && anyMatches(p.podInfo().requiredAntiAffinityTerms(), oldAssigned, nsLabels))) {
        out.add(p);
      }
    }
    return out;
  }

  private static boolean anyMatches(
      List<AffinityTerm> terms, Pod pod, Map<String, String> nsLabels) {
    for (AffinityTerm t : terms) {
      if (t.matches(pod, nsLabels)) {
        return true;
      }
    }
    return false;
  }

  private Map<String, String> namespaceLabels(String namespace) {
    return objects.namespace(namespace).map(Namespace::labels).orElse(Map.of());
  }

  // ---------------------------------------------------------------- pod updates

  /**
   * A pending pod changed. In the active or backoff queue its pod is replaced (and re-sorted); in
   * the pool nothing happens if only its status or resource version changed, else the hints of its
   * own update event ({@code UnscheduledPod} with the update's actions, see {@link PodUpdates})
   * decide whether it moves (a gated pod re-runs PreEnqueue when it does); in flight the update is
   * recorded for the attempt's outcome; an unknown pod is added. The nominator follows.
   */
  public void update(Pod oldPod, Pod newPod) {
    lock.lock();
    try {
      updateLocked(oldPod, newPod);
    } finally {
      reportAndUnlock();
    }
  }

  private void updateLocked(Pod oldPod, Pod newPod) {
    String key = Nominator.keyOf(newPod);
    ActionType action = PodUpdates.actionType(oldPod, newPod);
    ClusterEvent event =
        new ClusterEvent(EventResource.UNSCHEDULED_POD, action, UNSCHEDULED_POD_UPDATE);
    InFlightPods.Entry flying = inFlight.get(key);
    if (flying != null) {
      flying.latestPod = newPod;
      inFlight.recordIfAnyInFlight(event, oldPod, newPod);
      return;
    }
    QueuedPod p = queued.get(key);
    incomingEvent = p == null ? EVENT_POD_ADD : UNSCHEDULED_POD_UPDATE;
    if (p == null) {
      moveToActiveQ(new QueuedPod(PodInfo.of(newPod), stamp()), true, true);
      return;
    }
    p.setPodInfo(PodInfo.of(newPod));
    nominator.updateNominatedPod(oldPod, p.podInfo());
    switch (p.location()) {
      case ACTIVE -> activeQ.fix(p);
      case BACKOFF -> backoffQ.fix(p);
      case ERROR_BACKOFF -> errorBackoffQ.fix(p);
      case UNSCHEDULABLE, GATED -> {
        if (isPodUpdated(oldPod, newPod)) {
          Strategy s = hints.strategy(p, profileKey(newPod), event, oldPod, newPod);
          if (s != Strategy.SKIP) {
            requeue(p, s);
          }
        }
      }
      default -> throw new IllegalStateException("queued pod " + p + " has no queue");
    }
  }

  /** Whether the update changed more than the pod's status and resource version. */
  static boolean isPodUpdated(Pod oldPod, Pod newPod) {
    return !strip(oldPod).equals(strip(newPod));
  }

  private static Pod strip(Pod pod) {
    return new Pod(
        pod.metadata().toBuilder().resourceVersion("").build(),
        pod.spec(),
        PodStatus.builder().build());
  }

  /** Removes a pod from every structure and from the nominator. */
  public void delete(Pod pod) {
    lock.lock();
    try {
      nominator.deleteNominatedPodIfExists(pod);
      String key = Nominator.keyOf(pod);
      QueuedPod p = queued.get(key);
      if (p != null) {
        detach(p);
      }
      InFlightPods.Entry flying = inFlight.get(key);
      if (flying != null) {
        flying.deleted = true;
      }
    } finally {
      reportAndUnlock();
    }
  }

  /**
   * Moves the given pods from the pool or the backoff queues to the active queue (event {@code
   * ForceActivate}); a pod from the pool re-runs PreEnqueue. For a pod in flight, the activation is
   * recorded so that the pod moves if its attempt fails. Other pods are ignored.
   */
  public void activate(Collection<Pod> pods) {
    lock.lock();
    try {
      incomingEvent = ClusterEvent.FORCE_ACTIVATE.label();
      for (Pod pod : pods) {
        String key = Nominator.keyOf(pod);
        QueuedPod p = queued.get(key);
        if (p != null) {
          switch (p.location()) {
            case UNSCHEDULABLE, GATED -> moveToActiveQ(p, true, false);
            case BACKOFF, ERROR_BACKOFF -> moveToActiveQ(p, false, false);
            default -> {}
          }
        } else if (inFlight.contains(key)) {
          inFlight.recordIfAnyInFlight(ClusterEvent.FORCE_ACTIVATE, null, pod);
        }
      }
    } finally {
      reportAndUnlock();
    }
  }

  // ---------------------------------------------------------------- flushes and timers

  /** Moves the pods whose backoff completed from both backoff queues to the active queue. */
  public void flushBackoffQCompleted() {
    lock.lock();
    try {
      Instant now = clock.now();
      incomingEvent = EVENT_BACKOFF_COMPLETE;
      for (PodHeap heap : List.of(backoffQ, errorBackoffQ)) {
        QueuedPod head;
        while ((head = heap.peek()) != null && !backoff.isBackingOff(head, now)) {
          moveToActiveQ(head, false, false);
        }
      }
    } finally {
      reportAndUnlock();
    }
  }

  /**
   * Moves the pool pods that have been there longer than {@link #MAX_IN_UNSCHEDULABLE_POOL} (since
   * their timestamp), as the wildcard event {@code UnschedulableTimeout}.
   */
  public void flushUnschedulablePodsLeftover() {
    lock.lock();
    try {
      Instant now = clock.now();
      List<QueuedPod> stale = new ArrayList<>();
      for (QueuedPod p : pool.values()) {
        if (Duration.between(p.timestamp(), now).compareTo(MAX_IN_UNSCHEDULABLE_POOL) > 0) {
          stale.add(p);
        }
      }
      if (!stale.isEmpty()) {
        movePodsLocked(stale, ClusterEvent.UNSCHEDULABLE_TIMEOUT, null, null);
      }
    } finally {
      reportAndUnlock();
    }
  }

  /**
   * The earliest instant at which a pod in a backoff queue completes its backoff, that is when
   * {@link #flushBackoffQCompleted()} would move it: the end of the one-second window that holds
   * its expiry. Empty when both backoff queues are empty.
   */
  public Optional<Instant> nextBackoffExpiry() {
    lock.lock();
    try {
      Instant best = null;
      for (PodHeap heap : List.of(backoffQ, errorBackoffQ)) {
        QueuedPod head = heap.peek();
        Instant done = head == null ? null : backoff.completion(head);
        if (head != null && done == null) {
          done = clock.now();
        }
        if (done != null && (best == null || done.isBefore(best))) {
          best = done;
        }
      }
      return Optional.ofNullable(best);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Starts the periodic flushes on the clock: completed backoffs every second (aligned to whole
   * seconds) and pool leftovers every 30 seconds. Each task reschedules itself until {@link
   * #close()}. Does nothing if already started or closed.
   */
  public void start() {
    lock.lock();
    try {
      if (started || closed) {
        return;
      }
      started = true;
      scheduleBackoffFlush();
      scheduleLeftoverFlush();
    } finally {
      lock.unlock();
    }
  }

  private void scheduleBackoffFlush() {
    Instant now = clock.now();
    Duration delay = Duration.between(now, BackoffPolicy.align(now).plus(BACKOFF_FLUSH_PERIOD));
    backoffFlushTask =
        clock.schedule(
            delay,
            () -> {
              flushBackoffQCompleted();
              rescheduleIfOpen(this::scheduleBackoffFlush);
            });
  }

  /**
   * On virtual time, runs {@link #flushUnschedulablePodsLeftover} every {@link
   * #LEFTOVER_FLUSH_PERIOD} as the clock passes, as a background task: kube-scheduler's flush of
   * pods unschedulable for five minutes happens whenever time goes by, but does not by itself keep
   * a run going.
   *
   * @param clock the queue's virtual clock
   */
  public void flushLeftoversOn(io.schedkit.core.clock.VirtualClock clock) {
    clock.scheduleBackground(
        LEFTOVER_FLUSH_PERIOD,
        () -> {
          flushUnschedulablePodsLeftover();
          lock.lock();
          try {
            if (!closed) {
              flushLeftoversOn(clock);
            }
          } finally {
            lock.unlock();
          }
        });
  }

  private void scheduleLeftoverFlush() {
    leftoverFlushTask =
        clock.schedule(
            LEFTOVER_FLUSH_PERIOD,
            () -> {
              flushUnschedulablePodsLeftover();
              rescheduleIfOpen(this::scheduleLeftoverFlush);
            });
  }

  private void rescheduleIfOpen(Runnable schedule) {
    lock.lock();
    try {
      if (!closed) {
        schedule.run();
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * Closes the queue: cancels the periodic flushes, ends all in-flight tracking, and wakes blocked
   * {@link #pop} callers, which return null. Pods stay queued (for diagnostics).
   */
  public void close() {
    lock.lock();
    try {
      closed = true;
      if (backoffFlushTask != null) {
        backoffFlushTask.cancel();
      }
      if (leftoverFlushTask != null) {
        leftoverFlushTask.cancel();
      }
      inFlight.clear();
      podAvailable.signalAll();
    } finally {
      lock.unlock();
    }
  }

  // ---------------------------------------------------------------- reading

  /** The number of pods in the active queue. */
  public int activeCount() {
    lock.lock();
    try {
      return activeQ.size();
    } finally {
      lock.unlock();
    }
  }

  /** Whether no pod is queued (pods in flight do not count). */
  public boolean isEmpty() {
    lock.lock();
    try {
      return queued.isEmpty();
    } finally {
      lock.unlock();
    }
  }

  /** The number of pods in flight. */
  public int inFlightCount() {
    lock.lock();
    try {
      return inFlight.size();
    } finally {
      lock.unlock();
    }
  }

  /** The number of events kept for in-flight pods (for tests and diagnostics). */
  int recordedEventCount() {
    lock.lock();
    try {
      return inFlight.eventCount();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Detached copies of every queued pod (active, backoff, error backoff, pool; not in flight), each
   * with its {@link QueuedPod#location()}: active pods in pop order, backoff pods by expiry, pool
   * pods in the order they entered it.
   */
  public List<QueuedPodInfo> pendingPods() {
    lock.lock();
    try {
      List<QueuedPodInfo> out = new ArrayList<>(queued.size());
      for (PodHeap heap : List.of(activeQ, backoffQ, errorBackoffQ)) {
        List<QueuedPod> members = heap.list();
        members.sort((a, b) -> heapLess(heap, a, b) ? -1 : heapLess(heap, b, a) ? 1 : 0);
        for (QueuedPod p : members) {
          out.add(p.snapshot());
        }
      }
      for (QueuedPod p : pool.values()) {
        out.add(p.snapshot());
      }
      return out;
    } finally {
      lock.unlock();
    }
  }

  private boolean heapLess(PodHeap heap, QueuedPod a, QueuedPod b) {
    if (heap == activeQ) {
      return queueSort.less(a, b);
    }
    Instant ea = expiryOrMin(a);
    Instant eb = expiryOrMin(b);
    return ea.equals(eb) ? heap == backoffQ && queueSort.less(a, b) : ea.isBefore(eb);
  }

  /**
   * A detached copy of the queued pod with UID {@code uid} ({@code namespace/name} for a pod
   * without UID); empty if it is not queued (in flight or unknown).
   */
  public Optional<QueuedPodInfo> get(String uid) {
    lock.lock();
    try {
      QueuedPod p = queued.get(uid);
      return p == null ? Optional.empty() : Optional.of(p.snapshot());
    } finally {
      lock.unlock();
    }
  }

  // ---------------------------------------------------------------- moving between structures

  /** Sends a pod that left the pool or came back from an attempt where {@code strategy} says. */
  private void requeue(QueuedPod p, Strategy strategy) {
    switch (strategy) {
      case SKIP -> {
        if (!queued.containsKey(Nominator.keyOf(p.pod()))) {
          poolPut(p);
        }
      }
      case AFTER_BACKOFF -> {
        if (backoff.isBackingOff(p, clock.now())) {
          moveToBackoffQ(p);
        } else {
          moveToActiveQ(p, true, false);
        }
      }
      case IMMEDIATELY -> moveToActiveQ(p, true, false);
    }
  }

  /**
   * Moves {@code p} to the active queue if PreEnqueue admits it (not asked when {@code
   * runPreEnqueue} is false), else to the pool as gated. Returns whether it entered the active
   * queue. {@code nominate} records the pod's {@code status.nominatedNodeName} (on add).
   */
  private boolean moveToActiveQ(QueuedPod p, boolean runPreEnqueue, boolean nominate) {
    if (runPreEnqueue) {
      runPreEnqueue(p);
    }
    detach(p);
    if (p.gated()) {
      poolPut(p);
      return false;
    }
    activeQ.add(p);
    attach(p, Location.ACTIVE);
    if (nominate) {
      nominator.addNominatedPod(p.podInfo(), null);
    }
    podAvailable.signalAll();
    return true;
  }

  /** Moves {@code p} to its backoff queue if PreEnqueue admits it, else to the pool as gated. */
  private void moveToBackoffQ(QueuedPod p) {
    runPreEnqueue(p);
    detach(p);
    if (p.gated()) {
      poolPut(p);
      return;
    }
    if (p.hasNoRejector()) {
      errorBackoffQ.add(p);
      attach(p, Location.ERROR_BACKOFF);
    } else {
      backoffQ.add(p);
      attach(p, Location.BACKOFF);
      podAvailable.signalAll();
    }
  }

  private void runPreEnqueue(QueuedPod p) {
    Framework f = framework(p.pod());
    Status s = f == null ? Status.success() : f.runPreEnqueuePlugins(p.pod());
    if (s.isSuccess()) {
      p.ungate();
      return;
    }
    String plugin = s.plugin().isEmpty() ? "PreEnqueue" : s.plugin();
    p.gate(plugin, s);
    p.addUnschedulablePlugin(plugin);
  }

  private void poolPut(QueuedPod p) {
    pool.put(Nominator.keyOf(p.pod()), p);
    if (p.gated()) {
      gatedCount++;
      attach(p, Location.GATED);
    } else {
      attach(p, Location.UNSCHEDULABLE);
    }
  }

  private void attach(QueuedPod p, Location location) {
    p.setLocation(location);
    queued.put(Nominator.keyOf(p.pod()), p);
    if (recording) {
      recordIncoming(p, location);
    }
  }

  /** Under the lock: the pod's arrival in {@code location}, for the queue metrics. */
  private void recordIncoming(QueuedPod p, Location location) {
    switch (location) {
      case ACTIVE -> metrics.queueIncomingPod("active", incomingEvent);
      case BACKOFF, ERROR_BACKOFF -> metrics.queueIncomingPod("backoff", incomingEvent);
      case UNSCHEDULABLE, GATED -> {
        metrics.queueIncomingPod("unschedulable", incomingEvent);
        String profile = metricProfile(p.pod());
        java.util.SortedSet<String> plugins = new java.util.TreeSet<>(p.unschedulablePlugins());
        plugins.addAll(p.pendingPlugins());
        List<String> counted = List.copyOf(plugins);
        for (String plugin : counted) {
          metrics.unschedulablePods(plugin, profile, 1);
        }
        List<String> previous = countedUnschedulable.put(Nominator.keyOf(p.pod()), counted);
        if (previous != null) {
          for (String plugin : previous) {
            metrics.unschedulablePods(plugin, profile, -1);
          }
        }
      }
      default -> {}
    }
  }

  /** The profile label of {@code pod}: its profile's name, else its scheduler name. */
  private String metricProfile(Pod pod) {
    String key = profileKey(pod);
    return key != null ? key : pod.spec().schedulerName();
  }

  /** Under the lock: the pod left the pool; it no longer counts in scheduler_unschedulable_pods. */
  private void recordLeftPool(QueuedPod p) {
    List<String> counted = countedUnschedulable.remove(Nominator.keyOf(p.pod()));
    if (counted != null) {
      String profile = metricProfile(p.pod());
      for (String plugin : counted) {
        metrics.unschedulablePods(plugin, profile, -1);
      }
    }
  }

  /** Removes {@code p} from whichever queued structure holds it. */
  private void detach(QueuedPod p) {
    switch (p.location()) {
      case ACTIVE -> activeQ.remove(p);
      case BACKOFF -> backoffQ.remove(p);
      case ERROR_BACKOFF -> errorBackoffQ.remove(p);
      case UNSCHEDULABLE -> pool.remove(Nominator.keyOf(p.pod()));
      case GATED -> {
        pool.remove(Nominator.keyOf(p.pod()));
        gatedCount--;
      }
      default -> {
        return;
      }
    }
    if (recording && inPool(p)) {
      recordLeftPool(p);
    }
    queued.remove(Nominator.keyOf(p.pod()));
    p.setLocation(Location.NONE);
  }

  private boolean inPool(QueuedPod p) {
    return p.location() == Location.UNSCHEDULABLE || p.location() == Location.GATED;
  }

  // ---------------------------------------------------------------- helpers

  private Instant expiryOrMin(QueuedPod p) {
    Instant e = backoff.expiry(p);
    return e == null ? Instant.MIN : e;
  }

  private Framework framework(Pod pod) {
    String key = profileKey(pod);
    return key == null ? null : profiles.get(key);
  }

  /** The key of {@code pod}'s profile in {@link #profiles}, or null when it has none. */
  private String profileKey(Pod pod) {
    String name = pod.spec().schedulerName();
    if (profiles.containsKey(name)) {
      return name;
    }
    if (name.isEmpty() && profiles.containsKey(Profile.DEFAULT_SCHEDULER_NAME)) {
      return Profile.DEFAULT_SCHEDULER_NAME;
    }
    return null;
  }

  private static Pod latest(InFlightPods.Entry e) {
    return e.latestPod != null ? e.latestPod : e.poppedPod;
  }

  private static long saturatedNanos(Duration d) {
    try {
      return d.toNanos();
    } catch (ArithmeticException e) {
      return d.isNegative() ? Long.MIN_VALUE : TimeUnit.DAYS.toNanos(365L * 100);
    }
  }

  private void reportAndUnlock() {
    try {
      metrics.pendingPods(Location.ACTIVE.metricLabel(), activeQ.size());
      metrics.pendingPods(Location.BACKOFF.metricLabel(), backoffQ.size() + errorBackoffQ.size());
      metrics.pendingPods(Location.UNSCHEDULABLE.metricLabel(), pool.size() - gatedCount);
      metrics.pendingPods(Location.GATED.metricLabel(), gatedCount);
    } finally {
      lock.unlock();
    }
  }
}
