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

  /** Copies the lists. */
  public PluginSet {
    enabled = enabled == null ? List.of() : List.copyOf(enabled);
    disabled = disabled == null ? List.of() : List.copyOf(disabled);
  }

  /** No plugins enabled or disabled. */
  public static PluginSet empty() {
    return EMPTY;
  }

  /** A set enabling {@code names}, without weights. */
  public static PluginSet enabling(String... names) {
    return new PluginSet(java.util.Arrays.stream(names).map(PluginRef::of).toList(), List.of());
  }

  /** Whether {@code "*"} is disabled. */
  public boolean disablesAll() {
    return disabled.stream().anyMatch(p -> p.name().equals("*"));
  }

  /** Whether {@code name} is disabled (by name or by {@code "*"}). */
  public boolean isDisabled(String name) {
    return disabled.stream().anyMatch(p -> p.name().equals(name) || p.name().equals("*"));
  }

  /** Whether nothing is enabled or disabled. */
  public boolean isEmpty() {
    return enabled.isEmpty() && disabled.isEmpty();
  }
}
