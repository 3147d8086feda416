package io.schedkit.framework.model;

import java.util.List;
import java.util.Map;

/**
 * A node of the cluster ({@code v1.Node}): where pods are placed.
 *
 * @param metadata the object metadata (cluster-scoped); never null
 * @param spec the desired state; never null
 * @param status the observed state; never null
 */
public record Node(ObjectMeta metadata, NodeSpec spec, NodeStatus status) implements KubeObject {

  /** The object kind, {@code Node}. */
  public static final String KIND = "Node";

  /**
   * Normalises nulls to empty values.
   *
   * @param metadata the object metadata (cluster-scoped); never null
   * @param spec the desired state; never null
   * @param status the observed state; never null
   */
  public Node {
    metadata = metadata == null ? ObjectMeta.empty() : metadata;
    spec = spec == null ? NodeSpec.builder().build() : spec;
    status = status == null ? NodeStatus.builder().build() : status;
  }

  /**
   * Returns {@code "Node"}.
   *
   * @return the kind
   */
  @Override
  public String kind() {
    return KIND;
  }

  /**
   * Returns the node's name.
   *
   * @return the name
   */
  public String name() {
    return metadata.name();
  }

  /**
   * Returns the node's labels (topology, instance type and user labels).
   *
   * @return the labels, in key order
   */
  public Map<String, String> labels() {
    return metadata.labels();
  }

  /**
   * Returns the node's taints.
   *
   * @return the taints, in order
   */
  public List<Taint> taints() {
    return spec.taints();
  }

  /**
   * Returns the resources available to pods.
   *
   * @return the allocatable resources
   */
  public ResourceList allocatable() {
    return status.allocatable();
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
   * Returns a builder initialised from this node.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.metadata = metadata.toBuilder();
    b.spec = spec.toBuilder();
    b.capacity = status.capacity();
    b.allocatable = status.allocatable();
    b.status = status.toBuilder();
    return b;
  }

  /**
   * Builds {@link Node}s.
   *
   * <p>When {@link #build()} finds capacity set and allocatable empty, allocatable defaults to the
   * capacity (so {@code capacity("cpu", "4")} alone gives a node with 4 allocatable CPUs), as
   * upstream's test wrappers and most simulators assume.
   */
  public static final class Builder {
    private ObjectMeta.Builder metadata = ObjectMeta.builder();
    private NodeSpec.Builder spec = NodeSpec.builder();
    private NodeStatus.Builder status = NodeStatus.builder();
    private ResourceList capacity = ResourceList.empty();
    private ResourceList allocatable = ResourceList.empty();

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
     * Replaces the spec.
     *
     * @param spec the spec
     * @return this builder
     */
    public Builder spec(NodeSpec spec) {
      this.spec = spec.toBuilder();
      return this;
    }

    /**
     * Replaces the status, capacity and allocatable included.
     *
     * @param status the status
     * @return this builder
     */
    public Builder status(NodeStatus status) {
      this.status = status.toBuilder();
      this.capacity = status.capacity();
      this.allocatable = status.allocatable();
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
     * Sets the UID.
     *
     * @param uid the UID
     * @return this builder
     */
    public Builder uid(String uid) {
      metadata.uid(uid);
      return this;
    }

    /**
     * Adds or replaces a label.
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
     * Replaces all labels.
     *
     * @param labels the labels
     * @return this builder
     */
    public Builder labels(Map<String, String> labels) {
      metadata.labels(labels);
      return this;
    }

    /**
     * Appends a taint.
     *
     * @param taint the taint
     * @return this builder
     */
    public Builder taint(Taint taint) {
      spec.taint(taint);
      return this;
    }

    /**
     * Appends a taint built from its parts.
     *
     * @param key the key
     * @param value the value
     * @param effect the effect
     * @return this builder
     */
    public Builder taint(String key, String value, TaintEffect effect) {
      return taint(Taint.of(key, value, effect));
    }

    /**
     * Sets whether the node is cordoned.
     *
     * @param unschedulable the flag
     * @return this builder
     */
    public Builder unschedulable(boolean unschedulable) {
      spec.unschedulable(unschedulable);
      return this;
    }

    /**
     * Sets one capacity entry.
     *
     * @param resource the resource name
     * @param quantity the quantity, parsed with {@link Quantity#parse}
     * @return this builder
     */
    public Builder capacity(String resource, String quantity) {
      capacity = capacity.with(resource, Quantity.parse(quantity));
      return this;
    }

    /**
     * Replaces the capacity.
     *
     * @param capacity the resources
     * @return this builder
     */
    public Builder capacity(ResourceList capacity) {
      this.capacity = capacity == null ? ResourceList.empty() : capacity;
      return this;
    }

    /**
     * Sets one allocatable entry.
     *
     * @param resource the resource name
     * @param quantity the quantity, parsed with {@link Quantity#parse}
     * @return this builder
     */
    public Builder allocatable(String resource, String quantity) {
      allocatable = allocatable.with(resource, Quantity.parse(quantity));
      return this;
    }

    /**
     * Replaces the allocatable resources.
     *
     * @param allocatable the resources
     * @return this builder
     */
    public Builder allocatable(ResourceList allocatable) {
      this.allocatable = allocatable == null ? ResourceList.empty() : allocatable;
      return this;
    }

    /**
     * Appends an image present on the node.
     *
     * @param sizeBytes the image size in bytes
     * @param names the names the image is known by
     * @return this builder
     */
    public Builder image(long sizeBytes, String... names) {
      status.image(ContainerImage.of(sizeBytes, names));
      return this;
    }

    /**
     * Appends a condition.
     *
     * @param condition the condition
     * @return this builder
     */
    public Builder condition(NodeCondition condition) {
      status.condition(condition);
      return this;
    }

    /**
     * Builds the node; allocatable defaults to capacity when only capacity was set.
     *
     * @return the node
     */
    public Node build() {
      ResourceList alloc = allocatable.isEmpty() ? capacity : allocatable;
      return new Node(
          metadata.build(), spec.build(), status.capacity(capacity).allocatable(alloc).build());
    }
  }
}
