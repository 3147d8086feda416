package io.schedkit.plugins.noderesources;

import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.EXTENDED_A;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.EXTENDED_B;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.HUGE_PAGE_A;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.KUBERNETES_IO_A;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.KUBERNETES_IO_B;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.allocatableNode;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.resourcePod;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.withInit;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.withOverhead;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.withPodLevel;
import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.Code;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.ResourceList;
import io.schedkit.plugins.noderesources.NodeResourcesFixtures.Res;
import io.schedkit.testing.Wrappers;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * NodeResourcesFit's PreFilter and Filter: upstream's {@code TestEnoughRequests}, {@code
 * TestNotEnoughRequests}, {@code TestStorageRequests}, {@code TestRestartableInitContainers} and
 * {@code TestPreFilterDisabled} (fit_test.go, v1.35: a request above the node's allocatable on its
 * own is UnschedulableAndUnresolvable, PR #131345; SidecarContainers and PodLevelResources are on).
 */
final class NodeResourcesFitFilterTest {
  private static final String CPU = "Insufficient cpu";
  private static final String MEMORY = "Insufficient memory";

  private static String reason(String resource) {
    return "Insufficient " + resource;
  }

  private static InsufficientResource ir(String name, long req, long used, long cap) {
    return new InsufficientResource(name, reason(name), req, used, cap, false);
  }

  private static InsufficientResource unresolvable(String name, long req, long used, long cap) {
    return new InsufficientResource(name, reason(name), req, used, cap, true);
  }

  private static Status unschedulable(String... reasons) {
    return Status.unschedulable(reasons);
  }

  private static Status unresolvableStatus(String... reasons) {
    return Status.unresolvable(reasons);
  }

  private static NodeResourcesFitArgs ignoring(List<String> resources, List<String> groups) {
    return new NodeResourcesFitArgs(resources, groups, null);
  }

  private static Arguments fit(String name, Pod pod, Res existing) {
    return arguments(
        name, pod, existing, NodeResourcesFitArgs.defaults(), Status.success(), List.of());
  }

  private static Arguments fails(
      String name, Pod pod, Res existing, Status want, InsufficientResource... insufficient) {
    return arguments(
        name, pod, existing, NodeResourcesFitArgs.defaults(), want, List.of(insufficient));
  }

  static Stream<Arguments> enoughRequests() {
    Res cpuMem1 = Res.of(1, 1);
    return Stream.of(
        fit("no resources requested always fits", Pod.builder().build(), Res.of(10, 20)),
        fails(
            "too many resources fails",
            resourcePod(cpuMem1),
            Res.of(10, 20),
            unschedulable(CPU, MEMORY),
            ir("cpu", 1, 10, 10),
            ir("memory", 1, 20, 20)),
        fails(
            "too many resources fails due to init container cpu",
            withInit(resourcePod(cpuMem1), Res.of(3, 1)),
            Res.of(8, 19),
            unschedulable(CPU),
            ir("cpu", 3, 8, 10)),
        fails(
            "too many resources fails due to highest init container cpu",
            withInit(resourcePod(cpuMem1), Res.of(3, 1), Res.of(2, 1)),
            Res.of(8, 19),
            unschedulable(CPU),
            ir("cpu", 3, 8, 10)),
        fails(
            "too many resources fails due to init container memory",
            withInit(resourcePod(cpuMem1), Res.of(1, 3)),
            Res.of(9, 19),
            unschedulable(MEMORY),
            ir("memory", 3, 19, 20)),
        fails(
            "too many resources fails due to highest init container memory",
            withInit(resourcePod(cpuMem1), Res.of(1, 3), Res.of(1, 2)),
            Res.of(9, 19),
            unschedulable(MEMORY),
            ir("memory", 3, 19, 20)),
        fit(
            "init container fits because it's the max, not sum, of containers and init containers",
            withInit(resourcePod(cpuMem1), Res.of(1, 1)),
            Res.of(9, 19)),
        fit(
            "multiple init containers fit because it's the max, not sum, of containers and init"
                + " containers",
            withInit(resourcePod(cpuMem1), Res.of(1, 1), Res.of(1, 1)),
            Res.of(9, 19)),
        fit("both resources fit", resourcePod(cpuMem1), Res.of(5, 5)),
        fails(
            "one resource memory fits",
            resourcePod(Res.of(2, 1)),
            Res.of(9, 5),
            unschedulable(CPU),
            ir("cpu", 2, 9, 10)),
        fails(
            "one resource cpu fits",
            resourcePod(Res.of(1, 2)),
            Res.of(5, 19),
            unschedulable(MEMORY),
            ir("memory", 2, 19, 20)),
        fit("equal edge case", resourcePod(Res.of(5, 1)), Res.of(5, 19)),
        fit(
            "equal edge case for init container",
            withInit(resourcePod(Res.of(4, 1)), Res.of(5, 1)),
            Res.of(5, 19)),
        fit("extended resource fits", resourcePod(Res.scalar(EXTENDED_A, 1)), Res.none()),
        fit(
            "extended resource fits for init container",
            withInit(resourcePod(Res.none()), Res.scalar(EXTENDED_A, 1)),
            Res.none()),
        fails(
            "extended resource capacity enforced",
            resourcePod(cpuMem1.with(EXTENDED_A, 10)),
            Res.scalar(EXTENDED_A, 0),
            unresolvableStatus(reason(EXTENDED_A)),
            unresolvable(EXTENDED_A, 10, 0, 5)),
        fails(
            "extended resource capacity enforced for init container",
            withInit(resourcePod(Res.none()), cpuMem1.with(EXTENDED_A, 10)),
            Res.scalar(EXTENDED_A, 0),
            unresolvableStatus(reason(EXTENDED_A)),
            unresolvable(EXTENDED_A, 10, 0, 5)),
        fails(
            "extended resource allocatable enforced",
            resourcePod(cpuMem1.with(EXTENDED_A, 1)),
            Res.scalar(EXTENDED_A, 5),
            unschedulable(reason(EXTENDED_A)),
            ir(EXTENDED_A, 1, 5, 5)),
        fails(
            "extended resource allocatable enforced for init container",
            withInit(resourcePod(Res.none()), cpuMem1.with(EXTENDED_A, 1)),
            Res.scalar(EXTENDED_A, 5),
            unschedulable(reason(EXTENDED_A)),
            ir(EXTENDED_A, 1, 5, 5)),
        fails(
            "extended resource allocatable enforced for multiple containers",
            resourcePod(cpuMem1.with(EXTENDED_A, 3), cpuMem1.with(EXTENDED_A, 3)),
            Res.scalar(EXTENDED_A, 2),
            unresolvableStatus(reason(EXTENDED_A)),
            unresolvable(EXTENDED_A, 6, 2, 5)),
        fit(
            "extended resource allocatable admits multiple init containers",
            withInit(
                resourcePod(Res.none()), cpuMem1.with(EXTENDED_A, 3), cpuMem1.with(EXTENDED_A, 3)),
            Res.scalar(EXTENDED_A, 2)),
        fails(
            "extended resource allocatable enforced for multiple init containers",
            withInit(
                resourcePod(Res.none()), cpuMem1.with(EXTENDED_A, 6), cpuMem1.with(EXTENDED_A, 3)),
            Res.scalar(EXTENDED_A, 2),
            unresolvableStatus(reason(EXTENDED_A)),
            unresolvable(EXTENDED_A, 6, 2, 5)),
        fails(
            "extended resource allocatable enforced for unknown resource",
            resourcePod(cpuMem1.with(EXTENDED_B, 1)),
            Res.none(),
            unresolvableStatus(reason(EXTENDED_B)),
            unresolvable(EXTENDED_B, 1, 0, 0)),
        fails(
            "extended resource allocatable enforced for unknown resource for init container",
            withInit(resourcePod(Res.none()), cpuMem1.with(EXTENDED_B, 1)),
            Res.none(),
            unresolvableStatus(reason(EXTENDED_B)),
            unresolvable(EXTENDED_B, 1, 0, 0)),
        fails(
            "kubernetes.io resource capacity enforced",
            resourcePod(cpuMem1.with(KUBERNETES_IO_A, 10)),
            Res.none(),
            unresolvableStatus(reason(KUBERNETES_IO_A)),
            unresolvable(KUBERNETES_IO_A, 10, 0, 0)),
        fails(
            "kubernetes.io resource capacity enforced for init container",
            withInit(resourcePod(Res.none()), cpuMem1.with(KUBERNETES_IO_B, 10)),
            Res.none(),
            unresolvableStatus(reason(KUBERNETES_IO_B)),
            unresolvable(KUBERNETES_IO_B, 10, 0, 0)),
        fails(
            "hugepages resource capacity enforced",
            resourcePod(cpuMem1.with(HUGE_PAGE_A, 10)),
            Res.scalar(HUGE_PAGE_A, 0),
            unresolvableStatus(reason(HUGE_PAGE_A)),
            unresolvable(HUGE_PAGE_A, 10, 0, 5)),
        fails(
            "hugepages resource capacity enforced for init container",
            withInit(resourcePod(Res.none()), cpuMem1.with(HUGE_PAGE_A, 10)),
            Res.scalar(HUGE_PAGE_A, 0),
            unresolvableStatus(reason(HUGE_PAGE_A)),
            unresolvable(HUGE_PAGE_A, 10, 0, 5)),
        fails(
            "hugepages resource allocatable enforced for multiple containers",
            resourcePod(cpuMem1.with(HUGE_PAGE_A, 3), cpuMem1.with(HUGE_PAGE_A, 3)),
            Res.scalar(HUGE_PAGE_A, 2),
            unresolvableStatus(reason(HUGE_PAGE_A)),
            unresolvable(HUGE_PAGE_A, 6, 2, 5)),
        arguments(
            "skip checking ignored extended resource",
            resourcePod(cpuMem1.with(EXTENDED_B, 1)),
            Res.none(),
            ignoring(List.of(EXTENDED_B), List.of()),
            Status.success(),
            List.of()),
        fit(
            "resources + pod overhead fits",
            withOverhead(resourcePod(cpuMem1), "3m", "13"),
            Res.of(5, 5)),
        fails(
            "requests + overhead does not fit for memory",
            withOverhead(resourcePod(cpuMem1), "1m", "15"),
            Res.of(5, 5),
            unschedulable(MEMORY),
            ir("memory", 16, 5, 20)),
        arguments(
            "skip checking ignored extended resource via resource groups",
            resourcePod(cpuMem1.with(EXTENDED_B, 1).with(KUBERNETES_IO_A, 1)),
            Res.none(),
            ignoring(List.of(), List.of("example.com")),
            unresolvableStatus(reason(KUBERNETES_IO_A)),
            List.of(unresolvable(KUBERNETES_IO_A, 1, 0, 0))),
        fit(
            "skip checking extended resource request with quantity zero via resource groups",
            resourcePod(cpuMem1.with(EXTENDED_A, 0)),
            Res.scalar(EXTENDED_A, 6)),
        fit(
            "skip checking resource request with quantity zero",
            resourcePod(Res.scalar(EXTENDED_A, 1)),
            Res.of(20, 30).with(EXTENDED_A, 1)),
        fit(
            "both pod-level and container-level resources fit",
            withPodLevel(resourcePod(cpuMem1), ResourceList.of("cpu", "1m", "memory", "2")),
            Res.of(5, 5)),
        fails(
            "pod-level cpu resource not fit",
            withPodLevel(resourcePod(cpuMem1), ResourceList.of("cpu", "7m", "memory", "2")),
            Res.of(5, 5),
            unschedulable(CPU),
            ir("cpu", 7, 5, 10)),
        fails(
            "pod-level memory resource not fit",
            withPodLevel(resourcePod(cpuMem1), ResourceList.of("cpu", "3m", "memory", "2")),
            Res.of(5, 19),
            unschedulable(MEMORY),
            ir("memory", 2, 19, 20)),
        arguments(
            "pod-level hugepages resource fit",
            withPodLevel(
                Pod.builder().build(),
                ResourceList.of("cpu", "3m", "memory", "2", HUGE_PAGE_A, "5")),
            null,
            NodeResourcesFitArgs.defaults(),
            Status.success(),
            List.of()),
        arguments(
            "both pod-level and container-level hugepages resource fit",
            withPodLevel(
                resourcePod(cpuMem1.with(HUGE_PAGE_A, 3)),
                ResourceList.of("cpu", "3m", "memory", "2", HUGE_PAGE_A, "5")),
            null,
            NodeResourcesFitArgs.defaults(),
            Status.success(),
            List.of()),
        arguments(
            "pod-level hugepages resource not fit",
            withPodLevel(
                Pod.builder().build(),
                ResourceList.of("cpu", "3m", "memory", "2", HUGE_PAGE_A, "10")),
            null,
            NodeResourcesFitArgs.defaults(),
            unresolvableStatus(reason(HUGE_PAGE_A)),
            List.of(unresolvable(HUGE_PAGE_A, 10, 0, 5))),
        fails(
            "one pod-level cpu resource fits and all init and non-init containers resources fit",
            withInit(
                withPodLevel(resourcePod(cpuMem1), ResourceList.of("cpu", "3m", "memory", "2")),
                cpuMem1),
            Res.of(5, 19),
            unschedulable(MEMORY),
            ir("memory", 2, 19, 20)),
        fails(
            "extended resource backed by DRA not enabled",
            resourcePod(cpuMem1.with("extended.resource.dra.io/something", 1)),
            Res.none(),
            unresolvableStatus(reason("extended.resource.dra.io/something")),
            unresolvable("extended.resource.dra.io/something", 1, 0, 0)),
        // schedkit: req <= allocatable < req + requested stays Unschedulable (preemption helps).
        fails(
            "schedkit: request equal to allocatable on a busy node is resolvable",
            resourcePod(Res.of(10, 20).with(EXTENDED_A, 5)),
            Res.of(1, 1).with(EXTENDED_A, 1),
            unschedulable(CPU, MEMORY, reason(EXTENDED_A)),
            ir("cpu", 10, 1, 10),
            ir("memory", 20, 1, 20),
            ir(EXTENDED_A, 5, 1, 5)),
        // schedkit: upstream reports scalar resources in map order; we sort them by name.
        fails(
            "schedkit: scalar reasons sorted by name after the core resources",
            resourcePod(Res.of(11, 1).withStorage(21).with(EXTENDED_B, 1).with(EXTENDED_A, 6)),
            Res.none(),
            unresolvableStatus(
                CPU, "Insufficient ephemeral-storage", reason(EXTENDED_A), reason(EXTENDED_B)),
            unresolvable("cpu", 11, 0, 10),
            unresolvable("ephemeral-storage", 21, 0, 20),
            unresolvable(EXTENDED_A, 6, 0, 5),
            unresolvable(EXTENDED_B, 1, 0, 0)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("enoughRequests")
  void filter_enoughRequests(
      String name,
      Pod pod,
      Res existing,
      NodeResourcesFitArgs args,
      Status want,
      List<InsufficientResource> wantInsufficient) {
    Node node = allocatableNode(10, 20, 32, 5, 20, 5);
    NodeInfo nodeInfo =
        existing == null ? Wrappers.nodeInfo(node) : Wrappers.nodeInfo(node, resourcePod(existing));
    NodeResourcesFit plugin = new NodeResourcesFit(args, null);
    PodInfo podInfo = PodInfo.of(pod);
    CycleState state = new CycleState();

    assertThat(plugin.preFilter(state, podInfo, List.of(nodeInfo)).status()).isSuccess();
    Status got = plugin.filter(state, podInfo, nodeInfo);

    assertThat(got.code()).isEqualTo(want.code());
    assertThat(got.reasons()).isEqualTo(want.reasons());
    assertThat(plugin.insufficientResources(podInfo, nodeInfo))
        .containsExactlyElementsOf(wantInsufficient);
  }

  static Stream<Arguments> notEnoughRequests() {
    return Stream.of(
        arguments(
            "even without specified resources, predicate fails when there's no space for"
                + " additional pod",
            Pod.builder().build(),
            Res.of(10, 20)),
        arguments(
            "even if both resources fit, predicate fails when there's no space for additional pod",
            resourcePod(Res.of(1, 1)),
            Res.of(5, 5)),
        arguments(
            "even for equal edge case, predicate fails when there's no space for additional pod",
            resourcePod(Res.of(5, 1)),
            Res.of(5, 19)),
        arguments(
            "even for equal edge case, predicate fails when there's no space for additional pod"
                + " due to init container",
            withInit(resourcePod(Res.of(5, 1)), Res.of(5, 1)),
            Res.of(5, 19)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("notEnoughRequests")
  void filter_notEnoughPods(String name, Pod pod, Res existing) {
    NodeInfo nodeInfo =
        Wrappers.nodeInfo(allocatableNode(10, 20, 1, 0, 0, 0), resourcePod(existing));
    NodeResourcesFit plugin = new NodeResourcesFit();
    PodInfo podInfo = PodInfo.of(pod);
    CycleState state = new CycleState();
    plugin.preFilter(state, podInfo, List.of(nodeInfo));

    assertThat(plugin.filter(state, podInfo, nodeInfo))
        .hasCode(Code.UNSCHEDULABLE)
        .hasReasons(NodeResourcesFit.TOO_MANY_PODS);
    assertThat(plugin.insufficientResources(podInfo, nodeInfo))
        .containsExactly(new InsufficientResource("pods", "Too many pods", 1, 1, 1, false));
  }

  static Stream<Arguments> storageRequests() {
    return Stream.of(
        arguments(
            "empty storage requested, and pod fits",
            resourcePod(Res.of(1, 1)),
            Res.of(2, 10),
            Status.success()),
        arguments(
            "storage ephemeral local storage request exceeds allocatable",
            resourcePod(Res.storage(25)),
            Res.of(2, 2),
            Status.unresolvable("Insufficient ephemeral-storage")),
        arguments(
            "ephemeral local storage is sufficient",
            withInit(resourcePod(Res.storage(5))),
            Res.of(2, 2).withStorage(10),
            Status.success()),
        arguments("pod fits", resourcePod(Res.storage(10)), Res.of(2, 2), Status.success()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("storageRequests")
  void filter_storageRequests(String name, Pod pod, Res existing, Status want) {
    NodeInfo nodeInfo =
        Wrappers.nodeInfo(allocatableNode(10, 20, 32, 5, 20, 5), resourcePod(existing));
    NodeResourcesFit plugin = new NodeResourcesFit();
    PodInfo podInfo = PodInfo.of(pod);
    CycleState state = new CycleState();
    plugin.preFilter(state, podInfo, List.of(nodeInfo));

    Status got = plugin.filter(state, podInfo, nodeInfo);

    assertThat(got.code()).isEqualTo(want.code());
    assertThat(got.reasons()).isEqualTo(want.reasons());
  }

  private static Pod withSidecar(String regularCpu, String sidecarCpu) {
    Container.Builder regular = Container.builder().name("regular");
    Container.Builder sidecar =
        Container.builder().name("restartable-init").restartPolicy(Container.RESTART_POLICY_ALWAYS);
    if (regularCpu != null) {
      regular.request("cpu", regularCpu);
    }
    if (sidecarCpu != null) {
      sidecar.request("cpu", sidecarCpu);
    }
    return Pod.builder().container(regular.build()).initContainer(sidecar.build()).build();
  }

  // Upstream's cases with the SidecarContainers feature disabled are left out: the feature is
  // locked on since v1.33, so PreFilter never rejects a restartable init container.
  static Stream<Arguments> restartableInitContainers() {
    return Stream.of(
        arguments(
            "allow pod without restartable init containers if sidecar containers is enabled",
            Pod.builder().container(Container.builder().name("regular").build()).build(),
            Status.success()),
        arguments(
            "allow pod with restartable init containers if sidecar containers is enabled",
            withSidecar(null, null),
            Status.success()),
        arguments(
            "allow pod if the total requested resources do not exceed the node's allocatable"
                + " resources",
            withSidecar("1m", "1m"),
            Status.success()),
        arguments(
            "not allow pod if the total requested resources do exceed the node's allocatable"
                + " resources",
            withSidecar("1m", "2m"),
            Status.unresolvable(CPU)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("restartableInitContainers")
  void filter_restartableInitContainers(String name, Pod pod, Status want) {
    NodeInfo nodeInfo = Wrappers.nodeInfo(allocatableNode(2, 0, 1, 0, 0, 0));
    NodeResourcesFit plugin = new NodeResourcesFit();
    PodInfo podInfo = PodInfo.of(pod);
    CycleState state = new CycleState();

    assertThat(plugin.preFilter(state, podInfo, List.of(nodeInfo)).status()).isSuccess();
    Status got = plugin.filter(state, podInfo, nodeInfo);

    assertThat(got.code()).isEqualTo(want.code());
    assertThat(got.reasons()).isEqualTo(want.reasons());
  }

  @Test
  void filter_withoutPreFilter_isError() {
    NodeInfo nodeInfo = Wrappers.nodeInfo(Node.builder().name("n").build());

    Status got =
        new NodeResourcesFit()
            .filter(new CycleState(), PodInfo.of(Pod.builder().build()), nodeInfo);

    assertThat(got)
        .isError()
        .hasMessage("error reading \"PreFilterNodeResourcesFit\" from cycleState: not found");
  }

  @Test
  void constructor_rejectsInvalidArgs() {
    NodeResourcesFitArgs bad = ignoring(List.of(), List.of("example.com/aaa"));

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new NodeResourcesFit(bad, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ignoredResourceGroups[0]");
  }
}
