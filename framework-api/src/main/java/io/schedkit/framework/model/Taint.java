package io.schedkit.framework.model;

import java.time.Instant;
import java.util.Objects;

/**
 * A taint on a node ({@code v1.Taint}): it repels pods that do not {@linkplain Toleration#tolerates
 * tolerate} it, with the given {@link TaintEffect}.
 *
 * @param key the taint key; never null
 * @param value the taint value; {@code ""} when unset
 * @param effect the effect on pods that do not tolerate the taint; required
 * @param timeAdded when a {@code NoExecute} taint was added; null when unset
 */
public record Taint(String key, String value, TaintEffect effect, Instant timeAdded) {

  /**
   * Normalises null strings to {@code ""}.
   *
   * @param key the taint key; never null
   * @param value the taint value; {@code ""} when unset
   * @param effect the effect on pods that do not tolerate the taint; required
   * @param timeAdded when a {@code NoExecute} taint was added; null when unset
   * @throws NullPointerException if {@code effect} is null
   */
  public Taint {
    key = Copies.str(key);
    value = Copies.str(value);
    String k = key;
    Objects.requireNonNull(effect, () -> "taint " + k + ": effect is required");
  }

  /**
   * Returns a taint without a time.
   *
   * @param key the key
   * @param value the value
   * @param effect the effect
   * @return the taint
   */
  public static Taint of(String key, String value, TaintEffect effect) {
    return new Taint(key, value, effect, null);
  }

  /**
   * Returns the taint as upstream prints it in reasons: exactly {@code {<key>: <value>}}, as in
   * {@code node(s) had untolerated taint {dedicated: gpu}}.
   *
   * @return the description
   */
  public String describe() {
    return "{" + key + ": " + value + "}";
  }

  /**
   * Returns a new builder; the effect must be set before {@link Builder#build()}.
   *
   * @return the builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns a builder initialised from this taint.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder().key(key).value(value).effect(effect).timeAdded(timeAdded);
  }

  /** Builds {@link Taint}s. */
  public static final class Builder {
    private String key = "";
    private String value = "";
    private TaintEffect effect;
    private Instant timeAdded;

    private Builder() {}

    /**
     * Sets the key.
     *
     * @param key the key
     * @return this builder
     */
    public Builder key(String key) {
      this.key = key;
      return this;
    }

    /**
     * Sets the value.
     *
     * @param value the value
     * @return this builder
     */
    public Builder value(String value) {
      this.value = value;
      return this;
    }

    /**
     * Sets the effect.
     *
     * @param effect the effect
     * @return this builder
     */
    public Builder effect(TaintEffect effect) {
      this.effect = effect;
      return this;
    }

    /**
     * Sets when the taint was added.
     *
     * @param timeAdded the time; null for unset
     * @return this builder
     */
    public Builder timeAdded(Instant timeAdded) {
      this.timeAdded = timeAdded;
      return this;
    }

    /**
     * Builds the taint.
     *
     * @return the taint
     * @throws NullPointerException if no effect was set
     */
    public Taint build() {
      return new Taint(key, value, effect, timeAdded);
    }
  }
}
