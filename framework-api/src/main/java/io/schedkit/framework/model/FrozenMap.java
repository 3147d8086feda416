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
 */
final class FrozenMap<V> extends AbstractMap<String, V> {
  private final Map<String, V> view;
  private final List<String> keyList;
  private final List<V> valueList;

  FrozenMap(TreeMap<String, V> tree) {
    this.view = Collections.unmodifiableMap(tree);
    this.keyList = List.copyOf(tree.keySet());
    this.valueList = List.copyOf(tree.values());
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
    return key == null ? null : view.get(key);
  }

  @Override
  public boolean containsKey(Object key) {
    return key != null && view.containsKey(key);
  }

  @Override
  public V getOrDefault(Object key, V defaultValue) {
    return key == null ? defaultValue : view.getOrDefault(key, defaultValue);
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
