package io.schedkit.framework;

import io.schedkit.framework.cluster.ClusterView;
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
  /** The profile's scheduler name (for example {@code default-scheduler}). */
  String profileName();

  /** The nodes of the current scheduling cycle's snapshot. */
  NodeInfoLister snapshot();

  /** Namespaces, PodDisruptionBudgets, PriorityClasses, PodGroups and other cluster objects. */
  ObjectLister objects();

  /** The nominations of pending pods to nodes. */
  PodNominator nominator();

  /** Runs PreFilter extensions and Filter plugins on caller-owned state (for preemption). */
  PluginRunner runner();

  /** The pod with {@code uid} if it is waiting at Permit. */
  Optional<WaitingPod> waitingPod(String uid);

  /** Calls {@code action} for every pod waiting at Permit. */
  void forEachWaitingPod(Consumer<WaitingPod> action);

  /**
   * Rejects the waiting pod with {@code uid}, if any, with the message {@code removed}.
   *
   * @return whether a waiting pod was rejected
   */
  boolean rejectWaitingPod(String uid);

  /** The scheduler's workers. */
  Parallelizer parallelizer();

  /** The configured extenders, in configuration order. */
  List<Extender> extenders();

  /** The host's cluster: plugins use its write side (bind, evict, nominate). */
  ClusterView cluster();

  /** The scheduler's clock. */
  Clock clock();

  /**
   * The scheduler's seeded random source, for decisions that must be reproducible (preemption's
   * candidate offset). Use it on the scheduling thread only.
   */
  Random random();

  /** Moves {@code pods}, if they wait in the queue, to the active queue. */
  void activate(Collection<Pod> pods);
}
