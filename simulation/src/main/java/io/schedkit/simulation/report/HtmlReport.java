package io.schedkit.simulation.report;

import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.framework.model.Workload;
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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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
 * Rendering arranges the recorded data once, then writes the page's sections one after the other,
 * each its own package-private class; the stylesheet is the class-path resource {@code report.css},
 * inlined in the page.
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

  private final String title;
  private final String subtitle;
  private final String groupLabel;
  private final Map<String, Node> nodesByName = new LinkedHashMap<>();
  private final Map<String, Pod> podsByKey = new HashMap<>();
  private final Map<String, PodGroup> podGroups = new HashMap<>();
  private final Map<String, Workload> workloads = new HashMap<>();
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
      } else if (o instanceof Workload w) {
        workloads.put(ReportData.controllerKey(w.kind(), w.namespace(), w.name()), w);
      }
    }
    if (b.groupLabel != null) {
      this.groupLabel = b.groupLabel;
    } else {
      boolean zoned =
          !nodesByName.isEmpty()
              && nodesByName.values().stream()
                  .allMatch(n -> n.labels().containsKey(ReportData.ZONE_LABEL));
      this.groupLabel = zoned ? ReportData.ZONE_LABEL : null;
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

  /** Learns the pods and ReplicaSets the workload controllers create, to group pods by owner. */
  @Override
  public void onCreated(KubeObject object) {
    if (object instanceof Pod p) {
      podsByKey.put(p.key(), p);
    } else if (object instanceof Workload w) {
      workloads.put(ReportData.controllerKey(w.kind(), w.namespace(), w.name()), w);
    }
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
    ReportData data =
        new ReportData(
            nodesByName, podsByKey, podGroups, workloads, timeline, history, groupLabel, result);
    PageWriter page = new PageWriter();
    List<Section> sections =
        List.of(
            new SummarySection(data, page),
            new UtilisationSection(data, page),
            new NodesSection(data, page),
            new WorkloadsSection(data, page),
            new TimelineSection(data, page),
            new PodGroupsSection(data, page),
            new PreemptionsSection(data, page),
            new UnschedulableSection(data, page));
    page.open(title, subtitle, sections);
    for (Section s : sections) {
      s.render();
    }
    page.close();
    return page.toString();
  }

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
