package io.schedkit.cli;

import static io.schedkit.cli.CliFixtures.resource;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * A pod with {@code spec.schedulingGates} (Kubernetes' documentation example) is never attempted by
 * kube-scheduler: {@code explain} says it is gated and by which gates, {@code simulate} lists it as
 * pending with kube-scheduler's {@code SchedulingGated} message.
 */
final class GatedPodTest {
  private static final String GATED = "Scheduling is blocked due to non-empty scheduling gates";

  @Test
  void explain_gatedPod_isUnschedulableAndNamesItsGates() {
    CliFixtures.Result r =
        CliFixtures.run(
            "explain",
            "--cluster",
            resource("cluster.yaml"),
            "--pod",
            resource("pod-with-scheduling-gates.yaml"),
            "--format",
            "json");

    assertThat(r.exit()).as(r.err()).isEqualTo(1);
    JsonNode e = r.jsonLines().get(0);
    assertThat(e.get("result").asText()).isEqualTo("Unschedulable");
    assertThat(e.get("selectedNode").isNull()).isTrue();
    assertThat(e.get("message").asText()).isEqualTo(GATED);
    assertThat(e.get("gate").toString())
        .isEqualTo(
            "{\"plugin\":\"SchedulingGates\",\"reason\":\"SchedulingGated\","
                + "\"message\":\"waiting for scheduling gates: [example.com/foo example.com/bar]\","
                + "\"schedulingGates\":[\"example.com/foo\",\"example.com/bar\"]}");
  }

  @Test
  void explainText_gatedPod_saysWhoHoldsIt() {
    CliFixtures.Result r =
        CliFixtures.run(
            "explain",
            "--cluster",
            resource("cluster.yaml"),
            "--pod",
            resource("pod-with-scheduling-gates.yaml"));

    assertThat(r.out())
        .startsWith(
            "Pod default/test-pod (profile default-scheduler): Unschedulable (held at PreEnqueue"
                + " by SchedulingGates)\n")
        .contains(
            "Unschedulable: " + GATED + "\n",
            "SchedulingGates: waiting for scheduling gates: [example.com/foo example.com/bar]\n");
  }

  @Test
  void simulate_gatedPod_isPendingWithTheGatedMessage() {
    CliFixtures.Result r =
        CliFixtures.run(
            "simulate",
            "--cluster",
            resource("cluster.yaml"),
            "--workload",
            resource("pod-with-scheduling-gates.yaml"),
            "--format",
            "json");

    assertThat(r.exit()).as(r.err()).isEqualTo(0);
    JsonNode json = r.json();
    assertThat(json.get("placements").get("default/test-pod").isNull()).isTrue();
    assertThat(json.get("unschedulable").get("default/test-pod").asText()).isEqualTo(GATED);
  }
}
