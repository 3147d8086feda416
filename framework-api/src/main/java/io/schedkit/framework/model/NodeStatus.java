package io.schedkit.framework.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The observed state of a node ({@code v1.NodeStatus}), reduced to what scheduling reads.
 *
 * @param capacity the node's total resources; never null
 * @param allocatable the resources available to pods (capacity minus system reservations); never
 *     null
 * @param images the images present on the node, in order
 * @param conditions the node's conditions, in order
 */
public record NodeStatus(
    ResourceList capacity,
    ResourceList allocatable,
    List<ContainerImage> images,
    List<NodeCondition> conditions) {

  /**
   * Normalises nulls and copies the lists.
   *
   * @param capacity the node's total resources; never null
   * @param allocatable the resources available to pods (capacity minus system reservations); never
   *     null
   * @param images the images present on the node, in order
   * @param conditions the node's conditions, in order
   */
  public NodeStatus {
    capacity = capacity == null ? ResourceList.empty() : capacity;
    allocatable = allocatable == null ? ResourceList.empty() : allocatable;
    images = Copies.list(images);
    conditions = Copies.list(conditions);
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
   * Returns a builder initialised from this status.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder()
        .capacity(capacity)
        .allocatable(allocatable)
        .images(images)
        .conditions(conditions);
  }

  /** Builds {@link NodeStatus}es. */
  public static final class Builder {
    private ResourceList capacity = ResourceList.empty();
    private ResourceList allocatable = ResourceList.empty();
    private final List<ContainerImage> images = new ArrayList<>();
    private final List<NodeCondition> conditions = new ArrayList<>();

    private Builder() {}

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
     * Replaces the images.
     *
     * @param images the images; null clears them
     * @return this builder
     */
    public Builder images(List<ContainerImage> images) {
      this.images.clear();
      if (images != null) {
        this.images.addAll(images);
      }
      return this;
    }

    /**
     * Appends an image.
     *
     * @param image the image
     * @return this builder
     */
    public Builder image(ContainerImage image) {
      this.images.add(image);
      return this;
    }

    /**
     * Replaces the conditions.
     *
     * @param conditions the conditions; null clears them
     * @return this builder
     */
    public Builder conditions(List<NodeCondition> conditions) {
      this.conditions.clear();
      if (conditions != null) {
        this.conditions.addAll(conditions);
      }
      return this;
    }

    /**
     * Appends a condition.
     *
     * @param condition the condition
     * @return this builder
     */
    public Builder condition(NodeCondition condition) {
      this.conditions.add(condition);
      return this;
    }

    /**
     * Builds the status; unlike {@link Node.Builder}, no default is applied to allocatable.
     *
     * @return the status
     */
    public NodeStatus build() {
      return new NodeStatus(capacity, allocatable, images, conditions);
    }
  }
}
