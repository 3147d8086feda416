package io.schedkit.framework.model;

import java.time.Instant;

/**
 * A condition of a pod ({@code v1.PodCondition}), such as {@code PodScheduled} with reason {@code
 * Unschedulable}.
 *
 * @param type the condition type, for example {@code PodScheduled}; never null
 * @param status {@code True}, {@code False} or {@code Unknown}; never null
 * @param reason a machine-readable reason; {@code ""} when unset
 * @param message a human-readable message; {@code ""} when unset
 * @param lastTransitionTime when the status last changed; null when unset
 */
public record PodCondition(
    String type, String status, String reason, String message, Instant lastTransitionTime) {

  /**
   * Normalises null strings to {@code ""}.
   *
   * @param type the condition type, for example {@code PodScheduled}; never null
   * @param status {@code True}, {@code False} or {@code Unknown}; never null
   * @param reason a machine-readable reason; {@code ""} when unset
   * @param message a human-readable message; {@code ""} when unset
   * @param lastTransitionTime when the status last changed; null when unset
   */
  public PodCondition {
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
    return new Builder()
        .type(type)
        .status(status)
        .reason(reason)
        .message(message)
        .lastTransitionTime(lastTransitionTime);
  }

  /** Builds {@link PodCondition}s. */
  public static final class Builder {
    private String type = "";
    private String status = "";
    private String reason = "";
    private String message = "";
    private Instant lastTransitionTime;

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
     * Sets the last transition time.
     *
     * @param lastTransitionTime the time; null for unset
     * @return this builder
     */
    public Builder lastTransitionTime(Instant lastTransitionTime) {
      this.lastTransitionTime = lastTransitionTime;
      return this;
    }

    /**
     * Builds the condition.
     *
     * @return the condition
     */
    public PodCondition build() {
      return new PodCondition(type, status, reason, message, lastTransitionTime);
    }
  }
}
