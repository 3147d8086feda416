package io.schedkit.plugins.podtopologyspread;

import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.BAR;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.DNS;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.FOO;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.UNSCHEDULABLE_TAINT;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.UNSCHEDULABLE_TAINT_KEY;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.counts;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.node;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.on;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.pod;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.zoned;
import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.testing.FakeHandle;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Upstream's {@code TestPreFilterStateAddPod} and {@code TestPreFilterStateRemovePod}: the counts
 * after AddPod/RemovePod (the pod is applied to the given node's domain, whatever its own node
 * name). Cases for the disabled NodeInclusionPolicy gate are left out (always on in v1.35). The
 * minimum is checked exactly; upstream's "critical paths" agree on every case here.
 */
final class PreFilterExtensionsTest {

  private static final Pod ZONE_FOO =
      pod("p").label("foo", "").spreadConstraint(1, "zone", DNS, FOO, null, null, null, null).obj();

  private static final Pod NODE_FOO =
      pod("p").label("foo", "").spreadConstraint(1, "node", DNS, FOO, null, null, null, null).obj();

  private static final Pod ZONE_AND_NODE_FOO =
      pod("p")
          .label("foo", "")
          .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
          .spreadConstraint(1, "node", DNS, FOO, null, null, null, null)
          .obj();

  private static final Pod ZONE_FOO_NODE_BAR =
      pod("p")
          .label("foo", "")
          .label("bar", "")
          .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
          .spreadConstraint(1, "node", DNS, BAR, null, null, null, null)
          .obj();

  private static final Pod ZONE_FOO_NOT_IN_BAR =
      pod("p")
          .label("foo", "")
          .nodeAffinityNotIn("foo", "bar")
          .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
          .obj();

  private static final List<Node> AB = List.of(zoned("node-a", "zone1"), zoned("node-b", "zone1"));

  private static final List<Node> AX = List.of(zoned("node-a", "zone1"), zoned("node-x", "zone2"));

  private static final List<Node> ABX =
      List.of(zoned("node-a", "zone1"), zoned("node-b", "zone1"), zoned("node-x", "zone2"));

  private static final List<Node> ABXY =
      List.of(
          zoned("node-a", "zone1"),
          zoned("node-b", "zone1"),
          zoned("node-x", "zone2"),
          zoned("node-y", "zone2"));

  /** node-a (zone1) has foo=bar, node-b (zone2) has foo="". */
  private static final List<Node> FOO_BAR_A =
      List.of(
          node("node-a").label("zone", "zone1").label("node", "node-a").label("foo", "bar").obj(),
          node("node-b").label("zone", "zone2").label("node", "node-b").label("foo", "").obj());

