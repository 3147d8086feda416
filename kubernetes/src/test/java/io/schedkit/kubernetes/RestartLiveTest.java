package io.schedkit.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The API server restarts on the same etcd while schedkit runs: its watches break, resume from a
 * resourceVersion the fresh watch cache no longer has (410 Gone), relist, and the scheduler carries
 * on with nothing lost: every pod created before, during the restart's aftermath and after ends
 * bound, each exactly once.
 */
@ExtendWith(RealApiServer.class)
final class RestartLiveTest {
  @Test
  void apiServerRestart_relistsAndBindsEveryPod(KubeApiServer server) throws Exception {
    try (KubernetesClient client = server.client()) {
      String ns = "restart";
      client
          .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
          .create();
      List<HasMetadata> nodes = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        nodes.add(TestObjects.node("node-" + i, "8", "32Gi"));
      }
      TestObjects.createAll(client, nodes);
      try (LiveSchedulers live =
          LiveSchedulers.start(client, LiveSchedulers.defaultConfig(), "restart-test")) {
        TestObjects.createAll(client, pods(ns, 0, 100));
        Await.until(
            "the first 100 pods bound", Duration.ofSeconds(60), () -> bound(client, ns) == 100);
        long relistsBefore = live.view.relistCount();

        server.stopApiServer();
        server.startApiServer();
        TestObjects.createAll(client, pods(ns, 100, 200));
        // A node added after the restart must reach the scheduler's cache too.
        client.resource(TestObjects.node("node-late", "8", "32Gi")).create();

        Await.until(
            "all 200 pods bound after the restart",
            Duration.ofSeconds(120),
            () -> bound(client, ns) == 200,
            () -> bound(client, ns) + " bound; relists " + live.view.relistCount());
        Await.until(
            "the late node in the scheduler's view",
            Duration.ofSeconds(60),
            () -> live.view.list().nodes().stream().anyMatch(n -> n.name().equals("node-late")));
        assertThat(live.scheduler.boundCount()).isEqualTo(200);
        assertThat(live.view.relistCount()).isGreaterThan(relistsBefore);
        assertThat(live.view.list().pods().stream().filter(p -> p.namespace().equals(ns)))
            .hasSize(200)
            .allMatch(p -> !p.nodeName().isEmpty());
      }
    }
  }

  private static List<HasMetadata> pods(String ns, int from, int to) {
    List<HasMetadata> pods = new ArrayList<>();
    for (int i = from; i < to; i++) {
      pods.add(TestObjects.pod(ns, "p-" + i, LiveSchedulers.NAME, "100m", "128Mi"));
    }
    return pods;
  }

  private static long bound(KubernetesClient client, String ns) {
    return TestObjects.pods(client, ns).stream()
        .map(Pod::getSpec)
        .filter(s -> s.getNodeName() != null)
        .count();
  }
}
