package io.schedkit.framework.model;

import java.util.function.Function;

/** Lookup of model enums by their Kubernetes wire name. */
final class WireNames {
  private WireNames() {}

  /**
   * Returns the constant of {@code values} whose wire name equals {@code wire}, or throws an {@link
   * IllegalArgumentException} that lists the accepted wire names.
   */
  static <E extends Enum<E>> E lookup(
      String typeName, E[] values, Function<E, String> wireName, String wire) {
    for (E e : values) {
      if (wireName.apply(e).equals(wire)) {
        return e;
      }
    }
    StringBuilder accepted = new StringBuilder();
    for (E e : values) {
      if (accepted.length() > 0) {
        accepted.append(", ");
      }
      accepted.append('"').append(wireName.apply(e)).append('"');
    }
    throw new IllegalArgumentException(
        "unknown " + typeName + " \"" + wire + "\"; accepted values: " + accepted);
  }
}
