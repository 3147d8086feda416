package io.schedkit.core.config;

import static io.schedkit.framework.config.ExtensionPoint.BIND;
import static io.schedkit.framework.config.ExtensionPoint.FILTER;
import static io.schedkit.framework.config.ExtensionPoint.PERMIT;
import static io.schedkit.framework.config.ExtensionPoint.POST_BIND;
import static io.schedkit.framework.config.ExtensionPoint.POST_FILTER;
import static io.schedkit.framework.config.ExtensionPoint.PRE_BIND;
import static io.schedkit.framework.config.ExtensionPoint.PRE_ENQUEUE;
import static io.schedkit.framework.config.ExtensionPoint.PRE_FILTER;
import static io.schedkit.framework.config.ExtensionPoint.PRE_SCORE;
import static io.schedkit.framework.config.ExtensionPoint.QUEUE_SORT;
import static io.schedkit.framework.config.ExtensionPoint.RESERVE;
import static io.schedkit.framework.config.ExtensionPoint.SCORE;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.config.ConfigFixtures.BalancedArgs;
import io.schedkit.core.config.ConfigFixtures.Defaulting;
import io.schedkit.core.config.ConfigFixtures.FitArgs;
import io.schedkit.core.config.ConfigFixtures.InterPodArgs;
import io.schedkit.core.config.ConfigFixtures.PreemptionArgs;
import io.schedkit.core.config.ConfigFixtures.Resource;
import io.schedkit.core.config.ConfigFixtures.SpreadArgs;
import io.schedkit.core.config.ConfigFixtures.Strategy;
import io.schedkit.core.config.ConfigFixtures.StrategyType;
import io.schedkit.core.config.SchedulerConfigurationDecoder.Decoded;
import io.schedkit.core.runtime.Framework;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.PreScorePlugin;
import io.schedkit.framework.Registry;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.config.ExtenderConfig;
import io.schedkit.framework.config.ExtenderConfig.ManagedResource;
import io.schedkit.framework.config.ExtenderConfig.TlsConfig;
import io.schedkit.framework.config.LeaderElectionConfig;
import io.schedkit.framework.config.PluginConfig;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.RawArgs;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.TopologySpreadConstraint;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class SchedulerConfigurationDecoderTest {
  private static final String HEADER =
      "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n";

  private final SchedulerConfigurationDecoder decoder = new SchedulerConfigurationDecoder();
  private final Registry registry = ConfigFixtures.defaultRegistry();

  private Decoded decode(String body) {
    return decoder.decode(HEADER + body, "sched.yaml", registry);
  }

  private static Profile profile(SchedulerConfiguration c, int i) {
    return c.profiles().get(i);
  }

  /** The default multiPoint list without the plugins schedkit does not implement. */
  private static List<PluginRef> inScopeDefaults() {
    return DefaultPlugins.MULTI_POINT.stream()
        .filter(r -> !DefaultPlugins.OUT_OF_SCOPE.contains(r.name()))
        .toList();
  }

  /** Upstream's PluginConfigsV1 facts, without VolumeBinding (out of scope). */
  private static List<PluginConfig> defaultPluginConfig() {
    return List.of(
        new PluginConfig("DefaultPreemption", new PreemptionArgs(10, 100)),
        new PluginConfig("InterPodAffinity", new InterPodArgs(1, false)),
        new PluginConfig("NodeAffinity", new ConfigFixtures.AffinityArgs(null)),
        new PluginConfig("NodeResourcesBalancedAllocation", BalancedArgs.defaults()),
        new PluginConfig("NodeResourcesFit", FitArgs.defaults()),
        new PluginConfig("PodTopologySpread", new SpreadArgs(List.of(), Defaulting.SYSTEM)));
  }

  // ---- defaults

  @Test
  void defaults_isKubeSchedulerWithoutConfig() {
    SchedulerConfiguration c = decoder.defaults(registry);

    assertThat(c.parallelism()).isEqualTo(16);
    assertThat(c.percentageOfNodesToScore()).isZero();
    assertThat(c.podInitialBackoffSeconds()).isEqualTo(1);
    assertThat(c.podMaxBackoffSeconds()).isEqualTo(10);
    assertThat(c.extenders()).isEmpty();
    assertThat(c.leaderElection()).isEqualTo(LeaderElectionConfig.defaults());
    assertThat(c.profiles()).hasSize(1);
    Profile p = profile(c, 0);
    assertThat(p.schedulerName()).isEqualTo("default-scheduler");
    assertThat(p.percentageOfNodesToScore()).isNull();
    assertThat(p.plugins())
        .isEqualTo(new Plugins(new PluginSet(inScopeDefaults(), List.of()), Map.of()));
    assertThat(p.pluginConfig()).containsExactlyElementsOf(defaultPluginConfig());
  }

  @Test
  void decode_headerOnlyEqualsDefaults_withoutWarnings() {
    Decoded d = decode("");

    assertThat(d.configuration()).isEqualTo(decoder.defaults(registry));
    assertThat(d.warnings()).isEmpty();
  }

  @Test
  void defaults_expandedPerExtensionPoint_matchUpstreamExpandedPluginsV1() {
    Framework f = ConfigFixtures.build(profile(decoder.defaults(registry), 0), registry);

    assertThat(f.pluginNames(PRE_ENQUEUE)).containsExactly("SchedulingGates");
    assertThat(f.pluginNames(QUEUE_SORT)).containsExactly("PrioritySort");
    assertThat(f.pluginNames(PRE_FILTER))
        .containsExactly(
            "NodeAffinity",
            "NodePorts",
            "NodeResourcesFit",
            "PodTopologySpread",
            "InterPodAffinity");
    assertThat(f.pluginNames(FILTER))
        .containsExactly(
            "NodeUnschedulable",
            "NodeName",
            "TaintToleration",
            "NodeAffinity",
            "NodePorts",
            "NodeResourcesFit",
            "PodTopologySpread",
            "InterPodAffinity");
    assertThat(f.pluginNames(POST_FILTER)).containsExactly("DefaultPreemption");
    assertThat(f.pluginNames(PRE_SCORE))
        .containsExactly(
            "TaintToleration",
            "NodeAffinity",
            "NodeResourcesFit",
            "PodTopologySpread",
            "InterPodAffinity",
            "NodeResourcesBalancedAllocation");
    assertThat(f.scoreWeights())
        .containsExactly(
            Map.entry("TaintToleration", 3L),
            Map.entry("NodeAffinity", 2L),
            Map.entry("NodeResourcesFit", 1L),
            Map.entry("PodTopologySpread", 2L),
            Map.entry("InterPodAffinity", 2L),
            Map.entry("NodeResourcesBalancedAllocation", 1L),
            Map.entry("ImageLocality", 1L));
    assertThat(f.pluginNames(RESERVE)).isEmpty();
    assertThat(f.pluginNames(PERMIT)).isEmpty();
    assertThat(f.pluginNames(PRE_BIND)).isEmpty();
    assertThat(f.pluginNames(BIND)).containsExactly("DefaultBinder");
    assertThat(f.pluginNames(POST_BIND)).isEmpty();
  }

  @Test
  void defaults_registryWithVolumePlugin_keepsItInPlace() {
    registry.register(
        "VolumeBinding",
        (args, handle) ->
            ConfigFixtures.fake(
                "VolumeBinding", FilterPlugin.class, PreScorePlugin.class, ScorePlugin.class));

    Profile p = profile(decoder.defaults(registry), 0);

    List<String> names = p.plugins().multiPoint().enabled().stream().map(PluginRef::name).toList();
    assertThat(names).containsSubsequence("NodeResourcesFit", "VolumeBinding", "PodTopologySpread");
    assertThat(names).doesNotContain("VolumeZone", "DynamicResources");
    assertThat(ConfigFixtures.build(p, registry).scoreWeights()).containsEntry("VolumeBinding", 1L);
  }

  @Test
  void defaultPlugins_v135List() {
    assertThat(DefaultPlugins.MULTI_POINT)
        .extracting(PluginRef::name)
        .containsExactly(
            "SchedulingGates",
            "PrioritySort",
            "NodeUnschedulable",
            "NodeName",
            "TaintToleration",
            "NodeAffinity",
            "NodePorts",
            "NodeResourcesFit",
            "VolumeRestrictions",
            "NodeVolumeLimits",
            "VolumeBinding",
            "VolumeZone",
            "PodTopologySpread",
            "InterPodAffinity",
            "DynamicResources",
            "DefaultPreemption",
            "NodeResourcesBalancedAllocation",
            "ImageLocality",
            "DefaultBinder");
    assertThat(DefaultPlugins.plugins().multiPoint().enabled())
        .filteredOn(r -> r.weight() != 0)
        .containsExactly(
            PluginRef.of("TaintToleration", 3),
            PluginRef.of("NodeAffinity", 2),
            PluginRef.of("NodeResourcesFit", 1),
            PluginRef.of("PodTopologySpread", 2),
            PluginRef.of("InterPodAffinity", 2),
            PluginRef.of("NodeResourcesBalancedAllocation", 1),
            PluginRef.of("ImageLocality", 1));
  }

  // ---- merge semantics

  @Test
  void merge_disableAllInMultiPoint_keepsOnlyUserPlugins() {
    Decoded d =
        decode(
            """
            profiles:
            - plugins:
                multiPoint:
                  enabled:
                  - name: PrioritySort
                  - name: DefaultBinder
                  - name: NodeName
                  disabled:
                  - name: "*"
            """);

    Plugins plugins = profile(d.configuration(), 0).plugins();
    assertThat(plugins.multiPoint())
        .isEqualTo(
            new PluginSet(
                List.of(
                    PluginRef.of("PrioritySort"),
                    PluginRef.of("DefaultBinder"),
                    PluginRef.of("NodeName")),
                List.of(PluginRef.of("*"))));
    assertThat(profile(d.configuration(), 0).pluginConfig()).isEmpty();
    Framework f = ConfigFixtures.build(profile(d.configuration(), 0), registry);
    assertThat(f.pluginNames(FILTER)).containsExactly("NodeName");
    assertThat(f.pluginNames(SCORE)).isEmpty();
  }

  @Test
  void merge_userEntryReplacesDefaultInPlace_itsWeightWins() {
    Decoded d =
        decode(
            """
            profiles:
            - plugins:
                multiPoint:
                  enabled:
                  - name: CustomFirst
                  - name: TaintToleration
                    weight: 7
                  - name: ImageLocality
            """);
    registry.register(
        "CustomFirst", (a, h) -> ConfigFixtures.fake("CustomFirst", FilterPlugin.class));

    List<PluginRef> enabled = profile(d.configuration(), 0).plugins().multiPoint().enabled();
    List<PluginRef> expected = new ArrayList<>(inScopeDefaults());
    expected.set(4, PluginRef.of("TaintToleration", 7));
    expected.set(expected.indexOf(PluginRef.of("ImageLocality", 1)), PluginRef.of("ImageLocality"));
    expected.add(PluginRef.of("CustomFirst"));
    assertThat(enabled).containsExactlyElementsOf(expected);

    Framework f = ConfigFixtures.build(profile(d.configuration(), 0), registry);
    assertThat(f.scoreWeights())
        .containsEntry("TaintToleration", 7L)
        .containsEntry("ImageLocality", 1L);
    assertThat(f.pluginNames(FILTER)).endsWith("InterPodAffinity", "CustomFirst");
  }

  @Test
  void merge_perPointAdditionsAndDisables() {
    registry.register(
        "MyScore",
        (a, h) -> ConfigFixtures.fake("MyScore", PreScorePlugin.class, ScorePlugin.class));
    Decoded d =
        decode(
            """
            profiles:
            - plugins:
                score:
                  enabled:
                  - name: MyScore
                    weight: 4
                  - name: ImageLocality
                    weight: 9
                filter:
                  disabled:
                  - name: NodePorts
                preScore:
                  disabled:
                  - name: "*"
            """);

    Plugins plugins = profile(d.configuration(), 0).plugins();
    assertThat(plugins.multiPoint().enabled()).containsExactlyElementsOf(inScopeDefaults());
    assertThat(plugins.get(SCORE))
        .isEqualTo(
            new PluginSet(
                List.of(PluginRef.of("MyScore", 4), PluginRef.of("ImageLocality", 9)), List.of()));
    assertThat(plugins.get(FILTER))
        .isEqualTo(new PluginSet(List.of(), List.of(PluginRef.of("NodePorts"))));
    assertThat(plugins.points()).containsOnlyKeys(SCORE, FILTER, PRE_SCORE);

    Framework f = ConfigFixtures.build(profile(d.configuration(), 0), registry);
    assertThat(f.pluginNames(FILTER)).doesNotContain("NodePorts");
    assertThat(f.pluginNames(PRE_FILTER)).contains("NodePorts");
    assertThat(f.pluginNames(PRE_SCORE)).isEmpty();
    // Overrides first (score's order), then multiPoint-only plugins, then the rest of score.
    assertThat(f.scoreWeights())
        .containsExactly(
            Map.entry("ImageLocality", 9L),
            Map.entry("TaintToleration", 3L),
            Map.entry("NodeAffinity", 2L),
            Map.entry("NodeResourcesFit", 1L),
            Map.entry("PodTopologySpread", 2L),
            Map.entry("InterPodAffinity", 2L),
            Map.entry("NodeResourcesBalancedAllocation", 1L),
            Map.entry("MyScore", 4L));
  }

  @Test
  void mergeSet_upstreamSemantics() {
    PluginSet defaults =
        new PluginSet(
            List.of(PluginRef.of("A"), PluginRef.of("B", 2), PluginRef.of("C")),
            List.of(PluginRef.of("D")));
    PluginSet custom =
        new PluginSet(
            List.of(PluginRef.of("E"), PluginRef.of("B", 5), PluginRef.of("A")),
            List.of(PluginRef.of("C", 3)));

    assertThat(SchedulerConfigurationDecoder.mergeSet(defaults, custom))
        .isEqualTo(
            new PluginSet(
                List.of(PluginRef.of("A"), PluginRef.of("B", 5), PluginRef.of("E")),
                List.of(PluginRef.of("C"), PluginRef.of("D"))));
    assertThat(
            SchedulerConfigurationDecoder.mergeSet(
                defaults, new PluginSet(List.of(PluginRef.of("B")), List.of(PluginRef.of("*")))))
        .isEqualTo(
            new PluginSet(
                List.of(PluginRef.of("B")), List.of(PluginRef.of("*"), PluginRef.of("D"))));
  }

  // ---- args

  @Test
  void args_userArgsMergedOverDefaults_defaultsAppendedInNameOrder() {
    Decoded d =
        decode(
            """
            profiles:
            - pluginConfig:
              - name: PodTopologySpread
                args:
                  defaultingType: List
              - name: NodeResourcesFit
                args:
                  ignoredResources: [example.com/foo]
                  scoringStrategy:
                    type: RequestedToCapacityRatio
                    requestedToCapacityRatio:
                      shape:
                      - {utilization: 0, score: 10}
                      - {utilization: 100, score: 0}
              - name: UnknownPlugin
                args:
                  anything: [1, two]
            """);

    List<PluginConfig> configs = profile(d.configuration(), 0).pluginConfig();
    assertThat(configs)
        .extracting(PluginConfig::name)
        .containsExactly(
            "PodTopologySpread",
            "NodeResourcesFit",
            "UnknownPlugin",
            "DefaultPreemption",
            "InterPodAffinity",
            "NodeAffinity",
            "NodeResourcesBalancedAllocation");
    assertThat(configs.get(0).args()).isEqualTo(new SpreadArgs(List.of(), Defaulting.LIST));
    assertThat(configs.get(1).args())
        .isEqualTo(
            new FitArgs(
                List.of("example.com/foo"),
                List.of(),
                new Strategy(
                    StrategyType.RATIO,
                    Strategy.DEFAULT_RESOURCES,
                    new ConfigFixtures.Shape(
                        List.of(
                            new ConfigFixtures.Point(0, 10), new ConfigFixtures.Point(100, 0))))));
    assertThat(configs.get(2).args()).isEqualTo(new RawArgs(Map.of("anything", List.of(1, "two"))));
  }

  @Test
  void args_emptyOrMissingArgsAreDefaults() {
    Decoded d =
        decode(
            """
            profiles:
            - pluginConfig:
              - name: DefaultPreemption
              - name: NodeResourcesBalancedAllocation
                args: {}
              - name: InterPodAffinity
                args:
                  ignorePreferredTermsOfExistingPods: true
            """);

    List<PluginConfig> configs = profile(d.configuration(), 0).pluginConfig();
    assertThat(configs.subList(0, 3))
        .containsExactly(
            new PluginConfig("DefaultPreemption", new PreemptionArgs(10, 100)),
            new PluginConfig("NodeResourcesBalancedAllocation", BalancedArgs.defaults()),
            new PluginConfig("InterPodAffinity", new InterPodArgs(1, true)));
  }

  // ---- out of scope

  @Test
  void outOfScope_userNamedPluginsRemovedWithOneWarningPerProfile() {
    Decoded d =
        decode(
            """
            profiles:
            - schedulerName: a
              plugins:
                filter:
                  enabled:
                  - name: VolumeBinding
                  - name: VolumeZone
                preBind:
                  enabled:
                  - name: VolumeBinding
              pluginConfig:
              - name: VolumeBinding
                args:
                  bindTimeoutSeconds: 300
            - schedulerName: b
              plugins:
                multiPoint:
                  disabled:
                  - name: DynamicResources
            """);

    assertThat(d.warnings())
        .containsExactly(
            "sched.yaml: plugin VolumeBinding is not supported by schedkit and was removed from"
                + " profile a",
            "sched.yaml: plugin VolumeZone is not supported by schedkit and was removed from profile"
                + " a");
    Profile a = profile(d.configuration(), 0);
    assertThat(a.plugins().points()).isEmpty();
    assertThat(a.pluginConfig()).extracting(PluginConfig::name).doesNotContain("VolumeBinding");
    Profile b = profile(d.configuration(), 1);
    assertThat(b.plugins().multiPoint()).isEqualTo(new PluginSet(inScopeDefaults(), List.of()));
    assertThat(ConfigFixtures.build(a, registry).pluginNames(FILTER)).contains("NodeName");
  }

  // ---- a realistic configuration

  @Test
  void decode_realisticTwoProfilesAndExtender() {
    registry.register(
        "CapacityScore", (a, h) -> ConfigFixtures.fake("CapacityScore", ScorePlugin.class));

    Decoded d =
        decoder.decode(resource("sched-two-profiles.yaml"), "sched-two-profiles.yaml", registry);

    List<PluginRef> batchMultiPoint = new ArrayList<>(inScopeDefaults());
    batchMultiPoint.remove(PluginRef.of("ImageLocality", 1));
    batchMultiPoint.add(PluginRef.of("CapacityScore", 5));
    Map<String, Object> capacityArgs = new LinkedHashMap<>();
    capacityArgs.put("mode", "aggressive");
    capacityArgs.put("thresholds", List.of(50, 80));
    SchedulerConfiguration expected =
        new SchedulerConfiguration(
            8,
            50,
            2,
            20,
            List.of(
                new Profile(
                    "default-scheduler",
                    null,
                    new Plugins(new PluginSet(inScopeDefaults(), List.of()), Map.of()),
                    List.of(
                        new PluginConfig(
                            "NodeResourcesFit",
                            new FitArgs(
                                List.of(),
                                List.of(),
                                new Strategy(
                                    StrategyType.MOST,
                                    List.of(
                                        new Resource("cpu", 1), new Resource("nvidia.com/gpu", 5)),
                                    null))),
                        new PluginConfig(
                            "PodTopologySpread",
                            new SpreadArgs(
                                List.of(
                                    TopologySpreadConstraint.builder()
                                        .maxSkew(1)
                                        .topologyKey("topology.kubernetes.io/zone")
                                        .whenUnsatisfiable(
                                            UnsatisfiableConstraintAction.SCHEDULE_ANYWAY)
                                        .build()),
                                Defaulting.LIST)),
                        new PluginConfig("DefaultPreemption", new PreemptionArgs(10, 100)),
                        new PluginConfig("InterPodAffinity", new InterPodArgs(1, false)),
                        new PluginConfig("NodeAffinity", new ConfigFixtures.AffinityArgs(null)),
                        new PluginConfig(
                            "NodeResourcesBalancedAllocation", BalancedArgs.defaults()))),
                new Profile(
                    "batch-scheduler",
                    100,
                    new Plugins(
                        new PluginSet(batchMultiPoint, List.of(PluginRef.of("ImageLocality"))),
                        Map.of(
                            SCORE,
                            new PluginSet(
                                List.of(PluginRef.of("NodeResourcesFit", 3)),
                                List.of(PluginRef.of("NodeResourcesBalancedAllocation"))))),
                    List.of(
                        new PluginConfig("InterPodAffinity", new InterPodArgs(0, false)),
                        new PluginConfig("CapacityScore", new RawArgs(capacityArgs)),
                        new PluginConfig("DefaultPreemption", new PreemptionArgs(10, 100)),
                        new PluginConfig("NodeAffinity", new ConfigFixtures.AffinityArgs(null)),
                        new PluginConfig(
                            "NodeResourcesBalancedAllocation", BalancedArgs.defaults()),
                        new PluginConfig("NodeResourcesFit", FitArgs.defaults()),
                        new PluginConfig("PodTopologySpread", SpreadArgs.defaults())))),
            List.of(
                new ExtenderConfig(
                    "http://127.0.0.1:8888/scheduler",
                    "filter",
                    "",
                    "prioritize",
                    2,
                    "bind",
                    false,
                    new TlsConfig(true, "", "", "", "", "-----BEGIN CERTIFICATE-----", "", ""),
                    Duration.ofSeconds(90),
                    true,
                    List.of(new ManagedResource("example.com/foo", true)),
                    true)),
            new LeaderElectionConfig(
                true,
                Duration.ofSeconds(30),
                Duration.ofSeconds(20),
                Duration.ofSeconds(4),
                "leases",
                "my-scheduler",
                "kube-system"),
            new io.schedkit.framework.config.ClientConnectionConfig(
                "/etc/kubernetes/scheduler.conf",
                "",
                "application/vnd.kubernetes.protobuf",
                100f,
                200));

    assertThat(d.configuration()).isEqualTo(expected);
    assertThat(d.warnings())
        .containsExactly(
            "sched-two-profiles.yaml: plugin VolumeBinding is not supported by schedkit and was"
                + " removed from profile batch-scheduler");

    Framework batch = ConfigFixtures.build(profile(d.configuration(), 1), registry);
    assertThat(batch.scoreWeights())
        .containsExactly(
            Map.entry("NodeResourcesFit", 3L),
            Map.entry("TaintToleration", 3L),
            Map.entry("NodeAffinity", 2L),
            Map.entry("PodTopologySpread", 2L),
            Map.entry("InterPodAffinity", 2L),
            Map.entry("CapacityScore", 5L));
    assertThat(batch.percentageOfNodesToScore()).isEqualTo(100);
    assertThat(ConfigFixtures.build(profile(d.configuration(), 0), registry).pluginNames(BIND))
        .containsExactly("DefaultBinder");
  }

  @Test
  void decode_path_namesTheFile(@TempDir java.nio.file.Path dir) throws java.io.IOException {
    java.nio.file.Path good = dir.resolve("good.yaml");
    java.nio.file.Files.writeString(good, HEADER + "parallelism: 3\n");
    java.nio.file.Path bad = dir.resolve("bad.yaml");
    java.nio.file.Files.writeString(bad, HEADER + "parallelism: 0\n");
    java.nio.file.Path missing = dir.resolve("missing.yaml");

    assertThat(decoder.decode(good, registry).configuration().parallelism()).isEqualTo(3);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> decoder.decode(bad, registry))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            bad + ": parallelism: Invalid value: 0: should be an integer value greater than zero");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> decoder.decode(missing, registry))
        .isInstanceOf(ConfigException.class)
        .hasMessage(missing + ": cannot read file: no such file");
  }

  @Test
  void decode_clientConnection_readsQpsBurstAndKubeconfig() {
    SchedulerConfiguration c =
        decode(
                "clientConnection:\n  kubeconfig: /etc/k/kubeconfig\n  qps: 200.5\n"
                    + "  burst: 300\n  contentType: application/json\n")
            .configuration();

    assertThat(c.clientConnection())
        .isEqualTo(
            new io.schedkit.framework.config.ClientConnectionConfig(
                "/etc/k/kubeconfig", "", "application/json", 200.5f, 300));
    assertThat(c.clientConnection().rateLimited()).isTrue();
  }

  @Test
  void decode_clientConnection_zeroMeansUpstreamDefaultsAndNegativeQpsIsUnlimited() {
    assertThat(
            decode("clientConnection:\n  qps: 0\n  burst: 0\n").configuration().clientConnection())
        .isEqualTo(io.schedkit.framework.config.ClientConnectionConfig.defaults());
    assertThat(decoder.defaults(registry).clientConnection())
        .isEqualTo(io.schedkit.framework.config.ClientConnectionConfig.defaults());
    assertThat(
            decode("clientConnection:\n  qps: -1\n")
                .configuration()
                .clientConnection()
                .rateLimited())
        .isFalse();
  }

  @Test
  void decode_clientConnection_negativeBurstAndTextQps_nameTheField() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> decode("clientConnection:\n  burst: -2\n"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("sched.yaml: clientConnection.burst: Invalid value: -2: must be non-negative");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> decode("clientConnection:\n  qps: fast\n"))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("sched.yaml: clientConnection.qps: ");
  }

  @Test
  void decode_json() {
    Decoded d =
        decoder.decode(
            """
            {"apiVersion": "kubescheduler.config.k8s.io/v1", "kind": "KubeSchedulerConfiguration",
             "parallelism": 4, "profiles": [{"schedulerName": "only", "pluginConfig": [
               {"name": "InterPodAffinity", "args": {"hardPodAffinityWeight": 10}}]}]}
            """,
            "sched.json",
            registry);

    assertThat(d.configuration().parallelism()).isEqualTo(4);
    assertThat(profile(d.configuration(), 0).schedulerName()).isEqualTo("only");
    assertThat(profile(d.configuration(), 0).pluginConfig("InterPodAffinity"))
        .contains(new PluginConfig("InterPodAffinity", new InterPodArgs(10, false)));
  }

  private static String resource(String name) {
    try (java.io.InputStream in =
        SchedulerConfigurationDecoderTest.class.getResourceAsStream("/config/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource " + name);
      }
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
