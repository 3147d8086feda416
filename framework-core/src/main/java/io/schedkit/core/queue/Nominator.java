package io.schedkit.core.queue;

import io.schedkit.framework.NominatingInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PodNominator;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
 * <p>Design note: thread-safe; one private lock guards both maps, and no method calls out while
 * holding it. Pods are identified by UID ({@code namespace/name} for a pod without one).
 */
public final class Nominator implements PodNominator {
  private static final Comparator<PodInfo> HIGHEST_PRIORITY_FIRST =
      Comparator.comparingInt(PodInfo::priority).reversed();

  private final Object lock = new Object();
  private final Map<String, List<PodInfo>> podsByNode = new LinkedHashMap<>();
  private final Map<String, String> nodeByPod = new HashMap<>();

  /** An empty nominator. */
  public Nominator() {}

  @Override
  public List<PodInfo> nominatedPodsForNode(String nodeName) {
    List<PodInfo> copy;
    synchronized (lock) {
      List<PodInfo> pods = podsByNode.get(nodeName);
      if (pods == null) {
        return List.of();
      }
      copy = new ArrayList<>(pods);
    }
    copy.sort(HIGHEST_PRIORITY_FIRST);
    return copy;
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
    podsByNode.computeIfAbsent(node, n -> new ArrayList<>()).add(pod);
  }

  private void deleteLocked(Pod pod) {
    String key = keyOf(pod);
    String node = nodeByPod.remove(key);
    if (node == null) {
      return;
    }
    List<PodInfo> pods = podsByNode.get(node);
    if (pods == null) {
      return;
    }
    pods.removeIf(p -> keyOf(p.pod()).equals(key));
    if (pods.isEmpty()) {
      podsByNode.remove(node);
    }
  }

  static String keyOf(Pod pod) {
    return pod.uid().isEmpty() ? pod.key() : pod.uid();
  }
}
