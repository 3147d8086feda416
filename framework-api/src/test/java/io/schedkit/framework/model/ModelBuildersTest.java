package io.schedkit.framework.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Builders, toBuilder round trips, null normalisation and defensive copies. */
final class ModelBuildersTest {
  private static final Instant T0 = Instant.parse("2024-01-01T00:00:00Z");

  private static final OwnerReference RS_OWNER =
      OwnerReference.builder()
          .apiVersion("apps/v1")
          .kind("ReplicaSet")
          .name("web-abc")
          .uid("rs-uid")
          .controller(true)
          .build();

  private static final PodAffinityTerm AFFINITY_TERM =
      PodAffinityTerm.builder()
          .labelSelector(LabelSelector.of(Map.of("app", "web")))
          .namespace("other")
          .topologyKey("kubernetes.io/hostname")
          .namespaceSelector(LabelSelector.everything())
          .matchLabelKey("pod-template-hash")
          .mismatchLabelKey("tenant")
          .build();

  private static final TopologySpreadConstraint SPREAD =
      TopologySpreadConstraint.builder()
          .maxSkew(1)
          .topologyKey("topology.kubernetes.io/zone")
          .whenUnsatisfiable(UnsatisfiableConstraintAction.DO_NOT_SCHEDULE)
          .labelSelector(LabelSelector.of(Map.of("app", "web")))
          .minDomains(3)
          .nodeAffinityPolicy(NodeInclusionPolicy.HONOR)
          .nodeTaintsPolicy(NodeInclusionPolicy.IGNORE)
          .matchLabelKey("pod-template-hash")
          .build();

  private static final Affinity AFFINITY =
      Affinity.builder()
          .nodeAffinity(
              NodeAffinity.builder()
                  .required(
                      NodeSelector.of(NodeSelectorTerm.of(NodeSelectorRequirement.exists("gpu"))))
                  .preferred(10, NodeSelectorTerm.of(NodeSelectorRequirement.in("zone", "a")))
                  .build())
          .podAffinity(
              PodAffinity.builder().required(AFFINITY_TERM).preferred(5, AFFINITY_TERM).build())
          .podAntiAffinity(
              PodAntiAffinity.builder().required(AFFINITY_TERM).preferred(7, AFFINITY_TERM).build())
          .build();

  private static Pod fullPod() {
    return Pod.builder()
        .name("web-1")
        .namespace("prod")
        .uid("uid-1")
        .label("app", "web")
        .annotation("note", "x")
        .ownerReference(RS_OWNER)
        .creationTimestamp(T0)
        .nodeName("n1")
        .priority(100)
        .priorityClassName("high")
        .preemptionPolicy(PreemptionPolicy.NEVER)
        .container(
            Container.builder()
                .name("app")
                .image("nginx:1.25")
                .request("cpu", "500m")
                .limit("memory", "1Gi")
                .hostPort(8080, "TCP")
                .build())
        .initContainer(Container.builder().name("sidecar").restartPolicy("Always").build())
        .overhead(ResourceList.of("cpu", "10m"))
        .resources(ResourceRequirements.builder().request("cpu", "1").build())
        .toleration(Toleration.builder().key("dedicated").value("gpu").build())
        .nodeSelector("disk", "ssd")
        .affinity(AFFINITY)
        .topologySpreadConstraint(SPREAD)
        .schedulerName("default-scheduler")
        .schedulingGate("example.com/gate")
        .hostNetwork(true)
        .phase("Running")
        .nominatedNodeName("n2")
        .startTime(T0)
        .condition(PodCondition.builder().type("PodScheduled").status("True").build())
        .build();
  }

  private static Node fullNode() {
    return Node.builder()
        .name("n1")
        .uid("node-uid")
        .label("topology.kubernetes.io/zone", "a")
        .taint("dedicated", "gpu", TaintEffect.NO_SCHEDULE)
        .unschedulable(true)
        .capacity("cpu", "8")
        .allocatable("cpu", "7500m")
        .image(1_000_000, "nginx:1.25", "nginx@sha256:abc")
        .condition(NodeCondition.builder().type("Ready").status("True").build())
        .build();
  }

