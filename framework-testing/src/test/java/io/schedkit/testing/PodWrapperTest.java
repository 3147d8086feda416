package io.schedkit.testing;

import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static io.schedkit.testing.SchedkitAssertions.assertThatThrownBy;
import static io.schedkit.testing.Wrappers.makeLabelSelector;
import static io.schedkit.testing.Wrappers.makePod;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.HostPort;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.ContainerPort;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.LabelSelectorRequirement;
import io.schedkit.framework.model.NodeAffinity;
import io.schedkit.framework.model.NodeInclusionPolicy;
import io.schedkit.framework.model.NodeSelector;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.NodeSelectorTerm;
import io.schedkit.framework.model.OwnerReference;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinity;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.framework.model.PodAntiAffinity;
import io.schedkit.framework.model.PodCondition;
import io.schedkit.framework.model.PreemptionPolicy;
import io.schedkit.framework.model.ResourceList;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.framework.model.Toleration;
import io.schedkit.framework.model.TolerationOperator;
import io.schedkit.framework.model.TopologySpreadConstraint;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import io.schedkit.framework.model.WeightedPodAffinityTerm;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

final class PodWrapperTest {

  private static final PodAffinityTerm FOO_EXISTS_IN_ZONE =
      PodAffinityTerm.builder()
          .labelSelector(
              LabelSelector.builder()
                  .matchExpression(LabelSelectorRequirement.exists("foo"))
                  .build())
          .topologyKey("zone")
          .build();

  @Test
  void obj_defaultsNamespaceAndDerivesUid() {
    Pod pod = makePod().name("p1").obj();

    assertThat(pod)
        .isEqualTo(Pod.builder().name("p1").namespace("default").uid("default/p1").build());
  }

  @Test
  void obj_uidFollowsNamespaceAndNameUnlessSet() {
    assertThat(makePod().namespace("ns").name("p").obj().uid()).isEqualTo("ns/p");
    assertThat(makePod().name("p").uid("u-1").namespace("ns").obj().uid()).isEqualTo("u-1");
    assertThat(PodWrapper.from(makePod().name("p").uid("kept").obj()).name("q").obj().uid())
        .isEqualTo("kept");
  }

  @Test
  void obj_isASnapshotAndTheWrapperStaysUsable() {
    PodWrapper w = makePod().name("p").label("a", "1");
    Pod first = w.obj();

    Pod second = w.label("b", "2").obj();

    assertThat(first.labels()).containsExactly(Map.entry("a", "1"));
    assertThat(second.labels()).containsExactly(Map.entry("a", "1"), Map.entry("b", "2"));
    assertThat(w.obj()).isEqualTo(second);
  }

  @Test
  void req_appendsNumberedPauseContainersWithRequestsOnly() {
    Pod pod =
        makePod()
            .name("p")
            .req(Map.of("cpu", "1", "memory", "2Gi"))
            .req(Map.of())
            .req(Map.of("cpu", "500m"))
            .obj();

    assertThat(pod.spec().containers())
        .containsExactly(
            Container.builder()
                .name("con0")
                .image(PodWrapper.PAUSE_IMAGE)
                .requests(ResourceList.of("cpu", "1", "memory", "2Gi"))
                .build(),
            Container.builder()
                .name("con1")
                .image(PodWrapper.PAUSE_IMAGE)
                .requests(ResourceList.of("cpu", "500m"))
                .build());
    assertThat(PodInfo.of(pod).requests().milliCpu()).isEqualTo(1500);
  }

  @Test
  void resAndLim_setRequestsAndLimitsAsUpstream() {
    Pod pod = makePod().res(Map.of("cpu", "2")).lim(Map.of("memory", "1Gi")).obj();

    ResourceList cpu = ResourceList.of("cpu", "2");
    ResourceList memory = ResourceList.of("memory", "1Gi");
    assertThat(pod.spec().containers())
        .containsExactly(
            Container.builder()
                .name("con0")
                .image(PodWrapper.PAUSE_IMAGE)
                .requests(cpu)
                .limits(cpu)
                .build(),
            Container.builder().name("con1").image(PodWrapper.PAUSE_IMAGE).limits(memory).build());
  }

