package io.schedkit.simulation.report;

import static io.schedkit.simulation.report.Html.esc;

import io.schedkit.simulation.SimulationResult;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/** The summary cards under the title: nodes, pods, outcomes, attempts and times. */
final class SummarySection extends Section {
  SummarySection(ReportData data, PageWriter html) {
    super(null, null, data, html);
  }

  @Override
  void render() {
    SimulationResult.Stats s = data.result.stats();
    Set<String> preemptors = new HashSet<>();
    for (Timeline.Preemption p : data.timeline.preemptions()) {
      preemptors.add(p.preemptor());
    }
    html.append("<div class=\"cards\">");
    card(Integer.toString(data.nodeOrder.size()), "nodes", "");
    card(Integer.toString(s.pods()), "pods", "");
    card(Integer.toString(s.scheduled()), "scheduled", "ok");
    card(Integer.toString(s.unschedulable()), "unschedulable", s.unschedulable() > 0 ? "warn" : "");
    card(Integer.toString(s.evicted()), "evicted", s.evicted() > 0 ? "bad" : "");
    card(Integer.toString(preemptors.size()), "preemptors", "");
    card(Long.toString(s.attempts()), "scheduling attempts", "");
    card(Html.duration(s.virtualSeconds()), "virtual time", "");
    card(Html.duration(s.wallSeconds()), "wall time", "");
    card(String.format(Locale.ROOT, "%,.0f", s.podsPerSecond()), "pods / wall second", "");
    html.append("</div>\n");
  }

  private void card(String value, String label, String kind) {
    html.append("<div class=\"card ")
        .append(kind)
        .append("\"><b>")
        .append(esc(value))
        .append("</b><span>")
        .append(esc(label))
        .append("</span></div>");
  }
}
