package io.schedkit.framework;

/**
 * Creates a plugin for one profile from its args (null for a plugin without args) and the profile's
 * handle. Registered under the plugin's name in a {@link Registry}.
 */
@FunctionalInterface
public interface PluginFactory {
  /**
   * Creates the plugin; a thrown exception fails the scheduler's construction.
   *
   * @param args the plugin's decoded args, or null if the plugin takes none
   * @param handle the handle of the profile the plugin belongs to
   * @return the new plugin, never null
   * @throws Exception if the args are invalid or the plugin cannot be built
   */
  Plugin create(PluginArgs args, FrameworkHandle handle) throws Exception;
}
