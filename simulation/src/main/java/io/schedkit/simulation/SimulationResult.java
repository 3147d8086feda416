package io.schedkit.simulation;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@link Simulation} did: where each pod went and when, which pods were evicted, why the
 * others stayed pending, and the run's statistics. Maps iterate in a deterministic order: workload
 * pods in file order, then the cluster pods that were pending at the start, in file order. Pods are
 * named {@code namespace/name}.
 *
 * @param placements every workload pod and every cluster pod pending at the start: the node it was
 *     bound to (a completed pod keeps the node it ran on), or null when it was never placed; pods
 *     evicted later are not here but in {@code evicted}
 * @param boundAt for each placed pod of {@code placements}, the virtual second it was bound
 * @param evicted every pod evicted by preemption (cluster pods too), in eviction order
 * @param unschedulable for each unplaced pod of {@code placements}, kube-scheduler's last message
 *     about it ({@code ""} when it was never attempted, for example while gated)
 * @param stats the run's statistics
 */
public record SimulationResult(
    Map<String, String> placements,
    Map<String, Double> boundAt,
    List<String> evicted,
    Map<String, String> unschedulable,
    Stats stats) {

  /** Copies the maps (keeping their order and null placements) and the list. */
  public SimulationResult {
    placements = Collections.unmodifiableMap(new LinkedHashMap<>(placements));
    boundAt = Collections.unmodifiableMap(new LinkedHashMap<>(boundAt));
    evicted = List.copyOf(evicted);
    unschedulable = Collections.unmodifiableMap(new LinkedHashMap<>(unschedulable));
  }

  /**
   * The statistics of a run. Everything but {@code wallSeconds} and {@code podsPerSecond} is
   * identical for identical inputs and seed.
   *
   * @param pods the pods of {@code placements} plus the evicted ones among them: every workload pod
   *     and every cluster pod pending at the start
   * @param scheduled how many of them are placed at the end (bound, running or completed)
   * @param unschedulable how many of them were never placed
   * @param evicted how many pods were evicted (cluster pods included)
   * @param attempts how many scheduling cycles ran
   * @param virtualSeconds the virtual time at the end
   * @param wallSeconds the real time the run took
   * @param podsPerSecond {@code pods / wallSeconds}
   */
  public record Stats(
      int pods,
      int scheduled,
      int unschedulable,
      int evicted,
      long attempts,
      double virtualSeconds,
      double wallSeconds,
      double podsPerSecond) {}
}
