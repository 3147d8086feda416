package io.schedkit.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.core.cache.Snapshot;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.store.ClusterObjectStore;
import io.schedkit.framework.BindPlugin;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.NominatingInfo;
import io.schedkit.framework.PluginArgs;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PodNominator;
import io.schedkit.framework.PreFilterPlugin;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.QueueSortPlugin;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.Registry;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.Status;
import io.schedkit.framework.config.ExtensionPoint;
import io.schedkit.framework.config.PluginConfig;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.model.Pod;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** Building a profile's framework: plugin lists, multiPoint expansion and every error message. */
final class FrameworkBuilderTest {
  static final class Sort implements QueueSortPlugin {
    private final String name;

    Sort(String name) {
      this.name = name;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public boolean less(QueuedPodInfo a, QueuedPodInfo b) {
      return false;
    }
  }

  static final class Binder implements BindPlugin {
    @Override
    public String name() {
      return "Binder";
    }

    @Override
    public CompletionStage<Status> bind(CycleState state, PodInfo pod, String nodeName) {
      return CompletableFuture.completedFuture(Status.success());
    }
  }

  /** Filter and Score. */
  static final class FilterScore implements FilterPlugin, ScorePlugin {
    private final String name;

    FilterScore(String name) {
      this.name = name;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
      return Status.success();
    }

    @Override
    public long score(CycleState state, PodInfo pod, NodeInfo node) {
      return 0;
    }
  }

  /** PreFilter only. */
  static final class Pre implements PreFilterPlugin {
    @Override
    public String name() {
      return "Pre";
    }

    @Override
    public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
      return PreFilterResult.success();
    }
  }

  /** Args that validate. */
  record LimitArgs(int limit) implements PluginArgs {
    public static LimitArgs defaults() {
      return new LimitArgs(1);
    }

    @Override
    public List<FieldError> validate() {
      return limit < 0 ? List.of(new FieldError("limit", limit, "must be >= 0")) : List.of();
    }
  }

  private static final PodNominator NO_NOMINATIONS =
      new PodNominator() {
        @Override
        public List<PodInfo> nominatedPodsForNode(String nodeName) {
          return List.of();
        }

        @Override
        public Optional<String> nominatedNodeName(Pod pod) {
          return Optional.empty();
        }

        @Override
        public void addNominatedPod(PodInfo pod, NominatingInfo info) {}

        @Override
        public void deleteNominatedPodIfExists(Pod pod) {}
      };

  private static Registry registry() {
    return new Registry()
        .register("Sort", (a, h) -> new Sort("Sort"))
        .register("Sort2", (a, h) -> new Sort("Sort2"))
        .register("Binder", (a, h) -> new Binder())
        .register("A", (a, h) -> new FilterScore("A"))
        .register("B", (a, h) -> new FilterScore("B"))
        .register("C", (a, h) -> new FilterScore("C"))
        .register("Pre", (a, h) -> new Pre())
        .register(
            "Limited",
            LimitArgs.class,
            LimitArgs::defaults,
            (args, h) -> new FilterScore("Limited"))
        .register(
            "Broken",
            (a, h) -> {
              throw new IllegalStateException("no GPU driver");
            });
  }

  private static FrameworkServices services() {
    NodeInfoLister snapshot = new Snapshot();
    return new FrameworkServices(
        () -> snapshot,
        new ClusterObjectStore(),
        NO_NOMINATIONS,
        new WorkerPool(1),
        List.of(),
        null,
        new VirtualClock(),
        new Random(0),
        pods -> {},
        null);
  }

  private static Framework build(Plugins plugins, List<PluginConfig> configs) {
    return FrameworkBuilder.build(
        new Profile("p1", null, plugins, configs),
        registry(),
        services(),
        (raw, entry) -> {
          throw new IllegalArgumentException("raw args");
        });
  }

  private static Plugins multi(PluginRef... refs) {
    return new Plugins(new PluginSet(List.of(refs), List.of()), Map.of());
  }

  private static Framework build(PluginRef... multiPoint) {
    return build(multi(multiPoint), List.of());
  }

  @Test
  void multiPoint_enablesEveryImplementedPoint_withWeights() {
    Framework f =
        build(
            PluginRef.of("Sort"), PluginRef.of("A", 3), PluginRef.of("B"), PluginRef.of("Binder"));
    assertThat(f.pluginNames(ExtensionPoint.FILTER)).containsExactly("A", "B");
    assertThat(f.pluginNames(ExtensionPoint.SCORE)).containsExactly("A", "B");
    assertThat(f.scoreWeights()).containsExactly(Map.entry("A", 3L), Map.entry("B", 1L));
    assertThat(f.pluginNames(ExtensionPoint.PRE_FILTER)).isEmpty();
  }

  @Test
  void explicitEntries_overrideMultiPointInPlace_andComeFirst() {
    Plugins p =
        multi(
                PluginRef.of("Sort"),
                PluginRef.of("A"),
                PluginRef.of("B"),
                PluginRef.of("C"),
                PluginRef.of("Binder"))
            .with(ExtensionPoint.SCORE, new PluginSet(List.of(PluginRef.of("C", 5)), List.of()))
            .with(ExtensionPoint.FILTER, new PluginSet(List.of(), List.of(PluginRef.of("B"))));
    Framework f = build(p, List.of());
    assertThat(f.pluginNames(ExtensionPoint.SCORE)).containsExactly("C", "A", "B");
    assertThat(f.scoreWeights().get("C")).isEqualTo(5L);
    assertThat(f.pluginNames(ExtensionPoint.FILTER)).containsExactly("A", "C");
  }

