package io.schedkit.core;

import io.schedkit.core.cache.SchedulerCache;
import io.schedkit.core.cache.Snapshot;
import io.schedkit.core.clock.SystemClock;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.config.ArgsDecoder;
import io.schedkit.core.config.SchedulerConfigurationDecoder;
import io.schedkit.core.extender.Extenders;
import io.schedkit.core.extender.HttpExtender;
import io.schedkit.core.leaderelection.LeaderElector;
import io.schedkit.core.leaderelection.LeaseStore;
import io.schedkit.core.metrics.SchedulerMetrics;
import io.schedkit.core.queue.Nominator;
import io.schedkit.core.queue.QueuedPod;
import io.schedkit.core.queue.SchedulingQueue;
import io.schedkit.core.runtime.Framework;
import io.schedkit.core.runtime.FrameworkBuilder;
import io.schedkit.core.runtime.FrameworkServices;
import io.schedkit.core.runtime.WorkerPool;
import io.schedkit.core.store.ClusterObjectStore;
import io.schedkit.framework.Clock;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.Registry;
import io.schedkit.framework.Status;
import io.schedkit.framework.cluster.ClusterView;
import io.schedkit.framework.cluster.FencingToken;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.extender.Extender;
import io.schedkit.framework.model.Pod;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scheduler: the one entry point of schedkit. Built over a host's {@link ClusterView}, it keeps
 * a cache and a queue fed by the host's events and places pending pods with kube-scheduler's
 * semantics.
 *
 * <p>Three ways to drive it: {@link #scheduleOne()} runs exactly one scheduling cycle on the
 * caller's thread; {@link #runUntilIdle()} drains the queue, and with a {@link VirtualClock}
 * advances virtual time through backoffs and timers until nothing more can happen; {@link #start()}
 * runs the loop on its own thread for live use, until {@link #close()}.
 *
 * <p>With leader election ({@link Builder#leaderElection(LeaseStore, String)}), several schedulers
 * can share one cluster and only the leader schedules: {@link #start()} also starts the {@link
 * LeaderElector}, and scheduling cycles run only while it leads, whoever drives them ({@link
 * #scheduleOne()} and {@link #runUntilIdle()} do nothing for a follower). The cache and queue keep
 * following the host either way, so a follower is ready the moment it takes over. Leadership is
 * checked again just before every write to the host (a bind, an eviction, a nomination, a failure
 * report): a non-leader's write is not sent, and a failed bind requeues the pod. Every write goes
 * out with the elector's {@link FencingToken} ({@link ClusterView}'s token-taking methods), and a
 * new leader announces its token ({@link ClusterView#fence}) before its first cycle, so a host that
 * checks tokens refuses the late writes of a deposed leader. When leadership is lost,
 * kube-scheduler exits; this scheduler stops its loop for good and logs an error, and the host sees
 * it through {@link #leaderElector()} ({@code lostLeadership()}, {@code whenStopped()}), typically
 * closing it and building a new one to stand again. {@link #close()} stops the elector, releasing
 * the lease, after the loop and the binding threads have stopped.
 *
 * <p>Design note (threads): scheduling cycles are serialised (one at a time, whoever drives them);
 * host events arrive on the host's thread and go to the thread-safe cache, queue and store; binding
 * cycles run on the binding executor — a thread pool live, and with a {@link VirtualClock} a
 * deferred queue that the scheduling thread drains between cycles, which with {@code parallelism =
 * 1} and a seed makes a run reproducible.
 */
public final class Scheduler implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Scheduler.class);

  private final ClusterView cluster;
  private final ClusterView writes;
  private final SchedulerConfiguration configuration;
  private final Clock clock;
  private final boolean ownsClock;
  private final SchedulerMetrics metrics;
  private final List<Extender> extenders;

  /** The extenders built from the configuration, which this scheduler closes. */
  private final List<HttpExtender> configuredExtenders;

  private final Map<String, Framework> profiles;
  private final SchedulerCache cache;
  private final Snapshot snapshot;
  private final SchedulingQueue queue;
  private final ClusterObjectStore store;
  private final WorkerPool workers;
  private final SchedulerRandom random;
  private final Executor bindingExecutor;
  private final ExecutorService ownedBindingPool;
  private final DeferredExecutor deferred;
  private final SchedulingAlgorithm algorithm;
  private final EventHandlers handlers;
  private final SchedulingCycle cycle;
  private final AutoCloseable subscription;
  private final LeaderElector elector;
  private final List<String> warnings;
  private final Map<String, String> lastFailure = new ConcurrentHashMap<>();
  private final AtomicLong bound = new AtomicLong();
  private final AtomicInteger bindingsInFlight = new AtomicInteger();
  private final Object cycleLock = new Object();
  // The fencing token announced to the host and the announcement's stage; guarded by cycleLock.
  private FencingToken fencedToken;
  private CompletableFuture<Void> fencing;
  private volatile Thread loop;
  private volatile boolean closed;
  private volatile boolean draining;

  /** The virtual machine error that stopped this scheduler, once one did. */
  private volatile VirtualMachineError failure;

  private final CompletableFuture<Throwable> failed = new CompletableFuture<>();

  private Scheduler(Builder b) {
    this.cluster = Objects.requireNonNull(b.cluster, "cluster");
    Registry registry = b.registry != null ? b.registry : Registry.discover();
    this.warnings = new ArrayList<>(b.warnings);
    this.configuration =
        Extenders.withIgnoredResources(
            b.configuration != null
                ? b.configuration
                : new SchedulerConfigurationDecoder().defaults(registry));
    // The configuration's extenders (HTTP) come before the in-process ones; built before any
    // thread is started, since a bad TLS setting fails here.
    this.configuredExtenders = Extenders.fromConfig(configuration.extenders());
    List<Extender> allExtenders = new ArrayList<>(configuredExtenders);
    allExtenders.addAll(b.extenders);
    this.extenders = List.copyOf(allExtenders);
    this.ownsClock = b.clock == null;
    this.clock = b.clock != null ? b.clock : new SystemClock();
    try {
      this.elector = leaderElector(b, configuration, clock);
    } catch (RuntimeException e) {
      if (ownsClock) {
        ((SystemClock) clock).close();
      }
      throw e;
    }
    this.metrics = b.metrics != null ? b.metrics : SchedulerMetrics.noop();
    this.writes = elector == null ? cluster : new FencedCluster(cluster, elector);
    int parallelism = b.parallelism > 0 ? b.parallelism : configuration.parallelism();
    this.workers = new WorkerPool(parallelism);
    this.random = SchedulerRandom.seeded(b.seed);
    if (b.bindingExecutor != null) {
      this.bindingExecutor = b.bindingExecutor;
      this.ownedBindingPool = null;
      this.deferred = null;
    } else if (clock instanceof VirtualClock) {
      this.deferred = new DeferredExecutor();
      this.bindingExecutor = deferred;
      this.ownedBindingPool = null;
    } else {
      AtomicInteger n = new AtomicInteger();
      this.ownedBindingPool =
          Executors.newCachedThreadPool(
              r -> {
                Thread t = new Thread(r, "schedkit-binder-" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
              });
      this.bindingExecutor = ownedBindingPool;
      this.deferred = null;
    }
    this.store = new ClusterObjectStore();
    this.cache = new SchedulerCache();
    this.snapshot = new Snapshot();
    this.algorithm =
        new SchedulingAlgorithm(configuration.percentageOfNodesToScore(), extenders, random);

    Map<String, Framework> frameworks = new LinkedHashMap<>();
    Nominator nominator = new Nominator();
    FrameworkServices services =
        new FrameworkServices(
            () -> snapshot,
            store,
            nominator,
            workers,
            extenders,
            writes,
            clock,
            random,
            this::activate,
            metrics);
    ArgsDecoder argsDecoder = new ArgsDecoder();
    for (Profile p : configuration.profiles()) {
      frameworks.put(
          p.schedulerName(), FrameworkBuilder.build(p, registry, services, argsDecoder::decode));
    }
    this.profiles = java.util.Collections.unmodifiableMap(frameworks);
    this.queue =
        new SchedulingQueue(
            profiles,
            clock,
            Duration.ofSeconds(configuration.podInitialBackoffSeconds()),
            Duration.ofSeconds(configuration.podMaxBackoffSeconds()),
            store,
            metrics,
            nominator);
    if (clock instanceof VirtualClock vc) {
      queue.flushLeftoversOn(vc);
    }
    this.handlers =
        new EventHandlers(
            cache, queue, store, profiles, p -> lastFailure.remove(p.uid()), this::fail);
    this.cycle =
        new SchedulingCycle(
            profiles,
            cache,
            snapshot,
            queue,
            store,
            writes,
            algorithm,
            metrics,
            clock,
            extenders,
            bindingExecutor,
            lastFailure,
            bound,
            bindingsInFlight,
            cycleLock,
            this::leading,
            this::mayBind,
            this::fail);
    this.subscription = cluster.watch(handlers);
  }

  /** The elector of {@code b}, or null without leader election; invalid settings throw. */
  private static LeaderElector leaderElector(
      Builder b, SchedulerConfiguration configuration, Clock clock) {
    if (b.leaderElector != null) {
      return b.leaderElector;
    }
    if (b.leaseStore == null || !configuration.leaderElection().leaderElect()) {
      return null;
    }
    String identity = b.leaderIdentity != null ? b.leaderIdentity : LeaderElector.defaultIdentity();
    return LeaderElector.builder()
        .store(b.leaseStore)
        .identity(identity)
        .config(configuration.leaderElection())
        .clock(clock)
        .metrics(b.metrics)
        .seed(b.seed * 31 + identity.hashCode())
        .onStartedLeading(() -> LOG.info("{} leads: scheduling starts", identity))
        .onStoppedLeading(() -> LOG.info("{}: leader election ended", identity))
        .build();
  }

  /** A builder; {@link Builder#cluster} is required. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The configuration in effect: with defaults applied, and with the extenders' ignored resources
   * set in NodeResourcesFit's args ({@link Extenders#withIgnoredResources}).
   */
  public SchedulerConfiguration configuration() {
    return configuration;
  }

  /** Warnings from building the scheduler (for example unsupported plugins that were dropped). */
  public List<String> warnings() {
    return List.copyOf(warnings);
  }

  /** The profiles' scheduler names. */
  public List<String> profileNames() {
    return List.copyOf(profiles.keySet());
  }

  /** The clock the scheduler runs on. */
  public Clock clock() {
    return clock;
  }

  /** The number of pods bound so far by this scheduler. */
  public long boundCount() {
    return bound.get();
  }

  /**
   * What the scheduler's cache holds, for tests and debugging ({@link SchedulerCache#dump()}): a
   * copy of every node's NodeInfo and the assumed pods. Expensive; not for the hot path.
   */
  public SchedulerCache.Dump cacheDump() {
    return cache.dump();
  }

  /**
   * What the scheduler's cache holds for the named nodes, and its assumed pods ({@link
   * SchedulerCache#dump(Collection)}): {@link #cacheDump()} restricted to a few nodes.
   */
  public SchedulerCache.Dump cacheDump(Collection<String> nodeNames) {
    return cache.dump(nodeNames);
  }

  /**
   * The scheduler's snapshot brought up to date with its cache, as the next scheduling cycle will
   * see it, then copied, for tests and debugging: the incremental update a cycle makes, then every
   * node copied. Waits for a running scheduling cycle to end. Expensive; not for the hot path.
   */
  public SnapshotDump snapshotDump() {
    synchronized (cycleLock) {
      cache.updateSnapshot(snapshot);
      List<NodeInfo> nodes = new ArrayList<>(snapshot.size());
      for (NodeInfo n : snapshot.list()) {
        nodes.add(n.copy());
      }
      List<String> withAffinity = new ArrayList<>();
      snapshot.havePodsWithAffinity().forEach(n -> withAffinity.add(n.name()));
      List<String> withAntiAffinity = new ArrayList<>();
      snapshot.havePodsWithRequiredAntiAffinity().forEach(n -> withAntiAffinity.add(n.name()));
      return new SnapshotDump(
          List.copyOf(nodes), List.copyOf(withAffinity), List.copyOf(withAntiAffinity));
    }
  }

  /**
   * A copy of the scheduler's snapshot ({@link #snapshotDump()}).
   *
   * @param nodes copies of its NodeInfos, in its node list's order
   * @param havePodsWithAffinity the names of the nodes in its list of nodes with pods that have
   *     affinity terms
   * @param havePodsWithRequiredAntiAffinity the names of the nodes in its list of nodes with pods
   *     that have required anti-affinity terms
   */
  public record SnapshotDump(
      List<NodeInfo> nodes,
      List<String> havePodsWithAffinity,
      List<String> havePodsWithRequiredAntiAffinity) {}

  /** The leader elector, when leader election is on. */
  public Optional<LeaderElector> leaderElector() {
    return Optional.ofNullable(elector);
  }

  /** Whether this scheduler may schedule: leader election is off, or it leads. */
  private boolean leading() {
    return elector == null || elector.isLeader();
  }

  /**
   * Under the cycle lock: whether the host has recorded this leader's fencing token. The first call
   * as leader announces it ({@link ClusterView#fence}); scheduling starts once the host accepted
   * it, and a refused announcement is retried at the next call. Always true without leader
   * election.
   */
  private boolean fenceAnnounced() {
    if (elector == null) {
      return true;
    }
    FencingToken token = elector.fencingToken().orElse(null);
    if (token == null) {
      return false;
    }
    if (fencing == null || !token.equals(fencedToken)) {
      fencedToken = token;
      try {
        fencing = cluster.fence(token).toCompletableFuture();
      } catch (RuntimeException e) {
        fencing = CompletableFuture.failedFuture(e);
      }
    }
    if (!fencing.isDone()) {
      return false;
    }
    if (fencing.isCompletedExceptionally()) {
      CompletableFuture<Void> failed = fencing;
      fencing = null;
      failed.exceptionally(
          t -> {
            LOG.error("the host refused fencing token {}: {}", token, t.toString());
            return null;
          });
      return false;
    }
    return true;
  }

  /** The framework of profile {@code schedulerName} (advanced use and tests). */
  public Optional<Framework> framework(String schedulerName) {
    return Optional.ofNullable(profiles.get(schedulerName));
  }

  // ------------------------------------------------------------------ driving

  /**
   * Runs one scheduling cycle on the caller's thread: pops the next pod and tries to place it (its
   * binding cycle continues on the binding executor). Returns empty when no pod is ready, or when
   * leader election is on and this scheduler does not lead.
   */
  public Optional<ScheduleResult> scheduleOne() {
    throwIfFailed();
    synchronized (cycleLock) {
      if (!leading() || draining || !fenceAnnounced()) {
        return Optional.empty();
      }
      QueuedPod qp = queue.tryPop();
      if (qp == null) {
        return Optional.empty();
      }
      try {
        return Optional.of(cycle.schedule(qp));
      } catch (VirtualMachineError e) {
        fail(e);
        throw e;
      }
    }
  }

  /** Throws, with the failure as its cause, once a virtual machine error stopped the scheduler. */
  private void throwIfFailed() {
    VirtualMachineError f = failure;
    if (f != null) {
      throw new IllegalStateException("the scheduler stopped after a fatal error: " + f, f);
    }
  }

  /**
   * Stops this scheduler for good after a {@link VirtualMachineError} (for example a plugin's
   * {@link OutOfMemoryError}): logged at ERROR, recorded as {@link #failure()}, no scheduling cycle
   * starts again, and the leader election (if any) stops, releasing the lease. The first error
   * wins.
   */
  private void fail(VirtualMachineError e) {
    synchronized (failed) {
      if (failure != null) {
        return;
      }
      failure = e;
    }
    try {
      LOG.error("fatal error: the scheduler stops (close it and build a new one)", e);
    } catch (Throwable ignored) {
      // nothing more can be said
    }
    try {
      if (elector != null) {
        elector.stop();
      }
    } catch (Throwable t) {
      e.addSuppressed(t);
    }
    failed.complete(e);
  }

  /**
   * The {@link VirtualMachineError} ({@link OutOfMemoryError}, {@link StackOverflowError}, {@link
   * InternalError}) that stopped this scheduler, if one did. Such an error, thrown by a plugin or
   * the runtime, is never contained: the scheduler logs it at ERROR, stops scheduling for good (the
   * live loop rethrows it on its thread and ends; {@link #scheduleOne()}, {@link #runUntilIdle()},
   * {@link #drain(Duration)} and {@link #start()} then throw an {@link IllegalStateException} with
   * it as the cause) and stops its leader election. Any other error a plugin throws is contained as
   * an Error status naming the plugin, and the pod is requeued.
   */
  public Optional<Throwable> failure() {
    return Optional.ofNullable(failure);
  }

  /** Completes with the {@link #failure()} when a virtual machine error stops this scheduler. */
  public CompletionStage<Throwable> whenFailed() {
    return failed.minimalCompletionStage();
  }

  /**
   * Whether the live loop ({@link #start()}) runs: started, not closed, not stopped by a {@link
   * #failure()}, and its thread alive (with leader election, it ends when leadership is lost).
   */
  public boolean isRunning() {
    Thread t = loop;
    return t != null && t.isAlive() && !closed && failure == null;
  }

  /**
   * Drains the queue. With a {@link VirtualClock}, also runs binding cycles and due timers and
   * advances virtual time through backoffs and timers, until no pod can make progress and nothing
   * more is due; with the system clock, returns once no pod is ready. With leader election it runs
   * only while this scheduler leads, and the elector's renewals alone do not keep it advancing
   * time: it stops when nothing is pending or in flight, or when no change came for two maximum
   * backoffs with no binding in flight.
   *
   * @return the number of scheduling cycles run
   */
  public int runUntilIdle() {
    int cycles = 0;
    if (!leading()) {
      runDeferred(); // bindings left from when it led fail before Bind and requeue their pods
      return cycles;
    }
    VirtualClock vc = clock instanceof VirtualClock ? (VirtualClock) clock : null;
    long lastProgress = progress();
    Instant lastProgressAt = clock.now();
    Duration idleLimit = Duration.ofSeconds(2 * configuration.podMaxBackoffSeconds() + 1);
    int cyclesSinceProgress = 0;
    while (true) {
      runDeferred();
      while (scheduleOne().isPresent()) {
        cycles++;
        cyclesSinceProgress++;
        runDeferred();
      }
      if (vc == null || !leading()) {
        return cycles;
      }
      vc.runDueTasks();
      queue.flushBackoffQCompleted();
      if (queue.activeCount() > 0 || (deferred != null && !deferred.isEmpty())) {
        continue;
      }
      long p = progress();
      if (p != lastProgress) {
        lastProgress = p;
        lastProgressAt = clock.now();
        cyclesSinceProgress = 0;
      } else if (cyclesSinceProgress > NO_PROGRESS_CYCLES_PER_POD * Math.max(1, pendingCount())) {
        return cycles; // the same pods keep failing (for example Permit timeouts): nothing changes
      }
      boolean idleElection = elector != null && bindingsInFlight.get() == 0;
      if (idleElection && pendingCount() == 0) {
        return cycles; // only the elector's renewals are due
      }
      Optional<Instant> timer = vc.nextDeadline();
      Optional<Instant> backoff = queue.nextBackoffExpiry();
      Instant next;
      if (timer.isPresent()) {
        next =
            backoff.isPresent() && backoff.get().isBefore(timer.get())
                ? backoff.get()
                : timer.get();
        if (idleElection && Duration.between(lastProgressAt, next).compareTo(idleLimit) > 0) {
          return cycles; // renewals keep coming, but nothing else changes
        }
      } else if (backoff.isPresent()) {
        if (Duration.between(lastProgressAt, backoff.get()).compareTo(idleLimit) > 0) {
          return cycles; // only retries without progress remain
        }
        next = backoff.get();
      } else {
        return cycles;
      }
      vc.advanceTo(next);
      queue.flushBackoffQCompleted();
    }
  }

  /** How many cycles per pending pod may run without any change before runUntilIdle stops. */
  private static final int NO_PROGRESS_CYCLES_PER_POD = 20;

  private int pendingCount() {
    return queue.pendingPods().size();
  }

  private long progress() {
    return handlers.eventCount() + bound.get();
  }

  private void runDeferred() {
    if (deferred != null) {
      deferred.runAll();
    }
  }

  /**
   * Starts the scheduling loop on its own thread (live use); with leader election, starts the
   * elector too, and the loop schedules from when it leads until leadership is lost.
   */
  public synchronized void start() {
    if (closed) {
      throw new IllegalStateException("scheduler is closed");
    }
    throwIfFailed();
    if (loop != null) {
      return;
    }
    queue.start();
    if (elector != null) {
      elector.start();
    }
    Thread t =
        new Thread(
            () -> {
              if (!awaitLeadership()) {
                return;
              }
              while (!closed && !draining && failure == null && leading()) {
                try {
                  if (!awaitFence()) {
                    continue;
                  }
                  QueuedPod qp = queue.pop(Duration.ofMillis(200));
                  if (qp == null) {
                    runDeferred();
                    continue;
                  }
                  synchronized (cycleLock) {
                    if (failure != null || !leading()) {
                      // Lost while waiting for the pod: no cycle, the pod waits for the next
                      // leader.
                      queue.addUnschedulableIfNotPresent(qp, queue.schedulingCycle());
                      break;
                    }
                    cycle.schedule(qp);
                  }
                  runDeferred();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                  return;
                } catch (VirtualMachineError e) {
                  fail(e);
                  throw e;
                } catch (RuntimeException | Error e) {
                  LOG.error("scheduling loop error", e);
                }
              }
              VirtualMachineError f = failure;
              if (f != null && !closed) {
                throw f; // stopped by a failure on another thread: it ends this one too
              }
              if (!closed && !draining && elector != null) {
                runDeferred();
                LOG.error(
                    "leader election lost: {} stopped scheduling (the cache and queue still follow"
                        + " the cluster)",
                    elector.identity());
              }
            },
            "schedkit-scheduler");
    t.setDaemon(true);
    loop = t;
    t.start();
  }

  /** The live loop: whether the host recorded the token, waiting up to 200 ms for it. */
  private boolean awaitFence() throws InterruptedException {
    CompletableFuture<Void> pending;
    synchronized (cycleLock) {
      if (fenceAnnounced()) {
        return true;
      }
      pending = fencing;
    }
    if (pending == null) {
      Thread.sleep(200); // refused: try again shortly
      return false;
    }
    try {
      pending.get(200, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
      return false;
    }
    return false;
  }

  /** Without leader election true at once; with it, waits until the elector leads or stops. */
  private boolean awaitLeadership() {
    if (elector == null) {
      return true;
    }
    try {
      CompletableFuture.anyOf(
              elector.whenLeading().toCompletableFuture(),
              elector.whenStopped().toCompletableFuture())
          .get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (ExecutionException e) {
      return false;
    }
    return !closed && elector.isLeader();
  }

  /**
   * The first half of a graceful shutdown (a live scheduler's SIGTERM): stops starting scheduling
   * cycles, then waits up to {@code timeout} for the binding cycles in flight to finish (their
   * binds to be answered), so {@link #close()}, which releases the lease, follows no half-done
   * work. The cache and queue keep following the host. Idempotent; {@link #close()} must still be
   * called.
   *
   * @param timeout how long to wait for the binding cycles in flight
   * @return true if none is left in flight
   */
  public boolean drain(Duration timeout) {
    draining = true;
    throwIfFailed();
    synchronized (cycleLock) {
      // a cycle that was running has finished and started its binding cycle
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    while (bindingsInFlight.get() > 0) {
      throwIfFailed();
      runDeferred();
      if (System.nanoTime() >= deadline) {
        LOG.warn(
            "{} binding cycles still in flight after {} s",
            bindingsInFlight.get(),
            timeout.toSeconds());
        return false;
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return bindingsInFlight.get() == 0;
      }
    }
    return true;
  }

  /** The number of binding cycles started and not finished yet. */
  public int bindingsInFlight() {
    return bindingsInFlight.get();
  }

  /**
   * Stops the loop, the binding threads, then the leader elector (releasing the lease), the timers
   * and every thread the scheduler started; idempotent. For a graceful stop call {@link
   * #drain(Duration)} first.
   */
  @Override
  public void close() {
    Thread t;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      t = loop;
    }
    queue.close();
    if (t != null) {
      t.interrupt();
      try {
        t.join(TimeUnit.SECONDS.toMillis(10));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    try {
      subscription.close();
    } catch (Exception e) {
      LOG.warn("closing the watch failed: {}", e.toString());
    }
    if (ownedBindingPool != null) {
      ownedBindingPool.shutdownNow();
      try {
        ownedBindingPool.awaitTermination(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    workers.close();
    for (HttpExtender e : configuredExtenders) {
      e.close();
    }
    if (elector != null) {
      elector.stop();
    }
    if (ownsClock && clock instanceof SystemClock) {
      ((SystemClock) clock).close();
    }
  }

  /** Moves {@code pods}, if queued, to the active queue. */
  public void activate(Collection<Pod> pods) {
    queue.activate(pods);
  }

  /**
   * Whether a binding may go on to Bind: leader election is off, or this scheduler leads. (The
   * write itself is checked again just before it is sent.)
   */
  private Status mayBind() {
    if (leading()) {
      return Status.success();
    }
    return Status.error(
        "not the leader: binding not started (lease held by \"" + elector.leader() + "\")");
  }

  // ------------------------------------------------------------------ explain and pending

  /**
   * Explains, as a dry run, what one scheduling cycle would do with {@code pod} on the current
   * cluster: every node is evaluated and every plugin's verdict recorded; when no node fits, the
   * profile's PostFilter plugins run as a dry run too. Nothing is assumed, bound, evicted or
   * queued. Tie-breaks (host selection, preemption's candidate offset) draw from the scheduler's
   * seeded random source as the next real cycle would, and the source is then put back, so explain
   * does not change what the scheduler later does. The profile's PreEnqueue plugins run first: a
   * pod one of them holds (scheduling gates, an incomplete gang) is {@code Unschedulable} with
   * {@link Explanation#gate()} saying which plugin holds it and why, and its nodes say what the
   * cycle would find once it is let through.
   */
  public Explanation explain(Pod pod) {
    synchronized (cycleLock) {
      Pod p = EventHandlers.admit(pod, store);
      Framework fwk = profiles.get(p.spec().schedulerName());
      if (fwk == null) {
        throw new IllegalArgumentException(
            "pod "
                + p.key()
                + ": spec.schedulerName "
                + p.spec().schedulerName()
                + " is not a profile of this scheduler (profiles: "
                + profiles.keySet()
                + ")");
      }
      cache.updateSnapshot(snapshot);
      CycleState state = new CycleState();
      state.setDryRun(true);
      PodInfo podInfo = PodInfo.of(p);
      Status gated = fwk.runPreEnqueuePlugins(p);
      // The dry run draws its tie-breaks as the next real cycle would, then gives them back.
      // PostFilter (preemption's candidate offset) runs in ExplainReport, inside the window too.
      long position = random.position();
      Explanation e;
      try {
        SchedulingAlgorithm.Result r =
            algorithm.schedulePod(fwk, state, podInfo, snapshot, SchedulingAlgorithm.Mode.EXPLAIN);
        e = ExplainReport.build(fwk, state, podInfo, snapshot, r);
      } finally {
        random.restore(position);
      }
      if (gated.isSuccess()) {
        return e;
      }
      return e.gatedBy(gate(p, gated));
    }
  }

  /** The pods waiting in the queue, with where they wait and why. */
  public List<PendingPod> pendingPods() {
    List<PendingPod> out = new ArrayList<>();
    for (QueuedPodInfo q : queue.pendingPods()) {
      out.add(pending(q));
    }
    out.sort(Comparator.comparing(PendingPod::podKey));
    return out;
  }

  /** Why the pod with {@code uid} is pending, if it is queued. */
  public Optional<PendingPod> whyPending(String uid) {
    return queue.get(uid).map(this::pending);
  }

  private PendingPod pending(QueuedPodInfo q) {
    String message = lastFailure.getOrDefault(q.pod().uid(), "");
    if (message.isEmpty() && q instanceof QueuedPod held && held.gated()) {
      Status status = held.gatingStatus().orElse(Status.unresolvable());
      message = gate(q.pod(), status.withPlugin(held.gatingPlugin())).why();
    }
    return new PendingPod(
        q.pod().key(), q.pod().uid(), q.attempts(), List.copyOf(q.unschedulablePlugins()), message);
  }

  /** The gate of {@code pod}, which PreEnqueue plugin {@code status.plugin()} rejected. */
  private static Explanation.Gate gate(Pod pod, Status status) {
    List<String> gates = pod.spec().schedulingGates();
    boolean byGates = status.plugin().equals("SchedulingGates") && !gates.isEmpty();
    return new Explanation.Gate(
        status.plugin(),
        byGates ? Explanation.SCHEDULING_GATED_REASON : status.code().toString(),
        status.message(),
        byGates ? gates : List.of());
  }

  /**
   * A pod waiting to be scheduled.
   *
   * @param podKey {@code namespace/name}
   * @param uid the pod's UID
   * @param attempts scheduling attempts so far
   * @param rejectedBy the plugins that rejected it in its last attempt
   * @param message the last failure message; before the first attempt, why a PreEnqueue plugin
   *     holds the pod ({@link Explanation.Gate#why()}), else empty
   */
  public record PendingPod(
      String podKey, String uid, int attempts, List<String> rejectedBy, String message) {}

  // ------------------------------------------------------------------ builder

  /** Builds a {@link Scheduler}. */
  public static final class Builder {
    private ClusterView cluster;
    private SchedulerConfiguration configuration;
    private Registry registry;
    private Clock clock;
    private long seed;
    private int parallelism;
    private Executor bindingExecutor;
    private SchedulerMetrics metrics;
    private final List<Extender> extenders = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private LeaseStore leaseStore;
    private String leaderIdentity;
    private LeaderElector leaderElector;

    private Builder() {}

    /** The host's cluster (required). */
    public Builder cluster(ClusterView cluster) {
      this.cluster = cluster;
      return this;
    }

    /**
     * The configuration; default: kube-scheduler's default profile. Its {@code extenders[]} are
     * called over HTTP ({@link io.schedkit.core.extender.HttpExtender}), before the in-process
     * extenders.
     */
    public Builder configuration(SchedulerConfiguration configuration) {
      this.configuration = configuration;
      return this;
    }

    /** The plugins available; default: every {@code PluginProvider} on the class path. */
    public Builder registry(Registry registry) {
      this.registry = registry;
      return this;
    }

    /** The clock; default: the system clock. A {@link VirtualClock} makes runs simulated. */
    public Builder clock(Clock clock) {
      this.clock = clock;
      return this;
    }

    /** The seed of tie-breaks and preemption offsets (default 0). */
    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    /** Overrides the configuration's parallelism (1 = everything on the caller's thread). */
    public Builder parallelism(int parallelism) {
      this.parallelism = parallelism;
      return this;
    }

    /** The executor of binding cycles; default: a thread pool, or deferred with a VirtualClock. */
    public Builder bindingExecutor(Executor executor) {
      this.bindingExecutor = executor;
      return this;
    }

    /** Where metrics go; default: nowhere. */
    public Builder metrics(SchedulerMetrics metrics) {
      this.metrics = metrics;
      return this;
    }

    /** Adds an in-process extender (after those of the configuration). */
    public Builder extender(Extender extender) {
      this.extenders.add(extender);
      return this;
    }

    /**
     * Elects a leader over {@code store} before scheduling, with the configuration's {@code
     * leaderElection} settings (durations, {@code resourceName}; nothing happens if {@code
     * leaderElect} is false), on the scheduler's clock, as candidate {@code identity} (null: {@code
     * <hostname>_<uuid>}). Invalid settings fail {@link #build()} with client-go's message.
     */
    public Builder leaderElection(LeaseStore store, String identity) {
      this.leaseStore = Objects.requireNonNull(store, "store");
      this.leaderIdentity = identity;
      return this;
    }

    /**
     * Elects with {@code elector}, built by the host (on the scheduler's clock; its callbacks are
     * the host's). The scheduler starts it in {@link Scheduler#start()} and stops it in {@link
     * Scheduler#close()}; a host driving {@link Scheduler#runUntilIdle()} starts it itself.
     */
    public Builder leaderElection(LeaderElector elector) {
      this.leaderElector = Objects.requireNonNull(elector, "elector");
      return this;
    }

    /** Adds build warnings to report (used by decoders that dropped things). */
    public Builder warnings(List<String> warnings) {
      this.warnings.addAll(warnings);
      return this;
    }

    /**
     * Builds the scheduler and subscribes it to the cluster (the host's existing objects are loaded
     * before this returns).
     *
     * @throws IllegalArgumentException if the configuration is invalid
     */
    public Scheduler build() {
      return new Scheduler(this);
    }
  }
}
