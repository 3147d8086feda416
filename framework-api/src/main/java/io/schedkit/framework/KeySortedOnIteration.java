package io.schedkit.framework;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * A read-only copy of a map that iterates in key order but sorts only when first iterated. A
 * scheduling cycle looks a preemption result's candidates up by node name, if at all; explain
 * iterates all of them, in order. Sorting hundreds of node names every cycle (long common prefixes
 * make each comparison slow) cost a tenth of a preempting attempt.
 *
 * <p>Thread-safety: immutable once built; racing first iterations each sort an equal copy.
 */
final class KeySortedOnIteration<K extends Comparable<? super K>, V> extends AbstractMap<K, V> {
  private final Map<K, V> byKey;
  private volatile Set<Entry<K, V>> sortedEntries;

  KeySortedOnIteration(Map<K, V> source) {
    this.byKey = new HashMap<>(source);
  }

  /**
   * The map of {@code keys.get(i)} to {@code values.get(i)}, a key listed twice keeping its last
   * value, built without an intermediate map.
   */
  KeySortedOnIteration(List<K> keys, List<V> values) {
    if (keys.size() != values.size()) {
      throw new IllegalArgumentException(keys.size() + " keys but " + values.size() + " values");
    }
    this.byKey = new HashMap<>(keys.size() * 4 / 3 + 1);
    for (int i = 0, n = keys.size(); i < n; i++) {
      byKey.put(Objects.requireNonNull(keys.get(i), "key"), values.get(i));
    }
  }

  @Override
  public V get(Object key) {
    return byKey.get(key);
  }

  @Override
  public boolean containsKey(Object key) {
    return byKey.containsKey(key);
  }

  @Override
  public int size() {
    return byKey.size();
  }

  @Override
  public Set<Entry<K, V>> entrySet() {
    Set<Entry<K, V>> entries = sortedEntries;
    if (entries == null) {
      entries = Collections.unmodifiableMap(new TreeMap<>(byKey)).entrySet();
      sortedEntries = entries;
    }
    return entries;
  }
}
