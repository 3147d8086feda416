package io.schedkit.plugins.podtopologyspread;

import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.BAR;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.DNS;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.FOO;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.HONOR;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.IGNORE;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.UNSCHEDULABLE_TAINT;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.named;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.node;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.on;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.pod;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.statuses;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Upstream's {@code TestSingleConstraint}, {@code TestMultipleConstraints} and {@code
 * TestPreFilterDisabled}: PreFilter then Filter on every node, without the other filter plugins (so
 * nodes that NodeAffinity or TaintToleration would reject can still pass here).
 */
final class FilterTest {

  private static final List<Node> ABXY =
      List.of(
          zoned("node-a", "zone1"),
          zoned("node-b", "zone1"),
          zoned("node-x", "zone2"),
          zoned("node-y", "zone2"));

  /** Matching pods spread 2/1/0/3 over node-a, node-b, node-x, node-y. */
  private static final List<Pod> SPREAD_2_1_0_3 =
      List.of(
          on("p-a1", "node-a", "foo", ""),
          on("p-a2", "node-a", "foo", ""),
          on("p-b1", "node-b", "foo", ""),
          on("p-y1", "node-y", "foo", ""),
          on("p-y2", "node-y", "foo", ""),
          on("p-y3", "node-y", "foo", ""));

  private static final List<Node> ABC = List.of(named("node-a"), named("node-b"), named("node-c"));

  private static final List<Pod> SPREAD_2_2_1 =
      List.of(
          on("p-a1", "node-a", "foo", ""),
          on("p-a2", "node-a", "foo", ""),
          on("p-b1", "node-b", "foo", ""),
          on("p-b2", "node-b", "foo", ""),
          on("p-c1", "node-c", "foo", ""));

  private static final List<Pod> ZONES_2_1 =
      List.of(
          on("p-b1", "node-a", "foo", ""),
          on("p-b2", "node-b", "foo", ""),
          on("p-y1", "node-y", "foo", ""));

  /** node-a, node-b, node-x labelled foo; node-y not. */
  private static final List<Node> FOO_ABX =
      List.of(
          node("node-a").label("node", "node-a").label("foo", "").obj(),
          node("node-b").label("node", "node-b").label("foo", "").obj(),
          node("node-x").label("node", "node-x").label("foo", "").obj(),
          named("node-y"));

  /** node-a, node-b, node-x labelled foo; node-y tainted. */
  private static final List<Node> TAINTED_Y =
      List.of(
          node("node-a").label("node", "node-a").label("foo", "").obj(),
          node("node-b").label("node", "node-b").label("foo", "").obj(),
          node("node-x").label("node", "node-x").label("foo", "").obj(),
          node("node-y").label("node", "node-y").taints(UNSCHEDULABLE_TAINT).obj());

  private static Pod zoneFoo(int maxSkew, Integer minDomains) {
    return pod("p")
        .label("foo", "")
        .spreadConstraint(maxSkew, "zone", DNS, FOO, minDomains, null, null, null)
        .obj();
  }

  private static Pod nodeFoo(int maxSkew, Integer minDomains) {
    return pod("p")
        .label("foo", "")
        .spreadConstraint(maxSkew, "node", DNS, FOO, minDomains, null, null, null)
        .obj();
  }

