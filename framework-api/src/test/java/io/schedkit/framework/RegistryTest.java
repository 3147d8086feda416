package io.schedkit.framework;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.framework.config.ExtensionPoint;
import io.schedkit.framework.model.Pod;
import java.util.List;
import org.junit.jupiter.api.Test;

final class RegistryTest {

  /** A plugin with args, found reflectively. */
  public static final class WithArgs implements FilterPlugin {
    public static final String NAME = "WithArgs";
    final Args args;

    public WithArgs(Args args, FrameworkHandle handle) {
      this.args = args;
    }

    @Override
    public String name() {
      return NAME;
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
      return Status.success();
    }
  }

  /** Args with defaults. */
  public record Args(int limit) implements PluginArgs {
    public static Args defaults() {
      return new Args(7);
    }
  }

  /** A plugin taking only the handle. */
  public static final class WithHandle implements PreEnqueuePlugin {
    public static final String NAME = "WithHandle";
    final FrameworkHandle handle;

    public WithHandle(FrameworkHandle handle) {
      this.handle = handle;
    }

    @Override
    public String name() {
      return NAME;
    }

    @Override
    public Status preEnqueue(Pod pod) {
      return Status.success();
    }
  }

  /** A plugin with a no-arg constructor. */
  public static final class NoArgs implements PostBindPlugin {
    public static final String NAME = "NoArgs";

    public NoArgs() {}

    @Override
    public String name() {
      return NAME;
    }

    @Override
    public void postBind(CycleState state, PodInfo pod, String nodeName) {}
  }

  /** A plugin without a NAME field. */
  public static final class Nameless implements PostBindPlugin {
    @Override
    public String name() {
      return "Nameless";
    }

    @Override
    public void postBind(CycleState state, PodInfo pod, String nodeName) {}
  }

  /** A plugin whose constructor cannot be used. */
  public static final class BadConstructor implements PostBindPlugin {
    public static final String NAME = "BadConstructor";

    public BadConstructor(String unexpected) {}

    @Override
    public String name() {
      return NAME;
    }

    @Override
    public void postBind(CycleState state, PodInfo pod, String nodeName) {}
  }

  /** Args without defaults(). */
  public record NoDefaults(int x) implements PluginArgs {}

  /** A plugin whose args type lacks defaults(). */
  public static final class ArgsWithoutDefaults implements PostBindPlugin {
    public static final String NAME = "ArgsWithoutDefaults";

    public ArgsWithoutDefaults(NoDefaults args, FrameworkHandle handle) {}

    @Override
    public String name() {
      return NAME;
    }

    @Override
    public void postBind(CycleState state, PodInfo pod, String nodeName) {}
  }

  @Test
  void register_byClassWithArgs_usesDefaultsWhenNoneGiven() throws Exception {
    Registry r = new Registry().register(WithArgs.class);
    Registry.Entry e = r.get("WithArgs").orElseThrow();
    assertThat(e.argsType()).isEqualTo(Args.class);
    assertThat(e.defaultArgs().get()).isEqualTo(new Args(7));
    WithArgs p = (WithArgs) e.factory().create(null, null);
    assertThat(p.args).isEqualTo(new Args(7));
    WithArgs q = (WithArgs) e.factory().create(new Args(3), null);
    assertThat(q.args).isEqualTo(new Args(3));
  }

  @Test
  void register_byClassWithHandleOrNoArgs() throws Exception {
    Registry r = new Registry().register(WithHandle.class).register(NoArgs.class);
    assertThat(r.names()).containsExactly("WithHandle", "NoArgs");
    assertThat(r.get("NoArgs").orElseThrow().factory().create(null, null))
        .isInstanceOf(NoArgs.class);
    assertThat(r.get("WithHandle").orElseThrow().argsType()).isNull();
  }

  @Test
  void register_duplicateName_fails() {
    Registry r = new Registry().register(NoArgs.class);
    assertThatThrownBy(() -> r.register("NoArgs", (args, handle) -> new NoArgs()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a plugin named NoArgs already exists");
    assertThatThrownBy(() -> new Registry().register(NoArgs.class).merge(r))
        .hasMessage("a plugin named NoArgs already exists");
  }

  @Test
  void register_classWithoutName_fails() {
    assertThatThrownBy(() -> new Registry().register(Nameless.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "plugin class io.schedkit.framework.RegistryTest$Nameless has no public static final"
                + " String NAME");
  }

  @Test
  void register_classWithoutUsableConstructor_fails() {
    assertThatThrownBy(() -> new Registry().register(BadConstructor.class))
        .hasMessage(
            "plugin class io.schedkit.framework.RegistryTest$BadConstructor has no public"
                + " constructor (ArgsType, FrameworkHandle), (FrameworkHandle) or ()");
  }

  @Test
  void register_argsWithoutDefaults_fails() {
    assertThatThrownBy(() -> new Registry().register(ArgsWithoutDefaults.class))
        .hasMessage(
            "args type io.schedkit.framework.RegistryTest$NoDefaults of plugin"
                + " ArgsWithoutDefaults has no public static defaults() method");
  }

  @Test
  void extensionPoints_discoveredFromInterfaces() {
    Plugin p = new WithArgs(Args.defaults(), null);
    assertThat(ExtensionPoint.FILTER.isImplementedBy(p)).isTrue();
    assertThat(ExtensionPoint.SCORE.isImplementedBy(p)).isFalse();
    assertThat(ExtensionPoint.SCORE.pluginInterface().getSimpleName()).isEqualTo("ScorePlugin");
  }

  @Test
  void typedFactory_castsArgs() throws Exception {
    Registry r =
        new Registry().register("Typed", Args.class, Args::defaults, (a, h) -> new WithArgs(a, h));
    WithArgs p = (WithArgs) r.get("Typed").orElseThrow().factory().create(null, null);
    assertThat(p.args.limit()).isEqualTo(7);
  }

  @Test
  void fieldError_rendersLikeKubernetes() {
    assertThat(
            new PluginArgs.FieldError("hardPodAffinityWeight", 101, "not in valid range [0-100]")
                .render("profiles[0].pluginConfig[0].args"))
        .isEqualTo(
            "profiles[0].pluginConfig[0].args.hardPodAffinityWeight: Invalid value: 101: not in"
                + " valid range [0-100]");
    assertThat(new PluginArgs.FieldError("type", "Foo", "invalid").render(""))
        .isEqualTo("type: Invalid value: \"Foo\": invalid");
    assertThat(List.of()).isEmpty();
  }
}
