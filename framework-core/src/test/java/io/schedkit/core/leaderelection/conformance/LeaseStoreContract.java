package io.schedkit.core.leaderelection.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.leaderelection.LeaderElectionRecord;
import io.schedkit.core.leaderelection.LeaderElector;
import io.schedkit.core.leaderelection.LeaseConflictException;
import io.schedkit.core.leaderelection.LeaseStore;
import io.schedkit.core.leaderelection.LeaseStoreException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The contract every {@link LeaseStore} keeps, as one suite run against each store: extend it, give
 * {@link #store(String)} a new client of the store for a lease name (a new connection or session
 * each call, as separate processes would have), and override {@link #stopServer()} and {@link
 * #startServer()} when the test can stop and restart the server behind the store. Each test uses
 * its own lease name, so one server serves the whole class.
 *
 * <p>Run against {@code InMemoryLeaseStore} ({@code InMemoryLeaseStoreContractTest}), the JDBC
 * store on a real PostgreSQL, the ZooKeeper store on a real ZooKeeper; a new store (the Kubernetes
 * Lease store) plugs in the same way: add {@code framework-core}'s test jar as a test dependency
 * and extend this class.
 */
public abstract class LeaseStoreContract {
  private static final AtomicInteger LEASES = new AtomicInteger();
  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  /** Times with microseconds, the finest every store keeps (a Kubernetes Lease's MicroTime). */
  private static final Instant T1 = Instant.parse("2026-03-04T05:06:07.123456Z");

  private static final Instant T2 = Instant.parse("2026-03-04T05:06:09.654321Z");

  /** For subclasses. */
  protected LeaseStoreContract() {}

  /** A new client of the store under test, for the lease {@code lease}. */
  protected abstract LeaseStore store(String lease);

  /** Stops the server behind the store; unsupported by default (the tests that need it skip). */
  protected void stopServer() throws Exception {
    throw new UnsupportedOperationException();
  }

  /** Starts the server again after {@link #stopServer()}, with its data. */
  protected void startServer() throws Exception {
    throw new UnsupportedOperationException();
  }

  /**
   * Whether the store keeps the coordinated leader election fields ({@code strategy}, {@code
   * preferredHolder}); a Kubernetes API server older than 1.31 drops them.
   */
  protected boolean keepsCoordinatedElectionFields() {
    return true;
  }

  /**
   * Whether an update of a lease that does not exist creates it (a Kubernetes Lease is created on
   * update, as client-go's LeaseLock relies on) instead of failing with a conflict.
   */
  protected boolean updateCreatesAMissingLease() {
    return false;
  }

  /** Whether {@link #stopServer()} and {@link #startServer()} are supported. */
  protected boolean canRestartServer() {
    return false;
  }

  private String lease(TestInfo test) {
    String method = test.getTestMethod().map(m -> m.getName()).orElse("test");
    // A name every store accepts, a Kubernetes Lease's too: a DNS-1123 label.
    String name =
        ("lease-" + LEASES.incrementAndGet() + "-" + method)
            .toLowerCase(java.util.Locale.ROOT)
            .replaceAll("[^a-z0-9-]", "-");
    return name.substring(0, Math.min(name.length(), 63)).replaceAll("-+$", "");
  }

  private static LeaderElectionRecord record(String holder, int transitions) {
    return new LeaderElectionRecord(holder, 15, T1, T2, transitions);
  }

  /** {@code record(holder, transitions)} renewed {@code seconds} later: the same lease, changed. */
  private static LeaderElectionRecord renewed(String holder, int transitions, int seconds) {
    return new LeaderElectionRecord(holder, 15, T1, T2.plusSeconds(seconds), transitions);
  }

  @Test
  void get_beforeAnyCreate_isEmpty(TestInfo test) {
    assertThat(store(lease(test)).get(TIMEOUT)).isEmpty();
  }

  @Test
  void create_thenGet_returnsTheRecordAsWrittenWithItsVersion(TestInfo test) {
    LeaseStore s = store(lease(test));
    LeaderElectionRecord r =
        keepsCoordinatedElectionFields()
            ? new LeaderElectionRecord("a_1234", 15, T1, T2, 7, "OldestEmulationVersion", "b_5678")
            : new LeaderElectionRecord("a_1234", 15, T1, T2, 7);

    LeaseStore.Stored created = s.create(r, TIMEOUT);
    LeaseStore.Stored read = s.get(TIMEOUT).orElseThrow();

    assertThat(created.record()).isEqualTo(r);
    assertThat(read.record()).isEqualTo(r);
    assertThat(read.resourceVersion()).isEqualTo(created.resourceVersion());
  }

  @Test
  void create_keepsEmptyHolderAndMissingTimes(TestInfo test) {
    LeaseStore s = store(lease(test));
    LeaderElectionRecord released = new LeaderElectionRecord("", 1, null, null, 3);
    s.create(released, TIMEOUT);

    assertThat(s.get(TIMEOUT).orElseThrow().record()).isEqualTo(released);
  }

  @Test
  void create_whenTheLeaseExists_isAConflict(TestInfo test) {
    String lease = lease(test);
    store(lease).create(record("a", 0), TIMEOUT);

    assertThatThrownBy(() -> store(lease).create(record("b", 0), TIMEOUT))
        .isInstanceOf(LeaseConflictException.class);
    assertThat(store(lease).get(TIMEOUT).orElseThrow().record().holderIdentity()).isEqualTo("a");
  }

  @Test
  void update_withTheCurrentVersion_replacesTheRecordAndChangesTheVersion(TestInfo test) {
    LeaseStore s = store(lease(test));
    LeaseStore.Stored v1 = s.create(record("a", 0), TIMEOUT);
    LeaseStore.Stored v2 = s.update(record("b", 1), v1.resourceVersion(), TIMEOUT);
    LeaseStore.Stored v3 = s.update(renewed("b", 1, 2), v2.resourceVersion(), TIMEOUT);

    assertThat(Set.of(v1.resourceVersion(), v2.resourceVersion(), v3.resourceVersion())).hasSize(3);
    LeaseStore.Stored read = s.get(TIMEOUT).orElseThrow();
    assertThat(read.record()).isEqualTo(renewed("b", 1, 2));
    assertThat(read.resourceVersion()).isEqualTo(v3.resourceVersion());
  }

  @Test
  void update_withAStaleVersion_isAConflictAndChangesNothing(TestInfo test) {
    LeaseStore s = store(lease(test));
    LeaseStore.Stored v1 = s.create(record("a", 0), TIMEOUT);
    s.update(renewed("a", 0, 2), v1.resourceVersion(), TIMEOUT);

    assertThatThrownBy(() -> s.update(record("b", 1), v1.resourceVersion(), TIMEOUT))
        .isInstanceOf(LeaseConflictException.class);
    assertThat(s.get(TIMEOUT).orElseThrow().record().holderIdentity()).isEqualTo("a");
  }

  @Test
  void update_ofALeaseThatDoesNotExist_isAConflict(TestInfo test) {
    String lease = lease(test);
    LeaseStore.Stored other = store(lease + "-other").create(record("a", 0), TIMEOUT);

    if (updateCreatesAMissingLease()) {
      store(lease).update(record("b", 1), other.resourceVersion(), TIMEOUT);
      assertThat(store(lease).get(TIMEOUT).orElseThrow().record()).isEqualTo(record("b", 1));
      return;
    }
    assertThatThrownBy(() -> store(lease).update(record("b", 1), other.resourceVersion(), TIMEOUT))
        .isInstanceOf(LeaseConflictException.class);
    assertThat(store(lease).get(TIMEOUT)).isEmpty();
  }

  @Test
  void plainMethods_behaveAsTheTimedOnes(TestInfo test) {
    LeaseStore s = store(lease(test));
    assertThat(s.get()).isEmpty();
    LeaseStore.Stored v1 = s.create(record("a", 0));
    LeaseStore.Stored v2 = s.update(renewed("a", 0, 2), v1.resourceVersion());

    assertThat(s.get().orElseThrow()).isEqualTo(v2);
    assertThatThrownBy(() -> s.update(record("b", 1), v1.resourceVersion()))
        .isInstanceOf(LeaseConflictException.class);
  }

  @Test
  void leases_withDifferentNames_areIndependent(TestInfo test) {
    String lease = lease(test);
    store(lease + "-x").create(record("x", 0), TIMEOUT);
    store(lease + "-y").create(record("y", 4), TIMEOUT);

    assertThat(store(lease + "-x").get(TIMEOUT).orElseThrow().record().holderIdentity())
        .isEqualTo("x");
    assertThat(store(lease + "-y").get(TIMEOUT).orElseThrow().record().leaderTransitions())
        .isEqualTo(4);
  }

  @Test
  void clients_seeEachOthersWrites(TestInfo test) {
    String lease = lease(test);
    LeaseStore a = store(lease);
    LeaseStore b = store(lease);
    LeaseStore.Stored v1 = a.create(record("a", 0), TIMEOUT);
    LeaseStore.Stored seen = b.get(TIMEOUT).orElseThrow();
    b.update(record("b", 1), seen.resourceVersion(), TIMEOUT);

    assertThat(seen).isEqualTo(v1);
    assertThat(a.get(TIMEOUT).orElseThrow().record()).isEqualTo(record("b", 1));
  }

  @Test
  void concurrentUpdatesFromTheSameVersion_exactlyOneWins(TestInfo test) throws Exception {
    String lease = lease(test);
    LeaseStore.Stored v1 = store(lease).create(record("none", 0), TIMEOUT);
    int writers = 6;
    List<LeaseStore> clients = new ArrayList<>();
    for (int i = 0; i < writers; i++) {
      clients.add(store(lease));
    }
    CountDownLatch go = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    try {
      List<Future<String>> results = new ArrayList<>();
      for (int i = 0; i < writers; i++) {
        LeaseStore client = clients.get(i);
        String holder = "w" + i;
        Callable<String> write =
            () -> {
              go.await();
              try {
                client.update(record(holder, 1), v1.resourceVersion(), TIMEOUT);
                return holder;
              } catch (LeaseConflictException e) {
                return "conflict";
              }
            };
        results.add(pool.submit(write));
      }
      go.countDown();
      List<String> outcomes = new ArrayList<>();
      for (Future<String> f : results) {
        outcomes.add(f.get(60, TimeUnit.SECONDS));
      }
      List<String> winners = outcomes.stream().filter(o -> !o.equals("conflict")).toList();
      assertThat(winners).hasSize(1);
      assertThat(store(lease).get(TIMEOUT).orElseThrow().record().holderIdentity())
          .isEqualTo(winners.get(0));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void concurrentCreates_exactlyOneWins(TestInfo test) throws Exception {
    String lease = lease(test);
    int writers = 4;
    CountDownLatch go = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    try {
      List<Future<Boolean>> results = new ArrayList<>();
      for (int i = 0; i < writers; i++) {
        LeaseStore client = store(lease);
        String holder = "c" + i;
        results.add(
            pool.submit(
                () -> {
                  go.await();
                  try {
                    client.create(record(holder, 0), TIMEOUT);
                    return true;
                  } catch (LeaseConflictException e) {
                    return false;
                  }
                }));
      }
      go.countDown();
      int created = 0;
      for (Future<Boolean> f : results) {
        created += f.get(60, TimeUnit.SECONDS) ? 1 : 0;
      }
      assertThat(created).isEqualTo(1);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void electors_threeCandidatesOverTheStore_oneLeadsAndTheLeaseNamesIt(TestInfo test) {
    String lease = lease(test);
    VirtualClock clock = new VirtualClock(T1);
    List<LeaderElector> electors = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      electors.add(
          LeaderElector.builder()
              .store(store(lease))
              .identity("e" + i)
              .name(lease)
              .clock(clock)
              .onStartedLeading(() -> {})
              .onStoppedLeading(() -> {})
              .build());
    }
    electors.forEach(LeaderElector::start);
    clock.advance(Duration.ofSeconds(30));
    List<LeaderElector> leaders = electors.stream().filter(LeaderElector::isLeader).toList();
    assertThat(leaders).hasSize(1);
    LeaderElector leader = leaders.get(0);
    assertThat(store(lease).get(TIMEOUT).orElseThrow().record().holderIdentity())
        .isEqualTo(leader.identity());

    leader.stop(); // releases: another takes over within about a retry period
    clock.advance(Duration.ofSeconds(5));
    List<LeaderElector> next = electors.stream().filter(LeaderElector::isLeader).toList();
    assertThat(next).hasSize(1).doesNotContain(leader);
    assertThat(next.get(0).fencingToken().orElseThrow().value())
        .isGreaterThan(leader.fencingToken().orElseThrow().value());
    electors.forEach(LeaderElector::stop);
  }

  @Test
  void serverDown_callsFailWithALeaseStoreException_andTheDataSurvivesARestart(TestInfo test)
      throws Exception {
    assumeTrue(canRestartServer(), "the server behind this store cannot be restarted here");
    String lease = lease(test);
    LeaseStore s = store(lease);
    LeaseStore.Stored v1 = s.create(record("a", 2), TIMEOUT);

    stopServer();
    try {
      assertThatThrownBy(() -> s.get(Duration.ofSeconds(2)))
          .isInstanceOf(LeaseStoreException.class);
      assertThatThrownBy(
              () -> s.update(record("b", 3), v1.resourceVersion(), Duration.ofSeconds(2)))
          .isInstanceOf(LeaseStoreException.class)
          .isNotInstanceOf(LeaseConflictException.class);
    } finally {
      startServer();
    }

    // The data survived. A call that failed has an unknown outcome: a client that retries on its
    // own
    // (Curator does, under its retry policy) may still apply the update once the server is back.
    LeaseStore.Stored after = awaitRead(lease);
    assertThat(after.record()).isIn(v1.record(), record("b", 3));
    LeaseStore.Stored written = updateFromLatest(lease, record("c", 4));
    assertThat(written.resourceVersion()).isNotEqualTo(v1.resourceVersion());
    assertThat(store(lease).get(TIMEOUT).orElseThrow()).isEqualTo(written);
  }

  /**
   * Writes {@code record} over the lease's latest version, reading again when a write still in
   * flight got there first (a few times at most), as a candidate renewing its lease would.
   */
  private LeaseStore.Stored updateFromLatest(String lease, LeaderElectionRecord record) {
    LeaseConflictException last = null;
    for (int attempt = 0; attempt < 5; attempt++) {
      LeaseStore.Stored latest = store(lease).get(TIMEOUT).orElseThrow();
      try {
        return store(lease).update(record, latest.resourceVersion(), TIMEOUT);
      } catch (LeaseConflictException e) {
        last = e;
      }
    }
    throw last;
  }

  /** Reads the lease, retrying while the restarted server comes back (up to a minute). */
  private LeaseStore.Stored awaitRead(String lease) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    LeaseStoreException last = null;
    while (System.nanoTime() < deadline) {
      try {
        return store(lease).get(TIMEOUT).orElseThrow();
      } catch (LeaseStoreException e) {
        last = e;
        Thread.sleep(100);
      }
    }
    throw new AssertionError("the store did not come back within a minute", last);
  }
}
