package io.schedkit.testing;

import io.schedkit.framework.NominatingInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PodNominator;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A simple thread-safe {@link PodNominator} for plugin tests: node → nominated pods, highest
 * priority first. Overriding nominations replace, an empty node clears, NOOP keeps an existing
 * nomination (else uses {@code status.nominatedNodeName}).
 */
public final class FakeNominator implements PodNominator {
  private final Map<String, String> nodeByPod = new LinkedHashMap<>();
  private final Map<String, PodInfo> pods = new LinkedHashMap<>();

  /** An empty nominator. */
  public FakeNominator() {}

  @Override
  public synchronized List<PodInfo> nominatedPodsForNode(String nodeName) {
    List<PodInfo> out = new ArrayList<>();
    nodeByPod.forEach(
        (uid, node) -> {
          if (node.equals(nodeName)) {
            out.add(pods.get(uid));
          }
        });
    out.sort(Comparator.comparingInt(PodInfo::priority).reversed());
    return out;
  }

  @Override
  public synchronized Optional<String> nominatedNodeName(Pod pod) {
    return Optional.ofNullable(nodeByPod.get(pod.uid()));
  }

  @Override
  public synchronized void addNominatedPod(PodInfo pod, NominatingInfo info) {
    String node;
    if (info != null && info.overrides()) {
      node = info.nominatedNodeName();
    } else {
      node = nodeByPod.getOrDefault(pod.uid(), pod.pod().status().nominatedNodeName());
    }
    nodeByPod.remove(pod.uid());
    pods.remove(pod.uid());
    if (node.isEmpty() || !pod.pod().nodeName().isEmpty()) {
      return;
    }
    nodeByPod.put(pod.uid(), node);
    pods.put(pod.uid(), pod);
  }

  @Override
  public synchronized void deleteNominatedPodIfExists(Pod pod) {
    nodeByPod.remove(pod.uid());
    pods.remove(pod.uid());
  }
}
