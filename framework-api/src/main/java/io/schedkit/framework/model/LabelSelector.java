package io.schedkit.framework.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A label query over a set of objects ({@code metav1.LabelSelector}): used by pod affinity terms,
 * topology spread constraints, PodDisruptionBudgets and workloads.
 *
 * <p>{@code matchLabels} and {@code matchExpressions} are ANDed. An <em>empty</em> selector (no
 * labels, no expressions) matches every object. A <em>null</em> selector is a different thing:
 * upstream treats a missing selector as matching nothing, and callers holding a nullable {@code
 * LabelSelector} must handle null themselves (PodDisruptionBudgets also treat an empty selector as
 * matching nothing; see {@link PodDisruptionBudgetSpec}).
 *
 * @param matchLabels labels that must be present with exactly these values, in key order
 * @param matchExpressions further requirements, in order
 */
public record LabelSelector(
    Map<String, String> matchLabels, List<LabelSelectorRequirement> matchExpressions) {

  private static final LabelSelector EMPTY = new LabelSelector(null, null);

  /**
   * Normalises nulls and copies the labels and expressions.
   *
   * @param matchLabels labels that must be present with exactly these values, in key order
   * @param matchExpressions further requirements, in order
   */
  public LabelSelector {
    matchLabels = Copies.sortedMap(matchLabels, "matchLabels");
    matchExpressions = Copies.list(matchExpressions);
  }

  /**
   * Returns a selector that requires exactly these labels ({@code matchLabels} only).
   *
   * @param matchLabels the labels; null or empty gives the empty selector
   * @return the selector
   */
  public static LabelSelector of(Map<String, String> matchLabels) {
    return matchLabels == null || matchLabels.isEmpty()
        ? EMPTY
        : new LabelSelector(matchLabels, null);
  }

  /**
   * Returns the empty selector, which matches every object.
   *
   * @return the empty selector
   */
  public static LabelSelector everything() {
    return EMPTY;
  }

  /**
   * Returns whether this selector has neither labels nor expressions (and so matches everything).
   *
   * @return true when empty
   */
  public boolean isEmpty() {
    return matchLabels.isEmpty() && matchExpressions.isEmpty();
  }

  /**
   * Returns whether {@code labels} satisfy every label and every expression; the empty selector
   * matches everything. Allocation-free.
   *
   * @param labels the labels of the object
   * @return true when matched
   */
  public boolean matches(Map<String, String> labels) {
    if (!matchLabels.isEmpty() && !matchesAll(matchLabels, labels)) {
      return false;
    }
    for (int i = 0, n = matchExpressions.size(); i < n; i++) {
      if (!matchExpressions.get(i).matches(labels)) {
        return false;
      }
    }
    return true;
  }

  /** Whether every entry of {@code required} is in {@code labels}; allocation-free when frozen. */
  static boolean matchesAll(Map<String, String> required, Map<String, String> labels) {
    if (required instanceof FrozenMap<String> frozen) {
      for (int i = 0, n = frozen.size(); i < n; i++) {
        if (!frozen.valueAt(i).equals(labels.get(frozen.keyAt(i)))) {
          return false;
        }
      }
      return true;
    }
    for (Map.Entry<String, String> e : required.entrySet()) {
      if (!e.getValue().equals(labels.get(e.getKey()))) {
        return false;
      }
    }
    return true;
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
   * Returns a builder initialised from this selector.
   *
   * @return the builder
   */
  public Builder toBuilder() {
    return new Builder().matchLabels(matchLabels).matchExpressions(matchExpressions);
  }

  /** Builds {@link LabelSelector}s. */
  public static final class Builder {
    private final Map<String, String> matchLabels = new TreeMap<>();
    private final List<LabelSelectorRequirement> matchExpressions = new ArrayList<>();

    private Builder() {}

    /**
     * Replaces the required labels.
     *
     * @param matchLabels the labels; null clears them
     * @return this builder
     */
    public Builder matchLabels(Map<String, String> matchLabels) {
      this.matchLabels.clear();
      if (matchLabels != null) {
        this.matchLabels.putAll(matchLabels);
      }
      return this;
    }

    /**
     * Adds a required label.
     *
     * @param key the label key
     * @param value the label value
     * @return this builder
     */
    public Builder matchLabel(String key, String value) {
      this.matchLabels.put(key, value);
      return this;
    }

    /**
     * Replaces the expressions.
     *
     * @param matchExpressions the expressions; null clears them
     * @return this builder
     */
    public Builder matchExpressions(List<LabelSelectorRequirement> matchExpressions) {
      this.matchExpressions.clear();
      if (matchExpressions != null) {
        this.matchExpressions.addAll(matchExpressions);
      }
      return this;
    }

    /**
     * Appends an expression.
     *
     * @param requirement the expression
     * @return this builder
     */
    public Builder matchExpression(LabelSelectorRequirement requirement) {
      this.matchExpressions.add(requirement);
      return this;
    }

    /**
     * Appends an expression built from its parts.
     *
     * @param key the label key
     * @param operator the operator
     * @param values the values
     * @return this builder
     * @throws IllegalArgumentException if the values do not fit the operator
     */
    public Builder matchExpression(String key, LabelSelectorOperator operator, String... values) {
      return matchExpression(new LabelSelectorRequirement(key, operator, List.of(values)));
    }

    /**
     * Builds the selector.
     *
     * @return the selector
     */
    public LabelSelector build() {
      return new LabelSelector(matchLabels, matchExpressions);
    }
  }
}
