package io.schedkit.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.framework.Registry;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Huge numbers in a configuration: refused as declared errors, never expanded. */
final class ConfigLimitsTest {
  private static final String HEADER =
      "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n";

  private final SchedulerConfigurationDecoder decoder = new SchedulerConfigurationDecoder();
  private final Registry registry = ConfigFixtures.defaultRegistry();

  @Test
  void hugeInt32IsOutOfRange() {
    String json =
        "{\"apiVersion\":\"kubescheduler.config.k8s.io/v1\","
            + "\"kind\":\"KubeSchedulerConfiguration\",\"parallelism\":1E+100000000}";
    assertThatThrownBy(() -> decoder.decode(json, "sched.json", registry))
        .isInstanceOf(ConfigException.class)
        .hasMessageEndingWith("parallelism: expected a 32-bit integer, got number 1E+100000000");
  }

  @Test
  void hugeExtenderWeightIsOutOfRange() {
    String json =
        "{\"apiVersion\":\"kubescheduler.config.k8s.io/v1\","
            + "\"kind\":\"KubeSchedulerConfiguration\","
            + "\"extenders\":[{\"urlPrefix\":\"http://x\",\"weight\":1E+2147483647}]}";
    assertThatThrownBy(() -> decoder.decode(json, "sched.json", registry))
        .isInstanceOf(ConfigException.class)
        .hasMessageEndingWith(
            "extenders[0].weight: expected a 64-bit integer, got number 1E+2147483647");
  }

  @Test
  void hugeDurationIsInvalid() {
    String digits = "9".repeat(100_000);
    assertThatThrownBy(
            () ->
                decoder.decode(
                    HEADER + "extenders:\n- urlPrefix: http://x\n  httpTimeout: " + digits + "s\n",
                    "sched.yaml",
                    registry))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(
            "extenders[0].httpTimeout: Invalid value: \""
                + "9".repeat(64)
                + "\"... (100001 characters): time: invalid duration \"");
  }

  @Test
  void durationsStayExactWithLongFractions() {
    assertThat(Durations.parse("1.5" + "0".repeat(100_000) + "s"))
        .isEqualTo(Duration.ofMillis(1500));
    assertThat(Durations.parse("0000000000000000000000001s")).isEqualTo(Duration.ofSeconds(1));
    assertThatThrownBy(() -> Durations.parse("2562048h"))
        .hasMessage("time: invalid duration \"2562048h\"");
  }

  @Test
  void hugeDoubleArgIsNotANumber() {
    String yaml =
        HEADER
            + "profiles:\n- pluginConfig:\n  - name: NodeResourcesFit\n    args:\n"
            + "      scoringStrategy:\n        type: RequestedToCapacityRatio\n"
            + "        requestedToCapacityRatio:\n          shape:\n"
            + "          - utilization: 1E+2147483647\n            score: 1\n";
    assertThatThrownBy(() -> decoder.decode(yaml, "sched.yaml", registry))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(
            "utilization: expected a 32-bit integer, got string \"1E+2147483647\"");
  }
}
