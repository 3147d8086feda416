package io.schedkit.simulation.demo;

import io.schedkit.framework.Registry;
import io.schedkit.simulation.Simulation;
import io.schedkit.simulation.SimulationListener;
import io.schedkit.simulation.SimulationResult;
import io.schedkit.simulation.report.HtmlReport;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs the demo: a {@link DemoScenario} through the real scheduler on virtual time ({@link
 * Simulation}, kube-scheduler's default profile plus Coscheduling, the scenario's seed), recording
 * the {@link HtmlReport} and computing the {@link DemoSummary}. {@code schedkit demo} is this plus
 * a progress bar and printing.
 */
public final class Demo {
  private Demo() {}

  /**
   * What one run produced.
   *
   * @param summary the facts the command prints
   * @param result the simulation's result
   * @param report the report, recorded and ready to {@link HtmlReport#write write}
   */
  public record Outcome(DemoSummary summary, SimulationResult result, HtmlReport report) {}

  /**
   * Runs {@code scenario}.
   *
   * @param scenario the cluster and workload
   * @param registry the plugins: the defaults, DefaultPreemption and Coscheduling at least
   * @param listeners more listeners (a progress bar), called after the report's
   * @return the summary, the result and the report
   */
  public static Outcome run(
      DemoScenario scenario, Registry registry, List<SimulationListener> listeners) {
    HtmlReport report =
        HtmlReport.builder()
            .title("schedkit demo")
            .subtitle(describe(scenario))
            .groupBy(DemoScenario.POOL_LABEL)
            .objects(scenario.clusterObjects())
            .objects(scenario.workload())
            .build();
    Simulation.Builder simulation =
        Simulation.builder()
            .cluster(scenario.clusterObjects(), "the demo cluster")
            .workload(scenario.workload(), "the demo workload")
            .configuration(DemoScenario.configuration(registry))
            .registry(registry)
            .seed(scenario.seed())
            .listener(report);
    listeners.forEach(simulation::listener);
    SimulationResult result = simulation.build().run();
    DemoSummary summary = DemoSummary.of(scenario, result, report.timeline(), report.utilisation());
    return new Outcome(summary, result, report);
  }

  /**
   * Describes a scenario in one line: nodes, zones, pools, cordoned nodes, pods and seed.
   *
   * @param scenario the scenario
   * @return for example {@code 60 nodes in 3 zones (cpu 48, gpu 12; 2 cordoned), 600 pods, seed 0}
   */
  public static String describe(DemoScenario scenario) {
    Map<String, Integer> pools = new TreeMap<>();
    scenario.nodes().forEach(n -> pools.merge(DemoScenario.pool(n), 1, Integer::sum));
    StringBuilder p = new StringBuilder();
    pools.forEach((k, v) -> p.append(p.length() == 0 ? "" : ", ").append(k).append(' ').append(v));
    long zones =
        scenario.nodes().stream()
            .map(n -> n.labels().get(DemoScenario.ZONE_LABEL))
            .distinct()
            .count();
    return String.format(
        Locale.ROOT,
        "%d nodes in %d zones (%s; %d cordoned), %d pods, seed %d;"
            + " kube-scheduler's default profile plus Coscheduling",
        scenario.nodes().size(),
        zones,
        p,
        scenario.cordonedNodes(),
        scenario.podCount(),
        scenario.seed());
  }
}
