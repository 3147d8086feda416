package io.schedkit.chaos;

import io.schedkit.core.ScheduleResult;
import io.schedkit.core.Scheduler;
import io.schedkit.core.cache.SchedulerCache;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Resource;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The chaos run's invariants, checked on the caches and queues of a leader and an optional follower
 * ({@link ReplicaState}) against the cluster: no pod bound to a missing node; no node over its
 * allocatable (cpu, memory, pods) counting bound and assumed pods; each replica's cache holding,
 * per node, the node's current version and exactly its bound and assumed pods with their summed
 * requests; every pod bound, queued (with a reason once tried), assumed, or deleted, and only one
 * of these; a follower assumes nothing; once idle, nothing assumed.
 *
 * <p>{@link #checkTouched} checks what changed since the last check: the nodes and pods the {@link
 * ClusterLedger} saw change, those the leader's scheduling cycles {@linkplain #tried tried}, and
 * those assumed now or at the last check, each against the ledger. {@link #sweep} checks every node
 * and pod of the cluster (also catching a pod queued twice, or lost with no event touching it) and
 * can compare each cache and snapshot with a rebuild from the cluster ({@link RebuildComparison}).
 *
 * <p>A broken invariant goes to the {@code violations} callback, which is expected to throw: the
 * checks do not go on past a violation.
 */
final class InvariantChecker {
  private final InMemoryCluster cluster;
  private final ClusterLedger ledger;
  private final Consumer<String> violations;
  private final Map<String, PodInfo> podInfos = new HashMap<>();
  // What the leader's scheduling cycles touched since the last check: pod keys and node names.
  private final Set<String> triedPods = new LinkedHashSet<>();
  private final Set<String> triedNodes = new LinkedHashSet<>();
  // The pods each replica had assumed at the last check: by replica identity, then by UID.
  private final Map<String, Map<String, Pod>> lastAssumed = new HashMap<>();
  private long checks;

  /**
   * Checks against {@code cluster} and {@code ledger}, which must follow the cluster's watch.
   *
   * @param violations takes the invariant broken and throws
   */
  InvariantChecker(InMemoryCluster cluster, ClusterLedger ledger, Consumer<String> violations) {
    this.cluster = cluster;
    this.ledger = ledger;
    this.violations = violations;
  }

  /** How many checks were made: one per {@link #checkTouched} and one per {@link #sweep}. */
  long checks() {
    return checks;
  }

  /** Notes a scheduling cycle of the leader: its pod and chosen or nominated node are touched. */
  void tried(ScheduleResult cycle) {
    triedPods.add(cycle.podKey());
    if (!cycle.nodeName().isEmpty()) {
      triedNodes.add(cycle.nodeName());
    }
  }

  private void violation(String invariant) {
    violations.accept(invariant);
  }

  /**
   * The check after an event: what the event touched, on each replica ({@code follower} is null
   * without one). The nodes are those whose objects or bound pods changed, those where the leader's
   * cycles placed or nominated a pod, and those of the pods assumed now or at the last check; each
   * is compared with the ledger's running sums (cache pods, requests, node version, allocatable).
   * The pods are those that changed, those the leader tried and those assumed now or before; each
   * must be bound, queued (with its reason once tried), assumed, or deleted, and only one of these.
   */
  void checkTouched(ReplicaState leader, ReplicaState follower) {
    checks++;
    forgetReplicasOtherThan(leader, follower);
    Set<String> nodeNames = ledger.takeTouchedNodes();
    nodeNames.addAll(triedNodes);
    Set<String> podUids = ledger.takeTouchedPods();
    for (String key : triedPods) {
      String uid = ledger.uid(key);
      if (uid != null) {
        podUids.add(uid);
      }
    }
    triedPods.clear();
    triedNodes.clear();
    checkTouched(leader, true, nodeNames, podUids);
    if (follower != null) {
      checkTouched(follower, false, nodeNames, podUids);
    }
  }

  /** Forgets the assumed pods of a replica no longer checked (one replaced at a leader change). */
  private void forgetReplicasOtherThan(ReplicaState leader, ReplicaState follower) {
    lastAssumed
        .keySet()
        .removeIf(
            identity ->
                !identity.equals(leader.identity())
                    && (follower == null || !identity.equals(follower.identity())));
  }

  private void checkTouched(
      ReplicaState r, boolean leads, Set<String> touchedNodes, Set<String> uids) {
    String who = r.identity() + (leads ? " (leader)" : " (follower)");
    Set<String> nodeNames = new LinkedHashSet<>(touchedNodes);
    Set<String> podUids = new LinkedHashSet<>(uids);
    for (Pod a : lastAssumed.getOrDefault(r.identity(), Map.of()).values()) {
      nodeNames.add(a.nodeName());
      podUids.add(a.uid());
    }
    SchedulerCache.Dump dump = r.cacheDump(nodeNames);
    Map<String, Pod> assumed = dump.assumedPods();
    boolean moreNodes = false;
    for (Pod a : assumed.values()) {
      podUids.add(a.uid());
      moreNodes |= nodeNames.add(a.nodeName());
    }
    if (moreNodes) {
      dump = r.cacheDump(nodeNames);
    }
    lastAssumed.put(r.identity(), assumed);
    if (!leads && !assumed.isEmpty()) {
      violation(who + ": a follower has assumed pods " + assumed.keySet());
    }
    Map<String, List<Pod>> assumedByNode = new HashMap<>();
    for (Pod a : assumed.values()) {
      assumedByNode.computeIfAbsent(a.nodeName(), k -> new ArrayList<>()).add(a);
    }
    for (String name : nodeNames) {
      checkNode(who, name, dump.nodes().get(name), assumedByNode.getOrDefault(name, List.of()));
    }
    for (String uid : podUids) {
      checkPod(who, r, uid, assumed);
    }
  }

  /** One node of a replica's cache against the ledger's sums and the assumed pods on it. */
  private void checkNode(String who, String name, NodeInfo cached, List<Pod> assumedHere) {
    Node node = ledger.node(name);
    ClusterLedger.NodeSums bound = ledger.sums(name);
    if (node == null && !bound.uids.isEmpty()) {
      violation("pods " + bound.uids + " are bound to missing node " + name);
    }
    Set<String> expected = new HashSet<>(bound.uids);
    long cpu = bound.milliCpu;
    long memory = bound.memory;
    for (Pod a : assumedHere) {
      expected.add(a.uid());
      cpu += ledger.requests(a).milliCpu();
      memory += ledger.requests(a).memory();
    }
    if (cached == null) {
      if (node != null || !expected.isEmpty()) {
        violation(who + ": the cache has no node " + name + " (" + ledger.size() + ")");
      }
      return;
    }
    if (!Objects.equals(node, cached.node())) {
      violation(
          who
              + ": cache holds "
              + (node == null ? "removed node " : "a stale version of node ")
              + name);
    }
    Resource allocatable = node == null ? null : NodeInfo.of(node).allocatable();
    checkCachedNode(who, name, cached, expected, expected.size(), cpu, memory, allocatable);
  }

  /**
   * A cached node against the pods it should hold ({@code expected}, by UID; {@code count} of them)
   * and their summed requests: the same pods, the same requests, and, for a node the cluster has
   * ({@code allocatable} not null), no more than it allocates.
   */
  private void checkCachedNode(
      String who,
      String name,
      NodeInfo cached,
      Set<String> expected,
      int count,
      long cpu,
      long memory,
      Resource allocatable) {
    Set<String> cachedUids = new HashSet<>();
    for (PodInfo p : cached.pods()) {
      cachedUids.add(p.pod().uid());
    }
    if (!cachedUids.equals(expected) || cached.pods().size() != count) {
      violation(
          who
              + ": node "
              + name
              + ": cached pods differ: extra "
              + difference(cachedUids, expected)
              + ", missing "
              + difference(expected, cachedUids));
    }
    if (cached.requested().milliCpu() != cpu || cached.requested().memory() != memory) {
      violation(
          who
              + ": node "
              + name
              + ": cached requests "
              + cached.requested()
              + " differ from the pods' (cpu "
              + cpu
              + "m, memory "
              + memory
              + ")");
    }
    if (allocatable != null
        && (cpu > allocatable.milliCpu()
            || memory > allocatable.memory()
            || count > allocatable.pods())) {
      violation(
          "node "
              + name
              + " is over its allocatable "
              + allocatable
              + ": bound and assumed pods request cpu "
              + cpu
              + "m, memory "
              + memory
              + " in "
              + count
              + " pods");
    }
  }

  /** One pod: bound, queued (with its reason once tried), assumed, or deleted; only one. */
  private void checkPod(String who, ReplicaState r, String uid, Map<String, Pod> assumed) {
    Pod p = ledger.pod(uid);
    Optional<Scheduler.PendingPod> queued = r.whyPending(uid);
    boolean isAssumed = assumed.containsKey(uid);
    String key = p != null ? p.key() : isAssumed ? assumed.get(uid).key() : uid;
    if (p == null) {
      // A deleted pod may stay assumed until its binding cycle fails (then it is forgotten).
      if (queued.isPresent()) {
        violation(who + ": deleted pod " + key + " is still queued");
      }
    } else if (p.isAssigned()) {
      if (queued.isPresent()) {
        violation(who + ": pod " + key + " is bound to " + p.nodeName() + " and queued");
      }
      if (isAssumed) {
        violation(
            who
                + ": pod "
                + key
                + " is bound in the cluster to "
                + p.nodeName()
                + " and still assumed (on "
                + assumed.get(uid).nodeName()
                + ")");
      }
    } else if (queued.isPresent() && isAssumed) {
      violation(who + ": pod " + key + " is both assumed and queued");
    } else if (queued.isEmpty() && !isAssumed) {
      violation(who + ": pod " + key + " is lost: not bound, queued nor assumed");
    } else if (queued.isPresent()) {
      Scheduler.PendingPod q = queued.get();
      if (q.attempts() > 0 && q.message().isEmpty() && q.rejectedBy().isEmpty()) {
        violation(
            who + ": pod " + key + " queued after " + q.attempts() + " attempts without a reason");
      }
    }
  }

  /**
   * The full sweep: every node and pod of the cluster against each replica's cache and queue
   * ({@code follower} is null without one); with {@code idle}, no pod may be assumed; with {@code
   * rebuild} (on an idle state), also each replica's cache and snapshot against a rebuild from the
   * cluster.
   */
  void sweep(ReplicaState leader, ReplicaState follower, boolean idle, boolean rebuild) {
    checks++;
    forgetReplicasOtherThan(leader, follower);
    ledger.takeTouchedNodes();
    ledger.takeTouchedPods();
    triedPods.clear();
    triedNodes.clear();
    List<Pod> pods = cluster.pods();
    Map<String, Node> clusterNodes = new TreeMap<>();
    for (Node n : cluster.nodes()) {
      clusterNodes.put(n.name(), n);
    }
    Map<String, Pod> clusterPods = new HashMap<>();
    Map<String, List<PodInfo>> boundPods = new HashMap<>();
    for (Pod p : pods) {
      clusterPods.put(p.uid(), p);
      if (p.isAssigned()) {
        if (!clusterNodes.containsKey(p.nodeName())) {
          violation("pod " + p.key() + " is bound to missing node " + p.nodeName());
        }
        boundPods.computeIfAbsent(p.nodeName(), k -> new ArrayList<>()).add(info(p));
      }
    }
    checkReplica(leader, true, idle, clusterNodes, clusterPods, boundPods);
    if (follower != null) {
      checkReplica(follower, false, idle, clusterNodes, clusterPods, boundPods);
    }
    if (rebuild) {
      // Idle: nothing is assumed (checked above), so the rebuild holds the cluster's bound pods.
      RebuildComparison fresh =
          new RebuildComparison(clusterNodes.values(), pods, List.of(), this::info);
      compareWithRebuild(leader, true, fresh);
      if (follower != null) {
        compareWithRebuild(follower, false, fresh);
      }
    }
  }

  private void compareWithRebuild(ReplicaState r, boolean leads, RebuildComparison fresh) {
    List<String> differences = new ArrayList<>(fresh.compareCache(r.cacheDump()));
    differences.addAll(fresh.compareSnapshot(r.snapshotDump()));
    if (!differences.isEmpty()) {
      violation(
          r.identity()
              + (leads ? " (leader)" : " (follower)")
              + ": cache or snapshot differs from a rebuild from the cluster: "
              + differences.subList(0, Math.min(10, differences.size())));
    }
  }

  private void checkReplica(
      ReplicaState r,
      boolean leads,
      boolean idle,
      Map<String, Node> clusterNodes,
      Map<String, Pod> clusterPods,
      Map<String, List<PodInfo>> boundPods) {
    String who = r.identity() + (leads ? " (leader)" : " (follower)");
    SchedulerCache.Dump dump = r.cacheDump();
    Map<String, Pod> assumed = dump.assumedPods();
    lastAssumed.put(r.identity(), assumed);
    if (!leads && !assumed.isEmpty()) {
      violation(who + ": a follower has assumed pods " + assumed.keySet());
    }
    if (idle && !assumed.isEmpty()) {
      violation(who + ": idle, yet pods are still assumed " + assumed.keySet());
    }

    // The pods the cache should hold: bound in the cluster, or assumed (bind pending).
    Map<String, List<PodInfo>> expectedPods = new HashMap<>(boundPods);
    for (Map.Entry<String, Pod> e : assumed.entrySet()) {
      Pod a = e.getValue();
      Pod inCluster = clusterPods.get(a.uid());
      if (inCluster != null && inCluster.isAssigned()) {
        violation(
            who
                + ": pod "
                + a.key()
                + " is bound in the cluster to "
                + inCluster.nodeName()
                + " and still assumed (on "
                + a.nodeName()
                + ")");
      }
      List<PodInfo> onNode = new ArrayList<>(expectedPods.getOrDefault(a.nodeName(), List.of()));
      onNode.add(info(a));
      expectedPods.put(a.nodeName(), onNode);
    }

    // Cache = a rebuild from the cluster plus the assumed pods; no node over its allocatable.
    Set<String> expectedNodes = new TreeSet<>(clusterNodes.keySet());
    expectedNodes.addAll(expectedPods.keySet());
    if (!dump.nodes().keySet().equals(expectedNodes)) {
      violation(
          who
              + ": cache nodes differ from the cluster's: extra "
              + difference(dump.nodes().keySet(), expectedNodes)
              + ", missing "
              + difference(expectedNodes, dump.nodes().keySet()));
    }
    for (String name : expectedNodes) {
      NodeInfo cached = dump.nodes().get(name);
      Node node = clusterNodes.get(name);
      List<PodInfo> expected = expectedPods.getOrDefault(name, List.of());
      if (node != null && !node.equals(cached.node())) {
        violation(who + ": cache holds a stale version of node " + name);
      }
      long cpu = 0;
      long memory = 0;
      for (PodInfo p : expected) {
        cpu += p.requests().milliCpu();
        memory += p.requests().memory();
      }
      Resource allocatable = node == null ? null : cached.allocatable();
      checkCachedNode(who, name, cached, uids(expected), expected.size(), cpu, memory, allocatable);
    }
    // Every pod bound, queued (with its reason once tried), assumed, or deleted.
    Map<String, Scheduler.PendingPod> queued = new HashMap<>();
    for (Scheduler.PendingPod q : r.pendingPods()) {
      if (queued.put(q.uid(), q) != null) {
        violation(who + ": pod " + q.podKey() + " queued twice");
      }
      Pod p = clusterPods.get(q.uid());
      if (p == null) {
        violation(who + ": deleted pod " + q.podKey() + " is still queued");
      } else if (p.isAssigned()) {
        violation(who + ": pod " + q.podKey() + " is bound to " + p.nodeName() + " and queued");
      }
      if (assumed.containsKey(q.uid())) {
        violation(who + ": pod " + q.podKey() + " is both assumed and queued");
      }
      if (q.attempts() > 0 && q.message().isEmpty() && q.rejectedBy().isEmpty()) {
        violation(
            who
                + ": pod "
                + q.podKey()
                + " queued after "
                + q.attempts()
                + " attempts without a reason");
      }
    }
    for (Pod p : clusterPods.values()) {
      if (!p.isAssigned() && !queued.containsKey(p.uid()) && !assumed.containsKey(p.uid())) {
        violation(who + ": pod " + p.key() + " is lost: not bound, queued nor assumed");
      }
    }
  }

  /** The PodInfo of {@code p}, computed again only when the pod is another version. */
  private PodInfo info(Pod p) {
    PodInfo i = podInfos.get(p.uid());
    if (i == null || i.pod() != p) {
      i = PodInfo.of(p);
      podInfos.put(p.uid(), i);
    }
    return i;
  }

  private static Set<String> uids(List<PodInfo> pods) {
    Set<String> out = new TreeSet<>();
    for (PodInfo p : pods) {
      out.add(p.pod().uid());
    }
    return out;
  }

  private static Set<String> difference(Set<String> a, Set<String> b) {
    Set<String> out = new TreeSet<>(a);
    out.removeAll(b);
    return out;
  }
}
