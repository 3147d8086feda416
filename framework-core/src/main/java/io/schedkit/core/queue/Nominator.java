package io.schedkit.core.queue;

import io.schedkit.core.runtime.NodeNominations;
import io.schedkit.core.runtime.VersionedNominator;
import io.schedkit.framework.NominatingInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The scheduler's record of pending pods nominated to nodes (kube-scheduler's {@code nominator}):
 * node → nominated pods and pod → node, kept apart from the pods' {@code status.nominatedNodeName}
 * because the scheduler nominates before the host has written the status.
 *
 * <ul>
 *   <li>{@link #addNominatedPod}: an overriding nomination sets the node, or clears it when empty;
 *       a no-op nomination (or none) keeps the pod's current nomination, and otherwise takes {@code
 *       status.nominatedNodeName}. A pod that already has {@code spec.nodeName} is never nominated.
 *   <li>{@link #updateNominatedPod}: on a pod update the nomination follows the pod's {@code
 *       status.nominatedNodeName} when the update adds, changes or removes it, and is kept as is
 *       when neither version has one (the host has not caught up with the scheduler yet).
 *   <li>{@link #nominatedPodsForNode} lists a node's pods highest priority first, equal priorities
 *       in nomination order.
 * </ul>
 *
 * <p>Design note: thread-safe; one private lock serialises the writers, and no method calls out
 * while holding it. Pods are identified by UID ({@code namespace/name} for a pod without one).
 * {@link #nominatedPodsForNode} runs once per node per Filter call, from the Filter workers, so it
 * takes no lock: each node's pods are an immutable {@link NodeNominations}, already in priority
 * order, replaced as a whole under the lock and published through a concurrent map. Every
 * replacement also advances {@link #version()} and is logged by node name, so a reader that keeps
 * the nominations by node position ({@code NominationIndex}) re-reads only the nodes that changed
 * ({@link #changesSince}).
 */
public final class Nominator implements VersionedNominator {
  private static final Comparator<PodInfo> HIGHEST_PRIORITY_FIRST =
      Comparator.comparingInt(PodInfo::priority).reversed();

  private final Object lock = new Object();
  private final Map<String, NodeNominations> podsByNode = new ConcurrentHashMap<>();

  /** {@code podsByNode.size()}, readable without touching the map (the common answer is 0). */
  private volatile int nominatedNodes;

  /** How many node replacements the log holds. */
  private static final int LOG = 1024;

  /** The nodes whose nominations changed, by version modulo {@link #LOG}; under the lock. */
  private final String[] changeLog = new String[LOG];

  /** The number of node replacements so far; written under the lock, after the map. */
  private volatile long version;

  private final Map<String, String> nodeByPod = new HashMap<>();

  /** An empty nominator. */
  public Nominator() {}

  @Override
  public List<PodInfo> nominatedPodsForNode(String nodeName) {
    if (nominatedNodes == 0) {
      return List.of();
    }
    NodeNominations pods = podsByNode.get(nodeName);
    return pods == null ? List.of() : pods.pods();
  }

  @Override
  public NodeNominations nominationsOf(String nodeName) {
    return nominatedNodes == 0 ? null : podsByNode.get(nodeName);
  }

  @Override
  public long version() {
    return version;
  }

  @Override
  public Changes changesSince(long since) {
    synchronized (lock) {
      long now = version;
      if (since < 0 || since > now || now - since > LOG) {
        return null;
      }
      String[] nodes = new String[(int) (now - since)];
      for (int i = 0; i < nodes.length; i++) {
        nodes[i] = changeLog[(int) ((since + 1 + i) % LOG)];
      }
      return new Changes(now, List.of(nodes));
    }
  }

  @Override
  public AllNominations allNominations() {
    synchronized (lock) {
      return new AllNominations(version, Map.copyOf(podsByNode));
    }
  }

  @Override
  public boolean isEmpty() {
    return nominatedNodes == 0;
  }

  @Override
  public Optional<String> nominatedNodeName(Pod pod) {
    synchronized (lock) {
      return Optional.ofNullable(nodeByPod.get(keyOf(pod)));
    }
  }

  /**
   * Records a nomination of {@code pod}; {@code info} may be null, which means a no-op nomination
   * (keep the current one, else take {@code status.nominatedNodeName}).
   */
  @Override
  public void addNominatedPod(PodInfo pod, NominatingInfo info) {
    synchronized (lock) {
      String current = nodeByPod.get(keyOf(pod.pod()));
      String node;
      if (info != null && info.overrides()) {
        node = info.nominatedNodeName();
      } else {
        node = current != null ? current : pod.pod().nominatedNodeName();
      }
      deleteLocked(pod.pod());
      putLocked(pod, node);
    }
  }

  /**
   * Follows an update of a pending pod: replaces the recorded pod with {@code newPod}, keeping the
   * nomination unless the update adds, changes or removes {@code status.nominatedNodeName}.
   */
  public void updateNominatedPod(Pod oldPod, PodInfo newPod) {
    synchronized (lock) {
      String node;
      if (oldPod.nominatedNodeName().isEmpty() && newPod.pod().nominatedNodeName().isEmpty()) {
        node = nodeByPod.get(keyOf(oldPod));
      } else {
        node = newPod.pod().nominatedNodeName();
      }
      deleteLocked(oldPod);
      deleteLocked(newPod.pod());
      putLocked(newPod, node);
    }
  }

  @Override
  public void deleteNominatedPodIfExists(Pod pod) {
    synchronized (lock) {
      deleteLocked(pod);
    }
  }

  /** The number of nominated pods (for diagnostics). */
  public int size() {
    synchronized (lock) {
      return nodeByPod.size();
    }
  }

  private void putLocked(PodInfo pod, String node) {
    if (node == null || node.isEmpty() || pod.pod().isAssigned()) {
      return;
    }
    nodeByPod.put(keyOf(pod.pod()), node);
    NodeNominations current = podsByNode.get(node);
    List<PodInfo> pods = new ArrayList<>(current == null ? List.of() : current.pods());
    pods.add(pod);
    // Stable: equal priorities stay in nomination order.
    pods.sort(HIGHEST_PRIORITY_FIRST);
    podsByNode.put(node, new NodeNominations(pods));
    changedLocked(node);
  }

  private void deleteLocked(Pod pod) {
    String key = keyOf(pod);
    String node = nodeByPod.remove(key);
    if (node == null) {
      return;
    }
    NodeNominations pods = podsByNode.get(node);
    if (pods == null) {
      return;
    }
    List<PodInfo> rest = new ArrayList<>(pods.pods());
    rest.removeIf(p -> keyOf(p.pod()).equals(key));
    if (rest.isEmpty()) {
      podsByNode.remove(node);
    } else {
      podsByNode.put(node, new NodeNominations(rest));
    }
    changedLocked(node);
  }

  private void changedLocked(String node) {
    nominatedNodes = podsByNode.size();
    long next = version + 1;
    changeLog[(int) (next % LOG)] = node;
    version = next;
  }

  static String keyOf(Pod pod) {
    return pod.uid().isEmpty() ? pod.key() : pod.uid();
  }
}
