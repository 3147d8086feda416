package io.schedkit.core.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.model.Node;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The facts of upstream {@code node_tree_test.go}, plus the zone key rules. */
final class NodeTreeTest {
  private static final String R1Z2 = "region-1:\u0000:zone-2";
  private static final String R1Z3 = "region-1:\u0000:zone-3";
  private static final String R2Z2 = "region-2:\u0000:zone-2";
  private static final String R2Z3 = "region-2:\u0000:zone-3";

  /** Upstream's {@code allNodes}. */
  private static final List<Node> ALL =
      List.of(
          Node.builder().name("node-0").build(),
          Node.builder().name("node-1").label(NodeTree.LABEL_REGION, "region-1").build(),
          Node.builder().name("node-2").label(NodeTree.LABEL_ZONE, "zone-2").build(),
          CacheFixtures.zonedNode("node-3", "region-1", "zone-2"),
          CacheFixtures.zonedNode("node-4", "region-1", "zone-2"),
          CacheFixtures.zonedNode("node-5", "region-1", "zone-3"),
          CacheFixtures.zonedNode("node-6", "region-2", "zone-2"),
          CacheFixtures.zonedNode("node-7", "region-2", "zone-2"),
          CacheFixtures.zonedNode("node-8", "region-2", "zone-2"),
          Node.builder()
              .name("node-9")
              .label(NodeTree.LABEL_REGION, "region-2")
              .label(NodeTree.LABEL_ZONE, "zone-2")
              .label(NodeTree.LABEL_FAILURE_DOMAIN_REGION, "region-2")
              .label(NodeTree.LABEL_FAILURE_DOMAIN_ZONE, "zone-2")
              .build(),
          Node.builder()
              .name("node-10")
              .label(NodeTree.LABEL_FAILURE_DOMAIN_REGION, "region-2")
              .label(NodeTree.LABEL_FAILURE_DOMAIN_ZONE, "zone-3")
              .build());

  private static List<Node> nodes(int from, int to) {
    return ALL.subList(from, to);
  }

  private static NodeTree treeOf(List<Node> nodes) {
    NodeTree tree = new NodeTree();
    nodes.forEach(tree::put);
    return tree;
  }