  static Stream<Arguments> roundTrips() {
    return Stream.of(
        roundTrip("Pod", fullPod(), p -> p.toBuilder().build()),
        roundTrip("PodSpec", fullPod().spec(), s -> s.toBuilder().build()),
        roundTrip("PodStatus", fullPod().status(), s -> s.toBuilder().build()),
        roundTrip("ObjectMeta", fullPod().metadata(), m -> m.toBuilder().build()),
        roundTrip("OwnerReference", RS_OWNER, o -> o.toBuilder().build()),
        roundTrip("Container", fullPod().spec().containers().get(0), c -> c.toBuilder().build()),
        roundTrip(
            "ContainerPort",
            fullPod().spec().containers().get(0).ports().get(0),
            c -> c.toBuilder().build()),
        roundTrip(
            "ResourceRequirements",
            fullPod().spec().containers().get(0).resources(),
            r -> r.toBuilder().build()),
        roundTrip(
            "PodCondition", fullPod().status().conditions().get(0), c -> c.toBuilder().build()),
        roundTrip("Node", fullNode(), n -> n.toBuilder().build()),
        roundTrip("NodeSpec", fullNode().spec(), s -> s.toBuilder().build()),
        roundTrip("NodeStatus", fullNode().status(), s -> s.toBuilder().build()),
        roundTrip(
            "NodeCondition", fullNode().status().conditions().get(0), c -> c.toBuilder().build()),
        roundTrip(
            "ContainerImage", fullNode().status().images().get(0), i -> i.toBuilder().build()),
        roundTrip("Taint", Taint.of("k", "v", TaintEffect.NO_EXECUTE), t -> t.toBuilder().build()),
        roundTrip(
            "Toleration",
            Toleration.builder()
                .key("k")
                .operator(TolerationOperator.EXISTS)
                .effect(TaintEffect.NO_EXECUTE)
                .tolerationSeconds(30L)
                .build(),
            t -> t.toBuilder().build()),
        roundTrip("Affinity", AFFINITY, a -> a.toBuilder().build()),
        roundTrip("NodeAffinity", AFFINITY.nodeAffinity(), a -> a.toBuilder().build()),
        roundTrip("PodAffinity", AFFINITY.podAffinity(), a -> a.toBuilder().build()),
        roundTrip("PodAntiAffinity", AFFINITY.podAntiAffinity(), a -> a.toBuilder().build()),
        roundTrip("PodAffinityTerm", AFFINITY_TERM, t -> t.toBuilder().build()),
        roundTrip(
            "WeightedPodAffinityTerm",
            new WeightedPodAffinityTerm(3, AFFINITY_TERM),
            t -> t.toBuilder().build()),
        roundTrip("NodeSelector", AFFINITY.nodeAffinity().required(), s -> s.toBuilder().build()),
        roundTrip(
            "NodeSelectorTerm",
            AFFINITY.nodeAffinity().preferred().get(0).preference(),
            t -> t.toBuilder().build()),
        roundTrip(
            "NodeSelectorRequirement",
            NodeSelectorRequirement.gt("cores", 4),
            r -> r.toBuilder().build()),
        roundTrip(
            "PreferredSchedulingTerm",
            AFFINITY.nodeAffinity().preferred().get(0),
            t -> t.toBuilder().build()),
        roundTrip("TopologySpreadConstraint", SPREAD, c -> c.toBuilder().build()),
        roundTrip("LabelSelector", SPREAD.labelSelector(), s -> s.toBuilder().build()),
        roundTrip(
            "LabelSelectorRequirement",
            LabelSelectorRequirement.in("a", "b", "c"),
            r -> r.toBuilder().build()),
        roundTrip(
            "PodDisruptionBudget",
            PodDisruptionBudget.builder()
                .name("pdb")
                .selector(LabelSelector.of(Map.of("app", "web")))
                .minAvailable(IntOrString.of("50%"))
                .disruptionsAllowed(1)
                .status(
                    PodDisruptionBudgetStatus.builder()
                        .disruptionsAllowed(1)
                        .currentHealthy(3)
                        .desiredHealthy(2)
                        .expectedPods(3)
                        .disruptedPod("web-0", T0)
                        .build())
                .build(),
            p -> p.toBuilder().build()),
        roundTrip(
            "PriorityClass",
            PriorityClass.builder()
                .name("high")
                .value(1000)
                .globalDefault(true)
                .preemptionPolicy(PreemptionPolicy.NEVER)
                .description("d")
                .build(),
            p -> p.toBuilder().build()),
        roundTrip(
            "PodGroup",
            PodGroup.builder().name("g").minMember(3).scheduleTimeoutSeconds(60).build(),
            g -> g.toBuilder().build()),
        roundTrip(
            "Namespace",
            Namespace.builder().name("prod").label("team", "a").build(),
            n -> n.toBuilder().build()),
        roundTrip(
            "Service",
            Service.builder().name("web").selector("app", "web").build(),
            s -> s.toBuilder().build()),
        roundTrip(
            "Workload",
            Workload.replicaSet(
                ObjectMeta.builder().name("rs").namespace("prod").build(),
                LabelSelector.of(Map.of("app", "web"))),
            w -> w.toBuilder().build()));
  }

