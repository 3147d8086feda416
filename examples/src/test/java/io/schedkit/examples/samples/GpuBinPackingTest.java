package io.schedkit.examples.samples;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.config.ConfigException;
import io.schedkit.core.config.SchedulerConfigurationDecoder;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Registry;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The GPU bin-packing Score plugin: its scores, and its effect through a real scheduler. */
final class GpuBinPackingTest {
  private static final String GPU = "nvidia.com/gpu";

  private static Node gpuNode(String name) {
    return makeNode()
        .name(name)
        .capacity(Map.of("cpu", "32", "memory", "128Gi", "pods", "110", GPU, "4"))
        .obj();
  }

  private static Node cpuNode(String name) {
    return makeNode()
        .name(name)
        .capacity(Map.of("cpu", "16", "memory", "64Gi", "pods", "110"))
        .obj();
  }

  private static Pod gpuPod(String name, int gpus) {
    return makePod()
        .name(name)
        .uid(name)
        .req(Map.of("cpu", "2", GPU, Integer.toString(gpus)))
        .obj();
  }

  private static Pod cpuPod(String name) {
    return makePod().name(name).uid(name).req(Map.of("cpu", "2")).obj();
  }

  static Stream<Arguments> scores() {
    return Stream.of(
        Arguments.of("GPU pod, empty GPU node", gpuPod("p", 1), NodeInfo.of(gpuNode("g")), 25),
        Arguments.of(
            "GPU pod, GPU node half used",
            gpuPod("p", 1),
            NodeInfo.of(gpuNode("g"), PodInfo.of(gpuPod("r", 2))),
            75),
        Arguments.of(
            "GPU pod filling the node",
            gpuPod("p", 2),
            NodeInfo.of(gpuNode("g"), PodInfo.of(gpuPod("r", 2))),
            100),
        Arguments.of("GPU pod, CPU node", gpuPod("p", 1), NodeInfo.of(cpuNode("c")), 0),
        Arguments.of("CPU pod, GPU node", cpuPod("p"), NodeInfo.of(gpuNode("g")), 0),
        Arguments.of("CPU pod, CPU node", cpuPod("p"), NodeInfo.of(cpuNode("c")), 100));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scores")
  void score_packsGpuPodsAndKeepsCpuPodsOffGpuNodes(
      String name, Pod pod, NodeInfo node, long expected) {
    GpuBinPacking plugin = new GpuBinPacking(GpuBinPackingArgs.defaults(), null);
    assertThat(plugin.score(null, PodInfo.of(pod), node)).isEqualTo(expected);
  }

  private static SchedulerConfiguration config(Registry registry, String plugins) {
    return new SchedulerConfigurationDecoder()
        .decode(
            """
            apiVersion: kubescheduler.config.k8s.io/v1
            kind: KubeSchedulerConfiguration
            profiles:
            - schedulerName: default-scheduler
            """
                + plugins,
            "test config",
            registry)
        .configuration();
  }

  /** Where the GPU pod and the CPU pod go, with or without the plugin. */
  private static Map<String, String> schedule(Registry registry, SchedulerConfiguration config) {
    VirtualClock clock = new VirtualClock();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    cluster.create(gpuNode("gpu-1"));
    cluster.create(gpuNode("gpu-2"));
    cluster.create(cpuNode("cpu-1"));
    // gpu-2 already runs a training pod with 2 of its 4 GPUs, and much of its cpu.
    cluster.create(
        makePod()
            .name("running")
            .uid("running")
            .node("gpu-2")
            .req(Map.of("cpu", "20", GPU, "2"))
            .obj());
    // cpu-1 runs a batch pod, so without the plugin an empty GPU node is the roomiest for "web".
    cluster.create(
        makePod().name("batch").uid("batch").node("cpu-1").req(Map.of("cpu", "4")).obj());
    cluster.create(gpuPod("trainer", 1));
    cluster.create(cpuPod("web"));
    try (Scheduler scheduler =
        Scheduler.builder()
            .cluster(cluster)
            .clock(clock)
            .registry(registry)
            .configuration(config)
            .parallelism(1)
            .seed(1)
            .build()) {
      scheduler.runUntilIdle();
    }
    return Map.of(
        "trainer", cluster.pod("default", "trainer").orElseThrow().nodeName(),
        "web", cluster.pod("default", "web").orElseThrow().nodeName());
  }

  @Test
  void scheduler_withThePlugin_packsGpusAndKeepsGpuNodesForGpuPods() {
    Registry registry = Registry.discover().register(GpuBinPacking.class);

    Map<String, String> defaults = schedule(registry, config(registry, ""));
    Map<String, String> packed =
        schedule(
            registry,
            config(
                registry,
                """
                  plugins:
                    multiPoint:
                      enabled:
                      - name: GpuBinPacking
                        weight: 5
                """));

    // The default LeastAllocated spreading picks the emptiest nodes, a GPU node for the CPU pod.
    assertThat(defaults).containsEntry("trainer", "gpu-1").containsEntry("web", "gpu-1");
    assertThat(packed).containsEntry("trainer", "gpu-2").containsEntry("web", "cpu-1");
  }

  @Test
  void args_areDecodedAndValidated() {
    Registry registry = Registry.discover().register(GpuBinPacking.class);
    String withArgs =
        """
          plugins:
            multiPoint:
              enabled:
              - name: GpuBinPacking
          pluginConfig:
          - name: GpuBinPacking
            args:
              resource: %s
        """;

    assertThat(config(registry, withArgs.formatted("amd.com/gpu")).profiles()).hasSize(1);
    assertThatThrownBy(() -> config(registry, withArgs.formatted("cpu")))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "test config: profiles[0].pluginConfig[0].args.resource: Invalid value: \"cpu\": must"
                + " be an extended resource name, such as nvidia.com/gpu");
  }
}
