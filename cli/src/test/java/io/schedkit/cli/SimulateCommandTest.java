package io.schedkit.cli;

import static io.schedkit.cli.CliFixtures.resource;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.schedkit.simulation.report.HtmlAssert;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code schedkit simulate} on the sample files of {@code /cli/}. */
final class SimulateCommandTest {

  private static CliFixtures.Result simulate(String cluster, String workload, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of("simulate", "--cluster", resource(cluster), "--workload", resource(workload)));
    args.addAll(List.of(more));
    return CliFixtures.run(args.toArray(String[]::new));
  }

  /** The JSON result without the wall-clock figures, which differ from run to run. */
  private static JsonNode withoutWallClock(CliFixtures.Result r) {
    ObjectNode json = (ObjectNode) r.json();
    ObjectNode stats = (ObjectNode) json.get("stats");
    assertThat(stats.has("wallSeconds")).isTrue();
    assertThat(stats.has("podsPerSecond")).isTrue();
    assertThat(stats.has("processWallSeconds")).isTrue();
    stats.remove(List.of("wallSeconds", "podsPerSecond", "processWallSeconds"));
    return json;
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void simulate_json_reportsPlacementsBoundAtUnschedulableAndStats() {
    CliFixtures.Result r = simulate("cluster.yaml", "workload.yaml", "--format", "json");

    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode j = r.json();
    assertThat(fieldNames(j))
        .containsExactly("placements", "boundAt", "evicted", "unschedulable", "stats");
    JsonNode placements = j.get("placements");
    assertThat(fieldNames(placements))
        .containsExactly(
            "default/web-1",
            "default/web-2",
            "default/web-3",
            "jobs/batch",
            "default/trainer",
            "default/lost");
    // The trainer arrives at 3 s and waits for the GPU node, which joins at 5 s.
    assertThat(placements.get("default/trainer").asText()).isEqualTo("node-gpu");
    assertThat(placements.get("default/lost").isNull()).isTrue();
    for (String web : List.of("default/web-1", "default/web-2", "default/web-3")) {
      assertThat(placements.get(web).asText()).startsWith("node-");
    }
    JsonNode boundAt = j.get("boundAt");
    assertThat(fieldNames(boundAt))
        .containsExactly(
            "default/web-1", "default/web-2", "default/web-3", "jobs/batch", "default/trainer");
    assertThat(boundAt.get("default/web-1").asDouble()).isEqualTo(0.0);
    assertThat(boundAt.get("default/web-2").asDouble()).isEqualTo(1.0);
    assertThat(boundAt.get("jobs/batch").asDouble()).isEqualTo(2.0);
    assertThat(boundAt.get("default/trainer").asDouble()).isEqualTo(5.0);
    assertThat(j.get("evicted")).isEmpty();
    assertThat(fieldNames(j.get("unschedulable"))).containsExactly("default/lost");
    assertThat(j.get("unschedulable").get("default/lost").asText())
        .startsWith(
            "0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector.");
    JsonNode stats = j.get("stats");
    assertThat(fieldNames(stats))
        .containsExactly(
            "pods",
            "scheduled",
            "unschedulable",
            "evicted",
            "attempts",
            "virtualSeconds",
            "wallSeconds",
            "podsPerSecond",
            "processWallSeconds");
    assertThat(stats.get("pods").asInt()).isEqualTo(6);
    assertThat(stats.get("scheduled").asInt()).isEqualTo(5);
    assertThat(stats.get("unschedulable").asInt()).isEqualTo(1);
    assertThat(stats.get("evicted").asInt()).isZero();
    assertThat(stats.get("attempts").asInt()).isGreaterThanOrEqualTo(6);
    // The last web pod arrives at 2 s and runs for 30 s.
    assertThat(stats.get("virtualSeconds").asDouble()).isEqualTo(32.0);
    // The process ran before the simulation started and is still running after it ended.
    assertThat(stats.get("processWallSeconds").asDouble())
        .isGreaterThanOrEqualTo(stats.get("wallSeconds").asDouble() - 0.01);
  }

  @Test
  void simulate_sameSeed_identicalOutputExceptWallClock() {
    CliFixtures.Result first =
        simulate("cluster.yaml", "workload.yaml", "--format", "json", "--seed", "7");
    CliFixtures.Result second =
        simulate("cluster.yaml", "workload.yaml", "--format", "json", "--seed", "7");

    assertThat(withoutWallClock(first)).isEqualTo(withoutWallClock(second));
  }

  @Test
  void simulate_differentSeeds_breakTiesDifferently() {
    Set<JsonNode> placements = new HashSet<>();
    for (int seed = 0; seed < 10; seed++) {
      CliFixtures.Result r =
          simulate(
              "identical-nodes.yaml", "few-pods.yaml", "--format", "json", "--seed", "" + seed);
      assertThat(r.exit()).isZero();
      placements.add(r.json().get("placements"));
    }

    assertThat(placements).hasSizeGreaterThan(1);
  }

  @Test
  void simulate_defaultSeedIsZero() {
    CliFixtures.Result implicit =
        simulate("identical-nodes.yaml", "few-pods.yaml", "--format", "json");
    CliFixtures.Result explicit =
        simulate("identical-nodes.yaml", "few-pods.yaml", "--format", "json", "--seed", "0");

    assertThat(withoutWallClock(implicit)).isEqualTo(withoutWallClock(explicit));
  }

  @Test
  void simulate_text_printsSummaryTableAndReasons() {
    CliFixtures.Result r = simulate("cluster.yaml", "workload.yaml");

    assertThat(r.exit()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines.get(0))
        .startsWith("6 pods: 5 scheduled, 1 unschedulable; 0 evicted; ")
        .contains("32.0 virtual seconds")
        .matches(".*\\([0-9.]+ s wall, [0-9.]+ pods/s; [0-9.]+ s since the process started\\)");
    assertThat(lines.get(2)).startsWith("POD").contains("NODE").endsWith("BOUND AT");
    assertThat(lines).anySatisfy(l -> assertThat(l).matches("default/trainer +node-gpu +5\\.0"));
    assertThat(lines).anySatisfy(l -> assertThat(l).matches("default/lost +- +-"));
    assertThat(r.out())
        .contains(
            "\nUnschedulable:\n  default/lost: 0/3 nodes are available: 3 node(s) didn't match");
  }

  @Test
  void simulate_report_writesASelfContainedPage(@TempDir Path dir) throws Exception {
    Path report = dir.resolve("out/report.html");
    CliFixtures.Result r =
        simulate(
            "cluster.yaml", "workload.yaml", "--format", "json", "--report", report.toString());

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.json().get("placements").get("default/trainer").asText()).isEqualTo("node-gpu");
    String html = Files.readString(report);
    HtmlAssert.check(html);
    assertThat(html)
        .doesNotContain("http://", "https://", "<script")
        .contains("<title>schedkit simulate</title>")
        .contains("<section id=\"unschedulable\">")
        .contains("default/lost")
        .contains("node(s) didn&#39;t match Pod&#39;s node affinity/selector")
        .contains("node-gpu")
        .contains("aria-label=\"Placement timeline\"");
  }
}
