package io.schedkit.core.leaderelection.failover;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.leaderelection.LeaseStore;
import io.schedkit.core.leaderelection.failover.FailoverHarness.Replica;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * High availability over a real lease store, scenario by scenario, with live schedulers ({@link
 * FailoverHarness}): three replicas; the leader crashes; the store stops and restarts; the leader
 * pauses longer than its lease and then writes; the replicas' clocks are skewed; writes race a
 * takeover. Each scenario checks that no write of a deposed leader was accepted after its successor
 * started to act, that no pod was bound twice and no node overcommitted, and that every pod ends
 * bound; and it prints its figures (takeover time, late and refused writes) to standard output and
 * to {@code target/failover-figures.txt}. The goal for takeovers is {@code leaseDuration +
 * retryPeriod} (3.5 s here); it is reported, not asserted.
 *
 * <p>A store plugs in by extending this class: {@link #client} gives each replica its own client,
 * {@link #stopStore} and {@link #startStore} stop and restart the server.
 */
public abstract class FailoverScenarios {
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final Path FIGURES = Path.of("target", "failover-figures.txt");

  private final Map<String, PartitionableStore> clients = new ConcurrentHashMap<>();
  private FailoverHarness harness;

  /** For subclasses. */
  protected FailoverScenarios() {}

  /** The store's name in the figures. */
  protected abstract String storeName();

  /** A new client of the store under test for one replica. */
  protected abstract LeaseStore client(String replica);

  /** Stops the store's server. */
  protected abstract void stopStore() throws Exception;

  /** Starts the store's server again, with its data. */
  protected abstract void startStore() throws Exception;

  private FailoverHarness harness() {
    harness =
        new FailoverHarness(
            id -> clients.computeIfAbsent(id, k -> new PartitionableStore(client(k))));
    return harness;
  }

  @AfterEach
  void closeHarness() {
    if (harness != null) {
      harness.close();
    }
  }

  @Test
  void threeElectors_leaderCrashes_anotherTakesOverAndEveryPodIsBoundOnce(TestInfo test)
      throws Exception {
    FailoverHarness h = harness();
    h.startReplicas(3);
    h.addPods(150);
    Replica leader = h.awaitLeader(WAIT);
    FailoverHarness.await("the leader binding", WAIT, () -> h.unboundPods() < 100);
    h.addPods(100);
    long token = leader.elector.fencingToken().orElseThrow().value();

    long crashed = System.nanoTime();
    h.crash(leader);
    long takeover = h.awaitNewLeadership(crashed, token, WAIT) - crashed;

    checkAndReport(test, h, takeover);
  }

  @Test
  void storeStopsAndRestarts_leadershipEndsWithinTheRenewDeadlineAndResumesAfter(TestInfo test)
      throws Exception {
    FailoverHarness h = harness();
    h.startReplicas(3);
    h.addPods(100);
    Replica leader = h.awaitLeader(WAIT);
    long token = leader.elector.fencingToken().orElseThrow().value();
    FailoverHarness.await("the leader binding", WAIT, () -> h.unboundPods() < 80);

    stopStore();
    long stopped = System.nanoTime();
    long restarted;
    try {
      FailoverHarness.await(
          "no leader while the store is down", WAIT, () -> h.leaderNow().isEmpty());
      h.addPods(100);
      Thread.sleep(FailoverHarness.LEASE.toMillis()); // the store stays down a whole lease
    } finally {
      // Timed from the restart command: a replica may lead again before startStore() returns
      // (a server restart can block past the moment it accepts connections).
      restarted = System.nanoTime();
      startStore();
    }
    long takeover = h.awaitNewLeadership(restarted, token, WAIT) - restarted;
    assertThat(restarted - stopped).isGreaterThan(FailoverHarness.LEASE.toNanos());

    checkAndReport(test, h, takeover);
  }

  @Test
  void leaderPausesLongerThanItsLease_itsWritesAfterThePauseAreRefused(TestInfo test)
      throws Exception {
    FailoverHarness h = harness();
    h.startReplicas(3);
    h.addPods(60);
    Replica leader = h.awaitLeader(WAIT);
    FailoverHarness.await("the first pods bound", WAIT, () -> h.unboundPods() == 0);
    long token = leader.elector.fencingToken().orElseThrow().value();

    // A stop-the-world pause: time stands still for the leader, its timers do not run and what it
    // sends stays in its buffers; its scheduling thread, unaware, goes on binding new pods.
    leader.path.hold();
    leader.clock.pause();
    long paused = System.nanoTime();
    h.addPods(150);
    long takeover = h.awaitNewLeadership(paused, token, WAIT) - paused;
    FailoverHarness.await("the new leader binding", WAIT, () -> h.log.bindsByToken().size() >= 2);
    leader.path.release();
    leader.clock.resume();

    checkAndReport(test, h, takeover);
    assertThat(h.log.refused()).as("writes refused by fencing").isPositive();
  }

  @Test
  void skewedClocks_takeoverStillWaitsOutTheLease(TestInfo test) throws Exception {
    FailoverHarness h = harness();
    h.clocks(
        i ->
            switch (i) {
              case 0 -> new ReplicaClock(h.system(), Duration.ofHours(1), 1.1);
              case 1 -> new ReplicaClock(h.system(), Duration.ofHours(-1), 0.9);
              case 2 -> new ReplicaClock(h.system(), Duration.ofMinutes(7), 1.0);
              default -> new ReplicaClock(h.system(), Duration.ofSeconds(-30), 1.05);
            });
    h.startReplicas(3);
    h.addPods(150);
    Replica leader = h.awaitLeader(WAIT);
    FailoverHarness.await("the leader binding", WAIT, () -> h.unboundPods() < 100);
    long token = leader.elector.fencingToken().orElseThrow().value();

    long crashed = System.nanoTime();
    h.crash(leader);
    long takeover = h.awaitNewLeadership(crashed, token, WAIT) - crashed;

    checkAndReport(test, h, takeover);
  }

  @Test
  void writesRacingATakeover_theDeposedLeadersLateWritesAreRefused(TestInfo test) throws Exception {
    FailoverHarness h = harness();
    h.startReplicas(3);
    h.addPods(60);
    Replica leader = h.awaitLeader(WAIT);
    FailoverHarness.await("the first pods bound", WAIT, () -> h.unboundPods() == 0);
    long token = leader.elector.fencingToken().orElseThrow().value();

    // The leader is cut off from the store and its writes are slowed: those it sends before its
    // renew deadline arrive after another replica has taken over.
    clients.get(leader.id).cut(true);
    leader.path.hold();
    long cut = System.nanoTime();
    h.addPods(150);
    long takeover = h.awaitNewLeadership(cut, token, WAIT) - cut;
    FailoverHarness.await("the new leader binding", WAIT, () -> h.log.bindsByToken().size() >= 2);
    leader.path.release();

    checkAndReport(test, h, takeover);
    assertThat(h.log.refused()).as("writes refused by fencing").isPositive();
  }

  /** The common checks and the scenario's line of figures. */
  private void checkAndReport(TestInfo test, FailoverHarness h, long takeoverNanos)
      throws Exception {
    FailoverHarness.await("every pod bound", WAIT, () -> h.unboundPods() == 0);
    int late = h.log.lateAcceptedWrites();
    int twice = h.log.podsBoundTwice();
    int overcommitted = h.overcommittedNodes();
    String line =
        String.format(
            Locale.ROOT,
            "%-10s %-90s takeover %5d ms (goal <= %d ms)  late writes accepted %d  refused %3d"
                + "  pods bound twice %d  overcommitted nodes %d  pods %d  binds by token %s",
            storeName(),
            test.getTestMethod().orElseThrow().getName(),
            takeoverNanos / 1_000_000,
            FailoverHarness.LEASE.plus(FailoverHarness.RETRY).toMillis(),
            late,
            h.log.refused(),
            twice,
            overcommitted,
            h.cluster.pods().size(),
            h.log.bindsByToken());
    System.out.println(line);
    report(line);
    assertThat(late).as("writes accepted from a deposed leader").isZero();
    assertThat(twice).as("pods bound twice").isZero();
    assertThat(overcommitted).as("overcommitted nodes").isZero();
  }

  private static synchronized void report(String line) throws IOException {
    Files.createDirectories(FIGURES.getParent());
    Files.writeString(
        FIGURES,
        line + System.lineSeparator(),
        StandardCharsets.UTF_8,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }
}
