package io.schedkit.cli;

import io.schedkit.core.Explanation;
import io.schedkit.framework.Code;
import io.schedkit.framework.Status;
import io.schedkit.simulation.SimulationResult;
import io.schedkit.simulation.demo.DemoSummary;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The readable ({@code --format text}) shapes of the command line's answers. */
final class TextReports {
  private TextReports() {}

  /**
   * A heading, a table with one row per node (one column per Score plugin with its weighted score,
   * the total when some node was scored, the filter verdict), then the outcome and the message.
   */
  static String explain(Explanation e) {
    StringBuilder sb = new StringBuilder();
    sb.append("Pod ")
        .append(e.pod())
        .append(" (profile ")
        .append(e.profile())
        .append("): ")
        .append(e.result());
    if (Explanation.SCHEDULED.equals(e.result())) {
      sb.append(" on ").append(e.selectedNode());
    } else if (e.gate() != null) {
      sb.append(" (held at PreEnqueue by ").append(e.gate().plugin()).append(')');
    }
    sb.append("\n\n");

    Set<String> plugins = new LinkedHashSet<>();
    for (Explanation.NodeVerdict v : e.nodes()) {
      plugins.addAll(v.scores().keySet());
    }
    boolean scored = e.nodes().stream().anyMatch(v -> v.totalScore() != null);
    TextTable table = new TextTable().column("NODE");
    plugins.forEach(table::numberColumn);
    if (scored) {
      table.numberColumn("TOTAL");
    }
    table.column("FILTER");
    for (Explanation.NodeVerdict v : e.nodes()) {
      List<String> row = new ArrayList<>();
      row.add(v.name());
      for (String plugin : plugins) {
        Explanation.PluginScore s = v.scores().get(plugin);
        row.add(s == null ? "-" : Long.toString(s.weighted()));
      }
      if (scored) {
        row.add(v.totalScore() == null ? "-" : Long.toString(v.totalScore()));
      }
      row.add(verdict(v.filter()));
      table.row(row);
    }
    if (e.nodes().isEmpty()) {
      sb.append("(the cluster has no nodes)\n");
    } else {
      sb.append(table.render());
      if (!plugins.isEmpty()) {
        sb.append("Scores are weighted (normalized score x plugin weight); ")
            .append("--format json also shows raw and normalized scores.\n");
      }
    }
    sb.append('\n');
    if (Explanation.SCHEDULED.equals(e.result())) {
      sb.append("Selected node: ").append(e.selectedNode()).append('\n');
    } else {
      sb.append(e.result()).append(": ").append(e.message()).append('\n');
    }
    if (e.gate() != null) {
      sb.append(e.gate().plugin())
          .append(": ")
          .append(e.gate().message())
          .append(
              "\nThe table shows what a scheduling cycle would find once the pod is let through.\n");
    }
    if (e.preemption() != null) {
      Explanation.Preemption p = e.preemption();
      sb.append("Preemption would nominate node ")
          .append(p.nominatedNode())
          .append(", evicting ")
          .append(p.victims().isEmpty() ? "no pod" : String.join(", ", p.victims()))
          .append(".\n");
      if (!p.tiedNodes().isEmpty()) {
        sb.append("  A tie: ")
            .append(String.join(", ", p.tiedNodes()))
            .append(p.tiedNodes().size() == 1 ? " is" : " are")
            .append(" as good on every criterion; the scheduler's random tie-break (--seed) chose ")
            .append(p.nominatedNode())
            .append(".\n");
      }
      for (Explanation.Candidate c : p.candidates()) {
        sb.append("  candidate ")
            .append(c.node())
            .append(": victims ")
            .append(c.victims().isEmpty() ? "none" : String.join(", ", c.victims()))
            .append(", PodDisruptionBudget violations ")
            .append(c.numPdbViolations())
            .append('\n');
      }
    }
    return sb.toString();
  }

  private static String verdict(Status s) {
    if (s == null || s.code() == Code.SUCCESS) {
      return "passed";
    }
    StringBuilder sb = new StringBuilder(s.code().toString());
    if (!s.plugin().isEmpty()) {
      sb.append(" (").append(s.plugin()).append(')');
    }
    if (!s.reasons().isEmpty()) {
      sb.append(": ").append(String.join("; ", s.reasons()));
    }
    return sb.toString();
  }

