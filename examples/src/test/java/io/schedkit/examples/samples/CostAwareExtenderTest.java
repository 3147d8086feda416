package io.schedkit.examples.samples;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.config.SchedulerConfigurationDecoder;
import io.schedkit.framework.Registry;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.Node;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The sample extender server, over HTTP on 127.0.0.1, alone and called by a real scheduler. */
final class CostAwareExtenderTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private CostAwareExtender server;

  @BeforeEach
  void start() throws IOException {
    server = CostAwareExtender.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private String url() {
    return "http://127.0.0.1:" + server.port();
  }

  private static Node node(String name, String cost, boolean maintenance) {
    var n = makeNode().name(name).capacity(Map.of("cpu", "8", "memory", "32Gi", "pods", "110"));
    if (cost != null) {
      n.label(CostAwareExtender.COST_LABEL, cost);
    }
    if (maintenance) {
      n.label(CostAwareExtender.MAINTENANCE_LABEL, "true");
    }
    return n.obj();
  }

  private JsonNode post(String verb, String body) throws Exception {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(url() + "/" + verb))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
    return JSON.readTree(r.body());
  }

  private static final String ARGS =
      """
      {"Pod": {"metadata": {"name": "p", "namespace": "default"}},
       "Nodes": {"metadata": {}, "items": [
         {"metadata": {"name": "cheap", "labels": {"example.com/cost-per-hour": "0.5"}}},
         {"metadata": {"name": "dear", "labels": {"example.com/cost-per-hour": "2.5"}}},
         {"metadata": {"name": "mid", "labels": {"example.com/cost-per-hour": "1.0"}}},
         {"metadata": {"name": "down", "labels": {"example.com/maintenance": "true"}}},
         {"metadata": {"name": "unpriced"}}]},
       "NodeNames": null}
      """;

  @Test
  void filter_dropsNodesInMaintenance_withCapitalisedFields() throws Exception {
    JsonNode r = post("filter", ARGS);

    assertThat(r.get("Nodes").get("items").findValuesAsText("name"))
        .containsExactly("cheap", "dear", "mid", "unpriced");
    assertThat(r.get("NodeNames").isNull()).isTrue();
    assertThat(r.get("FailedNodes").get("down").asText())
        .isEqualTo(CostAwareExtender.MAINTENANCE_REASON);
    assertThat(r.get("FailedAndUnresolvableNodes").isEmpty()).isTrue();
    assertThat(r.get("Error").asText()).isEmpty();
  }

  @Test
  void prioritize_scoresCheapNodesHigher() throws Exception {
    JsonNode r = post("prioritize", ARGS);

    assertThat(r.isArray()).isTrue();
    Map<String, Integer> scores = new LinkedHashMap<>();
    r.forEach(hp -> scores.put(hp.get("Host").asText(), hp.get("Score").asInt()));
    // (2.5 - cost) / (2.5 - 0.5) x 10
    assertThat(scores)
        .containsExactly(
            Map.entry("cheap", 10),
            Map.entry("dear", 0),
            Map.entry("mid", 8),
            Map.entry("down", 0),
            Map.entry("unpriced", 0));
  }

  @Test
  void nodeNamesOnly_keepsEveryNode() throws Exception {
    JsonNode r = post("filter", "{\"pod\": {}, \"nodeNames\": [\"a\", \"b\"]}");
    assertThat(r.get("NodeNames")).hasSize(2);
    assertThat(r.get("Nodes").isNull()).isTrue();
  }

  @Test
  void scheduler_withTheExtender_avoidsMaintenanceAndPrefersCheapNodes() {
    VirtualClock clock = new VirtualClock();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    // Without the extender, the scheduler would pick "spare": it is the emptiest node.
    cluster.create(node("spare", null, true));
    cluster.create(node("cheap", "0.4", false));
    cluster.create(node("dear", "3.0", false));
    cluster.create(
        makePod().name("filler").uid("filler").node("cheap").req(Map.of("cpu", "2")).obj());
    cluster.create(
        makePod().name("filler2").uid("filler2").node("dear").req(Map.of("cpu", "2")).obj());
    cluster.create(makePod().name("web").uid("web").req(Map.of("cpu", "1")).obj());
    Registry registry = Registry.discover();
    SchedulerConfiguration config =
        new SchedulerConfigurationDecoder()
            .decode(
                """
                apiVersion: kubescheduler.config.k8s.io/v1
                kind: KubeSchedulerConfiguration
                extenders:
                - urlPrefix: %s
                  filterVerb: filter
                  prioritizeVerb: prioritize
                  weight: 5
                """
                    .formatted(url()),
                "test config",
                registry)
            .configuration();

    try (Scheduler scheduler =
        Scheduler.builder()
            .cluster(cluster)
            .clock(clock)
            .registry(registry)
            .configuration(config)
            .parallelism(1)
            .seed(1)
            .build()) {
      var why = scheduler.explain(cluster.pod("default", "web").orElseThrow());
      scheduler.runUntilIdle();

      assertThat(cluster.pod("default", "web").orElseThrow().nodeName()).isEqualTo("cheap");
      assertThat(why.nodes())
          .filteredOn(v -> v.name().equals("spare"))
          .singleElement()
          .satisfies(
              v ->
                  assertThat(v.filter().reasons())
                      .containsExactly(CostAwareExtender.MAINTENANCE_REASON));
    }
  }
}
