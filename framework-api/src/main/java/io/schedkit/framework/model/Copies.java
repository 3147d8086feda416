package io.schedkit.framework.model;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/** Null normalisation and defensive copies shared by the model's compact constructors. */
final class Copies {
  private Copies() {}

  /** Returns {@code s}, or {@code ""} when it is null. */
  static String str(String s) {
    return s == null ? "" : s;
  }

  /** Returns an unmodifiable copy of {@code c} in its order, or an empty list when it is null. */
  static <T> List<T> list(Collection<? extends T> c) {
    return c == null ? List.of() : List.copyOf(c);
  }

  /**
   * Returns an unmodifiable copy of {@code m} that iterates in key order, or an empty map when it
   * is null. Null keys and values are rejected, naming {@code what}. A map already produced here is
   * returned as is.
   */
  static <V> Map<String, V> sortedMap(Map<String, V> m, String what) {
    if (m == null || m.isEmpty()) {
      return Collections.emptyMap();
    }
    if (m instanceof FrozenMap) {
      return m;
    }
    TreeMap<String, V> tree = new TreeMap<>();
    for (Map.Entry<String, V> e : m.entrySet()) {
      String key = Objects.requireNonNull(e.getKey(), () -> what + ": null key");
      V value = Objects.requireNonNull(e.getValue(), () -> what + ": null value for key " + key);
      tree.put(key, value);
    }
    return new FrozenMap<>(tree);
  }
}
