package io.schedkit.framework.model;

/**
 * A gang of pods to schedule together ({@code scheduling.x-k8s.io/v1alpha1.PodGroup}), used by the
 * coscheduling plugin: pods join a group through the {@code scheduling.x-k8s.io/pod-group} label.
 *
 * @param metadata the object metadata; never null
 * @param minMember the number of pods that must be schedulable together
 * @param scheduleTimeoutSeconds how long group members may wait at Permit; null when unset
 */
public record PodGroup(ObjectMeta metadata, int minMember, Integer scheduleTimeoutSeconds)
    implements KubeObject {

  /** The object kind, {@code PodGroup}. */
  public static final String KIND = "PodGroup";

  /** The pod label that names a pod's group. */
  public static final String POD_GROUP_LABEL = "scheduling.x-k8s.io/pod-group";

  /**
   * Normalises a null metadata to empty.
   *
   * @param metadata the object metadata; never null
   * @param minMember the number of pods that must be schedulable together
   * @param scheduleTimeoutSeconds how long group members may wait at Permit; null when unset
   */
  public PodGroup {
    metadata = metadata == null ? ObjectMeta.empty() : metadata;
  }

  /**
   * Returns {@code "PodGroup"}.
   *
   * @return the kind
   */
  @Override
  public String kind() {
    return KIND;
  }

  /**
   * Returns the group's name.
   *
   * @return the name
   */
  public String name() {
    return metadata.name();
  }

  /**
   * Returns the group's namespace.
   *
   * @return the namespace
   */
  public String namespace() {
    return metadata.namespace();
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
   * Returns a builder initialised from this group.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder()
        .metadata(metadata)
        .minMember(minMember)
        .scheduleTimeoutSeconds(scheduleTimeoutSeconds);
  }

  /** Builds {@link PodGroup}s. */
  public static final class Builder {
    private ObjectMeta.Builder metadata = ObjectMeta.builder().namespace("default");
    private int minMember;
    private Integer scheduleTimeoutSeconds;

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
     * Sets the minimum member count.
     *
     * @param minMember the count
     * @return this builder
     */
    public Builder minMember(int minMember) {
      this.minMember = minMember;
      return this;
    }

    /**
     * Sets the Permit timeout.
     *
     * @param scheduleTimeoutSeconds the seconds; null for unset
     * @return this builder
     */
    public Builder scheduleTimeoutSeconds(Integer scheduleTimeoutSeconds) {
      this.scheduleTimeoutSeconds = scheduleTimeoutSeconds;
      return this;
    }

    /**
     * Builds the group.
     *
     * @return the group
     */
    public PodGroup build() {
      return new PodGroup(metadata.build(), minMember, scheduleTimeoutSeconds);
    }
  }
}
