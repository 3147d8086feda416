package io.schedkit.framework.model;

import java.util.List;

/**
 * A pod's toleration of node taints ({@code v1.Toleration}).
 *
 * @param key the taint key to match; {@code ""} matches every key
 * @param operator how values compare; never null ({@code null} and the wire's empty operator
 *     normalise to {@link TolerationOperator#EQUAL})
 * @param value the value to compare with; {@code ""} when unset
 * @param effect the taint effect to match; null matches every effect
 * @param tolerationSeconds how long a {@code NoExecute} taint is tolerated; null when unset
 *     (forever)
 */
public record Toleration(
    String key,
    TolerationOperator operator,
    String value,
    TaintEffect effect,
    Long tolerationSeconds) {

  /**
   * Normalises null strings to {@code ""} and a null operator to {@code EQUAL}.
   *
   * @param key the taint key to match; {@code ""} matches every key
   * @param operator how values compare; never null ({@code null} and the wire's empty operator
   *     normalise to {@link TolerationOperator#EQUAL})
   * @param value the value to compare with; {@code ""} when unset
   * @param effect the taint effect to match; null matches every effect
   * @param tolerationSeconds how long a {@code NoExecute} taint is tolerated; null when unset
   *     (forever)
   */
  public Toleration {
    key = Copies.str(key);
    operator = operator == null ? TolerationOperator.EQUAL : operator;
    value = Copies.str(value);
  }

  /**
   * Returns whether this toleration tolerates {@code taint}, exactly as upstream's {@code
   * Toleration.ToleratesTaint} (without the alpha numeric {@code Gt}/{@code Lt} operators): the
   * effect is null or equal to the taint's; the key is empty or equal to the taint's; and then the
   * operator is {@code Exists}, or {@code Equal} with equal values. Note that, as upstream, an
   * empty key with {@code Equal} matches any key whose taint value equals this value (API
   * validation forbids that combination).
   *
   * @param taint the taint
   * @return true when tolerated
   */
  public boolean tolerates(Taint taint) {
    if (effect != null && effect != taint.effect()) {
      return false;
    }
    if (!key.isEmpty() && !key.equals(taint.key())) {
      return false;
    }
    switch (operator) {
      case EXISTS:
        return true;
      case EQUAL:
        return value.equals(taint.value());
      default:
        return false;
    }
  }

  /**
   * Returns whether any of {@code tolerations} tolerates {@code taint} (upstream {@code
   * TolerationsTolerateTaint}).
   *
   * @param tolerations the tolerations; null means none
   * @param taint the taint
   * @return true when some toleration tolerates the taint
   */
  public static boolean tolerationsTolerateTaint(List<Toleration> tolerations, Taint taint) {
    if (tolerations == null) {
      return false;
    }
    for (int i = 0, n = tolerations.size(); i < n; i++) {
      if (tolerations.get(i).tolerates(taint)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Returns a new builder (operator {@code Equal}, every other field unset).
   *
   * @return the builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns a builder initialised from this toleration.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder()
        .key(key)
        .operator(operator)
        .value(value)
        .effect(effect)
        .tolerationSeconds(tolerationSeconds);
  }

  /** Builds {@link Toleration}s. */
  public static final class Builder {
    private String key = "";
    private TolerationOperator operator = TolerationOperator.EQUAL;
    private String value = "";
    private TaintEffect effect;
    private Long tolerationSeconds;

    private Builder() {}

    /**
     * Sets the key.
     *
     * @param key the key; {@code ""} matches every key
     * @return this builder
     */
    public Builder key(String key) {
      this.key = key;
      return this;
    }

    /**
     * Sets the operator.
     *
     * @param operator the operator; null means {@code Equal}
     * @return this builder
     */
    public Builder operator(TolerationOperator operator) {
      this.operator = operator;
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
     * @param effect the effect; null matches every effect
     * @return this builder
     */
    public Builder effect(TaintEffect effect) {
      this.effect = effect;
      return this;
    }

    /**
     * Sets how long a {@code NoExecute} taint is tolerated.
     *
     * @param tolerationSeconds the seconds; null for forever
     * @return this builder
     */
    public Builder tolerationSeconds(Long tolerationSeconds) {
      this.tolerationSeconds = tolerationSeconds;
      return this;
    }

    /**
     * Builds the toleration.
     *
     * @return the toleration
     */
    public Toleration build() {
      return new Toleration(key, operator, value, effect, tolerationSeconds);
    }
  }
}
