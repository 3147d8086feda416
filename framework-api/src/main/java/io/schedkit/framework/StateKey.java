package io.schedkit.framework;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A typed key into {@link CycleState}. Declare one per plugin and state type, privately:
 *
 * <pre>{@code
 * private static final StateKey<PreFilterState> PRE_FILTER_KEY = StateKey.of("PreFilter" + NAME);
 * }</pre>
 *
 * <p>Keys are equal when their names are equal, so the name must be unique across plugins; the
 * convention is {@code "PreFilter" + NAME} and {@code "PreScore" + NAME}.
 *
 * @param <T> the type of the value stored under the key
 */
public final class StateKey<T extends StateData> {
  /** Every name ever used, with its slot: equal names share a slot. */
  private static final ConcurrentHashMap<String, Integer> SLOTS = new ConcurrentHashMap<>();

  private static final AtomicInteger NEXT_SLOT = new AtomicInteger();

  private final String name;
  private final int slot;

  private StateKey(String name) {
    this.name = Objects.requireNonNull(name, "name");
    this.slot = SLOTS.computeIfAbsent(name, n -> NEXT_SLOT.getAndIncrement());
  }

  /**
   * A key with the given unique name.
   *
   * @param <T> the type of the value stored under the key
   * @param name the name, unique across plugins; not null
   * @return the key
   */
  public static <T extends StateData> StateKey<T> of(String name) {
    return new StateKey<>(name);
  }

  /**
   * The key's name.
   *
   * @return the name
   */
  public String name() {
    return name;
  }

  /**
   * The key's index in a {@link CycleState}: one per distinct name, dense from 0, so the state is
   * an array and a read is an index (Filter and Score read their state once per node).
   */
  int slot() {
    return slot;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StateKey && ((StateKey<?>) o).name.equals(name);
  }

  @Override
  public int hashCode() {
    return name.hashCode();
  }

  @Override
  public String toString() {
    return name;
  }
}
