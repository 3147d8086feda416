package io.schedkit.framework;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
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
