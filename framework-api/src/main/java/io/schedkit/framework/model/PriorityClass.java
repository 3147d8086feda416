package io.schedkit.framework.model;

/**
 * A PriorityClass ({@code scheduling/v1.PriorityClass}): maps {@code priorityClassName} to a
 * priority value and a default preemption policy.
 *
 * @param metadata the object metadata (cluster-scoped); never null
 * @param value the priority of pods of this class
 * @param globalDefault whether pods without a class get this one
 * @param preemptionPolicy the preemption policy of pods of this class; null when unset (upstream
 *     defaults it to {@code PreemptLowerPriority})
 * @param description free text; {@code ""} when unset
 */
public record PriorityClass(
    ObjectMeta metadata,
    int value,
    boolean globalDefault,
    PreemptionPolicy preemptionPolicy,
    String description)
    implements KubeObject {

  /** The object kind, {@code PriorityClass}. */
  public static final String KIND = "PriorityClass";

  /**
   * Normalises nulls.
   *
   * @param metadata the object metadata (cluster-scoped); never null
   * @param value the priority of pods of this class
   * @param globalDefault whether pods without a class get this one
   * @param preemptionPolicy the preemption policy of pods of this class; null when unset (upstream
   *     defaults it to {@code PreemptLowerPriority})
   * @param description free text; {@code ""} when unset
   */
  public PriorityClass {
    metadata = metadata == null ? ObjectMeta.empty() : metadata;
    description = Copies.str(description);
  }

  /**
   * Returns {@code "PriorityClass"}.
   *
   * @return the kind
   */
  @Override
  public String kind() {
    return KIND;
  }

  /**
   * Returns the class's name.
   *
   * @return the name
   */
  public String name() {
    return metadata.name();
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
   * Returns a builder initialised from this class.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder()
        .metadata(metadata)
        .value(value)
        .globalDefault(globalDefault)
        .preemptionPolicy(preemptionPolicy)
        .description(description);
  }

  /** Builds {@link PriorityClass}es. */
  public static final class Builder {
    private ObjectMeta.Builder metadata = ObjectMeta.builder();
    private int value;
    private boolean globalDefault;
    private PreemptionPolicy preemptionPolicy;
    private String description = "";

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
     * Sets the priority value.
     *
     * @param value the priority
     * @return this builder
     */
    public Builder value(int value) {
      this.value = value;
      return this;
    }

    /**
     * Sets whether this is the global default.
     *
     * @param globalDefault the flag
     * @return this builder
     */
    public Builder globalDefault(boolean globalDefault) {
      this.globalDefault = globalDefault;
      return this;
    }

    /**
     * Sets the preemption policy.
     *
     * @param preemptionPolicy the policy; null for unset
     * @return this builder
     */
    public Builder preemptionPolicy(PreemptionPolicy preemptionPolicy) {
      this.preemptionPolicy = preemptionPolicy;
      return this;
    }

    /**
     * Sets the description.
     *
     * @param description the text
     * @return this builder
     */
    public Builder description(String description) {
      this.description = description;
      return this;
    }

    /**
     * Builds the class.
     *
     * @return the class
     */
    public PriorityClass build() {
      return new PriorityClass(
          metadata.build(), value, globalDefault, preemptionPolicy, description);
    }
  }
}
