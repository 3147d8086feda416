package io.schedkit.core.leaderelection;

import io.schedkit.framework.Clock;
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
 *   <li>On success it calls {@code onStartedLeading} and renews: a round every {@code retryPeriod}
 *       (the first at once); a failed attempt is retried every {@code retryPeriod} until the round
 *       is {@code renewDeadline} old, and then leadership is lost.
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
 * lease (holder {@code ""}, 1 s) is taken at the next attempt.
 *
 * <p>This is not a fence: under long pauses or clock-rate skew two electors can both believe they
 * lead for a moment. Check {@link #isLeader()} right before every side effect, and finish guarded
 * work before {@link #stop()} releases the lease.
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

  /** What the elector last saw of the lease, and when by its own clock. */
  private record Observation(LeaderElectionRecord record, Instant time) {}

  private final LeaseStore store;
  private final String identity;
  private final String name;
  private final Duration leaseDuration;
  private final Duration renewDeadline;
  private final Duration retryPeriod;
  private final boolean releaseOnCancel;
  private final Duration healthTolerance;
  private final Clock clock;
  private final Random random;
  private final Runnable onStartedLeading;
  private final Runnable onStoppedLeading;
  private final Consumer<String> onNewLeader;

  private final Object lock = new Object();
  private final ConcurrentLinkedQueue<Runnable> events = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean delivering = new AtomicBoolean();
  private final CompletableFuture<Void> leading = new CompletableFuture<>();
  private final CompletableFuture<Void> stopped = new CompletableFuture<>();

  private volatile State state = State.NEW;
  private volatile Observation observed = new Observation(LeaderElectionRecord.EMPTY, null);
  private volatile boolean lost;
  // Guarded by lock.
  private LeaderElectionRecord observedRaw;
  private String knownVersion;
  private String reportedLeader = "";
  private Clock.Cancellable pending;
  private Instant roundStart;

  private LeaderElector(Builder b) {
    this.store = b.store;
    this.identity = b.identity;
    this.name = b.name;
    this.leaseDuration = b.leaseDuration;
    this.renewDeadline = b.renewDeadline;
    this.retryPeriod = b.retryPeriod;
    this.releaseOnCancel = b.releaseOnCancel;
    this.healthTolerance = b.healthTolerance;
    this.clock = b.clock;
    this.random = new Random(b.seed != null ? b.seed : (long) b.identity.hashCode());
    this.onStartedLeading = b.onStartedLeading;
    this.onStoppedLeading = b.onStoppedLeading;
    this.onNewLeader = b.onNewLeader;
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
   * Whether this elector leads now: it is renewing the lease and the record it last saw names it.
   * Unlike client-go's {@code IsLeader}, it is false once the elector has stopped, even if a
   * release failed.
   */
  public boolean isLeader() {
    return state == State.LEADING && identity.equals(observed.record().holderIdentity());
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
    Duration since = Duration.between(o.time(), clock.now());
    if (since.compareTo(leaseDuration.plus(maxTolerableExpiredLease)) > 0) {
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
        pending = clock.schedule(jittered(retryPeriod), this::acquireStep);
      } else {
        LOG.info("successfully acquired lease {}", name);
        state = State.LEADING;
        events.add(onStartedLeading);
        events.add(() -> leading.complete(null));
        roundStart = null;
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
      if (roundStart == null) {
        roundStart = clock.now();
      }
      Instant deadline = roundStart.plus(renewDeadline);
      boolean renewed = tryAcquireOrRenew();
      Instant now = clock.now();
      if (renewed && now.isBefore(deadline)) {
        maybeReportTransition();
        LOG.trace("successfully renewed lease {}", name);
        roundStart = null;
        pending = clock.schedule(retryPeriod, this::renewStep);
      } else if (!renewed && now.isBefore(deadline)) {
        Instant next = nextTick(roundStart, now);
        pending =
            next.isBefore(deadline)
                ? clock.schedule(Duration.between(now, next), this::renewStep)
                : clock.schedule(Duration.between(now, deadline), this::renewTimedOut);
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
    if (wasLeading && releaseOnCancel) {
      release();
    }
    events.add(onStoppedLeading);
    events.add(() -> stopped.complete(null));
  }

  /** The first tick of the retry period, counted from {@code start}, after {@code now}. */
  private Instant nextTick(Instant start, Instant now) {
    long period = retryPeriod.toNanos();
    long elapsed = Duration.between(start, now).toNanos();
    return start.plusNanos((elapsed / period + 1) * period);
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
      if (holdsObserved(o) && isLeaseValid(o, now) && knownVersion != null) {
        LeaderElectionRecord renewal =
            new LeaderElectionRecord(
                identity, seconds, o.record().acquireTime(), now, o.record().leaderTransitions());
        try {
          knownVersion = store.update(renewal, knownVersion).resourceVersion();
          observe(renewal);
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
        got = store.get();
      } catch (RuntimeException e) {
        LOG.error("error retrieving resource lock {}: {}", name, e.toString());
        return false;
      }
      if (got.isEmpty()) {
        try {
          knownVersion = store.create(desired).resourceVersion();
        } catch (RuntimeException e) {
          LOG.error("error initially creating leader election record: {}", e.toString());
          return false;
        }
        observe(desired);
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
      if (old.record().isHeld() && isLeaseValid(o, now) && !holdsObserved(o)) {
        LOG.debug("lock is held by {} and has not yet expired", old.record().holderIdentity());
        return false;
      }

      // 4. Write this elector as the holder.
      LeaderElectionRecord next =
          holdsObserved(o)
              ? new LeaderElectionRecord(
                  identity,
                  seconds,
                  old.record().acquireTime(),
                  now,
                  old.record().leaderTransitions())
              : new LeaderElectionRecord(
                  identity, seconds, now, now, old.record().leaderTransitions() + 1);
      try {
        knownVersion = store.update(next, old.resourceVersion()).resourceVersion();
      } catch (RuntimeException e) {
        LOG.error("failed to update lock {}: {}", name, e.toString());
        return false;
      }
      observe(next);
      return true;
    }
  }

  /**
   * Under the lock: gives the lease up if the last record seen and the stored one both name this
   * elector, writing holder {@code ""}, {@code leaseDurationSeconds} 1, acquire and renew times now
   * and the same transitions; a conflict is retried (read again) within {@code renewDeadline}.
   */
  private boolean release() {
    if (!holdsObserved(observed)) {
      return true;
    }
    Instant deadline = clock.now().plus(renewDeadline);
    for (int attempt = 1; ; attempt++) {
      LeaseStore.Stored current;
      try {
        Optional<LeaseStore.Stored> got = store.get();
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
      if (!identity.equals(current.record().holderIdentity())) {
        LOG.info(
            "lease {} is held by {}; nothing to release", name, current.record().holderIdentity());
        return true;
      }
      Instant now = clock.now();
      LeaderElectionRecord released =
          new LeaderElectionRecord("", 1, now, now, observed.record().leaderTransitions());
      try {
        knownVersion = store.update(released, current.resourceVersion()).resourceVersion();
        observe(released);
        LOG.info("released lease {}", name);
        return true;
      } catch (LeaseConflictException e) {
        if (attempt >= MAX_RELEASE_ATTEMPTS || !clock.now().isBefore(deadline)) {
          LOG.error("failed to release lease {}: {}", name, e.toString());
          return false;
        }
      } catch (RuntimeException e) {
        LOG.error("failed to release lease {}: {}", name, e.toString());
        return false;
      }
    }
  }

  private void observe(LeaderElectionRecord record) {
    observed = new Observation(record, clock.now());
  }

  private boolean holdsObserved(Observation o) {
    return identity.equals(o.record().holderIdentity());
  }

  private static boolean isLeaseValid(Observation o, Instant now) {
    return o.time() != null && o.time().plusSeconds(o.record().leaseDurationSeconds()).isAfter(now);
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

  /** Sets what the elector has seen, as client-go's tests build electors. Package-private. */
  void observedForTest(LeaderElectionRecord record, LeaderElectionRecord raw, Instant time) {
    synchronized (lock) {
      observed = new Observation(record, time);
      observedRaw = raw;
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
    private boolean releaseOnCancel = true;
    private Duration healthTolerance = DEFAULT_HEALTH_TOLERANCE;
    private Clock clock;
    private Long seed;
    private Runnable onStartedLeading;
    private Runnable onStoppedLeading;
    private Consumer<String> onNewLeader;

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
      return new LeaderElector(this);
    }
  }
}