  private static <T> Arguments roundTrip(String name, T value, UnaryOperator<T> copy) {
    return arguments(name, value, copy);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("roundTrips")
  <T> void toBuilder_roundTripsToAnEqualObject(String name, T value, UnaryOperator<T> copy) {
    T copied = copy.apply(value);

    assertThat(copied).isEqualTo(value);
    assertThat(copied.hashCode()).isEqualTo(value.hashCode());
    assertThat(copied).hasToString(value.toString());
  }

  @Test
  void pod_conveniences() {
    Pod pod = fullPod();

    assertThat(pod.name()).isEqualTo("web-1");
    assertThat(pod.namespace()).isEqualTo("prod");
    assertThat(pod.uid()).isEqualTo("uid-1");
    assertThat(pod.key()).isEqualTo("prod/web-1");
    assertThat(pod.kind()).isEqualTo("Pod");
    assertThat(pod.labels()).containsExactly(Map.entry("app", "web"));
    assertThat(pod.nodeName()).isEqualTo("n1");
    assertThat(pod.isAssigned()).isTrue();
    assertThat(pod.nominatedNodeName()).isEqualTo("n2");
    assertThat(pod.priority()).isEqualTo(100);
    assertThat(pod.isTerminating()).isFalse();
    assertThat(pod.controllerRef()).contains(RS_OWNER);
    assertThat(pod.spec().initContainers().get(0).isRestartableInit()).isTrue();
    assertThat(pod.spec().containers().get(0).isRestartableInit()).isFalse();
    assertThat(pod.spec().containers().get(0).ports().get(0))
        .isEqualTo(new ContainerPort("", 8080, 8080, "TCP", ""));
  }

  @Test
  void withNodeName_isTheBuilderWithTheNodeName_sharingTheRest() {
    Pod pod = fullPod();

    Pod bound = pod.withNodeName("n9");

    assertThat(bound).isEqualTo(pod.toBuilder().nodeName("n9").build());
    assertThat(bound.spec()).isEqualTo(pod.spec().toBuilder().nodeName("n9").build());
    assertThat(bound.nodeName()).isEqualTo("n9");
    assertThat(pod.nodeName()).isEqualTo("n1");
    assertThat(bound.metadata()).isSameAs(pod.metadata());
    assertThat(bound.status()).isSameAs(pod.status());
    assertThat(bound.spec().containers()).isSameAs(pod.spec().containers());
    assertThat(pod.spec().withNodeName(null).nodeName()).isEmpty();
  }

  @Test
  void pod_defaults() {
    Pod pod = Pod.builder().name("p").build();

    assertThat(pod.namespace()).isEqualTo("default");
    assertThat(pod.key()).isEqualTo("default/p");
    assertThat(pod.priority()).isZero();
    assertThat(pod.spec().priority()).isNull();
    assertThat(pod.spec().affinity()).isNull();
    assertThat(pod.spec().preemptionPolicy()).isNull();
    assertThat(pod.spec().resources()).isNull();
    assertThat(pod.spec().schedulerName()).isEmpty();
    assertThat(pod.status().startTime()).isNull();
    assertThat(pod.isAssigned()).isFalse();
    assertThat(pod.controllerRef()).isEmpty();
  }

  @Test
  void pod_terminatingAndControllerRef() {
    OwnerReference notController = RS_OWNER.toBuilder().name("other").controller(false).build();
    OwnerReference unset = RS_OWNER.toBuilder().name("unset").controller(null).build();
    Pod pod =
        Pod.builder()
            .name("p")
            .deletionTimestamp(T0)
            .ownerReference(unset)
            .ownerReference(notController)
            .ownerReference(RS_OWNER)
            .build();

    assertThat(pod.isTerminating()).isTrue();
    assertThat(pod.controllerRef()).contains(RS_OWNER);
  }

  @Test
  void records_normaliseNulls() {
    Pod pod = new Pod(null, null, null);
    ObjectMeta meta = new ObjectMeta(null, null, null, null, null, null, null, null, null);
    PodSpec spec =
        new PodSpec(
            null, null, null, null, null, null, null, null, null, null, null, null, null, null,
            false);
    Container container = new Container(null, null, null, null, null);
    NodeStatus nodeStatus = new NodeStatus(null, null, null, null);

    assertThat(pod.metadata()).isEqualTo(ObjectMeta.empty());
    assertThat(pod.name()).isEmpty();
    assertThat(pod.key()).isEqualTo("");
    assertThat(meta.labels()).isEmpty();
    assertThat(meta.annotations()).isEmpty();
    assertThat(meta.ownerReferences()).isEmpty();
    assertThat(meta.resourceVersion()).isEmpty();
    assertThat(meta.creationTimestamp()).isNull();
    assertThat(spec.containers()).isEmpty();
    assertThat(spec.overhead()).isEqualTo(ResourceList.empty());
    assertThat(spec.nodeName()).isEmpty();
    assertThat(spec.nodeSelector()).isEmpty();
    assertThat(spec.tolerations()).isEmpty();
    assertThat(spec.schedulingGates()).isEmpty();
    assertThat(spec.priorityClassName()).isEmpty();
    assertThat(container.resources()).isEqualTo(ResourceRequirements.empty());
    assertThat(container.ports()).isEmpty();
    assertThat(container.restartPolicy()).isNull();
    assertThat(nodeStatus.capacity()).isEqualTo(ResourceList.empty());
    assertThat(nodeStatus.images()).isEmpty();
    assertThat(new Node(null, null, null).name()).isEmpty();
    assertThat(new PodAffinityTerm(null, null, null, null, null, null).namespaces()).isEmpty();
    assertThat(new NodeAffinity(null, null).preferred()).isEmpty();
    assertThat(new PodAffinity(null, null).required()).isEmpty();
    assertThat(new PodDisruptionBudget(null, null, null).spec().selector()).isNull();
    assertThat(new PriorityClass(null, 0, false, null, null).description()).isEmpty();
  }

  @Test
  void records_copyDefensively() {
    Map<String, String> labels = new HashMap<>(Map.of("b", "2", "a", "1"));
    List<Toleration> tolerations = new ArrayList<>(List.of(Toleration.builder().key("k").build()));
    ObjectMeta meta = ObjectMeta.builder().labels(labels).build();
    PodSpec spec = PodSpec.builder().tolerations(tolerations).build();
    labels.put("c", "3");
    tolerations.clear();

    assertThat(meta.labels()).containsOnlyKeys("a", "b");
    assertThat(meta.labels().keySet()).containsExactly("a", "b");
    assertThat(spec.tolerations()).hasSize(1);
    assertThatThrownBy(() -> meta.labels().put("x", "y"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> meta.labels().entrySet().iterator().next().setValue("z"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> spec.tolerations().add(Toleration.builder().build()))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void builders_areIndependentOfBuiltObjects() {
    Pod.Builder builder = Pod.builder().name("p").label("a", "1");
    Pod first = builder.build();
    Pod second = builder.label("b", "2").build();

    assertThat(first.labels()).containsOnlyKeys("a");
    assertThat(second.labels()).containsOnlyKeys("a", "b");
    assertThat(first.toBuilder().name("q").build().name()).isEqualTo("q");
    assertThat(first.name()).isEqualTo("p");
  }

  @Test
  void records_rejectNullElements() {
    Map<String, String> withNullValue = new HashMap<>();
    withNullValue.put("a", null);
    List<String> withNull = new ArrayList<>();
    withNull.add(null);

    assertThatThrownBy(() -> ObjectMeta.builder().labels(withNullValue).build())
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("labels");
    assertThatThrownBy(
            () ->
                new PodSpec(
                    null, null, null, null, null, null, null, null, null, null, null, null,
                    withNull, null, false))
        .isInstanceOf(NullPointerException.class);
  }

  @Test
  void node_allocatableDefaultsToCapacity() {
    Node onlyCapacity =
        Node.builder().name("n").capacity("cpu", "4").capacity("memory", "8Gi").build();
    Node both = fullNode();

    assertThat(onlyCapacity.status().allocatable()).isEqualTo(onlyCapacity.status().capacity());
    assertThat(onlyCapacity.allocatable().getOrZero("memory")).hasToString("8Gi");
    assertThat(both.status().capacity()).isEqualTo(ResourceList.of("cpu", "8"));
    assertThat(both.allocatable()).isEqualTo(ResourceList.of("cpu", "7500m"));
    assertThat(Node.builder().name("empty").build().allocatable().isEmpty()).isTrue();
  }

  @Test
  void node_conveniences() {
    Node node = fullNode();

    assertThat(node.name()).isEqualTo("n1");
    assertThat(node.kind()).isEqualTo("Node");
    assertThat(node.key()).isEqualTo("n1");
    assertThat(node.labels()).containsEntry("topology.kubernetes.io/zone", "a");
    assertThat(node.taints())
        .containsExactly(Taint.of("dedicated", "gpu", TaintEffect.NO_SCHEDULE));
    assertThat(node.spec().unschedulable()).isTrue();
    assertThat(node.status().images())
        .containsExactly(new ContainerImage(List.of("nginx:1.25", "nginx@sha256:abc"), 1_000_000));
  }

  @Test
  void requiredEnums_areRequired() {
    assertThatThrownBy(() -> Taint.builder().key("k").build())
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("taint k: effect is required");
    assertThatThrownBy(() -> TopologySpreadConstraint.builder().topologyKey("zone").build())
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("whenUnsatisfiable");
    assertThatThrownBy(() -> NodeSelectorRequirement.builder().key("k").build())
        .isInstanceOf(NullPointerException.class);
  }

  @Test
  void pdbSpec_nullOrEmptySelectorSelectsNothing() {
    Map<String, String> labels = Map.of("app", "web");

    assertThat(PodDisruptionBudgetSpec.builder().build().selects(labels)).isFalse();
    assertThat(
            PodDisruptionBudgetSpec.builder()
                .selector(LabelSelector.everything())
                .build()
                .selects(labels))
        .isFalse();
    assertThat(
            PodDisruptionBudgetSpec.builder()
                .selector(LabelSelector.of(labels))
                .build()
                .selects(labels))
        .isTrue();
  }

  @Test
  void service_selectsPodsOfItsNamespace() {
    Service service = Service.builder().name("web").selector("app", "web").build();
    Pod match = Pod.builder().name("p").label("app", "web").label("x", "y").build();

    assertThat(service.selects(match)).isTrue();
    assertThat(service.selects(match.toBuilder().namespace("other").build())).isFalse();
    assertThat(service.selects(Pod.builder().name("q").label("app", "db").build())).isFalse();
    assertThat(Service.builder().name("empty").build().selects(match)).isFalse();
  }

  @Test
  void workload_factories() {
    ObjectMeta meta = ObjectMeta.builder().name("rc").namespace("prod").build();
    Workload rc = Workload.replicationController(meta, Map.of("app", "web"));

    assertThat(rc.kind()).isEqualTo(Workload.REPLICATION_CONTROLLER);
    assertThat(rc.selector()).isEqualTo(LabelSelector.of(Map.of("app", "web")));
    assertThat(rc.key()).isEqualTo("prod/rc");
    assertThat(Workload.statefulSet(meta, null).kind()).isEqualTo("StatefulSet");
    assertThat(Workload.replicationController(meta, null).selector().isEmpty()).isTrue();
  }

  @Test
  void kinds() {
    assertThat(PodDisruptionBudget.builder().build().kind()).isEqualTo("PodDisruptionBudget");
    assertThat(PriorityClass.builder().build().kind()).isEqualTo("PriorityClass");
    assertThat(PodGroup.builder().build().kind()).isEqualTo("PodGroup");
    assertThat(Namespace.of("ns", Map.of()).kind()).isEqualTo("Namespace");
    assertThat(Namespace.of("ns", Map.of()).key()).isEqualTo("ns");
    assertThat(Service.builder().build().kind()).isEqualTo("Service");
  }
}