  static Stream<Arguments> singleConstraintCases() {
    return Stream.of(
        arguments(
            "no existing pods",
            zoneFoo(1, null),
            ABXY,
            List.of(),
            "node-a:S node-b:S node-x:S node-y:S"),
        arguments(
            "no existing pods, incoming pod doesn't match itself",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", DNS, BAR, null, null, null, null)
                .obj(),
            ABXY,
            List.of(),
            "node-a:S node-b:S node-x:S node-y:S"),
        arguments(
            "existing pods in a different namespace do not count",
            zoneFoo(1, null),
            ABXY,
            List.of(
                pod("p-a1").namespace("ns1").node("node-a").label("foo", "").obj(),
                pod("p-b1").namespace("ns2").node("node-a").label("foo", "").obj(),
                on("p-x1", "node-x", "foo", ""),
                on("p-y1", "node-y", "foo", "")),
            "node-a:S node-b:S node-x:U node-y:U"),
        arguments(
            "existing pods do not match null selector",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", DNS, null, null, null, null, null)
                .obj(),
            ABXY,
            List.of(on("p-x1", "node-x", "foo", ""), on("p-y1", "node-y", "foo", "")),
            "node-a:S node-b:S node-x:S node-y:S"),
        arguments(
            "pods spread across zones as 3/3, all nodes fit",
            zoneFoo(1, null),
            ABXY,
            SPREAD_2_1_0_3,
            "node-a:S node-b:S node-x:S node-y:S"),
        arguments(
            "pods spread across zones as 1/2 due to absence of label 'zone' on node-b",
            zoneFoo(1, null),
            List.of(
                zoned("node-a", "zone1"),
                node("node-b").label("zon", "zone1").label("node", "node-b").obj(),
                zoned("node-x", "zone2"),
                zoned("node-y", "zone2")),
            List.of(
                on("p-a1", "node-a", "foo", ""),
                on("p-b1", "node-b", "foo", ""),
                on("p-x1", "node-x", "foo", ""),
                on("p-y1", "node-y", "foo", "")),
            "node-a:S node-b:UU node-x:U node-y:U"),
        arguments(
            "pod cannot be scheduled as all nodes don't have label 'rack'",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "rack", DNS, FOO, null, null, null, null)
                .obj(),
            List.of(zoned("node-a", "zone1"), zoned("node-x", "zone2")),
            List.of(),
            "node-a:UU node-x:UU"),
        arguments(
            "pods spread across nodes as 2/1/0/3, only node-x fits",
            nodeFoo(1, null),
            ABXY,
            SPREAD_2_1_0_3,
            "node-a:U node-b:U node-x:S node-y:U"),
        arguments(
            "pods spread across nodes as 2/1/0/3, maxSkew is 2, node-b and node-x fit",
            nodeFoo(2, null),
            ABXY,
            SPREAD_2_1_0_3,
            "node-a:U node-b:S node-x:S node-y:U"),
        arguments(
            "pods spread across nodes as 2/1/0/3, but pod doesn't match itself",
            pod("p")
                .label("bar", "")
                .spreadConstraint(1, "node", DNS, FOO, null, null, null, null)
                .obj(),
            ABXY,
            SPREAD_2_1_0_3,
            "node-a:U node-b:S node-x:S node-y:U"),
        arguments(
            "incoming pod has nodeAffinity, pods spread as 2/~1~/~0~/3, hence node-a fits",
            pod("p")
                .label("foo", "")
                .nodeAffinityIn("node", "node-a", "node-y")
                .spreadConstraint(1, "node", DNS, FOO, null, null, null, null)
                .obj(),
            ABXY,
            SPREAD_2_1_0_3,
            "node-a:S node-b:S node-x:S node-y:U"),
        arguments(
            "terminating Pods should be excluded",
            nodeFoo(1, null),
            List.of(named("node-a"), named("node-b")),
            List.of(
                pod("p-a").node("node-a").label("foo", "").terminating().obj(),
                on("p-b", "node-b", "foo", "")),
            "node-a:S node-b:U"),
        arguments(
            "incoming pod has nodeAffinity, pods spread as 0/~2~/0/1, hence node-a fits",
            pod("p")
                .label("foo", "")
                .nodeAffinityNotIn("node", "node-b")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
                .obj(),
            ABXY,
            List.of(
                on("p-b1", "node-b", "foo", ""),
                on("p-b2", "node-b", "foo", ""),
                on("p-y1", "node-y", "foo", "")),
            "node-a:S node-b:S node-x:U node-y:U"),
        arguments(
            "pods spread across nodes as 2/2/1, maxSkew is 2, and the number of domains <"
                + " minDomains, then the third node fits",
            nodeFoo(2, 4),
            ABC,
            SPREAD_2_2_1,
            "node-a:U node-b:U node-c:S"),
        arguments(
            "pods spread across nodes as 2/2/1, maxSkew is 2, and the number of domains >"
                + " minDomains, then the all nodes fit",
            nodeFoo(2, 2),
            ABC,
            SPREAD_2_2_1,
            "node-a:S node-b:S node-c:S"),
        arguments(
            "pods spread across zone as 2/1, maxSkew is 2 and the number of domains < minDomains,"
                + " then the third and fourth nodes fit",
            zoneFoo(2, 3),
            ABXY,
            ZONES_2_1,
            "node-a:U node-b:U node-x:S node-y:S"),
        arguments(
            "pods spread across zone as 2/1, maxSkew is 2 and the number of domains > minDomains,"
                + " then the all nodes fit",
            zoneFoo(2, 1),
            ABXY,
            ZONES_2_1,
            "node-a:S node-b:S node-x:S node-y:S"),
        arguments(
            "NodeAffinityPolicy honored with labelSelectors",
            pod("p")
                .label("foo", "")
                .nodeSelector("foo", "")
                .spreadConstraint(1, "node", DNS, FOO, null, null, null, null)
                .obj(),
            FOO_ABX,
            ZONES_2_1,
            "node-a:U node-b:U node-x:S node-y:S"),
        arguments(
            "NodeAffinityPolicy ignored with labelSelectors",
            pod("p")
                .label("foo", "")
                .nodeSelector("foo", "")
                .spreadConstraint(1, "node", DNS, FOO, null, IGNORE, null, null)
                .obj(),
            FOO_ABX,
            ZONES_2_1,
            "node-a:U node-b:U node-x:S node-y:U"),
        arguments(
            "NodeAffinityPolicy honored with nodeAffinity",
            pod("p")
                .label("foo", "")
                .nodeAffinityIn("foo", "")
                .spreadConstraint(1, "node", DNS, FOO, null, null, null, null)
                .obj(),
            FOO_ABX,
            ZONES_2_1,
            "node-a:U node-b:U node-x:S node-y:S"),
        arguments(
            "NodeAffinityPolicy ignored with labelSelectors",
            pod("p")
                .label("foo", "")
                .nodeAffinityIn("foo", "")
                .spreadConstraint(1, "node", DNS, FOO, null, IGNORE, null, null)
                .obj(),
            FOO_ABX,
            ZONES_2_1,
            "node-a:U node-b:U node-x:S node-y:U"),
        arguments(
            "NodeTaintsPolicy honored",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "node", DNS, FOO, null, null, HONOR, null)
                .obj(),
            TAINTED_Y,
            ZONES_2_1,
            "node-a:U node-b:U node-x:S node-y:S"),
        arguments(
            "NodeTaintsPolicy ignored",
            nodeFoo(1, null),
            TAINTED_Y,
            ZONES_2_1,
            "node-a:U node-b:U node-x:S node-y:U"));
  }

  static Stream<Arguments> multipleConstraintsCases() {
    Pod zoneAndNodeFoo =
        pod("p")
            .label("foo", "")
            .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
            .spreadConstraint(1, "node", DNS, FOO, null, null, null, null)
            .obj();
    Pod zoneFooNodeBar =
        pod("p")
            .label("foo", "")
            .label("bar", "")
            .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
            .spreadConstraint(1, "node", DNS, BAR, null, null, null, null)
            .obj();
    List<Pod> aby = List.of(on("p-a1", "node-a", "foo", ""), on("p-b1", "node-b", "foo", ""));
    List<Pod> abyPods = List.of(aby.get(0), aby.get(1), on("p-y1", "node-y", "foo", ""));
    return Stream.of(
        arguments(
            "two Constraints on zone and node, spreads = [3/3, 2/1/0/3]",
            zoneAndNodeFoo,
            ABXY,
            SPREAD_2_1_0_3,
            "node-a:U node-b:U node-x:S node-y:U"),
        arguments(
            "two Constraints on zone and node, spreads = [3/4, 2/1/0/4]",
            zoneAndNodeFoo,
            ABXY,
            List.of(
                on("p-a1", "node-a", "foo", ""),
                on("p-a2", "node-a", "foo", ""),
                on("p-b1", "node-b", "foo", ""),
                on("p-y1", "node-y", "foo", ""),
                on("p-y2", "node-y", "foo", ""),
                on("p-y3", "node-y", "foo", ""),
                on("p-y4", "node-y", "foo", "")),
            "node-a:U node-b:U node-x:U node-y:U"),
        arguments(
            "Constraints hold different labelSelectors, spreads = [1/0, 1/0/0/1]",
            zoneFooNodeBar,
            ABXY,
            List.of(on("p-a1", "node-a", "foo", ""), on("p-y1", "node-y", "bar", "")),
            "node-a:U node-b:U node-x:S node-y:U"),
        arguments(
            "Constraints hold different labelSelectors, spreads = [1/0, 0/0/1/1]",
            zoneFooNodeBar,
            ABXY,
            List.of(
                on("p-a1", "node-a", "foo", ""),
                on("p-x1", "node-x", "bar", ""),
                on("p-y1", "node-y", "bar", "")),
            "node-a:U node-b:U node-x:U node-y:U"),
        arguments(
            "Constraints hold different labelSelectors, spreads = [2/3, 1/0/0/1]",
            zoneFooNodeBar,
            ABXY,
            List.of(
                on("p-a1", "node-a", "foo", ""),
                on("p-a2", "node-a", "foo", "", "bar", ""),
                on("p-y1", "node-y", "foo", ""),
                on("p-y2", "node-y", "foo", "", "bar", ""),
                on("p-y3", "node-y", "foo", "")),
            "node-a:U node-b:S node-x:U node-y:U"),
        arguments(
            "Constraints hold different labelSelectors but pod doesn't match itself on 'zone'"
                + " constraint",
            pod("p")
                .label("bar", "")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
                .spreadConstraint(1, "node", DNS, BAR, null, null, null, null)
                .obj(),
            ABXY,
            List.of(
                on("p-a1", "node-a", "foo", ""),
                on("p-x1", "node-x", "bar", ""),
                on("p-y1", "node-y", "bar", "")),
            "node-a:S node-b:S node-x:U node-y:U"),
        arguments(
            "two Constraints on zone and node, absence of label 'node' on node-x, spreads = [1/1,"
                + " 1/0/0/1]",
            zoneAndNodeFoo,
            List.of(
                zoned("node-a", "zone1"),
                zoned("node-b", "zone1"),
                node("node-x").label("zone", "zone2").obj(),
                zoned("node-y", "zone2")),
            List.of(on("p-a1", "node-a", "foo", ""), on("p-y3", "node-y", "foo", "")),
            "node-a:U node-b:S node-x:UU node-y:U"),
        arguments(
            "two node inclusion Constraints, zone: honor/ignore, node: ignore/ignore",
            pod("p")
                .label("foo", "")
                .nodeSelector("foo", "")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
                .spreadConstraint(1, "node", DNS, FOO, null, IGNORE, null, null)
                .obj(),
            List.of(
                fooZoned("node-a", "zone1"),
                fooZoned("node-b", "zone1"),
                fooZoned("node-x", "zone2"),
                zoned("node-y", "zone2")),
            abyPods,
            "node-a:U node-b:U node-x:S node-y:U"),
        arguments(
            "two node inclusion Constraints, zone: honor/honor, node: honor/ignore",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, HONOR, null)
                .spreadConstraint(1, "node", DNS, FOO, null, null, null, null)
                .obj(),
            List.of(
                fooZoned("node-a", "zone1"),
                fooZoned("node-b", "zone1"),
                fooZoned("node-x", "zone2"),
                node("node-y")
                    .label("zone", "zone2")
                    .label("node", "node-y")
                    .taints(UNSCHEDULABLE_TAINT)
                    .obj()),
            abyPods,
            "node-a:U node-b:U node-x:S node-y:U"),
        arguments(
            "two node inclusion Constraints, zone: honor/ignore, node: honor/ignore",
            pod("p")
                .label("foo", "")
                .nodeSelector("foo", "")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
                .spreadConstraint(1, "node", DNS, FOO, null, null, null, null)
                .obj(),
            List.of(
                fooZoned("node-a", "zone1"),
                zoned("node-b", "zone1"),
                fooZoned("node-x", "zone2"),
                node("node-y")
                    .label("zone", "zone2")
                    .label("node", "node-y")
                    .label("foo", "")
                    .taints(UNSCHEDULABLE_TAINT)
                    .obj()),
            abyPods,
            "node-a:U node-b:S node-x:S node-y:U"),
        arguments(
            "two node inclusion Constraints, zone: honor/honor, node: ignore/ignore",
            pod("p")
                .label("foo", "")
                .nodeSelector("foo", "")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, HONOR, null)
                .spreadConstraint(1, "node", DNS, FOO, null, IGNORE, null, null)
                .obj(),
            List.of(
                fooZoned("node-a", "zone1"),
                zoned("node-b", "zone1"),
                fooZoned("node-x", "zone2"),
                node("node-y")
                    .label("zone", "zone2")
                    .label("node", "node-y")
                    .label("foo", "")
                    .taints(UNSCHEDULABLE_TAINT)
                    .obj()),
            abyPods,
            "node-a:U node-b:U node-x:S node-y:U"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("singleConstraintCases")
  void filter_singleConstraint(
      String name, Pod pod, List<Node> nodes, List<Pod> existing, String want) {
    assertThat(filterAll(pod, nodes, existing)).isEqualTo(statuses(want));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("multipleConstraintsCases")
  void filter_multipleConstraints(
      String name, Pod pod, List<Node> nodes, List<Pod> existing, String want) {
    assertThat(filterAll(pod, nodes, existing)).isEqualTo(statuses(want));
  }

  @Test
  void filter_withoutPreFilterState_isError() {
    FakeHandle handle =
        PodTopologySpreadFixtures.handle(List.of(named("node-a")), List.of(), List.of());
    PodTopologySpread plugin = new PodTopologySpread(PodTopologySpreadFixtures.listArgs(), handle);

    Status s =
        plugin.filter(
            new CycleState(),
            PodInfo.of(pod("p").obj()),
            PodTopologySpreadFixtures.nodeInfo(handle, "node-a"));

    assertThat(s)
        .isError()
        .hasMessage("reading \"PreFilterPodTopologySpread\" from cycleState: not found");
  }

  @Test
  void filter_failsAtFirstConstraint_beforeCheckingLaterKeys() {
    // Constraint 1 fails the skew on node-a; node-a also lacks constraint 2's key: the first
    // failure decides, so the status is Unschedulable, not UnschedulableAndUnresolvable.
    Pod pod =
        pod("p")
            .label("foo", "")
            .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
            .spreadConstraint(1, "rack", DNS, FOO, null, null, null, null)
            .obj();
    List<Node> nodes =
        List.of(
            zoned("node-a", "zone1"),
            node("node-b").label("zone", "zone1").label("rack", "r1").obj(),
            node("node-x").label("zone", "zone2").label("rack", "r1").obj());
    List<Pod> existing = List.of(on("p-b1", "node-b", "foo", ""), on("p-b2", "node-b", "foo", ""));

    assertThat(filterAll(pod, nodes, existing)).isEqualTo(statuses("node-a:U node-b:U node-x:S"));
  }

  private static Map<String, Status> filterAll(Pod pod, List<Node> nodes, List<Pod> existing) {
    FakeHandle handle = PodTopologySpreadFixtures.handle(nodes, existing, List.of());
    PodTopologySpread plugin = new PodTopologySpread(PodTopologySpreadFixtures.listArgs(), handle);
    CycleState state = new CycleState();
    PodInfo info = PodInfo.of(pod);
    assertThat(plugin.preFilter(state, info, handle.snapshot().list()).status()).isSuccess();
    Map<String, Status> out = new LinkedHashMap<>();
    for (Node n : nodes) {
      NodeInfo nodeInfo = PodTopologySpreadFixtures.nodeInfo(handle, n.name());
      out.put(n.name(), plugin.filter(state, info, nodeInfo));
    }
    return out;
  }

  private static Node fooZoned(String name, String zone) {
    return node(name).label("zone", zone).label("node", name).label("foo", "").obj();
  }
}
