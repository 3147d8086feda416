package io.schedkit.framework.model;

import java.util.Map;

/**
 * A namespace ({@code v1.Namespace}); its labels are what a pod affinity term's {@code
 * namespaceSelector} matches.
 *
 * @param metadata the object metadata (cluster-scoped); never null
 */
public record Namespace(ObjectMeta metadata) implements KubeObject {

  /** The object kind, {@code Namespace}. */
  public static final String KIND = "Namespace";

  /**
   * Normalises a null metadata to empty.
   *
   * @param metadata the object metadata (cluster-scoped); never null
   */
  public Namespace {
    metadata = metadata == null ? ObjectMeta.empty() : metadata;
  }

  /**
   * Returns {@code "Namespace"}.
   *
   * @return the kind
   */
  @Override
  public String kind() {
    return KIND;
  }

  /**
   * Returns a namespace with a name and labels.
   *
   * @param name the name
   * @param labels the labels
   * @return the namespace
   */
  public static Namespace of(String name, Map<String, String> labels) {
    return new Namespace(ObjectMeta.builder().name(name).labels(labels).build());
  }

  /**
   * Returns the namespace's name.
   *
   * @return the name
   */
  public String name() {
    return metadata.name();
  }

  /**
   * Returns the namespace's labels.
   *
   * @return the labels
   */
  public Map<String, String> labels() {
    return metadata.labels();
  }

  /**
   * Returns a new, empty builder.
   *
   * @return the builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns a builder initialised from this namespace.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder().metadata(metadata);
  }

  /** Builds {@link Namespace}s. */
  public static final class Builder {
    private ObjectMeta.Builder metadata = ObjectMeta.builder();

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
     * Adds a label.
     *
     * @param key the key
     * @param value the value
     * @return this builder
     */
    public Builder label(String key, String value) {
      metadata.label(key, value);
      return this;
    }

    /**
     * Builds the namespace.
     *
     * @return the namespace
     */
    public Namespace build() {
      return new Namespace(metadata.build());
    }
  }
}
