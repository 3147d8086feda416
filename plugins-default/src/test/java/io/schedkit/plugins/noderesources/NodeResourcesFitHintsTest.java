package io.schedkit.plugins.noderesources;

import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.EXTENDED_A;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.EXTENDED_B;
import static io.schedkit.plugins.noderesources.NodeResourcesFixtures.resourcePod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.ResourceList;
import io.schedkit.plugins.noderesources.NodeResourcesFixtures.Res;
import io.schedkit.testing.Wrappers;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * NodeResourcesFit's events and queueing hints: upstream's {@code TestEventsToRegister}, {@code
 * Test_isSchedulableAfterPodChange}, {@code Test_isSchedulableAfterNodeChange}, {@code TestIsFit}
 * and {@code TestHaveAnyRequestedResourcesIncreased} (fit_test.go), with the v1.35 defaults:
 * InPlacePodVerticalScaling and SchedulerQueueingHints on, DRAExtendedResource off. Upstream's
 * cases for other feature settings are left out.
 */
final class NodeResourcesFitHintsTest {
  private final NodeResourcesFit plugin = new NodeResourcesFit();

  private static Pod cpu(String name, String uid, String cpu) {
    return Wrappers.makePod().name(name).uid(uid).req(Map.of("cpu", cpu)).obj();
  }

  private static Pod podLevelCpu(String name, String uid, String resource, String value) {
    return Wrappers.makePod()
        .name(name)
        .uid(uid)
        .resources(
            new io.schedkit.framework.model.ResourceRequirements(
                ResourceList.of(resource, value), ResourceList.empty()))
        .obj();
  }

  private static Pod bound(Pod pod) {
    return pod.toBuilder().nodeName("fake").build();
  }

  private static Node capacity(Map<String, String> resources) {
    return Wrappers.makeNode().capacity(resources).obj();
  }

  @Test
  void eventsToRegister_v135WithQueueingHints() {
    List<ClusterEventWithHint> events = plugin.eventsToRegister();

    assertThat(events)
        .extracting(ClusterEventWithHint::event)
        .containsExactly(
            ClusterEvent.of(
                EventResource.POD, ActionType.UPDATE_POD_SCALE_DOWN.or(ActionType.DELETE)),
            ClusterEvent.of(
                EventResource.NODE, ActionType.ADD.or(ActionType.UPDATE_NODE_ALLOCATABLE)));
    assertThat(events).allSatisfy(e -> assertThat(e.hint()).isNotNull());
  }

