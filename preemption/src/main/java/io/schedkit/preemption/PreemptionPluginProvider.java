package io.schedkit.preemption;

import io.schedkit.framework.PluginProvider;
import io.schedkit.framework.Registry;
import io.schedkit.preemption.defaultpreemption.DefaultPreemption;

/**
 * Registers {@code DefaultPreemption} through {@link java.util.ServiceLoader}, so that {@code
 * Registry.discover()} (what a scheduler uses without an explicit registry) can run the default
 * profile's PostFilter whenever this module is on the class or module path.
 */
public final class PreemptionPluginProvider implements PluginProvider {
  /** Used by {@link java.util.ServiceLoader}. */
  public PreemptionPluginProvider() {}

  @Override
  public void registerPlugins(Registry registry) {
    registry.register(DefaultPreemption.class);
  }
}
