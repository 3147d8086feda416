package io.schedkit.simulation.report;

import static io.schedkit.simulation.report.Html.esc;

import io.schedkit.framework.model.PodGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Pod groups: for each gang, its members, when they were bound, on how many nodes, the outcome. */
final class PodGroupsSection extends Section {
  PodGroupsSection(ReportData data, PageWriter html) {
    super("podgroups", "Pod groups", data, html);
  }

  @Override
  void render() {
    Map<String, List<Timeline.PodLife>> groupsOfPods = new TreeMap<>();
    for (Timeline.PodLife p : data.pods) {
      String g = data.groupOfPod(p.pod());
      if (g != null) {
        groupsOfPods.computeIfAbsent(g, k -> new ArrayList<>()).add(p);
      }
    }
    html.section(
        id,
        "Pod groups",
        "Gangs: pods labelled <code>"
            + PodGroup.POD_GROUP_LABEL
            + "</code>, which Coscheduling binds together (at least <code>minMember</code> of"
            + " them) or not at all.");
    if (groupsOfPods.isEmpty()) {
      html.append("<p>No pod belongs to a pod group.</p></section>\n");
      return;
    }
    html.append("<table><thead><tr><th>pod group</th><th class=\"n\">minMember</th>")
        .append("<th class=\"n\">pods</th><th class=\"n\">bound</th><th>when</th>")
        .append("<th class=\"n\">nodes</th><th>outcome</th></tr></thead><tbody>");
    for (Map.Entry<String, List<Timeline.PodLife>> e : groupsOfPods.entrySet()) {
      PodGroup pg = data.podGroups.get(e.getKey());
      List<Timeline.PodLife> members = e.getValue();
      List<Timeline.PodLife> bound =
          members.stream().filter(p -> !Double.isNaN(p.bound())).toList();
      double first = bound.stream().mapToDouble(Timeline.PodLife::bound).min().orElse(Double.NaN);
      double last = bound.stream().mapToDouble(Timeline.PodLife::bound).max().orElse(Double.NaN);
      long nodes = bound.stream().map(Timeline.PodLife::node).distinct().count();
      int min = pg == null ? members.size() : pg.minMember();
      String when =
          bound.isEmpty()
              ? "-"
              : first == last
                  ? "all at " + Html.seconds(first)
                  : Html.seconds(first) + " to " + Html.seconds(last);
      String outcome;
      if (bound.size() >= min && first == last) {
        outcome = "scheduled together";
      } else if (bound.size() >= min) {
        outcome = "scheduled";
      } else if (bound.isEmpty()) {
        String message =
            members.stream()
                .map(Timeline.PodLife::lastMessage)
                .filter(m -> !m.isEmpty())
                .findFirst()
                .orElse("");
        outcome = "not scheduled" + (message.isEmpty() ? "" : ": " + message);
      } else {
        outcome = "partly bound";
      }
      html.append("<tr><td>")
          .append(esc(e.getKey()))
          .append(pg == null ? " <em>(no PodGroup object)</em>" : "")
          .append("</td><td class=\"n\">")
          .append(min)
          .append("</td><td class=\"n\">")
          .append(members.size())
          .append("</td><td class=\"n\">")
          .append(bound.size())
          .append("</td><td>")
          .append(esc(when))
          .append("</td><td class=\"n\">")
          .append(nodes)
          .append("</td><td>")
          .append(esc(outcome))
          .append("</td></tr>");
    }
    html.append("</tbody></table>\n</section>\n");
  }
}
