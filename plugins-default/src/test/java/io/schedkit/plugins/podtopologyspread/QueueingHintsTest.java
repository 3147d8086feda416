package io.schedkit.plugins.podtopologyspread;

import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.BAR;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.DNS;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.FOO;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.HONOR;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.IGNORE;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.UNSCHEDULABLE_TAINT_KEY;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.node;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.pod;
import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.QueueingHintFunction;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Taint;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.testing.PodWrapper;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Upstream's {@code Test_isSchedulableAfterNodeChange} and {@code Test_isSchedulableAfterPodChange}
 * (v1.35 tables), and the registered events.
 */
final class QueueingHintsTest {
  private static final QueueingHint QUEUE = QueueingHint.QUEUE;
  private static final QueueingHint SKIP = QueueingHint.QUEUE_SKIP;

  private final PodTopologySpread plugin =
      new PodTopologySpread(
          PodTopologySpreadFixtures.listArgs(),
          PodTopologySpreadFixtures.handle(List.of(), List.of(), List.of()));

  private static Pod zoneFoo() {
    return pod("p").spreadConstraint(1, "zone", DNS, FOO, null, null, null, null).obj();
  }

  private static Pod zoneAndNodeFoo() {
    return pod("p")
        .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
        .spreadConstraint(1, "node", DNS, FOO, null, null, null, null)
        .obj();
  }

  private static Taint noSchedule(String key) {
    return Taint.of(key, "bbb", TaintEffect.NO_SCHEDULE);
  }

