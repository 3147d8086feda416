package io.schedkit.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.policy.v1beta1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.policy.v1beta1.PodDisruptionBudgetBuilder;
import io.fabric8.kubernetes.api.model.policy.v1beta1.PodDisruptionBudgetStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Preemption through a real API server: a high-priority pod that fits nowhere evicts lower-priority
 * victims (DisruptionTarget condition, then delete) on the node whose victims do not violate a
 * PodDisruptionBudget, and is bound there once they are gone.
 */
@ExtendWith(RealApiServer.class)
final class PreemptionLiveTest {
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
  @SuppressWarnings("try") // the kubelet works in the background while the block runs
  void highPriorityPod_evictsVictimsOffThePdbProtectedNode_andIsBound() {
    String ns = "preempt";
    client
        .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
        .create();
    client
        .resource(
            new io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClassBuilder()
                .withNewMetadata()
                .withName("priority-1000")
                .endMetadata()
                .withValue(1000)
                .build())
        .create();
    client.resource(TestObjects.node("node-a", "2", "4Gi")).create();
    client.resource(TestObjects.node("node-b", "2", "4Gi")).create();
    // The "guarded" pods are protected by a PDB that allows no disruption; the "free" pods are not.
    // Both nodes are full of priority-0 pods; both would make room, but node-a's victims violate
    // the PDB, so preemption must pick node-b.
    Pod guarded =
        withPriority(TestObjects.pod(ns, "guarded-1", LiveSchedulers.NAME, "1", "1Gi"), 0);
    guarded.getMetadata().getLabels().put("tier", "guarded");
    guarded.getSpec().setNodeName("node-a");
    Pod guarded2 =
        withPriority(TestObjects.pod(ns, "guarded-2", LiveSchedulers.NAME, "1", "1Gi"), 0);
    guarded2.getMetadata().getLabels().put("tier", "guarded");
    guarded2.getSpec().setNodeName("node-a");
    Pod free1 = withPriority(TestObjects.pod(ns, "free-1", LiveSchedulers.NAME, "1", "1Gi"), 0);
    free1.getSpec().setNodeName("node-b");
    Pod free2 = withPriority(TestObjects.pod(ns, "free-2", LiveSchedulers.NAME, "1", "1Gi"), 0);
    free2.getSpec().setNodeName("node-b");
    TestObjects.createAll(client, List.of(guarded, guarded2, free1, free2));
    PodDisruptionBudget pdb =
        client
            .resource(
                new PodDisruptionBudgetBuilder()
                    .withNewMetadata()
                    .withName("guarded")
                    .withNamespace(ns)
                    .endMetadata()
                    .withNewSpec()
                    .withMinAvailable(new IntOrString(2))
                    .withNewSelector()
                    .addToMatchLabels("tier", "guarded")
                    .endSelector()
                    .endSpec()
                    .build())
            .create();
    // As the disruption controller would: both guarded pods are healthy, none may go.
    pdb.setStatus(
        new PodDisruptionBudgetStatusBuilder()
            .withCurrentHealthy(2)
            .withDesiredHealthy(2)
            .withExpectedPods(2)
            .withDisruptionsAllowed(0)
            .withObservedGeneration(pdb.getMetadata().getGeneration())
            .build());
    client.resource(pdb).updateStatus();

    try (FakeKubelet kubelet = new FakeKubelet(client);
        LiveSchedulers live =
            LiveSchedulers.start(client, LiveSchedulers.defaultConfig(), "preemption-test")) {
      Pod big =
          withPriority(TestObjects.pod(ns, "important", LiveSchedulers.NAME, "2", "1Gi"), 1000);
      client.resource(big).create();

      Await.until(
          "the important pod bound",
          Duration.ofSeconds(90),
          () -> nodeOf(ns, "important") != null,
          () -> live.scheduler.pendingPods());

      assertThat(nodeOf(ns, "important")).isEqualTo("node-b");
      assertThat(client.pods().inNamespace(ns).withName("free-1").get()).isNull();
      assertThat(client.pods().inNamespace(ns).withName("free-2").get()).isNull();
      assertThat(nodeOf(ns, "guarded-1")).isEqualTo("node-a");
      assertThat(nodeOf(ns, "guarded-2")).isEqualTo("node-a");
      // One Preempted event per victim at least: when the retried preemptor runs before the
      // informer has seen a victim's deletion, it evicts that victim again (as kube-scheduler
      // does), and a second DELETE of a terminating pod is a success with its own event.
      Await.until(
          "a Preempted event for each victim",
          Duration.ofSeconds(30),
          () -> preemptedPods(ns).equals(java.util.Set.of("free-1", "free-2")),
          () -> "Preempted events about " + preemptedPods(ns));
      Pod important = client.pods().inNamespace(ns).withName("important").get();
      assertThat(
              client.v1().events().inNamespace(ns).list().getItems().stream()
                  .filter(e -> "Preempted".equals(e.getReason()))
                  .map(e -> e.getMessage()))
          .containsOnly("Preempted by pod " + important.getMetadata().getUid() + " on node node-b");
    }
  }

  /** The pod with the PriorityClass of {@code priority} (the admission plugin sets the value). */
  private static Pod withPriority(Pod pod, int priority) {
    if (priority != 0) {
      pod.getSpec().setPriorityClassName("priority-" + priority);
    }
    return pod;
  }

  /** The names of the pods that Preempted events in {@code ns} are about. */
  private static java.util.Set<String> preemptedPods(String ns) {
    return client.v1().events().inNamespace(ns).list().getItems().stream()
        .filter(e -> "Preempted".equals(e.getReason()))
        .map(e -> e.getInvolvedObject().getName())
        .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
  }

  private static String nodeOf(String ns, String name) {
    Pod p = client.pods().inNamespace(ns).withName(name).get();
    return p == null ? null : p.getSpec().getNodeName();
  }
}
