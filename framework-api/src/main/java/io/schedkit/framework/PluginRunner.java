package io.schedkit.framework;

import java.util.List;

/**
 * Runs the profile's PreFilter extensions and Filter plugins on state the caller owns, so a
 * PostFilter plugin (preemption) can ask "would the pod fit on this node if these pods were gone?"
 * without touching the real cycle. Pass {@linkplain CycleState#copy() copied} state and {@linkplain
 * NodeInfo#copy() copied} nodes; the methods mutate what they are given.
 */
public interface PluginRunner {
  /**
   * Runs every PreFilter plugin's {@link PreFilterExtensions#addPod} (not skipped this cycle).
   *
   * @param state the copied cycle state to update
   * @param podToSchedule the pod being scheduled
   * @param podToAdd the pod to account for on {@code node}
   * @param node the copied node, to which the caller already added {@code podToAdd}
   * @return Success, or the first failing status
   */
  Status runPreFilterExtensionAddPod(
      CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo node);

  /**
   * Runs every PreFilter plugin's {@link PreFilterExtensions#removePod}.
   *
   * @param state the copied cycle state to update
   * @param podToSchedule the pod being scheduled
   * @param podToRemove the pod to stop accounting for on {@code node}
   * @param node the copied node, from which the caller already removed {@code podToRemove}
   * @return Success, or the first failing status
   */
  Status runPreFilterExtensionRemovePod(
      CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo node);

  /**
   * Runs the Filter plugins on {@code node}, stopping at the first rejection.
   *
   * @param state the cycle state
   * @param pod the pod being scheduled
   * @param node the node to check
   * @return Success if every plugin keeps the node, else the first rejection or error
   */
  Status runFilterPlugins(CycleState state, PodInfo pod, NodeInfo node);

  /**
   * Runs the Filter plugins as the scheduling cycle does: first with the nominated pods of equal or
   * higher priority added to the node, then, if any were added, without them; the node passes only
   * if both passes do.
   *
   * @param state the cycle state; the nominated pods are added to a copy of it
   * @param pod the pod being scheduled
   * @param node the node to check; the nominated pods are added to a copy of it
   * @return Success if both passes keep the node, else the first rejection or error
   */
  Status runFilterPluginsWithNominatedPods(CycleState state, PodInfo pod, NodeInfo node);

  /**
   * The Filter plugins that run in the cycle of {@code state}: the profile's, in order, less those
   * its PreFilter skipped. Lets a PostFilter plugin rely on what a Filter plugin it knows by name
   * would decide. An empty list means the runner does not tell (the default).
   *
   * @param state the cycle state
   * @return the plugin names, or an empty list
   */
  default List<String> filterPluginNames(CycleState state) {
    return List.of();
  }

  /**
   * Whether {@link #runPreFilterExtensionAddPod} and {@link #runPreFilterExtensionRemovePod} run
   * any extension in the cycle of {@code state} (a PreFilter plugin with extensions that its
   * PreFilter did not skip). When none runs, they leave the state as it is and, as Filter plugins
   * only read the state, a dry run may use the cycle's state itself instead of a copy. True (the
   * default) means the runner does not tell.
   *
   * @param state the cycle state
   * @return false only when no extension runs in this cycle
   */
  default boolean runsPreFilterExtensions(CycleState state) {
    return true;
  }

  /**
   * Whether every Filter plugin active in the cycle of {@code state} (those whose PreFilter did not
   * skip them) is a {@link io.schedkit.framework.fastpath.NodeLocalFilter}: its verdict on a node
   * depends on the pod's shape and that node alone. False (the default) means some is not, or the
   * runner does not tell.
   *
   * @param state the cycle state
   * @return true only when all the active Filter plugins are node-local
   */
  default boolean filtersAreNodeLocal(CycleState state) {
    return false;
  }

  /**
   * What the pods nominated to {@code node} that {@link #runFilterPluginsWithNominatedPods} adds
   * for {@code pod} (those of at least its priority, other than {@code pod} itself) request in
   * total. Preemption reads it for every node it considers, to skip the nodes where those pods
   * alone leave no room for the pod; a runner that keeps nominations by the snapshot's node
   * positions answers without a lookup by node name.
   *
   * @param pod the pod being scheduled
   * @param node the snapshot's node, or a copy of it
   * @return the total ({@link NominatedRequests#NONE} when no nominated pod counts), or null when
   *     the runner does not tell (the default): then read {@link PodNominator#nominatedPodsForNode}
   */
  default NominatedRequests nominatedRequests(PodInfo pod, NodeInfo node) {
    return null;
  }

  /**
   * {@link #nominatedRequests} for the node at {@code position} in the snapshot's node list,
   * answered without reading the node, when the runner keeps nominations by snapshot position.
   *
   * @param pod the pod being scheduled
   * @param position the node's position in {@link FrameworkHandle#snapshot()}'s list
   * @return the total ({@link NominatedRequests#NONE} when no nominated pod counts), or null when
   *     the runner cannot tell by position (the default): then ask {@link #nominatedRequests}
   */
  default NominatedRequests nominatedRequestsAt(PodInfo pod, int position) {
    return null;
  }

  /**
   * The pods nominated to the node at {@code position} in the snapshot's node list, the very list
   * {@link PodNominator#nominatedPodsForNode} returns for that node's name, answered without a
   * lookup by name when the runner keeps nominations by snapshot position.
   *
   * @param position the node's position in {@link FrameworkHandle#snapshot()}'s list
   * @return the nominated pods (empty when none), or null when the runner cannot tell by position
   *     (the default): then ask the nominator
   */
  default List<PodInfo> nominatedPodsAt(int position) {
    return null;
  }
}
