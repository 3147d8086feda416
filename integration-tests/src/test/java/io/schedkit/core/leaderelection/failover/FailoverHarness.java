package io.schedkit.core.leaderelection.failover;

import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.SystemClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.leaderelection.LeaderElector;
import io.schedkit.core.leaderelection.LeaseStore;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Quantity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * Live schedulers competing for one lease over a real store, as replicas of a deployment: each
 * replica has its own identity, its own store client, its own clock ({@link ReplicaClock}) and its
 * own path to the shared {@link InMemoryCluster} ({@link ProbedCluster}); a replica whose
 * leadership ends is closed and replaced by a new one, as a restarted pod would be. Pods arrive
 * while the replicas run; every write is logged ({@link WriteLog}) so a scenario can count late
 * writes, double binds and overcommitted nodes, and time takeovers.
 *
 * <p>Durations are short so a scenario takes seconds: lease 3 s, renew deadline 2 s, retry 0.5 s,
 * store calls at most 1 s. Electors do not release on stop: a stopped replica is a crashed one.
 */
final class FailoverHarness implements AutoCloseable {
  static final Duration LEASE = Duration.ofSeconds(3);
  static final Duration RENEW = Duration.ofSeconds(2);
  static final Duration RETRY = Duration.ofMillis(500);
  static final String LEASE_NAME = "failover";
  private static final int NODES = 10;
  private static final String NODE_CPU = "4";
  private static final String POD_CPU = "100m";

  /** A running replica. */
  final class Replica {
    final String id;
    final ReplicaClock clock;
    final ProbedCluster path;
    final LeaderElector elector;
    final Scheduler scheduler;
    volatile long ledAtNanos;

    Replica(String id, ReplicaClock clock, LeaseStore store) {
      this.id = id;
      this.clock = clock;
      this.path = new ProbedCluster(cluster, log, id, order);
      this.elector =
          LeaderElector.builder()
              .store(store)
              .identity(id)
              .name(LEASE_NAME)
              .clock(clock)
              .leaseDuration(LEASE)
              .renewDeadline(RENEW)
              .retryPeriod(RETRY)
              .releaseOnCancel(false)
              .onStartedLeading(() -> onLeading(this))
              .onStoppedLeading(() -> onStopped(this))
              .build();
      this.scheduler =
          Scheduler.builder().cluster(path).clock(clock).leaderElection(elector).build();
    }
  }

  private final SystemClock system = new SystemClock();
  private final Function<String, LeaseStore> stores;
  final InMemoryCluster cluster;
  final WriteLog log = new WriteLog();
  private final Object order = new Object();
  private final List<Replica> replicas = new CopyOnWriteArrayList<>();
  private final List<Replica> stopped = new CopyOnWriteArrayList<>();
  private final List<Thread> replacements = new CopyOnWriteArrayList<>();
  private final List<long[]> leaderships = new CopyOnWriteArrayList<>();
  private final AtomicInteger nextId = new AtomicInteger();
  private final AtomicInteger podCount = new AtomicInteger();
  private volatile Function<Integer, ReplicaClock> clocks;
  private volatile boolean closing;

  /**
   * A cluster of {@value #NODES} nodes and replicas whose store clients come from {@code stores}.
   */
  FailoverHarness(Function<String, LeaseStore> stores) {
    this.stores = stores;
    this.cluster = InMemoryCluster.builder().clock(system).build();
    this.clocks = i -> new ReplicaClock(system, Duration.ZERO, 1.0);
    for (int i = 0; i < NODES; i++) {
      cluster.create(
          Node.builder().name("n" + i).capacity("cpu", NODE_CPU).capacity("pods", "110").build());
    }
  }

  /** Gives replica number {@code i} (0, 1, 2, ...) the clock {@code clocks(i)}. */
  void clocks(Function<Integer, ReplicaClock> clocks) {
    this.clocks = clocks;
  }

  SystemClock system() {
    return system;
  }

