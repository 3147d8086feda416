package io.schedkit.plugins.interpodaffinity;

import static io.schedkit.framework.QueueingHint.QUEUE;
import static io.schedkit.framework.QueueingHint.QUEUE_SKIP;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.NAMESPACES;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.handle;
import static io.schedkit.testing.PodAffinityKind.POD_AFFINITY_WITH_REQUIRED_REQ;
import static io.schedkit.testing.PodAffinityKind.POD_ANTI_AFFINITY_WITH_REQUIRED_REQ;
import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.QueueingHintFunction;
import io.schedkit.framework.Registry;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Upstream's {@code plugin_test.go}: the events InterPodAffinity registers and their hints. */
final class InterPodAffinityTest {
  private static final List<String> SECURITYSCAN_VALUE2 = List.of("securityscan", "value2");

  private static InterPodAffinity plugin() {
    return new InterPodAffinity(
        InterPodAffinityArgs.defaults(), handle(List.of(), List.of(), NAMESPACES));
  }

  private static QueueingHintFunction hint(EventResource resource) {
    return plugin().eventsToRegister().stream()
        .filter(e -> e.event().resource() == resource)
        .findFirst()
        .orElseThrow()
        .hint();
  }

  @Test
  void eventsToRegister_podAddLabelDeleteAndNodeAddLabel() {
    List<ClusterEventWithHint> events = plugin().eventsToRegister();
    assertThat(events)
        .extracting(ClusterEventWithHint::event)
        .containsExactly(
            ClusterEvent.of(
                EventResource.POD,
                ActionType.ADD.or(ActionType.UPDATE_POD_LABEL).or(ActionType.DELETE)),
            ClusterEvent.of(EventResource.NODE, ActionType.ADD.or(ActionType.UPDATE_NODE_LABEL)));
    assertThat(events).allSatisfy(e -> assertThat(e.hint()).isNotNull());
  }

  @Test
  void registry_findsPluginWithDefaultArgs() {
    Registry registry = new Registry().register(InterPodAffinity.class);
    assertThat(registry.contains(InterPodAffinity.NAME)).isTrue();
    assertThat(plugin().name()).isEqualTo("InterPodAffinity");
  }

  private static Pod affinityPod() {
    return makePod()
        .uid("p")
        .name("p")
        .podAffinityIn("service", "region", SECURITYSCAN_VALUE2, POD_AFFINITY_WITH_REQUIRED_REQ)
        .obj();
  }

