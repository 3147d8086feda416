package io.schedkit.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.Registry;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every validation rule of upstream's validation.go, with its exact message. */
final class ConfigValidationTest {
  private static final String HEADER =
      "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n";

  private final SchedulerConfigurationDecoder decoder = new SchedulerConfigurationDecoder();
  private final Registry registry = ConfigFixtures.defaultRegistry();

  static Stream<Arguments> invalid() {
    return Stream.of(
        arguments(
            "parallelism",
            HEADER + "parallelism: 0\n",
            "sched.yaml: parallelism: Invalid value: 0: should be an integer value greater than"
                + " zero"),
        arguments(
            "global percentage",
            HEADER + "percentageOfNodesToScore: 101\n",
            "sched.yaml: percentageOfNodesToScore: Invalid value: 101: not in valid range [0-100]"),
        arguments(
            "profile percentage",
            HEADER + "profiles:\n- schedulerName: a\n  percentageOfNodesToScore: -1\n",
            "sched.yaml: profiles[0].percentageOfNodesToScore: Invalid value: -1: not in valid"
                + " range [0-100]"),
        arguments(
            "initial backoff",
            HEADER + "podInitialBackoffSeconds: 0\n",
            "sched.yaml: podInitialBackoffSeconds: Invalid value: 0: must be greater than 0"),
        arguments(
            "max backoff below initial",
            HEADER + "podInitialBackoffSeconds: 5\npodMaxBackoffSeconds: 2\n",
            "sched.yaml: podMaxBackoffSeconds: Invalid value: 2: must be greater than or equal to"
                + " PodInitialBackoffSeconds"),
        arguments(
            "scheduler name required with several profiles",
            HEADER + "profiles:\n- schedulerName: a\n- percentageOfNodesToScore: 10\n",
            "sched.yaml: profiles[1].schedulerName: Required value"),
        arguments(
            "duplicate scheduler name",
            HEADER + "profiles:\n- schedulerName: a\n- schedulerName: b\n- schedulerName: a\n",
            "sched.yaml: profiles[2].schedulerName: Duplicate value: profiles[0].schedulerName"),
        arguments(
            "queue sort differs",
            HEADER
                + """
                profiles:
                - schedulerName: a
                - schedulerName: b
                  plugins:
                    queueSort:
                      enabled:
                      - name: CustomSort
                """,
            "sched.yaml: profiles[1].plugins.queueSort: Invalid value:"
                + " config.PluginSet{Enabled:[]config.Plugin{config.Plugin{Name:\"CustomSort\","
                + " Weight:0}}, Disabled:[]config.Plugin(nil)}: must be the same for all profiles"),
        arguments(
            "two queue sorts",
            HEADER
                + """
                profiles:
                - plugins:
                    queueSort:
                      enabled:
                      - name: SortA
                      - name: SortB
                """,
            "sched.yaml: profiles[0].plugins.queueSort.Enabled: Invalid value: 2: only one queue"
                + " sort plugin can be enabled"),
        arguments(
            "repeated plugin config",
            HEADER
                + """
                profiles:
                - pluginConfig:
                  - name: InterPodAffinity
                  - name: InterPodAffinity
                """,
            "sched.yaml: profiles[0].pluginConfig[1]: Duplicate value: \"InterPodAffinity\""),
        arguments(
            "args validation",
            HEADER
                + """
                profiles:
                - pluginConfig:
                  - name: InterPodAffinity
                    args:
                      hardPodAffinityWeight: 101
                """,
            "sched.yaml: profiles[0].pluginConfig[0].args.hardPodAffinityWeight: Invalid value:"
                + " 101: not in valid range [0, 100]"),
        arguments(
            "plugin removed from v1 enabled",
            HEADER
                + """
                profiles:
                - plugins:
                    filter:
                      enabled:
                      - name: NodeName
                      - name: EBSLimits
                """,
            "sched.yaml: profiles[0].plugins.filter.enabled[1]: Invalid value: \"EBSLimits\": was"
                + " invalid in version \"kubescheduler.config.k8s.io/v1\" (KubeSchedulerConfiguration"
                + " is version \"kubescheduler.config.k8s.io/v1\")"),
        arguments(
            "plugin removed from v1 configured",
            HEADER + "profiles:\n- pluginConfig:\n  - name: GCEPDLimits\n",
            "sched.yaml: profiles[0].pluginConfig[0]: Invalid value: \"GCEPDLimits\": was invalid"
                + " in version \"kubescheduler.config.k8s.io/v1\" (KubeSchedulerConfiguration is"
                + " version \"kubescheduler.config.k8s.io/v1\")"),
        arguments(
            "extender weight",
            HEADER + "extenders:\n- urlPrefix: http://x\n  prioritizeVerb: prioritize\n",
            "sched.yaml: extenders[0].weight: Invalid value: 0: must have a positive weight applied"
                + " to it"),
        arguments(
            "two binders",
            HEADER
                + "extenders:\n- urlPrefix: http://a\n  bindVerb: bind\n- urlPrefix: http://b\n"
                + "  bindVerb: bind\n",
            "sched.yaml: extenders: Invalid value: \"found 2 extenders implementing bind\": only"
                + " one extender can implement bind"),
        arguments(
            "managed resources",
            HEADER
                + """
                extenders:
                - urlPrefix: http://a
                  managedResources:
                  - name: example.com/foo
                  - name: cpu
                  - name: example.com/foo
                  - name: a/b/c
                """,
            "sched.yaml: [extenders[0].managedResources[1].name: Invalid value: \"cpu\": is an"
                + " invalid extended resource name, extenders[0].managedResources[2].name: Invalid"
                + " value: \"example.com/foo\": duplicate extender managed resource name,"
                + " extenders[0].managedResources[3].name: Invalid value: a/b/c: a qualified name"
                + " must consist of alphanumeric characters, '-', '_' or '.', and must start and"
                + " end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or"
                + " '123-abc', regex used for validation is"
                + " '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain"
                + " prefix and '/' (e.g. 'example.com/MyName')]"),
        arguments(
            "leader election durations and lock",
            HEADER
                + """
                leaderElection:
                  leaseDuration: 10s
                  renewDeadline: 10s
                  retryPeriod: -1s
                  resourceLock: endpoints
                """,
            "sched.yaml: [leaderElection.retryPeriod: Invalid value: -1s: must be greater than"
                + " zero, leaderElection.leaseDuration: Invalid value: 10s: LeaseDuration must be"
                + " greater than RenewDeadline, leaderElection.resourceLock: Invalid value:"
                + " \"endpoints\": resourceLock value must be \"leases\"]"),
        arguments(
            "aggregate in upstream order, duplicates once",
            HEADER
                + """
                parallelism: -1
                percentageOfNodesToScore: 200
                profiles:
                - schedulerName: ""
                - schedulerName: ""
                """,
            "sched.yaml: [parallelism: Invalid value: -1: should be an integer value greater than"
                + " zero, profiles[0].schedulerName: Required value, profiles[1].schedulerName:"
                + " Required value, profiles[1].schedulerName: Duplicate value:"
                + " profiles[0].schedulerName, percentageOfNodesToScore: Invalid value: 200: not in"
                + " valid range [0-100]]"),
        arguments(
            "wrong apiVersion",
            "apiVersion: kubescheduler.config.k8s.io/v1beta3\nkind: KubeSchedulerConfiguration\n",
            "sched.yaml: apiVersion: Unsupported value: \"kubescheduler.config.k8s.io/v1beta3\":"
                + " supported values: \"kubescheduler.config.k8s.io/v1\""),
        arguments(
            "wrong kind, no apiVersion",
            "kind: Pod\n",
            "sched.yaml: [apiVersion: Required value, kind: Unsupported value: \"Pod\": supported"
                + " values: \"KubeSchedulerConfiguration\"]"),
        arguments(
            "malformed YAML",
            HEADER + "profiles: [\n",
            "sched.yaml: line 4, column 1: while parsing a flow node: expected the node content,"
                + " but found '<stream end>'"),
        arguments(
            "wrong field type",
            HEADER + "profiles:\n- percentageOfNodesToScore: half\n",
            "sched.yaml: profiles[0].percentageOfNodesToScore: expected a 32-bit integer, got"
                + " string \"half\""),
        arguments(
            "args of the wrong type",
            HEADER
                + """
                profiles:
                - pluginConfig:
                  - name: NodeResourcesFit
                    args:
                      scoringStrategy:
                        type: Fastest
                """,
            "sched.yaml: profiles[0].pluginConfig[0].args.scoringStrategy.type: Unsupported value:"
                + " \"Fastest\": supported values: \"LeastAllocated\", \"MostAllocated\","
                + " \"RequestedToCapacityRatio\""),
        arguments(
            "bad extender timeout",
            HEADER + "extenders:\n- urlPrefix: http://a\n  httpTimeout: 5\n",
            "sched.yaml: extenders[0].httpTimeout: expected a string, got number 5"),
        arguments(
            "two documents",
            HEADER + "---\n" + HEADER,
            "sched.yaml: expected one KubeSchedulerConfiguration, found 2 documents"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  void decode_rejectsWithUpstreamMessage(String name, String yaml, String message) {
    assertThatThrownBy(() -> decoder.decode(yaml, "sched.yaml", registry))
        .isInstanceOf(ConfigException.class)
        .hasMessage(message)
        .extracting(e -> ((ConfigException) e).source())
        .isEqualTo("sched.yaml");
  }

  @Test
  void exception_listsErrorsIndividually() {
    ConfigException e =
        (ConfigException)
            org.assertj.core.api.Assertions.catchThrowable(
                () ->
                    decoder.decode(
                        HEADER + "parallelism: 0\npodInitialBackoffSeconds: 0\n",
                        "sched.yaml",
                        registry));

    assertThat(e.errors())
        .containsExactly(
            "parallelism: Invalid value: 0: should be an integer value greater than zero",
            "podInitialBackoffSeconds: Invalid value: 0: must be greater than 0");
  }

  @Test
  void decode_leaderElectionOffSkipsItsChecks() {
    var c =
        decoder
            .decode(
                HEADER + "leaderElection:\n  leaderElect: false\n  resourceLock: endpoints\n",
                "sched.yaml",
                registry)
            .configuration();

    assertThat(c.leaderElection().leaderElect()).isFalse();
    assertThat(c.leaderElection().resourceLock()).isEqualTo("endpoints");
  }

  @Test
  void goPluginSet_printsLikeGo() {
    assertThat(
            ConfigValidation.goPluginSet(
                new PluginSet(
                    List.of(PluginRef.of("A"), PluginRef.of("B", 2)), List.of(PluginRef.of("*")))))
        .isEqualTo(
            "config.PluginSet{Enabled:[]config.Plugin{config.Plugin{Name:\"A\", Weight:0},"
                + " config.Plugin{Name:\"B\", Weight:2}}, Disabled:[]config.Plugin{"
                + "config.Plugin{Name:\"*\", Weight:0}}}");
  }
}
