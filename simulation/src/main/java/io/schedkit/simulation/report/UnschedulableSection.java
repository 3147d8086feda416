package io.schedkit.simulation.report;

import static io.schedkit.simulation.report.Html.esc;
import static io.schedkit.simulation.report.HtmlReport.MAX_TABLE_ROWS;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Unschedulable pods: the pods never placed, grouped by kube-scheduler's message. */
final class UnschedulableSection extends Section {
  UnschedulableSection(ReportData data, PageWriter html) {
    super("unschedulable", "Unschedulable", data, html);
  }

  @Override
  void render() {
    Map<String, String> stuck = data.result.unschedulable();
    int waited = 0;
    for (Timeline.PodLife p : data.pods) {
      if (!Double.isNaN(p.firstUnschedulable()) && !Double.isNaN(p.bound())) {
        waited++;
      }
    }
    html.section(
        id,
        "Unschedulable pods",
        (stuck.isEmpty() ? "Every pod was placed." : stuck.size() + " pods were never placed.")
            + (waited > 0
                ? " " + waited + " other pods were unschedulable for a while and placed later."
                : "")
            + " Messages are kube-scheduler's, as it would report them in the pod's"
            + " <code>PodScheduled</code> condition.");
    if (stuck.isEmpty()) {
      html.append("</section>\n");
      return;
    }
    Map<String, List<String>> byMessage = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : stuck.entrySet()) {
      String m =
          e.getValue().isEmpty()
              ? "(never attempted: gated, or waiting for its pod group)"
              : e.getValue();
      byMessage.computeIfAbsent(m, k -> new ArrayList<>()).add(e.getKey());
    }
    html.append("<table><thead><tr><th class=\"n\">pods</th><th>reason</th><th>pods</th>")
        .append("</tr></thead><tbody>");
    int rows = 0;
    for (Map.Entry<String, List<String>> e : byMessage.entrySet()) {
      if (rows++ == MAX_TABLE_ROWS) {
        break;
      }
      List<String> names = e.getValue();
      String shown = String.join(", ", names.subList(0, Math.min(10, names.size())));
      html.append("<tr><td class=\"n\">")
          .append(names.size())
          .append("</td><td class=\"msg\">")
          .append(esc(e.getKey()))
          .append("</td><td class=\"pods\">")
          .append(esc(shown))
          .append(names.size() > 10 ? " and " + (names.size() - 10) + " more" : "")
          .append("</td></tr>");
    }
    html.append("</tbody></table>\n");
    html.truncated(byMessage.size(), "reasons");
    html.append("</section>\n");
  }
}
