package io.schedkit.simulation.report;

import static io.schedkit.simulation.report.Html.esc;
import static io.schedkit.simulation.report.ReportData.BUCKETS;

import java.util.ArrayList;
import java.util.List;

/** Utilisation over time: each resource per node group, and the pods running and pending. */
final class UtilisationSection extends Section {
  UtilisationSection(ReportData data, PageWriter html) {
    super("utilisation", "Utilisation", data, html);
  }

  @Override
  void render() {
    double end = data.end;
    html.section(
        id,
        "Utilisation over time",
        "Requested resources over allocatable resources of each "
            + (data.groupLabel == null
                ? "node set"
                : "<code>" + esc(data.groupLabel) + "</code> group")
            + " (dashed: the whole cluster), averaged over "
            + Html.duration(end / BUCKETS)
            + " intervals; below, the pods running and pending.");
    List<String> resources = data.chartedResources();
    html.append("<div class=\"grid").append(resources.size() >= 3 ? 3 : 2).append("\">");
    int w = resources.size() >= 3 ? 380 : 575;
    for (String r : resources) {
      List<Charts.Line> lines = new ArrayList<>();
      int i = 0;
      for (String g : data.groups) {
        List<String> members = data.membersOf(g);
        UtilisationHistory.Step step = data.history.aggregate(members, r);
        if (data.allocatableSomewhere(step)) {
          lines.add(new Charts.Line(g, Charts.colour(i), step.buckets(end, BUCKETS), false));
        }
        i++;
      }
      if (data.groups.size() > 1) {
        UtilisationHistory.Step all = data.history.aggregate(data.nodeOrder, r);
        lines.add(new Charts.Line("cluster", "#1f2a33", all.buckets(end, BUCKETS), true));
      }
      html.append(Charts.fractions(PageWriter.resourceTitle(r), lines, end, w, 230));
    }
    html.append("</div>\n");
    double[] running = new double[BUCKETS];
    double[] pending = new double[BUCKETS];
    for (Timeline.PodLife p : data.pods) {
      double bound = Double.isNaN(p.bound()) ? Double.NaN : p.bound();
      double stop = Double.isNaN(p.ended()) ? end : p.ended();
      if (Double.isNaN(bound)) {
        data.addInterval(pending, p.created(), stop);
      } else {
        data.addInterval(pending, p.created(), bound);
        data.addInterval(running, bound, stop);
      }
    }
    html.append(
        Charts.stacked(
            "Pods running and pending (the simulation's pods; pods of the cluster file that"
                + " were already running are not counted)",
            List.of(
                new Charts.Line("running", Charts.RUNNING, running, false),
                new Charts.Line("pending", Charts.PENDING, pending, false)),
            end,
            PageWriter.WIDTH,
            220));
    html.append("</section>\n");
  }
}
