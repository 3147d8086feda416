package io.schedkit.chaos;

import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Resource;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The cluster as the chaos run's checker follows it from the watch: every node and pod, and per
 * node the running sums of its bound pods' requests, kept up to date event by event, with the nodes
 * and pods each event touched since the checker last asked. Checking only what changed is what lets
 * the invariants be checked after every event.
 */
final class ClusterLedger {
  /** The bound pods of one node and the sums of their requests. */
  static final class NodeSums {
    final Set<String> uids = new LinkedHashSet<>();
    long milliCpu;
    long memory;
  }

  private static final NodeSums NONE = new NodeSums();

  private final Map<String, Node> nodes = new HashMap<>();
  private final Map<String, Pod> pods = new HashMap<>();
  private final Map<String, String> uidsByKey = new HashMap<>();
  private final Map<String, Resource> requests = new HashMap<>();
  private final Map<String, NodeSums> sums = new HashMap<>();
  private Set<String> touchedNodes = new LinkedHashSet<>();
  private Set<String> touchedPods = new LinkedHashSet<>();

  /** Follows one watch event. */
  void apply(WatchEvent e) {
    if (e.object() instanceof Node n) {
      if (e.type() == WatchEvent.Type.DELETED) {
        nodes.remove(n.name());
      } else {
        nodes.put(n.name(), n);
      }
      touchedNodes.add(n.name());
    } else if (e.object() instanceof Pod p) {
      Pod old = pods.get(p.uid());
      if (old != null && old.isAssigned()) {
        unbind(old);
      }
      if (e.type() == WatchEvent.Type.DELETED) {
        pods.remove(p.uid());
      } else {
        pods.put(p.uid(), p);
        uidsByKey.put(p.key(), p.uid());
        if (p.isAssigned()) {
          NodeSums s = sums.computeIfAbsent(p.nodeName(), k -> new NodeSums());
          Resource r = requests(p);
          s.uids.add(p.uid());
          s.milliCpu += r.milliCpu();
          s.memory += r.memory();
          touchedNodes.add(p.nodeName());
        }
      }
      touchedPods.add(p.uid());
    }
  }

  private void unbind(Pod old) {
    NodeSums s = sums.get(old.nodeName());
    if (s != null && s.uids.remove(old.uid())) {
      Resource r = requests(old);
      s.milliCpu -= r.milliCpu();
      s.memory -= r.memory();
      if (s.uids.isEmpty()) {
        sums.remove(old.nodeName());
      }
    }
    touchedNodes.add(old.nodeName());
  }

  /**
   * A pod's requests, computed once per pod: the run never changes a pod's containers, so every
   * version of a pod requests the same.
   */
  Resource requests(Pod p) {
    return requests.computeIfAbsent(p.uid(), uid -> PodInfo.of(p).requests());
  }

  /** The node named {@code name}, or null once deleted (or never seen). */
  Node node(String name) {
    return nodes.get(name);
  }

  /** The pod with {@code uid}, or null once deleted (or never seen). */
  Pod pod(String uid) {
    return pods.get(uid);
  }

  /** The UID of the pod {@code namespace/name}, or null if never seen. */
  String uid(String podKey) {
    return uidsByKey.get(podKey);
  }

  /** The bound pods of node {@code name} and their sums (empty if none). */
  NodeSums sums(String name) {
    return sums.getOrDefault(name, NONE);
  }

  /** How many nodes and pods the cluster has, as followed. */
  String size() {
    return nodes.size() + " nodes, " + pods.size() + " pods";
  }

  /** The nodes touched since the last call, which forgets them. */
  Set<String> takeTouchedNodes() {
    Set<String> out = touchedNodes;
    touchedNodes = new LinkedHashSet<>();
    return out;
  }

  /** The pods (UIDs) touched since the last call, which forgets them. */
  Set<String> takeTouchedPods() {
    Set<String> out = touchedPods;
    touchedPods = new LinkedHashSet<>();
    return out;
  }
}
