package io.schedkit.framework.model;

/**
 * Requests and limits of a container or of a whole pod ({@code v1.ResourceRequirements}).
 *
 * @param requests the amounts the scheduler reserves; never null
 * @param limits the caps enforced on the node; never null
 */
public record ResourceRequirements(ResourceList requests, ResourceList limits) {

  private static final ResourceRequirements EMPTY =
      new ResourceRequirements(ResourceList.empty(), ResourceList.empty());

  /**
   * Normalises null lists to empty.
   *
   * @param requests the amounts the scheduler reserves; never null
   * @param limits the caps enforced on the node; never null
   */
  public ResourceRequirements {
    requests = requests == null ? ResourceList.empty() : requests;
    limits = limits == null ? ResourceList.empty() : limits;
  }

  /**
   * Returns requirements with no requests and no limits.
   *
   * @return the empty requirements
   */
  public static ResourceRequirements empty() {
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
   * Returns a builder initialised from these requirements.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder().requests(requests).limits(limits);
  }

  /** Builds {@link ResourceRequirements}. */
  public static final class Builder {
    private ResourceList requests = ResourceList.empty();
    private ResourceList limits = ResourceList.empty();

    private Builder() {}

    /**
     * Replaces the requests.
     *
     * @param requests the requests
     * @return this builder
     */
    public Builder requests(ResourceList requests) {
      this.requests = requests == null ? ResourceList.empty() : requests;
      return this;
    }

    /**
     * Sets one request.
     *
     * @param resource the resource name
     * @param quantity the quantity, parsed with {@link Quantity#parse}
     * @return this builder
     */
    public Builder request(String resource, String quantity) {
      this.requests = requests.with(resource, Quantity.parse(quantity));
      return this;
    }

    /**
     * Replaces the limits.
     *
     * @param limits the limits
     * @return this builder
     */
    public Builder limits(ResourceList limits) {
      this.limits = limits == null ? ResourceList.empty() : limits;
      return this;
    }

    /**
     * Sets one limit.
     *
     * @param resource the resource name
     * @param quantity the quantity, parsed with {@link Quantity#parse}
     * @return this builder
     */
    public Builder limit(String resource, String quantity) {
      this.limits = limits.with(resource, Quantity.parse(quantity));
      return this;
    }

    /**
     * Builds the requirements.
     *
     * @return the requirements
     */
    public ResourceRequirements build() {
      return new ResourceRequirements(requests, limits);
    }
  }
}
