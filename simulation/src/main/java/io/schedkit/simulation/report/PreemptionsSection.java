package io.schedkit.simulation.report;

import static io.schedkit.simulation.report.Html.esc;
import static io.schedkit.simulation.report.HtmlReport.MAX_TABLE_ROWS;

import io.schedkit.framework.model.Pod;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Preemptions: who evicted whom, with their priorities, where and when. */
final class PreemptionsSection extends Section {
  PreemptionsSection(ReportData data, PageWriter html) {
    super("preemptions", "Preemptions", data, html);
  }

  @Override
  void render() {
    List<Timeline.Preemption> list = data.timeline.preemptions();
    Set<String> preemptors = new LinkedHashSet<>();
    Set<String> nodes = new HashSet<>();
    for (Timeline.Preemption p : list) {
      preemptors.add(p.preemptor());
      nodes.add(p.node());
    }
    html.section(
        id,
        "Preemptions",
        list.isEmpty()
            ? "No pod was evicted."
            : list.size()
                + " pods evicted for "
                + preemptors.size()
                + " higher-priority pods on "
                + nodes.size()
                + " nodes (kube-scheduler's DefaultPreemption: the victims are the fewest,"
                + " lowest-priority pods whose removal lets the preemptor fit).");
    if (!list.isEmpty()) {
      html.append("<div class=\"scroll\"><table><thead><tr><th class=\"n\">time</th>")
          .append("<th>preemptor</th><th class=\"n\">priority</th><th>evicted</th>")
          .append("<th class=\"n\">priority</th><th>node</th></tr></thead><tbody>");
      int rows = 0;
      for (Timeline.Preemption p : list) {
        if (rows++ == MAX_TABLE_ROWS) {
          break;
        }
        html.append("<tr><td class=\"n\">")
            .append(Html.seconds(p.time()))
            .append("</td><td>")
            .append(esc(p.preemptor().isEmpty() ? "(unknown)" : p.preemptor()))
            .append("</td><td class=\"n\">")
            .append(priority(p.preemptor()))
            .append("</td><td>")
            .append(esc(p.victim()))
            .append("</td><td class=\"n\">")
            .append(priority(p.victim()))
            .append("</td><td>")
            .append(esc(p.node()))
            .append("</td></tr>");
      }
      html.append("</tbody></table></div>");
      html.truncated(list.size(), "preemptions");
    }
    html.append("</section>\n");
  }

  private String priority(String pod) {
    Pod p = data.podsByKey.get(pod);
    return p == null ? "" : String.format(Locale.ROOT, "%,d", p.priority());
  }
}
