package io.schedkit.simulation.report;

import static io.schedkit.simulation.report.Html.esc;
import static io.schedkit.simulation.report.HtmlReport.MAX_GANTT_ROWS;
import static io.schedkit.simulation.report.HtmlReport.MAX_TABLE_ROWS;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The placement timeline: a Gantt chart of a selection of pods, and a table of every pod. */
final class TimelineSection extends Section {
  TimelineSection(ReportData data, PageWriter html) {
    super("timeline", "Placement timeline", data, html);
  }

  @Override
  void render() {
    List<Timeline.PodLife> pods = data.pods;
    List<Timeline.PodLife> chosen = ganttPods();
    html.section(
        id,
        "Placement timeline",
        chosen.size() == pods.size()
            ? "Every pod: amber while pending, coloured while running, a red cross where it was"
                + " evicted."
            : chosen.size()
                + " of the "
                + pods.size()
                + " pods, by workload: every pod group member, the unschedulable pods, the"
                + " first preemptors and their victims, and a sample of every workload. Amber"
                + " while pending, coloured while running, a red cross where a pod was evicted."
                + " Every pod is listed below.");
    List<Charts.Bar> bars = new ArrayList<>();
    for (Timeline.PodLife p : chosen) {
      String w = data.workload(p.pod());
      bars.add(
          new Charts.Bar(
              shorten(p.pod(), 30),
              data.workloadColour.getOrDefault(w, Charts.RUNNING),
              p.created(),
              p.bound(),
              p.ended(),
              p.outcome() == Timeline.Outcome.EVICTED,
              describe(p)));
    }
    html.append(Charts.gantt(bars, data.end, PageWriter.WIDTH));
    html.append("<details><summary>Every pod (")
        .append(pods.size())
        .append(")</summary><div class=\"scroll\"><table><thead><tr><th>pod</th>")
        .append("<th class=\"n\">created</th><th class=\"n\">bound</th><th>node</th>")
        .append("<th class=\"n\">ended</th><th>outcome</th></tr></thead><tbody>");
    int rows = 0;
    for (Timeline.PodLife p : pods) {
      if (rows++ == MAX_TABLE_ROWS) {
        break;
      }
      html.append("<tr><td>")
          .append(esc(p.pod()))
          .append("</td><td class=\"n\">")
          .append(Html.seconds(p.created()))
          .append("</td><td class=\"n\">")
          .append(Html.seconds(p.bound()))
          .append("</td><td>")
          .append(esc(p.node()))
          .append("</td><td class=\"n\">")
          .append(Html.seconds(p.ended()))
          .append("</td><td>")
          .append(esc(outcome(p)))
          .append("</td></tr>");
    }
    html.append("</tbody></table></div>");
    html.truncated(pods.size(), "pods");
    html.append("</details>\n</section>\n");
  }

  /**
   * The pods drawn: every pod, or at most {@code MAX_GANTT_ROWS} of them (pod group members,
   * unschedulable pods, the first preemptors and their victims, then a sample of every workload).
   */
  private List<Timeline.PodLife> ganttPods() {
    List<Timeline.PodLife> pods = data.pods;
    if (pods.size() <= MAX_GANTT_ROWS) {
      return pods;
    }
    Set<Timeline.PodLife> chosen = new LinkedHashSet<>();
    for (Timeline.PodLife p : pods) {
      if (data.groupOfPod(p.pod()) != null && chosen.size() < 40) {
        chosen.add(p);
      }
    }
    int unschedulable = 0;
    for (Timeline.PodLife p : pods) {
      if (p.outcome() == Timeline.Outcome.PENDING && unschedulable++ < 20) {
        chosen.add(p);
      }
    }
    int pairs = 0;
    for (Timeline.Preemption p : data.timeline.preemptions()) {
      if (pairs++ == 15) {
        break;
      }
      if (data.lifeByPod.containsKey(p.preemptor())) {
        chosen.add(data.lifeByPod.get(p.preemptor()));
      }
      if (data.lifeByPod.containsKey(p.victim())) {
        chosen.add(data.lifeByPod.get(p.victim()));
      }
    }
    // Fill up with pods spread evenly over each workload, in proportion to its size.
    int room = MAX_GANTT_ROWS - chosen.size();
    for (List<Timeline.PodLife> members : data.workloads.values()) {
      int share = Math.max(1, (int) Math.round((double) room * members.size() / pods.size()));
      double stride = (double) members.size() / share;
      for (int k = 0; k < share && chosen.size() < MAX_GANTT_ROWS; k++) {
        chosen.add(members.get((int) (k * stride)));
      }
    }
    List<String> order = new ArrayList<>(data.workloads.keySet());
    List<Timeline.PodLife> out = new ArrayList<>(chosen);
    out.sort(
        Comparator.comparingInt((Timeline.PodLife p) -> order.indexOf(data.workload(p.pod())))
            .thenComparingDouble(Timeline.PodLife::created)
            .thenComparing(Timeline.PodLife::pod));
    return out;
  }

  private static String describe(Timeline.PodLife p) {
    StringBuilder sb =
        new StringBuilder(p.pod()).append(": created ").append(Html.seconds(p.created()));
    if (!Double.isNaN(p.bound())) {
      sb.append(", bound to ").append(p.node()).append(" at ").append(Html.seconds(p.bound()));
    }
    sb.append(", ").append(outcome(p));
    if (p.outcome() == Timeline.Outcome.PENDING && !p.lastMessage().isEmpty()) {
      sb.append(": ").append(p.lastMessage());
    }
    return sb.toString();
  }

  private static String outcome(Timeline.PodLife p) {
    return switch (p.outcome()) {
      case PENDING -> "never bound";
      case RUNNING -> "running at the end";
      case COMPLETED -> "completed at " + Html.seconds(p.ended());
      case EVICTED ->
          "evicted at "
              + Html.seconds(p.ended())
              + (p.evictedBy().isEmpty() ? "" : " for " + p.evictedBy());
    };
  }

  private static String shorten(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max - 1) + "…";
  }
}