  private static Pod antiAffinityPod() {
    return makePod()
        .uid("p")
        .name("p")
        .podAntiAffinityIn(
            "service", "region", SECURITYSCAN_VALUE2, POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
        .obj();
  }

  private static Pod other(String node, Map<String, String> labels) {
    return makePod().uid("other").node(node).labels(labels).obj();
  }

  static Stream<Arguments> podChanges() {
    Pod multi =
        makePod()
            .uid("p")
            .name("p")
            .podAffinityExists("aaa", "hostname", POD_AFFINITY_WITH_REQUIRED_REQ)
            .podAffinityExists("bbb", "hostname", POD_AFFINITY_WITH_REQUIRED_REQ)
            .obj();
    Pod deletedWithAnti =
        makePod()
            .node("fake-node")
            .podAntiAffinityIn(
                "service", "region", SECURITYSCAN_VALUE2, POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
            .obj();
    return Stream.of(
        Arguments.of(
            "add a pod which matches the pod affinity",
            affinityPod(),
            null,
            other("fake-node", Map.of("service", "securityscan")),
            QUEUE),
        Arguments.of(
            "add an un-scheduled pod",
            affinityPod(),
            null,
            other("", Map.of("service", "securityscan")),
            QUEUE_SKIP),
        Arguments.of(
            "add a pod which doesn't match the pod affinity",
            affinityPod(),
            null,
            other("fake-node", Map.of("aaa", "a")),
            QUEUE_SKIP),
        Arguments.of(
            "update a pod from non-match to match pod affinity",
            affinityPod(),
            other("fake-node", Map.of("aaa", "a")),
            other("fake-node", Map.of("service", "securityscan")),
            QUEUE),
        Arguments.of(
            "the updating pod matches target pod's affinity both before and after label changes",
            affinityPod(),
            other("fake-node", Map.of("service", "value2")),
            other("fake-node", Map.of("service", "securityscan")),
            QUEUE_SKIP),
        Arguments.of(
            "update an un-scheduled pod",
            affinityPod(),
            other("", Map.of("aaa", "a")),
            other("", Map.of("service", "securityscan")),
            QUEUE_SKIP),
        Arguments.of(
            "update a pod from match to non-match the pod affinity",
            affinityPod(),
            other("fake-node", Map.of("service", "securityscan")),
            other("fake-node", Map.of("aaa", "a")),
            QUEUE_SKIP),
        Arguments.of(
            "update a pod from match to non-match pod's affinity - multiple terms case",
            multi,
            other("fake-node", Map.of("aaa", "a")),
            other("fake-node", Map.of("service", "securityscan")),
            QUEUE_SKIP),
        Arguments.of(
            "update a pod from non-match to match pod's affinity - multiple terms case",
            multi,
            other("fake-node", Map.of("aaa", "a")),
            other("fake-node", Map.of("aaa", "", "bbb", "")),
            QUEUE),
        Arguments.of(
            "updated pod is the target pod",
            makePod().uid("p").name("p").label("foo", "baz").obj(),
            makePod().uid("p").name("p").label("foo", "bar").obj(),
            makePod().uid("p").name("p").label("foo", "baz").obj(),
            QUEUE),
        Arguments.of(
            "modify pod label to change it from satisfying pod anti-affinity to not satisfying"
                + " anti-affinity",
            antiAffinityPod(),
            other("fake-node", Map.of("service", "securityscan")),
            other("fake-node", Map.of("service", "aaaa")),
            QUEUE),
        Arguments.of(
            "modify pod label to change it from not satisfying pod anti-affinity to satisfying"
                + " anti-affinity",
            antiAffinityPod(),
            other("fake-node", Map.of("service", "bbb")),
            other("fake-node", Map.of("service", "securityscan")),
            QUEUE_SKIP),
        Arguments.of(
            "delete a pod which doesn't match pod's anti-affinity",
            antiAffinityPod(),
            other("fake-node", Map.of("aaa", "a")),
            null,
            QUEUE_SKIP),
        Arguments.of(
            "delete a pod which matches pod's anti-affinity",
            antiAffinityPod(),
            other("fake-node", Map.of("service", "securityscan")),
            null,
            QUEUE),
        Arguments.of(
            "delete a pod with anti-affinity that matches pending pod",
            makePod().name("p").label("service", "securityscan").obj(),
            deletedWithAnti,
            null,
            QUEUE),
        Arguments.of(
            "delete a pod with anti-affinity that doesn't match pending pod",
            makePod().name("p").label("service", "foo").obj(),
            deletedWithAnti,
            null,
            QUEUE_SKIP),
        Arguments.of(
            "delete a pod which doesn't match pending pod's anti-affinity and has anti-affinity"
                + " that doesn't match pending pod",
            makePod()
                .name("p")
                .podAntiAffinityIn(
                    "service", "region", SECURITYSCAN_VALUE2, POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .label("service", "foo")
                .obj(),
            makePod()
                .node("fake-node")
                .podAntiAffinityIn(
                    "service", "region", SECURITYSCAN_VALUE2, POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .label("service", "foo")
                .obj(),
            null,
            QUEUE_SKIP));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("podChanges")
  void isSchedulableAfterPodChange(String name, Pod pod, Pod oldPod, Pod newPod, QueueingHint want)
      throws Exception {
    assertThat(hint(EventResource.POD).hint(pod, oldPod, newPod)).isEqualTo(want);
  }

  private static Node nodeA(Map<String, String> labels) {
    return makeNode().name("node-a").labels(labels).obj();
  }

  private static Pod affinityOnZone() {
    return makePod()
        .name("p")
        .podAffinityIn("service", "zone", SECURITYSCAN_VALUE2, POD_AFFINITY_WITH_REQUIRED_REQ)
        .obj();
  }

  private static Pod antiOnZone() {
    return makePod()
        .name("p")
        .podAntiAffinity(
            "zone",
            LabelSelector.of(Map.of("another", "label")),
            POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
        .obj();
  }

  static Stream<Arguments> nodeChanges() {
    Map<String, String> zone1 = Map.of("zone", "zone1");
    return Stream.of(
        // affinity
        Arguments.of(
            "add a new node with matched pod affinity topologyKey",
            affinityOnZone(),
            null,
            nodeA(zone1),
            QUEUE),
        Arguments.of(
            "add a new node without matched topologyKey",
            makePod()
                .name("p")
                .podAffinityIn(
                    "service", "region", SECURITYSCAN_VALUE2, POD_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            null,
            nodeA(zone1),
            QUEUE_SKIP),
        Arguments.of(
            "update node label but not topologyKey",
            affinityOnZone(),
            nodeA(Map.of("aaa", "a")),
            nodeA(Map.of("aaa", "b")),
            QUEUE_SKIP),
        Arguments.of(
            "update node label that isn't related to the pod affinity",
            affinityOnZone(),
            nodeA(zone1),
            nodeA(Map.of("zone", "zone1", "unrelated-label", "unrelated")),
            QUEUE_SKIP),
        Arguments.of(
            "update node with different affinity topologyKey value",
            affinityOnZone(),
            nodeA(zone1),
            nodeA(Map.of("zone", "zone2")),
            QUEUE),
        Arguments.of(
            "update node to have the affinity topology label",
            affinityOnZone(),
            nodeA(Map.of("aaa", "a")),
            nodeA(zone1),
            QUEUE),
        // anti-affinity
        Arguments.of(
            "add a new node with matched pod anti-affinity topologyKey",
            antiOnZone(),
            null,
            nodeA(zone1),
            QUEUE),
        Arguments.of(
            "add a new node without matched pod anti-affinity topologyKey",
            antiOnZone(),
            null,
            nodeA(Map.of()),
            QUEUE),
        Arguments.of(
            "update node label that isn't related to the pod anti-affinity",
            antiOnZone(),
            nodeA(zone1),
            nodeA(Map.of("zone", "zone1", "unrelated-label", "unrelated")),
            QUEUE_SKIP),
        Arguments.of(
            "update node with different anti-affinity topologyKey value",
            antiOnZone(),
            nodeA(zone1),
            nodeA(Map.of("zone", "zone2")),
            QUEUE),
        Arguments.of(
            "update node to have the anti-affinity topology label",
            antiOnZone(),
            nodeA(Map.of("aaa", "a")),
            nodeA(zone1),
            QUEUE_SKIP),
        Arguments.of(
            "update node label not to have anti-affinity topology label",
            antiOnZone(),
            nodeA(zone1),
            nodeA(Map.of("aaa", "a")),
            QUEUE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("nodeChanges")
  void isSchedulableAfterNodeChange(
      String name, Pod pod, Node oldNode, Node newNode, QueueingHint want) throws Exception {
    assertThat(hint(EventResource.NODE).hint(pod, oldNode, newNode)).isEqualTo(want);
  }
}
