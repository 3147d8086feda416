package io.schedkit.framework.model;

/**
 * A condition of a node ({@code v1.NodeCondition}), such as {@code Ready}.
 *
 * @param type the condition type, for example {@code Ready}; never null
 * @param status {@code True}, {@code False} or {@code Unknown}; never null
 * @param reason a machine-readable reason; {@code ""} when unset
 * @param message a human-readable message; {@code ""} when unset
 */
public record NodeCondition(String type, String status, String reason, String message) {

  /**
   * Normalises null strings to {@code ""}.
   *
   * @param type the condition type, for example {@code Ready}; never null
   * @param status {@code True}, {@code False} or {@code Unknown}; never null
   * @param reason a machine-readable reason; {@code ""} when unset
   * @param message a human-readable message; {@code ""} when unset
   */
  public NodeCondition {
    type = Copies.str(type);
    status = Copies.str(status);
    reason = Copies.str(reason);
    message = Copies.str(message);
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
   * Returns a builder initialised from this condition.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder().type(type).status(status).reason(reason).message(message);
  }

  /** Builds {@link NodeCondition}s. */
  public static final class Builder {
    private String type = "";
    private String status = "";
    private String reason = "";
    private String message = "";

    private Builder() {}

    /**
     * Sets the type.
     *
     * @param type the type
     * @return this builder
     */
    public Builder type(String type) {
      this.type = type;
      return this;
    }

    /**
     * Sets the status.
     *
     * @param status the status
     * @return this builder
     */
    public Builder status(String status) {
      this.status = status;
      return this;
    }

    /**
     * Sets the reason.
     *
     * @param reason the reason
     * @return this builder
     */
    public Builder reason(String reason) {
      this.reason = reason;
      return this;
    }

    /**
     * Sets the message.
     *
     * @param message the message
     * @return this builder
     */
    public Builder message(String message) {
      this.message = message;
      return this;
    }

    /**
     * Builds the condition.
     *
     * @return the condition
     */
    public NodeCondition build() {
      return new NodeCondition(type, status, reason, message);
    }
  }
}
