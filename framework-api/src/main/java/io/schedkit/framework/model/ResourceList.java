package io.schedkit.framework.model;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BinaryOperator;

/**
 * An immutable map from resource name to {@link Quantity} ({@code v1.ResourceList}): requests,
 * limits, overhead, capacity and allocatable. Iteration is sorted by resource name, so output built
 * from it is deterministic.
 *
 * <p>A missing resource and a resource with a zero quantity are distinct entries but compare the
 * same in arithmetic: {@link #getOrZero} returns zero for both.
 */
public final class ResourceList {
  private static final ResourceList EMPTY = new ResourceList(Collections.emptySortedMap());

  private final SortedMap<String, Quantity> entries;

  private ResourceList(SortedMap<String, Quantity> entries) {
    this.entries = entries;
  }

  private static ResourceList wrap(TreeMap<String, Quantity> tree) {
    return tree.isEmpty() ? EMPTY : new ResourceList(Collections.unmodifiableSortedMap(tree));
  }

  /**
   * Returns the empty resource list.
   *
   * @return the empty list
   */
  public static ResourceList empty() {
    return EMPTY;
  }

  /**
   * Returns a resource list with the entries of {@code map}.
   *
   * @param map resource names to quantities; null means empty
   * @return the resource list
   * @throws NullPointerException if a name or quantity is null
   */
  public static ResourceList of(Map<String, Quantity> map) {
    if (map == null || map.isEmpty()) {
      return EMPTY;
    }
    TreeMap<String, Quantity> tree = new TreeMap<>();
    map.forEach(
        (k, v) ->
            tree.put(
                Objects.requireNonNull(k, "resource name"),
                Objects.requireNonNull(v, () -> "quantity of " + k)));
    return wrap(tree);
  }

  /**
   * Returns a resource list from alternating names and quantity strings, for example {@code
   * of("cpu", "500m", "memory", "1Gi")}.
   *
   * @param name the first resource name
   * @param quantity the first quantity, parsed with {@link Quantity#parse}
   * @param more further name, quantity pairs
   * @return the resource list
   * @throws IllegalArgumentException if {@code more} has an odd length or a quantity is invalid
   */
  public static ResourceList of(String name, String quantity, String... more) {
    if (more.length % 2 != 0) {
      throw new IllegalArgumentException(
          "ResourceList.of needs name, quantity pairs; got an odd number of arguments");
    }
    TreeMap<String, Quantity> tree = new TreeMap<>();
    tree.put(Objects.requireNonNull(name, "resource name"), Quantity.parse(quantity));
    for (int i = 0; i < more.length; i += 2) {
      tree.put(Objects.requireNonNull(more[i], "resource name"), Quantity.parse(more[i + 1]));
    }
    return wrap(tree);
  }

  /**
   * Returns a resource list parsing every quantity string of {@code map}.
   *
   * @param map resource names to quantity strings; null means empty
   * @return the resource list
   * @throws QuantityFormatException if a quantity is invalid
   */
  public static ResourceList parse(Map<String, String> map) {
    if (map == null || map.isEmpty()) {
      return EMPTY;
    }
    TreeMap<String, Quantity> tree = new TreeMap<>();
    map.forEach((k, v) -> tree.put(Objects.requireNonNull(k, "resource name"), Quantity.parse(v)));
    return wrap(tree);
  }

  /**
   * Returns the quantity of a resource.
   *
   * @param name the resource name
   * @return the quantity, or empty when the resource is not listed
   */
  public Optional<Quantity> get(String name) {
    return Optional.ofNullable(entries.get(name));
  }

  /**
   * Returns the quantity of a resource, or zero when it is not listed.
   *
   * @param name the resource name
   * @return the quantity
   */
  public Quantity getOrZero(String name) {
    Quantity q = entries.get(name);
    return q == null ? Quantity.ZERO : q;
  }

