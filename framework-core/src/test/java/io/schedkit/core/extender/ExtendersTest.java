package io.schedkit.core.extender;

import static io.schedkit.core.extender.ExtenderFixtures.config;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.framework.PluginArgs;
import io.schedkit.framework.config.ExtenderConfig;
import io.schedkit.framework.config.ExtenderConfig.ManagedResource;
import io.schedkit.framework.config.ExtensionPoint;
import io.schedkit.framework.config.PluginConfig;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.RawArgs;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.extender.Extender;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class ExtendersTest {
  /** Args shaped like NodeResourcesFitArgs (core cannot see the real type). */
  public record FitArgs(
      List<String> ignoredResources, List<String> ignoredResourceGroups, String strategy)
      implements PluginArgs {}

  /** Args of a plugin that ignores nothing. */
  public record OtherArgs(int weight) implements PluginArgs {}

  private static final ExtenderConfig GPU =
      config("http://gpu")
          .filter("filter")
          .managed(
              new ManagedResource("example.com/gpu", true),
              new ManagedResource("example.com/gpu-mem", false))
          .build();
  private static final ExtenderConfig FPGA =
      config("http://fpga")
          .bind("bind")
          .managed(new ManagedResource("example.com/fpga", true))
          .build();

  private static Profile profile(List<PluginConfig> configs, String... enabled) {
    List<PluginRef> refs = java.util.Arrays.stream(enabled).map(PluginRef::of).toList();
    return new Profile(
        "default-scheduler",
        null,
        new Plugins(
            PluginSet.empty(), Map.of(ExtensionPoint.FILTER, new PluginSet(refs, List.of()))),
        configs);
  }

  private static SchedulerConfiguration configuration(
      List<ExtenderConfig> extenders, Profile... profiles) {
    return new SchedulerConfiguration(16, 0, 1, 10, List.of(profiles), extenders, null);
  }

  @Test
  void fromConfig_ignorableExtendersGoLast() {
    List<ExtenderConfig> configs =
        List.of(
            config("http://a").filter("f").ignorable().build(),
            config("http://b").filter("f").build(),
            config("http://c").filter("f").ignorable().build(),
            config("http://d").filter("f").build());

    List<HttpExtender> extenders = Extenders.fromConfig(configs);

    assertThat(extenders)
        .extracting(Extender::name)
        .containsExactly("http://b", "http://d", "http://a", "http://c");
    assertThat(extenders).allMatch(e -> e instanceof HttpExtender);
  }

  @Test
  void ignoredResources_inConfigurationOrder() {
    assertThat(Extenders.ignoredResources(List.of(GPU, FPGA)))
        .containsExactly("example.com/gpu", "example.com/fpga");
  }

  @Test
  void withIgnoredResources_noneIgnored_sameConfiguration() {
    ExtenderConfig plain = config("http://x").filter("f").build();
    SchedulerConfiguration c =
        configuration(List.of(plain), profile(List.of(), "NodeResourcesFit"));

    assertThat(Extenders.withIgnoredResources(c)).isSameAs(c);
  }

  @Test
  void withIgnoredResources_typedArgs_replacesIgnoredResourcesKeepsTheRest() {
    FitArgs args = new FitArgs(List.of("example.com/old"), List.of("vendor.io"), "MostAllocated");
    SchedulerConfiguration c =
        configuration(
            List.of(GPU, FPGA),
            profile(List.of(new PluginConfig("NodeResourcesFit", args)), "NodeResourcesFit"));

    PluginArgs updated =
        Extenders.withIgnoredResources(c)
            .profiles()
            .get(0)
            .pluginConfig("NodeResourcesFit")
            .orElseThrow()
            .args();

    assertThat(updated)
        .isEqualTo(
            new FitArgs(
                List.of("example.com/gpu", "example.com/fpga"),
                List.of("vendor.io"),
                "MostAllocated"));
  }

  @Test
  void withIgnoredResources_rawArgs_setsTheField() {
    RawArgs raw = new RawArgs(Map.of("ignoredResources", List.of("x"), "other", 1));
    SchedulerConfiguration c =
        configuration(
            List.of(GPU),
            profile(List.of(new PluginConfig("NodeResourcesFit", raw)), "NodeResourcesFit"));

    PluginArgs updated =
        Extenders.withIgnoredResources(c)
            .profiles()
            .get(0)
            .pluginConfig("NodeResourcesFit")
            .orElseThrow()
            .args();

    assertThat(updated)
        .isEqualTo(new RawArgs(Map.of("ignoredResources", List.of("example.com/gpu"), "other", 1)));
  }

  @Test
  void withIgnoredResources_enabledWithoutConfig_addsRawArgs() {
    PluginConfig other = new PluginConfig("Other", new OtherArgs(3));
    SchedulerConfiguration c =
        configuration(List.of(GPU), profile(List.of(other), "Other", "NodeResourcesFit"));

    Profile p = Extenders.withIgnoredResources(c).profiles().get(0);

    assertThat(p.pluginConfig())
        .containsExactly(
            other,
            new PluginConfig(
                "NodeResourcesFit",
                new RawArgs(Map.of("ignoredResources", List.of("example.com/gpu")))));
    assertThat(p.plugins()).isEqualTo(c.profiles().get(0).plugins());
  }

  @Test
  void withIgnoredResources_profileWithoutNodeResourcesFit_unchanged() {
    PluginConfig other = new PluginConfig("Other", new OtherArgs(3));
    SchedulerConfiguration c = configuration(List.of(GPU), profile(List.of(other), "Other"));

    assertThat(Extenders.withIgnoredResources(c).profiles().get(0).pluginConfig())
        .containsExactly(other);
  }

  @Test
  void withIgnoredResources_argsWithoutIgnoredResources_fails() {
    SchedulerConfiguration c =
        configuration(
            List.of(GPU),
            profile(
                List.of(new PluginConfig("NodeResourcesFit", new OtherArgs(1))),
                "NodeResourcesFit"));

    assertThatThrownBy(() -> Extenders.withIgnoredResources(c))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("want args to be of type NodeResourcesFitArgs, got OtherArgs");
  }
}
