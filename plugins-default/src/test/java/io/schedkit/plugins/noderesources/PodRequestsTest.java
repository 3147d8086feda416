package io.schedkit.plugins.noderesources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Resource;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.ResourceList;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The pod requests NodeResourcesFit and BalancedAllocation read from {@link PodInfo}, checked
 * against upstream: {@code TestPodRequestsAndLimits} and {@code TestPodResourceRequests}
 * (component-helpers resource/helpers_test.go, requests only, without status resources) for {@link
 * PodInfo#requests()}, and {@code TestResourceAllocationScorerCalculateRequests}
 * (resource_allocation_test.go) for {@link PodInfo#nonZeroRequests()}.
 */
final class PodRequestsTest {
  private static final long ONE_MI = 1_048_576;

  private static Container c(String name, String cpu) {
    return Container.builder().name(name).request("cpu", cpu).build();
  }

  private static Container sidecar(String name, String cpu) {
    return c(name, cpu).toBuilder().restartPolicy(Container.RESTART_POLICY_ALWAYS).build();
  }

  private static Container c(String name, String cpu, String memory) {
    return Container.builder().name(name).request("cpu", cpu).request("memory", memory).build();
  }

  private static Container requestless(String name) {
    return Container.builder().name(name).build();
  }

  static Stream<Arguments> requests() {
    return Stream.of(
        arguments(
            "just-overhead",
            Pod.builder().overhead(ResourceList.of("cpu", "5", "memory", "5")).build(),
            5000,
            5),
        arguments(
            "req-and-overhead",
            Pod.builder()
                .container(c("a", "1", "10"))
                .overhead(ResourceList.of("cpu", "5", "memory", "5"))
                .build(),
            6000,
            15),
        arguments(
            "two container with overhead, massive init - the largest init plus the overhead",
            Pod.builder()
                .container(c("foobar", "1", "5"))
                .container(c("foobar2", "4", "12"))
                .initContainer(c("small-init", "1", "5"))
                .initContainer(c("big-init", "40", "120"))
                .overhead(ResourceList.of("cpu", "3", "memory", "8"))
                .build(),
            43_000,
            128),
        arguments(
            "nil options, larger init container",
            Pod.builder().initContainer(c("i", "4")).container(c("a", "1")).build(),
            4000,
            0),
        arguments(
            "nil options, larger containers",
            Pod.builder()
                .initContainer(c("i", "2"))
                .container(c("a", "2"))
                .container(c("b", "3"))
                .build(),
            5000,
            0),
        arguments(
            "pod overhead included",
            Pod.builder()
                .initContainer(c("i", "2"))
                .container(c("a", "2"))
                .container(c("b", "3"))
                .overhead(ResourceList.of("cpu", "1", "memory", "1Gi"))
                .build(),
            6000,
            1024 * ONE_MI),
        arguments(
            "restartable init container",
            Pod.builder()
                .initContainer(sidecar("restartable-init-1", "1"))
                .container(c("container-1", "1"))
                .build(),
            2000,
            0),
        arguments(
            "multiple restartable init containers",
            Pod.builder()
                .initContainer(c("init-1", "5"))
                .initContainer(sidecar("restartable-init-1", "1"))
                .initContainer(sidecar("restartable-init-2", "2"))
                .initContainer(sidecar("restartable-init-3", "3"))
                .container(c("container-1", "1"))
                .build(),
            7000,
            0),
        arguments(
            "multiple restartable and regular init containers",
            Pod.builder()
                .initContainer(c("init-1", "5"))
                .initContainer(sidecar("restartable-init-1", "1"))
                .initContainer(sidecar("restartable-init-2", "2"))
                .initContainer(c("init-2", "5"))
                .initContainer(sidecar("restartable-init-3", "3"))
                .container(c("container-1", "1"))
                .build(),
            8000,
            0),
        arguments(
            "restartable-init, init and regular",
            Pod.builder()
                .initContainer(sidecar("restartable-init-1", "10"))
                .initContainer(c("init-1", "200"))
                .container(c("container-1", "100"))
                .build(),
            210_000,
            0));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("requests")
  void requests_podRequests(String name, Pod pod, long milliCpu, long memory) {
    Resource r = PodInfo.of(pod).requests();

    assertThat(r.milliCpu()).isEqualTo(milliCpu);
    assertThat(r.memory()).isEqualTo(memory);
  }

  static Stream<Arguments> nonZeroRequests() {
    long cpu = PodInfo.DEFAULT_MILLI_CPU_REQUEST;
    long mem = PodInfo.DEFAULT_MEMORY_REQUEST;
    ResourceList overhead = ResourceList.of("cpu", "1", "memory", "1Mi");
    return Stream.of(
        arguments("overhead only", Pod.builder().overhead(overhead).build(), 1000, ONE_MI),
        arguments(
            "1x requestless container",
            Pod.builder().container(requestless("a")).build(),
            cpu,
            mem),
        arguments(
            "2x requestless container",
            Pod.builder().container(requestless("a")).container(requestless("b")).build(),
            2 * cpu,
            2 * mem),
        arguments(
            "request container + requestless container",
            Pod.builder().container(c("a", "1", "1Mi")).container(requestless("b")).build(),
            1000 + cpu,
            ONE_MI + mem),
        arguments(
            "container + requestless container + overhead",
            Pod.builder()
                .overhead(overhead)
                .container(c("a", "1", "1Mi"))
                .container(requestless("b"))
                .build(),
            2000 + cpu,
            2 * ONE_MI + mem),
        arguments(
            "init container + container + requestless container + overhead",
            Pod.builder()
                .overhead(overhead)
                .initContainer(c("i", "3"))
                .container(c("a", "1", "1Mi"))
                .container(requestless("b"))
                .build(),
            4000,
            2 * ONE_MI + mem),
        arguments(
            "requestless init container + small init container + small container",
            Pod.builder()
                .initContainer(requestless("i0"))
                .initContainer(c("i1", "1m", "1"))
                .container(c("a", "3m", "3"))
                .build(),
            cpu,
            mem),
        arguments(
            "requestless init container + small init container + small container + requestless"
                + " container",
            Pod.builder()
                .initContainer(requestless("i0"))
                .initContainer(c("i1", "1m", "1"))
                .container(c("a", "3m", "3"))
                .container(requestless("b"))
                .build(),
            3 + cpu,
            3 + mem));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("nonZeroRequests")
  void nonZeroRequests_calculatePodResourceRequest(
      String name, Pod pod, long milliCpu, long memory) {
    Resource r = PodInfo.of(pod).nonZeroRequests();

    assertThat(r.milliCpu()).isEqualTo(milliCpu);
    assertThat(r.memory()).isEqualTo(memory);
  }
}
