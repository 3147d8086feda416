package io.schedkit.simulation.report;

import static io.schedkit.simulation.report.Html.esc;
import static io.schedkit.simulation.report.HtmlReport.MAX_HEATMAP_ROWS;
import static io.schedkit.simulation.report.HtmlReport.MAX_TABLE_ROWS;
import static io.schedkit.simulation.report.ReportData.BUCKETS;

import io.schedkit.framework.model.Node;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Utilisation per node: a heatmap per resource, a table per group and one per node. */
final class NodesSection extends Section {
  NodesSection(ReportData data, PageWriter html) {
    super("nodes", "Nodes", data, html);
  }

  @Override
  void render() {
    List<String> nodeOrder = data.nodeOrder;
    double end = data.end;
    html.section(
        id,
        "Utilisation per node",
        "Each row is a node"
            + (nodeOrder.size() > MAX_HEATMAP_ROWS
                ? " range (the "
                    + nodeOrder.size()
                    + " nodes are averaged in ranges of consecutive nodes to keep "
                    + MAX_HEATMAP_ROWS
                    + " rows)"
                : "")
            + ", grouped by "
            + (data.groupLabel == null ? "nothing" : "<code>" + esc(data.groupLabel) + "</code>")
            + "; darker is more requested, dark red is above 95 %. Empty (grey) cells: nothing"
            + " requested.");
    List<String> resources = data.chartedResources();
    html.append("<div class=\"grid2\">");
    for (String r : resources) {
      List<String> nodes =
          r.equals("cpu") || r.equals("memory")
              ? nodeOrder
              : nodeOrder.stream().filter(n -> offers(n, r)).toList();
      html.append("<div>").append(heatmap(r, nodes)).append("</div>");
    }
    html.append("</div>\n");

    html.append("<h3>Per ").append(data.groupLabel == null ? "cluster" : "group").append("</h3>");
    html.append("<table><thead><tr><th>group</th><th class=\"n\">nodes</th>");
    html.append("<th class=\"n\">cordoned</th>");
    for (String r : resources) {
      html.append("<th>").append(esc(PageWriter.shortName(r))).append(" at end · peak · mean</th>");
    }
    html.append("</tr></thead><tbody>");
    for (String g : data.groups) {
      List<String> members = data.membersOf(g);
      long cordoned =
          members.stream()
              .map(data.nodesByName::get)
              .filter(n -> n != null && n.spec().unschedulable())
              .count();
      html.append("<tr><td>")
          .append(esc(g))
          .append("</td><td class=\"n\">")
          .append(members.size())
          .append("</td><td class=\"n\">")
          .append(cordoned)
          .append("</td>");
      for (String r : resources) {
        UtilisationHistory.Step s = data.history.aggregate(members, r);
        html.append("<td>")
            .append(data.allocatableSomewhere(s) ? usage(s, r) : "<span class=\"dim\">-</span>")
            .append("</td>");
      }
      html.append("</tr>");
    }
    html.append("</tbody></table>\n");

    html.append("<details")
        .append(nodeOrder.size() <= 60 ? " open" : "")
        .append("><summary>Every node at the end of the run, with its peak (")
        .append(nodeOrder.size())
        .append(")</summary><div class=\"scroll\"><table><thead><tr><th>node</th><th>group</th>")
        .append("<th>zone</th><th class=\"n\">pods at end</th>");
    for (String r : resources) {
      html.append("<th>").append(esc(PageWriter.shortName(r))).append(" at end · peak</th>");
    }
    html.append("</tr></thead><tbody>");
    int rows = 0;
    for (String n : nodeOrder) {
      if (rows++ == MAX_TABLE_ROWS) {
        break;
      }
      Node node = data.nodesByName.get(n);
      html.append("<tr><td>")
          .append(esc(n))
          .append(node != null && node.spec().unschedulable() ? " <em>(cordoned)</em>" : "")
          .append("</td><td>")
          .append(esc(data.groupOf.get(n)))
          .append("</td><td>")
          .append(esc(node == null ? "" : node.labels().getOrDefault(ReportData.ZONE_LABEL, "")))
          .append("</td><td class=\"n\">")
          .append(Math.round(data.history.node(n, "pods").requestedAt(end)))
          .append("</td>");
      for (String r : resources) {
        html.append("<td>");
        if (r.equals("cpu") || r.equals("memory") || offers(n, r)) {
          UtilisationHistory.Step s = data.history.node(n, r);
          html.append(bar(s.fractionAt(end), s.peak(0, end)))
              .append(Html.percent(s.fractionAt(end)))
              .append(" · ")
              .append(Html.percent(s.peak(0, end)));
        } else {
          html.append("<span class=\"dim\">-</span>");
        }
        html.append("</td>");
      }
      html.append("</tr>");
    }
    html.append("</tbody></table></div>");
    html.truncated(nodeOrder.size(), "nodes");
    html.append("</details>\n</section>\n");
  }