  @SafeVarargs
  private static Map<String, List<String>> zones(Map.Entry<String, List<String>>... entries) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> e : entries) {
      out.put(e.getKey(), e.getValue());
    }
    return out;
  }

  private static Map.Entry<String, List<String>> z(String zone, String... names) {
    return Map.entry(zone, List.of(names));
  }

  static Stream<Arguments> addCases() {
    return Stream.of(
        arguments("single node no labels", nodes(0, 1), zones(z("", "node-0"))),
        arguments(
            "same node specified twice", List.of(ALL.get(0), ALL.get(0)), zones(z("", "node-0"))),
        arguments(
            "mix of nodes with and without proper labels",
            nodes(0, 4),
            zones(
                z("", "node-0"),
                z("region-1:\u0000:", "node-1"),
                z(":\u0000:zone-2", "node-2"),
                z(R1Z2, "node-3"))),
        arguments(
            "mix of nodes with and without proper labels and some zones with multiple nodes",
            nodes(0, 7),
            zones(
                z("", "node-0"),
                z("region-1:\u0000:", "node-1"),
                z(":\u0000:zone-2", "node-2"),
                z(R1Z2, "node-3", "node-4"),
                z(R1Z3, "node-5"),
                z(R2Z2, "node-6"))),
        arguments(
            "nodes also using deprecated zone/region label",
            nodes(9, 11),
            zones(z(R2Z2, "node-9"), z(R2Z3, "node-10"))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("addCases")
  void put_addsNodesToTheirZones(String name, List<Node> toAdd, Map<String, List<String>> want) {
    NodeTree tree = treeOf(toAdd);

    assertThat(tree.zones()).containsExactlyEntriesOf(want);
    assertThat(tree.size()).isEqualTo(want.values().stream().mapToInt(List::size).sum());
  }

  static Stream<Arguments> removeCases() {
    return Stream.of(
        arguments(
            "remove a single node with no labels",
            nodes(0, 7),
            nodes(0, 1),
            true,
            zones(
                z("region-1:\u0000:", "node-1"),
                z(":\u0000:zone-2", "node-2"),
                z(R1Z2, "node-3", "node-4"),
                z(R1Z3, "node-5"),
                z(R2Z2, "node-6"))),
        arguments(
            "remove a few nodes including one from a zone with multiple nodes",
            nodes(0, 7),
            nodes(1, 4),
            true,
            zones(z("", "node-0"), z(R1Z2, "node-4"), z(R1Z3, "node-5"), z(R2Z2, "node-6"))),
        arguments("remove all nodes", nodes(0, 7), nodes(0, 7), true, zones()),
        arguments("remove non-existing node", List.of(), nodes(0, 5), false, zones()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("removeCases")
  void remove_dropsNodesAndEmptyZones(
      String name,
      List<Node> existing,
      List<Node> toRemove,
      boolean found,
      Map<String, List<String>> want) {
    NodeTree tree = treeOf(existing);

    for (Node n : toRemove) {
      assertThat(tree.remove(n.name())).isEqualTo(found);
    }

    assertThat(tree.zones()).containsExactlyEntriesOf(want);
    assertThat(tree.size()).isEqualTo(want.values().stream().mapToInt(List::size).sum());
  }

  static Stream<Arguments> updateCases() {
    Node node0InR1Z2 = CacheFixtures.zonedNode("node-0", "region-1", "zone-2");
    return Stream.of(
        arguments(
            "update a node without label",
            nodes(0, 7),
            node0InR1Z2,
            zones(
                z("region-1:\u0000:", "node-1"),
                z(":\u0000:zone-2", "node-2"),
                z(R1Z2, "node-3", "node-4", "node-0"),
                z(R1Z3, "node-5"),
                z(R2Z2, "node-6"))),
        arguments(
            "update the only existing node", nodes(0, 1), node0InR1Z2, zones(z(R1Z2, "node-0"))),
        arguments(
            "update non-existing node",
            nodes(0, 1),
            CacheFixtures.zonedNode("node-new", "region-1", "zone-2"),
            zones(z("", "node-0"), z(R1Z2, "node-new"))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("updateCases")
  void put_movesNodeWhoseZoneChanged(
      String name, List<Node> existing, Node update, Map<String, List<String>> want) {
    NodeTree tree = treeOf(existing);

    tree.put(update);

    assertThat(tree.zones()).containsExactlyEntriesOf(want);
  }

  static Stream<Arguments> listCases() {
    return Stream.of(
        arguments("empty tree", List.of(), List.of()),
        arguments("one node", nodes(0, 1), List.of("node-0")),
        arguments("four nodes", nodes(0, 4), List.of("node-0", "node-1", "node-2", "node-3")),
        arguments(
            "all nodes",
            nodes(0, 9),
            List.of(
                "node-0", "node-1", "node-2", "node-3", "node-5", "node-6", "node-4", "node-7",
                "node-8")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("listCases")
  void list_roundRobinAcrossZones(String name, List<Node> toAdd, List<String> want) {
    assertThat(treeOf(toAdd).list()).containsExactlyElementsOf(want);
  }

  static Stream<Arguments> multiOperationCases() {
    List<Node> fourToNine = new ArrayList<>(nodes(4, 9));
    fourToNine.add(ALL.get(3));
    List<Node> zoneRemovedThenNew = new ArrayList<>(nodes(3, 5));
    zoneRemovedThenNew.addAll(nodes(6, 8));
    return Stream.of(
        arguments(
            "add and remove all nodes",
            nodes(2, 9),
            nodes(2, 9),
            List.of("add", "add", "add", "remove", "remove", "remove"),
            List.of()),
        arguments(
            "add and remove some nodes",
            nodes(2, 9),
            nodes(2, 9),
            List.of("add", "add", "add", "remove"),
            List.of("node-3", "node-4")),
        arguments(
            "remove three nodes",
            nodes(2, 9),
            nodes(2, 9),
            List.of("add", "add", "add", "remove", "remove", "remove", "add"),
            List.of("node-5")),
        arguments(
            "add more nodes to an exhausted zone",
            fourToNine,
            List.of(),
            List.of("add", "add", "add", "add", "add", "add"),
            List.of("node-4", "node-5", "node-6", "node-3", "node-7", "node-8")),
        arguments(
            "remove zone and add new",
            zoneRemovedThenNew,
            nodes(3, 5),
            List.of("add", "add", "remove", "add", "add", "remove"),
            List.of("node-6", "node-7")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("multiOperationCases")
  void list_afterAddsAndRemoves(
      String name, List<Node> toAdd, List<Node> toRemove, List<String> ops, List<String> want) {
    NodeTree tree = new NodeTree();
    int added = 0;
    int removed = 0;
    for (String op : ops) {
      if (op.equals("add")) {
        tree.put(toAdd.get(added++));
      } else {
        tree.remove(toRemove.get(removed++).name());
      }
    }

    assertThat(tree.list()).containsExactlyElementsOf(want);
  }

  @Test
  void zoneKey_deprecatedLabelWinsWhenPresent() {
    Node both =
        Node.builder()
            .name("n")
            .label(NodeTree.LABEL_REGION, "new-region")
            .label(NodeTree.LABEL_ZONE, "new-zone")
            .label(NodeTree.LABEL_FAILURE_DOMAIN_REGION, "old-region")
            .label(NodeTree.LABEL_FAILURE_DOMAIN_ZONE, "old-zone")
            .build();

    assertThat(NodeTree.zoneKey(both)).isEqualTo("old-region:\u0000:old-zone");
  }

  @Test
  void zoneKey_emptyDeprecatedLabelStillWins() {
    Node node =
        Node.builder()
            .name("n")
            .label(NodeTree.LABEL_ZONE, "new-zone")
            .label(NodeTree.LABEL_FAILURE_DOMAIN_ZONE, "")
            .label(NodeTree.LABEL_REGION, "r")
            .build();

    assertThat(NodeTree.zoneKey(node)).isEqualTo("r:\u0000:");
  }

  @Test
  void zoneKey_emptyWithoutRegionAndZone() {
    Node node = Node.builder().name("n").label(NodeTree.LABEL_ZONE, "").build();

    assertThat(NodeTree.zoneKey(node)).isEmpty();
  }

  @Test
  void version_changesOnlyWhenMembershipOrOrderChanges() {
    NodeTree tree = treeOf(nodes(3, 6));
    long before = tree.version();

    tree.put(ALL.get(3));
    assertThat(tree.version()).isEqualTo(before);

    tree.put(CacheFixtures.zonedNode("node-3", "region-1", "zone-3"));
    assertThat(tree.version()).isGreaterThan(before);
    assertThat(tree.list()).containsExactly("node-4", "node-5", "node-3");

    long afterMove = tree.version();
    assertThat(tree.remove("missing")).isFalse();
    assertThat(tree.version()).isEqualTo(afterMove);
  }
}
