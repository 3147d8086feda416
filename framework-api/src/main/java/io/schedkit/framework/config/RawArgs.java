package io.schedkit.framework.config;

import io.schedkit.framework.PluginArgs;
import java.util.Map;

/**
 * The args of a plugin whose args type the decoder does not know, kept as the JSON tree it read
 * (maps, lists, strings, numbers, booleans).
 *
 * @param values the args object
 */
public record RawArgs(Map<String, Object> values) implements PluginArgs {
  /**
   * Copies the map.
   *
   * @param values the args object; null means empty
   */
  public RawArgs {
    values =
        values == null
            ? Map.of()
            : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
  }
}
