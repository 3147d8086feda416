package io.schedkit.simulation.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.Registry;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodSpec;
import io.schedkit.framework.model.Workload;
import io.schedkit.framework.model.WorkloadSpec;
import io.schedkit.simulation.Simulation;
import io.schedkit.simulation.SimulationEvent;
import io.schedkit.simulation.SimulationResult;
import io.schedkit.simulation.UtilisationSample;
import io.schedkit.simulation.demo.Demo;
import io.schedkit.simulation.demo.DemoScenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HTML report: well-formed, self-contained, with every section, and capped for big runs. */
final class HtmlReportTest {

  private static Demo.Outcome demo;
  private static String html;

  @BeforeAll
  static void render() {
    demo = Demo.run(DemoScenario.generate(12, 100, 0), Registry.discover(), List.of());
    html = demo.report().render(demo.result());
  }

  @Test
  void render_isWellFormed() {
    HtmlAssert.check(html);
  }

  @Test
  void render_isSelfContained() {
    assertThat(html)
        .doesNotContain("http://", "https://", "<script", "<link", "<img", "<iframe", "@import")
        .doesNotContain("url(", "src=");
  }

  @Test
  void render_hasEverySection() {
    for (String id :
        List.of(
            "utilisation",
            "nodes",
            "workloads",
            "timeline",
            "podgroups",
            "preemptions",
            "unschedulable")) {
      assertThat(html).contains("<section id=\"" + id + "\">").contains("href=\"#" + id + "\"");
    }
    assertThat(html)
        .contains("<svg class=\"chart\"")
        .contains("aria-label=\"CPU requested\"")
        .contains("aria-label=\"Memory requested\"")
        .contains("aria-label=\"GPU requested (nvidia.com/gpu)\"")
        .contains("aria-label=\"Placement timeline\"")
        .contains("aria-label=\"Pods per workload over time\"");
  }

  @Test
  void render_showsPreemptionsGangAndReasons() {
    Timeline.Preemption first = demo.report().timeline().preemptions().get(0);
    assertThat(html)
        .contains("<td>" + first.preemptor() + "</td>")
        .contains("<td>" + first.victim() + "</td>")
        .contains(demo.summary().evicted() + " pods evicted for")
        .contains("<td>ml/train</td>")
        .contains("scheduled together")
        .contains("ml/llm-finetune")
        // kube-scheduler's message, escaped
        .contains("node(s) didn&#39;t match Pod&#39;s node affinity/selector")
        .contains("cpu-a-01");
  }

