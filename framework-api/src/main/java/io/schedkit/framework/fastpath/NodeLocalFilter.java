package io.schedkit.framework.fastpath;

import io.schedkit.framework.FilterPlugin;

/**
 * A {@link FilterPlugin} whose verdict on a node, status message included, is a function of the
 * pod's namespace, labels, priority, requests and spec, of that node's {@code NodeInfo} (its pods
 * included), and of the plugin's own arguments: not of the pod's name or UID, other nodes, the
 * clock, or anything the plugin reads through its handle, and not of any cycle state but what its
 * own PreFilter derives from the pod alone. A marker, with no method of its own.
 *
 * <p>Why: preemption's dry run finds the victims on hundreds of nodes per pod, and when pods of one
 * shape preempt one after another (a Deployment's replicas), most of those nodes have not changed
 * since the last pod's dry run. When every Filter plugin active in a cycle is node-local, the
 * default victim selection runs, and no PreFilter extension runs, the dry run reuses the result
 * found for an equal pod on the very same node (same object and generation) with the very same
 * nominated pods: the plugins would answer exactly as before. Filter does the same for the nodes a
 * pod of the same shape passed, when nothing is nominated and no metrics are recorded. A plugin
 * that does not implement this interface turns the reuse off for the cycles it is active in, which
 * is always correct.
 *
 * <p>Of the default plugins, NodeUnschedulable, NodeName, TaintToleration, NodeAffinity, NodePorts
 * and NodeResourcesFit are node-local; PodTopologySpread and InterPodAffinity are not (their
 * verdicts count pods on other nodes).
 */
public interface NodeLocalFilter extends FilterPlugin {}
