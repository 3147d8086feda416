package io.schedkit.chaos;

import io.schedkit.core.Scheduler;
import io.schedkit.core.cache.SchedulerCache;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The scheduler's cache and snapshot compared with NodeInfos rebuilt from scratch from the
 * cluster's objects: every node, with its bound pods and the assumed pods placed on it, aggregated
 * anew. Every aggregate a plugin reads is compared: the node object, the pods (by UID, as objects),
 * requested and non-zero requested resources, allocatable, host ports, image sizes, the pods with
 * affinity and with required anti-affinity, and the affinity term counts and weights; for the
 * snapshot also its node set and its two affinity lists.
 */
final class RebuildComparison {
  private final Map<String, NodeInfo> rebuilt = new LinkedHashMap<>();

  /**
   * Rebuilds from {@code nodes}, {@code pods} (those bound are placed on their node) and {@code
   * assumed} (placed on their {@code spec.nodeName}); pods on a node not in {@code nodes} are left
   * out, as a snapshot leaves out nodes known only from their pods. {@code podInfo} turns a pod
   * into its PodInfo (a run may compute each pod's once).
   */
  RebuildComparison(
      Collection<Node> nodes,
      Collection<Pod> pods,
      Collection<Pod> assumed,
      Function<Pod, PodInfo> podInfo) {
    for (Node n : nodes) {
      rebuilt.put(n.name(), NodeInfo.of(n));
    }
    for (Pod p : pods) {
      if (p.isAssigned()) {
        place(p, podInfo);
      }
    }
    for (Pod p : assumed) {
      place(p, podInfo);
    }
  }

  private void place(Pod p, Function<Pod, PodInfo> podInfo) {
    NodeInfo n = rebuilt.get(p.nodeName());
    if (n != null) {
      n.addPod(podInfo.apply(p));
    }
  }

  /** The differences between the cache's nodes (ghosts aside) and the rebuild. */
  List<String> compareCache(SchedulerCache.Dump cache) {
    List<String> out = new ArrayList<>();
    Map<String, NodeInfo> known = new HashMap<>();
    cache
        .nodes()
        .forEach(
            (name, info) -> {
              if (info.node() != null) {
                known.put(name, info);
              }
            });
    compareNodes("cache", known, out);
    return out;
  }

  /** The differences between the snapshot and the rebuild. */
  List<String> compareSnapshot(Scheduler.SnapshotDump snapshot) {
    List<String> out = new ArrayList<>();
    Map<String, NodeInfo> byName = new HashMap<>();
    for (NodeInfo n : snapshot.nodes()) {
      if (byName.put(n.name(), n) != null) {
        out.add("snapshot: node " + n.name() + " listed twice");
      }
    }
    compareNodes("snapshot", byName, out);
    Set<String> withAffinity = new TreeSet<>();
    Set<String> withAntiAffinity = new TreeSet<>();
    rebuilt.forEach(
        (name, info) -> {
          if (!info.podsWithAffinity().isEmpty()) {
            withAffinity.add(name);
          }
          if (!info.podsWithRequiredAntiAffinity().isEmpty()) {
            withAntiAffinity.add(name);
          }
        });
    same(
        "snapshot: nodes with pods with affinity",
        withAffinity,
        new TreeSet<>(snapshot.havePodsWithAffinity()),
        out);
    same(
        "snapshot: nodes with pods with required anti-affinity",
        withAntiAffinity,
        new TreeSet<>(snapshot.havePodsWithRequiredAntiAffinity()),
        out);
    if (snapshot.havePodsWithAffinity().size() != withAffinity.size()
        || snapshot.havePodsWithRequiredAntiAffinity().size() != withAntiAffinity.size()) {
      out.add("snapshot: a node is listed twice in an affinity list");
    }
    return out;
  }

  private void compareNodes(String what, Map<String, NodeInfo> actual, List<String> out) {
    same(what + ": nodes", new TreeSet<>(rebuilt.keySet()), new TreeSet<>(actual.keySet()), out);
    for (Map.Entry<String, NodeInfo> e : rebuilt.entrySet()) {
      NodeInfo have = actual.get(e.getKey());
      if (have != null) {
        compareNode(what + ": node " + e.getKey(), e.getValue(), have, out);
      }
    }
  }

  private static void compareNode(String where, NodeInfo want, NodeInfo have, List<String> out) {
    if (!Objects.equals(want.node(), have.node())) {
      out.add(where + ": node object differs (a stale version)");
    }
    Map<String, Pod> wantPods = pods(want.pods());
    Map<String, Pod> havePods = pods(have.pods());
    same(where + ": pods", new TreeSet<>(wantPods.keySet()), new TreeSet<>(havePods.keySet()), out);
    wantPods.forEach(
        (uid, p) -> {
          Pod h = havePods.get(uid);
          if (h != null && !p.equals(h)) {
            out.add(where + ": pod " + p.key() + " is a different version");
          }
        });
    if (want.pods().size() != have.pods().size()) {
      out.add(where + ": " + have.pods().size() + " pods, " + want.pods().size() + " expected");
    }
    field(where, "requested", want.requested(), have.requested(), out);
    field(where, "nonZeroRequested", want.nonZeroRequested(), have.nonZeroRequested(), out);
    field(where, "allocatable", want.allocatable(), have.allocatable(), out);
    field(where, "usedPorts", want.usedPorts(), have.usedPorts(), out);
    field(where, "imageSizes", want.imageSizes(), have.imageSizes(), out);
    same(
        where + ": podsWithAffinity",
        pods(want.podsWithAffinity()).keySet(),
        pods(have.podsWithAffinity()).keySet(),
        out);
    same(
        where + ": podsWithRequiredAntiAffinity",
        pods(want.podsWithRequiredAntiAffinity()).keySet(),
        pods(have.podsWithRequiredAntiAffinity()).keySet(),
        out);
    field(
        where,
        "requiredAffinityTermCounts",
        want.requiredAffinityTermCounts(),
        have.requiredAffinityTermCounts(),
        out);
    field(
        where,
        "requiredAntiAffinityTermCounts",
        want.requiredAntiAffinityTermCounts(),
        have.requiredAntiAffinityTermCounts(),
        out);
    field(
        where,
        "preferredAffinityTermWeights",
        want.preferredAffinityTermWeights(),
        have.preferredAffinityTermWeights(),
        out);
    field(
        where,
        "preferredAntiAffinityTermWeights",
        want.preferredAntiAffinityTermWeights(),
        have.preferredAntiAffinityTermWeights(),
        out);
  }

  private static Map<String, Pod> pods(List<PodInfo> infos) {
    Map<String, Pod> out = new HashMap<>();
    for (PodInfo p : infos) {
      out.put(p.pod().uid(), p.pod());
    }
    return out;
  }

  private static void field(String where, String name, Object want, Object have, List<String> out) {
    if (!Objects.equals(want, have)) {
      out.add(where + ": " + name + " " + have + ", rebuilt " + want);
    }
  }

  private static void same(String what, Set<String> want, Set<String> have, List<String> out) {
    if (!want.equals(have)) {
      Set<String> extra = new TreeSet<>(have);
      extra.removeAll(want);
      Set<String> missing = new TreeSet<>(want);
      missing.removeAll(have);
      out.add(what + " differ: extra " + limit(extra) + ", missing " + limit(missing));
    }
  }

  private static String limit(Set<String> s) {
    return s.size() <= 10
        ? s.toString()
        : s.stream().limit(10).toList() + " and " + (s.size() - 10) + " more";
  }
}
