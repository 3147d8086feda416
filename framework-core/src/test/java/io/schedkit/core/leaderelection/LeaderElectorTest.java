package io.schedkit.core.leaderelection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.leaderelection.LeaderElector.State;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link LeaderElector} on a {@link VirtualClock}: acquiring, renewing, losing and releasing. */
final class LeaderElectorTest {
  private static final Instant START = Instant.parse("2025-01-01T00:00:00Z");
  private static final Duration LEASE = Duration.ofSeconds(15);
  private static final Duration RENEW = Duration.ofSeconds(10);
  private static final Duration RETRY = Duration.ofSeconds(2);

  /** The longest acquire retry: retryPeriod × (1 + 1.2). */
  private static final Duration MAX_RETRY = Duration.ofMillis(4400);

  private final VirtualClock clock = new VirtualClock(START);
  private final InMemoryLeaseStore store = new InMemoryLeaseStore();
  private final TimedStore timed = new TimedStore(store, clock);
  private final List<String> events = new CopyOnWriteArrayList<>();

  private LeaderElector.Builder candidate(String id) {
    return LeaderElector.builder()
        .store(timed)
        .identity(id)
        .clock(clock)
        .seed(7)
        .leaseDuration(LEASE)
        .renewDeadline(RENEW)
        .retryPeriod(RETRY)
        .onStartedLeading(() -> events.add(id + ":started"))
        .onStoppedLeading(() -> events.add(id + ":stopped"))
        .onNewLeader(l -> events.add(id + ":newLeader=" + l));
  }

  private Instant at(double seconds) {
    return START.plusMillis((long) (seconds * 1000));
  }

  private LeaderElectionRecord stored() {
    return store.peek().orElseThrow().record();
  }

  // ------------------------------------------------------------------ electing

  @Test
  void run_oneOfTwoCandidatesLeads() {
    LeaderElector a = candidate("a").build();
    LeaderElector b = candidate("b").build();
    a.start();
    b.start();
    clock.advance(Duration.ofSeconds(60));

    assertThat(a.isLeader()).isTrue();
    assertThat(a.state()).isEqualTo(State.LEADING);
    assertThat(b.isLeader()).isFalse();
    assertThat(b.state()).isEqualTo(State.ACQUIRING);
    assertThat(b.leader()).isEqualTo("a");
    // Only a ever wrote; it created the lease and kept renewing it every retryPeriod.
    assertThat(store.history()).extracting(s -> s.record().holderIdentity()).containsOnly("a");
    assertThat(stored().leaderTransitions()).isZero();
    assertThat(stored().acquireTime()).isEqualTo(START);
    assertThat(stored().renewTime()).isAfter(clock.now().minus(RETRY.plusSeconds(1)));
    assertThat(stored().leaseDurationSeconds()).isEqualTo(15);
  }

  @Test
  void
      acquire_followerTakesOverAFullLeaseDurationAfterItLastSawAChange_evenIfTheLeaderDiedEarlier() {
    LeaderElector a = candidate("a").releaseOnCancel(false).build();
    a.start();
    clock.advance(Duration.ofSeconds(10));
    Instant lastRenewal = stored().renewTime();
    a.stop(); // dies: the lease stays as it was
    clock.advance(Duration.ofSeconds(10));

    AtomicReference<Instant> takeover = new AtomicReference<>();
    Instant firstSeen = clock.now();
    LeaderElector b = candidate("b").onStartedLeading(() -> takeover.set(clock.now())).build();
    b.start();
    clock.advance(Duration.ofSeconds(60));

    // Trusting renewTime would take over at lastRenewal + 15 s = 25 s; b waits from what it saw.
    assertThat(lastRenewal).isEqualTo(at(10));
    assertThat(takeover.get())
        .isAfterOrEqualTo(firstSeen.plus(LEASE))
        .isBefore(firstSeen.plus(LEASE).plus(MAX_RETRY));
    assertThat(stored().holderIdentity()).isEqualTo("b");
    assertThat(stored().leaderTransitions()).isEqualTo(1);
    assertThat(stored().acquireTime()).isEqualTo(takeover.get());
  }

