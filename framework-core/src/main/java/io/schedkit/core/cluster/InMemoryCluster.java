package io.schedkit.core.cluster;

import io.schedkit.core.clock.VirtualClock;
import io.schedkit.framework.Clock;
import io.schedkit.framework.cluster.ClusterObjects;
import io.schedkit.framework.cluster.ClusterView;
import io.schedkit.framework.cluster.ClusterWriteException;
import io.schedkit.framework.cluster.FencingToken;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodCondition;
import io.schedkit.framework.model.PodStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * The embedded cluster: a {@link ClusterView} that keeps every object in memory, used by
 * simulators, tests, the CLI and the benchmarks. The host side ({@link #create}, {@link #update},
 * {@link #delete}) changes objects directly; the scheduler side ({@link #bind}, {@link #evict},
 * {@link #nominate}, {@link #reportUnschedulable}) applies writes at once or after a configured
 * latency on the clock, and can fail a configured fraction of binds and evictions.
 *
 * <p>Objects without {@code metadata.uid} get a deterministic one ({@code
 * <kind>-<namespace>-<name>-<n>}, lower case, the namespace left out for cluster-scoped objects)
 * and objects without {@code creationTimestamp} get the clock's time. Every change sets the
 * object's {@code resourceVersion} to the next value of one cluster-wide counter, so versions grow
 * in the order changes happen. Bad input to the host side (a missing name, a duplicate
 * kind+namespace+name or UID, an unknown object) is rejected with {@link IllegalArgumentException}
 * naming the object and changes nothing.
 *
 * <p>Design note (threads and ordering): one lock guards the objects, the counters and the seeded
 * {@link Random}; every change and its events are made under it, so the event order is the order of
 * the changes, and with a single caller (a simulation on a {@link VirtualClock}) runs are
 * repeatable. Events are delivered outside the lock by an {@code EventDispatcher}, one at a time
 * and in order, normally on the thread that made the change before the method returns; a change
 * made by a listener while it handles an event is delivered after that event, never re-entrantly.
 * Writes with a latency are applied by a task on the clock (on the thread that advances a virtual
 * clock), and their stage completes after the write is applied and its events delivered. With
 * several writers at once, the seeded failure decisions follow the order in which writes take the
 * lock.
 *
 * <p>Fencing (on by default, {@link Builder#fencing}): the writes of a leader-elected scheduler
 * carry its {@link FencingToken}; the cluster remembers the newest token of each lease (from writes
 * and {@link #fence} announcements, see {@link FencingTokens}) and refuses, when it applies it, a
 * write with an older one, with a {@link ClusterWriteException} naming both tokens. The check
 * happens when the write is applied, after any latency, so a write delayed past a takeover is
 * refused too. Writes without a token (schedulers without leader election) are not checked.
 */
public final class InMemoryCluster implements ClusterView {
  /** The condition type set by {@link #bind} and {@link #reportUnschedulable}. */
  public static final String POD_SCHEDULED = "PodScheduled";

  /** The condition type set by {@link #evict}. */
  public static final String DISRUPTION_TARGET = "DisruptionTarget";

  /** The reason of the {@code DisruptionTarget} condition set by {@link #evict}. */
  public static final String PREEMPTION_BY_SCHEDULER = "PreemptionByScheduler";

  /** The reason of the {@code PodScheduled=False} condition set by {@link #reportUnschedulable}. */
  public static final String UNSCHEDULABLE = "Unschedulable";

  private final Object lock = new Object();
  private final Map<ObjectKey, KubeObject> objects = new LinkedHashMap<>();
  private final Map<String, ObjectKey> byUid = new HashMap<>();
  private final EventDispatcher events = new EventDispatcher();
  private final Clock clock;
  private final Duration writeLatency;
  private final double bindFailureRate;
  private final double evictionFailureRate;
  private final Random random;
  private final FencingTokens fencingTokens;
  private long resourceVersion;
  private long uidCounter;
  private long binds;
  private long evictions;
  private long failedWrites;

  private InMemoryCluster(Builder b) {
    this.clock = b.clock == null ? new VirtualClock() : b.clock;
    this.writeLatency = b.writeLatency;
    this.bindFailureRate = b.bindFailureRate;
    this.evictionFailureRate = b.evictionFailureRate;
    this.random = new Random(b.seed);
    this.fencingTokens = b.fencing ? new FencingTokens() : null;
  }

  /** A builder for a cluster with no latency, no failures, seed 0 and a virtual clock at epoch. */
  public static Builder builder() {
    return new Builder();
  }

  /** The clock the cluster reads and schedules delayed writes on. */
  public Clock clock() {
    return clock;
  }

  // ---------------------------------------------------------------- host side

  /**
   * Adds {@code object} and emits {@code ADDED}.
   *
   * @return the stored version, with UID, creation time and resource version set
   * @throws IllegalArgumentException if the object has no name, is not one of the model's kinds, or
   *     has the kind, namespace and name or the UID of a stored object
   */
  public <T extends KubeObject> T create(T object) {
    T stored;
    synchronized (lock) {
      validateNew(object, Set.of(), Set.of());
      stored = insert(object);
    }
    events.drain();
    return stored;
  }

  /**
   * Adds every object of {@code objects}, in order, emitting one {@code ADDED} each; all or none:
   * if one object is invalid (as for {@link #create}, also against the earlier objects of the
   * list), nothing is added.
   *
   * @return the stored versions, in order
   */
  public List<KubeObject> createAll(List<? extends KubeObject> objects) {
    List<KubeObject> stored = new ArrayList<>(objects.size());
    synchronized (lock) {
      Set<ObjectKey> keys = new HashSet<>();
      Set<String> uids = new HashSet<>();
      for (KubeObject o : objects) {
        validateNew(o, keys, uids);
        keys.add(ObjectKey.of(o));
        if (!o.metadata().uid().isEmpty()) {
          uids.add(o.metadata().uid());
        }
      }
      for (KubeObject o : objects) {
        stored.add(insert(o));
      }
    }
    events.drain();
    return stored;
  }

  /** Adds every object of {@code objects} in creation-safe order, as {@link #createAll}. */
  public List<KubeObject> createAll(ClusterObjects objects) {
    return createAll(objects.all());
  }

  /**
   * Replaces the stored object with the same kind, namespace and name by {@code object} and emits
   * {@code MODIFIED}. The stored UID and creation time are kept when {@code object} leaves them
   * unset.
   *
   * @return the stored version
   * @throws IllegalArgumentException if no such object is stored, or {@code object} has another UID
   */
  public <T extends KubeObject> T update(T object) {
    Objects.requireNonNull(object, "object");
    T stored;
    synchronized (lock) {
      ObjectKey key = ObjectKey.of(object);
      KubeObject old = existing(key, object.metadata().uid(), "update");
      if (!old.getClass().equals(object.getClass())) {
        throw new IllegalArgumentException(
            "update of " + key + ": the stored object is a " + old.getClass().getSimpleName());
      }
      ObjectMeta m = object.metadata();
      Instant created =
          m.creationTimestamp() == null
              ? old.metadata().creationTimestamp()
              : m.creationTimestamp();
      stored =
          KubeObjects.withMetadata(
              object, metadata(m, old.metadata().uid(), created, nextResourceVersion()));
      objects.put(key, stored);
      events.publish(WatchEvent.modified(old, stored));
    }
    events.drain();
    return stored;
  }

  /**
   * Deletes the stored object with {@code object}'s kind, namespace and name and emits {@code
   * DELETED}.
   *
   * @throws IllegalArgumentException if no such object is stored, or the stored one has another UID
   *     than {@code object} (when {@code object} has one)
   */
  public void delete(KubeObject object) {
    Objects.requireNonNull(object, "object");
    synchronized (lock) {
      ObjectKey key = ObjectKey.of(object);
      remove(key, existing(key, object.metadata().uid(), "delete"));
    }
    events.drain();
  }

  /**
   * Deletes the object of {@code kind} named {@code namespace/name} ({@code namespace} is {@code
   * ""} for cluster-scoped kinds) and emits {@code DELETED}.
   *
   * @throws IllegalArgumentException if no such object is stored
   */
  public void delete(String kind, String namespace, String name) {
    ObjectKey key = new ObjectKey(kind, namespace, name);
    synchronized (lock) {
      remove(key, existing(key, "", "delete"));
    }
    events.drain();
  }

  /** The pod {@code namespace/name}. */
  public Optional<Pod> pod(String namespace, String name) {
    return get(Pod.KIND, namespace, name).map(Pod.class::cast);
  }

  /** The node {@code name}. */
  public Optional<Node> node(String name) {
    return get(Node.KIND, "", name).map(Node.class::cast);
  }

  /** The object of {@code kind} named {@code namespace/name}. */
  public Optional<KubeObject> get(String kind, String namespace, String name) {
    synchronized (lock) {
      return Optional.ofNullable(objects.get(new ObjectKey(kind, namespace, name)));
    }
  }

  /** Every pod, in creation order. */
  public List<Pod> pods() {
    return list().pods();
  }

  /** Every node, in creation order. */
  public List<Node> nodes() {
    return list().nodes();
  }

  /** The number of successful binds so far. */
  public long bindCount() {
    synchronized (lock) {
      return binds;
    }
  }

  /** The number of successful evictions so far. */
  public long evictionCount() {
    synchronized (lock) {
      return evictions;
    }
  }

  /** The number of writes (of any of the four kinds) that failed so far, injected or not. */
  public long failedWriteCount() {
    synchronized (lock) {
      return failedWrites;
    }
  }

  // ---------------------------------------------------------------- ClusterView

  /** Every current object; each kind in creation order. */
  @Override
  public ClusterObjects list() {
    synchronized (lock) {
      return ClusterObjects.of(new ArrayList<>(objects.values()));
    }
  }

  /**
   * Subscribes {@code listener}: delivers {@code ADDED} for every current object, in the
   * creation-safe order of {@link ClusterObjects#all()}, then every later change. Returns after the
   * initial list is delivered, except when called from a listener, where the list follows the event
   * being handled. Closing the handle stops deliveries that have not started.
   */
  @Override
  public AutoCloseable watch(Consumer<WatchEvent> listener) {
    Objects.requireNonNull(listener, "listener");
    EventDispatcher.Subscription s;
    synchronized (lock) {
      s = events.subscribe(listener, list().all());
    }
    events.deliverInitialList(s);
    return s;
  }

  /**
   * Sets {@code spec.nodeName}, a {@code PodScheduled=True} condition and, if unset, {@code
   * status.startTime} (the phase is left alone). Fails if the pod is gone, has another UID
   * (conflict), is already bound (conflict) or the node does not exist; or by injection.
   */
  @Override
  public CompletionStage<Void> bind(Pod pod, String nodeName) {
    Objects.requireNonNull(pod, "pod");
    Objects.requireNonNull(nodeName, "nodeName");
    return write(() -> applyBind(pod, nodeName));
  }

  /**
   * Adds the condition {@code DisruptionTarget=True} reason {@code PreemptionByScheduler} ({@code
   * MODIFIED}), then deletes the pod ({@code DELETED}). Fails if the pod is gone or has another UID
   * (conflict); or by injection.
   */
  @Override
  public CompletionStage<Void> evict(Pod victim, Pod preemptor) {
    Objects.requireNonNull(victim, "victim");
    Objects.requireNonNull(preemptor, "preemptor");
    return write(() -> applyEvict(victim, preemptor));
  }

  /**
   * Sets {@code status.nominatedNodeName} ({@code ""} clears it); no event when it is unchanged.
   * Fails if the pod is gone or has another UID (conflict).
   */
  @Override
  public CompletionStage<Void> nominate(Pod pod, String nodeName) {
    Objects.requireNonNull(pod, "pod");
    Objects.requireNonNull(nodeName, "nodeName");
    return write(() -> applyNominate(pod, nodeName));
  }

  /**
   * Sets the condition {@code PodScheduled=False} reason {@code Unschedulable} with {@code
   * message}; no event when the condition is unchanged. Fails if the pod is gone or has another UID
   * (conflict).
   */
  @Override
  public CompletionStage<Void> reportUnschedulable(Pod pod, String message) {
    Objects.requireNonNull(pod, "pod");
    Objects.requireNonNull(message, "message");
    return write(() -> applyReportUnschedulable(pod, message));
  }

  /**
   * Records {@code token} as its lease's newest, from now on refusing writes with older tokens;
   * fails (the stage) if a newer token was seen. Applied at once, whatever the write latency.
   * Accepted without a check when fencing is off.
   */
  @Override
  public CompletionStage<Void> fence(FencingToken token) {
    Objects.requireNonNull(token, "token");
    if (fencingTokens == null) {
      return CompletableFuture.completedFuture(null);
    }
    synchronized (lock) {
      try {
        fencingTokens.admit(token, "fencing announcement");
      } catch (ClusterWriteException e) {
        return CompletableFuture.failedFuture(e);
      }
    }
    return CompletableFuture.completedFuture(null);
  }

  /** {@link #bind(Pod, String)}, refused if a newer token of the same lease was seen. */
  @Override
  public CompletionStage<Void> bind(Pod pod, String nodeName, FencingToken token) {
    Objects.requireNonNull(pod, "pod");
    Objects.requireNonNull(nodeName, "nodeName");
    return write(
        () -> {
          admit(token, "bind of pod " + pod.key() + " to node " + nodeName);
          applyBind(pod, nodeName);
        });
  }

  /** {@link #evict(Pod, Pod)}, refused if a newer token of the same lease was seen. */
  @Override
  public CompletionStage<Void> evict(Pod victim, Pod preemptor, FencingToken token) {
    Objects.requireNonNull(victim, "victim");
    Objects.requireNonNull(preemptor, "preemptor");
    return write(
        () -> {
          admit(token, "eviction of pod " + victim.key());
          applyEvict(victim, preemptor);
        });
  }

  /** {@link #nominate(Pod, String)}, refused if a newer token of the same lease was seen. */
  @Override
  public CompletionStage<Void> nominate(Pod pod, String nodeName, FencingToken token) {
    Objects.requireNonNull(pod, "pod");
    Objects.requireNonNull(nodeName, "nodeName");
    return write(
        () -> {
          admit(token, "nomination of pod " + pod.key());
          applyNominate(pod, nodeName);
        });
  }

  /** {@link #reportUnschedulable(Pod, String)}, refused if a newer token was seen. */
  @Override
  public CompletionStage<Void> reportUnschedulable(Pod pod, String message, FencingToken token) {
    Objects.requireNonNull(pod, "pod");
    Objects.requireNonNull(message, "message");
    return write(
        () -> {
          admit(token, "unschedulable report of pod " + pod.key());
          applyReportUnschedulable(pod, message);
        });
  }

  /** The newest fencing token seen for {@code lease} (empty when fencing is off). */
  public Optional<FencingToken> newestFencingToken(String lease) {
    synchronized (lock) {
      return fencingTokens == null ? Optional.empty() : fencingTokens.newest(lease);
    }
  }

  /** How many writes were refused because their fencing token was older than the newest seen. */
  public long fencedWriteCount() {
    synchronized (lock) {
      return fencingTokens == null ? 0 : fencingTokens.refusedCount();
    }
  }

  // ---------------------------------------------------------------- writes

  /** Under the lock: admits a write with {@code token}, or throws (fencing on). */
  private void admit(FencingToken token, String write) {
    Objects.requireNonNull(token, "token");
    if (fencingTokens != null) {
      fencingTokens.admit(token, write);
    }
  }

  /**
   * Runs {@code apply} under the lock now or after the latency, delivers its events, then completes
   * the stage.
   */
  private CompletionStage<Void> write(Runnable apply) {
    CompletableFuture<Void> result = new CompletableFuture<>();
    Runnable task =
        () -> {
          RuntimeException failure = null;
          synchronized (lock) {
            try {
              apply.run();
            } catch (RuntimeException e) {
              failedWrites++;
              failure = e;
            }
          }
          events.drain();
          if (failure == null) {
            result.complete(null);
          } else {
            result.completeExceptionally(failure);
          }
        };
    if (writeLatency.isZero()) {
      task.run();
    } else {
      clock.schedule(writeLatency, task);
    }
    return result;
  }

  private void applyBind(Pod pod, String nodeName) {
    if (injectFailure(bindFailureRate)) {
      throw new ClusterWriteException(
          "injected failure: binding pod " + pod.key() + " to node " + nodeName);
    }
    Pod current = currentPod(pod);
    if (current.isAssigned()) {
      throw new ClusterWriteException(
          "pod " + current.name() + " is already assigned to node \"" + current.nodeName() + "\"",
          true);
    }
    if (!objects.containsKey(new ObjectKey(Node.KIND, "", nodeName))) {
      throw new ClusterWriteException("nodes \"" + nodeName + "\" not found");
    }
    Instant now = clock.now();
    PodCondition scheduled = PodConditions.of(POD_SCHEDULED, "True", "", "");
    PodStatus.Builder status =
        PodConditions.set(current.status(), scheduled, now).orElse(current.status()).toBuilder();
    if (current.status().startTime() == null) {
      status.startTime(now);
    }
    replace(
        current,
        new Pod(current.metadata(), current.spec().withNodeName(nodeName), status.build()));
    binds++;
  }

  private void applyEvict(Pod victim, Pod preemptor) {
    if (injectFailure(evictionFailureRate)) {
      throw new ClusterWriteException("injected failure: evicting pod " + victim.key());
    }
    Pod current = currentPod(victim);
    String scheduler = preemptor.spec().schedulerName();
    String message =
        (scheduler.isEmpty() ? Profile.DEFAULT_SCHEDULER_NAME : scheduler)
            + ": preempting to accommodate a higher priority pod";
    PodCondition target =
        PodConditions.of(DISRUPTION_TARGET, "True", PREEMPTION_BY_SCHEDULER, message);
    Optional<PodStatus> marked = PodConditions.set(current.status(), target, clock.now());
    if (marked.isPresent()) {
      current = replace(current, new Pod(current.metadata(), current.spec(), marked.get()));
    }
    remove(ObjectKey.of(current), current);
    evictions++;
  }

  private void applyNominate(Pod pod, String nodeName) {
    Pod current = currentPod(pod);
    if (current.nominatedNodeName().equals(nodeName)) {
      return;
    }
    PodStatus status = current.status().toBuilder().nominatedNodeName(nodeName).build();
    replace(current, new Pod(current.metadata(), current.spec(), status));
  }

  private void applyReportUnschedulable(Pod pod, String message) {
    Pod current = currentPod(pod);
    PodCondition c = PodConditions.of(POD_SCHEDULED, "False", UNSCHEDULABLE, message);
    Optional<PodStatus> status = PodConditions.set(current.status(), c, clock.now());
    if (status.isPresent()) {
      replace(current, new Pod(current.metadata(), current.spec(), status.get()));
    }
  }

  /** Whether to fail this write, drawing from the seeded random only for a positive rate. */
  private boolean injectFailure(double rate) {
    return rate > 0 && random.nextDouble() < rate;
  }

  /** The stored version of {@code pod}, which must exist and have the same UID (if it has one). */
  private Pod currentPod(Pod pod) {
    KubeObject o = objects.get(new ObjectKey(Pod.KIND, pod.namespace(), pod.name()));
    if (o == null) {
      throw new ClusterWriteException("pods \"" + pod.name() + "\" not found");
    }
    Pod current = (Pod) o;
    if (!pod.uid().isEmpty() && !pod.uid().equals(current.uid())) {
      throw new ClusterWriteException(
          "Precondition failed: UID in precondition: "
              + pod.uid()
              + ", UID in object meta: "
              + current.uid(),
          true);
    }
    return current;
  }

  // ---------------------------------------------------------------- store (under the lock)

  /** Checks that {@code o} may be created, also against the keys and UIDs of a pending batch. */
  private void validateNew(KubeObject o, Set<ObjectKey> batchKeys, Set<String> batchUids) {
    Objects.requireNonNull(o, "object");
    ObjectMeta m = o.metadata();
    if (m.name().isEmpty()) {
      String where = m.namespace().isEmpty() ? "" : " in namespace " + m.namespace();
      throw new IllegalArgumentException(o.kind() + where + ": metadata.name is missing");
    }
    if (!KubeObjects.isSupported(o) || o.kind().isEmpty()) {
      throw new IllegalArgumentException(KubeObjects.unsupported(o) + ": " + o.key());
    }
    ObjectKey key = ObjectKey.of(o);
    if (objects.containsKey(key) || batchKeys.contains(key)) {
      throw new IllegalArgumentException(key + " already exists");
    }
    String uid = m.uid();
    if (!uid.isEmpty() && (byUid.containsKey(uid) || batchUids.contains(uid))) {
      ObjectKey other = byUid.get(uid);
      throw new IllegalArgumentException(
          key
              + ": uid "
              + uid
              + " is already used"
              + (other == null ? " earlier in the list" : " by " + other));
    }
  }

  /** Stores a validated new object, giving it a UID and creation time if unset; emits ADDED. */
  private <T extends KubeObject> T insert(T object) {
    ObjectMeta m = object.metadata();
    String uid = m.uid().isEmpty() ? newUid(object) : m.uid();
    Instant created = m.creationTimestamp() == null ? clock.now() : m.creationTimestamp();
    ObjectKey key = ObjectKey.of(object);
    T stored = KubeObjects.withMetadata(object, metadata(m, uid, created, nextResourceVersion()));
    objects.put(key, stored);
    byUid.put(uid, key);
    events.publish(WatchEvent.added(stored));
    return stored;
  }

  private String newUid(KubeObject o) {
    ObjectMeta m = o.metadata();
    String prefix =
        o.kind() + "-" + (m.namespace().isEmpty() ? "" : m.namespace() + "-") + m.name();
    String uid;
    do {
      uid = (prefix + "-" + ++uidCounter).toLowerCase(Locale.ROOT);
    } while (byUid.containsKey(uid));
    return uid;
  }

  /** Puts {@code object} under {@code key} with the next resource version. */
  private <T extends KubeObject> T store(ObjectKey key, T object) {
    T versioned = nextVersion(object);
    objects.put(key, versioned);
    return versioned;
  }

  private <T extends KubeObject> T nextVersion(T object) {
    ObjectMeta m = object.metadata();
    return KubeObjects.withMetadata(
        object, metadata(m, m.uid(), m.creationTimestamp(), nextResourceVersion()));
  }

  private String nextResourceVersion() {
    return Long.toString(++resourceVersion);
  }

  /**
   * {@code m} with a new UID, creation time and resource version. Through the record's constructor,
   * which keeps the already frozen labels, annotations and owners: the builder would copy them.
   */
  private static ObjectMeta metadata(
      ObjectMeta m, String uid, Instant creationTimestamp, String resourceVersion) {
    return new ObjectMeta(
        m.name(),
        m.namespace(),
        uid,
        m.labels(),
        m.annotations(),
        m.ownerReferences(),
        creationTimestamp,
        m.deletionTimestamp(),
        resourceVersion);
  }

  /** Stores a new version of the stored pod {@code current}; emits MODIFIED. */
  private Pod replace(Pod current, Pod next) {
    Pod stored = store(ObjectKey.of(current), next);
    events.publish(WatchEvent.modified(current, stored));
    return stored;
  }

  /** Removes the stored object {@code old}; emits DELETED with a new resource version. */
  private void remove(ObjectKey key, KubeObject old) {
    objects.remove(key);
    byUid.remove(old.metadata().uid());
    events.publish(WatchEvent.deleted(nextVersion(old)));
  }

  /** The stored object under {@code key}, which must exist and have {@code uid} unless empty. */
  private KubeObject existing(ObjectKey key, String uid, String operation) {
    KubeObject old = objects.get(key);
    if (old == null) {
      throw new IllegalArgumentException(operation + " of " + key + ": no such object");
    }
    if (!uid.isEmpty() && !uid.equals(old.metadata().uid())) {
      throw new IllegalArgumentException(
          operation
              + " of "
              + key
              + ": uid "
              + uid
              + " differs from the stored "
              + old.metadata().uid());
    }
    return old;
  }

  /** Builds {@link InMemoryCluster}s. */
  public static final class Builder {
    private Clock clock;
    private Duration writeLatency = Duration.ZERO;
    private double bindFailureRate;
    private double evictionFailureRate;
    private long seed;
    private boolean fencing = true;

    private Builder() {}

    /**
     * The clock for timestamps and delayed writes; by default a new {@link VirtualClock} at the
     * epoch.
     */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /**
     * How long after the call the scheduler's writes apply, through {@link Clock#schedule}; zero
     * (the default) applies them at once on the caller's thread. A positive latency needs an
     * explicit {@link #clock}.
     */
    public Builder writeLatency(Duration writeLatency) {
      Objects.requireNonNull(writeLatency, "writeLatency");
      if (writeLatency.isNegative()) {
        throw new IllegalArgumentException("writeLatency must not be negative: " + writeLatency);
      }
      this.writeLatency = writeLatency;
      return this;
    }

    /**
     * The fraction of binds, in [0, 1], that fail with {@link ClusterWriteException}; 0 default.
     */
    public Builder bindFailureRate(double rate) {
      this.bindFailureRate = checkRate("bindFailureRate", rate);
      return this;
    }

    /** The fraction of evictions, in [0, 1], that fail with {@link ClusterWriteException}; 0. */
    public Builder evictionFailureRate(double rate) {
      this.evictionFailureRate = checkRate("evictionFailureRate", rate);
      return this;
    }

    /**
     * Whether writes carrying a fencing token older than the newest seen for their lease are
     * refused (default true).
     */
    public Builder fencing(boolean fencing) {
      this.fencing = fencing;
      return this;
    }

    /** The seed of the random that decides injected failures; 0 by default. */
    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    /**
     * Builds the cluster.
     *
     * @throws IllegalStateException if a write latency is set without a clock
     */
    public InMemoryCluster build() {
      if (!writeLatency.isZero() && clock == null) {
        throw new IllegalStateException(
            "writeLatency " + writeLatency + " needs a clock to apply writes on");
      }
      return new InMemoryCluster(this);
    }

    private static double checkRate(String name, double rate) {
      if (!(rate >= 0 && rate <= 1)) {
        throw new IllegalArgumentException(name + " must be in [0, 1]: " + rate);
      }
      return rate;
    }
  }
}