  static Stream<Arguments> addPodCases() {
    return Stream.of(
        arguments(
            "node a and b both impact current min match",
            NODE_FOO,
            on("p-a1", "node-a", "foo", ""),
            List.of(),
            "node-a",
            AB,
            List.of(counts("node-a", 1, "node-b", 0))),
        arguments(
            "only node a impacts current min match",
            NODE_FOO,
            on("p-a1", "node-a", "foo", ""),
            List.of(on("p-b1", "node-b", "foo", "")),
            "node-a",
            AB,
            List.of(counts("node-a", 1, "node-b", 1))),
        arguments(
            "add a pod in a different namespace doesn't change topologyKeyToMinPodsMap",
            NODE_FOO,
            pod("p-a1").namespace("ns1").node("node-a").label("foo", "").obj(),
            List.of(on("p-b1", "node-b", "foo", "")),
            "node-a",
            AB,
            List.of(counts("node-a", 0, "node-b", 1))),
        arguments(
            "add pod on non-critical node won't trigger re-calculation",
            NODE_FOO,
            on("p-b2", "node-b", "foo", ""),
            List.of(on("p-b1", "node-b", "foo", "")),
            "node-b",
            AB,
            List.of(counts("node-a", 0, "node-b", 2))),
        arguments(
            "node a and x both impact topologyKeyToMinPodsMap on zone and node",
            ZONE_AND_NODE_FOO,
            on("p-a1", "node-a", "foo", ""),
            List.of(),
            "node-a",
            AX,
            List.of(counts("zone1", 1, "zone2", 0), counts("node-a", 1, "node-x", 0))),
        arguments(
            "only node a impacts topologyKeyToMinPodsMap on zone and node",
            ZONE_AND_NODE_FOO,
            on("p-a1", "node-a", "foo", ""),
            List.of(on("p-x1", "node-x", "foo", "")),
            "node-a",
            AX,
            List.of(counts("zone1", 1, "zone2", 1), counts("node-a", 1, "node-x", 1))),
        arguments(
            "node a impacts topologyKeyToMinPodsMap on node, node x impacts topologyKeyToMinPodsMap"
                + " on zone",
            ZONE_AND_NODE_FOO,
            on("p-a1", "node-a", "foo", ""),
            List.of(
                on("p-b1", "node-b", "foo", ""),
                on("p-b2", "node-b", "foo", ""),
                on("p-x1", "node-x", "foo", "")),
            "node-a",
            ABX,
            List.of(counts("zone1", 3, "zone2", 1), counts("node-a", 1, "node-b", 2, "node-x", 1))),
        arguments(
            "Constraints hold different labelSelectors, node a impacts topologyKeyToMinPodsMap on"
                + " zone",
            ZONE_FOO_NODE_BAR,
            on("p-a1", "node-a", "foo", ""),
            List.of(
                on("p-b1", "node-b", "foo", "", "bar", ""),
                on("p-x1", "node-x", "foo", "", "bar", ""),
                on("p-x2", "node-x", "bar", "")),
            "node-a",
            ABX,
            List.of(counts("zone1", 2, "zone2", 1), counts("node-a", 0, "node-b", 1, "node-x", 2))),
        arguments(
            "Constraints hold different labelSelectors, node a impacts topologyKeyToMinPodsMap on"
                + " both zone and node",
            ZONE_FOO_NODE_BAR,
            on("p-a1", "node-a", "foo", "", "bar", ""),
            List.of(
                on("p-b1", "node-b", "bar", ""),
                on("p-x1", "node-x", "foo", "", "bar", ""),
                on("p-x2", "node-x", "bar", "")),
            "node-a",
            ABX,
            List.of(counts("zone1", 1, "zone2", 1), counts("node-a", 1, "node-b", 1, "node-x", 2))),
        arguments(
            "add a pod when scheduling node affinity unmatched pod with NodeInclusionPolicy enabled",
            ZONE_FOO_NOT_IN_BAR,
            on("p-a1", "node-a", "foo", "", "zone", "zone1"),
            List.of(
                on("p-a2", "node-a", "foo", "", "zone", "zone1"),
                on("p-b1", "node-b", "foo", "", "zone", "zone2")),
            "node-a",
            FOO_BAR_A,
            List.of(counts("zone2", 1))),
        arguments(
            "add a pod when scheduling node affinity matched pod with NodeInclusionPolicy enabled",
            ZONE_FOO,
            on("p-b1", "node-b", "foo", "", "zone", "zone2"),
            List.of(
                on("p-a1", "node-a", "foo", "", "zone", "zone1"),
                on("p-b2", "node-b", "foo", "", "zone", "zone2")),
            "node-b",
            FOO_BAR_A,
            List.of(counts("zone1", 1, "zone2", 2))),
        arguments(
            "add a label selector not matched pod when with NodeInclusionPolicy enabled",
            ZONE_FOO,
            on("p-b1", "node-b", "zone", "zone2"),
            List.of(
                on("p-a1", "node-a", "foo", "", "zone", "zone1"),
                on("p-b2", "node-b", "foo", "", "zone", "zone2")),
            "node-b",
            FOO_BAR_A,
            List.of(counts("zone1", 1, "zone2", 1))),
        arguments(
            "add a pod when scheduling taint tolerated pod with NodeInclusionPolicy enabled",
            pod("p")
                .label("foo", "")
                .toleration(UNSCHEDULABLE_TAINT_KEY)
                .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
                .obj(),
            on("p-b1", "node-b", "foo", "", "zone", "zone2"),
            List.of(
                on("p-a1", "node-a", "foo", "", "zone", "zone1"),
                on("p-b2", "node-b", "foo", "", "zone", "zone2")),
            "node-b",
            List.of(
                node("node-a")
                    .label("zone", "zone1")
                    .label("node", "node-a")
                    .taints(UNSCHEDULABLE_TAINT)
                    .obj(),
                zoned("node-b", "zone2")),
            List.of(counts("zone1", 1, "zone2", 2))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("addPodCases")
  void addPod_adjustsCounts(
      String name,
      Pod preemptor,
      Pod added,
      List<Pod> existing,
      String nodeName,
      List<Node> nodes,
      List<Map<String, Integer>> want) {
    FakeHandle handle = PodTopologySpreadFixtures.handle(nodes, existing, List.of());
    PodTopologySpread plugin = new PodTopologySpread(PodTopologySpreadFixtures.listArgs(), handle);
    CycleState state = new CycleState();
    assertThat(plugin.preFilter(state, PodInfo.of(preemptor), handle.snapshot().list()).status())
        .isSuccess();

    Status s =
        plugin.addPod(
            state,
            PodInfo.of(preemptor),
            PodInfo.of(added),
            PodTopologySpreadFixtures.nodeInfo(handle, nodeName).copy());

    assertThat(s).isSuccess();
    assertCounts(state, want);
  }

  static Stream<Arguments> removePodCases() {
    List<Pod> abx = List.of(on("p-a1", "node-a", "foo", ""), on("p-b1", "node-b", "foo", ""));
    return Stream.of(
        arguments(
            "one spreadConstraint on zone, topologyKeyToMinPodsMap unchanged",
            ZONE_FOO,
            ABX,
            List.of(abx.get(0), abx.get(1), on("p-x1", "node-x", "foo", "")),
            0,
            null,
            "node-a",
            List.of(counts("zone1", 1, "zone2", 1))),
        arguments(
            "one spreadConstraint on node, topologyKeyToMinPodsMap changed",
            ZONE_FOO,
            ABXY,
            List.of(
                abx.get(0),
                abx.get(1),
                on("p-x1", "node-x", "foo", ""),
                on("p-y1", "node-y", "foo", "")),
            0,
            null,
            "node-a",
            List.of(counts("zone1", 1, "zone2", 2))),
        arguments(
            "delete an irrelevant pod won't help",
            ZONE_FOO,
            ABXY,
            List.of(
                on("p-a0", "node-a", "bar", ""),
                abx.get(0),
                abx.get(1),
                on("p-x1", "node-x", "foo", ""),
                on("p-y1", "node-y", "foo", "")),
            0,
            null,
            "node-a",
            List.of(counts("zone1", 2, "zone2", 2))),
        arguments(
            "delete a non-existing pod won't help",
            ZONE_FOO,
            ABXY,
            List.of(
                abx.get(0),
                abx.get(1),
                on("p-x1", "node-x", "foo", ""),
                on("p-y1", "node-y", "foo", "")),
            -1,
            on("p-a0", "node-a", "bar", ""),
            "node-a",
            List.of(counts("zone1", 2, "zone2", 2))),
        arguments(
            "two spreadConstraints",
            ZONE_AND_NODE_FOO,
            ABX,
            List.of(
                on("p-a1", "node-a", "foo", ""),
                on("p-a2", "node-a", "foo", ""),
                on("p-b1", "node-b", "foo", ""),
                on("p-x1", "node-x", "foo", ""),
                on("p-x2", "node-x", "foo", "")),
            3,
            null,
            "node-x",
            List.of(counts("zone1", 3, "zone2", 1), counts("node-a", 2, "node-b", 1, "node-x", 1))),
        arguments(
            "remove a pod when scheduling node affinity unmatched pod with NodeInclusionPolicy"
                + " enabled",
            ZONE_FOO_NOT_IN_BAR,
            FOO_BAR_A,
            List.of(
                on("p-a2", "node-a", "foo", "", "zone", "zone1"),
                on("p-b1", "node-b", "foo", "", "zone", "zone2")),
            0,
            on("p-a1", "node-a", "foo", "", "zone", "zone1"),
            "node-a",
            List.of(counts("zone2", 1))),
        arguments(
            "remove a pod when scheduling node affinity matched pod with NodeInclusionPolicy enabled",
            ZONE_FOO,
            FOO_BAR_A,
            List.of(
                on("p-a1", "node-a", "foo", "", "zone", "zone1"),
                on("p-b2", "node-b", "foo", "", "zone", "zone2")),
            0,
            on("p-b1", "node-b", "foo", "", "zone", "zone2"),
            "node-b",
            List.of(counts("zone1", 1, "zone2", 0))));
  }

  /**
   * As upstream, {@code deletedPodIdx} picks an existing pod when in range (the default 0 included)
   * and {@code deletedPod} is used otherwise.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("removePodCases")
  void removePod_adjustsCounts(
      String name,
      Pod preemptor,
      List<Node> nodes,
      List<Pod> existing,
      int deletedPodIdx,
      Pod deletedPod,
      String nodeName,
      List<Map<String, Integer>> want) {
    FakeHandle handle = PodTopologySpreadFixtures.handle(nodes, existing, List.of());
    PodTopologySpread plugin = new PodTopologySpread(PodTopologySpreadFixtures.listArgs(), handle);
    CycleState state = new CycleState();
    assertThat(plugin.preFilter(state, PodInfo.of(preemptor), handle.snapshot().list()).status())
        .isSuccess();
    Pod deleted =
        deletedPodIdx >= 0 && deletedPodIdx < existing.size()
            ? existing.get(deletedPodIdx)
            : deletedPod;

    Status s =
        plugin.removePod(
            state,
            PodInfo.of(preemptor),
            PodInfo.of(deleted),
            PodTopologySpreadFixtures.nodeInfo(handle, nodeName).copy());

    assertThat(s).isSuccess();
    assertCounts(state, want);
  }

  @Test
  void addPod_onCopy_leavesOriginalStateUntouched() {
    FakeHandle handle = PodTopologySpreadFixtures.handle(AB, List.of(), List.of());
    PodTopologySpread plugin = new PodTopologySpread(PodTopologySpreadFixtures.listArgs(), handle);
    CycleState state = new CycleState();
    plugin.preFilter(state, PodInfo.of(NODE_FOO), handle.snapshot().list());
    CycleState copy = state.copy();
    NodeInfo nodeA = PodTopologySpreadFixtures.nodeInfo(handle, "node-a");

    plugin.addPod(copy, PodInfo.of(NODE_FOO), PodInfo.of(on("p-a1", "node-a", "foo", "")), nodeA);
    plugin.addPod(copy, PodInfo.of(NODE_FOO), PodInfo.of(on("p-b1", "node-b", "foo", "")), nodeA);

    assertCounts(copy, List.of(counts("node-a", 2, "node-b", 0)));
    assertCounts(state, List.of(counts("node-a", 0, "node-b", 0)));
  }

  @Test
  void addThenRemove_keepsMinimumExact() {
    // Three domains at 0: raising two of them must leave the minimum at 0 (the third one).
    List<Node> nodes = List.of(zoned("node-a", "z"), zoned("node-b", "z"), zoned("node-c", "z"));
    FakeHandle handle = PodTopologySpreadFixtures.handle(nodes, List.of(), List.of());
    PodTopologySpread plugin = new PodTopologySpread(PodTopologySpreadFixtures.listArgs(), handle);
    CycleState state = new CycleState();
    plugin.preFilter(state, PodInfo.of(NODE_FOO), handle.snapshot().list());
    PodInfo preemptor = PodInfo.of(NODE_FOO);
    PodInfo foo = PodInfo.of(on("p-1", "", "foo", ""));

    plugin.addPod(state, preemptor, foo, PodTopologySpreadFixtures.nodeInfo(handle, "node-a"));
    plugin.addPod(state, preemptor, foo, PodTopologySpreadFixtures.nodeInfo(handle, "node-b"));
    assertThat(Filtering.state(state).orElseThrow().minimum(0)).isZero();
    plugin.addPod(state, preemptor, foo, PodTopologySpreadFixtures.nodeInfo(handle, "node-c"));
    assertThat(Filtering.state(state).orElseThrow().minimum(0)).isEqualTo(1);
    plugin.removePod(state, preemptor, foo, PodTopologySpreadFixtures.nodeInfo(handle, "node-b"));
    assertThat(Filtering.state(state).orElseThrow().minimum(0)).isZero();
  }

  @Test
  void addPod_withoutPreFilter_isError() {
    FakeHandle handle = PodTopologySpreadFixtures.handle(AB, List.of(), List.of());
    PodTopologySpread plugin = new PodTopologySpread(PodTopologySpreadFixtures.listArgs(), handle);

    Status s =
        plugin.addPod(
            new CycleState(),
            PodInfo.of(NODE_FOO),
            PodInfo.of(on("p-a1", "node-a", "foo", "")),
            PodTopologySpreadFixtures.nodeInfo(handle, "node-a"));

    assertThat(s)
        .isError()
        .hasMessage("reading \"PreFilterPodTopologySpread\" from cycleState: not found");
  }

  private static void assertCounts(CycleState state, List<Map<String, Integer>> want) {
    Filtering.PreFilterState s = Filtering.state(state).orElseThrow();
    assertThat(s.constraints()).hasSize(want.size());
    for (int i = 0; i < want.size(); i++) {
      assertThat(s.counts(i)).as("counts of constraint %d", i).isEqualTo(want.get(i));
      assertThat(s.minimum(i))
          .as("minimum of constraint %d", i)
          .isEqualTo(Collections.min(want.get(i).values()));
    }
  }
}
