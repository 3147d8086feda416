package io.schedkit.simulation;

import java.util.Objects;

/**
 * Something that happened during a {@link Simulation}, at a virtual time: what a progress listener
 * or a report writer receives through {@link SimulationListener#onEvent}. Times are virtual seconds
 * since the start of the simulation; pods are named {@code namespace/name}.
 */
public sealed interface SimulationEvent {

  /**
   * Returns when the event happened.
   *
   * @return virtual seconds since the start
   */
  double time();

  /**
   * The cluster is loaded and the scheduler is about to run.
   *
   * @param time always 0
   * @param pods the pods to place: every workload pod and every cluster pod pending at the start
   * @param nodes the nodes of the cluster file (workload nodes arrive later as {@link Created})
   */
  record Started(double time, int pods, int nodes) implements SimulationEvent {}

  /**
   * A workload object was created (at its {@code schedkit.io/arrival} time).
   *
   * @param time when it was created
   * @param kind its kind, for example {@code Pod} or {@code Node}
   * @param name its key: {@code namespace/name}, or {@code name} for cluster-scoped kinds
   */
  record Created(double time, String kind, String name) implements SimulationEvent {}

  /**
   * A pod was bound to a node (a workload pod created with {@code spec.nodeName} counts as bound
   * when it is created).
   *
   * @param time when the binding was seen
   * @param pod the pod
   * @param node the node
   */
  record Bound(double time, String pod, String node) implements SimulationEvent {}

  /**
   * A scheduling attempt of a pod failed; repeated attempts with the same message are reported
   * once.
   *
   * @param time when the failure was reported
   * @param pod the pod
   * @param message kube-scheduler's failure message
   */
  record Unschedulable(double time, String pod, String message) implements SimulationEvent {}

  /**
   * A running pod was evicted by preemption.
   *
   * @param time when it was deleted
   * @param pod the pod
   * @param node the node it ran on
   * @param preemptor the pod it made room for ({@code namespace/name}), {@code ""} when unknown
   */
  record Evicted(double time, String pod, String node, String preemptor)
      implements SimulationEvent {

    /** Requires a preemptor, {@code ""} when unknown. */
    public Evicted {
      Objects.requireNonNull(preemptor, "preemptor");
    }

    /**
     * An eviction whose preemptor is unknown.
     *
     * @param time when it was deleted
     * @param pod the pod
     * @param node the node it ran on
     */
    public Evicted(double time, String pod, String node) {
      this(time, pod, node, "");
    }
  }

  /**
   * A pod with {@code schedkit.io/duration} finished and was deleted, freeing its resources.
   *
   * @param time when it finished
   * @param pod the pod
   * @param node the node it ran on
   */
  record Completed(double time, String pod, String node) implements SimulationEvent {}

  /**
   * The simulation ended: no pod can make progress and nothing more is due.
   *
   * @param time the virtual time at the end
   * @param stats the run's statistics
   */
  record Finished(double time, SimulationResult.Stats stats) implements SimulationEvent {}
}
