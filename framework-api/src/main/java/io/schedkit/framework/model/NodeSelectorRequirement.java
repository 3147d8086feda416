package io.schedkit.framework.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One requirement of a {@link NodeSelectorTerm} ({@code v1.NodeSelectorRequirement}), used both as
 * a label expression ({@code matchExpressions}) and as a field requirement ({@code matchFields}).
 *
 * <p>Invalid requirements can be built (objects from a cluster may hold them) but never match, as
 * upstream turns them into parse errors that fail their term:
 *
 * <ul>
 *   <li>as an expression ({@link #isValidExpression()}): the key must be a qualified name, every
 *       value a valid label value; {@code In}/{@code NotIn} need at least one value, {@code
 *       Exists}/{@code DoesNotExist} none, {@code Gt}/{@code Lt} exactly one that parses as an
 *       int64;
 *   <li>as a field ({@link #isValidField()}): the operator must be {@code In} or {@code NotIn} with
 *       exactly one value.
 * </ul>
 *
 * @param key the label key, or the field path ({@code metadata.name}) for a field requirement
 * @param operator the operator; required
 * @param values the values, in order
 */
public record NodeSelectorRequirement(
    String key, NodeSelectorOperator operator, List<String> values) {

  /** The only node field a {@code matchFields} requirement can select on. */
  public static final String OBJECT_NAME_FIELD = "metadata.name";

  /**
   * Normalises nulls and copies the values. Validity is checked at match time, not here.
   *
   * @param key the label key, or the field path ({@code metadata.name}) for a field requirement
   * @param operator the operator; required
   * @param values the values, in order
   * @throws NullPointerException if the operator is null
   */
  public NodeSelectorRequirement {
    key = Copies.str(key);
    String k = key;
    Objects.requireNonNull(operator, () -> "node selector requirement " + k + ": no operator");
    values = Copies.list(values);
  }

  /**
   * Returns {@code key In (values)}.
   *
   * @param key the label key
   * @param values the values
   * @return the requirement
   */
  public static NodeSelectorRequirement in(String key, String... values) {
    return new NodeSelectorRequirement(key, NodeSelectorOperator.IN, Arrays.asList(values));
  }

  /**
   * Returns {@code key NotIn (values)}.
   *
   * @param key the label key
   * @param values the values
   * @return the requirement
   */
  public static NodeSelectorRequirement notIn(String key, String... values) {
    return new NodeSelectorRequirement(key, NodeSelectorOperator.NOT_IN, Arrays.asList(values));
  }

  /**
   * Returns {@code key Exists}.
   *
   * @param key the label key
   * @return the requirement
   */
  public static NodeSelectorRequirement exists(String key) {
    return new NodeSelectorRequirement(key, NodeSelectorOperator.EXISTS, List.of());
  }

  /**
   * Returns {@code key DoesNotExist}.
   *
   * @param key the label key
   * @return the requirement
   */
  public static NodeSelectorRequirement doesNotExist(String key) {
    return new NodeSelectorRequirement(key, NodeSelectorOperator.DOES_NOT_EXIST, List.of());
  }

  /**
   * Returns {@code key Gt value}. As upstream, a negative bound is not a valid label value, so such
   * a requirement never matches.
   *
   * @param key the label key
   * @param value the bound
   * @return the requirement
   */
  public static NodeSelectorRequirement gt(String key, long value) {
    return new NodeSelectorRequirement(key, NodeSelectorOperator.GT, List.of(Long.toString(value)));
  }

  /**
   * Returns {@code key Lt value}. As upstream, a negative bound is not a valid label value, so such
   * a requirement never matches.
   *
   * @param key the label key
   * @param value the bound
   * @return the requirement
   */
  public static NodeSelectorRequirement lt(String key, long value) {
    return new NodeSelectorRequirement(key, NodeSelectorOperator.LT, List.of(Long.toString(value)));
  }

  /**
   * Returns the field requirement {@code metadata.name In (nodeName)}.
   *
   * @param nodeName the node name
   * @return the requirement
   */
  public static NodeSelectorRequirement nodeNameIs(String nodeName) {
    return new NodeSelectorRequirement(
        OBJECT_NAME_FIELD, NodeSelectorOperator.IN, List.of(nodeName));
  }

  /**
   * Returns whether this requirement is valid as a label expression (upstream {@code
   * labels.NewRequirement} accepts it).
   *
   * @return true when valid
   */
  public boolean isValidExpression() {
    if (!Validation.isQualifiedName(key)) {
      return false;
    }
    int n = values.size();
    switch (operator) {
      case IN:
      case NOT_IN:
        if (n == 0) {
          return false;
        }
        break;
      case EXISTS:
      case DOES_NOT_EXIST:
        if (n != 0) {
          return false;
        }
        break;
      case GT:
      case LT:
        if (n != 1 || !Validation.isInt64(values.get(0))) {
          return false;
        }
        break;
      default:
        return false;
    }
    for (int i = 0; i < n; i++) {
      if (!Validation.isValidLabelValue(values.get(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Returns whether this requirement is valid as a field requirement: {@code In} or {@code NotIn}
   * with exactly one value.
   *
   * @return true when valid
   */
  public boolean isValidField() {
    return (operator == NodeSelectorOperator.IN || operator == NodeSelectorOperator.NOT_IN)
        && values.size() == 1;
  }

  /**
   * Returns whether {@code labels} satisfy this requirement as a label expression: {@code In} needs
   * the label present with one of the values, {@code NotIn} absent or none of them, {@code Exists}
   * present, {@code DoesNotExist} absent, {@code Gt}/{@code Lt} present, parsable as an int64 and
   * strictly greater/less than the value. An {@linkplain #isValidExpression() invalid} requirement
   * never matches. Allocation-free.
   *
   * @param labels the node's labels
   * @return true when satisfied
   */
  public boolean matches(Map<String, String> labels) {
    return isValidExpression() && matchesValid(labels);
  }

  /** {@link #matches} for a requirement known to be a valid expression. */
  boolean matchesValid(Map<String, String> labels) {
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
      case GT:
      case LT:
        if (actual == null || !Validation.isInt64(actual)) {
          return false;
        }
        long have = Validation.parseInt64(actual);
        long bound = Validation.parseInt64(values.get(0));
        return operator == NodeSelectorOperator.GT ? have > bound : have < bound;
      default:
        return false;
    }
  }

  /**
   * Returns whether a node's field satisfies this requirement as a field requirement: the field
   * named by the key ({@code metadata.name} is the node's name; any other field reads as {@code
   * ""}) equals the single value for {@code In}, differs from it for {@code NotIn}. An {@linkplain
   * #isValidField() invalid} field requirement never matches.
   *
   * @param nodeName the node's name
   * @return true when satisfied
   */
  public boolean matchesField(String nodeName) {
    if (!isValidField()) {
      return false;
    }
    String actual = OBJECT_NAME_FIELD.equals(key) ? nodeName : "";
    boolean equal = values.get(0).equals(actual);
    return operator == NodeSelectorOperator.IN ? equal : !equal;
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

  /** Builds {@link NodeSelectorRequirement}s. */
  public static final class Builder {
    private String key = "";
    private NodeSelectorOperator operator;
    private final List<String> values = new ArrayList<>();

    private Builder() {}

    /**
     * Sets the key.
     *
     * @param key the label key or field path
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
    public Builder operator(NodeSelectorOperator operator) {
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
     */
    public NodeSelectorRequirement build() {
      return new NodeSelectorRequirement(key, operator, values);
    }
  }
}
