package io.schedkit.kubernetes;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Nodes and pods for the real-server tests, created through the API as a user would. */
public final class TestObjects {
  private TestObjects() {}

  /** A Ready node with {@code cpu} and {@code memory} allocatable and room for 110 pods. */
  public static Node node(String name, String cpu, String memory) {
    Map<String, Quantity> r =
        Map.of(
            "cpu", new Quantity(cpu), "memory", new Quantity(memory), "pods", new Quantity("110"));
    return new NodeBuilder()
        .withNewMetadata()
        .withName(name)
        .addToLabels("kubernetes.io/hostname", name)
        .endMetadata()
        .withNewStatus()
        .withCapacity(r)
        .withAllocatable(r)
        .addNewCondition()
        .withType("Ready")
        .withStatus("True")
        .endCondition()
        .endStatus()
        .build();
  }

  /** A pending pod of {@code scheduler} requesting {@code cpu} and {@code memory}. */
  public static Pod pod(
      String namespace, String name, String scheduler, String cpu, String memory) {
    return new PodBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(namespace)
        .addToLabels("app", name.replaceAll("-[0-9]+$", ""))
        .endMetadata()
        .withNewSpec()
        .withSchedulerName(scheduler)
        .addNewContainer()
        .withName("c")
        .withImage("registry.k8s.io/pause:3.9")
        .withNewResources()
        .addToRequests("cpu", new Quantity(cpu))
        .addToRequests("memory", new Quantity(memory))
        .endResources()
        .endContainer()
        .endSpec()
        .build();
  }

  /** Creates {@code objects} with 4 concurrent requests, in no particular order. */
  public static void createAll(
      KubernetesClient client,
      List<? extends io.fabric8.kubernetes.api.model.HasMetadata> objects) {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<? extends Future<?>> done =
          objects.stream().map(o -> pool.submit(() -> client.resource(o).create())).toList();
      for (Future<?> f : done) {
        f.get();
      }
    } catch (Exception e) {
      throw new IllegalStateException("creating objects failed", e);
    } finally {
      pool.shutdownNow();
    }
  }

  /** The pods of {@code namespace}. */
  public static List<Pod> pods(KubernetesClient client, String namespace) {
    return client.pods().inNamespace(namespace).list().getItems();
  }
}
