package io.schedkit.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.core.config.ConfigException;
import io.schedkit.core.config.SchedulerConfigurationDecoder;
import io.schedkit.framework.Plugin;
import io.schedkit.framework.Registry;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.model.NodeAffinity;
import io.schedkit.framework.model.NodeSelector;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.NodeSelectorTerm;
import io.schedkit.framework.model.TopologySpreadConstraint;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import io.schedkit.plugins.interpodaffinity.InterPodAffinityArgs;
import io.schedkit.plugins.nodeaffinity.NodeAffinityArgs;
import io.schedkit.plugins.noderesources.NodeResourcesBalancedAllocationArgs;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs.RequestedToCapacityRatioParam;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs.ScoringStrategy;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs.ScoringStrategyType;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs.UtilizationShapePoint;
import io.schedkit.plugins.noderesources.ResourceSpec;
import io.schedkit.plugins.podtopologyspread.PodTopologySpreadArgs;
import io.schedkit.plugins.podtopologyspread.PodTopologySpreadArgs.DefaultingType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The real args records decoded by core's configuration decoder: defaults, merging over them, and
 * validation messages under the pluginConfig path.
 */
final class ArgsDecodingTest {
  private static final String HEADER =
      "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n";

  private final SchedulerConfigurationDecoder decoder = new SchedulerConfigurationDecoder();

  private static Registry registry() {
    Registry r = new Registry();
    r.register(
        "NodeResourcesFit",
        NodeResourcesFitArgs.class,
        NodeResourcesFitArgs::defaults,
        (a, h) -> plugin("NodeResourcesFit"));
    r.register(
        "NodeResourcesBalancedAllocation",
        NodeResourcesBalancedAllocationArgs.class,
        NodeResourcesBalancedAllocationArgs::defaults,
        (a, h) -> plugin("NodeResourcesBalancedAllocation"));
    r.register(
        "InterPodAffinity",
        InterPodAffinityArgs.class,
        InterPodAffinityArgs::defaults,
        (a, h) -> plugin("InterPodAffinity"));
    r.register(
        "PodTopologySpread",
        PodTopologySpreadArgs.class,
        PodTopologySpreadArgs::defaults,
        (a, h) -> plugin("PodTopologySpread"));
    r.register(
        "NodeAffinity",
        NodeAffinityArgs.class,
        NodeAffinityArgs::defaults,
        (a, h) -> plugin("NodeAffinity"));
    return r;
  }

  private static Plugin plugin(String name) {
    return () -> name;
  }

  @Test
  void decode_realArgsRecords() {
    Profile p =
        decoder
            .decode(
                HEADER
                    + """
                    profiles:
                    - pluginConfig:
                      - name: NodeResourcesFit
                        args:
                          ignoredResourceGroups: [example.com]
                          scoringStrategy:
                            type: RequestedToCapacityRatio
                            resources: [{name: nvidia.com/gpu, weight: 2}, {name: cpu}]
                            requestedToCapacityRatio:
                              shape: [{utilization: 0, score: 0}, {utilization: 100, score: 10}]
                      - name: PodTopologySpread
                        args:
                          defaultingType: List
                          defaultConstraints:
                          - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}
                      - name: NodeAffinity
                        args:
                          addedAffinity:
                            requiredDuringSchedulingIgnoredDuringExecution:
                              nodeSelectorTerms:
                              - matchExpressions: [{key: pool, operator: In, values: [a]}]
                    """,
                "sched.yaml",
                registry())
            .configuration()
            .profiles()
            .get(0);

    assertThat(p.pluginConfig("NodeResourcesFit").orElseThrow().args())
        .isEqualTo(
            new NodeResourcesFitArgs(
                List.of(),
                List.of("example.com"),
                new ScoringStrategy(
                    ScoringStrategyType.REQUESTED_TO_CAPACITY_RATIO,
                    List.of(new ResourceSpec("nvidia.com/gpu", 2), new ResourceSpec("cpu", 1)),
                    new RequestedToCapacityRatioParam(
                        List.of(
                            new UtilizationShapePoint(0, 0),
                            new UtilizationShapePoint(100, 10))))));
    assertThat(p.pluginConfig("PodTopologySpread").orElseThrow().args())
        .isEqualTo(
            new PodTopologySpreadArgs(
                List.of(
                    TopologySpreadConstraint.builder()
                        .maxSkew(1)
                        .topologyKey("zone")
                        .whenUnsatisfiable(UnsatisfiableConstraintAction.DO_NOT_SCHEDULE)
                        .build()),
                DefaultingType.LIST));
    assertThat(p.pluginConfig("NodeAffinity").orElseThrow().args())
        .isEqualTo(
            new NodeAffinityArgs(
                NodeAffinity.builder()
                    .required(
                        NodeSelector.of(
                            NodeSelectorTerm.builder()
                                .matchExpression(NodeSelectorRequirement.in("pool", "a"))
                                .build()))
                    .build()));
  }

  @Test
  void decode_validatesRealArgs() {
    assertThatThrownBy(
            () ->
                decoder.decode(
                    HEADER
                        + """
                        profiles:
                        - pluginConfig:
                          - name: InterPodAffinity
                            args: {hardPodAffinityWeight: 101}
                          - name: PodTopologySpread
                            args:
                              defaultConstraints:
                              - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}
                          - name: NodeResourcesBalancedAllocation
                            args:
                              resources: [{name: cpu, weight: 2}]
                        """,
                    "sched.yaml",
                    registry()))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "sched.yaml: [profiles[0].pluginConfig[0].args.hardPodAffinityWeight: Invalid value:"
                + " 101: not in valid range [0, 100],"
                + " profiles[0].pluginConfig[1].args.defaultingType: Invalid value: \"System\":"
                + " when .defaultConstraints are not empty,"
                + " profiles[0].pluginConfig[2].args.resources[0].weight: Invalid value: 2: must be"
                + " 1]");
  }

  @Test
  void defaults_realArgsRecords() {
    var configs = decoder.defaults(registry()).profiles().get(0).pluginConfig();

    assertThat(configs)
        .extracting(c -> c.args())
        .containsExactly(
            InterPodAffinityArgs.defaults(),
            NodeAffinityArgs.defaults(),
            NodeResourcesBalancedAllocationArgs.defaults(),
            NodeResourcesFitArgs.defaults(),
            PodTopologySpreadArgs.defaults());
  }
}
