package io.schedkit.plugins.interpodaffinity;

import io.schedkit.framework.model.Node;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts per topology pair ({@code key}, {@code value}): upstream's {@code
 * topologyToMatchedTermCount}, nested by key so that lookups allocate nothing.
 *
 * <p>Invariant: no entry holds 0 — an update that brings a pair to 0 deletes it (and a key left
 * without values), so {@link #isEmpty()} says whether any pair is counted, as upstream's {@code
 * len(m) == 0}. Not thread-safe: written at PreFilter and by AddPod/RemovePod on a copy the caller
 * owns, read concurrently by Filter.
 */
final class TopologyCounts {
  private final Map<String, Map<String, Long>> counts;

  TopologyCounts() {
    this.counts = new HashMap<>();
  }

  private TopologyCounts(TopologyCounts other) {
    this.counts = new HashMap<>(other.counts.size() * 2);
    other.counts.forEach((k, v) -> this.counts.put(k, new HashMap<>(v)));
  }

  /**
   * Adds {@code delta} to the pair ({@code key}, {@code node}'s value of it), if it has the key.
   */
  void add(Node node, String key, long delta) {
    String value = node.labels().get(key);
    if (value != null) {
      add(key, value, delta);
    }
  }

  /** Adds {@code delta} to the pair ({@code key}, {@code value}), deleting it when it reaches 0. */
  void add(String key, String value, long delta) {
    Map<String, Long> values = counts.computeIfAbsent(key, k -> new HashMap<>());
    long sum = values.getOrDefault(value, 0L) + delta;
    if (sum == 0) {
      values.remove(value);
      if (values.isEmpty()) {
        counts.remove(key);
      }
    } else {
      values.put(value, sum);
    }
  }

  /** The count of the pair, 0 when absent. */
  long get(String key, String value) {
    Map<String, Long> values = counts.get(key);
    if (values == null) {
      return 0;
    }
    Long c = values.get(value);
    return c == null ? 0 : c;
  }

  /** Whether some label of {@code labels} forms a pair with a positive count. */
  boolean anyPositive(Map<String, String> labels) {
    for (Map.Entry<String, Map<String, Long>> e : counts.entrySet()) {
      String value = labels.get(e.getKey());
      if (value != null) {
        Long c = e.getValue().get(value);
        if (c != null && c > 0) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether no pair is counted. */
  boolean isEmpty() {
    return counts.isEmpty();
  }

  /** An independent copy. */
  TopologyCounts copy() {
    return new TopologyCounts(this);
  }

  /** The counts as sorted immutable maps, key to value to count (for tests and debugging). */
  Map<String, Map<String, Long>> toMap() {
    Map<String, Map<String, Long>> out = new TreeMap<>();
    counts.forEach((k, v) -> out.put(k, Collections.unmodifiableMap(new TreeMap<>(v))));
    return Collections.unmodifiableMap(out);
  }

  @Override
  public String toString() {
    return toMap().toString();
  }
}
