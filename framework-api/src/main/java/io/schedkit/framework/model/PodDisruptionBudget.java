package io.schedkit.framework.model;

/**
 * A PodDisruptionBudget ({@code policy/v1.PodDisruptionBudget}): preemption prefers victims whose
 * eviction does not violate a budget.
 *
 * @param metadata the object metadata; never null
 * @param spec the desired state; never null
 * @param status the observed state; never null
 */
public record PodDisruptionBudget(
    ObjectMeta metadata, PodDisruptionBudgetSpec spec, PodDisruptionBudgetStatus status)
    implements KubeObject {

  /** The object kind, {@code PodDisruptionBudget}. */
  public static final String KIND = "PodDisruptionBudget";

  /**
   * Normalises nulls to empty values.
   *
   * @param metadata the object metadata; never null
   * @param spec the desired state; never null
   * @param status the observed state; never null
   */
  public PodDisruptionBudget {
    metadata = metadata == null ? ObjectMeta.empty() : metadata;
    spec = spec == null ? PodDisruptionBudgetSpec.builder().build() : spec;
    status = status == null ? PodDisruptionBudgetStatus.builder().build() : status;
  }

  /**
   * Returns {@code "PodDisruptionBudget"}.
   *
   * @return the kind
   */
  @Override
  public String kind() {
    return KIND;
  }

  /**
   * Returns the budget's name.
   *
   * @return the name
   */
  public String name() {
    return metadata.name();
  }

  /**
   * Returns the budget's namespace.
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
   * Returns a builder initialised from this budget.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.metadata = metadata.toBuilder();
    b.spec = spec.toBuilder();
    b.status = status.toBuilder();
    return b;
  }

  /** Builds {@link PodDisruptionBudget}s. */
  public static final class Builder {
    private ObjectMeta.Builder metadata = ObjectMeta.builder().namespace("default");
    private PodDisruptionBudgetSpec.Builder spec = PodDisruptionBudgetSpec.builder();
    private PodDisruptionBudgetStatus.Builder status = PodDisruptionBudgetStatus.builder();

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
    public Builder spec(PodDisruptionBudgetSpec spec) {
      this.spec = spec.toBuilder();
      return this;
    }

    /**
     * Replaces the status.
     *
     * @param status the status
     * @return this builder
     */
    public Builder status(PodDisruptionBudgetStatus status) {
      this.status = status.toBuilder();
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
     * Sets the selector.
     *
     * @param selector the selector
     * @return this builder
     */
    public Builder selector(LabelSelector selector) {
      spec.selector(selector);
      return this;
    }

    /**
     * Sets the minimum available.
     *
     * @param minAvailable the value
     * @return this builder
     */
    public Builder minAvailable(IntOrString minAvailable) {
      spec.minAvailable(minAvailable);
      return this;
    }

    /**
     * Sets the maximum unavailable.
     *
     * @param maxUnavailable the value
     * @return this builder
     */
    public Builder maxUnavailable(IntOrString maxUnavailable) {
      spec.maxUnavailable(maxUnavailable);
      return this;
    }

    /**
     * Sets the allowed disruptions.
     *
     * @param disruptionsAllowed the number
     * @return this builder
     */
    public Builder disruptionsAllowed(int disruptionsAllowed) {
      status.disruptionsAllowed(disruptionsAllowed);
      return this;
    }

    /**
     * Builds the budget.
     *
     * @return the budget
     */
    public PodDisruptionBudget build() {
      return new PodDisruptionBudget(metadata.build(), spec.build(), status.build());
    }
  }
}
