package io.schedkit.simulation;

import io.schedkit.framework.model.KubeObject;

/**
 * Observes a {@link Simulation} while it runs: a progress bar, a timeline recorder or a report
 * writer. Called on the thread that runs the simulation, in virtual-time order; a listener must not
 * throw (an exception ends the run).
 */
@FunctionalInterface
public interface SimulationListener {

  /**
   * Receives one event.
   *
   * @param event what happened
   */
  void onEvent(SimulationEvent event);

  /**
   * Receives one node's utilisation after it changed (a pod started or stopped there, or the node
   * was added). The default does nothing.
   *
   * @param sample the node's requested and allocatable resources at that time
   */
  default void onUtilisation(UtilisationSample sample) {}

  /**
   * Receives each object the run creates, just before its {@link SimulationEvent.Created} event:
   * the workload's objects at their arrival, and the ReplicaSets and pods that the workload
   * controllers create (as the controllers build them, before the cluster sets their UID). The
   * default does nothing.
   *
   * @param object the object
   */
  default void onCreated(KubeObject object) {}
}
