package io.schedkit.framework;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.framework.model.Node;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

final class NodeToStatusTest {
  @Test
  void absentNodes_getTheAbsentStatus_explicitOnesTheirOwn() {
    NodeToStatus m = new NodeToStatus();
    m.set("n1", Status.unschedulable("Insufficient cpu"));
    assertThat(m.get("n1").reasons()).containsExactly("Insufficient cpu");
    assertThat(m.get("n2").code()).isEqualTo(Code.UNSCHEDULABLE_AND_UNRESOLVABLE);
    m.setAbsentStatus(Status.unschedulable("later"));
    assertThat(m.get("n2").reasons()).containsExactly("later");
    assertThat(m.size()).isEqualTo(1);
  }

  @Test
  void setAll_onAnEmptyMap_countsWithoutBuildingIt_thenReadsBack() {
    NodeToStatus m = new NodeToStatus();
    m.setAll(
        named("x", "y"), new Status[] {Status.unschedulable("rx"), Status.unschedulable("ry")}, 2);
    assertThat(m.size()).isEqualTo(2);
    assertThat(m.get("y").reasons()).containsExactly("ry");
    assertThat(m.size()).isEqualTo(2);
  }

  @Test
  void setAll_isSetOneByOne_withLaterEntriesWinning_andMixesWithSet() {
    NodeToStatus m = new NodeToStatus();
    m.set("a", Status.unschedulable("first"));
    m.setAll(
        named("b", "c", "a", "ignored"),
        new Status[] {
          Status.unschedulable("b1"),
          Status.unschedulable("c1"),
          Status.unschedulable("a1"),
          Status.unschedulable("beyond count")
        },
        3);
    assertThat(m.size()).isEqualTo(3); // "a" was there before: counted once
    assertThat(m.get("b").reasons()).containsExactly("b1");
    assertThat(m.get("a").reasons()).containsExactly("a1");
    assertThat(m.get("ignored").code()).isEqualTo(Code.UNSCHEDULABLE_AND_UNRESOLVABLE);
    m.setAll(named("a"), new Status[] {Status.unschedulable("second")}, 1);
    m.set("c", Status.unschedulable("c2"));
    assertThat(m.explicit()).containsOnlyKeys("a", "b", "c");
    assertThat(m.get("a").reasons()).containsExactly("second");
    assertThat(m.get("c").reasons()).containsExactly("c2");
  }

  private static NodeInfo[] named(String... names) {
    NodeInfo[] out = new NodeInfo[names.length];
    for (int i = 0; i < names.length; i++) {
      out[i] = NodeInfo.of(Node.builder().name(names[i]).build());
    }
    return out;
  }

  /** A lister over fixed nodes that knows their positions, as the scheduler's snapshot does. */
  private static NodeInfoLister lister(List<NodeInfo> nodes) {
    return new FakePositionLister(nodes);
  }

