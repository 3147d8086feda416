package io.schedkit.framework;

/**
 * Creates a plugin for one profile from its args (null for a plugin without args) and the profile's
 * handle. Registered under the plugin's name in a {@link Registry}.
 */
@FunctionalInterface
public interface PluginFactory {
  /** Creates the plugin; a thrown exception fails the scheduler's construction. */
  Plugin create(PluginArgs args, FrameworkHandle handle) throws Exception;
}
