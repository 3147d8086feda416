package io.schedkit.framework;

import java.util.List;
import java.util.Optional;

/**
 * The nodes of the scheduling snapshot: frozen for the duration of a scheduling cycle, in
 * kube-scheduler's order (round-robin over zones). Obtained from {@link
 * FrameworkHandle#snapshot()}; valid inside the scheduling cycle only, not in the binding cycle,
 * queueing hints or PreEnqueue.
 */
public interface NodeInfoLister {
  /** Every node, in snapshot order. */
  List<NodeInfo> list();

  /** The node named {@code nodeName}. */
  Optional<NodeInfo> get(String nodeName);

  /** The nodes that run at least one pod with pod affinity or anti-affinity. */
  List<NodeInfo> havePodsWithAffinity();

  /** The nodes that run at least one pod with required pod anti-affinity. */
  List<NodeInfo> havePodsWithRequiredAntiAffinity();

  /** The number of nodes that report image {@code imageName} (exact name). */
  int imageNodeCount(String imageName);

  /** The number of nodes. */
  default int size() {
    return list().size();
  }
}