  @Test
  void write_createsTheFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("sub/report.html");
    demo.report().write(file, demo.result());
    assertThat(Files.readString(file)).isEqualTo(html);
  }

  /** A synthetic run with many nodes and pods: the report stays a readable size. */
  @Test
  void render_bigRun_capsRowsAndSaysSo() {
    List<KubeObject> objects = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      objects.add(
          Node.builder()
              .name(String.format("n-%03d", i))
              .label("pool", i % 4 == 0 ? "gpu" : "cpu")
              .capacity("cpu", "8")
              .build());
    }
    HtmlReport report = HtmlReport.builder().title("big").groupBy("pool").objects(objects).build();
    report.onEvent(new SimulationEvent.Started(0, 3000, 400));
    Map<String, String> placements = new LinkedHashMap<>();
    for (int i = 0; i < 400; i++) {
      report.onUtilisation(
          new UtilisationSample(0, String.format("n-%03d", i), Map.of(), Map.of("cpu", 8000L)));
    }
    for (int p = 0; p < 3000; p++) {
      String pod = "ns/app" + (p % 40) + "-" + p;
      String node = String.format("n-%03d", p % 400);
      report.onEvent(new SimulationEvent.Created(p / 10.0, "Pod", pod));
      report.onEvent(new SimulationEvent.Bound(p / 10.0, pod, node));
      report.onUtilisation(
          new UtilisationSample(
              p / 10.0, node, Map.of("cpu", 500L * (p / 400 + 1)), Map.of("cpu", 8000L)));
      placements.put(pod, node);
    }
    SimulationResult.Stats stats = new SimulationResult.Stats(3000, 3000, 0, 0, 3000, 300, 1, 3000);
    report.onEvent(new SimulationEvent.Finished(300, stats));
    String page =
        report.render(new SimulationResult(placements, Map.of(), List.of(), Map.of(), stats));

    HtmlAssert.check(page);
    assertThat(count(svg(page, "CPU requested", 1), "<title>"))
        .isLessThanOrEqualTo(HtmlReport.MAX_HEATMAP_ROWS + 1);
    assertThat(count(svg(page, "Placement timeline", 0), "<g><title>"))
        .isEqualTo(HtmlReport.MAX_GANTT_ROWS);
    assertThat(page)
        .contains("averaged in ranges of consecutive nodes")
        .contains(HtmlReport.MAX_GANTT_ROWS + " of the 3000 pods")
        .contains("other workloads");
    assertThat(page.length()).isLessThan(3_000_000);
  }

  /** The {@code index}-th SVG labelled {@code label}. */
  private static String svg(String page, String label, int index) {
    int from = -1;
    for (int i = 0; i <= index; i++) {
      from = page.indexOf("aria-label=\"" + label + "\"", from + 1);
      assertThat(from).as("svg %s #%d", label, i).isNotNegative();
    }
    return page.substring(from, page.indexOf("</svg>", from));
  }

  private static int count(String text, String needle) {
    int n = 0;
    for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
      n++;
    }
    return n;
  }

  @Test
  void esc_escapesMarkupAndQuotes() {
    assertThat(Html.esc("<a href=\"x\">O'Neil & co</a>"))
        .isEqualTo("&lt;a href=&quot;x&quot;&gt;O&#39;Neil &amp; co&lt;/a&gt;");
  }

  @Test
  void render_emptyRun_isStillAPage() {
    HtmlReport report = HtmlReport.builder().build();
    SimulationResult.Stats stats = new SimulationResult.Stats(0, 0, 0, 0, 0, 0, 0, 0);
    report.onEvent(new SimulationEvent.Finished(0, stats));
    String page =
        report.render(new SimulationResult(Map.of(), Map.of(), List.of(), Map.of(), stats));
    HtmlAssert.check(page);
    assertThat(page)
        .contains("<title>schedkit simulation</title>")
        .contains("No pod was evicted.")
        .contains("Every pod was placed.")
        .contains("No pod belongs to a pod group.");
  }

  @Test
  void workloads_groupPodsByOwningController_neverMergingABarePodOfTheSameName() {
    Workload deployment =
        Workload.builder()
            .kind(Workload.DEPLOYMENT)
            .name("nginx")
            .selector(LabelSelector.of(Map.of("app", "nginx")))
            .spec(
                WorkloadSpec.builder()
                    .replicas(2)
                    .template(
                        ObjectMeta.builder().label("app", "nginx").build(),
                        PodSpec.builder().build())
                    .build())
            .build();
    Pod bare = Pod.builder().name("nginx").label("app", "nginx").build();
    List<KubeObject> cluster =
        List.of(Node.builder().name("n1").capacity("cpu", "8").capacity("pods", "110").build());
    List<KubeObject> workload = List.of(deployment, bare);
    List<KubeObject> all = new ArrayList<>(cluster);
    all.addAll(workload);
    HtmlReport report = HtmlReport.builder().objects(all).build();

    SimulationResult result =
        Simulation.builder()
            .cluster(cluster, "cluster.yaml")
            .workload(workload, "workload.yaml")
            .listener(report)
            .build()
            .run();
    String page = report.render(result);

    HtmlAssert.check(page);
    assertThat(result.placements()).hasSize(3);
    assertThat(page).contains("Deployment default/nginx").contains(">default/nginx<");
  }
}
