package io.schedkit.simulation.report;

import static io.schedkit.simulation.report.Html.esc;

import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.simulation.SimulationEvent;
import io.schedkit.simulation.SimulationListener;
import io.schedkit.simulation.SimulationResult;
import io.schedkit.simulation.UtilisationSample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The HTML report of a simulation: one self-contained page (inline CSS and SVG, no script, nothing
 * fetched from the network) with the cluster's utilisation per node pool and per resource over
 * time, a heatmap of every node's utilisation, utilisation per node at the end and at its peak, the
 * pods per workload over time, the placement timeline (when pods were created, bound, completed or
 * evicted), the pod groups' outcome, the preemptions (who evicted whom, where, when) and the
 * unschedulable pods with kube-scheduler's reasons.
 *
 * <p>Attach it to a {@code Simulation} as a {@link SimulationListener}, run the simulation, then
 * {@link #write} (or {@link #render}) with the result:
 *
 * <pre>{@code
 * HtmlReport report = HtmlReport.builder().title("My run").objects(allObjects).build();
 * SimulationResult result = Simulation.builder()....listener(report).build().run();
 * report.write(Path.of("report.html"), result);
 * }</pre>
 *
 * <p>Large runs stay readable: the heatmap shows at most {@value #MAX_HEATMAP_ROWS} rows (ranges of
 * nodes averaged beyond that), the placement timeline at most {@value #MAX_GANTT_ROWS} pods (pod
 * group members, unschedulable pods, preemptors and their victims first, then a sample of every
 * workload), the swimlanes at most {@value #MAX_LANES} workloads, and each table at most {@value
 * #MAX_TABLE_ROWS} rows, with a note saying what was left out.
 *
 * <p>Design note: the report only records while the simulation runs (a {@link Timeline} and a
 * {@link UtilisationHistory}), and renders once at the end; it is used on the simulation's thread.
 */
public final class HtmlReport implements SimulationListener {
  /** The most heatmap rows; beyond that, consecutive nodes of a group share a row. */
  public static final int MAX_HEATMAP_ROWS = 80;

  /** The most pods drawn in the placement timeline. */
  public static final int MAX_GANTT_ROWS = 150;

  /** The most workloads drawn as swimlanes; the rest share one lane. */
  public static final int MAX_LANES = 24;

  /** The most rows of each table. */
  public static final int MAX_TABLE_ROWS = 2000;

  private static final int BUCKETS = 120;
  private static final int WIDTH = 1180;
  private static final Pattern GENERATED_SUFFIX = Pattern.compile("-([0-9]+|[a-z0-9]{5})$");
  private static final String ZONE_LABEL = "topology.kubernetes.io/zone";

  private final String title;
  private final String subtitle;
  private final String groupLabel;
  private final Map<String, Node> nodesByName = new LinkedHashMap<>();
  private final Map<String, Pod> podsByKey = new HashMap<>();
  private final Map<String, PodGroup> podGroups = new HashMap<>();
  private final Timeline timeline = new Timeline();
  private final UtilisationHistory history = new UtilisationHistory();

  private HtmlReport(Builder b) {
    this.title = b.title;
    this.subtitle = b.subtitle;
    for (KubeObject o : b.objects) {
      if (o instanceof Node n) {
        nodesByName.put(n.name(), n);
      } else if (o instanceof Pod p) {
        podsByKey.put(p.key(), p);
      } else if (o instanceof PodGroup g) {
        podGroups.put(g.key(), g);
      }
    }
    if (b.groupLabel != null) {
      this.groupLabel = b.groupLabel;
    } else {
      boolean zoned =
          !nodesByName.isEmpty()
              && nodesByName.values().stream().allMatch(n -> n.labels().containsKey(ZONE_LABEL));
      this.groupLabel = zoned ? ZONE_LABEL : null;
    }
  }

  /**
   * Returns a builder.
   *
   * @return a builder titled "schedkit simulation", knowing no object, grouping nodes by zone
   */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public void onEvent(SimulationEvent event) {
    timeline.onEvent(event);
  }

  @Override
  public void onUtilisation(UtilisationSample sample) {
    history.onUtilisation(sample);
  }

  /**
   * Returns what the report recorded about pods.
   *
   * @return the timeline
   */
  public Timeline timeline() {
    return timeline;
  }

  /**
   * Returns what the report recorded about nodes.
   *
   * @return the utilisation history
   */
  public UtilisationHistory utilisation() {
    return history;
  }

  /**
   * Writes the page to {@code file} (UTF-8), creating its parent directories.
   *
   * @param file where to write
   * @param result the simulation's result
   * @throws IOException if the file cannot be written
   */
  public void write(Path file, SimulationResult result) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(file, render(result), StandardCharsets.UTF_8);
  }

  /**
   * Renders the page.
   *
   * @param result the simulation's result
   * @return the HTML document
   */
  public String render(SimulationResult result) {
    return new Page(result).render();
  }

  // ------------------------------------------------------------------ the page

  /** One rendering: the recorded data arranged for the sections. */
  private final class Page {
    private final SimulationResult result;
    private final double end;
    private final List<Timeline.PodLife> pods;
    private final Map<String, Timeline.PodLife> lifeByPod = new HashMap<>();
    private final List<String> nodeOrder;
    private final Map<String, String> groupOf = new HashMap<>();
    private final List<String> groups;
    private final Map<String, List<String>> workloads = new LinkedHashMap<>();
    private final Map<String, String> workloadColour = new HashMap<>();
    private final StringBuilder html = new StringBuilder(1 << 16);

    Page(SimulationResult result) {
      this.result = result;
      double e = Math.max(timeline.end(), result.stats().virtualSeconds());
      this.end = e > 0 ? e : 1;
      this.pods = timeline.pods();
      for (Timeline.PodLife p : pods) {
        lifeByPod.put(p.pod(), p);
        workloads.computeIfAbsent(workload(p.pod()), w -> new ArrayList<>()).add(p.pod());
      }
      int i = 0;
      for (String w : workloads.keySet()) {
        workloadColour.put(w, Charts.colour(i++));
      }
      Set<String> names = new LinkedHashSet<>(nodesByName.keySet());
      names.addAll(history.nodes());
      TreeSet<String> groupNames = new TreeSet<>();
      for (String n : names) {
        String g = group(n);
        groupOf.put(n, g);
        groupNames.add(g);
      }
      this.groups = List.copyOf(groupNames);
      List<String> order = new ArrayList<>(names);
      order.sort(Comparator.comparing((String n) -> groupOf.get(n)).thenComparing(n -> n));
      this.nodeOrder = order;
    }

    private String group(String node) {
      Node n = nodesByName.get(node);
      if (groupLabel == null) {
        return "nodes";
      }
      String g = n == null ? null : n.labels().get(groupLabel);
      return g == null ? "(no " + groupLabel + ")" : g;
    }

    String render() {
      head();
      summary();
      utilisationSection();
      nodesSection();
      workloadsSection();
      timelineSection();
      podGroupsSection();
      preemptionsSection();
      unschedulableSection();
      html.append("<footer>Generated by schedkit (kube-scheduler v1.35 semantics). Times are")
          .append(" virtual seconds since the start of the simulation. Hover a chart for")
          .append(" details.</footer>\n</main>\n</body>\n</html>\n");
      return html.toString();
    }

    // -------------------------------------------------------------- header

    private void head() {
      html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
          .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
          .append("<title>")
          .append(esc(title))
          .append("</title>\n<style>\n")
          .append(CSS)
          .append("</style>\n</head>\n<body>\n<main>\n<header>\n<h1>")
          .append(esc(title))
          .append("</h1>\n");
      if (!subtitle.isEmpty()) {
        html.append("<p class=\"sub\">").append(esc(subtitle)).append("</p>\n");
      }
      html.append("<nav>")
          .append("<a href=\"#utilisation\">Utilisation</a>")
          .append("<a href=\"#nodes\">Nodes</a>")
          .append("<a href=\"#workloads\">Workloads</a>")
          .append("<a href=\"#timeline\">Placement timeline</a>")
          .append("<a href=\"#podgroups\">Pod groups</a>")
          .append("<a href=\"#preemptions\">Preemptions</a>")
          .append("<a href=\"#unschedulable\">Unschedulable</a>")
          .append("</nav>\n</header>\n");
    }

    private void summary() {
      SimulationResult.Stats s = result.stats();
      Set<String> preemptors = new HashSet<>();
      for (Timeline.Preemption p : timeline.preemptions()) {
        preemptors.add(p.preemptor());
      }
      html.append("<div class=\"cards\">");
      card(Integer.toString(nodeOrder.size()), "nodes", "");
      card(Integer.toString(s.pods()), "pods", "");
      card(Integer.toString(s.scheduled()), "scheduled", "ok");
      card(
          Integer.toString(s.unschedulable()),
          "unschedulable",
          s.unschedulable() > 0 ? "warn" : "");
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

    // -------------------------------------------------------------- utilisation

    private List<String> chartedResources() {
      List<String> out = new ArrayList<>();
      for (String r : history.resources()) {
        if (r.equals("cpu") || r.equals("memory") || (r.contains("/") && history.offered(r))) {
          out.add(r);
        }
      }
      return out;
    }

    private void utilisationSection() {
      section(
          "utilisation",
          "Utilisation over time",
          "Requested resources over allocatable resources of each "
              + (groupLabel == null ? "node set" : "<code>" + esc(groupLabel) + "</code> group")
              + " (dashed: the whole cluster), averaged over "
              + Html.duration(end / BUCKETS)
              + " intervals; below, the pods running and pending.");
      List<String> resources = chartedResources();
      html.append("<div class=\"grid").append(resources.size() >= 3 ? 3 : 2).append("\">");
      int w = resources.size() >= 3 ? 380 : 575;
      for (String r : resources) {
        List<Charts.Line> lines = new ArrayList<>();
        int i = 0;
        for (String g : groups) {
          List<String> members = membersOf(g);
          UtilisationHistory.Step step = history.aggregate(members, r);
          if (allocatableSomewhere(step)) {
            lines.add(new Charts.Line(g, Charts.colour(i), step.buckets(end, BUCKETS), false));
          }
          i++;
        }
        if (groups.size() > 1) {
          UtilisationHistory.Step all = history.aggregate(nodeOrder, r);
          lines.add(new Charts.Line("cluster", "#1f2a33", all.buckets(end, BUCKETS), true));
        }
        html.append(Charts.fractions(resourceTitle(r), lines, end, w, 230));
      }
      html.append("</div>\n");
      double[] running = new double[BUCKETS];
      double[] pending = new double[BUCKETS];
      for (Timeline.PodLife p : pods) {
        double bound = Double.isNaN(p.bound()) ? Double.NaN : p.bound();
        double stop = Double.isNaN(p.ended()) ? end : p.ended();
        if (Double.isNaN(bound)) {
          addInterval(pending, p.created(), stop);
        } else {
          addInterval(pending, p.created(), bound);
          addInterval(running, bound, stop);
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
              WIDTH,
              220));
      html.append("</section>\n");
    }

    private boolean allocatableSomewhere(UtilisationHistory.Step step) {
      return step.allocatableAt(end) > 0 || step.peak(0, end) > 0;
    }

    private List<String> membersOf(String group) {
      List<String> out = new ArrayList<>();
      for (String n : nodeOrder) {
        if (groupOf.get(n).equals(group)) {
          out.add(n);
        }
      }
      return out;
    }

    /** Adds the time-weighted overlap of {@code [from, to)} with each interval. */
    private void addInterval(double[] buckets, double from, double to) {
      if (!(to > from)) {
        return;
      }
      double width = end / buckets.length;
      int first = Math.max(0, (int) Math.floor(from / width));
      int last = Math.min(buckets.length - 1, (int) Math.floor(to / width));
      for (int b = first; b <= last; b++) {
        double lo = Math.max(from, b * width);
        double hi = Math.min(to, (b + 1) * width);
        if (hi > lo) {
          buckets[b] += (hi - lo) / width;
        }
      }
    }

    // -------------------------------------------------------------- nodes

    private void nodesSection() {
      section(
          "nodes",
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
              + (groupLabel == null ? "nothing" : "<code>" + esc(groupLabel) + "</code>")
              + "; darker is more requested, dark red is above 95 %. Empty (grey) cells: nothing"
              + " requested.");
      List<String> resources = chartedResources();
      html.append("<div class=\"grid2\">");
      for (String r : resources) {
        List<String> nodes =
            r.equals("cpu") || r.equals("memory")
                ? nodeOrder
                : nodeOrder.stream().filter(n -> offers(n, r)).toList();
        html.append("<div>").append(heatmap(r, nodes)).append("</div>");
      }
      html.append("</div>\n");

      html.append("<h3>Per ").append(groupLabel == null ? "cluster" : "group").append("</h3>");
      html.append("<table><thead><tr><th>group</th><th class=\"n\">nodes</th>");
      html.append("<th class=\"n\">cordoned</th>");
      for (String r : resources) {
        html.append("<th>").append(esc(shortName(r))).append(" at end · peak · mean</th>");
      }
      html.append("</tr></thead><tbody>");
      for (String g : groups) {
        List<String> members = membersOf(g);
        long cordoned =
            members.stream()
                .map(nodesByName::get)
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
          UtilisationHistory.Step s = history.aggregate(members, r);
          html.append("<td>")
              .append(allocatableSomewhere(s) ? usage(s, r) : "<span class=\"dim\">-</span>")
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
        html.append("<th>").append(esc(shortName(r))).append(" at end · peak</th>");
      }
      html.append("</tr></thead><tbody>");
      int rows = 0;
      for (String n : nodeOrder) {
        if (rows++ == MAX_TABLE_ROWS) {
          break;
        }
        Node node = nodesByName.get(n);
        html.append("<tr><td>")
            .append(esc(n))
            .append(node != null && node.spec().unschedulable() ? " <em>(cordoned)</em>" : "")
            .append("</td><td>")
            .append(esc(groupOf.get(n)))
            .append("</td><td>")
            .append(esc(node == null ? "" : node.labels().getOrDefault(ZONE_LABEL, "")))
            .append("</td><td class=\"n\">")
            .append(Math.round(history.node(n, "pods").requestedAt(end)))
            .append("</td>");
        for (String r : resources) {
          html.append("<td>");
          if (r.equals("cpu") || r.equals("memory") || offers(n, r)) {
            UtilisationHistory.Step s = history.node(n, r);
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
      truncated(nodeOrder.size(), "nodes");
      html.append("</details>\n</section>\n");
    }

    private boolean offers(String node, String resource) {
      Node n = nodesByName.get(node);
      if (n != null && n.allocatable().get(resource).map(q -> q.signum() > 0).orElse(false)) {
        return true;
      }
      return history.node(node, resource).peak(0, end) > 0
          || history.node(node, resource).allocatableAt(end) > 0;
    }

    private String usage(UtilisationHistory.Step s, String resource) {
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

    private String bar(double value, double peak) {
      return "<span class=\"barbox\"><span class=\"bar\" style=\"width:"
          + Math.round(Math.min(1, value) * 100)
          + "%\"></span><span class=\"peak\" style=\"left:"
          + Math.round(Math.min(1, peak) * 100)
          + "%\"></span></span>";
    }

    private String heatmap(String resource, List<String> nodes) {
      List<Charts.HeatRow> rows = new ArrayList<>();
      if (nodes.size() <= MAX_HEATMAP_ROWS) {
        for (String n : nodes) {
          UtilisationHistory.Step s = history.node(n, resource);
          Node node = nodesByName.get(n);
          boolean cordoned = node != null && node.spec().unschedulable();
          rows.add(
              new Charts.HeatRow(
                  cordoned ? n + " (cordoned)" : n,
                  groupOf.get(n),
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
          byGroup.computeIfAbsent(groupOf.get(n), g -> new ArrayList<>()).add(n);
        }
        for (Map.Entry<String, List<String>> e : byGroup.entrySet()) {
          List<String> members = e.getValue();
          int budget =
              Math.max(
                  1, (int) Math.round((double) MAX_HEATMAP_ROWS * members.size() / nodes.size()));
          int per = (members.size() + budget - 1) / budget;
          for (int i = 0; i < members.size(); i += per) {
            List<String> range = members.subList(i, Math.min(members.size(), i + per));
            UtilisationHistory.Step s = history.aggregate(range, resource);
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
      return Charts.heatmap(resourceTitle(resource), rows, end, 580, rowHeight);
    }

    // -------------------------------------------------------------- workloads

    private void workloadsSection() {
      section(
          "workloads",
          "Workloads",
          "Pods grouped by namespace and <code>app</code> label (or name without its generated"
              + " suffix). Wait: from creation to binding, for the pods that were bound.");
      html.append("<table><thead><tr><th>workload</th><th class=\"n\">pods</th>")
          .append("<th class=\"n\">bound</th><th class=\"n\">completed</th>")
          .append("<th class=\"n\">evicted</th><th class=\"n\">running at end</th>")
          .append("<th class=\"n\">never bound</th><th class=\"n\">mean wait</th>")
          .append("<th class=\"n\">max wait</th></tr></thead><tbody>");
      List<Charts.Lane> lanes = new ArrayList<>();
      List<String> other = new ArrayList<>();
      int rows = 0;
      for (Map.Entry<String, List<String>> e : workloads.entrySet()) {
        List<Timeline.PodLife> lives = e.getValue().stream().map(lifeByPod::get).toList();
        if (rows++ < MAX_TABLE_ROWS) {
          workloadRow(e.getKey(), lives);
        }
        if (lanes.size() < MAX_LANES - 1 || workloads.size() == MAX_LANES) {
          lanes.add(lane(e.getKey(), workloadColour.get(e.getKey()), lives));
        } else {
          other.addAll(e.getValue());
        }
      }
      html.append("</tbody></table>\n");
      truncated(workloads.size(), "workloads");
      if (!other.isEmpty()) {
        lanes.add(
            lane(
                (workloads.size() - lanes.size()) + " other workloads",
                "#9aa3ad",
                other.stream().map(lifeByPod::get).toList()));
      }
      html.append("<h3>Pods per workload over time</h3>")
          .append("<p class=\"note\">Each lane is scaled to its own maximum.</p>")
          .append(Charts.lanes(lanes, end, WIDTH))
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
          .append(workloadColour.get(name))
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
        double stop = Double.isNaN(p.ended()) ? end : p.ended();
        if (Double.isNaN(p.bound())) {
          addInterval(pending, p.created(), stop);
        } else {
          addInterval(pending, p.created(), p.bound());
          addInterval(running, p.bound(), stop);
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

    // -------------------------------------------------------------- timeline

    private void timelineSection() {
      List<Timeline.PodLife> chosen = ganttPods();
      section(
          "timeline",
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
        String w = workload(p.pod());
        bars.add(
            new Charts.Bar(
                shorten(p.pod(), 30),
                workloadColour.getOrDefault(w, Charts.RUNNING),
                p.created(),
                p.bound(),
                p.ended(),
                p.outcome() == Timeline.Outcome.EVICTED,
                describe(p)));
      }
      html.append(Charts.gantt(bars, end, WIDTH));
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
      truncated(pods.size(), "pods");
      html.append("</details>\n</section>\n");
    }

    private List<Timeline.PodLife> ganttPods() {
      if (pods.size() <= MAX_GANTT_ROWS) {
        return pods;
      }
      Set<String> chosen = new LinkedHashSet<>();
      for (Timeline.PodLife p : pods) {
        if (groupOfPod(p.pod()) != null && chosen.size() < 40) {
          chosen.add(p.pod());
        }
      }
      int unschedulable = 0;
      for (Timeline.PodLife p : pods) {
        if (p.outcome() == Timeline.Outcome.PENDING && unschedulable++ < 20) {
          chosen.add(p.pod());
        }
      }
      int pairs = 0;
      for (Timeline.Preemption p : timeline.preemptions()) {
        if (pairs++ == 15) {
          break;
        }
        if (lifeByPod.containsKey(p.preemptor())) {
          chosen.add(p.preemptor());
        }
        chosen.add(p.victim());
      }
      // Fill up with pods spread evenly over each workload, in proportion to its size.
      int room = MAX_GANTT_ROWS - chosen.size();
      for (List<String> members : workloads.values()) {
        int share = Math.max(1, (int) Math.round((double) room * members.size() / pods.size()));
        double stride = (double) members.size() / share;
        for (int k = 0; k < share && chosen.size() < MAX_GANTT_ROWS; k++) {
          chosen.add(members.get((int) (k * stride)));
        }
      }
      List<String> order = new ArrayList<>(workloads.keySet());
      List<Timeline.PodLife> out = new ArrayList<>();
      for (String pod : chosen) {
        out.add(lifeByPod.get(pod));
      }
      out.sort(
          Comparator.comparingInt((Timeline.PodLife p) -> order.indexOf(workload(p.pod())))
              .thenComparingDouble(Timeline.PodLife::created)
              .thenComparing(Timeline.PodLife::pod));
      return out;
    }

    private String describe(Timeline.PodLife p) {
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

    private String outcome(Timeline.PodLife p) {
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

    // -------------------------------------------------------------- pod groups

    private String groupOfPod(String pod) {
      Pod p = podsByKey.get(pod);
      String g = p == null ? null : p.labels().get(PodGroup.POD_GROUP_LABEL);
      return g == null ? null : p.namespace() + "/" + g;
    }

    private void podGroupsSection() {
      Map<String, List<Timeline.PodLife>> groupsOfPods = new TreeMap<>();
      for (Timeline.PodLife p : pods) {
        String g = groupOfPod(p.pod());
        if (g != null) {
          groupsOfPods.computeIfAbsent(g, k -> new ArrayList<>()).add(p);
        }
      }
      section(
          "podgroups",
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
        PodGroup pg = podGroups.get(e.getKey());
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

    // -------------------------------------------------------------- preemptions

    private void preemptionsSection() {
      List<Timeline.Preemption> list = timeline.preemptions();
      Set<String> preemptors = new LinkedHashSet<>();
      Set<String> nodes = new HashSet<>();
      for (Timeline.Preemption p : list) {
        preemptors.add(p.preemptor());
        nodes.add(p.node());
      }
      section(
          "preemptions",
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
        truncated(list.size(), "preemptions");
      }
      html.append("</section>\n");
    }

    private String priority(String pod) {
      Pod p = podsByKey.get(pod);
      return p == null ? "" : String.format(Locale.ROOT, "%,d", p.priority());
    }

    // -------------------------------------------------------------- unschedulable

    private void unschedulableSection() {
      Map<String, String> stuck = result.unschedulable();
      int waited = 0;
      for (Timeline.PodLife p : pods) {
        if (!Double.isNaN(p.firstUnschedulable()) && !Double.isNaN(p.bound())) {
          waited++;
        }
      }
      section(
          "unschedulable",
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
      truncated(byMessage.size(), "reasons");
      html.append("</section>\n");
    }

    // -------------------------------------------------------------- helpers

    private void section(String id, String heading, String noteHtml) {
      html.append("<section id=\"")
          .append(id)
          .append("\">\n<h2>")
          .append(esc(heading))
          .append("</h2>\n<p class=\"note\">")
          .append(noteHtml)
          .append("</p>\n");
    }

    private void truncated(int total, String what) {
      if (total > MAX_TABLE_ROWS) {
        html.append("<p class=\"note\">Showing the first ")
            .append(MAX_TABLE_ROWS)
            .append(" of ")
            .append(total)
            .append(' ')
            .append(what)
            .append(".</p>");
      }
    }
  }

  private static String resourceTitle(String resource) {
    return switch (resource) {
      case "cpu" -> "CPU requested";
      case "memory" -> "Memory requested";
      default -> shortName(resource) + " requested (" + resource + ")";
    };
  }

  private static String shortName(String resource) {
    int slash = resource.lastIndexOf('/');
    String s = slash < 0 ? resource : resource.substring(slash + 1);
    return s.equals("gpu") ? "GPU" : s;
  }

  private static String amount(double value, String resource) {
    return switch (resource) {
      case "cpu" -> String.format(Locale.ROOT, "%,.0f cores", value / 1000);
      case "memory" -> String.format(Locale.ROOT, "%,.0f GiB", value / (1024.0 * 1024 * 1024));
      default -> String.format(Locale.ROOT, "%,.0f", value);
    };
  }

  private static String shorten(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max - 1) + "…";
  }

  /** The workload of a pod: namespace and {@code app} label, or its name without a suffix. */
  private String workload(String pod) {
    Pod p = podsByKey.get(pod);
    int slash = pod.indexOf('/');
    String namespace = slash < 0 ? "" : pod.substring(0, slash);
    String name = slash < 0 ? pod : pod.substring(slash + 1);
    String app = p == null ? null : p.labels().get("app");
    if (app == null && p != null) {
      app = p.labels().get("app.kubernetes.io/name");
    }
    if (app == null) {
      app = GENERATED_SUFFIX.matcher(name).replaceFirst("");
    }
    return namespace.isEmpty() ? app : namespace + "/" + app;
  }

  private static final String CSS =
      """
      :root { color-scheme: light; }
      body { margin: 0; background: #f5f6f8; color: #1f2a33;
        font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial,
        sans-serif; }
      main { max-width: 1240px; margin: 0 auto; padding: 24px 28px 40px; }
      h1 { font-size: 24px; margin: 0 0 2px; }
      h2 { font-size: 18px; margin: 0 0 4px; }
      h3 { font-size: 14px; margin: 18px 0 6px; }
      .sub { color: #5b6670; margin: 0 0 8px; }
      nav a { color: #2b5b8a; margin-right: 16px; text-decoration: none; font-size: 13px; }
      nav a:hover { text-decoration: underline; }
      .cards { display: grid; grid-template-columns: repeat(5, 1fr);
        gap: 10px; margin: 16px 0; }
      .card { background: #fff; border: 1px solid #e1e5ea; border-radius: 8px; padding: 8px 12px; }
      .card b { display: block; font-size: 20px; font-variant-numeric: tabular-nums; }
      .card span { color: #5b6670; font-size: 11px; text-transform: uppercase;
        letter-spacing: .04em; }
      .card.ok b { color: #2f7d32; } .card.warn b { color: #b26a00; } .card.bad b { color: #c62828; }
      section { background: #fff; border: 1px solid #e1e5ea; border-radius: 10px;
        padding: 16px 20px; margin: 16px 0; }
      p.note { color: #5b6670; margin: 0 0 12px; font-size: 13px; max-width: 980px; }
      .grid2 { display: grid; grid-template-columns: 1fr 1fr; gap: 16px 20px; margin-bottom: 8px; }
      .grid3 { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 12px; margin-bottom: 8px; }
      svg.chart { display: block; max-width: 100%; height: auto; margin: 4px 0 8px; }
      svg.chart text { font-family: inherit; }
      table { border-collapse: collapse; width: 100%; font-size: 13px; }
      th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #eef1f4;
        vertical-align: top; }
      th { color: #5b6670; font-weight: 600; background: #fafbfc; position: sticky; top: 0; }
      td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
      td.pods { min-width: 220px; }
      .msg { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px;
        word-break: break-word; }
      code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
        font-size: 12px; background: #f1f3f6; padding: 0 3px; border-radius: 3px; }
      .dim { color: #8a949e; }
      .barbox { display: inline-block; position: relative; width: 70px; height: 8px;
        background: #eef1f4; border-radius: 2px; margin-right: 6px; vertical-align: middle; }
      .bar { position: absolute; left: 0; top: 0; height: 8px; background: #4e79a7;
        border-radius: 2px; }
      .peak { position: absolute; top: -2px; width: 2px; height: 12px; background: #1f2a33;
        margin-left: -1px; }
      .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px;
        margin-right: 6px; vertical-align: baseline; }
      .scroll { max-height: 420px; overflow: auto; border: 1px solid #eef1f4; border-radius: 6px; }
      details summary { cursor: pointer; color: #2b5b8a; margin: 10px 0 6px; }
      footer { color: #8a949e; font-size: 12px; margin-top: 16px; }
      """;

  // ------------------------------------------------------------------ builder

  /** Builds an {@link HtmlReport}. */
  public static final class Builder {
    private String title = "schedkit simulation";
    private String subtitle = "";
    private String groupLabel;
    private final List<KubeObject> objects = new ArrayList<>();

    private Builder() {}

    /**
     * Sets the page title.
     *
     * @param title the title
     * @return this builder
     */
    public Builder title(String title) {
      this.title = Objects.requireNonNull(title, "title");
      return this;
    }

    /**
     * Sets a line shown under the title (what was simulated, the seed, ...).
     *
     * @param subtitle the line; {@code ""} for none
     * @return this builder
     */
    public Builder subtitle(String subtitle) {
      this.subtitle = Objects.requireNonNull(subtitle, "subtitle");
      return this;
    }

    /**
     * Adds the simulation's input objects: nodes (their labels group them; their {@code
     * spec.unschedulable} is shown), pods (their {@code app} label names their workload, their
     * priority is shown with preemptions, their pod group label makes them gang members) and
     * PodGroups ({@code minMember}).
     *
     * @param objects the cluster's and the workload's objects
     * @return this builder
     */
    public Builder objects(Collection<? extends KubeObject> objects) {
      this.objects.addAll(objects);
      return this;
    }

    /**
     * Groups nodes by a label, for example a node pool label; without it, nodes are grouped by
     * {@code topology.kubernetes.io/zone} when every node has that label, else not at all.
     *
     * @param label a node label key; null for the default
     * @return this builder
     */
    public Builder groupBy(String label) {
      this.groupLabel = label;
      return this;
    }

    /**
     * Builds the report, ready to be attached to a simulation.
     *
     * @return the report
     */
    public HtmlReport build() {
      return new HtmlReport(this);
    }
  }
}
