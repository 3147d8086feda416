package io.schedkit.framework.model;

/**
 * A reference from an object to its owner ({@code metav1.OwnerReference}); the scheduler reads the
 * controller reference to find a pod's workload (default topology spreading, preemption).
 *
 * @param apiVersion API version of the owner, for example {@code apps/v1}; never null
 * @param kind kind of the owner, for example {@code ReplicaSet}; never null
 * @param name name of the owner; never null
 * @param uid UID of the owner; never null
 * @param controller {@code TRUE} when the owner is the managing controller; null when unset
 */
public record OwnerReference(
    String apiVersion, String kind, String name, String uid, Boolean controller) {

  /**
   * Normalises null strings to {@code ""}.
   *
   * @param apiVersion API version of the owner, for example {@code apps/v1}; never null
   * @param kind kind of the owner, for example {@code ReplicaSet}; never null
   * @param name name of the owner; never null
   * @param uid UID of the owner; never null
   * @param controller {@code TRUE} when the owner is the managing controller; null when unset
   */
  public OwnerReference {
    apiVersion = Copies.str(apiVersion);
    kind = Copies.str(kind);
    name = Copies.str(name);
    uid = Copies.str(uid);
  }

  /**
   * Returns whether this reference names the managing controller ({@code controller == TRUE}).
   *
   * @return true for a controller reference
   */
  public boolean isController() {
    return Boolean.TRUE.equals(controller);
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
   * Returns a builder initialised from this reference.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder()
        .apiVersion(apiVersion)
        .kind(kind)
        .name(name)
        .uid(uid)
        .controller(controller);
  }

  /** Builds {@link OwnerReference}s. */
  public static final class Builder {
    private String apiVersion = "";
    private String kind = "";
    private String name = "";
    private String uid = "";
    private Boolean controller;

    private Builder() {}

    /**
     * Sets the owner's API version.
     *
     * @param apiVersion the API version
     * @return this builder
     */
    public Builder apiVersion(String apiVersion) {
      this.apiVersion = apiVersion;
      return this;
    }

    /**
     * Sets the owner's kind.
     *
     * @param kind the kind
     * @return this builder
     */
    public Builder kind(String kind) {
      this.kind = kind;
      return this;
    }

    /**
     * Sets the owner's name.
     *
     * @param name the name
     * @return this builder
     */
    public Builder name(String name) {
      this.name = name;
      return this;
    }

    /**
     * Sets the owner's UID.
     *
     * @param uid the UID
     * @return this builder
     */
    public Builder uid(String uid) {
      this.uid = uid;
      return this;
    }

    /**
     * Sets whether the owner is the managing controller.
     *
     * @param controller the flag; null for unset
     * @return this builder
     */
    public Builder controller(Boolean controller) {
      this.controller = controller;
      return this;
    }

    /**
     * Builds the reference.
     *
     * @return the reference
     */
    public OwnerReference build() {
      return new OwnerReference(apiVersion, kind, name, uid, controller);
    }
  }
}