  /**
   * Returns whether a resource is listed.
   *
   * @param name the resource name
   * @return true when listed, even with a zero quantity
   */
  public boolean contains(String name) {
    return entries.containsKey(name);
  }

  /**
   * Returns the listed resource names in sorted order.
   *
   * @return an unmodifiable sorted set
   */
  public Set<String> names() {
    return entries.keySet();
  }

  /**
   * Returns the entries as an unmodifiable map sorted by name.
   *
   * @return the map view
   */
  public SortedMap<String, Quantity> asMap() {
    return entries;
  }

  /**
   * Returns the number of listed resources.
   *
   * @return the size
   */
  public int size() {
    return entries.size();
  }

  /**
   * Returns whether no resource is listed.
   *
   * @return true when empty
   */
  public boolean isEmpty() {
    return entries.isEmpty();
  }

  /**
   * Returns this list with one entry set (added or replaced).
   *
   * @param name the resource name
   * @param quantity the quantity
   * @return the new list
   */
  public ResourceList with(String name, Quantity quantity) {
    TreeMap<String, Quantity> tree = new TreeMap<>(entries);
    tree.put(Objects.requireNonNull(name, "resource name"), Objects.requireNonNull(quantity));
    return wrap(tree);
  }

  /**
   * Returns this list without a resource.
   *
   * @param name the resource name
   * @return the new list
   */
  public ResourceList without(String name) {
    if (!entries.containsKey(name)) {
      return this;
    }
    TreeMap<String, Quantity> tree = new TreeMap<>(entries);
    tree.remove(name);
    return wrap(tree);
  }

  /**
   * Returns the per-resource sum: the union of names, each with the sum of both quantities (a
   * missing entry counts as zero).
   *
   * @param other the list to add
   * @return the sum
   */
  public ResourceList add(ResourceList other) {
    return merge(other, Quantity::add, false);
  }

  /**
   * Returns the per-resource difference: the union of names, each with this quantity minus {@code
   * other}'s (a missing entry counts as zero, so a resource only in {@code other} becomes
   * negative).
   *
   * @param other the list to subtract
   * @return the difference
   */
  public ResourceList subtract(ResourceList other) {
    return merge(other, Quantity::subtract, true);
  }

  /**
   * Returns the per-resource maximum: the union of names, each with the larger quantity where both
   * list it and the listed quantity where only one does.
   *
   * @param other the other list
   * @return the maximum
   */
  public ResourceList max(ResourceList other) {
    if (other.isEmpty()) {
      return this;
    }
    if (isEmpty()) {
      return other;
    }
    TreeMap<String, Quantity> tree = new TreeMap<>(entries);
    other.entries.forEach((k, v) -> tree.merge(k, v, (a, b) -> b.compareTo(a) > 0 ? b : a));
    return wrap(tree);
  }

  private ResourceList merge(ResourceList other, BinaryOperator<Quantity> op, boolean negateNew) {
    if (other.isEmpty()) {
      return this;
    }
    TreeMap<String, Quantity> tree = new TreeMap<>(entries);
    other.entries.forEach(
        (k, v) -> {
          Quantity mine = tree.get(k);
          if (mine == null) {
            tree.put(k, negateNew ? v.negate() : v);
          } else {
            tree.put(k, op.apply(mine, v));
          }
        });
    return wrap(tree);
  }

  /**
   * Returns whether {@code o} is a resource list with the same names and numerically equal
   * quantities.
   *
   * @param o the object to compare with
   * @return true when equal
   */
  @Override
  public boolean equals(Object o) {
    return o instanceof ResourceList && entries.equals(((ResourceList) o).entries);
  }

  /**
   * Returns a hash consistent with {@link #equals}.
   *
   * @return the hash code
   */
  @Override
  public int hashCode() {
    return entries.hashCode();
  }

  /**
   * Returns the entries in name order with canonical quantities, as {@code {cpu=500m, memory=1Gi}}.
   *
   * @return the string form
   */
  @Override
  public String toString() {
    return entries.toString();
  }
}