  @Test
  void disabledStar_skipsMultiPointExpansionForThatPoint() {
    Plugins p =
        multi(PluginRef.of("Sort"), PluginRef.of("A"), PluginRef.of("Binder"))
            .with(
                ExtensionPoint.FILTER,
                new PluginSet(List.of(PluginRef.of("B")), List.of(PluginRef.of("*"))));
    assertThat(build(p, List.of()).pluginNames(ExtensionPoint.FILTER)).containsExactly("B");
  }

  @Test
  void unknownPlugin() {
    assertThatThrownBy(
            () -> build(PluginRef.of("Sort"), PluginRef.of("Nope"), PluginRef.of("Binder")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "creating profile for scheduler name p1: PreFilterPlugin \"Nope\" does not exist");
  }

  @Test
  void pluginLackingTheInterface() {
    Plugins p =
        multi(PluginRef.of("Sort"), PluginRef.of("Binder"))
            .with(ExtensionPoint.FILTER, new PluginSet(List.of(PluginRef.of("Pre")), List.of()));
    assertThatThrownBy(() -> build(p, List.of()))
        .hasMessage(
            "creating profile for scheduler name p1: plugin \"Pre\" does not extend FilterPlugin"
                + " plugin");
  }

  @Test
  void duplicateAtOnePoint() {
    Plugins p =
        multi(PluginRef.of("Sort"), PluginRef.of("Binder"))
            .with(
                ExtensionPoint.FILTER,
                new PluginSet(List.of(PluginRef.of("A"), PluginRef.of("A")), List.of()));
    assertThatThrownBy(() -> build(p, List.of()))
        .hasMessage(
            "creating profile for scheduler name p1: plugin \"A\" already registered as"
                + " \"FilterPlugin\"");
  }

  @Test
  void duplicateInMultiPoint() {
    assertThatThrownBy(
            () ->
                build(
                    PluginRef.of("Sort"),
                    PluginRef.of("A"),
                    PluginRef.of("A"),
                    PluginRef.of("Binder")))
        .hasMessage(
            "creating profile for scheduler name p1: plugin \"A\" already registered as"
                + " \"FilterPlugin\"");
  }

  @Test
  void twoQueueSorts() {
    assertThatThrownBy(
            () -> build(PluginRef.of("Sort"), PluginRef.of("Sort2"), PluginRef.of("Binder")))
        .hasMessage(
            "creating profile for scheduler name p1: only one queue sort plugin required for"
                + " profile with scheduler name \"p1\", but got 2");
  }

  @Test
  void noQueueSort() {
    assertThatThrownBy(() -> build(PluginRef.of("A"), PluginRef.of("Binder")))
        .hasMessage(
            "creating profile for scheduler name p1: only one queue sort plugin required for"
                + " profile with scheduler name \"p1\", but got 0");
  }

  @Test
  void missingBindPlugin() {
    assertThatThrownBy(() -> build(PluginRef.of("Sort"), PluginRef.of("A")))
        .hasMessage(
            "creating profile for scheduler name p1: at least one bind plugin is needed for"
                + " profile with scheduler name \"p1\"");
  }

  @Test
  void weightOverflow() {
    long total = FrameworkBuilder.addScoreWeight(0, 3, 1_000);
    assertThat(total).isEqualTo(300);
    assertThat(FrameworkBuilder.addScoreWeight(total, 7, 1_000)).isEqualTo(1_000);
    assertThatThrownBy(() -> FrameworkBuilder.addScoreWeight(1_000, 1, 1_000))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("total score of Score plugins could overflow");
  }

  @Test
  void invalidArgs() {
    assertThatThrownBy(
            () ->
                build(
                    multi(PluginRef.of("Sort"), PluginRef.of("Limited"), PluginRef.of("Binder")),
                    List.of(new PluginConfig("Limited", new LimitArgs(-3)))))
        .hasMessage(
            "creating profile for scheduler name p1: invalid args of plugin Limited: limit:"
                + " Invalid value: -3: must be >= 0");
  }

  @Test
  void repeatedPluginConfig() {
    assertThatThrownBy(
            () ->
                build(
                    multi(PluginRef.of("Sort"), PluginRef.of("Limited"), PluginRef.of("Binder")),
                    List.of(
                        new PluginConfig("Limited", new LimitArgs(1)),
                        new PluginConfig("Limited", new LimitArgs(2)))))
        .hasMessage("creating profile for scheduler name p1: repeated config for plugin Limited");
  }

  @Test
  void failingFactory() {
    assertThatThrownBy(
            () -> build(PluginRef.of("Sort"), PluginRef.of("Broken"), PluginRef.of("Binder")))
        .hasMessage(
            "creating profile for scheduler name p1: initializing plugin \"Broken\": no GPU"
                + " driver");
  }
}
