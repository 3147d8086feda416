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
 * A read-only copy of a map that iterates in key order but sorts only when first iterated, and,
 * built from lists, hashes its keys only when something needs them hashed. A scheduling cycle looks
 * a preemption result's candidates up by node name, if at all, usually the nominated node's, which
 * the preemption lists last; explain iterates all of them, in order. Sorting hundreds of node names
 * every cycle (long common prefixes make each comparison slow) cost a tenth of a preempting
 * attempt, and hashing them (a cache miss on each name) about as much.
 *
 * <p>A lookup first looks for the very key object among the listed keys, from the last: found at
 * index i, it is the answer unless a later key is equal to it (checked), as a key listed twice
 * keeps its last value. Any other lookup, the size and iteration build the map.
 *
 * <p>Thread-safety: immutable once built; racing first uses each build an equal map or copy.
 */
final class KeySortedOnIteration<K extends Comparable<? super K>, V> extends AbstractMap<K, V> {
  private final Object[] keys;
  private final Object[] values;
  private volatile Map<K, V> byKey;
  private volatile Set<Entry<K, V>> sortedEntries;

  KeySortedOnIteration(Map<K, V> source) {
    this.keys = null;
    this.values = null;
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
    this.keys = keys.toArray();
    this.values = values.toArray();
    for (Object k : this.keys) {
      Objects.requireNonNull(k, "key");
    }
  }

  /** The map, built from the lists on first use. */
  @SuppressWarnings("unchecked")
  private Map<K, V> byKey() {
    Map<K, V> m = byKey;
    if (m == null) {
      m = new HashMap<>(keys.length * 4 / 3 + 1);
      for (int i = 0; i < keys.length; i++) {
        m.put((K) keys[i], (V) values[i]);
      }
      byKey = m;
    }
    return m;
  }

  /**
   * The index of the listed key that is {@code key} itself and has no equal key after it, or -1
   * (also when the map is built already: it answers as fast).
   */
  private int lastIndexOfSame(Object key) {
    if (byKey != null || key == null) {
      return -1;
    }
    for (int i = keys.length - 1; i >= 0; i--) {
      if (keys[i] == key) {
        for (int j = keys.length - 1; j > i; j--) {
          if (keys[j].equals(key)) {
            return j;
          }
        }
        return i;
      }
    }
    return -1;
  }

  @Override
  @SuppressWarnings("unchecked")
  public V get(Object key) {
    int i = lastIndexOfSame(key);
    return i >= 0 ? (V) values[i] : byKey().get(key);
  }

  @Override
  public boolean containsKey(Object key) {
    return lastIndexOfSame(key) >= 0 || byKey().containsKey(key);
  }

  @Override
  public boolean isEmpty() {
    return keys != null ? keys.length == 0 : byKey.isEmpty();
  }

  @Override
  public int size() {
    return byKey().size();
  }

  @Override
  public Set<Entry<K, V>> entrySet() {
    Set<Entry<K, V>> entries = sortedEntries;
    if (entries == null) {
      entries = Collections.unmodifiableMap(new TreeMap<>(byKey())).entrySet();
      sortedEntries = entries;
    }
    return entries;
  }
}
