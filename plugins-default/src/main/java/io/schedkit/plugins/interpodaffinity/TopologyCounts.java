package io.schedkit.plugins.interpodaffinity;

import io.schedkit.framework.model.Node;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts per topology pair ({@code key}, {@code value}): upstream's {@code
 * topologyToMatchedTermCount}, nested by key so that lookups allocate nothing.
 *
 * <p>A count is the sum of read-only <em>bases</em> and of this object's own entries. Bases are the
 * cross-cycle totals of {@link PairTotals}, shared rather than copied (they can hold a pair per
 * node); they hold positive counts only and do not change while the cycle that took them runs. Own
 * entries are what PreFilter added by hand and what AddPod/RemovePod changed.
 *
 * <p>Invariant: own entries are never 0 (an update that brings one to 0 deletes it), and {@link
 * #isEmpty()} says whether every pair's total is 0, as upstream's {@code len(m) == 0}. Not
 * thread-safe: written at PreFilter and by AddPod/RemovePod on a copy the caller owns, read
 * concurrently by Filter.
 */
final class TopologyCounts {
  private final Map<String, List<ValueTotals>> bases;
  private final Map<String, Map<String, Long>> counts;
  // Whether some own entry went negative on a pair a base counts (it may cancel it, so isEmpty()
  // must add up the totals); and isEmpty()'s cached answer, cleared by every change.
  private boolean adjusted;
  private Boolean emptyCache;

  TopologyCounts() {
    this.bases = new HashMap<>();
    this.counts = new HashMap<>();
  }

  private TopologyCounts(TopologyCounts other) {
    this.bases = other.bases; // read-only, shared
    this.counts = new HashMap<>(other.counts.size() * 2);
    other.counts.forEach((k, v) -> this.counts.put(k, new HashMap<>(v)));
    this.adjusted = other.adjusted;
    this.emptyCache = other.emptyCache;
  }

  /**
   * Adds the read-only counts {@code values} (value to positive count) of key {@code key}, shared:
   * the caller must not change them while this object is in use.
   */
  void addBase(String key, ValueTotals values) {
    if (!values.isEmpty()) {
      bases.computeIfAbsent(key, k -> new ArrayList<>(1)).add(values);
      emptyCache = null;
    }
  }

  /**
   * Adds {@code delta} to the pair ({@code key}, {@code node}'s value of it), if it has the key.
   */
  void add(Node node, String key, long delta) {
    add(node.labels(), key, delta);
  }

  /** Adds {@code delta} to the pair ({@code key}, its value in {@code labels}), if present. */
  void add(Map<String, String> labels, String key, long delta) {
    String value = labels.get(key);
    if (value != null) {
      add(key, value, delta);
    }
  }

  /** Adds {@code delta} to the pair ({@code key}, {@code value}). */
  void add(String key, String value, long delta) {
    emptyCache = null;
    Map<String, Long> values = counts.computeIfAbsent(key, k -> new HashMap<>());
    long sum = values.getOrDefault(value, 0L) + delta;
    long base = base(key, value);
    if (sum == 0) {
      values.remove(value);
      if (values.isEmpty()) {
        counts.remove(key);
      }
    } else {
      values.put(value, sum);
      if (base > 0 && sum < 0) {
        adjusted = true;
      }
    }
  }

  private long base(String key, String value) {
    List<ValueTotals> maps = bases.get(key);
    if (maps == null) {
      return 0;
    }
    long sum = 0;
    for (int i = 0, n = maps.size(); i < n; i++) {
      Long c = maps.get(i).view().get(value);
      if (c != null) {
        sum += c;
      }
    }
    return sum;
  }

  /** The count of the pair, 0 when absent. */
  long get(String key, String value) {
    long sum = base(key, value);
    Map<String, Long> values = counts.get(key);
    if (values != null) {
      Long c = values.get(value);
      if (c != null) {
        sum += c;
      }
    }
    return sum;
  }

  /** Whether some label of {@code labels} forms a pair with a positive count. */
  boolean anyPositive(Map<String, String> labels) {
    for (String key : bases.keySet()) {
      String value = labels.get(key);
      if (value != null && get(key, value) > 0) {
        return true;
      }
    }
    for (String key : counts.keySet()) {
      String value = labels.get(key);
      if (value != null && !bases.containsKey(key) && get(key, value) > 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether AddPod/RemovePod changed these counts: while they have not, every count is the bases'
   * sum, which {@link #basesOf} reads by domain.
   */
  boolean hasOwnEntries() {
    return !counts.isEmpty();
  }

  /** The keys that have bases. */
  java.util.Set<String> baseKeys() {
    return bases.keySet();
  }

  /** The bases of {@code key} (none: an empty array). */
  ValueTotals[] basesOf(String key) {
    List<ValueTotals> maps = bases.get(key);
    return maps == null ? NO_BASES : maps.toArray(NO_BASES);
  }

  private static final ValueTotals[] NO_BASES = new ValueTotals[0];

  /** Whether every pair's count is 0. */
  boolean isEmpty() {
    Boolean cached = emptyCache;
    if (cached != null) {
      return cached;
    }
    boolean empty;
    if (counts.isEmpty()) {
      empty = bases.isEmpty(); // bases hold positive counts only
    } else if (bases.isEmpty() || !adjusted) {
      empty = false; // own entries are non-zero, and none may cancel a base pair
    } else {
      empty = totals().isEmpty();
    }
    emptyCache = empty;
    return empty;
  }

  /** An independent copy (the bases stay shared: nobody changes them). */
  TopologyCounts copy() {
    return new TopologyCounts(this);
  }

  /** The non-zero totals, key to value to count. */
  private Map<String, Map<String, Long>> totals() {
    Map<String, Map<String, Long>> out = new TreeMap<>();
    bases.forEach(
        (k, maps) -> {
          for (ValueTotals m : maps) {
            m.view()
                .forEach(
                    (v, c) -> out.computeIfAbsent(k, x -> new TreeMap<>()).merge(v, c, Long::sum));
          }
        });
    counts.forEach(
        (k, m) ->
            m.forEach(
                (v, c) -> out.computeIfAbsent(k, x -> new TreeMap<>()).merge(v, c, Long::sum)));
    out.values().forEach(m -> m.values().removeIf(c -> c == 0));
    out.values().removeIf(Map::isEmpty);
    return out;
  }

  /** The counts as sorted immutable maps, key to value to count (for tests and debugging). */
  Map<String, Map<String, Long>> toMap() {
    Map<String, Map<String, Long>> out = new TreeMap<>();
    totals().forEach((k, v) -> out.put(k, Collections.unmodifiableMap(v)));
    return Collections.unmodifiableMap(out);
  }

  @Override
  public String toString() {
    return toMap().toString();
  }
}