  private boolean offers(String node, String resource) {
    Node n = data.nodesByName.get(node);
    if (n != null && n.allocatable().get(resource).map(q -> q.signum() > 0).orElse(false)) {
      return true;
    }
    return data.history.node(node, resource).peak(0, data.end) > 0
        || data.history.node(node, resource).allocatableAt(data.end) > 0;
  }

  private String usage(UtilisationHistory.Step s, String resource) {
    double end = data.end;
    double atEnd = s.fractionAt(end);
    double peak = s.peak(0, end);
    return bar(atEnd, peak)
        + Html.percent(atEnd)
        + " · "
        + Html.percent(peak)
        + " · "
        + Html.percent(s.mean(0, end))
        + " <span class=\"dim\">of "
        + esc(amount(s.allocatableAt(end), resource))
        + "</span>";
  }

  private static String bar(double value, double peak) {
    return "<span class=\"barbox\"><span class=\"bar\" style=\"width:"
        + Math.round(Math.min(1, value) * 100)
        + "%\"></span><span class=\"peak\" style=\"left:"
        + Math.round(Math.min(1, peak) * 100)
        + "%\"></span></span>";
  }

  private static String amount(double value, String resource) {
    return switch (resource) {
      case "cpu" -> String.format(Locale.ROOT, "%,.0f cores", value / 1000);
      case "memory" -> String.format(Locale.ROOT, "%,.0f GiB", value / (1024.0 * 1024 * 1024));
      default -> String.format(Locale.ROOT, "%,.0f", value);
    };
  }

  private String heatmap(String resource, List<String> nodes) {
    double end = data.end;
    List<Charts.HeatRow> rows = new ArrayList<>();
    if (nodes.size() <= MAX_HEATMAP_ROWS) {
      for (String n : nodes) {
        UtilisationHistory.Step s = data.history.node(n, resource);
        Node node = data.nodesByName.get(n);
        boolean cordoned = node != null && node.spec().unschedulable();
        rows.add(
            new Charts.HeatRow(
                cordoned ? n + " (cordoned)" : n,
                data.groupOf.get(n),
                s.buckets(end, BUCKETS),
                n
                    + ": peak "
                    + Html.percent(s.peak(0, end))
                    + ", mean "
                    + Html.percent(s.mean(0, end))));
      }
    } else {
      Map<String, List<String>> byGroup = new LinkedHashMap<>();
      for (String n : nodes) {
        byGroup.computeIfAbsent(data.groupOf.get(n), g -> new ArrayList<>()).add(n);
      }
      for (Map.Entry<String, List<String>> e : byGroup.entrySet()) {
        List<String> members = e.getValue();
        int budget =
            Math.max(
                1, (int) Math.round((double) MAX_HEATMAP_ROWS * members.size() / nodes.size()));
        int per = (members.size() + budget - 1) / budget;
        for (int i = 0; i < members.size(); i += per) {
          List<String> range = members.subList(i, Math.min(members.size(), i + per));
          UtilisationHistory.Step s = data.history.aggregate(range, resource);
          String label =
              range.size() == 1 ? range.get(0) : range.get(0) + " +" + (range.size() - 1);
          rows.add(
              new Charts.HeatRow(
                  label,
                  e.getKey(),
                  s.buckets(end, BUCKETS),
                  range.get(0)
                      + " … "
                      + range.get(range.size() - 1)
                      + " ("
                      + range.size()
                      + " nodes): peak "
                      + Html.percent(s.peak(0, end))));
        }
      }
    }
    int rowHeight = Math.max(8, Math.min(12, 640 / Math.max(1, rows.size())));
    return Charts.heatmap(PageWriter.resourceTitle(resource), rows, end, 580, rowHeight);
  }
}
