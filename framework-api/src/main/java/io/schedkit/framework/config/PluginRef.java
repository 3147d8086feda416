package io.schedkit.framework.config;

import java.util.Objects;

/**
 * A plugin named in a {@link PluginSet}: upstream's {@code {name, weight}}.
 *
 * @param name the plugin name, or {@code "*"} in a disabled list to disable every default
 * @param weight the Score weight; 0 means unset (the framework uses 1, or the default profile's)
 */
public record PluginRef(String name, int weight) {
  /**
   * Validates the components.
   *
   * @param name the plugin name, or {@code "*"}; not null
   * @param weight the Score weight; 0 means unset
   */
  public PluginRef {
    Objects.requireNonNull(name, "name");
  }

  /**
   * A reference without a weight.
   *
   * @param name the plugin name, or {@code "*"}
   * @return the reference, with weight 0
   */
  public static PluginRef of(String name) {
    return new PluginRef(name, 0);
  }

  /**
   * A reference with a weight.
   *
   * @param name the plugin name
   * @param weight the Score weight; 0 means unset
   * @return the reference
   */
  public static PluginRef of(String name, int weight) {
    return new PluginRef(name, weight);
  }
}
