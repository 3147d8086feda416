package io.schedkit.framework;

import io.schedkit.framework.model.Pod;
import java.util.List;
import java.util.Optional;

/**
 * The record of which pending pods are nominated to which nodes: pods that preemption made room
 * for, or that the host reported with {@code status.nominatedNodeName}. Filtering counts nominated
 * pods of equal or higher priority as if they already ran on their node. Thread-safe.
 */
public interface PodNominator {
  /**
   * The pods nominated to {@code nodeName}, highest priority first.
   *
   * @param nodeName the node's name
   * @return the nominated pods; empty if there are none
   */
  List<PodInfo> nominatedPodsForNode(String nodeName);

  /**
   * Whether no pod is nominated to any node, so that filtering need not look for nominated pods
   * node by node. Answering false is always safe (this default does).
   *
   * @return true only if no pod is nominated anywhere
   */
  default boolean isEmpty() {
    return false;
  }

  /**
   * The node {@code pod} is nominated to, if any.
   *
   * @param pod the pod
   * @return the node's name, or empty if the pod is not nominated
   */
  Optional<String> nominatedNodeName(Pod pod);

  /**
   * Records a nomination; an overriding nomination with an empty node clears it.
   *
   * @param pod the nominated pod
   * @param info the nomination
   */
  void addNominatedPod(PodInfo pod, NominatingInfo info);

  /**
   * Removes any nomination of {@code pod}.
   *
   * @param pod the pod; nothing happens if it is not nominated
   */
  void deleteNominatedPodIfExists(Pod pod);
}
