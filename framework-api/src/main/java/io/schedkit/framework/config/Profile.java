package io.schedkit.framework.config;

import java.util.List;
import java.util.Optional;

/**
 * One scheduling profile: a scheduler name and the plugins it runs. Pods choose a profile with
 * {@code spec.schedulerName}; all profiles share one queue and one cache.
 *
 * @param schedulerName the name pods refer to
 * @param percentageOfNodesToScore the profile's override (0–100), or null to use the global value
 * @param plugins the plugins
 * @param pluginConfig the args of plugins
 */
public record Profile(
    String schedulerName,
    Integer percentageOfNodesToScore,
    Plugins plugins,
    List<PluginConfig> pluginConfig) {
  /** The scheduler name of kube-scheduler's default profile. */
  public static final String DEFAULT_SCHEDULER_NAME = "default-scheduler";

  /**
   * Copies the list.
   *
   * @param schedulerName the name pods refer to; null means {@code ""}
   * @param percentageOfNodesToScore the profile's override (0–100), or null
   * @param plugins the plugins; null means none
   * @param pluginConfig the args of plugins; null means none
   */
  public Profile {
    schedulerName = schedulerName == null ? "" : schedulerName;
    plugins = plugins == null ? Plugins.empty() : plugins;
    pluginConfig = pluginConfig == null ? List.of() : List.copyOf(pluginConfig);
  }

  /**
   * The args configured for {@code pluginName}, if any.
   *
   * @param pluginName the plugin name
   * @return the first entry for the plugin, or empty if it has none
   */
  public Optional<PluginConfig> pluginConfig(String pluginName) {
    return pluginConfig.stream().filter(c -> c.name().equals(pluginName)).findFirst();
  }
}
