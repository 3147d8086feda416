package io.schedkit.framework;

import java.util.Objects;

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
  private final String name;

  private StateKey(String name) {
    this.name = Objects.requireNonNull(name, "name");
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
