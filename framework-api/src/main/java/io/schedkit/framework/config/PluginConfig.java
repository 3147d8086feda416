package io.schedkit.framework.config;

import io.schedkit.framework.PluginArgs;
import java.util.Objects;

/**
 * The args of one plugin in a profile ({@code pluginConfig[]}).
 *
 * @param name the plugin name
 * @param args the decoded args (a {@link RawArgs} for plugins the decoder does not know)
 */
public record PluginConfig(String name, PluginArgs args) {
  /**
   * Validates the components.
   *
   * @param name the plugin name; not null
   * @param args the decoded args; not null
   */
  public PluginConfig {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(args, "args");
  }
}