  /**
   * A summary line, a table of the pods (node and bind time), the evictions and the reasons. The
   * summary ends with the run's wall time and rate and the command's wall time since its process
   * started.
   */
  static String simulation(SimulationResult r, double processWallSeconds) {
    SimulationResult.Stats s = r.stats();
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "%d pods: %d scheduled, %d unschedulable; %d evicted; %d scheduling attempts; "
                + "%s virtual seconds (%.3f s wall, %.1f pods/s; %.2f s since the process"
                + " started)%n%n",
            s.pods(),
            s.scheduled(),
            s.unschedulable(),
            s.evicted(),
            s.attempts(),
            seconds(s.virtualSeconds()),
            s.wallSeconds(),
            s.podsPerSecond(),
            processWallSeconds));
    TextTable table = new TextTable().column("POD").column("NODE").numberColumn("BOUND AT");
    for (Map.Entry<String, String> p : r.placements().entrySet()) {
      Double at = r.boundAt().get(p.getKey());
      table.row(
          List.of(
              p.getKey(),
              p.getValue() == null ? "-" : p.getValue(),
              at == null ? "-" : seconds(at)));
    }
    if (!r.placements().isEmpty()) {
      sb.append(table.render());
    }
    if (!r.evicted().isEmpty()) {
      sb.append("\nEvicted: ").append(String.join(", ", r.evicted())).append('\n');
    }
    if (!r.unschedulable().isEmpty()) {
      sb.append("\nUnschedulable:\n");
      r.unschedulable()
          .forEach(
              (pod, message) ->
                  sb.append("  ")
                      .append(pod)
                      .append(": ")
                      .append(message.isEmpty() ? "(never attempted)" : message)
                      .append('\n'));
    }
    return sb.toString();
  }

  /**
   * The demo's summary: what was simulated, the pod counts, per pool utilisation, the gang's
   * outcome, the unschedulable pods with their reasons, the times, and where the report is.
   */
  static String demo(String description, DemoSummary d, String reportFile) {
    StringBuilder sb = new StringBuilder();
    sb.append("schedkit demo: ").append(description).append("\n\n");
    sb.append("Pods\n");
    count(sb, "in the workload", d.pods());
    count(sb, "scheduled (bound, running or completed)", d.scheduled());
    count(sb, "unschedulable (pending, with kube-scheduler's reason)", d.unschedulable());
    count(
        sb, "evicted by preemption, for " + d.preemptors() + " higher-priority pods", d.evicted());
    count(sb, "lost (none of the above)", d.lost());
    sb.append('\n');
    Set<String> resources = new LinkedHashSet<>();
    d.pools().values().forEach(p -> resources.addAll(p.usage().keySet()));
    TextTable pools = new TextTable().column("POOL").numberColumn("NODES");
    for (String r : resources) {
      pools.numberColumn(shortResource(r) + " PEAK").numberColumn(shortResource(r) + " MEAN");
    }
    d.pools()
        .forEach(
            (name, pool) -> {
              List<String> row = new ArrayList<>(List.of(name, Integer.toString(pool.nodes())));
              for (String r : resources) {
                DemoSummary.Usage u = pool.usage().get(r);
                row.add(u == null ? "-" : percent(u.peak()));
                row.add(u == null ? "-" : percent(u.mean()));
              }
              pools.row(row);
            });
    sb.append(pools.render())
        .append("(requested over allocatable, summed over the pool's nodes; mean over time)\n\n");

    DemoSummary.Gang g = d.gang();
    sb.append("Gang ").append(g.name()).append(": ");
    if (g.together()) {
      sb.append(
          String.format(
              Locale.ROOT,
              "%d/%d pods bound together at %s s on %d nodes (Coscheduling, minMember %d)",
              g.bound(),
              g.minMember(),
              seconds(g.firstBound()),
              g.nodes(),
              g.minMember()));
    } else if (g.bound() == 0) {
      sb.append("not scheduled (minMember ").append(g.minMember()).append(')');
    } else {
      sb.append(
          String.format(
              Locale.ROOT,
              "%d/%d pods bound between %s s and %s s (minMember %d)",
              g.bound(),
              g.minMember(),
              seconds(g.firstBound()),
              seconds(g.lastBound()),
              g.minMember()));
    }
    sb.append("\n");
    if (!d.unschedulableReasons().isEmpty()) {
      sb.append("\nUnschedulable:\n");
      d.unschedulableReasons()
          .forEach(
              (pod, message) ->
                  sb.append("  ")
                      .append(pod)
                      .append(": ")
                      .append(message.isEmpty() ? "(never attempted)" : message)
                      .append('\n'));
    }
    sb.append(
        String.format(
            Locale.ROOT,
            "%nSimulated %s s of virtual time (%d scheduling cycles) in %.2f s of wall time"
                + " (%,.0f pods/s).%n",
            seconds(d.virtualSeconds()),
            d.attempts(),
            d.wallSeconds(),
            d.podsPerSecond()));
    if (reportFile != null) {
      sb.append("Report: ").append(reportFile).append('\n');
    }
    return sb.toString();
  }

  private static void count(StringBuilder sb, String what, long n) {
    sb.append(String.format(Locale.ROOT, "  %-56s %6d%n", what, n));
  }

  private static String shortResource(String resource) {
    return switch (resource) {
      case "cpu" -> "CPU";
      case "memory" -> "MEMORY";
      default -> resource.substring(resource.lastIndexOf('/') + 1).toUpperCase(Locale.ROOT);
    };
  }

  private static String percent(double fraction) {
    return Math.round(fraction * 100) + " %";
  }

  /** Seconds to the millisecond, with at least one decimal ({@code 0.0}, {@code 12.25}). */
  private static String seconds(double value) {
    BigDecimal b =
        BigDecimal.valueOf(value).setScale(3, RoundingMode.HALF_EVEN).stripTrailingZeros();
    return (b.scale() < 1 ? b.setScale(1) : b).toPlainString();
  }
}
