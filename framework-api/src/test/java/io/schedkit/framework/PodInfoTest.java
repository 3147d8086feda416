package io.schedkit.framework;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinity;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.framework.model.PodAntiAffinity;
import io.schedkit.framework.model.ResourceList;
import io.schedkit.framework.model.ResourceRequirements;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class PodInfoTest {
  private static Container c(String name, String cpu) {
    return Container.builder()
        .name(name)
        .resources(new ResourceRequirements(ResourceList.of("cpu", cpu), ResourceList.empty()))
        .build();
  }

  private static Container sidecar(String name, String cpu) {
    return c(name, cpu).toBuilder().restartPolicy("Always").build();
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of(
            "sum of containers",
            Pod.builder().container(c("a", "1")).container(c("b", "500m")).build(),
            1500L),
        Arguments.of(
            "init larger than containers",
            Pod.builder().container(c("a", "1")).initContainer(c("i", "3")).build(),
            3000L),
        Arguments.of(
            "init smaller than containers",
            Pod.builder().container(c("a", "2")).initContainer(c("i", "1")).build(),
            2000L),
        Arguments.of(
            "sidecar adds to containers and to later init containers",
            Pod.builder()
                .container(c("a", "1"))
                .initContainer(sidecar("s", "1"))
                .initContainer(c("i", "2"))
                .build(),
            3000L),
        Arguments.of(
            "init before sidecar does not include it",
            Pod.builder()
                .container(c("a", "1"))
                .initContainer(c("i", "2"))
                .initContainer(sidecar("s", "1"))
                .build(),
            2000L),
        Arguments.of(
            "overhead is added",
            Pod.builder().container(c("a", "1")).overhead(ResourceList.of("cpu", "250m")).build(),
            1250L),
        Arguments.of(
            "pod-level requests replace the aggregate",
            Pod.builder()
                .container(c("a", "1"))
                .resources(
                    new ResourceRequirements(ResourceList.of("cpu", "3"), ResourceList.empty()))
                .build(),
            3000L));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void requests_followUpstreamRules(String name, Pod pod, long milliCpu) {
    assertThat(PodInfo.of(pod).requests().milliCpu()).isEqualTo(milliCpu);
  }

  @Test
  void withNodeName_isTheViewOfThePlacedPod() {
    PodAffinityTerm term =
        PodAffinityTerm.builder()
            .labelSelector(LabelSelector.of(Map.of("app", "web")))
            .topologyKey("kubernetes.io/hostname")
            .build();
    Pod pending =
        Pod.builder()
            .name("web-1")
            .namespace("prod")
            .uid("uid-1")
            .priority(100)
            .container(
                Container.builder()
                    .name("app")
                    .request("cpu", "500m")
                    .request("memory", "1Gi")
                    .hostPort(8080, "TCP")
                    .build())
            .container(Container.builder().name("no-requests").build())
            .overhead(ResourceList.of("cpu", "10m"))
            .affinity(
                Affinity.builder()
                    .podAffinity(PodAffinity.builder().required(term).preferred(5, term).build())
                    .podAntiAffinity(
                        PodAntiAffinity.builder().required(term).preferred(7, term).build())
                    .build())
            .build();
    PodInfo info = PodInfo.of(pending);

    PodInfo placed = info.withNodeName("node-7");

    PodInfo expected = PodInfo.of(pending.toBuilder().nodeName("node-7").build());
    assertThat(placed.pod()).isEqualTo(expected.pod());
    assertThat(placed.pod().nodeName()).isEqualTo("node-7");
    assertThat(info.pod().nodeName()).isEmpty();
    assertThat(placed.uid()).isEqualTo("uid-1");
    assertThat(placed.priority()).isEqualTo(expected.priority()).isEqualTo(100);
    assertThat(placed.requests()).isEqualTo(expected.requests());
    assertThat(placed.nonZeroRequests()).isEqualTo(expected.nonZeroRequests());
    assertThat(placed.requiredAffinityTerms())
        .isEqualTo(expected.requiredAffinityTerms())
        .hasSize(1);
    assertThat(placed.requiredAntiAffinityTerms())
        .isEqualTo(expected.requiredAntiAffinityTerms())
        .hasSize(1);
    assertThat(placed.preferredAffinityTerms()).isEqualTo(expected.preferredAffinityTerms());
    assertThat(placed.preferredAntiAffinityTerms())
        .isEqualTo(expected.preferredAntiAffinityTerms());
    assertThat(placed.hasPodAffinity()).isTrue();
    assertThat(placed.hasRequiredAntiAffinity()).isEqualTo(expected.hasRequiredAntiAffinity());
    assertThat(placed.hostPorts()).isEqualTo(expected.hostPorts()).hasSize(1);
  }

  @Test
  void isSamePodAs_byUid_orByKeyWithoutOne() {
    PodInfo a = PodInfo.of(Pod.builder().name("a").uid("uid-1").build());
    PodInfo aLater = PodInfo.of(Pod.builder().name("a").uid("uid-1").priority(5).build());
    PodInfo otherUid = PodInfo.of(Pod.builder().name("a").uid("uid-2").build());
    PodInfo noUid = PodInfo.of(Pod.builder().name("a").build());
    PodInfo noUidOtherName = PodInfo.of(Pod.builder().name("b").build());

    assertThat(a.isSamePodAs(aLater)).isTrue();
    assertThat(a.isSamePodAs(otherUid)).isFalse();
    assertThat(noUid.isSamePodAs(a)).as("without UID: by namespace and name").isTrue();
    assertThat(noUid.isSamePodAs(noUidOtherName)).isFalse();
    assertThat(a.isSamePodAs(noUid)).as("with a UID: by UID").isFalse();
  }
}
