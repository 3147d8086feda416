package io.schedkit.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.schedkit.framework.cluster.ClusterWriteException;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodCondition;
import io.schedkit.testing.PodWrapper;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The requests behind bind, evict, nominate and reportUnschedulable, against fabric8's mock server.
 */
final class PodWriterTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private KubernetesMockServer server;
  private KubernetesClient client;
  private EventRecorder events;
  private PodWriter writer;

  @BeforeEach
  void start() {
    server = new KubernetesMockServer(false);
    server.init();
    client = server.createClient();
    String master = client.getMasterUrl().toString();
    events =
        new EventRecorder(new ApiRequests(client.getHttpClient(), master, Duration.ofSeconds(10)));
    writer =
        new PodWriter(
            new ApiRequests(client.getHttpClient(), master, Duration.ofSeconds(10)), events);
  }

  @AfterEach
  void stop() {
    events.close();
    client.close();
    server.destroy();
  }

  private static Pod pod() {
    return PodWrapper.makePod()
        .namespace("ns")
        .name("p")
        .uid("uid-p")
        .schedulerName("my-scheduler")
        .obj();
  }

  /** The requests received, up to {@code n}, in order. */
  private List<RecordedRequest> requests(int n) throws InterruptedException {
    List<RecordedRequest> r = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      RecordedRequest q = server.takeRequest(10, TimeUnit.SECONDS);
      assertThat(q).as("request " + (i + 1) + " of " + n).isNotNull();
      r.add(q);
    }
    return r;
  }

  private static JsonNode body(RecordedRequest r) throws Exception {
    return JSON.readTree(r.getUtf8Body());
  }

  @Test
  void bind_postsTheBindingWithTheUid_thenTheScheduledEvent() throws Exception {
    server
        .expect()
        .post()
        .withPath("/api/v1/namespaces/ns/pods/p/binding")
        .andReturn(201, "{}")
        .once();
    server.expect().post().withPath("/api/v1/namespaces/ns/events").andReturn(201, "{}").once();

    writer.bind(pod(), "node-1").toCompletableFuture().join();

    List<RecordedRequest> r = requests(2);
    assertThat(body(r.get(0)).toString())
        .isEqualTo(
            "{\"apiVersion\":\"v1\",\"kind\":\"Binding\",\"metadata\":{\"name\":\"p\",\"namespace\":\"ns\",\"uid\":\"uid-p\"},\"target\":{\"kind\":\"Node\",\"name\":\"node-1\"}}");
    JsonNode event = body(r.get(1));
    assertThat(event.get("reason").asText()).isEqualTo("Scheduled");
    assertThat(event.get("type").asText()).isEqualTo("Normal");
    assertThat(event.get("message").asText()).isEqualTo("Successfully assigned ns/p to node-1");
    assertThat(event.get("source").get("component").asText()).isEqualTo("my-scheduler");
    assertThat(event.get("involvedObject").get("uid").asText()).isEqualTo("uid-p");
  }

  @Test
  void bind_409_isAConflictNamingThePodNodeAndServerMessage() {
    server
        .expect()
        .post()
        .withPath("/api/v1/namespaces/ns/pods/p/binding")
        .andReturn(
            409,
            "{\"kind\":\"Status\",\"reason\":\"Conflict\",\"code\":409,\"message\":\"Operation cannot be fulfilled on pods/binding \\\"p\\\": pod p is already assigned to node \\\"node-2\\\"\"}")
        .once();

    assertThatThrownBy(() -> writer.bind(pod(), "node-1").toCompletableFuture().join())
        .isInstanceOf(CompletionException.class)
        .cause()
        .isInstanceOf(ClusterWriteException.class)
        .hasMessage(
            "binding pod ns/p to node node-1: 409 Conflict: Operation cannot be fulfilled on"
                + " pods/binding \"p\": pod p is already assigned to node \"node-2\"")
        .matches(e -> ((ClusterWriteException) e).isConflict());
  }

  @Test
  void evict_patchesDisruptionTarget_thenDeletesWithTheUid_thenThePreemptedEvent()
      throws Exception {
    server
        .expect()
        .patch()
        .withPath("/api/v1/namespaces/ns/pods/p/status")
        .andReturn(200, "{}")
        .once();
    server.expect().delete().withPath("/api/v1/namespaces/ns/pods/p").andReturn(200, "{}").once();
    server.expect().post().withPath("/api/v1/namespaces/ns/events").andReturn(201, "{}").once();
    Pod victim = PodWrapper.makePod().namespace("ns").name("p").uid("uid-p").node("node-1").obj();
    Pod preemptor =
        PodWrapper.makePod()
            .namespace("ns")
            .name("big")
            .uid("uid-big")
            .schedulerName("my-scheduler")
            .obj();

    writer.evict(victim, preemptor).toCompletableFuture().join();

    List<RecordedRequest> r = requests(3);
    assertThat(r.get(0).getHeader("Content-Type"))
        .startsWith("application/strategic-merge-patch+json");
    JsonNode condition = body(r.get(0)).get("status").get("conditions").get(0);
    assertThat(condition.get("type").asText()).isEqualTo("DisruptionTarget");
    assertThat(condition.get("status").asText()).isEqualTo("True");
    assertThat(condition.get("reason").asText()).isEqualTo("PreemptionByScheduler");
    assertThat(condition.get("message").asText())
        .isEqualTo("my-scheduler: preempting to accommodate a higher priority pod");
    assertThat(r.get(1).getMethod()).isEqualTo("DELETE");
    assertThat(body(r.get(1)).get("preconditions").get("uid").asText()).isEqualTo("uid-p");
    JsonNode event = body(r.get(2));
    assertThat(event.get("reason").asText()).isEqualTo("Preempted");
    assertThat(event.get("message").asText()).isEqualTo("Preempted by pod uid-big on node node-1");
  }

  @Test
  void evict_aVictimAlreadyGone_isEvicted() {
    server
        .expect()
        .patch()
        .withPath("/api/v1/namespaces/ns/pods/p/status")
        .andReturn(
            404,
            "{\"kind\":\"Status\",\"code\":404,\"reason\":\"NotFound\",\"message\":\"pods \\\"p\\\" not found\"}")
        .once();

    writer.evict(pod(), pod()).toCompletableFuture().join();

    assertThat(server.getRequestCount()).isEqualTo(1); // no delete, no event
  }

  @Test
  void nominate_setsAndClearsNominatedNodeName() throws Exception {
    server
        .expect()
        .patch()
        .withPath("/api/v1/namespaces/ns/pods/p/status")
        .andReturn(200, "{}")
        .times(2);

    writer.nominate(pod(), "node-1").toCompletableFuture().join();
    writer.nominate(pod(), "").toCompletableFuture().join();

    List<RecordedRequest> r = requests(2);
    assertThat(r.get(0).getUtf8Body()).isEqualTo("{\"status\":{\"nominatedNodeName\":\"node-1\"}}");
    assertThat(r.get(1).getUtf8Body()).isEqualTo("{\"status\":{\"nominatedNodeName\":null}}");
    assertThat(r.get(1).getHeader("Content-Type")).startsWith("application/merge-patch+json");
  }

  @Test
  void reportUnschedulable_recordsFailedScheduling_andPatchesPodScheduledFalse() throws Exception {
    server.expect().post().withPath("/api/v1/namespaces/ns/events").andReturn(201, "{}").once();
    server
        .expect()
        .patch()
        .withPath("/api/v1/namespaces/ns/pods/p/status")
        .andReturn(200, "{}")
        .once();
    String message = "0/3 nodes are available: 3 Insufficient cpu.";

    writer.reportUnschedulable(pod(), message).toCompletableFuture().join();

    List<RecordedRequest> r = requests(2);
    RecordedRequest patch = r.get(0).getPath().endsWith("/status") ? r.get(0) : r.get(1);
    RecordedRequest event = patch == r.get(0) ? r.get(1) : r.get(0);
    assertThat(event.getPath()).isEqualTo("/api/v1/namespaces/ns/events");
    JsonNode c = body(patch).get("status").get("conditions").get(0);
    assertThat(c.get("type").asText()).isEqualTo("PodScheduled");
    assertThat(c.get("status").asText()).isEqualTo("False");
    assertThat(c.get("reason").asText()).isEqualTo("Unschedulable");
    assertThat(c.get("message").asText()).isEqualTo(message);
    JsonNode e = body(event); // reading a recorded body consumes it
    assertThat(e.get("reason").asText()).isEqualTo("FailedScheduling");
    assertThat(e.get("type").asText()).isEqualTo("Warning");
    assertThat(e.get("message").asText()).isEqualTo(message);
  }

  @Test
  void reportUnschedulable_sameConditionAlreadySet_writesNoPatch() throws Exception {
    server.expect().post().withPath("/api/v1/namespaces/ns/events").andReturn(201, "{}").once();
    String message = "0/3 nodes are available: 3 Insufficient cpu.";
    Pod p = pod();
    Pod reported =
        new Pod(
            p.metadata(),
            p.spec(),
            p.status().toBuilder()
                .conditions(
                    List.of(
                        new PodCondition(
                            "PodScheduled", "False", "Unschedulable", message, Instant.EPOCH)))
                .build());

    writer.reportUnschedulable(reported, message).toCompletableFuture().join();

    // A patch would have been sent before the stage completed; the event follows on its own.
    Await.until("the event", Duration.ofSeconds(10), () -> server.getRequestCount() >= 1);
    assertThat(server.getRequestCount()).isEqualTo(1);
    assertThat(requests(1).get(0).getPath()).isEqualTo("/api/v1/namespaces/ns/events");
  }
}
