package io.schedkit.core.leaderelection;

import io.schedkit.core.metrics.SchedulerMetrics;
import io.schedkit.framework.Clock;
import io.schedkit.framework.cluster.FencingToken;
import io.schedkit.framework.config.LeaderElectionConfig;
import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A candidate in a leader election over a {@link LeaseStore}, with client-go's semantics (what
 * kube-scheduler runs with {@code leaderElect: true}): it acquires the lease, renews it while it
 * leads, gives up when it cannot renew within {@code renewDeadline}, and releases the lease when
 * stopped.
 *
 * <ol>
 *   <li>{@link #start()} (or {@link #run()}, which also waits) tries to acquire at once, then every
 *       {@code retryPeriod × (1 + U[0, 1.2))}, the jitter drawn from a seeded {@link Random}.
 *   <li>On success it calls {@code onStartedLeading} and renews every {@code retryPeriod} (the
 *       first at once); a failed attempt is retried every {@code retryPeriod} until {@code
 *       renewDeadline} has passed since the start of the last successful renewal, and then
 *       leadership is lost.
 *   <li>It stops when leadership is lost or on {@link #stop()}: the lease is released if it was
 *       held ({@code releaseOnCancel}, on by default as in kube-scheduler) and {@code
 *       onStoppedLeading} is called, whether or not it ever led. An elector runs once; it does not
 *       stand again.
 * </ol>
 *
 * <p>One attempt ({@code tryAcquireOrRenew}): (1) a leader whose lease is still valid writes its
 * renewal straight over the version it last saw; (2) otherwise it reads the lease, creating it (and
 * leading) when there is none; (3) if the record differs from the one last read, the elector notes
 * it and the <em>local</em> time ({@code observedTime}); (4) a lease held by somebody else is left
 * alone until {@code observedTime + leaseDurationSeconds} has passed; (5) else it writes itself as
 * holder, keeping {@code acquireTime} and {@code leaderTransitions} when it already held the lease,
 * or setting {@code acquireTime = now} and adding a transition when it takes over. Every write is
 * compare-and-set; a conflict fails the attempt. The timestamps in the record are never compared
 * with the local clock, so clocks may be skewed arbitrarily, though not run at different rates
 * beyond {@code leaseDuration / renewDeadline}; a newcomer therefore waits a full {@code
 * leaseDuration} after it first sees a live record, even if its holder died earlier. A released
 * lease (holder {@code ""}, 1 s) is taken at the next attempt. A candidate that fails because the
 * lease is held tries again at the latest when the lease it saw expires by its clock, so a dead
 * leader is replaced within {@code leaseDuration} of the candidate first seeing its last renewal.
 *
 * <p>Beyond client-go, for safety under real failures:
 *
 * <ul>
 *   <li>{@link #isLeader()} is false as soon as {@code renewDeadline} has passed, on the clock's
 *       monotonic {@link Clock#nanoTime()}, since the start of the last successful renewal, even if
 *       the elector's thread is stuck and has not yet noticed. Others wait {@code leaseDuration}
 *       (longer) after they saw that renewal, so with clock rates within {@code leaseDuration /
 *       renewDeadline} of each other, no two electors answer true at once.
 *   <li>Every store call is bounded by {@code storeCallTimeout} (default half the renew deadline)
 *       and, while leading, by the time left before the renew deadline ({@link BoundedStoreCalls}).
 *   <li>Leading yields a {@link #fencingToken()}: the lease's {@code leaderTransitions} when this
 *       elector acquired it. An elector counts a transition whenever it acquires the lease in its
 *       run, even from a record that names its own identity (left by an earlier process with the
 *       same identity), whose lease it waits out like anybody else's; and it holds the lease only
 *       while the stored record names it with its own token. Tokens therefore grow with every
 *       leadership, and a host that refuses writes with a token older than the newest it has seen
 *       fences off a deposed leader even after a pause longer than the lease (see {@code
 *       ClusterView}).
 * </ul>
 *
 * <p>Without such a fence, two electors can still both act for a moment under long pauses or
 * clock-rate skew: a write checked just before a pause is sent after it. Check {@link #isLeader()}
 * right before every side effect, pass the token with it, and finish guarded work before {@link
 * #stop()} releases the lease.
 *
 * <p>Design note (threads): the elector has no thread; its attempts are tasks on the {@link Clock}
 * (the timer thread of a {@code SystemClock}, or the thread advancing a {@code VirtualClock}), at
 * most one pending at a time. One lock serialises attempts, {@link #start()} and {@link #stop()},
 * and is held across store calls; {@link #isLeader()}, {@link #leader()} and {@link #checkHealth()}
 * read volatile state and never wait for it. Callbacks run outside the lock, one at a time, in the
 * order of the events, on the thread that caused them (a callback may call {@link #stop()}).
 */
public final class LeaderElector implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(LeaderElector.class);

  /** The factor of the acquire jitter, as client-go's {@code JitterFactor}. */
  public static final double JITTER_FACTOR = 1.2;

  /** kube-scheduler's tolerance of an expired lease in the health check. */
  public static final Duration DEFAULT_HEALTH_TOLERANCE = Duration.ofSeconds(20);

  /** How many times a release retries after a conflict (within {@code renewDeadline}). */
  private static final int MAX_RELEASE_ATTEMPTS = 5;

  /** Where an elector is in its one run. */
  public enum State {
    /** Built, not started. */
    NEW,
    /** Trying to acquire the lease. */
    ACQUIRING,
    /** Holding the lease and renewing it. */
    LEADING,
    /** Done: stopped, or leadership lost. */
    STOPPED
  }

  /**
   * What the elector last saw of the lease, and when by its own clock: {@code time} for people and
   * tests (null when nothing was seen), {@code nanos} on the monotonic clock for decisions.
   */
  private record Observation(LeaderElectionRecord record, Instant time, long nanos) {}

  private final LeaseStore store;
  private final String identity;
  private final String name;
  private final Duration leaseDuration;
  private final Duration renewDeadline;
  private final Duration retryPeriod;
  private final Duration storeCallTimeout;
  private final boolean releaseOnCancel;
  private final Duration healthTolerance;
  private final Clock clock;
  private final Random random;
  private final Runnable onStartedLeading;
  private final Runnable onStoppedLeading;
  private final Consumer<String> onNewLeader;
  private final SchedulerMetrics metrics;
  private final BoundedStoreCalls calls;

  private final Object lock = new Object();
  private final ConcurrentLinkedQueue<Runnable> events = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean delivering = new AtomicBoolean();
  private final CompletableFuture<Void> leading = new CompletableFuture<>();
  private final CompletableFuture<Void> stopped = new CompletableFuture<>();

  private volatile State state = State.NEW;
  private volatile Observation observed = new Observation(LeaderElectionRecord.EMPTY, null, 0);
  private volatile boolean lost;
  // The monotonic time at which the last successful acquire or renew call started.
  private volatile long lastRenewNanos;
  // The lease's leaderTransitions when this elector acquired it; -1 before.
  private volatile long term = -1;
  // Guarded by lock.
  private LeaderElectionRecord observedRaw;
  private String knownVersion;
  private String reportedLeader = "";
  private Clock.Cancellable pending;

  private LeaderElector(Builder b) {
    this.store = b.store;
    this.identity = b.identity;
    this.name = b.name;
    this.leaseDuration = b.leaseDuration;
    this.renewDeadline = b.renewDeadline;
    this.retryPeriod = b.retryPeriod;
    this.storeCallTimeout =
        b.storeCallTimeout != null ? b.storeCallTimeout : b.renewDeadline.dividedBy(2);
    this.releaseOnCancel = b.releaseOnCancel;
    this.healthTolerance = b.healthTolerance;
    this.clock = b.clock;
    this.random = new Random(b.seed != null ? b.seed : (long) b.identity.hashCode());
    this.onStartedLeading = b.onStartedLeading;
    this.onStoppedLeading = b.onStoppedLeading;
    this.onNewLeader = b.onNewLeader;
    this.metrics = b.metrics != null ? b.metrics : SchedulerMetrics.noop();
    this.calls = new BoundedStoreCalls(b.store, b.clock, b.name);
  }

  /** A builder; the store, the identity, the clock and the two leading callbacks are required. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * kube-scheduler's identity for this process: {@code <hostname>_<random UUID>}, the host name
   * from {@code HOSTNAME} or else the local host's name, so that two processes on one host differ.
   */
  public static String defaultIdentity() {
    String host = System.getenv("HOSTNAME");
    if (host == null || host.isBlank()) {
      try {
        host = InetAddress.getLocalHost().getHostName();
      } catch (java.io.IOException | SecurityException e) {
        host = "localhost";
      }
    }
    return host.trim() + "_" + UUID.randomUUID();
  }

  // ------------------------------------------------------------------ lifecycle

  /**
   * Starts the election: the first attempt to acquire is a task due now on the clock. Does nothing
   * if already started or stopped.
   */
  public void start() {
    synchronized (lock) {
      if (state != State.NEW) {
        return;
      }
      state = State.ACQUIRING;
      metrics.leaderElectionStatus(name, false);
      LOG.info("attempting to acquire leader lease {}...", name);
      pending = clock.schedule(Duration.ZERO, this::acquireStep);
    }
  }

  /**
   * Starts the election and waits until it ends (leadership lost, or {@link #stop()} from another
   * thread). For live use: on a {@code VirtualClock} it returns only if another thread advances the
   * clock.
   *
   * @throws InterruptedException if interrupted while waiting (the election goes on)
   */
  public void run() throws InterruptedException {
    start();
    try {
      stopped.get();
    } catch (ExecutionException e) {
      throw new IllegalStateException(e.getCause());
    }
  }

  /**
   * Ends the election (client-go's context cancellation): a pending attempt is called off, a held
   * lease is released ({@code releaseOnCancel}) and {@code onStoppedLeading} is called, unless the
   * elector was never started. Waits for an attempt in progress; idempotent.
   */
  public void stop() {
    synchronized (lock) {
      switch (state) {
        case NEW -> {
          state = State.STOPPED;
          calls.close();
          events.add(() -> stopped.complete(null));
        }
        case ACQUIRING, LEADING -> {
          LOG.info("stopping leader election on lease {}", name);
          exit();
        }
        case STOPPED -> {}
      }
    }
    deliver();
  }

  /** The same as {@link #stop()}. */
  @Override
  public void close() {
    stop();
  }

  // ------------------------------------------------------------------ state

  /** This candidate's identity. */
  public String identity() {
    return identity;
  }

  /** Where the elector is in its run. */
  public State state() {
    return state;
  }

  /**
   * Whether this elector leads now: it is renewing the lease, the record it last saw names it with
   * its token, and less than {@code renewDeadline} has passed (monotonic clock) since the start of
   * its last successful renewal. Unlike client-go's {@code IsLeader}, it is false once the elector
   * has stopped, even if a release failed, and once the renew deadline passed, even before the
   * elector noticed.
   */
  public boolean isLeader() {
    return state == State.LEADING
        && holds(observed.record())
        && clock.nanoTime() - lastRenewNanos < renewDeadline.toNanos();
  }

  /**
   * The token of this elector's leadership: the lease's name and its {@code leaderTransitions} when
   * this elector acquired it. Empty until it first leads; kept after it stops (a host then refuses
   * it once a successor has written). Pass it with every write made as leader.
   */
  public Optional<FencingToken> fencingToken() {
    long t = term;
    return t < 0 ? Optional.empty() : Optional.of(new FencingToken(name, t));
  }

  /** The lease's name. */
  public String name() {
    return name;
  }

  /** The holder of the lease as last seen (empty when none was seen, or it was released). */
  public String leader() {
    return observed.record().holderIdentity();
  }

  /** Whether the election ended because the lease could not be renewed (not by {@link #stop()}). */
  public boolean lostLeadership() {
    return lost;
  }

  /** Completes when this elector starts leading (after {@code onStartedLeading}). */
  public CompletionStage<Void> whenLeading() {
    return leading.minimalCompletionStage();
  }

  /** Completes when the election has ended (after {@code onStoppedLeading}). */
  public CompletionStage<Void> whenStopped() {
    return stopped.minimalCompletionStage();
  }

  /** The health check with the configured tolerance (20 s by default). */
  public Optional<String> checkHealth() {
    return checkHealth(healthTolerance);
  }

  /**
   * client-go's {@code Check}: empty (healthy) unless the last record seen names this elector and
   * the elector has not seen it for longer than {@code leaseDuration + maxTolerableExpiredLease}, a
   * leader that should have renewed or stepped down long ago (a deadlock, a stalled clock thread).
   * Followers are always healthy.
   *
   * @return the problem, {@code failed election to renew leadership on lease <name>}, if unhealthy
   */
  public Optional<String> checkHealth(Duration maxTolerableExpiredLease) {
    Observation o = observed;
    if (!identity.equals(o.record().holderIdentity()) || o.time() == null) {
      return Optional.empty();
    }
    long since = clock.nanoTime() - o.nanos();
    if (since > leaseDuration.plus(maxTolerableExpiredLease).toNanos()) {
      return Optional.of("failed election to renew leadership on lease " + name);
    }
    return Optional.empty();
  }

  // ------------------------------------------------------------------ the loops

  private void acquireStep() {
    synchronized (lock) {
      pending = null;
      if (state != State.ACQUIRING) {
        return;
      }
      boolean acquired = tryAcquireOrRenew();
      maybeReportTransition();
      if (!acquired) {
        LOG.debug("failed to acquire lease {}", name);
        pending = clock.schedule(nextAcquireDelay(), this::acquireStep);
      } else {
        LOG.info("successfully acquired lease {} (fencing token {})", name, term);
        state = State.LEADING;
        metrics.leaderElectionStatus(name, true);
        events.add(onStartedLeading);
        events.add(() -> leading.complete(null));
        pending = clock.schedule(Duration.ZERO, this::renewStep);
      }
    }
    deliver();
  }

  private void renewStep() {
    synchronized (lock) {
      pending = null;
      if (state != State.LEADING) {
        return;
      }
      boolean renewed = tryAcquireOrRenew();
      long now = clock.nanoTime();
      long deadline = lastRenewNanos + renewDeadline.toNanos();
      long retry = retryPeriod.toNanos();
      if (renewed && now < deadline) {
        maybeReportTransition();
        LOG.trace("successfully renewed lease {}", name);
        pending = clock.schedule(retryPeriod, this::renewStep);
      } else if (!renewed && now < deadline) {
        pending =
            now + retry < deadline
                ? clock.schedule(retryPeriod, this::renewStep)
                : clock.schedule(Duration.ofNanos(deadline - now), this::renewTimedOut);
      } else {
        renewFailed();
      }
    }
    deliver();
  }

  private void renewTimedOut() {
    synchronized (lock) {
      pending = null;
      if (state != State.LEADING) {
        return;
      }
      renewFailed();
    }
    deliver();
  }

  /** Under the lock: the renew deadline passed without a successful attempt. */
  private void renewFailed() {
    maybeReportTransition();
    LOG.info("failed to renew lease {}: timed out waiting for the condition", name);
    lost = true;
    exit();
  }

  /** Under the lock, while acquiring or leading: release if held, then stop. */
  private void exit() {
    if (pending != null) {
      pending.cancel();
      pending = null;
    }
    boolean wasLeading = state == State.LEADING;
    state = State.STOPPED; // isLeader() turns false before the release is written
    if (wasLeading) {
      metrics.leaderElectionStatus(name, false);
      if (releaseOnCancel) {
        release();
      }
    }
    calls.close();
    events.add(onStoppedLeading);
    events.add(() -> stopped.complete(null));
  }

  /**
   * The wait before the next acquire attempt: the jittered retry period, or less when the lease
   * last seen, held by another, expires sooner by this elector's clock.
   */
  private Duration nextAcquireDelay() {
    Duration next = jittered(retryPeriod);
    Observation o = observed;
    if (o.time() != null && o.record().isHeld() && !holds(o.record())) {
      long untilExpiry = expiryNanos(o) - clock.nanoTime();
      if (untilExpiry > 0 && untilExpiry < next.toNanos()) {
        return Duration.ofNanos(untilExpiry);
      }
    }
    return next;
  }

  private Duration jittered(Duration d) {
    long nanos = d.toNanos();
    return Duration.ofNanos(nanos + (long) (random.nextDouble() * JITTER_FACTOR * nanos));
  }

  // ------------------------------------------------------------------ one attempt

  /** One attempt to acquire or renew the lease; under the lock. Package-private for tests. */
  boolean tryAcquireOrRenew() {
    synchronized (lock) {
      Instant now = clock.now();
      int seconds = (int) Math.min(Integer.MAX_VALUE, leaseDuration.getSeconds());
      LeaderElectionRecord desired = new LeaderElectionRecord(identity, seconds, now, now, 0);

      // 1. A leader whose lease is valid renews over the version it last saw.
      Observation o = observed;
      if (holds(o.record()) && isLeaseValid(o) && knownVersion != null) {
        LeaderElectionRecord renewal =
            new LeaderElectionRecord(
                identity, seconds, o.record().acquireTime(), now, o.record().leaderTransitions());
        long start = clock.nanoTime();
        try {
          knownVersion = calls.update(renewal, knownVersion, callTimeout()).resourceVersion();
          observe(renewal);
          lastRenewNanos = start;
          return true;
        } catch (RuntimeException e) {
          LOG.warn(
              "failed to update lease {} optimistically, falling back to slow path: {}",
              name,
              e.toString());
        }
      }

      // 2. Read the lease, or create it.
      Optional<LeaseStore.Stored> got;
      try {
        got = calls.get(callTimeout());
      } catch (RuntimeException e) {
        LOG.error("error retrieving resource lock {}: {}", name, e.toString());
        return false;
      }
      if (got.isEmpty()) {
        if (term >= 0) {
          LOG.error("lease {} disappeared while this elector held it", name);
          return false; // recreating it would reset the fencing token to 0
        }
        long start = clock.nanoTime();
        try {
          knownVersion = calls.create(desired, callTimeout()).resourceVersion();
        } catch (RuntimeException e) {
          LOG.error("error initially creating leader election record: {}", e.toString());
          return false;
        }
        observe(desired);
        term = desired.leaderTransitions();
        lastRenewNanos = start;
        return true;
      }
      LeaseStore.Stored old = got.get();
      knownVersion = old.resourceVersion();

      // 3. A changed record is noted with the local time.
      if (!old.record().equals(observedRaw)) {
        observe(old.record());
        observedRaw = old.record();
      }
      o = observed;
      boolean mine = holds(o.record());
      if (old.record().isHeld() && isLeaseValid(o) && !mine) {
        LOG.debug("lock is held by {} and has not yet expired", old.record().holderIdentity());
        return false;
      }

      // 4. Write this elector as the holder: a takeover starts a new term.
      LeaderElectionRecord next =
          mine
              ? new LeaderElectionRecord(
                  identity,
                  seconds,
                  old.record().acquireTime(),
                  now,
                  old.record().leaderTransitions())
              : new LeaderElectionRecord(
                  identity, seconds, now, now, old.record().leaderTransitions() + 1);
      long start = clock.nanoTime();
      try {
        knownVersion = calls.update(next, old.resourceVersion(), callTimeout()).resourceVersion();
      } catch (RuntimeException e) {
        LOG.error("failed to update lock {}: {}", name, e.toString());
        return false;
      }
      observe(next);
      term = next.leaderTransitions();
      lastRenewNanos = start;
      return true;
    }
  }

  /**
   * The timeout of the next store call: {@code storeCallTimeout}, and while leading no later than
   * the renew deadline.
   */
  private Duration callTimeout() {
    if (state != State.LEADING) {
      return storeCallTimeout;
    }
    long left = lastRenewNanos + renewDeadline.toNanos() - clock.nanoTime();
    return left < storeCallTimeout.toNanos() ? Duration.ofNanos(left) : storeCallTimeout;
  }

  /**
   * Under the lock: gives the lease up if the last record seen and the stored one both name this
   * elector, writing holder {@code ""}, {@code leaseDurationSeconds} 1, acquire and renew times now
   * and the same transitions; a conflict is retried (read again) within {@code renewDeadline}.
   */
  private boolean release() {
    if (!holds(observed.record())) {
      return true;
    }
    long deadline = clock.nanoTime() + renewDeadline.toNanos();
    for (int attempt = 1; ; attempt++) {
      LeaseStore.Stored current;
      try {
        Optional<LeaseStore.Stored> got = calls.get(releaseTimeout(deadline));
        if (got.isEmpty()) {
          LOG.info("lease {} is gone; nothing to release", name);
          return true;
        }
        current = got.get();
      } catch (RuntimeException e) {
        LOG.error("failed to release lease {}: {}", name, e.toString());
        return false;
      }
      knownVersion = current.resourceVersion();
      if (!holds(current.record())) {
        LOG.info(
            "lease {} is held by {}; nothing to release", name, current.record().holderIdentity());
        return true;
      }
      Instant now = clock.now();
      LeaderElectionRecord released =
          new LeaderElectionRecord("", 1, now, now, observed.record().leaderTransitions());
      try {
        knownVersion =
            calls
                .update(released, current.resourceVersion(), releaseTimeout(deadline))
                .resourceVersion();
        observe(released);
        LOG.info("released lease {}", name);
        return true;
      } catch (LeaseConflictException e) {
        if (attempt >= MAX_RELEASE_ATTEMPTS || clock.nanoTime() >= deadline) {
          LOG.error("failed to release lease {}: {}", name, e.toString());
          return false;
        }
      } catch (RuntimeException e) {
        LOG.error("failed to release lease {}: {}", name, e.toString());
        return false;
      }
    }
  }

  /** The timeout of a release call: the store call timeout, but not past {@code deadline}. */
  private Duration releaseTimeout(long deadline) {
    long left = deadline - clock.nanoTime();
    return left < storeCallTimeout.toNanos() ? Duration.ofNanos(left) : storeCallTimeout;
  }

  private void observe(LeaderElectionRecord record) {
    observed = new Observation(record, clock.now(), clock.nanoTime());
  }

  /** Whether {@code record} names this elector in the term it acquired (never before it has). */
  private boolean holds(LeaderElectionRecord record) {
    long t = term;
    return t >= 0 && t == record.leaderTransitions() && identity.equals(record.holderIdentity());
  }

  /** When, on the monotonic clock, the lease seen in {@code o} expires for this elector. */
  private static long expiryNanos(Observation o) {
    return o.nanos() + o.record().leaseDurationSeconds() * 1_000_000_000L;
  }

  /** Whether the lease seen in {@code o} is still valid by this elector's clock. */
  private boolean isLeaseValid(Observation o) {
    return o.time() != null && expiryNanos(o) - clock.nanoTime() > 0;
  }

  /** Under the lock: queues {@code onNewLeader} when the holder seen differs from the last told. */
  private void maybeReportTransition() {
    String holder = observed.record().holderIdentity();
    if (holder.equals(reportedLeader)) {
      return;
    }
    reportedLeader = holder;
    if (onNewLeader != null) {
      events.add(() -> onNewLeader.accept(holder));
    }
  }

  /** Runs queued callbacks, one thread at a time, in order; never under the lock. */
  private void deliver() {
    while (!events.isEmpty()) {
      if (!delivering.compareAndSet(false, true)) {
        return;
      }
      try {
        Runnable r;
        while ((r = events.poll()) != null) {
          try {
            r.run();
          } catch (RuntimeException e) {
            LOG.error("leader election callback failed", e);
          }
        }
      } finally {
        delivering.set(false);
      }
    }
  }

  // ------------------------------------------------------------------ tests

  /**
   * Sets what the elector has seen at {@code time}, as client-go's tests build electors; a record
   * naming this elector makes it the holder of that record's term, renewed at {@code time}.
   * Package-private.
   */
  void observedForTest(LeaderElectionRecord record, LeaderElectionRecord raw, Instant time) {
    synchronized (lock) {
      long nanos = clock.nanoTime() - Duration.between(time, clock.now()).toNanos();
      observed = new Observation(record, time, nanos);
      observedRaw = raw;
      if (identity.equals(record.holderIdentity())) {
        term = record.leaderTransitions();
        lastRenewNanos = nanos;
      }
    }
  }

  /** The local time at which the record was last seen to change, or null. Package-private. */
  Instant observedTime() {
    return observed.time();
  }

  /** The record last seen or written. Package-private. */
  LeaderElectionRecord observedRecord() {
    return observed.record();
  }

  /** Delivers queued callbacks (after a direct {@link #tryAcquireOrRenew()}). Package-private. */
  void reportTransitionForTest() {
    synchronized (lock) {
      maybeReportTransition();
    }
    deliver();
  }

  // ------------------------------------------------------------------ builder

  /**
   * Builds a {@link LeaderElector}. Durations default to kube-scheduler's (15 s, 10 s, 2 s), the
   * lease name to {@code kube-scheduler}, {@code releaseOnCancel} to true and the jitter seed to
   * the identity's hash.
   */
  public static final class Builder {
    private LeaseStore store;
    private String identity;
    private String name = "kube-scheduler";
    private Duration leaseDuration = Duration.ofSeconds(15);
    private Duration renewDeadline = Duration.ofSeconds(10);
    private Duration retryPeriod = Duration.ofSeconds(2);
    private Duration storeCallTimeout;
    private boolean releaseOnCancel = true;
    private Duration healthTolerance = DEFAULT_HEALTH_TOLERANCE;
    private Clock clock;
    private Long seed;
    private Runnable onStartedLeading;
    private Runnable onStoppedLeading;
    private Consumer<String> onNewLeader;
    private SchedulerMetrics metrics;

    private Builder() {}

    /** The lease (required). */
    public Builder store(LeaseStore store) {
      this.store = store;
      return this;
    }

    /**
     * This candidate's identity, unique among candidates (required; see {@link #defaultIdentity}).
     */
    public Builder identity(String identity) {
      this.identity = identity;
      return this;
    }

    /** The lease's name, for logs and the health message (default {@code kube-scheduler}). */
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    /**
     * The durations and name of a {@code leaderElection} configuration ({@code resourceName} as the
     * name). Its {@code leaderElect} flag is the caller's to honour.
     */
    public Builder config(LeaderElectionConfig config) {
      this.leaseDuration = config.leaseDuration();
      this.renewDeadline = config.renewDeadline();
      this.retryPeriod = config.retryPeriod();
      if (config.resourceName() != null && !config.resourceName().isEmpty()) {
        this.name = config.resourceName();
      }
      return this;
    }

    /** How long a lease not seen to change is honoured (default 15 s). */
    public Builder leaseDuration(Duration leaseDuration) {
      this.leaseDuration = leaseDuration;
      return this;
    }

    /** How long a leader keeps retrying a renewal before it gives up (default 10 s). */
    public Builder renewDeadline(Duration renewDeadline) {
      this.renewDeadline = renewDeadline;
      return this;
    }

    /** The interval between attempts (default 2 s). */
    public Builder retryPeriod(Duration retryPeriod) {
      this.retryPeriod = retryPeriod;
      return this;
    }

    /**
     * The longest a store call may take (default: half the renew deadline); must be shorter than
     * the renew deadline. A call still running then counts as failed.
     */
    public Builder storeCallTimeout(Duration storeCallTimeout) {
      this.storeCallTimeout = Objects.requireNonNull(storeCallTimeout, "storeCallTimeout");
      return this;
    }

    /**
     * Where to report {@code leader_election_master_status} (1 while leading, 0 otherwise); default
     * nowhere.
     */
    public Builder metrics(SchedulerMetrics metrics) {
      this.metrics = metrics;
      return this;
    }

    /** Whether stopping releases a held lease (default true, as kube-scheduler). */
    public Builder releaseOnCancel(boolean releaseOnCancel) {
      this.releaseOnCancel = releaseOnCancel;
      return this;
    }

    /** The tolerance of {@link #checkHealth()} (default 20 s). */
    public Builder healthTolerance(Duration healthTolerance) {
      this.healthTolerance = Objects.requireNonNull(healthTolerance, "healthTolerance");
      return this;
    }

    /** The clock that times attempts and runs them (required). */
    public Builder clock(Clock clock) {
      this.clock = clock;
      return this;
    }

    /** The seed of the acquire jitter (default: the identity's hash). */
    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    /** Called when this elector starts leading (required). */
    public Builder onStartedLeading(Runnable callback) {
      this.onStartedLeading = callback;
      return this;
    }

    /** Called once when the election ends, whether or not this elector led (required). */
    public Builder onStoppedLeading(Runnable callback) {
      this.onStoppedLeading = callback;
      return this;
    }

    /**
     * Called with the holder's identity each time the holder seen differs from the one last
     * reported, this elector included ({@code ""} when a released lease is seen); optional.
     */
    public Builder onNewLeader(Consumer<String> callback) {
      this.onNewLeader = callback;
      return this;
    }

    /**
     * Validates the settings with client-go's checks and messages, in its order, and builds the
     * elector (not started).
     *
     * @throws IllegalArgumentException naming the first problem, e.g. {@code leaseDuration must be
     *     greater than renewDeadline}
     */
    public LeaderElector build() {
      Objects.requireNonNull(leaseDuration, "leaseDuration");
      Objects.requireNonNull(renewDeadline, "renewDeadline");
      Objects.requireNonNull(retryPeriod, "retryPeriod");
      if (leaseDuration.compareTo(renewDeadline) <= 0) {
        throw new IllegalArgumentException("leaseDuration must be greater than renewDeadline");
      }
      long jittered = (long) (JITTER_FACTOR * retryPeriod.toNanos());
      if (renewDeadline.toNanos() <= jittered) {
        throw new IllegalArgumentException(
            "renewDeadline must be greater than retryPeriod*JitterFactor");
      }
      if (leaseDuration.toNanos() < 1) {
        throw new IllegalArgumentException("leaseDuration must be greater than zero");
      }
      if (renewDeadline.toNanos() < 1) {
        throw new IllegalArgumentException("renewDeadline must be greater than zero");
      }
      if (retryPeriod.toNanos() < 1) {
        throw new IllegalArgumentException("retryPeriod must be greater than zero");
      }
      if (onStartedLeading == null) {
        throw new IllegalArgumentException("OnStartedLeading callback must not be nil");
      }
      if (onStoppedLeading == null) {
        throw new IllegalArgumentException("OnStoppedLeading callback must not be nil");
      }
      if (store == null) {
        throw new IllegalArgumentException("Lock must not be nil.");
      }
      if (identity == null || identity.isEmpty()) {
        throw new IllegalArgumentException("Lock identity is empty");
      }
      if (clock == null) {
        throw new IllegalArgumentException("clock must not be null");
      }
      if (storeCallTimeout != null
          && (storeCallTimeout.toNanos() < 1 || storeCallTimeout.compareTo(renewDeadline) >= 0)) {
        throw new IllegalArgumentException(
            "storeCallTimeout must be greater than zero and less than renewDeadline");
      }
      return new LeaderElector(this);
    }
  }
}
