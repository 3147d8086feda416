package io.schedkit.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * schedkit as a second scheduler on a real API server: 200 nodes and 2,000 pods created through the
 * API all end bound with no node over its allocatable, while pods of another scheduler are never
 * touched.
 */
@ExtendWith(RealApiServer.class)
final class LiveSchedulingTest {
  private static KubernetesClient client;

  @BeforeAll
  static void connect(KubeApiServer server) {
    client = server.client();
  }

  @AfterAll
  static void disconnect() {
    if (client != null) {
      client.close();
    }
  }

  @Test
  void twoThousandPods_allBound_noNodeOverAllocatable_otherSchedulersPodsUntouched() {
    String ns = "scale";
    client
        .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
        .create();
    List<HasMetadata> nodes = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      nodes.add(TestObjects.node(String.format("node-%03d", i), "4", "16Gi"));
    }
    TestObjects.createAll(client, nodes);
    try (LiveSchedulers live =
        LiveSchedulers.start(client, LiveSchedulers.defaultConfig(), "scale-test")) {
      List<HasMetadata> pods = new ArrayList<>();
      for (int i = 0; i < 2000; i++) {
        // 350m: 11 fit on a 4-cpu node, and 2,000 pods fill the 200 nodes to 87.5 %.
        pods.add(TestObjects.pod(ns, "web-" + i, LiveSchedulers.NAME, "350m", "512Mi"));
      }
      for (int i = 0; i < 50; i++) {
        pods.add(TestObjects.pod(ns, "other-" + i, "other-scheduler", "100m", "64Mi"));
      }
      TestObjects.createAll(client, pods);

      Await.until(
          "2,000 pods bound",
          Duration.ofMinutes(4),
          () -> bound(TestObjects.pods(client, ns)) == 2000,
          () ->
              bound(TestObjects.pods(client, ns))
                  + " bound, pending: "
                  + live.scheduler.pendingPods().stream().limit(3).toList());

      List<Pod> all = TestObjects.pods(client, ns);
      Map<String, long[]> used = new HashMap<>();
      for (Pod p : all) {
        if (p.getMetadata().getName().startsWith("other-")) {
          assertThat(p.getSpec().getNodeName()).as(p.getMetadata().getName()).isNull();
          assertThat(p.getStatus().getConditions()).as(p.getMetadata().getName()).isEmpty();
          assertThat(p.getStatus().getNominatedNodeName()).isNull();
          continue;
        }
        assertThat(p.getSpec().getNodeName()).as(p.getMetadata().getName()).isNotNull();
        long[] u = used.computeIfAbsent(p.getSpec().getNodeName(), k -> new long[3]);
        u[0] +=
            Quantity.getAmountInBytes(
                    p.getSpec().getContainers().get(0).getResources().getRequests().get("cpu"))
                .multiply(java.math.BigDecimal.valueOf(1000))
                .longValue();
        u[1] +=
            Quantity.getAmountInBytes(
                    p.getSpec().getContainers().get(0).getResources().getRequests().get("memory"))
                .longValue();
        u[2]++;
      }
      assertThat(used.values().stream().mapToLong(u -> u[2]).sum()).isEqualTo(2000);
      used.forEach(
          (node, u) -> {
            assertThat(u[0]).as("cpu milli on " + node).isLessThanOrEqualTo(4000);
            assertThat(u[1]).as("memory on " + node).isLessThanOrEqualTo(16L << 30);
            assertThat(u[2]).as("pods on " + node).isLessThanOrEqualTo(110);
          });
      assertThat(live.scheduler.boundCount()).isEqualTo(2000);

      Await.until(
          "the Scheduled event of web-0",
          Duration.ofSeconds(60),
          () -> scheduledEvent(ns, "web-0") != null);
      Event e = scheduledEvent(ns, "web-0");
      Pod web0 = client.pods().inNamespace(ns).withName("web-0").get();
      assertThat(e.getType()).isEqualTo("Normal");
      assertThat(e.getSource().getComponent()).isEqualTo(LiveSchedulers.NAME);
      assertThat(e.getMessage())
          .isEqualTo("Successfully assigned scale/web-0 to " + web0.getSpec().getNodeName());
      assertThat(
              client.v1().events().inNamespace(ns).list().getItems().stream()
                  .filter(ev -> ev.getInvolvedObject().getName().startsWith("other-")))
          .isEmpty();
    }
  }

  private static Event scheduledEvent(String ns, String pod) {
    return client.v1().events().inNamespace(ns).list().getItems().stream()
        .filter(ev -> ev.getInvolvedObject().getName().equals(pod))
        .filter(ev -> "Scheduled".equals(ev.getReason()))
        .findFirst()
        .orElse(null);
  }

  private static long bound(List<Pod> pods) {
    return pods.stream()
        .filter(p -> p.getMetadata().getName().startsWith("web-"))
        .filter(p -> p.getSpec().getNodeName() != null)
        .count();
  }
}
