package io.schedkit.simulation.demo;

import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.simulation.SimulationResult;
import io.schedkit.simulation.report.Timeline;
import io.schedkit.simulation.report.UtilisationHistory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What {@code schedkit demo} reports: the facts of one demo run, computed from the simulation's
 * result, its {@link Timeline} and its {@link UtilisationHistory}.
 *
 * @param nodes the number of nodes
 * @param cordonedNodes how many of them are cordoned
 * @param zones the number of zones
 * @param pods the workload pods
 * @param scheduled how many of them are placed at the end (bound, running or completed)
 * @param unschedulable how many were never placed
 * @param evicted how many pods were evicted by preemption
 * @param preemptors how many pods evicted others
 * @param lost pods neither placed, nor evicted, nor pending with kube-scheduler's reason (0 unless
 *     something went wrong)
 * @param attempts scheduling cycles run
 * @param pools per node pool, its utilisation
 * @param gang the gang's outcome
 * @param unschedulableReasons each never-placed pod with kube-scheduler's last message
 * @param virtualSeconds the virtual time at the end
 * @param wallSeconds the real time the simulation took
 * @param podsPerSecond workload pods per wall second
 */
public record DemoSummary(
    int nodes,
    int cordonedNodes,
    int zones,
    int pods,
    int scheduled,
    int unschedulable,
    int evicted,
    int preemptors,
    int lost,
    long attempts,
    Map<String, Pool> pools,
    Gang gang,
    Map<String, String> unschedulableReasons,
    double virtualSeconds,
    double wallSeconds,
    double podsPerSecond) {

  /** Copies the maps, keeping their order. */
  public DemoSummary {
    pools = Collections.unmodifiableMap(new LinkedHashMap<>(pools));
    unschedulableReasons = Collections.unmodifiableMap(new LinkedHashMap<>(unschedulableReasons));
  }

  /**
   * One node pool's utilisation over the run: requested over allocatable, summed over its nodes.
   *
   * @param nodes the pool's nodes
   * @param usage per resource ({@code cpu}, {@code memory}, then extended resources the pool
   *     offers), the peak and the time-weighted mean
   */
  public record Pool(int nodes, Map<String, Usage> usage) {
    /** Copies the map, keeping its order. */
    public Pool {
      usage = Collections.unmodifiableMap(new LinkedHashMap<>(usage));
    }
  }

  /**
   * A resource's utilisation over the run.
   *
   * @param peak the highest fraction requested, 0 to 1
   * @param mean the time-weighted mean fraction requested, 0 to 1
   */
  public record Usage(double peak, double mean) {}

  /**
   * The gang's outcome.
   *
   * @param name the PodGroup, {@code namespace/name}
   * @param minMember its {@code minMember}
   * @param bound how many members were bound
   * @param firstBound when the first member was bound (NaN when none)
   * @param lastBound when the last member was bound (NaN when none)
   * @param nodes on how many nodes
   */
  public record Gang(
      String name, int minMember, int bound, double firstBound, double lastBound, int nodes) {

    /**
     * Returns whether at least {@code minMember} members were bound, all at the same virtual time.
     *
     * @return true when the gang started together
     */
    public boolean together() {
      return bound >= minMember && firstBound == lastBound;
    }
  }

  /**
   * Computes the summary of a run.
   *
   * @param scenario what was simulated
   * @param result the simulation's result
   * @param timeline the pods' lives, recorded during the run
   * @param history the nodes' utilisation, recorded during the run
   * @return the summary
   */
  public static DemoSummary of(
      DemoScenario scenario,
      SimulationResult result,
      Timeline timeline,
      UtilisationHistory history) {
    SimulationResult.Stats s = result.stats();
    double end = s.virtualSeconds();

    Map<String, List<String>> byPool = new TreeMap<>();
    Set<String> zones = new HashSet<>();
    for (Node n : scenario.nodes()) {
      byPool.computeIfAbsent(DemoScenario.pool(n), p -> new ArrayList<>()).add(n.name());
      zones.add(n.labels().getOrDefault(DemoScenario.ZONE_LABEL, ""));
    }
    Map<String, Pool> pools = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> e : byPool.entrySet()) {
      Map<String, Usage> usage = new LinkedHashMap<>();
      for (String r : history.resources()) {
        if (r.equals("pods")) {
          continue;
        }
        UtilisationHistory.Step step = history.aggregate(e.getValue(), r);
        if (step.allocatableAt(end) > 0) {
          usage.put(r, new Usage(step.peak(0, end), step.mean(0, end)));
        }
      }
      pools.put(e.getKey(), new Pool(e.getValue().size(), usage));
    }

    Set<String> preemptors = new HashSet<>();
    for (Timeline.Preemption p : timeline.preemptions()) {
      preemptors.add(p.preemptor());
    }

    int gangBound = 0;
    double first = Double.NaN;
    double last = Double.NaN;
    Set<String> gangNodes = new HashSet<>();
    Set<String> members = new HashSet<>();
    for (KubeObject o : scenario.workload()) {
      if (o instanceof Pod pod
          && (pod.namespace() + "/" + pod.labels().get(PodGroup.POD_GROUP_LABEL))
              .equals(DemoScenario.GANG)) {
        members.add(pod.key());
      }
    }
    for (Timeline.PodLife p : timeline.pods()) {
      if (members.contains(p.pod()) && !Double.isNaN(p.bound())) {
        gangBound++;
        first = Double.isNaN(first) ? p.bound() : Math.min(first, p.bound());
        last = Double.isNaN(last) ? p.bound() : Math.max(last, p.bound());
        gangNodes.add(p.node());
      }
    }
    int minMember =
        scenario.workload().stream()
            .filter(o -> o instanceof PodGroup)
            .map(o -> ((PodGroup) o).minMember())
            .findFirst()
            .orElse(scenario.gangSize());

    // Every workload pod is placed, evicted, or pending with kube-scheduler's reason.
    Set<String> evicted = new HashSet<>(result.evicted());
    int lost = 0;
    for (KubeObject o : scenario.workload()) {
      if (o instanceof Pod pod) {
        String key = pod.key();
        boolean placed = result.placements().get(key) != null;
        boolean explained = !result.unschedulable().getOrDefault(key, "").isEmpty();
        if (!placed && !explained && !evicted.contains(key)) {
          lost++;
        }
      }
    }
    return new DemoSummary(
        scenario.nodes().size(),
        scenario.cordonedNodes(),
        zones.size(),
        s.pods(),
        s.scheduled(),
        s.unschedulable(),
        s.evicted(),
        preemptors.size(),
        lost,
        s.attempts(),
        pools,
        new Gang(DemoScenario.GANG, minMember, gangBound, first, last, gangNodes.size()),
        new TreeMap<>(result.unschedulable()),
        end,
        s.wallSeconds(),
        s.podsPerSecond());
  }
}
