package io.schedkit.simulation.report;

import static io.schedkit.simulation.report.Html.esc;
import static io.schedkit.simulation.report.HtmlReport.MAX_LANES;
import static io.schedkit.simulation.report.HtmlReport.MAX_TABLE_ROWS;
import static io.schedkit.simulation.report.ReportData.BUCKETS;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Workloads: a table of each workload's pods and waits, and their pods over time as swimlanes. */
final class WorkloadsSection extends Section {
  WorkloadsSection(ReportData data, PageWriter html) {
    super("workloads", "Workloads", data, html);
  }

  @Override
  void render() {
    Map<String, List<Timeline.PodLife>> workloads = data.workloads;
    html.section(
        id,
        "Workloads",
        "Pods grouped by their controller (a Deployment's through its ReplicaSet), and pods"
            + " without one by namespace and <code>app</code> label (or name without its generated"
            + " suffix). Wait: from creation to binding, for the pods that were bound.");
    html.append("<table><thead><tr><th>workload</th><th class=\"n\">pods</th>")
        .append("<th class=\"n\">bound</th><th class=\"n\">completed</th>")
        .append("<th class=\"n\">evicted</th><th class=\"n\">running at end</th>")
        .append("<th class=\"n\">never bound</th><th class=\"n\">mean wait</th>")
        .append("<th class=\"n\">max wait</th></tr></thead><tbody>");
    List<Charts.Lane> lanes = new ArrayList<>();
    List<Timeline.PodLife> other = new ArrayList<>();
    int rows = 0;
    for (Map.Entry<String, List<Timeline.PodLife>> e : workloads.entrySet()) {
      List<Timeline.PodLife> lives = e.getValue();
      if (rows++ < MAX_TABLE_ROWS) {
        workloadRow(e.getKey(), lives);
      }
      if (lanes.size() < MAX_LANES - 1 || workloads.size() == MAX_LANES) {
        lanes.add(lane(e.getKey(), data.workloadColour.get(e.getKey()), lives));
      } else {
        other.addAll(e.getValue());
      }
    }
    html.append("</tbody></table>\n");
    html.truncated(workloads.size(), "workloads");
    if (!other.isEmpty()) {
      lanes.add(lane((workloads.size() - lanes.size()) + " other workloads", "#9aa3ad", other));
    }
    html.append("<h3>Pods per workload over time</h3>")
        .append("<p class=\"note\">Each lane is scaled to its own maximum.</p>")
        .append(Charts.lanes(lanes, data.end, PageWriter.WIDTH))
        .append("</section>\n");
  }

  private void workloadRow(String name, List<Timeline.PodLife> lives) {
    int bound = 0;
    int completed = 0;
    int evicted = 0;
    int running = 0;
    int never = 0;
    double waitSum = 0;
    double waitMax = 0;
    for (Timeline.PodLife p : lives) {
      if (!Double.isNaN(p.bound())) {
        bound++;
        waitSum += p.waited();
        waitMax = Math.max(waitMax, p.waited());
      }
      switch (p.outcome()) {
        case COMPLETED -> completed++;
        case EVICTED -> evicted++;
        case RUNNING -> running++;
        case PENDING -> never++;
      }
    }
    html.append("<tr><td><span class=\"swatch\" style=\"background:")
        .append(data.workloadColour.get(name))
        .append("\"></span>")
        .append(esc(name))
        .append("</td>");
    for (int v : new int[] {lives.size(), bound, completed, evicted, running, never}) {
      html.append("<td class=\"n\">").append(v).append("</td>");
    }
    html.append("<td class=\"n\">")
        .append(bound == 0 ? "-" : Html.duration(waitSum / bound))
        .append("</td><td class=\"n\">")
        .append(bound == 0 ? "-" : Html.duration(waitMax))
        .append("</td></tr>");
  }

  private Charts.Lane lane(String name, String colour, List<Timeline.PodLife> lives) {
    double[] running = new double[BUCKETS];
    double[] pending = new double[BUCKETS];
    List<Double> evictions = new ArrayList<>();
    int evicted = 0;
    for (Timeline.PodLife p : lives) {
      double stop = Double.isNaN(p.ended()) ? data.end : p.ended();
      if (Double.isNaN(p.bound())) {
        data.addInterval(pending, p.created(), stop);
      } else {
        data.addInterval(pending, p.created(), p.bound());
        data.addInterval(running, p.bound(), stop);
      }
      if (p.outcome() == Timeline.Outcome.EVICTED) {
        evictions.add(p.ended());
        evicted++;
      }
    }
    String detail =
        lives.size()
            + (lives.size() == 1 ? " pod" : " pods")
            + (evicted > 0 ? " · " + evicted + " evicted" : "");
    return new Charts.Lane(name, detail, colour, running, pending, evictions);
  }
}
