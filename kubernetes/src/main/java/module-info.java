/**
 * schedkit on a real Kubernetes API server: {@link io.schedkit.kubernetes.KubernetesClusterView}, a
 * live {@code ClusterView} over the fabric8 client (list and watch in, binding, preemption, status
 * and events out), {@link io.schedkit.kubernetes.KubernetesLeaseStore}, the lease of leader
 * election as a {@code coordination.k8s.io/v1} Lease, and {@link
 * io.schedkit.kubernetes.KubernetesClients} to connect with a kubeconfig and the configuration's
 * client rate limit. Ships no logging binding.
 */
module io.schedkit.kubernetes {
  requires transitive io.schedkit.core;
  requires transitive kubernetes.client.api;
  requires kubernetes.model.core;
  requires kubernetes.model.common;
  requires kubernetes.model.coordination;
  requires kubernetes.model.policy;
  requires kubernetes.model.scheduling;
  requires kubernetes.model.apps;
  requires com.fasterxml.jackson.databind;
  requires org.slf4j;

  exports io.schedkit.kubernetes;
}
