package io.schedkit.framework;

/**
 * Contributes plugins to the default {@link Registry} through {@link java.util.ServiceLoader}: a
 * jar that declares an implementation ({@code provides io.schedkit.framework.PluginProvider with
 * ...} in its module descriptor, or a {@code META-INF/services} entry on the class path) makes its
 * plugins available by name.
 */
public interface PluginProvider {
  /**
   * Registers this provider's plugins.
   *
   * @param registry the registry to add the plugins' factories to
   */
  void registerPlugins(Registry registry);
}
