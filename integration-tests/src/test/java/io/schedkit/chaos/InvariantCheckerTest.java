package io.schedkit.chaos;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.core.ScheduleResult;
import io.schedkit.core.Scheduler;
import io.schedkit.core.cache.SchedulerCache;
import io.schedkit.core.cache.Snapshot;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The chaos run's invariant checks find a broken cache or queue: each test builds a consistent
 * state (a cluster followed by a {@link ClusterLedger}, a leader and a follower made of a real
 * {@link SchedulerCache} and a list standing for the queue), breaks one replica as a missed or
 * mishandled event would, and expects the check after the event and the full sweep to report the
 * invariant broken.
 */
final class InvariantCheckerTest {
  private static final String PROFILE = Profile.DEFAULT_SCHEDULER_NAME;

  /** What the checker reported; it stops the checks, as a chaos run's violation does. */
  private static final class Violation extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Violation(String invariant) {
      super(invariant);
    }
  }

  /** A replica made of a real cache and a list standing for its queue. */
  private static final class FakeReplica implements ReplicaState {
    final String identity;
    final SchedulerCache cache = new SchedulerCache();
    final List<Scheduler.PendingPod> queue = new ArrayList<>();

    FakeReplica(String identity) {
      this.identity = identity;
    }

    void queue(Pod p, int attempts, String message) {
      queue.add(new Scheduler.PendingPod(p.key(), p.uid(), attempts, List.of(), message));
    }

    void unqueue(Pod p) {
      queue.removeIf(q -> q.uid().equals(p.uid()));
    }

    @Override
    public String identity() {
      return identity;
    }

    @Override
    public SchedulerCache.Dump cacheDump() {
      return cache.dump();
    }

    @Override
    public SchedulerCache.Dump cacheDump(Collection<String> nodeNames) {
      return cache.dump(nodeNames);
    }

    @Override
    public Optional<Scheduler.PendingPod> whyPending(String uid) {
      return queue.stream().filter(q -> q.uid().equals(uid)).findFirst();
    }

    @Override
    public List<Scheduler.PendingPod> pendingPods() {
      return List.copyOf(queue);
    }

    /** The snapshot the cache brings up to date, in the form the scheduler hands out. */
    @Override
    public Scheduler.SnapshotDump snapshotDump() {
      Snapshot s = new Snapshot();
      cache.updateSnapshot(s);
      return new Scheduler.SnapshotDump(
          s.list(), names(s.havePodsWithAffinity()), names(s.havePodsWithRequiredAntiAffinity()));
    }

    private static List<String> names(List<NodeInfo> infos) {
      List<String> out = new ArrayList<>();
      infos.forEach(n -> out.add(n.name()));
      return out;
    }
  }

  private final InMemoryCluster cluster = InMemoryCluster.builder().build();
  private final ClusterLedger ledger = new ClusterLedger();
  private final InvariantChecker checker =
      new InvariantChecker(
          cluster,
          ledger,
          invariant -> {
            throw new Violation(invariant);
          });
  private final FakeReplica leader = new FakeReplica("replica-0");
  private final FakeReplica follower = new FakeReplica("replica-1");
  private Node n1;
  private Pod a;
  private Pod b;
  private Pod c;
  private Pod d;

  private static Node node(String name, String cpu) {
    return makeNode()
        .name(name)
        .label("kubernetes.io/hostname", name)
        .capacity(Map.of("cpu", cpu, "memory", "16Gi", "pods", "110"))
        .obj();
  }

  private static Pod pod(String name, String node, String cpu) {
    return makePod().name(name).uid("uid-" + name).node(node).req(Map.of("cpu", cpu)).obj();
  }

  /**
   * Nodes n1 (4 cpu) and n2 (8 cpu); pods a bound to n1 and b bound to n2; c pending, tried once
   * and queued with its reason; d pending, assumed by the leader on n2 (its bind not issued yet)
   * and queued by the follower. Checked once, as after the events that built it, so that a test's
   * check after an event sees only what that event touched.
   */
  @BeforeEach
  void setUp() {
    cluster.watch(ledger::apply);
    n1 = cluster.create(node("n1", "4"));
    Node n2 = cluster.create(node("n2", "8"));
    a = cluster.create(pod("a", "n1", "1"));
    b = cluster.create(pod("b", "n2", "2"));
    c = cluster.create(pod("c", "", "1"));
    d = cluster.create(pod("d", "", "1"));
    for (FakeReplica r : List.of(leader, follower)) {
      r.cache.addNode(n1);
      r.cache.addNode(n2);
      r.cache.addPod(a);
      r.cache.addPod(b);
      r.queue(c, 1, "0/2 nodes are available: 2 Insufficient cpu.");
    }
    leader.cache.assumePod(PodInfo.of(d.withNodeName("n2")));
    follower.queue(d, 0, "");
    checker.tried(
        new ScheduleResult(c.key(), PROFILE, ScheduleResult.Outcome.UNSCHEDULABLE, "", "no fit"));
    checker.tried(new ScheduleResult(d.key(), PROFILE, ScheduleResult.Outcome.ASSUMED, "n2", ""));
    checker.checkTouched(leader, follower);
  }

  /** Binds {@code p} in the cluster and returns it as bound. */
  private Pod bind(Pod p, String nodeName) {
    cluster.bind(p, nodeName).toCompletableFuture().join();
    return cluster.pod(p.namespace(), p.name()).orElseThrow();
  }

  private void checkTouchedReports(String invariant) {
    assertThatThrownBy(() -> checker.checkTouched(leader, follower))
        .isInstanceOf(Violation.class)
        .hasMessage(invariant);
  }

  private void sweepReports(String invariant) {
    assertThatThrownBy(() -> checker.sweep(leader, follower, false, false))
        .isInstanceOf(Violation.class)
        .hasMessage(invariant);
  }

  @Test
  void aConsistentStateBreaksNoInvariant() {
    Pod e = cluster.create(pod("e", "", "1"));
    leader.queue(e, 0, "");
    follower.queue(e, 0, "");
    checker.tried(
        new ScheduleResult(c.key(), PROFILE, ScheduleResult.Outcome.UNSCHEDULABLE, "", "no fit"));
    assertThatCode(() -> checker.checkTouched(leader, follower)).doesNotThrowAnyException();
    assertThatCode(() -> checker.sweep(leader, follower, false, false)).doesNotThrowAnyException();
    assertThat(checker.checks()).isEqualTo(3);
  }

  @Test
  void aSettledStateMatchesItsRebuild() {
    Pod boundD = bind(d, "n2");
    leader.cache.addPod(boundD);
    follower.cache.addPod(boundD);
    follower.unqueue(d);
    assertThatCode(() -> checker.checkTouched(leader, follower)).doesNotThrowAnyException();
    assertThatCode(() -> checker.sweep(leader, follower, true, true)).doesNotThrowAnyException();
  }

  @Test
  void aPodMissingFromTheCacheIsReported() {
    Pod e = cluster.create(pod("e", "n1", "1"));
    follower.cache.addPod(e);
    String invariant = "replica-0 (leader): node n1: cached pods differ: extra [], missing [uid-e]";
    checkTouchedReports(invariant);
    sweepReports(invariant);
  }

  @Test
  void anExtraPodInTheCacheIsReported() {
    cluster.delete(b);
    follower.cache.removePod(b);
    String invariant = "replica-0 (leader): node n2: cached pods differ: extra [uid-b], missing []";
    checkTouchedReports(invariant);
    sweepReports(invariant);
  }

  @Test
  void cachedRequestsThatDifferFromThePodsAreReported() {
    Pod relabelled = cluster.update(a.toBuilder().labels(Map.of("version", "2")).build());
    leader.cache.updatePod(a, pod("a", "n1", "2"));
    follower.cache.updatePod(a, relabelled);
    String invariant =
        "replica-0 (leader): node n1: cached requests {cpu=2000} differ from the pods' (cpu"
            + " 1000m, memory 0)";
    checkTouchedReports(invariant);
    sweepReports(invariant);
  }

  @Test
  void aNodeOverItsAllocatableIsReported() {
    Pod f = cluster.create(pod("f", "", "4"));
    leader.cache.assumePod(PodInfo.of(f.withNodeName("n1")));
    follower.queue(f, 0, "");
    checker.tried(new ScheduleResult(f.key(), PROFILE, ScheduleResult.Outcome.ASSUMED, "n1", ""));
    String invariant =
        "node n1 is over its allocatable {cpu=4000, memory=17179869184, pods=110}: bound and"
            + " assumed pods request cpu 5000m, memory 0 in 2 pods";
    checkTouchedReports(invariant);
    sweepReports(invariant);
  }

  @Test
  void aPendingPodNeitherQueuedNorAssumedIsReportedLost() {
    Pod g = cluster.create(pod("g", "", "1"));
    follower.queue(g, 0, "");
    String invariant = "replica-0 (leader): pod default/g is lost: not bound, queued nor assumed";
    checkTouchedReports(invariant);
    sweepReports(invariant);
  }

  @Test
  void aDeletedPodStillQueuedIsReported() {
    cluster.delete(c);
    follower.unqueue(c);
    // The ledger has forgotten the deleted pod: the check after the event names it by its UID.
    checkTouchedReports("replica-0 (leader): deleted pod uid-c is still queued");
    sweepReports("replica-0 (leader): deleted pod default/c is still queued");
  }

  @Test
  void aBoundPodStillQueuedIsReported() {
    Pod boundC = bind(c, "n1");
    leader.cache.addPod(boundC);
    follower.cache.addPod(boundC);
    follower.unqueue(c);
    String invariant = "replica-0 (leader): pod default/c is bound to n1 and queued";
    checkTouchedReports(invariant);
    sweepReports(invariant);
  }

  @Test
  void aPodBothAssumedAndQueuedIsReported() {
    leader.queue(d, 0, "");
    String invariant = "replica-0 (leader): pod default/d is both assumed and queued";
    checkTouchedReports(invariant);
    sweepReports(invariant);
  }

  @Test
  void aFollowerHoldingAssumedPodsIsReported() {
    follower.cache.assumePod(PodInfo.of(d.withNodeName("n2")));
    follower.unqueue(d);
    String invariant = "replica-1 (follower): a follower has assumed pods [uid-d]";
    checkTouchedReports(invariant);
    sweepReports(invariant);
  }

  @Test
  void aPodQueuedAfterAttemptsWithoutAReasonIsReported() {
    leader.unqueue(c);
    leader.queue(c, 2, "");
    checker.tried(
        new ScheduleResult(c.key(), PROFILE, ScheduleResult.Outcome.UNSCHEDULABLE, "", ""));
    String invariant = "replica-0 (leader): pod default/c queued after 2 attempts without a reason";
    checkTouchedReports(invariant);
    sweepReports(invariant);
  }

  @Test
  void aStaleCachedNodeVersionIsReported() {
    Node relabelled = cluster.update(n1.toBuilder().labels(Map.of("version", "2")).build());
    follower.cache.updateNode(n1, relabelled);
    String invariant = "replica-0 (leader): cache holds a stale version of node n1";
    checkTouchedReports(invariant);
    sweepReports(invariant);
  }

  @Test
  void podsStillAssumedOnceIdleAreReportedBySweeps() {
    assertThatThrownBy(() -> checker.sweep(leader, follower, true, false))
        .isInstanceOf(Violation.class)
        .hasMessage("replica-0 (leader): idle, yet pods are still assumed [uid-d]");
  }
}
