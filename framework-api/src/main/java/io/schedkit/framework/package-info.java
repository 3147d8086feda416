/**
 * The scheduling framework's contract: the {@link io.schedkit.framework.Plugin} interfaces, one per
 * extension point, the {@link io.schedkit.framework.Status} they return, the per-cycle {@link
 * io.schedkit.framework.CycleState}, the scheduler's view of pods and nodes ({@link
 * io.schedkit.framework.PodInfo}, {@link io.schedkit.framework.NodeInfo}), the {@link
 * io.schedkit.framework.FrameworkHandle} plugins receive, and the {@link
 * io.schedkit.framework.Registry} that names them.
 *
 * <p>The semantics follow kube-scheduler v1.35's scheduling framework; each extension point's
 * interface says when it runs and what each status code does to the pod.
 */
package io.schedkit.framework;
