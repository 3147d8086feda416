package io.schedkit.framework.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One expression of a {@link LabelSelector} ({@code metav1.LabelSelectorRequirement}).
 *
 * <p>The value count is validated when the requirement is built: {@code In} and {@code NotIn} need
 * at least one value, {@code Exists} and {@code DoesNotExist} none. The syntax of the key and
 * values is not validated (objects from a cluster were validated by the API server).
 *
 * @param key the label key
 * @param operator the operator; required
 * @param values the values, in order
 */
public record LabelSelectorRequirement(
    String key, LabelSelectorOperator operator, List<String> values) {

  /**
   * Normalises nulls, copies the values and validates their count.
   *
   * @param key the label key
   * @param operator the operator; required
   * @param values the values, in order
   * @throws IllegalArgumentException if the number of values does not fit the operator; the message
   *     names the key
   * @throws NullPointerException if the operator is null
   */
  public LabelSelectorRequirement {
    key = Copies.str(key);
    String k = key;
    Objects.requireNonNull(operator, () -> "label selector requirement " + k + ": no operator");
    values = Copies.list(values);
    switch (operator) {
      case IN:
      case NOT_IN:
        if (values.isEmpty()) {
          throw new IllegalArgumentException(
              "label selector requirement on key \""
                  + key
                  + "\": operator "
                  + operator.wireName()
                  + " needs at least one value");
        }
        break;
      default:
        if (!values.isEmpty()) {
          throw new IllegalArgumentException(
              "label selector requirement on key \""
                  + key
                  + "\": operator "
                  + operator.wireName()
                  + " takes no values, got "
                  + values);
        }
    }
  }

  /**
   * Returns {@code key In (values)}.
   *
   * @param key the label key
   * @param values one or more values
   * @return the requirement
   */
  public static LabelSelectorRequirement in(String key, String... values) {
    return new LabelSelectorRequirement(key, LabelSelectorOperator.IN, Arrays.asList(values));
  }

  /**
   * Returns {@code key NotIn (values)}.
   *
   * @param key the label key
   * @param values one or more values
   * @return the requirement
   */
  public static LabelSelectorRequirement notIn(String key, String... values) {
    return new LabelSelectorRequirement(key, LabelSelectorOperator.NOT_IN, Arrays.asList(values));
  }

  /**
   * Returns {@code key Exists}.
   *
   * @param key the label key
   * @return the requirement
   */
  public static LabelSelectorRequirement exists(String key) {
    return new LabelSelectorRequirement(key, LabelSelectorOperator.EXISTS, List.of());
  }

  /**
   * Returns {@code key DoesNotExist}.
   *
   * @param key the label key
   * @return the requirement
   */
  public static LabelSelectorRequirement doesNotExist(String key) {
    return new LabelSelectorRequirement(key, LabelSelectorOperator.DOES_NOT_EXIST, List.of());
  }

  /**
   * Returns whether {@code labels} satisfy this requirement: {@code In} needs the label present
   * with one of the values, {@code NotIn} the label absent or with none of them, {@code Exists}
   * present, {@code DoesNotExist} absent. Allocation-free.
   *
   * @param labels the labels of the object
   * @return true when satisfied
   */
  public boolean matches(Map<String, String> labels) {
    String actual = labels.get(key);
    switch (operator) {
      case IN:
        return actual != null && values.contains(actual);
      case NOT_IN:
        return actual == null || !values.contains(actual);
      case EXISTS:
        return actual != null;
      case DOES_NOT_EXIST:
        return actual == null;
      default:
        return false;
    }
  }

  /**
   * Returns a new builder; key and operator must be set.
   *
   * @return the builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns a builder initialised from this requirement.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder().key(key).operator(operator).values(values);
  }

  /** Builds {@link LabelSelectorRequirement}s. */
  public static final class Builder {
    private String key = "";
    private LabelSelectorOperator operator;
    private final List<String> values = new ArrayList<>();

    private Builder() {}

    /**
     * Sets the key.
     *
     * @param key the label key
     * @return this builder
     */
    public Builder key(String key) {
      this.key = key;
      return this;
    }

    /**
     * Sets the operator.
     *
     * @param operator the operator
     * @return this builder
     */
    public Builder operator(LabelSelectorOperator operator) {
      this.operator = operator;
      return this;
    }

    /**
     * Replaces the values.
     *
     * @param values the values; null clears them
     * @return this builder
     */
    public Builder values(List<String> values) {
      this.values.clear();
      if (values != null) {
        this.values.addAll(values);
      }
      return this;
    }

    /**
     * Appends a value.
     *
     * @param value the value
     * @return this builder
     */
    public Builder value(String value) {
      this.values.add(value);
      return this;
    }

    /**
     * Builds the requirement.
     *
     * @return the requirement
     * @throws IllegalArgumentException if the values do not fit the operator
     */
    public LabelSelectorRequirement build() {
      return new LabelSelectorRequirement(key, operator, values);
    }
  }
}
