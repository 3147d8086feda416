package io.schedkit.kubernetes;

import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.api.model.GroupVersionForDiscovery;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

/**
 * What the API server serves, from discovery: the {@code policy} version for PodDisruptionBudgets
 * ({@code v1} when served, else {@code v1beta1}, as on servers before 1.21) and whether the
 * PodGroup CRD ({@code scheduling.x-k8s.io/v1alpha1 podgroups}) is installed.
 */
final class ApiDiscovery {
  /** The PodGroup API group and version. */
  static final String POD_GROUP_API_VERSION = "scheduling.x-k8s.io/v1alpha1";

  private ApiDiscovery() {}

  /**
   * {@code v1} if the server serves {@code policy/v1}, else {@code v1beta1}.
   *
   * @throws IllegalStateException if it serves neither
   */
  static String policyVersion(KubernetesClient client) {
    APIGroup group = client.getApiGroup("policy");
    boolean v1beta1 = false;
    if (group != null && group.getVersions() != null) {
      for (GroupVersionForDiscovery v : group.getVersions()) {
        if ("policy/v1".equals(v.getGroupVersion())) {
          return "v1";
        }
        v1beta1 |= "policy/v1beta1".equals(v.getGroupVersion());
      }
    }
    if (v1beta1) {
      return "v1beta1";
    }
    throw new IllegalStateException(
        "the API server at "
            + client.getMasterUrl()
            + " serves neither policy/v1 nor policy/v1beta1: PodDisruptionBudgets cannot be read");
  }

  /** Whether the server serves {@code podgroups} in {@code scheduling.x-k8s.io/v1alpha1}. */
  static boolean podGroupsServed(KubernetesClient client) {
    APIResourceList list;
    try {
      list = client.getApiResources(POD_GROUP_API_VERSION);
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return false;
      }
      throw e;
    }
    if (list == null || list.getResources() == null) {
      return false;
    }
    for (APIResource r : list.getResources()) {
      if ("podgroups".equals(r.getName())) {
        return true;
      }
    }
    return false;
  }
}
