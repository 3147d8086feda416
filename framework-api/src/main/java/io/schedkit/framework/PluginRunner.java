package io.schedkit.framework;

/**
 * Runs the profile's PreFilter extensions and Filter plugins on state the caller owns, so a
 * PostFilter plugin (preemption) can ask "would the pod fit on this node if these pods were gone?"
 * without touching the real cycle. Pass {@linkplain CycleState#copy() copied} state and {@linkplain
 * NodeInfo#copy() copied} nodes; the methods mutate what they are given.
 */
public interface PluginRunner {
  /** Runs every PreFilter plugin's {@link PreFilterExtensions#addPod} (not skipped this cycle). */
  Status runPreFilterExtensionAddPod(
      CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo node);

  /** Runs every PreFilter plugin's {@link PreFilterExtensions#removePod}. */
  Status runPreFilterExtensionRemovePod(
      CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo node);

  /** Runs the Filter plugins on {@code node}, stopping at the first rejection. */
  Status runFilterPlugins(CycleState state, PodInfo pod, NodeInfo node);

  /**
   * Runs the Filter plugins as the scheduling cycle does: first with the nominated pods of equal or
   * higher priority added to the node, then, if any were added, without them; the node passes only
   * if both passes do.
   */
  Status runFilterPluginsWithNominatedPods(CycleState state, PodInfo pod, NodeInfo node);
}