  /** Starts replicas until {@code n} run. */
  synchronized void startReplicas(int n) {
    while (replicas.size() < n) {
      int i = nextId.getAndIncrement();
      Replica r = new Replica("replica-" + i, clocks.apply(i), stores.apply("replica-" + i));
      replicas.add(r);
      r.scheduler.start();
    }
  }

  private void onLeading(Replica r) {
    r.ledAtNanos = System.nanoTime();
    leaderships.add(new long[] {r.ledAtNanos, r.elector.fencingToken().orElseThrow().value()});
  }

  /** A replica's election ended: close it and start another in its place (unless closing). */
  private synchronized void onStopped(Replica r) {
    if (closing || !replicas.remove(r)) {
      return;
    }
    stopped.add(r);
    Thread t =
        new Thread(
            () -> {
              r.scheduler.close();
              synchronized (this) {
                if (!closing) {
                  startReplicas(replicas.size() + 1);
                }
              }
            },
            "replace-" + r.id);
    t.setDaemon(true);
    replacements.add(t);
    t.start();
  }

  /** Crashes {@code r}: it stops without releasing the lease and is replaced. */
  void crash(Replica r) {
    r.elector.stop();
  }

  /** Creates {@code n} pending pods of {@value #POD_CPU} cpu. */
  void addPods(int n) {
    for (int i = 0; i < n; i++) {
      int k = podCount.getAndIncrement();
      cluster.create(
          Pod.builder()
              .name("p" + k)
              .namespace("default")
              .container(Container.builder().name("c").request("cpu", POD_CPU).build())
              .build());
    }
  }

  /** The replica that leads now, waiting up to {@code within} for one. */
  Replica awaitLeader(Duration within) throws InterruptedException {
    long deadline = System.nanoTime() + within.toNanos();
    while (System.nanoTime() < deadline) {
      for (Replica r : replicas) {
        if (r.elector.isLeader()) {
          return r;
        }
      }
      Thread.sleep(10);
    }
    throw new AssertionError("no leader within " + within);
  }

  /**
   * The first leadership that started after {@code sinceNanos} with a token above {@code token},
   * waiting up to {@code within}: its start time in nanoTime.
   */
  long awaitNewLeadership(long sinceNanos, long token, Duration within)
      throws InterruptedException {
    long deadline = System.nanoTime() + within.toNanos();
    while (System.nanoTime() < deadline) {
      for (long[] l : leaderships) {
        if (l[0] >= sinceNanos && l[1] > token) {
          return l[0];
        }
      }
      Thread.sleep(5);
    }
    throw new AssertionError("no new leader within " + within);
  }

  /** Waits up to {@code within} until {@code condition} holds. */
  static void await(String what, Duration within, BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + within.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(what + " not reached within " + within);
      }
      Thread.sleep(10);
    }
  }

  /** Pods not bound yet. */
  long unboundPods() {
    return cluster.pods().stream().filter(p -> p.nodeName().isEmpty()).count();
  }

  /** Nodes whose bound pods request more cpu than the node has. */
  int overcommittedNodes() {
    Map<String, Long> used = new HashMap<>();
    for (Pod p : cluster.pods()) {
      if (!p.nodeName().isEmpty()) {
        used.merge(p.nodeName(), Quantity.parse(POD_CPU).milliValue(), Long::sum);
      }
    }
    long capacity = Quantity.parse(NODE_CPU).milliValue();
    return (int) used.values().stream().filter(m -> m > capacity).count();
  }

  List<Replica> replicas() {
    return new ArrayList<>(replicas);
  }

  Optional<Replica> leaderNow() {
    return replicas.stream().filter(r -> r.elector.isLeader()).findFirst();
  }

  /** Stops every replica, those being replaced included, and waits for their threads. */
  @Override
  public void close() {
    synchronized (this) {
      closing = true;
    }
    for (Thread t : replacements) {
      try {
        t.join(30_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    for (Replica r : replicas) {
      r.path.release();
      r.clock.resume();
      r.scheduler.close();
    }
    for (Replica r : stopped) {
      r.scheduler.close();
    }
    system.close();
  }
}
