package io.schedkit.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.schedkit.core.leaderelection.LeaderElectionRecord;
import io.schedkit.core.leaderelection.LeaseConflictException;
import io.schedkit.core.leaderelection.LeaseStore;
import io.schedkit.core.leaderelection.LeaseStoreException;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Lease mapping and the failure kinds of {@link KubernetesLeaseStore}, on fabric8's mock
 * server.
 */
final class KubernetesLeaseStoreTest {
  private static final String PATH = "/apis/coordination.k8s.io/v1/namespaces/ns/leases/sched";
  private static final String LEASE =
      "{\"apiVersion\":\"coordination.k8s.io/v1\",\"kind\":\"Lease\",\"metadata\":{\"name\":\"sched\","
          + "\"namespace\":\"ns\",\"resourceVersion\":\"42\"},\"spec\":{\"holderIdentity\":\"a\","
          + "\"leaseDurationSeconds\":15,\"acquireTime\":\"2026-01-02T03:04:05.123456Z\","
          + "\"renewTime\":\"2026-01-02T03:04:07.000001Z\",\"leaseTransitions\":3}}";
  private static final LeaderElectionRecord RECORD =
      new LeaderElectionRecord(
          "b", 15, Instant.parse("2026-01-02T03:05:00Z"), Instant.parse("2026-01-02T03:05:01Z"), 4);

  private KubernetesMockServer server;
  private KubernetesClient client;
  private KubernetesLeaseStore store;

  @BeforeEach
  void start() {
    server = new KubernetesMockServer(false);
    server.init();
    client = server.createClient();
    store = new KubernetesLeaseStore(client, "ns", "sched");
  }

  @AfterEach
  void stop() {
    client.close();
    server.destroy();
  }

  @Test
  void get_mapsTheLeaseSpecAndResourceVersion() {
    server.expect().get().withPath(PATH).andReturn(200, LEASE).once();

    LeaseStore.Stored s = store.get().orElseThrow();

    assertThat(s.resourceVersion()).isEqualTo("42");
    assertThat(s.record())
        .isEqualTo(
            new LeaderElectionRecord(
                "a",
                15,
                Instant.parse("2026-01-02T03:04:05.123456Z"),
                Instant.parse("2026-01-02T03:04:07.000001Z"),
                3));
  }

  @Test
  void get_absentLease_isEmpty() {
    server
        .expect()
        .get()
        .withPath(PATH)
        .andReturn(404, "{\"kind\":\"Status\",\"code\":404}")
        .once();

    assertThat(store.get()).isEmpty();
  }

  @Test
  void update_putsTheRecordAtTheExpectedVersion() throws Exception {
    server.expect().put().withPath(PATH).andReturn(200, LEASE.replace("\"42\"", "\"43\"")).once();

    assertThat(store.update(RECORD, "42").resourceVersion()).isEqualTo("43");

    RecordedRequest put = server.takeRequest(5, TimeUnit.SECONDS);
    JsonNode body = new ObjectMapper().readTree(put.getUtf8Body());
    assertThat(body.get("metadata").get("resourceVersion").asText()).isEqualTo("42");
    JsonNode spec = body.get("spec");
    assertThat(spec.get("holderIdentity").asText()).isEqualTo("b");
    assertThat(spec.get("leaseDurationSeconds").asInt()).isEqualTo(15);
    assertThat(spec.get("acquireTime").asText()).isEqualTo("2026-01-02T03:05:00.000000Z");
    assertThat(spec.get("renewTime").asText()).isEqualTo("2026-01-02T03:05:01.000000Z");
    assertThat(spec.get("leaseTransitions").asInt()).isEqualTo(4);
  }

  @Test
  void update_409_isAConflict() {
    server
        .expect()
        .put()
        .withPath(PATH)
        .andReturn(
            409,
            "{\"kind\":\"Status\",\"code\":409,\"reason\":\"Conflict\",\"message\":\"the object has been modified\"}")
        .once();

    assertThatThrownBy(() -> store.update(RECORD, "42"))
        .isInstanceOf(LeaseConflictException.class)
        .hasMessage(
            "updating Lease ns/sched at resourceVersion 42: 409 the object has been modified");
  }

  @Test
  void create_409_isAConflict_otherFailuresAreStoreFailures() {
    server
        .expect()
        .post()
        .withPath("/apis/coordination.k8s.io/v1/namespaces/ns/leases")
        .andReturn(409, "{\"kind\":\"Status\",\"code\":409,\"reason\":\"AlreadyExists\"}")
        .once();
    server
        .expect()
        .post()
        .withPath("/apis/coordination.k8s.io/v1/namespaces/ns/leases")
        .andReturn(
            403,
            "{\"kind\":\"Status\",\"code\":403,\"reason\":\"Forbidden\",\"message\":\"leases is forbidden\"}")
        .once();

    assertThatThrownBy(() -> store.create(RECORD))
        .isInstanceOf(LeaseConflictException.class)
        .hasMessage("leases.coordination.k8s.io \"sched\" already exists");
    assertThatThrownBy(() -> store.create(RECORD))
        .isInstanceOf(LeaseStoreException.class)
        .isNotInstanceOf(LeaseConflictException.class)
        .hasMessage("creating Lease ns/sched: 403 leases is forbidden");
  }
}
