package io.schedkit.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.schedkit.framework.cluster.ClusterObjects;
import io.schedkit.framework.config.ClientConnectionConfig;
import io.schedkit.kubernetes.KubernetesClients;
import io.schedkit.kubernetes.KubernetesClusterView;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The commands' way to a live cluster: a client for the kubeconfig ({@code --kubeconfig}, else
 * {@code KUBECONFIG} or {@code ~/.kube/config}, else the in-cluster service account) and a one-time
 * read of every object scheduling reads ({@link KubernetesClusterView}).
 */
final class LiveCluster {
  private LiveCluster() {}

  /**
   * A client, limited as {@code connection} says.
   *
   * @throws InputException if the kubeconfig cannot be read or names no server
   */
  static KubernetesClient connect(
      Path kubeconfig, String context, ClientConnectionConfig connection) {
    try {
      return KubernetesClients.connect(kubeconfig, context, connection);
    } catch (IllegalArgumentException e) {
      throw new InputException(e.getMessage(), e);
    }
  }

  /**
   * Every object the scheduler reads, as the informers list them now.
   *
   * @throws InputException if the kubeconfig is bad or the server cannot be read
   */
  static ClusterObjects read(Path kubeconfig, String context) {
    try (KubernetesClient client = connect(kubeconfig, context, ClientConnectionConfig.defaults());
        KubernetesClusterView view =
            KubernetesClusterView.builder(client).syncTimeout(Duration.ofSeconds(60)).build()) {
      view.start();
      return view.list();
    } catch (IllegalStateException | io.fabric8.kubernetes.client.KubernetesClientException e) {
      throw new InputException(
          (kubeconfig == null ? "the cluster" : kubeconfig.toString())
              + ": cannot read the cluster: "
              + e.getMessage(),
          e);
    }
  }
}
