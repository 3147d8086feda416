package io.schedkit.testing;

import io.schedkit.framework.Plugin;
import io.schedkit.framework.PluginFactory;
import io.schedkit.framework.Registry;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Registries holding given plugin instances, so a test can enable fakes by name in a profile and
 * keep a reference to inspect them afterwards.
 *
 * <p>Each plugin is registered under its {@link Plugin#name()} at the time of registration, with a
 * factory that ignores args and handle and returns that same instance, so every profile enabling
 * the name shares one instance.
 */
public final class PluginRegistries {
  private PluginRegistries() {}

  /**
   * A new registry holding {@code plugins}.
   *
   * @throws IllegalArgumentException if two plugins have the same name
   */
  public static Registry fakes(Plugin... plugins) {
    return fakes(Arrays.asList(plugins));
  }

  /**
   * A new registry holding {@code plugins}.
   *
   * @throws IllegalArgumentException if two plugins have the same name
   */
  public static Registry fakes(List<? extends Plugin> plugins) {
    return register(new Registry(), plugins);
  }

  /**
   * Adds {@code plugins} to {@code registry} (for example the default plugins) and returns it.
   *
   * @throws IllegalArgumentException if a name is already registered
   */
  public static Registry register(Registry registry, Plugin... plugins) {
    return register(registry, Arrays.asList(plugins));
  }

  /**
   * Adds {@code plugins} to {@code registry} and returns it.
   *
   * @throws IllegalArgumentException if a name is already registered
   */
  public static Registry register(Registry registry, List<? extends Plugin> plugins) {
    Objects.requireNonNull(registry, "registry");
    for (Plugin p : plugins) {
      registry.register(p.name(), instance(p));
    }
    return registry;
  }

  /** A factory that returns {@code plugin} itself, whatever the args and handle. */
  public static PluginFactory instance(Plugin plugin) {
    Objects.requireNonNull(plugin, "plugin");
    return (args, handle) -> plugin;
  }
}