  static Stream<Arguments> nodeCases() {
    return Stream.of(
        arguments(
            "node updates label which matches topologyKey",
            zoneFoo(),
            node("node-a").label("zone", "zone1").obj(),
            node("node-a").label("zone", "zone2").obj(),
            QUEUE),
        arguments(
            "node that doesn't match topologySpreadConstraints updates non-related label",
            zoneFoo(),
            node("node-a").label("foo", "bar1").obj(),
            node("node-a").label("foo", "bar2").obj(),
            SKIP),
        arguments(
            "node that match topologySpreadConstraints adds non-related label",
            zoneAndNodeFoo(),
            node("node-a").label("zone", "zone1").label("node", "node1").label("foo", "bar").obj(),
            node("node-a").label("zone", "zone1").label("node", "node1").obj(),
            SKIP),
        arguments(
            "create node with non-related labels",
            zoneFoo(),
            null,
            node("node-a").label("foo", "bar").obj(),
            SKIP),
        arguments(
            "create node with related labels",
            zoneFoo(),
            null,
            node("node-a").label("zone", "zone1").obj(),
            QUEUE),
        arguments(
            "delete node with non-related labels",
            zoneFoo(),
            node("node-a").label("foo", "bar").obj(),
            null,
            SKIP),
        arguments(
            "delete node with related labels",
            zoneFoo(),
            node("node-a").label("zone", "zone1").obj(),
            null,
            QUEUE),
        arguments(
            "add node with related labels that only match one of topologySpreadConstraints",
            zoneAndNodeFoo(),
            null,
            node("node-a").label("zone", "zone1").obj(),
            SKIP),
        arguments(
            "add node with related labels that match all topologySpreadConstraints",
            zoneAndNodeFoo(),
            null,
            node("node-a").label("zone", "zone1").label("node", "node1").obj(),
            QUEUE),
        arguments(
            "update node with related labels that only match one of topologySpreadConstraints",
            zoneAndNodeFoo(),
            node("node-a").label("zone", "zone1").obj(),
            node("node-a").label("zone", "zone1").obj(),
            SKIP),
        arguments(
            "update node with related labels that match all topologySpreadConstraints",
            zoneAndNodeFoo(),
            node("node-a").label("zone", "zone1").label("node", "node1").obj(),
            node("node-a").label("zone", "zone1").label("node", "node2").obj(),
            QUEUE),
        arguments(
            "update node with different taints that match all topologySpreadConstraints",
            zoneAndNodeFoo(),
            node("node-a")
                .label("zone", "zone1")
                .label("node", "node1")
                .taints(noSchedule("aaa"))
                .obj(),
            node("node-a")
                .label("zone", "zone1")
                .label("node", "node1")
                .taints(noSchedule("ccc"))
                .obj(),
            QUEUE),
        arguments(
            "update node with different taints that only match one of topologySpreadConstraints",
            zoneAndNodeFoo(),
            node("node-a").label("node", "node1").taints(noSchedule("aaa")).obj(),
            node("node-a").label("node", "node1").taints(noSchedule("ccc")).obj(),
            SKIP));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("nodeCases")
  void afterNodeChange(String name, Pod pod, Node oldNode, Node newNode, QueueingHint want)
      throws Exception {
    assertThat(nodeHint().hint(pod, oldNode, newNode)).isEqualTo(want);
  }

  private static PodWrapper target() {
    return pod("p").uid("p").label("foo", "");
  }

  private static Pod targetZoneFoo() {
    return target().spreadConstraint(1, "zone", DNS, FOO, null, null, null, null).obj();
  }

  private static Pod targetZoneFooNodeBar() {
    return target()
        .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
        .spreadConstraint(1, "node", DNS, BAR, null, null, null, null)
        .obj();
  }

  private static PodWrapper other() {
    return pod("").uid("p2");
  }

  private static PodWrapper assigned() {
    return other().node("fake-node");
  }

  static Stream<Arguments> podCases() {
    return Stream.of(
        arguments(
            "add pod with labels match topologySpreadConstraints selector",
            targetZoneFoo(),
            null,
            assigned().label("foo", "").obj(),
            QUEUE),
        arguments(
            "add un-scheduled pod", targetZoneFoo(), null, other().label("foo", "").obj(), SKIP),
        arguments(
            "update un-scheduled pod",
            targetZoneFoo(),
            other().label("bar", "").obj(),
            other().label("foo", "").obj(),
            SKIP),
        arguments(
            "delete un-scheduled pod", targetZoneFoo(), other().label("foo", "").obj(), null, SKIP),
        arguments(
            "add pod with different namespace",
            targetZoneFoo(),
            null,
            assigned().namespace("fake-namespace").label("foo", "").obj(),
            SKIP),
        arguments(
            "add pod with labels don't match topologySpreadConstraints selector",
            targetZoneFoo(),
            null,
            assigned().label("bar", "").obj(),
            SKIP),
        arguments(
            "delete pod with labels that match topologySpreadConstraints selector",
            targetZoneFoo(),
            assigned().label("foo", "").obj(),
            null,
            QUEUE),
        arguments(
            "delete pod with labels that don't match topologySpreadConstraints selector",
            targetZoneFoo(),
            assigned().label("bar", "").obj(),
            null,
            SKIP),
        arguments(
            "update pod's non-related label",
            targetZoneFoo(),
            assigned().label("foo", "").label("bar", "bar1").obj(),
            assigned().label("foo", "").label("bar", "bar2").obj(),
            SKIP),
        arguments(
            "add pod's label that matches topologySpreadConstraints selector",
            targetZoneFoo(),
            assigned().obj(),
            assigned().label("foo", "").obj(),
            QUEUE),
        arguments(
            "delete pod label that matches topologySpreadConstraints selector",
            targetZoneFoo(),
            assigned().label("foo", "").obj(),
            assigned().obj(),
            QUEUE),
        arguments(
            "change pod's label that matches topologySpreadConstraints selector",
            targetZoneFoo(),
            assigned().label("foo", "foo1").obj(),
            assigned().label("foo", "foo2").obj(),
            SKIP),
        arguments(
            "change pod's label that doesn't match topologySpreadConstraints selector",
            targetZoneFoo(),
            assigned().label("foo", "").label("bar", "bar1").obj(),
            assigned().label("foo", "").label("bar", "bar2").obj(),
            SKIP),
        arguments(
            "add pod's label that matches topologySpreadConstraints selector with multi"
                + " topologySpreadConstraints",
            targetZoneFooNodeBar(),
            assigned().label("foo", "").obj(),
            assigned().label("foo", "").label("bar", "bar2").obj(),
            QUEUE),
        arguments(
            "change pod's label that doesn't match topologySpreadConstraints selector with multi"
                + " topologySpreadConstraints",
            targetZoneFooNodeBar(),
            assigned().label("foo", "").obj(),
            assigned().label("foo", "").label("baz", "").obj(),
            SKIP),
        arguments(
            "change pod's label that match topologySpreadConstraints selector with multi"
                + " topologySpreadConstraints",
            targetZoneFooNodeBar(),
            assigned().label("foo", "").label("bar", "").obj(),
            assigned().label("foo", "").label("bar", "bar2").obj(),
            SKIP),
        arguments(
            "the unschedulable Pod has topologySpreadConstraint with NodeTaintsPolicy:Honor and has"
                + " got a new toleration",
            target()
                .spreadConstraint(1, "zone", DNS, FOO, null, null, HONOR, null)
                .spreadConstraint(1, "node", DNS, BAR, null, null, null, null)
                .obj(),
            target().obj(),
            target().toleration(UNSCHEDULABLE_TAINT_KEY).obj(),
            QUEUE),
        arguments(
            "the unschedulable Pod has topologySpreadConstraint without NodeTaintsPolicy:Honor and"
                + " has got a new toleration",
            target()
                .spreadConstraint(1, "zone", DNS, FOO, null, null, IGNORE, null)
                .spreadConstraint(1, "node", DNS, BAR, null, null, null, null)
                .obj(),
            target().obj(),
            target().toleration(UNSCHEDULABLE_TAINT_KEY).obj(),
            SKIP),
        arguments(
            "the unschedulable Pod has topologySpreadConstraint and has got a new label matching"
                + " the selector of the constraint",
            target()
                .spreadConstraint(1, "zone", DNS, FOO, null, null, IGNORE, null)
                .spreadConstraint(1, "node", DNS, BAR, null, null, null, null)
                .obj(),
            pod("p").uid("p").obj(),
            pod("p").uid("p").label("foo", "").obj(),
            QUEUE),
        arguments(
            "the unschedulable Pod has topologySpreadConstraint and has got a new unrelated label",
            target()
                .spreadConstraint(1, "zone", DNS, FOO, null, null, IGNORE, null)
                .spreadConstraint(1, "node", DNS, BAR, null, null, null, null)
                .obj(),
            pod("p").uid("p").obj(),
            pod("p").uid("p").label("unrelated", "").obj(),
            SKIP));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("podCases")
  void afterPodChange(String name, Pod pod, Pod oldPod, Pod newPod, QueueingHint want)
      throws Exception {
    assertThat(podHint().hint(pod, oldPod, newPod)).isEqualTo(want);
  }

  @Test
  void hint_wrongObjectType_throwsSoTheQueueQueuesThePod() {
    Node n = node("node-a").obj();

    assertThatThrownBy(() -> podHint().hint(targetZoneFoo(), null, n))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void eventsToRegister_upstreamEventsWithHints() {
    List<ClusterEventWithHint> events = plugin.eventsToRegister();

    assertThat(events)
        .extracting(ClusterEventWithHint::event)
        .containsExactly(
            ClusterEvent.of(
                EventResource.POD,
                ActionType.ADD
                    .or(ActionType.UPDATE_POD_LABEL)
                    .or(ActionType.UPDATE_POD_TOLERATION)
                    .or(ActionType.DELETE)),
            ClusterEvent.of(
                EventResource.NODE,
                ActionType.ADD
                    .or(ActionType.DELETE)
                    .or(ActionType.UPDATE_NODE_LABEL)
                    .or(ActionType.UPDATE_NODE_TAINT)));
    assertThat(events).allSatisfy(e -> assertThat(e.hint()).isNotNull());
  }

  private QueueingHintFunction podHint() {
    return plugin.eventsToRegister().get(0).hint();
  }

  private QueueingHintFunction nodeHint() {
    return plugin.eventsToRegister().get(1).hint();
  }
}