  static Stream<Arguments> podChanges() {
    return Stream.of(
        arguments(
            "queue-on-other-pod-deleted",
            cpu("pod1", "pod1", "1"),
            bound(cpu("pod2", "pod2", "1")),
            null,
            QueueingHint.QUEUE),
        arguments(
            "skip-queue-on-unscheduled-pod-deleted",
            Pod.builder().build(),
            Pod.builder().build(),
            null,
            QueueingHint.QUEUE_SKIP),
        // schedkit: a deleted pod nominated to a node held room there (upstream v1.34+).
        arguments(
            "queue-on-nominated-pod-deleted",
            cpu("pod1", "pod1", "1"),
            cpu("pod2", "pod2", "1").toBuilder().nominatedNodeName("fake").build(),
            null,
            QueueingHint.QUEUE),
        arguments(
            "skip-queue-on-other-unscheduled-pod",
            cpu("pod1", "uid0", "1"),
            cpu("pod2", "uid1", "2"),
            cpu("pod2", "uid1", "1"),
            QueueingHint.QUEUE_SKIP),
        arguments(
            "skip-queue-on-other-pod-unrelated-resource-scaled-down",
            cpu("pod1", "pod1", "1"),
            bound(Wrappers.makePod().name("pod2").uid("pod2").req(Map.of("memory", "2")).obj()),
            bound(Wrappers.makePod().name("pod2").uid("pod2").req(Map.of("memory", "1")).obj()),
            QueueingHint.QUEUE_SKIP),
        arguments(
            "skip-queue-on-other-pod-unrelated-pod-level-resource-scaled-down",
            podLevelCpu("pod1", "pod1", "cpu", "1"),
            bound(podLevelCpu("pod2", "pod2", "memory", "2")),
            bound(podLevelCpu("pod2", "pod2", "memory", "1")),
            QueueingHint.QUEUE_SKIP),
        arguments(
            "queue-on-other-pod-some-resource-scale-down",
            cpu("pod1", "pod1", "1"),
            bound(cpu("pod2", "pod2", "2")),
            bound(cpu("pod2", "pod2", "1")),
            QueueingHint.QUEUE),
        arguments(
            "queue-on-other-pod-some-pod-level-resource-scale-down",
            podLevelCpu("pod1", "pod1", "cpu", "1"),
            bound(podLevelCpu("pod2", "pod2", "cpu", "2")),
            bound(podLevelCpu("pod2", "pod2", "cpu", "1")),
            QueueingHint.QUEUE),
        arguments(
            "queue-on-target-pod-some-resource-scale-down",
            cpu("pod1", "pod1", "1"),
            cpu("pod1", "pod1", "2"),
            cpu("pod1", "pod1", "1"),
            QueueingHint.QUEUE),
        arguments(
            "queue-on-target-pod-some-pod-level-resource-scale-down",
            podLevelCpu("pod1", "pod1", "cpu", "1"),
            podLevelCpu("pod1", "pod1", "cpu", "2"),
            podLevelCpu("pod1", "pod1", "cpu", "1"),
            QueueingHint.QUEUE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("podChanges")
  void podHint_afterPodChange(String name, Pod pod, Pod oldPod, Pod newPod, QueueingHint want)
      throws Exception {
    assertThat(plugin.eventsToRegister().get(0).hint().hint(pod, oldPod, newPod)).isEqualTo(want);
  }

  @Test
  void podHint_wrongObjects_throw() {
    var hint = plugin.eventsToRegister().get(0).hint();
    Pod pod = Pod.builder().build();

    assertThatThrownBy(() -> hint.hint(pod, "not-a-pod", null))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> hint.hint(pod, null, "not-a-pod"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  static Stream<Arguments> nodeChanges() {
    Pod memAndA = resourcePod(Res.of(0, 2).with(EXTENDED_A, 1));
    return Stream.of(
        arguments(
            "skip-queue-on-node-add-without-sufficient-resources",
            resourcePod(Res.of(0, 2)),
            null,
            capacity(Map.of("memory", "1")),
            QueueingHint.QUEUE_SKIP),
        arguments(
            "skip-queue-on-node-add-without-required-resource-type",
            resourcePod(Res.scalar(EXTENDED_A, 1)),
            null,
            capacity(Map.of(EXTENDED_B, "1")),
            QueueingHint.QUEUE_SKIP),
        arguments(
            "queue-on-node-add-with-sufficient-resources",
            memAndA,
            null,
            capacity(Map.of("memory", "4", EXTENDED_A, "2")),
            QueueingHint.QUEUE),
        arguments(
            "skip-queue-on-node-unrelated-changes",
            memAndA,
            capacity(Map.of("memory", "2", EXTENDED_A, "2")),
            capacity(Map.of("memory", "2", EXTENDED_A, "1", EXTENDED_B, "2")),
            QueueingHint.QUEUE_SKIP),
        arguments(
            "queue-on-pod-requested-resources-increase",
            memAndA,
            capacity(Map.of("memory", "2", EXTENDED_A, "1")),
            capacity(Map.of("memory", "2", EXTENDED_A, "2")),
            QueueingHint.QUEUE),
        arguments(
            "skip-queue-on-node-changes-from-suitable-to-unsuitable",
            memAndA,
            capacity(Map.of("memory", "4", EXTENDED_A, "2")),
            capacity(Map.of("memory", "1", EXTENDED_A, "2")),
            QueueingHint.QUEUE_SKIP),
        arguments(
            "queue-on-node-changes-from-unsuitable-to-suitable",
            memAndA,
            capacity(Map.of("memory", "1", EXTENDED_A, "2")),
            capacity(Map.of("memory", "4", EXTENDED_A, "2")),
            QueueingHint.QUEUE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("nodeChanges")
  void nodeHint_afterNodeChange(String name, Pod pod, Node oldNode, Node newNode, QueueingHint want)
      throws Exception {
    assertThat(plugin.eventsToRegister().get(1).hint().hint(pod, oldNode, newNode)).isEqualTo(want);
  }

  @Test
  void nodeHint_wrongObjects_throw() {
    var hint = plugin.eventsToRegister().get(1).hint();
    Pod pod = Pod.builder().build();

    assertThatThrownBy(() -> hint.hint(pod, null, "not-a-node"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> hint.hint(pod, "not-a-node", Node.builder().build()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  static Stream<Arguments> isFit() {
    return Stream.of(
        arguments("nil node", Pod.builder().build(), null, false),
        arguments(
            "insufficient resource",
            Wrappers.makePod().req(Map.of("cpu", "2")).obj(),
            capacity(Map.of("cpu", "1")),
            false),
        arguments(
            "sufficient resource",
            Wrappers.makePod().req(Map.of("cpu", "1")).obj(),
            capacity(Map.of("cpu", "2")),
            true),
        arguments(
            "insufficient pod-level resource",
            podLevelCpu("p", "p", "cpu", "2"),
            capacity(Map.of("cpu", "1")),
            false),
        arguments(
            "sufficient pod-level resource",
            podLevelCpu("p", "p", "cpu", "2"),
            capacity(Map.of("cpu", "2")),
            true),
        arguments(
            "sufficient pod-level resource hugepages",
            podLevelCpu("p", "p", "hugepages-2Mi", "2Mi"),
            capacity(Map.of("hugepages-2Mi", "2Mi")),
            true),
        arguments(
            "insufficient pod-level resource hugepages",
            podLevelCpu("p", "p", "hugepages-2Mi", "4Mi"),
            capacity(Map.of("hugepages-2Mi", "2Mi")),
            false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("isFit")
  void fitsEmpty_isFit(String name, Pod pod, Node node, boolean want) {
    assertThat(FitHints.fitsEmpty(pod, node)).isEqualTo(want);
  }

  private static Map<String, String> node(
      String pods, String cpu, String mem, String es, String a) {
    java.util.Map<String, String> m = new java.util.TreeMap<>();
    if (pods != null) {
      m.put("pods", pods);
    }
    m.put("cpu", cpu);
    m.put("memory", mem);
    m.put("ephemeral-storage", es);
    if (a != null) {
      m.put(EXTENDED_A, a);
    }
    return m;
  }

  static Stream<Arguments> requestedResourcesIncreased() {
    Res all = new Res(2, 2, 2, Map.of(EXTENDED_A, 2L));
    return Stream.of(
        arguments(
            "no-requested-resources",
            resourcePod(Res.none()),
            node("1", "1", "1", "1", "1"),
            node("1", "2", "2", "2", "2"),
            false),
        arguments(
            "no-requested-resources-pods-increased",
            resourcePod(Res.none()),
            node("1", "1", "1", "1", "1"),
            node("2", "1", "1", "1", "1"),
            true),
        arguments(
            "scalar-resources-not-in-node",
            resourcePod(all),
            node(null, "1", "2", "3", null),
            node(null, "1", "2", "1", null),
            false),
        arguments(
            "requested-resources-decreased",
            resourcePod(all),
            node(null, "1", "2", "3", "4"),
            node(null, "1", "2", "1", "1"),
            false),
        arguments(
            "requested-resources-increased",
            resourcePod(all),
            node(null, "1", "2", "3", "4"),
            node(null, "3", "4", "3", "4"),
            true),
        arguments(
            "non-requested-resources-decreased",
            resourcePod(Res.of(2, 2)),
            node(null, "1", "2", "3", "4"),
            node(null, "1", "2", "1", "1"),
            false),
        arguments(
            "non-requested-resources-increased",
            resourcePod(Res.of(2, 2)),
            node(null, "1", "2", "3", "4"),
            node(null, "1", "2", "5", "6"),
            false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("requestedResourcesIncreased")
  void requestedResourcesIncreased_haveAnyRequestedResourcesIncreased(
      String name,
      Pod pod,
      Map<String, String> original,
      Map<String, String> modified,
      boolean want) {
    assertThat(FitHints.requestedResourcesIncreased(pod, capacity(original), capacity(modified)))
        .isEqualTo(want);
  }
}
