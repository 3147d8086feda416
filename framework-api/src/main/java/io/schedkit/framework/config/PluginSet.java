package io.schedkit.framework.config;

import java.util.List;

/**
 * The plugins enabled and disabled at one extension point (or {@code multiPoint}) of a profile.
 *
 * @param enabled the plugins to enable, in order
 * @param disabled the default plugins to disable; {@code "*"} disables them all
 */
public record PluginSet(List<PluginRef> enabled, List<PluginRef> disabled) {
  private static final PluginSet EMPTY = new PluginSet(List.of(), List.of());

  /**
   * Copies the lists.
   *
   * @param enabled the plugins to enable, in order; null means none
   * @param disabled the default plugins to disable; null means none
   */
  public PluginSet {
    enabled = enabled == null ? List.of() : List.copyOf(enabled);
    disabled = disabled == null ? List.of() : List.copyOf(disabled);
  }

  /**
   * No plugins enabled or disabled.
   *
   * @return the empty set
   */
  public static PluginSet empty() {
    return EMPTY;
  }

  /**
   * A set enabling {@code names}, without weights.
   *
   * @param names the plugin names, in order
   * @return the set, with nothing disabled
   */
  public static PluginSet enabling(String... names) {
    return new PluginSet(java.util.Arrays.stream(names).map(PluginRef::of).toList(), List.of());
  }

  /**
   * Whether {@code "*"} is disabled.
   *
   * @return true if every default plugin is disabled
   */
  public boolean disablesAll() {
    return disabled.stream().anyMatch(p -> p.name().equals("*"));
  }

  /**
   * Whether {@code name} is disabled (by name or by {@code "*"}).
   *
   * @param name the plugin name
   * @return true if the plugin is disabled
   */
  public boolean isDisabled(String name) {
    return disabled.stream().anyMatch(p -> p.name().equals(name) || p.name().equals("*"));
  }

  /**
   * Whether nothing is enabled or disabled.
   *
   * @return true if both lists are empty
   */
  public boolean isEmpty() {
    return enabled.isEmpty() && disabled.isEmpty();
  }
}
