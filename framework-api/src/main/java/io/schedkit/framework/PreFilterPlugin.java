package io.schedkit.framework;

import java.util.List;

/**
 * Runs once per scheduling cycle, before Filter, to pre-compute what the plugin's Filter needs
 * (stored in {@link CycleState}) or to reject the pod outright. Runs on the scheduling thread;
 * {@code nodes} is the cycle's frozen snapshot.
 *
 * <p>Status codes, as {@link PreFilterResult#status()}: {@code Success} continues, optionally
 * narrowing the nodes to evaluate ({@link PreFilterResult#nodeNames()}; results are intersected and
 * nodes outside them are UnschedulableAndUnresolvable). {@code Skip} disables this plugin's Filter
 * and {@link PreFilterExtensions} for the cycle. {@code UnschedulableAndUnresolvable} fails the
 * cycle at once with every node given that status. {@code Unschedulable} is remembered, the
 * remaining PreFilters still run (preemption needs their state), and the cycle then fails with it.
 * Any other code, or an exception, is an Error: the pod is retried with error backoff.
 */
public interface PreFilterPlugin extends Plugin {
  /**
   * Pre-computes state for {@code pod} over {@code nodes}, or rejects the pod.
   *
   * @param state the cycle state to store the pre-computed state in
   * @param pod the pod being scheduled
   * @param nodes every node of the snapshot; read-only
   * @return the status, and the nodes to evaluate if the plugin narrows them
   */
  PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes);

  /**
   * The plugin's AddPod/RemovePod hooks, or {@code null} when it has none. A plugin that implements
   * {@link PreFilterExtensions} itself is found without overriding this method.
   *
   * @return the hooks, or null if the plugin has none
   */
  default PreFilterExtensions preFilterExtensions() {
    return this instanceof PreFilterExtensions ? (PreFilterExtensions) this : null;
  }
}
