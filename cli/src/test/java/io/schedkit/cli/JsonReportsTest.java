package io.schedkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Explanation;
import io.schedkit.framework.Code;
import io.schedkit.framework.Status;
import io.schedkit.simulation.SimulationResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The JSON shapes of the CLI contract: key names and order, null versus absent. */
final class JsonReportsTest {

  @Test
  void explain_preemption_nominatedNodeVictimsAndCandidates() {
    Explanation e =
        new Explanation(
            "default/high",
            "default-scheduler",
            Explanation.UNSCHEDULABLE,
            null,
            "0/2 nodes are available: 2 Insufficient cpu. preemption: ...",
            new Explanation.Preemption(
                "node-b",
                List.of("default/low-1"),
                List.of(
                    new Explanation.Candidate(
                        "node-a", List.of("default/low-2", "default/low-3"), 1),
                    new Explanation.Candidate("node-b", List.of("default/low-1"), 0))),
            List.of(
                new Explanation.NodeVerdict(
                    "node-a",
                    Status.unschedulable("Insufficient cpu").withPlugin("NodeResourcesFit"),
                    Map.of(),
                    null)));

    assertThat(JsonReports.explainLine(e))
        .isEqualTo(
            "{\"pod\":\"default/high\",\"profile\":\"default-scheduler\","
                + "\"result\":\"Unschedulable\",\"selectedNode\":null,"
                + "\"message\":\"0/2 nodes are available: 2 Insufficient cpu. preemption: ...\","
                + "\"preemption\":{\"nominatedNode\":\"node-b\",\"victims\":[\"default/low-1\"],"
                + "\"candidates\":["
                + "{\"node\":\"node-a\",\"victims\":[\"default/low-2\",\"default/low-3\"],"
                + "\"numPDBViolations\":1},"
                + "{\"node\":\"node-b\",\"victims\":[\"default/low-1\"],\"numPDBViolations\":0}],"
                + "\"tiedNodes\":[]},"
                + "\"nodes\":[{\"name\":\"node-a\",\"filter\":{\"code\":\"Unschedulable\","
                + "\"plugin\":\"NodeResourcesFit\",\"reasons\":[\"Insufficient cpu\"]}}]}");
  }

  @Test
  void explain_scheduled_scoresInPluginOrderAndTotal() {
    Map<String, Explanation.PluginScore> scores = new LinkedHashMap<>();
    scores.put("TaintToleration", new Explanation.PluginScore(0, 100, 300));
    scores.put("NodeResourcesFit", new Explanation.PluginScore(62, 62, 62));
    Explanation e =
        new Explanation(
            "default/p1",
            "default-scheduler",
            Explanation.SCHEDULED,
            "node-a",
            "",
            null,
            List.of(
                new Explanation.NodeVerdict("node-a", Status.success(), scores, 362L),
                new Explanation.NodeVerdict(
                    "node-b",
                    Status.of(Code.UNSCHEDULABLE_AND_UNRESOLVABLE, "node(s) were unschedulable")
                        .withPlugin("NodeUnschedulable"),
                    Map.of(),
                    null)));

    assertThat(JsonReports.explainLine(e))
        .isEqualTo(
            "{\"pod\":\"default/p1\",\"profile\":\"default-scheduler\",\"result\":\"Scheduled\","
                + "\"selectedNode\":\"node-a\",\"message\":\"\",\"preemption\":null,"
                + "\"nodes\":[{\"name\":\"node-a\","
                + "\"filter\":{\"code\":\"Success\",\"plugin\":null,\"reasons\":[]},"
                + "\"scores\":{\"TaintToleration\":{\"raw\":0,\"normalized\":100,\"weighted\":300},"
                + "\"NodeResourcesFit\":{\"raw\":62,\"normalized\":62,\"weighted\":62}},"
                + "\"totalScore\":362},"
                + "{\"name\":\"node-b\",\"filter\":{\"code\":\"UnschedulableAndUnresolvable\","
                + "\"plugin\":\"NodeUnschedulable\",\"reasons\":[\"node(s) were unschedulable\"]}}]}");
  }

  @Test
  void simulation_keysInOrder_nullPlacementKept() {
    Map<String, String> placements = new LinkedHashMap<>();
    placements.put("default/p1", "node-a");
    placements.put("default/p2", null);
    SimulationResult r =
        new SimulationResult(
            placements,
            Map.of("default/p1", 0.0),
            List.of("default/low-1"),
            Map.of("default/p2", "0/3 nodes are available: 3 Insufficient cpu."),
            new SimulationResult.Stats(2, 1, 1, 1, 3, 12.0, 0.0412345678, 48.50331));

    assertThat(JsonReports.simulation(r, 1.23456))
        .isEqualTo(
            """
            {
              "placements": {
                "default/p1": "node-a",
                "default/p2": null
              },
              "boundAt": {
                "default/p1": 0.0
              },
              "evicted": [
                "default/low-1"
              ],
              "unschedulable": {
                "default/p2": "0/3 nodes are available: 3 Insufficient cpu."
              },
              "stats": {
                "pods": 2,
                "scheduled": 1,
                "unschedulable": 1,
                "evicted": 1,
                "attempts": 3,
                "virtualSeconds": 12.0,
                "wallSeconds": 0.041235,
                "podsPerSecond": 48.5,
                "processWallSeconds": 1.23
              }
            }""");
  }
}
