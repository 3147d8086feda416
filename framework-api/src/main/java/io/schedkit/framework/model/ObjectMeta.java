package io.schedkit.framework.model;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Standard object metadata ({@code metav1.ObjectMeta}) shared by every model object: identity,
 * labels, annotations, owners and lifecycle timestamps.
 *
 * <p>Strings are never null ({@code ""} when unset); maps and lists are never null and are
 * unmodifiable copies; labels and annotations iterate in key order.
 *
 * @param name the object's name, unique within its namespace
 * @param namespace the namespace; {@code ""} for cluster-scoped objects (nodes, namespaces,
 *     priority classes)
 * @param uid the object's unique id
 * @param labels the labels, iterated in key order
 * @param annotations the annotations, iterated in key order
 * @param ownerReferences the owners, in order
 * @param creationTimestamp when the object was created; null when unset (Go's zero time)
 * @param deletionTimestamp when deletion was requested; null when unset, that is while the object
 *     is not terminating
 * @param resourceVersion the opaque version used for optimistic concurrency; {@code ""} when unset
 */
public record ObjectMeta(
    String name,
    String namespace,
    String uid,
    Map<String, String> labels,
    Map<String, String> annotations,
    List<OwnerReference> ownerReferences,
    Instant creationTimestamp,
    Instant deletionTimestamp,
    String resourceVersion) {

  private static final ObjectMeta EMPTY = builder().build();

  /**
   * Normalises nulls and copies the maps and lists into unmodifiable, ordered copies.
   *
   * @param name the object's name, unique within its namespace
   * @param namespace the namespace; {@code ""} for cluster-scoped objects (nodes, namespaces,
   *     priority classes)
   * @param uid the object's unique id
   * @param labels the labels, iterated in key order
   * @param annotations the annotations, iterated in key order
   * @param ownerReferences the owners, in order
   * @param creationTimestamp when the object was created; null when unset (Go's zero time)
   * @param deletionTimestamp when deletion was requested; null when unset, that is while the object
   *     is not terminating
   * @param resourceVersion the opaque version used for optimistic concurrency; {@code ""} when
   *     unset
   */
  public ObjectMeta {
    name = Copies.str(name);
    namespace = Copies.str(namespace);
    uid = Copies.str(uid);
    labels = Copies.sortedMap(labels, "labels");
    annotations = Copies.sortedMap(annotations, "annotations");
    ownerReferences = Copies.list(ownerReferences);
    resourceVersion = Copies.str(resourceVersion);
  }

  /**
   * Returns metadata with every field unset.
   *
   * @return the empty metadata
   */
  public static ObjectMeta empty() {
    return EMPTY;
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
   * Returns a builder initialised from this metadata.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder()
        .name(name)
        .namespace(namespace)
        .uid(uid)
        .labels(labels)
        .annotations(annotations)
        .ownerReferences(ownerReferences)
        .creationTimestamp(creationTimestamp)
        .deletionTimestamp(deletionTimestamp)
        .resourceVersion(resourceVersion);
  }

  /** Builds {@link ObjectMeta}. */
  public static final class Builder {
    private String name = "";
    private String namespace = "";
    private String uid = "";
    private final Map<String, String> labels = new TreeMap<>();
    private final Map<String, String> annotations = new TreeMap<>();
    private final List<OwnerReference> ownerReferences = new ArrayList<>();
    private Instant creationTimestamp;
    private Instant deletionTimestamp;
    private String resourceVersion = "";

    private Builder() {}

    /**
     * Sets the name.
     *
     * @param name the name
     * @return this builder
     */
    public Builder name(String name) {
      this.name = name;
      return this;
    }

    /**
     * Sets the namespace.
     *
     * @param namespace the namespace
     * @return this builder
     */
    public Builder namespace(String namespace) {
      this.namespace = namespace;
      return this;
    }

    /**
     * Sets the UID.
     *
     * @param uid the UID
     * @return this builder
     */
    public Builder uid(String uid) {
      this.uid = uid;
      return this;
    }

    /**
     * Replaces all labels.
     *
     * @param labels the labels; null clears them
     * @return this builder
     */
    public Builder labels(Map<String, String> labels) {
      this.labels.clear();
      if (labels != null) {
        this.labels.putAll(labels);
      }
      return this;
    }

    /**
     * Adds or replaces one label.
     *
     * @param key the label key
     * @param value the label value
     * @return this builder
     */
    public Builder label(String key, String value) {
      this.labels.put(key, value);
      return this;
    }

    /**
     * Replaces all annotations.
     *
     * @param annotations the annotations; null clears them
     * @return this builder
     */
    public Builder annotations(Map<String, String> annotations) {
      this.annotations.clear();
      if (annotations != null) {
        this.annotations.putAll(annotations);
      }
      return this;
    }

    /**
     * Adds or replaces one annotation.
     *
     * @param key the annotation key
     * @param value the annotation value
     * @return this builder
     */
    public Builder annotation(String key, String value) {
      this.annotations.put(key, value);
      return this;
    }

    /**
     * Replaces all owner references.
     *
     * @param ownerReferences the owners; null clears them
     * @return this builder
     */
    public Builder ownerReferences(List<OwnerReference> ownerReferences) {
      this.ownerReferences.clear();
      if (ownerReferences != null) {
        this.ownerReferences.addAll(ownerReferences);
      }
      return this;
    }

    /**
     * Appends an owner reference.
     *
     * @param ownerReference the owner
     * @return this builder
     */
    public Builder ownerReference(OwnerReference ownerReference) {
      this.ownerReferences.add(ownerReference);
      return this;
    }

    /**
     * Sets the creation time.
     *
     * @param creationTimestamp the time; null for unset
     * @return this builder
     */
    public Builder creationTimestamp(Instant creationTimestamp) {
      this.creationTimestamp = creationTimestamp;
      return this;
    }

    /**
     * Sets the deletion time, marking the object as terminating.
     *
     * @param deletionTimestamp the time; null for unset
     * @return this builder
     */
    public Builder deletionTimestamp(Instant deletionTimestamp) {
      this.deletionTimestamp = deletionTimestamp;
      return this;
    }

    /**
     * Sets the resource version.
     *
     * @param resourceVersion the version
     * @return this builder
     */
    public Builder resourceVersion(String resourceVersion) {
      this.resourceVersion = resourceVersion;
      return this;
    }

    /**
     * Builds the metadata.
     *
     * @return the metadata
     */
    public ObjectMeta build() {
      return new ObjectMeta(
          name,
          namespace,
          uid,
          labels,
          annotations,
          ownerReferences,
          creationTimestamp,
          deletionTimestamp,
          resourceVersion);
    }
  }
}
