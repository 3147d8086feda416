package io.schedkit.testing;

import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.LabelSelectorRequirement;
import java.util.List;

/**
 * Builds a {@link LabelSelector} fluently: upstream's {@code st.MakeLabelSelector()}. Each call
 * adds to the selector; {@link #obj()} returns it and may be called more than once. Not
 * thread-safe.
 */
public final class LabelSelectorWrapper {
  private final LabelSelector.Builder selector = LabelSelector.builder();

  LabelSelectorWrapper() {}

  /** Starts an empty selector (which matches everything). */
  public static LabelSelectorWrapper makeLabelSelector() {
    return new LabelSelectorWrapper();
  }

  /** Adds {@code key=value} to {@code matchLabels}. */
  public LabelSelectorWrapper label(String key, String value) {
    selector.matchLabel(key, value);
    return this;
  }

  /** Adds the expression {@code key In (values)}. */
  public LabelSelectorWrapper in(String key, String... values) {
    selector.matchExpression(LabelSelectorRequirement.in(key, values));
    return this;
  }

  /** Adds the expression {@code key In (values)}. */
  public LabelSelectorWrapper in(String key, List<String> values) {
    return in(key, values.toArray(new String[0]));
  }

  /** Adds the expression {@code key NotIn (values)}. */
  public LabelSelectorWrapper notIn(String key, String... values) {
    selector.matchExpression(LabelSelectorRequirement.notIn(key, values));
    return this;
  }

  /** Adds the expression {@code key NotIn (values)}. */
  public LabelSelectorWrapper notIn(String key, List<String> values) {
    return notIn(key, values.toArray(new String[0]));
  }

  /** Adds the expression {@code key Exists}. */
  public LabelSelectorWrapper exists(String key) {
    selector.matchExpression(LabelSelectorRequirement.exists(key));
    return this;
  }

  /** Adds the expression {@code key DoesNotExist}. */
  public LabelSelectorWrapper notExist(String key) {
    selector.matchExpression(LabelSelectorRequirement.doesNotExist(key));
    return this;
  }

  /** The selector built so far. */
  public LabelSelector obj() {
    return selector.build();
  }
}