  @Test
  void initReqAndSidecarReq_addInitContainersWithRequestsAndLimits() {
    Pod pod =
        makePod()
            .req(Map.of("cpu", "1"))
            .initReq(Map.of("cpu", "3"))
            .sidecarReq(Map.of("cpu", "1"))
            .obj();

    ResourceList three = ResourceList.of("cpu", "3");
    ResourceList one = ResourceList.of("cpu", "1");
    assertThat(pod.spec().initContainers())
        .containsExactly(
            Container.builder()
                .name("init-con0")
                .image(PodWrapper.PAUSE_IMAGE)
                .requests(three)
                .limits(three)
                .build(),
            Container.builder()
                .name("sidecar-con1")
                .image(PodWrapper.PAUSE_IMAGE)
                .requests(one)
                .limits(one)
                .restartPolicy("Always")
                .build());
    // max(containers 1 + sidecar 1, init container 3), as kube-scheduler counts it.
    assertThat(PodInfo.of(pod).requests().milliCpu()).isEqualTo(3000);
  }

  @Test
  void hostPortAndContainerPort_appendPauseContainersAsUpstream() {
    ContainerPort udp = ContainerPort.builder().hostPort(53).protocol("UDP").build();

    Pod pod = makePod().hostPort(8080).containerPort(udp).obj();

    assertThat(pod.spec().containers())
        .containsExactly(
            Container.builder()
                .name("container")
                .image("pause")
                .port(ContainerPort.builder().hostPort(8080).build())
                .build(),
            Container.builder().name("container").image("pause").port(udp).build());
    assertThat(PodInfo.of(pod).hostPorts())
        .containsExactly(new HostPort("", "", 8080), new HostPort("0.0.0.0", "UDP", 53));
  }

  @Test
  void initContainerPort_marksSidecarsRestartable() {
    ContainerPort port = ContainerPort.builder().hostPort(9000).build();

    Pod pod = makePod().initContainerPort(true, port).initContainerPort(false, port).obj();

    assertThat(pod.spec().initContainers())
        .extracting(Container::isRestartableInit)
        .containsExactly(true, false);
    assertThat(PodInfo.of(pod).hostPorts()).containsExactly(new HostPort("", "", 9000));
  }

  @Test
  void containerImage_appendsNumberedContainers() {
    Pod pod = makePod().containerImage("nginx:1.25").containerImage("redis").obj();

    assertThat(pod.spec().containers())
        .containsExactly(
            Container.builder().name("con0").image("nginx:1.25").build(),
            Container.builder().name("con1").image("redis").build());
  }

  @Test
  void labels_addToExistingLabels() {
    Pod pod = makePod().label("a", "1").labels(Map.of("b", "2", "a", "3")).obj();

    assertThat(pod.labels()).containsExactly(Map.entry("a", "3"), Map.entry("b", "2"));
  }

  @Test
  void nodeSelector_mapReplacesButPairAdds() {
    assertThat(makePod().nodeSelector("a", "1").nodeSelector(Map.of("b", "2")).obj())
        .extracting(p -> p.spec().nodeSelector())
        .isEqualTo(Map.of("b", "2"));
    assertThat(makePod().nodeSelector("a", "1").nodeSelector("b", "2").obj())
        .extracting(p -> p.spec().nodeSelector())
        .isEqualTo(Map.of("a", "1", "b", "2"));
  }

  @Test
  void toleration_keyOnlyToleratesWithExistsAsUpstream() {
    Pod pod =
        makePod().toleration("dedicated").toleration("gpu", "true", TaintEffect.NO_SCHEDULE).obj();

    assertThat(pod.spec().tolerations())
        .containsExactly(
            Toleration.builder().key("dedicated").operator(TolerationOperator.EXISTS).build(),
            Toleration.builder()
                .key("gpu")
                .operator(TolerationOperator.EQUAL)
                .value("true")
                .effect(TaintEffect.NO_SCHEDULE)
                .build());
  }

  @Test
  void nodeAffinityIn_replacesTheRequiredSelectorAndKeepsPreferredTerms() {
    Pod pod =
        makePod()
            .nodeAffinityIn("zone", "z1")
            .preferredNodeAffinityIn(5, "disk", "ssd")
            .nodeAffinityIn("metadata.name", List.of("n1"), NodeSelectorType.MATCH_FIELDS)
            .obj();

    NodeAffinity expected =
        NodeAffinity.builder()
            .required(
                NodeSelector.of(
                    NodeSelectorTerm.builder()
                        .matchField(NodeSelectorRequirement.in("metadata.name", "n1"))
                        .build()))
            .preferred(5, NodeSelectorTerm.of(NodeSelectorRequirement.in("disk", "ssd")))
            .build();
    assertThat(pod.spec().affinity()).isEqualTo(new Affinity(expected, null, null));
  }

