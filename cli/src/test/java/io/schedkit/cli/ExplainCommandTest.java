package io.schedkit.cli;

import static io.schedkit.cli.CliFixtures.resource;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.schedkit.framework.Registry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code schedkit explain} on the sample cluster of {@code /cli/cluster.yaml}: node-a and node-b (4
 * cpu, disktype=ssd) each run a 2-cpu pod, node-c (8 cpu) has no label.
 */
final class ExplainCommandTest {
  private static final String NOT_MATCHED = "node(s) didn't match Pod's node affinity/selector";

  private static CliFixtures.Result explain(String podFile, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of("explain", "--cluster", resource("cluster.yaml"), "--pod", resource(podFile)));
    args.addAll(List.of(more));
    return CliFixtures.run(args.toArray(String[]::new));
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static JsonNode node(JsonNode explanation, String name) {
    for (JsonNode n : explanation.get("nodes")) {
      if (n.get("name").asText().equals(name)) {
        return n;
      }
    }
    throw new AssertionError("no node " + name + " in " + explanation);
  }

  @Test
  void explain_podThatFitsNowhere_printsUpstreamMessageAndEachNodesReason() {
    CliFixtures.Result r = explain("pod-fits-nowhere.yaml", "--format", "json");

    assertThat(r.exit()).as(r.err()).isEqualTo(1);
    assertThat(r.jsonLines()).hasSize(1);
    JsonNode e = r.jsonLines().get(0);
    assertThat(fieldNames(e))
        .containsExactly(
            "pod", "profile", "result", "selectedNode", "message", "preemption", "nodes", "state");
    assertThat(e.get("pod").asText()).isEqualTo("default/cache");
    assertThat(e.get("profile").asText()).isEqualTo("default-scheduler");
    assertThat(e.get("result").asText()).isEqualTo("Unschedulable");
    assertThat(e.get("selectedNode").isNull()).isTrue();
    assertThat(e.get("preemption").isNull()).isTrue();
    String fitError = "0/3 nodes are available: 1 " + NOT_MATCHED + ", 2 Insufficient cpu.";
    // With DefaultPreemption, upstream appends the dry run's own FitError: node-c is
    // UnschedulableAndUnresolvable, node-a and node-b run no pod of lower priority.
    String expected =
        Registry.discover().contains("DefaultPreemption")
            ? fitError
                + " preemption: 0/3 nodes are available: 1 Preemption is not helpful for"
                + " scheduling, 2 No preemption victims found for incoming pod."
            : fitError;
    assertThat(e.get("message").asText()).isEqualTo(expected);

    assertThat(e.get("nodes").findValuesAsText("name"))
        .containsExactly("node-a", "node-b", "node-c");
    for (String name : List.of("node-a", "node-b")) {
      JsonNode n = node(e, name);
      assertThat(fieldNames(n)).containsExactly("name", "filter");
      assertThat(n.get("filter").toString())
          .isEqualTo(
              "{\"code\":\"Unschedulable\",\"plugin\":\"NodeResourcesFit\","
                  + "\"reasons\":[\"Insufficient cpu\"]}");
    }
    assertThat(node(e, "node-c").get("filter").toString())
        .isEqualTo(
            "{\"code\":\"UnschedulableAndUnresolvable\",\"plugin\":\"NodeAffinity\","
                + "\"reasons\":[\""
                + NOT_MATCHED
                + "\"]}");
  }

  @Test
  void explain_podThatFits_reportsScoresAndTheSelectedNode() {
    CliFixtures.Result r = explain("pod-fits.yaml", "--format", "json");

    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode e = r.jsonLines().get(0);
    assertThat(e.get("result").asText()).isEqualTo("Scheduled");
    assertThat(e.get("message").asText()).isEmpty();
    assertThat(e.get("preemption").isNull()).isTrue();
    // node-c is empty and twice as large: the least allocated, and the best balanced.
    assertThat(e.get("selectedNode").asText()).isEqualTo("node-c");

    long best = Long.MIN_VALUE;
    for (JsonNode n : e.get("nodes")) {
      assertThat(fieldNames(n)).containsExactly("name", "filter", "scores", "totalScore");
      assertThat(n.get("filter").toString())
          .isEqualTo("{\"code\":\"Success\",\"plugin\":null,\"reasons\":[]}");
      assertThat(fieldNames(n.get("scores")))
          .contains("TaintToleration", "NodeResourcesFit", "NodeResourcesBalancedAllocation");
      long sum = 0;
      for (JsonNode s : n.get("scores")) {
        assertThat(fieldNames(s)).containsExactly("raw", "normalized", "weighted");
        sum += s.get("weighted").asLong();
      }
      assertThat(n.get("totalScore").asLong()).isEqualTo(sum);
      JsonNode taint = n.get("scores").get("TaintToleration");
      assertThat(taint.get("weighted").asLong()).isEqualTo(3 * taint.get("normalized").asLong());
      best = Math.max(best, sum);
    }
    assertThat(node(e, "node-c").get("totalScore").asLong()).isEqualTo(best);
    assertThat(node(e, "node-c").get("totalScore").asLong())
        .isGreaterThan(node(e, "node-a").get("totalScore").asLong());
  }

