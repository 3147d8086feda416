package io.schedkit.framework;

import io.schedkit.framework.cluster.ClusterView;
import io.schedkit.framework.extender.Extender;
import io.schedkit.framework.model.Pod;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;

/**
 * What the framework gives a plugin at construction: read access to the cycle's snapshot and the
 * cluster's other objects, the waiting pods, the nominator, runners for preemption, the
 * parallelizer, the extenders, the host's write side and the scheduler's clock.
 *
 * <p>One handle serves one profile. Keep it in a field; the snapshot it returns changes between
 * cycles.
 */
public interface FrameworkHandle {
  /**
   * The profile's scheduler name (for example {@code default-scheduler}).
   *
   * @return the scheduler name
   */
  String profileName();

  /**
   * The nodes of the current scheduling cycle's snapshot.
   *
   * @return the snapshot; valid in the scheduling cycle only
   */
  NodeInfoLister snapshot();

  /**
   * Namespaces, PodDisruptionBudgets, PriorityClasses, PodGroups and other cluster objects.
   *
   * @return the lister
   */
  ObjectLister objects();

  /**
   * The nominations of pending pods to nodes.
   *
   * @return the nominator
   */
  PodNominator nominator();

  /**
   * Runs PreFilter extensions and Filter plugins on caller-owned state (for preemption).
   *
   * @return the runner of this profile's plugins
   */
  PluginRunner runner();

  /**
   * The pod with {@code uid} if it is waiting at Permit.
   *
   * @param uid the pod's UID
   * @return the waiting pod, or empty if no such pod waits
   */
  Optional<WaitingPod> waitingPod(String uid);

  /**
   * Calls {@code action} for every pod waiting at Permit.
   *
   * @param action the action to call for each waiting pod
   */
  void forEachWaitingPod(Consumer<WaitingPod> action);

  /**
   * Rejects the waiting pod with {@code uid}, if any, with the message {@code removed}.
   *
   * @param uid the pod's UID
   * @return whether a waiting pod was rejected
   */
  boolean rejectWaitingPod(String uid);

  /**
   * The scheduler's workers.
   *
   * @return the parallelizer
   */
  Parallelizer parallelizer();

  /**
   * The configured extenders, in configuration order.
   *
   * @return the extenders; empty if none is configured
   */
  List<Extender> extenders();

  /**
   * The host's cluster: plugins use its write side (bind, evict, nominate).
   *
   * @return the host's cluster view
   */
  ClusterView cluster();

  /**
   * The scheduler's clock.
   *
   * @return the clock
   */
  Clock clock();

  /**
   * The scheduler's seeded random source, for decisions that must be reproducible (preemption's
   * candidate offset). Use it on the scheduling thread only.
   *
   * @return the random source, seeded when the scheduler is built
   */
  Random random();

  /**
   * Moves {@code pods}, if they wait in the queue, to the active queue.
   *
   * @param pods the pods; those not waiting in the queue are ignored
   */
  void activate(Collection<Pod> pods);
}
