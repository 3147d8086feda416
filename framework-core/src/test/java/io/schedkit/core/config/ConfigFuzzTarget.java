package io.schedkit.core.config;

import io.schedkit.framework.Registry;

/**
 * The configuration boundary as the fuzz harness sees it: {@link
 * SchedulerConfigurationDecoder#decode(String, String, Registry)} over the test registry of the
 * default plugins (with args types shaped like the real ones).
 */
public final class ConfigFuzzTarget {
  private static final SchedulerConfigurationDecoder DECODER = new SchedulerConfigurationDecoder();
  private static final Registry REGISTRY = ConfigFixtures.defaultRegistry();

  private ConfigFuzzTarget() {}

  /**
   * Decodes {@code text} as a scheduler configuration named {@code source}.
   *
   * @param text the YAML or JSON text
   * @param source the name used in messages
   * @throws ConfigException if the configuration is malformed or invalid
   */
  public static void decode(String text, String source) {
    DECODER.decode(text, source, REGISTRY);
  }
}
