package io.schedkit.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

/**
 * The one thing the tests need from a kubelet: a pod that is being deleted gracefully goes away.
 * The test server has no kubelet, so a deleted bound pod would stay Terminating for ever; this
 * deletes it again with grace period 0, as a kubelet finishing the pod would.
 */
public final class FakeKubelet implements AutoCloseable {
  private final SharedIndexInformer<Pod> informer;

  public FakeKubelet(KubernetesClient client) {
    informer =
        client
            .pods()
            .inAnyNamespace()
            .inform(
                new ResourceEventHandler<Pod>() {
                  @Override
                  public void onAdd(Pod pod) {
                    finish(client, pod);
                  }

                  @Override
                  public void onUpdate(Pod oldPod, Pod pod) {
                    finish(client, pod);
                  }

                  @Override
                  public void onDelete(Pod pod, boolean unknown) {}
                });
  }

  private static void finish(KubernetesClient client, Pod pod) {
    if (pod.getMetadata().getDeletionTimestamp() != null) {
      client.resource(pod).withGracePeriod(0).delete();
    }
  }

  @Override
  public void close() {
    informer.close();
  }
}
