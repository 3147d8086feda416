package io.schedkit.framework.model;

/**
 * A top-level Kubernetes object of the model (a Pod, a Node, a PodDisruptionBudget, ...): anything
 * with object metadata and a kind, as a host reports it through {@code ClusterView}.
 */
public interface KubeObject {
  /**
   * Returns the object's metadata.
   *
   * @return the metadata; never null
   */
  ObjectMeta metadata();

  /**
   * Returns the object's kind, as in its {@code kind} field (for example {@code "Pod"}).
   *
   * @return the kind
   */
  String kind();

  /**
   * Returns the object's key as upstream's {@code cache.MetaNamespaceKeyFunc}: {@code
   * namespace/name} for namespaced objects, {@code name} otherwise.
   *
   * @return the key
   */
  default String key() {
    ObjectMeta m = metadata();
    return m.namespace().isEmpty() ? m.name() : m.namespace() + "/" + m.name();
  }
}
