package io.schedkit.testing;

import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static io.schedkit.testing.SchedkitAssertions.assertThatThrownBy;

import io.schedkit.framework.Registry;
import org.junit.jupiter.api.Test;

final class PluginRegistriesTest {

  @Test
  void fakes_registersEachInstanceUnderItsName() throws Exception {
    FakeFilterPlugin filter = new FakeFilterPlugin();
    RecordingPlugin recorder = new RecordingPlugin("Rec", new CallLog());

    Registry registry = PluginRegistries.fakes(filter, recorder, new TrueFilterPlugin());

    assertThat(registry.names()).containsExactly("FakeFilter", "Rec", "TrueFilter");
    assertThat(registry.get("Rec").orElseThrow().factory().create(null, null)).isSameAs(recorder);
    assertThat(registry.get("FakeFilter").orElseThrow().factory().create(null, null))
        .isSameAs(filter);
    assertThat(registry.get("Rec").orElseThrow().argsType()).isNull();
  }

  @Test
  void fakes_rejectsTwoPluginsWithOneName() {
    assertThatThrownBy(
            () ->
                PluginRegistries.fakes(
                    new FakeFilterPlugin(), new TrueFilterPlugin().named("FakeFilter")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("FakeFilter");
  }

  @Test
  void register_addsToAnExistingRegistry() throws Exception {
    FakeBindPlugin bind = new FakeBindPlugin();
    Registry base = PluginRegistries.fakes(new FakePermitPlugin());

    Registry same = PluginRegistries.register(base, bind.named("Binder"));

    assertThat(same).isSameAs(base);
    assertThat(base.names()).containsExactly("FakePermit", "Binder");
    assertThat(PluginRegistries.instance(bind).create(null, null)).isSameAs(bind);
  }
}
