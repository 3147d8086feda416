package io.schedkit.core.cache;

import static io.schedkit.core.cache.CacheFixtures.hostPort;
import static io.schedkit.core.cache.CacheFixtures.names;
import static io.schedkit.core.cache.CacheFixtures.uids;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinity;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.framework.model.PodAntiAffinity;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The facts of upstream {@code snapshot_test.go} for {@link Snapshot#of}, and its read API. */
final class SnapshotTest {
  private static final long MB = 1024 * 1024;

  private static PodAffinityTerm term(String key, String value) {
    return PodAffinityTerm.builder()
        .labelSelector(LabelSelector.of(Map.of(key, value)))
        .topologyKey(key)
        .build();
  }

  private static Pod affinityPod(String name, String node, String key, String value) {
    return Pod.builder()
        .name(name)
        .namespace("ns")
        .uid(name + "-" + node)
        .nodeName(node)
        .affinity(
            Affinity.builder()
                .podAffinity(PodAffinity.builder().required(term(key, value)).build())
                .build())
        .build();
  }

  private static final Pod WITH_ANNOTATIONS =
      Pod.builder()
          .name("foo")
          .namespace("ns")
          .uid("foo-ns")
          .nodeName("node-1")
          .annotation("custom", "annotation")
          .build();
  private static final Pod WITH_PORT =
      Pod.builder()
          .name("foo")
          .namespace("foo")
          .uid("foo-foo")
          .nodeName("node-0")
          .container(Container.builder().hostPort(8080, "").build())
          .build();
  private static final Pod WITH_ANTI_AFFINITY =
      Pod.builder()
          .name("baz")
          .namespace("ns")
          .uid("baz")
          .nodeName("node-0")
          .affinity(
              Affinity.builder()
                  .podAntiAffinity(
                      PodAntiAffinity.builder().required(term("another", "label")).build())
                  .build())
          .build();
  private static final Pod AFFINITY_ON_NODE_2 = affinityPod("bar", "node-2", "baz", "qux");
  private static final Pod AFFINITY_ON_NODE_0 = affinityPod("bar", "node-0", "key", "value");

  static Stream<Arguments> ofCases() {
    List<Node> threeNodes =
        List.of(
            Node.builder().name("node-0").build(),
            Node.builder().name("node-1").build(),
            Node.builder().name("node-2").label("baz", "qux").build());
    return Stream.of(
        arguments("no pods no nodes", List.of(), List.of(), Map.of(), 0, 0),
        arguments(
            "single pod single node",
            List.of(Node.builder().name("node-0").build()),
            List.of(WITH_PORT),
            Map.of("node-0", List.of(WITH_PORT)),
            0,
            0),
        arguments(
            "multiple nodes, pod with affinity",
            threeNodes,
            List.of(WITH_ANNOTATIONS, AFFINITY_ON_NODE_2),
            Map.of(
                "node-0", List.of(),
                "node-1", List.of(WITH_ANNOTATIONS),
                "node-2", List.of(AFFINITY_ON_NODE_2)),
            1,
            0),
        arguments(
            "multiple nodes, pod with affinity, pod with anti-affinity",
            List.of(
                Node.builder().name("node-0").label("key", "value").build(),
                Node.builder().name("node-1").label("another", "label").build()),
            List.of(AFFINITY_ON_NODE_0, WITH_ANTI_AFFINITY),
            Map.of("node-0", List.of(AFFINITY_ON_NODE_0, WITH_ANTI_AFFINITY), "node-1", List.of()),
            1,
            1));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ofCases")
  void of_placesPodsOnTheirNodes(
      String name,
      List<Node> nodes,
      List<Pod> pods,
      Map<String, List<Pod>> podsByNode,
      int withAffinity,
      int withAntiAffinity) {
    Snapshot snapshot = Snapshot.of(nodes, pods);

    assertThat(snapshot.size()).isEqualTo(nodes.size());
    for (Node node : nodes) {
      NodeInfo info = snapshot.get(node.name()).orElseThrow();
      assertThat(info.node()).isSameAs(node);
      assertThat(info.pods())
          .extracting(PodInfo::pod)
          .containsExactlyElementsOf(podsByNode.get(node.name()));
    }
    assertThat(snapshot.havePodsWithAffinity()).hasSize(withAffinity);
    assertThat(snapshot.havePodsWithRequiredAntiAffinity()).hasSize(withAntiAffinity);
  }

  @Test
  void of_aggregatesHostPortsAndAffinityPods() {
    Snapshot snapshot =
        Snapshot.of(
            List.of(Node.builder().name("node-0").build()),
            List.of(WITH_PORT, AFFINITY_ON_NODE_0, WITH_ANTI_AFFINITY));

    NodeInfo info = snapshot.get("node-0").orElseThrow();
    assertThat(info.usedPorts().ports()).containsExactly(hostPort("0.0.0.0", "TCP", 8080));
    assertThat(uids(info.podsWithAffinity()))
        .containsExactlyInAnyOrder(AFFINITY_ON_NODE_0.uid(), WITH_ANTI_AFFINITY.uid());
    assertThat(uids(info.podsWithRequiredAntiAffinity())).containsExactly(WITH_ANTI_AFFINITY.uid());
    assertThat(names(snapshot.havePodsWithAffinity())).containsExactly("node-0");
    assertThat(names(snapshot.havePodsWithRequiredAntiAffinity())).containsExactly("node-0");
  }

  @Test
  void of_leavesOutPodsWithoutAKnownNode() {
    Pod unassigned = Pod.builder().name("u").uid("u").build();
    Pod elsewhere = CacheFixtures.pod("e", "e", "gone");
    Pod here = CacheFixtures.pod("h", "h", "n1");

    Snapshot snapshot =
        Snapshot.of(
            List.of(Node.builder().name("n1").build()), List.of(unassigned, elsewhere, here));

    assertThat(snapshot.size()).isEqualTo(1);
    assertThat(snapshot.get("gone")).isEmpty();
    assertThat(snapshot.get("")).isEmpty();
    assertThat(snapshot.get("n1").orElseThrow().pods())
        .extracting(PodInfo::pod)
        .containsExactly(here);
  }

  @Test
  void of_listsNodesRoundRobinAcrossZones() {
    List<Node> nodes =
        List.of(
            CacheFixtures.zonedNode("a1", "r", "a"),
            CacheFixtures.zonedNode("a2", "r", "a"),
            CacheFixtures.zonedNode("b1", "r", "b"),
            CacheFixtures.zonedNode("a3", "r", "a"),
            CacheFixtures.zonedNode("c1", "r", "c"),
            CacheFixtures.zonedNode("b2", "r", "b"));

    assertThat(names(Snapshot.of(nodes, List.of()).list()))
        .containsExactly("a1", "b1", "c1", "a2", "b2", "a3");
  }

  static Stream<Arguments> imageCases() {
    return Stream.of(
        arguments(
            "two nodes share an image",
            List.of(
                Node.builder().name("node-0").image(10 * MB, "gcr.io/10:v1").build(),
                Node.builder()
                    .name("node-1")
                    .image(10 * MB, "gcr.io/10:v1")
                    .image(200 * MB, "gcr.io/200:v1")
                    .build()),
            Map.of("gcr.io/10:v1", 2, "gcr.io/200:v1", 1, "gcr.io/none:v1", 0)),
        arguments(
            "a node without images",
            List.of(
                Node.builder().name("node-0").build(),
                Node.builder()
                    .name("node-1")
                    .image(10 * MB, "gcr.io/10:v1")
                    .image(200 * MB, "gcr.io/200:v1")
                    .build()),
            Map.of("gcr.io/10:v1", 1, "gcr.io/200:v1", 1)),
        arguments(
            "an image known by two names",
            List.of(Node.builder().name("node-0").image(10 * MB, "img:v1", "img@sha256:1").build()),
            Map.of("img:v1", 1, "img@sha256:1", 1)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("imageCases")
  void imageNodeCount_countsNodesPerImageName(
      String name, List<Node> nodes, Map<String, Integer> counts) {
    Snapshot snapshot = Snapshot.of(nodes, List.of());

    counts.forEach((image, n) -> assertThat(snapshot.imageNodeCount(image)).as(image).isEqualTo(n));
  }

  @Test
  void of_rejectsDuplicateNodeNames() {
    Node node = Node.builder().name("n1").build();

    assertThatIllegalArgumentException()
        .isThrownBy(() -> Snapshot.of(List.of(node, node), List.of()))
        .withMessage("duplicate node n1");
  }

  @Test
  void emptySnapshot_hasNothing() {
    Snapshot snapshot = new Snapshot();

    assertThat(snapshot.size()).isZero();
    assertThat(snapshot.list()).isEmpty();
    assertThat(snapshot.havePodsWithAffinity()).isEmpty();
    assertThat(snapshot.havePodsWithRequiredAntiAffinity()).isEmpty();
    assertThat(snapshot.get("n1")).isEmpty();
    assertThat(snapshot.imageNodeCount("img")).isZero();
    assertThat(snapshot.generation()).isZero();
  }

  @Test
  void lists_areReadOnly() {
    Snapshot snapshot = Snapshot.of(List.of(Node.builder().name("n1").build()), List.of());

    assertThatThrownBy(() -> snapshot.list().remove(0))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> snapshot.havePodsWithAffinity().add(new NodeInfo()))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aSlotHandle_replacesItsNode_untilTheNodeIsDroppedOrTheSnapshotCleared() {
    Snapshot snapshot = new Snapshot();
    NodeInfo a = NodeInfo.of(Node.builder().name("a").build());
    NodeInfo b = NodeInfo.of(Node.builder().name("b").build());
    snapshot.put("a", a);
    snapshot.put("b", b);
    Snapshot.Slot slotA = snapshot.slot("a");
    Snapshot.Slot slotB = snapshot.slot("b");

    NodeInfo a2 = a.copy();
    assertThat(snapshot.holds(slotA)).isTrue();
    assertThat(snapshot.replace(slotA, a2)).isSameAs(a);
    assertThat(snapshot.get("a")).containsSame(a2);

    snapshot.removeIf("a"::equals);
    assertThat(snapshot.holds(slotA)).as("dropped with its node").isFalse();
    assertThat(snapshot.holds(slotB)).isTrue();
    assertThat(new Snapshot().holds(slotB)).as("another snapshot's").isFalse();

    snapshot.clear();
    assertThat(snapshot.holds(slotB)).as("dropped by clear").isFalse();
    assertThat(snapshot.holds(null)).isFalse();
  }
}
