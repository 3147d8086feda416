package io.schedkit.cli;

import static io.schedkit.cli.CliFixtures.resource;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * The API server's Priority admission, applied to the pods of a workload: the class's value and
 * {@code preemptionPolicy}, the global default class, and an unknown class refused.
 */
final class PriorityAdmissionTest {

  private static CliFixtures.Result simulate(String workload) {
    return CliFixtures.run(
        "simulate",
        "--cluster",
        resource("cluster.yaml"),
        "--workload",
        resource(workload),
        "--format",
        "json");
  }

  @Test
  void simulate_classWithPreemptionPolicyNever_doesNotPreempt() {
    CliFixtures.Result r = simulate("priority-never.yaml");

    assertThat(r.exit()).as(r.err()).isEqualTo(0);
    JsonNode json = r.json();
    assertThat(json.get("evicted")).isEmpty();
    assertThat(json.get("unschedulable").get("default/cache").asText())
        .endsWith(" preemption: not eligible due to preemptionPolicy=Never.");
  }

  @Test
  void simulate_globalDefaultClass_givesItsPriorityToPodsWithoutAClass() {
    CliFixtures.Result r = simulate("priority-global-default.yaml");

    assertThat(r.exit()).as(r.err()).isEqualTo(0);
    JsonNode json = r.json();
    assertThat(json.get("evicted")).hasSize(1);
    assertThat(json.get("placements").get("default/cache").asText()).startsWith("node-");
  }

  @Test
  void simulate_unknownPriorityClass_isBadInputNamingIt() {
    CliFixtures.Result r = simulate("priority-unknown.yaml");

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.errorLines())
        .containsExactly(
            resource("priority-unknown.yaml")
                + ": Pod default/cache: spec.priorityClassName: Invalid value: \"high-priority\":"
                + " no PriorityClass with name high-priority was found");
  }

  @Test
  void explain_unknownPriorityClass_isBadInputNamingIt() {
    CliFixtures.Result r =
        CliFixtures.run(
            "explain",
            "--cluster",
            resource("cluster.yaml"),
            "--pod",
            resource("priority-unknown.yaml"));

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.errorLines().get(0))
        .endsWith(
            "spec.priorityClassName: Invalid value: \"high-priority\":"
                + " no PriorityClass with name high-priority was found");
  }
}