  static Stream<Arguments> remoteTimes() {
    return Stream.of(
        Arguments.of("renewTime 25 years in the past", Instant.parse("2000-01-01T00:00:00Z")),
        Arguments.of("renewTime 75 years in the future", Instant.parse("2100-01-01T00:00:00Z")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("remoteTimes")
  void acquire_neverComparesRemoteTimestamps(String name, Instant remote) {
    store.put(new LeaderElectionRecord("ghost", 15, remote, remote, 4));
    AtomicReference<Instant> takeover = new AtomicReference<>();
    LeaderElector b = candidate("b").onStartedLeading(() -> takeover.set(clock.now())).build();
    b.start();
    clock.advance(Duration.ofSeconds(60));

    assertThat(takeover.get()).isAfterOrEqualTo(at(15)).isBefore(at(15).plus(MAX_RETRY));
    assertThat(stored().leaderTransitions()).isEqualTo(5);
  }

  @Test
  void acquire_observedTimeIsTheLocalTimeAfterTheCallReturns() {
    store.put(new LeaderElectionRecord("ghost", 15, START, START, 0));
    store.setLatency(clock, Duration.ofSeconds(1));
    LeaderElector b = candidate("b").build();
    b.start();
    clock.runDueTasks();

    assertThat(b.observedTime()).isEqualTo(at(1));
    assertThat(b.observedRecord().holderIdentity()).isEqualTo("ghost");
  }

  @Test
  void acquire_releasedLeaseIsTakenInAboutARetryPeriod() {
    LeaderElector a = candidate("a").build();
    AtomicReference<Instant> takeover = new AtomicReference<>();
    LeaderElector b = candidate("b").onStartedLeading(() -> takeover.set(clock.now())).build();
    a.start();
    b.start();
    clock.advance(Duration.ofSeconds(30));
    int transitions = stored().leaderTransitions();
    Instant released = clock.now();
    a.stop();

    LeaderElectionRecord release = stored();
    assertThat(release)
        .isEqualTo(new LeaderElectionRecord("", 1, released, released, transitions, "", ""));
    assertThat(a.leader()).isEmpty();
    clock.advance(Duration.ofSeconds(30));
    assertThat(takeover.get()).isAfter(released).isBefore(released.plus(MAX_RETRY));
    assertThat(stored().holderIdentity()).isEqualTo("b");
    assertThat(stored().leaderTransitions()).isEqualTo(transitions + 1);
  }

  @Test
  void acquire_retriesEveryJitteredRetryPeriod_reproduciblyForASeed() {
    store.put(new LeaderElectionRecord("ghost", 3600, START, START, 0));
    List<List<Instant>> runs = new ArrayList<>();
    for (int run = 0; run < 2; run++) {
      VirtualClock c = new VirtualClock(START);
      TimedStore s = new TimedStore(store, c);
      LeaderElector e = candidate("b").store(s).clock(c).build();
      e.start();
      c.advance(Duration.ofSeconds(120));
      e.stop();
      runs.add(s.times("get"));
    }
    List<Instant> gets = runs.get(0);
    assertThat(gets).hasSizeGreaterThan(20).startsWith(START);
    for (int i = 1; i < gets.size(); i++) {
      Duration gap = Duration.between(gets.get(i - 1), gets.get(i));
      assertThat(gap).isGreaterThanOrEqualTo(RETRY).isLessThan(MAX_RETRY);
    }
    assertThat(gets.stream().distinct().count()).isEqualTo(gets.size());
    assertThat(runs.get(1)).isEqualTo(gets);
  }

  // ------------------------------------------------------------------ conflicts

  @Test
  void acquire_conflictOnUpdateFailsTheAttemptAndIsRetried() {
    store.put(new LeaderElectionRecord("ghost", 15, START, START, 0));
    store.conflictNext(1);
    LeaderElector b = candidate("b").build();
    b.start();
    clock.advance(Duration.ofSeconds(40));

    List<Instant> updates = timed.times("update");
    assertThat(timed.failures("update")).containsExactly(updates.get(0));
    assertThat(updates.get(0)).isAfterOrEqualTo(at(15));
    assertThat(updates.get(1)).isAfterOrEqualTo(updates.get(0).plus(RETRY));
    assertThat(b.isLeader()).isTrue();
    assertThat(stored().acquireTime()).isEqualTo(updates.get(1));
    assertThat(stored().leaderTransitions()).isEqualTo(1);
  }

  @Test
  void renew_conflictOnTheFastPathFallsBackToReadingTheLease() {
    LeaderElector a = candidate("a").build();
    a.start();
    clock.advance(Duration.ofSeconds(1));
    timed.clear();
    store.conflictNext(1);
    clock.advance(Duration.ofSeconds(2));

    assertThat(timed.log()).containsExactly("update!@2", "get@2", "update@2");
    assertThat(a.isLeader()).isTrue();
    assertThat(stored().renewTime()).isEqualTo(at(2));
    assertThat(stored().acquireTime()).isEqualTo(START);
  }

  @Test
  void renew_failureBeyondRenewDeadline_stopsLeadingAndCallsOnStoppedLeading() {
    LeaderElector a = candidate("a").build();
    a.start();
    clock.advance(Duration.ofSeconds(5)); // rounds at 0, 0, 2, 4
    store.setUnavailable(true);
    timed.clear();
    AtomicReference<Instant> stoppedAt = new AtomicReference<>();
    a.whenStopped().thenRun(() -> stoppedAt.set(clock.now()));
    clock.advance(Duration.ofSeconds(30));

    // From 6 it retries every retryPeriod until renewDeadline has passed since the start of the
    // last successful renewal (4 + 10 = 14); each attempt tries the fast path, then reads; the
    // release at the end cannot read either.
    assertThat(timed.times("update")).containsExactly(at(6), at(8), at(10), at(12));
    assertThat(timed.times("get")).containsExactly(at(6), at(8), at(10), at(12), at(14));
    assertThat(stoppedAt.get()).isEqualTo(at(14));
    assertThat(a.state()).isEqualTo(State.STOPPED);
    assertThat(a.lostLeadership()).isTrue();
    assertThat(a.isLeader()).isFalse();
    assertThat(events).containsExactly("a:newLeader=a", "a:started", "a:stopped");
  }

  @Test
  void renew_callLongerThanItsTimeoutFails_andLeadershipIsLostAtTheDeadline() {
    LeaderElector a = candidate("a").build();
    a.start();
    clock.advance(Duration.ofSeconds(1)); // renewed at 0
    store.setLatency(clock, Duration.ofSeconds(11));
    clock.advance(Duration.ofSeconds(1)); // the renewal at 2 returns at 13, past its 5 s timeout

    // The write went through, but a call that outlives its timeout counts as failed, so the
    // elector gave up at 10 (0 + renewDeadline) and could not release over the slow store either.
    assertThat(stored().renewTime()).isEqualTo(at(2));
    assertThat(a.lostLeadership()).isTrue();
    assertThat(a.state()).isEqualTo(State.STOPPED);
    assertThat(a.isLeader()).isFalse();
    assertThat(stored().holderIdentity()).isEqualTo("a");
  }

  @Test
  void isLeader_falseOnceTheRenewDeadlinePassed_evenBeforeTheElectorNotices() {
    LeaderElector a = candidate("a").build();
    a.start();
    clock.advance(Duration.ofSeconds(1)); // renewed at 0
    store.setUnavailable(true);
    clock.advanceTo(at(9.999));
    assertThat(a.isLeader()).isTrue();

    // A clock whose tasks are stuck (a frozen timer thread) still reads the time: at the deadline
    // the elector no longer claims leadership although its state still says LEADING.
    ManualClock frozen = new ManualClock(START);
    LeaderElector b = candidate("b").clock(frozen).store(new InMemoryLeaseStore("b")).build();
    b.start();
    frozen.runPending(); // acquires at START
    frozen.runPending(); // renews at START
    frozen.now = at(9.999);
    assertThat(b.isLeader()).isTrue();
    frozen.now = at(10); // time passes, but no task runs
    assertThat(b.state()).isEqualTo(State.LEADING);
    assertThat(b.isLeader()).isFalse();
    assertThat(a.isLeader()).isTrue();
    b.stop();
  }

  @Test
  void fencingToken_isTheTransitionCountWhenAcquired() {
    store.put(new LeaderElectionRecord("ghost", 15, START, START, 6));
    LeaderElector b = candidate("b").build();
    assertThat(b.fencingToken()).isEmpty();
    b.start();
    clock.advance(Duration.ofSeconds(20));

    assertThat(b.isLeader()).isTrue();
    assertThat(b.fencingToken())
        .contains(new io.schedkit.framework.cluster.FencingToken("kube-scheduler", 7));
    assertThat(stored().leaderTransitions()).isEqualTo(7);
  }

  @Test
  void acquire_aRecordWithItsOwnIdentityFromAnEarlierRunIsWaitedOutAndStartsANewTerm() {
    store.put(new LeaderElectionRecord("a", 15, START, START, 3));
    AtomicReference<Instant> takeover = new AtomicReference<>();
    LeaderElector a = candidate("a").onStartedLeading(() -> takeover.set(clock.now())).build();
    a.start();
    clock.advance(Duration.ofSeconds(30));

    assertThat(takeover.get()).isEqualTo(at(15));
    assertThat(stored().leaderTransitions()).isEqualTo(4);
    assertThat(a.fencingToken().orElseThrow().value()).isEqualTo(4);
  }

  @Test
  void renew_aTakeoverUnderTheSameIdentityEndsThisTerm() {
    LeaderElector a = candidate("a").build();
    a.start();
    clock.advance(Duration.ofSeconds(1));
    // Another process with the same identity took the lease over (a new term).
    store.put(new LeaderElectionRecord("a", 15, at(1), at(1), 1));
    clock.advance(Duration.ofSeconds(20));

    assertThat(a.lostLeadership()).isTrue();
    assertThat(a.isLeader()).isFalse();
    assertThat(a.fencingToken().orElseThrow().value()).isZero();
    assertThat(stored().leaderTransitions()).isEqualTo(1);
  }

  @Test
  void acquire_triesAgainWhenTheLeaseSeenExpires_notOnlyAtTheNextJitteredTick() {
    LeaderElector a = candidate("a").releaseOnCancel(false).build();
    a.start();
    clock.advance(Duration.ofSeconds(3));
    a.stop(); // dies at 3; its last renewal was at 2
    AtomicReference<Instant> takeover = new AtomicReference<>();
    LeaderElector b = candidate("b").onStartedLeading(() -> takeover.set(clock.now())).build();
    b.start(); // first sees the record at 3
    clock.advance(Duration.ofSeconds(30));

    assertThat(takeover.get()).isEqualTo(at(18));
  }

  // ------------------------------------------------------------------ stopping

  @Test
  void release_retriesConflicts() {
    LeaderElector a = candidate("a").build();
    a.start();
    clock.advance(Duration.ofSeconds(1));
    timed.clear();
    store.conflictNext(2);
    a.stop();

    assertThat(timed.log())
        .containsExactly("get@1", "update!@1", "get@1", "update!@1", "get@1", "update@1");
    assertThat(stored().holderIdentity()).isEmpty();
    assertThat(a.leader()).isEmpty();
  }

  @Test
  void release_leavesALeaseAnotherCandidateHoldsAlone() {
    LeaderElector a = candidate("a").build();
    a.start();
    clock.advance(Duration.ofSeconds(1));
    store.put(new LeaderElectionRecord("x", 15, at(1), at(1), 1));
    timed.clear();
    a.stop();

    assertThat(timed.log()).containsExactly("get@1");
    assertThat(stored().holderIdentity()).isEqualTo("x");
  }

  @Test
  void stop_withoutReleaseOnCancel_keepsTheLease() {
    LeaderElector a = candidate("a").releaseOnCancel(false).build();
    a.start();
    clock.advance(Duration.ofSeconds(1));
    a.stop();

    assertThat(stored().holderIdentity()).isEqualTo("a");
    assertThat(a.isLeader()).isFalse();
    assertThat(events).containsExactly("a:newLeader=a", "a:started", "a:stopped");
  }

  @Test
  void stop_whileAcquiring_callsOnStoppedLeadingAndWritesNothing() {
    store.put(new LeaderElectionRecord("x", 15, START, START, 0));
    LeaderElector b = candidate("b").build();
    b.start();
    clock.advance(Duration.ofSeconds(5));
    b.stop();
    clock.advance(Duration.ofSeconds(60));

    assertThat(timed.times("update")).isEmpty();
    assertThat(events).containsExactly("b:newLeader=x", "b:stopped");
    assertThat(b.state()).isEqualTo(State.STOPPED);
    assertThat(b.whenStopped().toCompletableFuture()).isDone();
    assertThat(b.whenLeading().toCompletableFuture()).isNotDone();
  }

  @Test
  void stop_beforeStart_callsNothing() {
    LeaderElector a = candidate("a").build();
    a.stop();
    a.start();
    clock.advance(Duration.ofSeconds(5));

    assertThat(events).isEmpty();
    assertThat(store.peek()).isEmpty();
    assertThat(a.state()).isEqualTo(State.STOPPED);
    assertThat(a.whenStopped().toCompletableFuture()).isDone();
  }

  @Test
  void run_blocksUntilTheElectionEnds() throws Exception {
    LeaderElector a = candidate("a").build();
    a.start(); // run() on the other thread finds it started
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread runner =
        new Thread(
            () -> {
              try {
                a.run();
              } catch (InterruptedException | RuntimeException e) {
                failure.set(e);
              }
            });
    runner.start();
    clock.advance(Duration.ofSeconds(10));
    assertThat(a.isLeader()).isTrue();
    assertThat(runner.isAlive()).isTrue();

    a.stop();
    runner.join(10_000);
    assertThat(runner.isAlive()).isFalse();
    assertThat(failure.get()).isNull();
  }

  // ------------------------------------------------------------------ callbacks and health

  @Test
  void callbacks_inOrder() {
    LeaderElector a = candidate("a").build();
    LeaderElector b = candidate("b").build();
    a.start();
    b.start();
    clock.advance(Duration.ofSeconds(10));
    a.stop();
    clock.advance(Duration.ofSeconds(10));
    b.stop();

    assertThat(events)
        .containsExactly(
            "a:newLeader=a",
            "a:started",
            "b:newLeader=a",
            "a:stopped",
            "b:newLeader=b",
            "b:started",
            "b:stopped");
    assertThat(a.whenLeading().toCompletableFuture()).isDone();
    assertThat(b.whenStopped().toCompletableFuture()).isDone();
  }

  @Test
  void callbacks_aThrowingCallbackDoesNotStopTheElection() {
    LeaderElector a =
        candidate("a")
            .onStartedLeading(
                () -> {
                  throw new IllegalStateException("boom");
                })
            .build();
    a.start();
    clock.advance(Duration.ofSeconds(10));

    assertThat(a.isLeader()).isTrue();
    assertThat(a.whenLeading().toCompletableFuture()).isDone();
  }

  @Test
  void checkHealth_leaderRenewingAndFollowerAreHealthy() {
    LeaderElector a = candidate("a").build();
    LeaderElector b = candidate("b").build();
    a.start();
    b.start();
    for (int i = 0; i < 30; i++) {
      clock.advance(Duration.ofSeconds(5));
      assertThat(a.checkHealth()).isEmpty();
      assertThat(b.checkHealth()).isEmpty();
    }
  }

  @Test
  void checkHealth_unhealthyWhenTheLeaseIsOlderThanLeaseDurationPlusTolerance() {
    LeaderElector a = candidate("a").build();
    a.observedForTest(new LeaderElectionRecord("a", 15, START, START, 0), null, START);

    clock.advanceTo(at(35));
    assertThat(a.checkHealth()).isEmpty();
    clock.advanceTo(at(35).plusNanos(1));
    assertThat(a.checkHealth())
        .contains("failed election to renew leadership on lease kube-scheduler");
    assertThat(a.checkHealth(Duration.ofSeconds(30))).isEmpty();

    LeaderElector b = candidate("b").build();
    b.observedForTest(new LeaderElectionRecord("a", 15, START, START, 0), null, START);
    assertThat(b.checkHealth()).isEmpty();
  }

  @Test
  void checkHealth_afterLeadershipLostWithoutRelease() {
    LeaderElector a = candidate("a").name("sched-lease").build();
    a.start();
    clock.advance(Duration.ofSeconds(5)); // last renewal seen at 4
    store.setUnavailable(true);
    clock.advance(Duration.ofSeconds(20)); // lost at 16, release failed

    assertThat(a.lostLeadership()).isTrue();
    clock.advanceTo(at(39));
    assertThat(a.checkHealth()).isEmpty();
    clock.advanceTo(at(40));
    assertThat(a.checkHealth())
        .contains("failed election to renew leadership on lease sched-lease");
  }

  // ------------------------------------------------------------------ the invariant

  @Test
  void property_atMostOneLeaderAndItHoldsTheLease() {
    int[] totals = new int[2];
    for (long seed = 1; seed <= 20; seed++) {
      int[] counts = atMostOneLeader(seed);
      totals[0] += counts[0];
      totals[1] += counts[1];
    }
    // The runs did exercise takeovers and leaders losing their lease to store failures.
    assertThat(totals[0]).as("takeovers").isGreaterThan(100);
    assertThat(totals[1]).as("leaderships lost").isGreaterThan(5);
  }

  /** Runs one seeded history; returns {takeovers, leaderships lost}. */
  private int[] atMostOneLeader(long seed) {
    java.util.Random random = new java.util.Random(seed);
    VirtualClock c = new VirtualClock(START);
    InMemoryLeaseStore s = new InMemoryLeaseStore();
    List<LeaderElector> candidates = new ArrayList<>();
    int next = 0;
    for (int step = 0; step < 400; step++) {
      while (candidates.stream().filter(e -> e.state() != State.STOPPED).count() < 3) {
        LeaderElector e =
            LeaderElector.builder()
                .store(s)
                .identity("c" + next++)
                .clock(c)
                .seed(random.nextLong())
                .releaseOnCancel(random.nextBoolean())
                .onStartedLeading(() -> {})
                .onStoppedLeading(() -> {})
                .build();
        candidates.add(e);
        e.start();
      }
      int dice = random.nextInt(100);
      if (dice < 3) {
        candidates.stream().filter(LeaderElector::isLeader).forEach(LeaderElector::stop);
      } else if (dice < 8) {
        s.failNext(1 + random.nextInt(14));
      } else if (dice < 10) {
        s.conflictNext(1 + random.nextInt(3));
      }
      c.advance(Duration.ofMillis(250 + random.nextInt(1000)));
      List<LeaderElector> leaders = candidates.stream().filter(LeaderElector::isLeader).toList();
      String at = "seed " + seed + ", step " + step;
      assertThat(leaders).as(at).hasSizeLessThanOrEqualTo(1);
      if (!leaders.isEmpty()) {
        assertThat(s.peek().orElseThrow().record().holderIdentity())
            .as(at)
            .isEqualTo(leaders.get(0).identity());
      }
    }
    List<LeaseStore.Stored> history = s.history();
    int takeovers = 0;
    for (int i = 1; i < history.size(); i++) {
      LeaderElectionRecord prev = history.get(i - 1).record();
      LeaderElectionRecord cur = history.get(i).record();
      boolean takeover = cur.isHeld() && !cur.holderIdentity().equals(prev.holderIdentity());
      takeovers += takeover ? 1 : 0;
      assertThat(cur.leaderTransitions())
          .as("seed %d, write %d", seed, i)
          .isEqualTo(prev.leaderTransitions() + (takeover ? 1 : 0));
    }
    assertThat(history).as("seed %d", seed).hasSizeGreaterThan(50);
    int lost = (int) candidates.stream().filter(LeaderElector::lostLeadership).count();
    return new int[] {takeovers, lost};
  }

  // ------------------------------------------------------------------ configuration

  static Stream<Arguments> invalidConfigs() {
    return Stream.of(
        invalid(
            "lease not longer than renew deadline",
            b -> b.leaseDuration(Duration.ofSeconds(10)),
            "leaseDuration must be greater than renewDeadline"),
        invalid(
            "renew deadline not above retryPeriod*1.2",
            b -> b.renewDeadline(Duration.ofMillis(2400)),
            "renewDeadline must be greater than retryPeriod*JitterFactor"),
        invalid(
            "negative lease duration",
            b -> b.leaseDuration(Duration.ofSeconds(-1)).renewDeadline(Duration.ofSeconds(-2)),
            "renewDeadline must be greater than retryPeriod*JitterFactor"),
        invalid(
            "zero retry period",
            b -> b.retryPeriod(Duration.ZERO),
            "retryPeriod must be greater than zero"),
        invalid(
            "negative renew deadline and retry period",
            b -> b.renewDeadline(Duration.ofSeconds(-1)).retryPeriod(Duration.ofSeconds(-2)),
            "renewDeadline must be greater than zero"),
        invalid(
            "no OnStartedLeading",
            b -> b.onStartedLeading(null),
            "OnStartedLeading callback must not be nil"),
        invalid(
            "no OnStoppedLeading",
            b -> b.onStoppedLeading(null),
            "OnStoppedLeading callback must not be nil"),
        invalid("no lock", b -> b.store(null), "Lock must not be nil."),
        invalid("empty identity", b -> b.identity(""), "Lock identity is empty"),
        invalid("no identity", b -> b.identity(null), "Lock identity is empty"),
        invalid("no clock", b -> b.clock(null), "clock must not be null"));
  }

  private static Arguments invalid(
      String name, UnaryOperator<LeaderElector.Builder> change, String message) {
    return Arguments.of(name, change, message);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidConfigs")
  void build_rejectsInvalidSettings(
      String name, UnaryOperator<LeaderElector.Builder> change, String message) {
    assertThatThrownBy(() -> change.apply(candidate("a")).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  @Test
  void build_acceptsClientGoTestSettings() {
    // TestLeaderElectionConfigValidation: 15 s, 2 s, 1 s is valid.
    LeaderElector e =
        candidate("baz")
            .leaseDuration(Duration.ofSeconds(15))
            .renewDeadline(Duration.ofSeconds(2))
            .retryPeriod(Duration.ofSeconds(1))
            .build();
    assertThat(e.identity()).isEqualTo("baz");
    assertThat(e.state()).isEqualTo(State.NEW);
  }

  @Test
  void defaultIdentity_isHostnameUnderscoreUuid() {
    String id = LeaderElector.defaultIdentity();
    assertThat(id).matches(".+_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    assertThat(LeaderElector.defaultIdentity()).isNotEqualTo(id);
  }

  // ------------------------------------------------------------------ client-go's table

  static Stream<Arguments> tryAcquireOrRenewCases() {
    Instant future = START.plus(Duration.ofHours(1000));
    Instant past = START.minus(Duration.ofHours(1000));
    LeaderElectionRecord bing = new LeaderElectionRecord("bing", 0, null, null, 0);
    LeaderElectionRecord baz = new LeaderElectionRecord("baz", 0, null, null, 0);
    return Stream.of(
        Arguments.of(
            new Case("acquire from no object", null, null, null, null)
                .expect(true, "baz", "get", "create")
                .transitions(0)),
        Arguments.of(
            new Case("acquire from object without a record", LeaderElectionRecord.EMPTY)
                .expect(true, "baz", "get", "update")
                .transitions(1)),
        Arguments.of(
            new Case(
                    "acquire from led object with the lease duration seconds",
                    new LeaderElectionRecord("bing", 3, null, null, 0))
                .retryAfter(Duration.ofSeconds(3))
                .expect(true, "baz", "get", "get", "update")
                .transitions(1)),
        Arguments.of(
            new Case("acquire from unled object", new LeaderElectionRecord("", 0, null, null, 0))
                .expect(true, "baz", "get", "update")
                .transitions(1)),
        Arguments.of(
            new Case("acquire from led, unacked object", bing, bing, bing, past)
                .expect(true, "baz", "get", "update")
                .transitions(1)),
        Arguments.of(
            new Case(
                    "acquire from empty led, acked object",
                    LeaderElectionRecord.EMPTY,
                    LeaderElectionRecord.EMPTY,
                    LeaderElectionRecord.EMPTY,
                    future)
                .expect(true, "baz", "get", "update")
                .transitions(1)),
        // client-go's record has leaseDurationSeconds 0 and relies on its real clock moving between
        // reading the time and noting the record; on virtual time the lease needs a duration.
        Arguments.of(
            new Case(
                    "don't acquire from led, acked object",
                    new LeaderElectionRecord("bing", 10, null, null, 0),
                    LeaderElectionRecord.EMPTY,
                    LeaderElectionRecord.EMPTY,
                    future)
                .expect(false, "bing", "get")
                .transitions(0)),
        Arguments.of(
            new Case("renew already acquired object", baz, baz, baz, future)
                .expect(true, "baz", "get", "update")
                .transitions(0)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("tryAcquireOrRenewCases")
  void tryAcquireOrRenew_clientGoCases(Case c) {
    if (c.stored != null) {
      store.put(c.stored);
    }
    store.clearOperations();
    List<String> reported = new ArrayList<>();
    LeaderElector e =
        candidate("baz")
            .leaseDuration(Duration.ofSeconds(10))
            .renewDeadline(Duration.ofSeconds(5))
            .retryPeriod(Duration.ofSeconds(1))
            .store(store)
            .onNewLeader(reported::add)
            .build();
    if (c.observedTime != null) {
      e.observedForTest(c.observed, c.observedRaw, c.observedTime);
    }

    boolean ok = e.tryAcquireOrRenew();
    if (ok != c.success && c.retryAfter != null) {
      clock.advance(c.retryAfter);
      ok = e.tryAcquireOrRenew();
    }
    e.reportTransitionForTest();

    assertThat(ok).isEqualTo(c.success);
    assertThat(e.observedRecord().holderIdentity()).isEqualTo(c.holder);
    assertThat(store.operations()).containsExactlyElementsOf(c.operations);
    assertThat(e.observedRecord().leaderTransitions()).isEqualTo(c.transitions);
    assertThat(reported).containsExactly(c.holder);
  }

  /** A case of client-go's {@code testTryAcquireOrRenew}. */
  static final class Case {
    final String name;
    final LeaderElectionRecord stored;
    final LeaderElectionRecord observed;
    final LeaderElectionRecord observedRaw;
    final Instant observedTime;
    Duration retryAfter;
    boolean success;
    String holder;
    List<String> operations;
    int transitions;

    Case(String name, LeaderElectionRecord stored) {
      this(name, stored, null, null, null);
    }

    Case(
        String name,
        LeaderElectionRecord stored,
        LeaderElectionRecord observed,
        LeaderElectionRecord observedRaw,
        Instant observedTime) {
      this.name = name;
      this.stored = stored;
      this.observed = observed;
      this.observedRaw = observedRaw;
      this.observedTime = observedTime;
    }

    Case retryAfter(Duration d) {
      this.retryAfter = d;
      return this;
    }

    Case expect(boolean success, String holder, String... operations) {
      this.success = success;
      this.holder = holder;
      this.operations = List.of(operations);
      return this;
    }

    Case transitions(int n) {
      this.transitions = n;
      return this;
    }

    @Override
    public String toString() {
      return name;
    }
  }

  // ------------------------------------------------------------------ a manual clock

  /** A clock that reads {@link #now} and runs its tasks only in {@link #runPending()}. */
  static final class ManualClock implements io.schedkit.framework.Clock {
    volatile Instant now;
    private final List<Runnable> tasks = new ArrayList<>();

    ManualClock(Instant start) {
      this.now = start;
    }

    @Override
    public Instant now() {
      return now;
    }

    @Override
    public synchronized Cancellable schedule(Duration delay, Runnable task) {
      tasks.add(task);
      return () -> {
        synchronized (this) {
          return tasks.remove(task);
        }
      };
    }

    /** Runs the tasks scheduled so far, whatever their delay. */
    void runPending() {
      List<Runnable> due;
      synchronized (this) {
        due = new ArrayList<>(tasks);
        tasks.clear();
      }
      due.forEach(Runnable::run);
    }
  }

  // ------------------------------------------------------------------ a recording store

  /**
   * Records each call as {@code op@seconds} ({@code op!@seconds} when it failed), and delegates.
   */
  static final class TimedStore implements LeaseStore {
    private final LeaseStore delegate;
    private final VirtualClock clock;
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final List<Instant> times = new CopyOnWriteArrayList<>();

    TimedStore(LeaseStore delegate, VirtualClock clock) {
      this.delegate = delegate;
      this.clock = clock;
    }

    @Override
    public Optional<Stored> get() {
      return call("get", delegate::get);
    }

    @Override
    public Stored create(LeaderElectionRecord record) {
      return call("create", () -> delegate.create(record));
    }

    @Override
    public Stored update(LeaderElectionRecord record, String expectedResourceVersion) {
      return call("update", () -> delegate.update(record, expectedResourceVersion));
    }

    private <T> T call(String op, java.util.function.Supplier<T> body) {
      Instant at = clock.now();
      try {
        T result = body.get();
        record(op, at, false);
        return result;
      } catch (RuntimeException e) {
        record(op, at, true);
        throw e;
      }
    }

    private synchronized void record(String op, Instant at, boolean failed) {
      double s = Duration.between(START, at).toMillis() / 1000.0;
      String secs = s == Math.rint(s) ? Long.toString((long) s) : Double.toString(s);
      log.add(op + (failed ? "!" : "") + "@" + secs);
      times.add(at);
    }

    synchronized List<String> log() {
      return List.copyOf(log);
    }

    /** The times of the calls to {@code op}, failed or not. */
    synchronized List<Instant> times(String op) {
      List<Instant> out = new ArrayList<>();
      for (int i = 0; i < log.size(); i++) {
        if (log.get(i).startsWith(op + "@") || log.get(i).startsWith(op + "!@")) {
          out.add(times.get(i));
        }
      }
      return out;
    }

    /** The times of the failed calls to {@code op}. */
    synchronized List<Instant> failures(String op) {
      List<Instant> out = new ArrayList<>();
      for (int i = 0; i < log.size(); i++) {
        if (log.get(i).startsWith(op + "!@")) {
          out.add(times.get(i));
        }
      }
      return out;
    }

    synchronized void clear() {
      log.clear();
      times.clear();
    }
  }
}