  @Test
  void nodeAffinityNotIn_setsOneNotInTerm() {
    Pod pod = makePod().nodeAffinityNotIn("zone", "z1", "z2").obj();

    assertThat(pod.spec().affinity().nodeAffinity().required())
        .isEqualTo(
            NodeSelector.of(
                NodeSelectorTerm.of(NodeSelectorRequirement.notIn("zone", "z1", "z2"))));
  }

  static Stream<Arguments> affinityKinds() {
    PodAffinityTerm t = FOO_EXISTS_IN_ZONE;
    WeightedPodAffinityTerm w = new WeightedPodAffinityTerm(1, t);
    return Stream.of(
        arguments(PodAffinityKind.NIL_POD_AFFINITY, null),
        arguments(
            PodAffinityKind.POD_AFFINITY_WITH_REQUIRED_REQ,
            new Affinity(null, new PodAffinity(List.of(t), List.of()), null)),
        arguments(
            PodAffinityKind.POD_AFFINITY_WITH_PREFERRED_REQ,
            new Affinity(null, new PodAffinity(List.of(), List.of(w)), null)),
        arguments(
            PodAffinityKind.POD_AFFINITY_WITH_REQUIRED_PREFERRED_REQ,
            new Affinity(null, new PodAffinity(List.of(t), List.of(w)), null)),
        arguments(
            PodAffinityKind.POD_ANTI_AFFINITY_WITH_REQUIRED_REQ,
            new Affinity(null, null, new PodAntiAffinity(List.of(t), List.of()))),
        arguments(
            PodAffinityKind.POD_ANTI_AFFINITY_WITH_PREFERRED_REQ,
            new Affinity(null, null, new PodAntiAffinity(List.of(), List.of(w)))),
        arguments(
            PodAffinityKind.POD_ANTI_AFFINITY_WITH_REQUIRED_PREFERRED_REQ,
            new Affinity(null, null, new PodAntiAffinity(List.of(t), List.of(w)))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("affinityKinds")
  void podAffinityExists_buildsTheTermsOfItsKind(PodAffinityKind kind, Affinity expected) {
    PodWrapper w = makePod();
    Pod pod =
        kind.isAnti()
            ? w.podAntiAffinityExists("foo", "zone", kind).obj()
            : w.podAffinityExists("foo", "zone", kind).obj();

    assertThat(pod.spec().affinity()).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(
      value = PodAffinityKind.class,
      names = {"NIL_POD_AFFINITY"},
      mode = EnumSource.Mode.EXCLUDE)
  void podAffinity_rejectsAKindOfTheOtherSide(PodAffinityKind kind) {
    LabelSelector selector = makeLabelSelector().exists("foo").obj();

    if (kind.isAnti()) {
      assertThatThrownBy(() -> makePod().podAffinity("zone", selector, kind))
          .isInstanceOf(IllegalArgumentException.class);
    } else {
      assertThatThrownBy(() -> makePod().podAntiAffinity("zone", selector, kind))
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void podAffinityIn_withoutKindIsRequiredAndTermsAppend() {
    Pod pod =
        makePod()
            .podAffinityExists("foo", "zone")
            .podAffinityIn("app", "host", "web", "db")
            .podAntiAffinityIn("app", "host", "cache")
            .podAffinityNotIn(
                "tier", "zone", List.of("batch"), PodAffinityKind.POD_AFFINITY_WITH_PREFERRED_REQ)
            .obj();

    PodAffinityTerm appIn =
        PodAffinityTerm.builder()
            .labelSelector(makeLabelSelector().in("app", "web", "db").obj())
            .topologyKey("host")
            .build();
    PodAffinityTerm tierNotIn =
        PodAffinityTerm.builder()
            .labelSelector(makeLabelSelector().notIn("tier", "batch").obj())
            .topologyKey("zone")
            .build();
    PodAffinityTerm cache =
        PodAffinityTerm.builder()
            .labelSelector(makeLabelSelector().in("app", "cache").obj())
            .topologyKey("host")
            .build();
    assertThat(pod.spec().affinity())
        .isEqualTo(
            new Affinity(
                null,
                new PodAffinity(
                    List.of(FOO_EXISTS_IN_ZONE, appIn),
                    List.of(new WeightedPodAffinityTerm(1, tierNotIn))),
                new PodAntiAffinity(List.of(cache), List.of())));
    assertThat(PodInfo.of(pod).requiredAffinityTerms()).hasSize(2);
    assertThat(PodInfo.of(pod).hasRequiredAntiAffinity()).isTrue();
  }

  @Test
  void preferredPodAffinity_appendsWeightedTerms() {
    Pod pod =
        makePod()
            .preferredPodAffinityExists(10, "foo", "zone")
            .preferredPodAntiAffinityIn(20, "app", "host", "web")
            .obj();

    PodAffinityTerm appIn =
        PodAffinityTerm.builder()
            .labelSelector(makeLabelSelector().in("app", "web").obj())
            .topologyKey("host")
            .build();
    assertThat(pod.spec().affinity())
        .isEqualTo(
            new Affinity(
                null,
                new PodAffinity(
                    List.of(), List.of(new WeightedPodAffinityTerm(10, FOO_EXISTS_IN_ZONE))),
                new PodAntiAffinity(List.of(), List.of(new WeightedPodAffinityTerm(20, appIn)))));
  }

  @Test
  void spreadConstraint_appendsExactlyTheGivenConstraint() {
    LabelSelector selector = makeLabelSelector().exists("foo").obj();

    Pod pod =
        makePod()
            .spreadConstraint(
                1,
                "zone",
                UnsatisfiableConstraintAction.DO_NOT_SCHEDULE,
                selector,
                2,
                NodeInclusionPolicy.HONOR,
                null,
                List.of("pod-template-hash"))
            .obj();

    assertThat(pod.spec().topologySpreadConstraints())
        .containsExactly(
            TopologySpreadConstraint.builder()
                .maxSkew(1)
                .topologyKey("zone")
                .whenUnsatisfiable(UnsatisfiableConstraintAction.DO_NOT_SCHEDULE)
                .labelSelector(selector)
                .minDomains(2)
                .nodeAffinityPolicy(NodeInclusionPolicy.HONOR)
                .matchLabelKey("pod-template-hash")
                .build());
  }

  @Test
  void ownerReference_replacesOwnersWithAController() {
    Pod pod = makePod().ownerReference("Job", "old").ownerReference("ReplicaSet", "rs-1").obj();

    assertThat(pod.metadata().ownerReferences())
        .containsExactly(new OwnerReference("apps/v1", "ReplicaSet", "rs-1", "", true));
    assertThat(pod.controllerRef()).map(OwnerReference::name).contains("rs-1");
  }

  @Test
  void schedulingFields_landInTheSpec() {
    Pod pod =
        makePod()
            .node("n1")
            .schedulerName("my-scheduler")
            .priority(100)
            .priorityClassName("high")
            .preemptionPolicy(PreemptionPolicy.NEVER)
            .schedulingGates("a", "b")
            .schedulingGates(List.of("c"))
            .overhead(Map.of("cpu", "250m"))
            .podGroup("g1")
            .obj();

    assertThat(pod.nodeName()).isEqualTo("n1");
    assertThat(pod.spec().schedulerName()).isEqualTo("my-scheduler");
    assertThat(pod.priority()).isEqualTo(100);
    assertThat(pod.spec().priorityClassName()).isEqualTo("high");
    assertThat(pod.spec().preemptionPolicy()).isEqualTo(PreemptionPolicy.NEVER);
    assertThat(pod.spec().schedulingGates()).containsExactly("a", "b", "c");
    assertThat(pod.spec().overhead()).isEqualTo(ResourceList.of("cpu", "250m"));
    assertThat(pod.labels()).containsEntry("scheduling.x-k8s.io/pod-group", "g1");
  }

  @Test
  void statusAndLifecycleFields_landWhereUpstreamPutsThem() {
    Instant created = Instant.parse("2026-02-01T10:00:00Z");
    Instant started = created.plusSeconds(5);

    Pod pod =
        makePod()
            .creationTimestamp(created)
            .startTime(started)
            .nominatedNodeName("n2")
            .phase("Running")
            .condition("PodScheduled", "False", "Unschedulable")
            .terminating()
            .obj();

    assertThat(pod.metadata().creationTimestamp()).isEqualTo(created);
    assertThat(pod.status().startTime()).isEqualTo(started);
    assertThat(pod.nominatedNodeName()).isEqualTo("n2");
    assertThat(pod.status().phase()).isEqualTo("Running");
    assertThat(pod.status().conditions())
        .containsExactly(
            PodCondition.builder()
                .type("PodScheduled")
                .status("False")
                .reason("Unschedulable")
                .build());
    assertThat(pod.isTerminating()).isTrue();
    assertThat(pod.metadata().deletionTimestamp()).isEqualTo(FakeClock.DEFAULT_START);
  }

  @Test
  void podInfo_isTheSchedulingViewOfObj() {
    PodWrapper w = makePod().name("p").req(Map.of("memory", "1Gi"));

    assertThat(w.podInfo().pod()).isEqualTo(w.obj());
    assertThat(w.podInfo().requests().memory()).isEqualTo(1L << 30);
  }
}