  @Test
  void explain_textFormat_printsOneRowPerNodeAndTheOutcome() {
    CliFixtures.Result r = explain("pod-fits-nowhere.yaml");

    assertThat(r.exit()).isEqualTo(1);
    List<String> lines = r.out().lines().toList();
    assertThat(lines.get(0))
        .isEqualTo("Pod default/cache (profile default-scheduler): Unschedulable");
    assertThat(lines.get(2)).matches("NODE +FILTER");
    assertThat(lines.get(3))
        .startsWith("node-a")
        .endsWith("Unschedulable (NodeResourcesFit): Insufficient cpu");
    assertThat(lines.get(5))
        .startsWith("node-c")
        .endsWith("UnschedulableAndUnresolvable (NodeAffinity): " + NOT_MATCHED);
    assertThat(r.out())
        .contains(
            "\nUnschedulable: 0/3 nodes are available: 1 " + NOT_MATCHED + ", 2 Insufficient cpu.");
  }

  @Test
  void explain_textFormat_scheduledPodShowsScoreColumns() {
    CliFixtures.Result r = explain("pod-fits.yaml", "--format", "TEXT");

    assertThat(r.exit()).isZero();
    assertThat(r.out())
        .startsWith("Pod default/web (profile default-scheduler): Scheduled on node-c");
    String header = r.out().lines().filter(l -> l.startsWith("NODE")).findFirst().orElseThrow();
    assertThat(header).contains("TaintToleration", "NodeResourcesFit", "TOTAL");
    assertThat(r.out()).contains("\nSelected node: node-c\n");
  }

  @Test
  void explain_severalPods_oneLineEachInFileOrder_exit1WhenOneIsUnschedulable() {
    CliFixtures.Result r = explain("pods-both.yaml", "--format", "json");

    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.jsonLines())
        .extracting(j -> j.get("pod").asText() + " " + j.get("result").asText())
        .containsExactly("default/web Scheduled", "default/cache Unschedulable");
  }

  @Test
  void explain_profileOption_forcesTheProfile() {
    CliFixtures.Result r =
        explain(
            "pod-fits.yaml",
            "--config",
            resource("two-profiles.yaml"),
            "--profile",
            "no-taint-score",
            "--format",
            "json");

    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode e = r.jsonLines().get(0);
    assertThat(e.get("profile").asText()).isEqualTo("no-taint-score");
    assertThat(fieldNames(node(e, "node-a").get("scores"))).doesNotContain("TaintToleration");
  }

  @Test
  void explain_podSchedulerName_choosesTheProfile() {
    CliFixtures.Result withName =
        explain(
            "pod-other-scheduler.yaml",
            "--config",
            resource("two-profiles.yaml"),
            "--format",
            "json");
    CliFixtures.Result forced =
        explain(
            "pod-other-scheduler.yaml",
            "--config",
            resource("two-profiles.yaml"),
            "--profile",
            "default-scheduler",
            "--format",
            "json");

    assertThat(withName.jsonLines().get(0).get("profile").asText()).isEqualTo("no-taint-score");
    assertThat(forced.jsonLines().get(0).get("profile").asText()).isEqualTo("default-scheduler");
    assertThat(fieldNames(node(forced.jsonLines().get(0), "node-a").get("scores")))
        .contains("TaintToleration");
  }

  @Test
  void explain_podOfAnUnknownProfile_isBadInput() {
    CliFixtures.Result r = explain("pod-other-scheduler.yaml", "--format", "json");

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.errorLines())
        .containsExactly(
            resource("pod-other-scheduler.yaml")
                + ": Pod default/web: spec.schedulerName: Unsupported value: \"no-taint-score\":"
                + " supported values: \"default-scheduler\"");
  }

  @Test
  void explain_unknownProfileOption_isBadInput() {
    CliFixtures.Result r = explain("pod-fits.yaml", "--profile", "nope");

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.errorLines())
        .containsExactly(
            "--profile: Unsupported value: \"nope\": supported values: \"default-scheduler\"");
  }

  @Test
  void explain_isADryRun_eachPodAgainstTheSameCluster() {
    CliFixtures.Result r = explain("pods-big.yaml", "--format", "json");

    assertThat(r.exit()).isZero();
    assertThat(r.jsonLines())
        .extracting(j -> j.get("pod").asText() + " " + j.get("selectedNode").asText())
        .containsExactly("default/big-1 node-c", "default/big-2 node-c");
  }
}
