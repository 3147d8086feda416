package io.schedkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code schedkit demo} in-process, at a small scale. */
final class DemoCommandTest {
  @TempDir Path dir;

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void demo_json_reportsPreemptionTheGangAndNothingLost() throws Exception {
    Path report = dir.resolve("report.html");
    CliFixtures.Result r =
        CliFixtures.run(
            "demo",
            "--nodes",
            "12",
            "--pods",
            "100",
            "--report",
            report.toString(),
            "--format",
            "json");

    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode j = r.json();
    assertThat(fieldNames(j))
        .containsExactly(
            "nodes",
            "cordonedNodes",
            "zones",
            "pods",
            "scheduled",
            "unschedulable",
            "evicted",
            "preemptors",
            "lost",
            "attempts",
            "pools",
            "gang",
            "unschedulableReasons",
            "virtualSeconds",
            "wallSeconds",
            "podsPerSecond",
            "report");
    assertThat(j.get("nodes").asInt()).isEqualTo(12);
    assertThat(j.get("zones").asInt()).isEqualTo(3);
    assertThat(j.get("pods").asInt()).isEqualTo(100);
    assertThat(j.get("evicted").asInt()).isPositive();
    assertThat(j.get("preemptors").asInt()).isPositive();
    assertThat(j.get("lost").asInt()).isZero();
    assertThat(
            j.get("scheduled").asInt() + j.get("unschedulable").asInt() + j.get("evicted").asInt())
        .isGreaterThanOrEqualTo(100);
    JsonNode gang = j.get("gang");
    assertThat(gang.get("together").asBoolean()).isTrue();
    assertThat(gang.get("bound").asInt()).isEqualTo(gang.get("minMember").asInt());
    assertThat(fieldNames(j.get("pools"))).containsExactly("cpu", "gpu");
    assertThat(fieldNames(j.get("pools").get("gpu").get("usage")))
        .containsExactly("cpu", "memory", "nvidia.com/gpu");
    assertThat(fieldNames(j.get("unschedulableReasons")))
        .containsExactly("ml/llm-finetune", "shop/legacy-report");
    assertThat(j.get("report").asText()).isEqualTo(report.toString());
    String html = Files.readString(report);
    assertThat(html).startsWith("<!DOCTYPE html>").contains("schedkit demo");
    // Not a terminal: plain progress lines on stderr.
    assertThat(r.err().lines()).last().asString().startsWith("demo: done, t=");
  }

  @Test
  void demo_sameSeed_sameFacts() {
    String report = dir.resolve("r.html").toString();
    String[] args = {
      "demo",
      "--nodes",
      "9",
      "--pods",
      "60",
      "--seed",
      "3",
      "--report",
      report,
      "--format",
      "json",
      "--no-progress"
    };
    JsonNode a = CliFixtures.run(args).json();
    JsonNode b = CliFixtures.run(args).json();
    for (String field : List.of("scheduled", "unschedulable", "evicted", "attempts", "pools")) {
      assertThat(a.get(field)).as(field).isEqualTo(b.get(field));
    }
  }

  @Test
  void demo_text_printsTheSummaryTable() {
    Path report = dir.resolve("demo.html");
    CliFixtures.Result r =
        CliFixtures.run(
            "demo",
            "--nodes",
            "12",
            "--pods",
            "100",
            "--report",
            report.toString(),
            "--no-progress");

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out())
        .startsWith(
            "schedkit demo: 12 nodes in 3 zones (cpu 9, gpu 3; 1 cordoned), 100 pods, seed 0;")
        .contains("\nPods\n  in the workload ")
        .contains("\n  lost (none of the above) ")
        .contains("POOL  NODES  CPU PEAK  CPU MEAN  MEMORY PEAK  MEMORY MEAN  GPU PEAK  GPU MEAN\n")
        .containsPattern("\ncpu +9 +\\d+ % +\\d+ % +\\d+ % +\\d+ % +- +-\n")
        .containsPattern("Gang ml/train: 2/2 pods bound together at 150.0 s on \\d nodes")
        .contains("\nUnschedulable:\n  ml/llm-finetune: 0/12 nodes are available: ")
        .contains("Report: " + report);
  }

  @Test
  void demo_tooFewNodes_isBadUsage() {
    CliFixtures.Result r = CliFixtures.run("demo", "--nodes", "2");
    assertThat(r.exit()).isEqualTo(SchedkitCli.EXIT_BAD_INPUT);
    assertThat(r.err()).startsWith("--nodes must be at least 6, not 2\n");
    assertThat(r.out()).isEmpty();
  }

  @Test
  void demo_reportInAMissingDirectoryThatCannotBeCreated_isBadInput() throws Exception {
    Path file = dir.resolve("file");
    Files.writeString(file, "");
    CliFixtures.Result r =
        CliFixtures.run(
            "demo",
            "--nodes",
            "6",
            "--pods",
            "40",
            "--report",
            file.resolve("r.html").toString(),
            "--no-progress");
    assertThat(r.exit()).isEqualTo(SchedkitCli.EXIT_BAD_INPUT);
    assertThat(r.err()).startsWith(file.resolve("r.html") + ": cannot write the report: ");
  }

  @Test
  void help_listsDemo() {
    CliFixtures.Result r = CliFixtures.run("--help");
    assertThat(r.out()).contains("demo").contains("Schedules a realistic cluster");
  }
}