  private static List<NodeInfo> nodes(int count) {
    List<NodeInfo> nodes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      nodes.add(NodeInfo.of(Node.builder().name("n" + i).build()));
    }
    return nodes;
  }

  /**
   * By node, {@code nodesWithCode} answers from list positions; it must agree with looking every
   * node up by name, in lister order, whatever the recorded order, the absent status, a copy among
   * the recorded nodes (not the lister's own, so no position) or a node the lister does not have.
   */
  @Test
  void nodesWithCode_byPosition_agreesWithLookupByName() {
    Random random = new Random(11);
    Status a = Status.unschedulable("a");
    // Besides constants: copies naming a plugin (they share the constant's reasons), an equal
    // status built again from a new string, and errors whose cause makes a new reason list on
    // every read; the histogram counts reasons by their text whatever object holds them.
    Status[] choices = {
      a,
      Status.unresolvable("b"),
      Status.unschedulable("c"),
      a.withPlugin("P1"),
      a.withPlugin("P2"),
      Status.unschedulable(new StringBuilder("a").toString()),
      Status.error(new IllegalStateException("boom"))
    };
    for (int round = 0; round < 300; round++) {
      List<NodeInfo> nodes = nodes(1 + random.nextInt(40));
      NodeInfoLister lister = lister(nodes);
      List<NodeInfo> shuffled = new ArrayList<>(nodes);
      int count;
      if (round % 3 == 0) {
        // Every node, in list order from a random start, as a cycle that filtered all records them.
        java.util.Collections.rotate(shuffled, random.nextInt(shuffled.size()));
        count = shuffled.size();
      } else {
        java.util.Collections.shuffle(shuffled, random);
        count = random.nextInt(shuffled.size() + 1);
      }
      NodeInfo[] recorded = new NodeInfo[count];
      Status[] statuses = new Status[count];
      Map<String, Status> byName = new HashMap<>();
      for (int i = 0; i < count; i++) {
        int pick = random.nextInt(30);
        recorded[i] =
            pick == 0
                ? shuffled.get(i).copy()
                : pick == 1
                    ? NodeInfo.of(Node.builder().name("elsewhere-" + i).build())
                    : shuffled.get(i);
        statuses[i] = round % 6 == 0 ? choices[0] : choices[random.nextInt(choices.length)];
        byName.put(recorded[i].name(), statuses[i]);
      }
      Status absent = random.nextBoolean() ? Status.unresolvable() : Status.unschedulable("gone");
      NodeToStatus m = new NodeToStatus();
      m.setAbsentStatus(absent);
      m.setAll(recorded, statuses, count);
      NodeToStatus naive = new NodeToStatus(byName, absent);
      for (Code code : List.of(Code.UNSCHEDULABLE, Code.UNSCHEDULABLE_AND_UNRESOLVABLE)) {
        List<NodeInfo> got = m.nodesWithCode(lister, code);
        assertThat(got)
            .as("round %d, %s", round, code)
            .containsExactlyElementsOf(naive.nodesWithCode(lister, code));
        assertThatThrownBy(() -> got.set(0, nodes.get(0)))
            .as("round %d, %s: unmodifiable", round, code)
            .isInstanceOf(UnsupportedOperationException.class);
      }
      assertThat(m.size()).isEqualTo(count);
      int total = nodes.size() + random.nextInt(3);
      assertThat(m.reasonHistogram(total))
          .as("round %d, histogram", round)
          .isEqualTo(naive.reasonHistogram(total));
    }
  }

  /**
   * With the recorded nodes' positions in the lister's list, {@code nodesWithCode} selects by those
   * positions and agrees with looking every node up by name; positions recorded for another list
   * object are not used.
   */
  @Test
  void nodesWithCode_byRecordedPositions_agreesWithLookupByName() {
    Random random = new Random(17);
    Status[] choices = {
      Status.unschedulable("a"), Status.unresolvable("b"), Status.unschedulable("c")
    };
    for (int round = 0; round < 300; round++) {
      List<NodeInfo> nodes = nodes(1 + random.nextInt(40));
      NodeInfoLister lister = lister(nodes);
      int n = nodes.size();
      int start = random.nextInt(n);
      // Now and then every node with one status, as for a pod that fits nowhere.
      boolean everyNodeAlike = round % 5 == 1;
      int count = everyNodeAlike ? n : random.nextInt(n + 1);
      NodeInfo[] recorded = new NodeInfo[count];
      Status[] statuses = new Status[count];
      int[] positions = new int[count];
      Map<String, Status> byName = new HashMap<>();
      for (int i = 0; i < count; i++) {
        positions[i] = (start + i) % n;
        recorded[i] = nodes.get(positions[i]);
        statuses[i] = everyNodeAlike ? choices[0] : choices[random.nextInt(choices.length)];
        byName.put(recorded[i].name(), statuses[i]);
      }
      // Positions of another list object: a rebuilt list, where they must not be trusted.
      boolean otherList = round % 4 == 0;
      int[] given = positions.clone();
      if (otherList) {
        for (int i = 0; i < count; i++) {
          given[i] = random.nextInt(n);
        }
      }
      Status absent = random.nextBoolean() ? Status.unresolvable() : Status.unschedulable("gone");
      NodeToStatus m = new NodeToStatus();
      m.setAbsentStatus(absent);
      m.setAll(
          recorded, statuses, count, otherList ? new ArrayList<>(nodes) : lister.list(), given);
      NodeToStatus naive = new NodeToStatus(byName, absent);
      for (Code code : List.of(Code.UNSCHEDULABLE, Code.UNSCHEDULABLE_AND_UNRESOLVABLE)) {
        List<NodeInfo> expected = naive.nodesWithCode(lister, code);
        assertThat(m.nodesWithCode(lister, code))
            .as("round %d, %s, other list %s", round, code, otherList)
            .containsExactlyElementsOf(expected);
        // Asked of a fresh record: a lookup by name (above, when the absent status matched) builds
        // the map, after which positions are no longer known.
        NodeToStatus fresh = new NodeToStatus();
        fresh.setAbsentStatus(absent);
        fresh.setAll(
            recorded, statuses, count, otherList ? new ArrayList<>(nodes) : lister.list(), given);
        int[] selected = fresh.positionsWithCode(lister, code);
        if (absent.code() == code) {
          assertThat(selected).as("round %d: the absent nodes match too", round).isNull();
        } else {
          List<NodeInfo> atPositions = new ArrayList<>();
          for (int p : selected) {
            atPositions.add(nodes.get(p));
          }
          assertThat(atPositions)
              .as("round %d, %s, positions", round, code)
              .containsExactlyElementsOf(expected);
        }
      }
      assertThat(m.get(nodes.get(start).name()))
          .as("round %d, a lookup by name", round)
          .isEqualTo(naive.get(nodes.get(start).name()));
    }
  }

  @Test
  void forEach_visitsRecordedStatuses_andTheHistogramCountsReasonsPerNode() {
    List<NodeInfo> nodes = nodes(5);
    Status cpu = Status.unschedulable("Insufficient cpu");
    Status both = Status.unschedulable("Insufficient cpu", "Insufficient memory");
    NodeToStatus m = new NodeToStatus();
    m.setAbsentStatus(Status.unresolvable("node(s) didn't match Pod's node affinity/selector"));
    m.setAll(
        new NodeInfo[] {nodes.get(0), nodes.get(3), nodes.get(4)},
        new Status[] {cpu, cpu, both},
        3);
    Map<String, Status> seen = new HashMap<>();
    m.forEach(seen::put);
    assertThat(seen).containsOnlyKeys("n0", "n3", "n4").containsEntry("n4", both);
    assertThat(m.reasonHistogram(7))
        .containsExactly(
            "1 Insufficient memory",
            "3 Insufficient cpu",
            "4 node(s) didn't match Pod's node affinity/selector");
    m.set("n1", cpu);
    seen.clear();
    m.forEach(seen::put);
    assertThat(seen).containsOnlyKeys("n0", "n1", "n3", "n4");
    assertThat(m.reasonHistogram(5))
        .containsExactly(
            "1 Insufficient memory",
            "1 node(s) didn't match Pod's node affinity/selector",
            "4 Insufficient cpu");
  }
}
