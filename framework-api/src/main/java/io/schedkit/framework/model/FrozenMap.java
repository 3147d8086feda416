package io.schedkit.framework.model;

import java.util.AbstractMap;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * An unmodifiable, key-ordered map owned by the model: {@link Copies#sortedMap} recognises it and
 * does not copy it again when a record is rebuilt from another record's map. Entries are also held
 * in index order so that matchers can walk them without allocating an iterator.
 *
 * <p>Design note: lookups in a small map (labels have a handful of entries) compare the cached
 * {@code String} hash codes held in an int array, then the keys, instead of descending the tree:
 * node labels are looked up for every node in Filter and PreFilter (topology domains, node
 * affinity), where the tree's chain of entries cost a cache miss per level.
 */
final class FrozenMap<V> extends AbstractMap<String, V> {
  private final Map<String, V> view;
  private final List<String> keyList;
  private final List<V> valueList;
  private final int[] hashes;
  private final String[] keys;
  private final Object[] values;

  /** Maps up to this size are looked up by linear scan; larger ones through the tree. */
  private static final int SMALL = 16;

  FrozenMap(TreeMap<String, V> tree) {
    this.view = Collections.unmodifiableMap(tree);
    this.keyList = List.copyOf(tree.keySet());
    this.valueList = List.copyOf(tree.values());
    int n = keyList.size();
    if (n <= SMALL) {
      this.hashes = new int[n];
      this.keys = keyList.toArray(new String[0]);
      this.values = valueList.toArray();
      for (int i = 0; i < n; i++) {
        hashes[i] = keys[i].hashCode();
      }
    } else {
      this.hashes = null;
      this.keys = null;
      this.values = null;
    }
  }

  /** The value at index {@code i} of a small map (the array holds only values of type V). */
  @SuppressWarnings("unchecked")
  private V valueAtSmall(int i) {
    return (V) values[i];
  }

  /** The index of {@code key} in a small map, -1 when absent; -2 for a large map. */
  private int indexOf(Object key) {
    if (hashes == null) {
      return -2;
    }
    if (!(key instanceof String)) {
      return -1;
    }
    int h = key.hashCode();
    for (int i = 0; i < hashes.length; i++) {
      if (hashes[i] == h && key.equals(keys[i])) {
        return i;
      }
    }
    return -1;
  }

  /** Returns the key of the {@code i}-th entry in key order. */
  String keyAt(int i) {
    return keyList.get(i);
  }

  /** Returns the value of the {@code i}-th entry in key order. */
  V valueAt(int i) {
    return valueList.get(i);
  }

  @Override
  public Set<Map.Entry<String, V>> entrySet() {
    return view.entrySet();
  }

  @Override
  public V get(Object key) {
    if (key == null) {
      return null;
    }
    int i = indexOf(key);
    return i == -2 ? view.get(key) : i < 0 ? null : valueAtSmall(i);
  }

  @Override
  public boolean containsKey(Object key) {
    if (key == null) {
      return false;
    }
    int i = indexOf(key);
    return i == -2 ? view.containsKey(key) : i >= 0;
  }

  @Override
  public V getOrDefault(Object key, V defaultValue) {
    if (key == null) {
      return defaultValue;
    }
    int i = indexOf(key);
    return i == -2 ? view.getOrDefault(key, defaultValue) : i < 0 ? defaultValue : valueAtSmall(i);
  }

  @Override
  public int size() {
    return view.size();
  }

  @Override
  public boolean isEmpty() {
    return view.isEmpty();
  }

  @Override
  public Set<String> keySet() {
    return view.keySet();
  }

  @Override
  public Collection<V> values() {
    return view.values();
  }

  @Override
  public void forEach(BiConsumer<? super String, ? super V> action) {
    view.forEach(action);
  }
}
