package io.schedkit.framework.model;

import java.util.Map;
import java.util.TreeMap;

/**
 * A Service ({@code v1.Service}), reduced to its pod selector: the system default topology
 * spreading spreads the pods a service selects.
 *
 * <p>As upstream ({@code GetPodServices}), a service with an empty selector selects no pod.
 *
 * @param metadata the object metadata; never null
 * @param selector the labels a pod must carry to be selected, in key order
 */
public record Service(ObjectMeta metadata, Map<String, String> selector) implements KubeObject {

  /** The object kind, {@code Service}. */
  public static final String KIND = "Service";

  /**
   * Normalises nulls and copies the selector.
   *
   * @param metadata the object metadata; never null
   * @param selector the labels a pod must carry to be selected, in key order
   */
  public Service {
    metadata = metadata == null ? ObjectMeta.empty() : metadata;
    selector = Copies.sortedMap(selector, "selector");
  }

  /**
   * Returns {@code "Service"}.
   *
   * @return the kind
   */
  @Override
  public String kind() {
    return KIND;
  }

  /**
   * Returns whether this service selects a pod: same namespace, non-empty selector, and every
   * selector label present on the pod with the same value.
   *
   * @param pod the pod
   * @return true when selected
   */
  public boolean selects(Pod pod) {
    return !selector.isEmpty()
        && metadata.namespace().equals(pod.namespace())
        && LabelSelector.matchesAll(selector, pod.labels());
  }

  /**
   * Returns a new builder (namespace {@code default}).
   *
   * @return the builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns a builder initialised from this service.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder().metadata(metadata).selector(selector);
  }

  /** Builds {@link Service}s. */
  public static final class Builder {
    private ObjectMeta.Builder metadata = ObjectMeta.builder().namespace("default");
    private final Map<String, String> selector = new TreeMap<>();

    private Builder() {}

    /**
     * Replaces the metadata.
     *
     * @param metadata the metadata
     * @return this builder
     */
    public Builder metadata(ObjectMeta metadata) {
      this.metadata = metadata.toBuilder();
      return this;
    }

    /**
     * Sets the name.
     *
     * @param name the name
     * @return this builder
     */
    public Builder name(String name) {
      metadata.name(name);
      return this;
    }

    /**
     * Sets the namespace.
     *
     * @param namespace the namespace
     * @return this builder
     */
    public Builder namespace(String namespace) {
      metadata.namespace(namespace);
      return this;
    }

    /**
     * Replaces the selector.
     *
     * @param selector the labels; null clears them
     * @return this builder
     */
    public Builder selector(Map<String, String> selector) {
      this.selector.clear();
      if (selector != null) {
        this.selector.putAll(selector);
      }
      return this;
    }

    /**
     * Adds a selector label.
     *
     * @param key the key
     * @param value the value
     * @return this builder
     */
    public Builder selector(String key, String value) {
      this.selector.put(key, value);
      return this;
    }

    /**
     * Builds the service.
     *
     * @return the service
     */
    public Service build() {
      return new Service(metadata.build(), selector);
    }
  }
}
