package io.schedkit.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.config.ClientConnectionConfig;
import io.schedkit.framework.model.Pod;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A dropped connection whose watch has expired relists cleanly. The server runs without its watch
 * cache and compacts etcd every second; the connection between the view and the server is cut (a
 * TCP proxy drops it, the server keeps running), changes are made, and the test waits until a read
 * at the last resourceVersion the view saw is refused with 410 Gone, so no watch can resume from
 * there. When the connection comes back the informers relist (fabric8 8.0 relists after a dropped
 * watch and after a 410) and the view delivers exactly the deletes and adds that were missed:
 * nothing lost, nothing twice, no spurious update.
 */
@ExtendWith(RealApiServer.class)
@ApiServerArgs({"--watch-cache=false", "--etcd-compaction-interval=1s"})
final class WatchExpiryLiveTest {
  @Test
  void compactedWatch_410_relistDeliversExactlyTheMissedChanges(KubeApiServer server)
      throws Exception {
    String ns = "expiry";
    try (KubernetesClient direct = server.client();
        TcpProxy proxy = new TcpProxy(server.port());
        KubernetesClient viaProxy =
            KubernetesClients.build(
                server.configFor("https://127.0.0.1:" + proxy.port()),
                new ClientConnectionConfig("", "", "", -1, 0));
        KubernetesClusterView view = KubernetesClusterView.builder(viaProxy).build()) {
      direct
          .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
          .create();
      List<HasMetadata> first = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        first.add(TestObjects.pod(ns, "a-" + i, "other", "10m", "16Mi"));
      }
      TestObjects.createAll(direct, first);
      view.start();
      List<String> events = new CopyOnWriteArrayList<>();
      view.watch(
          e -> {
            if (e.object() instanceof Pod p && p.namespace().equals(ns)) {
              events.add(e.type() + " " + p.name());
            }
          });
      events.clear();
      assertThat(podNames(view, ns)).hasSize(10);
      String before = direct.pods().inNamespace(ns).list().getMetadata().getResourceVersion();

      long relists = view.relistCount();
      proxy.cut();
      for (int i = 0; i < 5; i++) {
        direct.pods().inNamespace(ns).withName("a-" + i).withGracePeriod(0).delete();
      }
      List<HasMetadata> second = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        second.add(TestObjects.pod(ns, "b-" + i, "other", "10m", "16Mi"));
      }
      TestObjects.createAll(direct, second);
      Await.until(
          "etcd compacted past the cut",
          Duration.ofSeconds(30),
          () -> compacted(direct, ns, before));
      proxy.restore();

      Await.until(
          "the view converged",
          Duration.ofSeconds(60),
          () ->
              podNames(view, ns)
                  .equals(
                      List.of(
                          "a-5", "a-6", "a-7", "a-8", "a-9", "b-0", "b-1", "b-2", "b-3", "b-4")),
          () -> podNames(view, ns) + " " + events);
      assertThat(view.relistCount()).isGreaterThan(relists);
      assertThat(events)
          .containsExactlyInAnyOrder(
              "DELETED a-0",
              "DELETED a-1",
              "DELETED a-2",
              "DELETED a-3",
              "DELETED a-4",
              "ADDED b-0",
              "ADDED b-1",
              "ADDED b-2",
              "ADDED b-3",
              "ADDED b-4");
      assertThat(events).noneMatch(e -> e.startsWith(WatchEvent.Type.MODIFIED.name()));
    }
  }

  /** Whether a list at resourceVersion {@code rv} is refused as too old (410). */
  private static boolean compacted(KubernetesClient client, String ns, String rv) {
    try {
      client
          .pods()
          .inNamespace(ns)
          .list(
              new ListOptionsBuilder()
                  .withResourceVersion(rv)
                  .withResourceVersionMatch("Exact")
                  .build());
      return false;
    } catch (KubernetesClientException e) {
      return e.getCode() == 410;
    }
  }

  private static List<String> podNames(KubernetesClusterView view, String ns) {
    return view.list().pods().stream()
        .filter(p -> p.namespace().equals(ns))
        .map(Pod::name)
        .sorted()
        .toList();
  }
}
