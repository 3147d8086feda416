package io.schedkit.plugins.podtopologyspread;

import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.BAR;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.DNS;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.FOO;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.HONOR;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.IGNORE;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.SA;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.UNSCHEDULABLE_TAINT;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.UNSCHEDULABLE_TAINT_KEY;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.counts;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.defaultConstraint;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.labels;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.node;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.on;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.plusIn;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.pod;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.sc;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.zoned;
import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Service;
import io.schedkit.framework.model.TopologySpreadConstraint;
import io.schedkit.testing.FakeHandle;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Upstream's {@code TestPreFilterState}: the constraints and per-domain counts PreFilter computes.
 * Cases that only exist to test disabled feature gates (NodeInclusionPolicy, MatchLabelKeys, both
 * always on in v1.35) are left out.
 */
final class PreFilterStateTest {

  private static final List<Node> FOUR =
      List.of(
          zoned("node-a", "zone1"),
          zoned("node-b", "zone1"),
          zoned("node-x", "zone2"),
          zoned("node-y", "zone2"));

  private static final List<Pod> FIVE_FOO =
      List.of(
          on("p-a1", "node-a", "foo", ""),
          on("p-a2", "node-a", "foo", ""),
          on("p-b1", "node-b", "foo", ""),
          on("p-y1", "node-y", "foo", ""),
          on("p-y2", "node-y", "foo", ""));

  private static final List<Pod> SEVEN_FOO =
      List.of(
          on("p-a1", "node-a", "foo", ""),
          on("p-a2", "node-a", "foo", ""),
          on("p-b1", "node-b", "foo", ""),
          on("p-y1", "node-y", "foo", ""),
          on("p-y2", "node-y", "foo", ""),
          on("p-y3", "node-y", "foo", ""),
          on("p-y4", "node-y", "foo", ""));

  private static final List<Node> NODE_FOO_BAR =
      List.of(
          node("node-a").label("node", "node-a").label("foo", "").obj(),
          node("node-b").label("node", "node-b").label("foo", "").obj(),
          node("node-c").label("node", "node-c").label("bar", "").obj());

  private static final List<Pod> BAR_1_2_0 =
      List.of(
          on("p-a", "node-a", "bar", ""),
          on("p-b", "node-b", "bar", ""),
          on("p-c", "node-b", "bar", ""),
          on("p-d", "node-c"));

  private static final List<Node> TAINTED_C =
      List.of(
          node("node-a").label("node", "node-a").obj(),
          node("node-b").label("node", "node-b").obj(),
          node("node-c")
              .label("node", "node-c")
              .taints(UNSCHEDULABLE_TAINT)
              .label("bar", "")
              .obj());

  private static final List<Pod> FOO_A_VALUES =
      List.of(
          on("p-a1", "node-a", "foo", "a"),
          on("p-a2", "node-a", "foo", "a"),
          on("p-b1", "node-b", "foo", "a"),
          on("p-y1", "node-y", "foo", "a"),
          on("p-y2", "node-y", "foo", "a"));

  static Stream<Arguments> cases() {
    return Stream.of(
        arguments(
            "clean cluster with one spreadConstraint",
            pod("p")
                .label("foo", "")
                .spreadConstraint(5, "zone", DNS, labels("foo", "bar"), null, null, null, null)
                .obj(),
            FOUR,
            List.of(),
            List.of(),
            List.of(),
            List.of(sc(5, "zone", labels("foo", "bar"))),
            List.of(counts("zone1", 0, "zone2", 0))),
        arguments(
            "normal case with one spreadConstraint",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
                .obj(),
            FOUR,
            FIVE_FOO,
            List.of(),
            List.of(),
            List.of(sc(1, "zone", FOO)),
            List.of(counts("zone1", 3, "zone2", 2))),
        arguments(
            "normal case with null label selector",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", DNS, null, null, null, null, null)
                .obj(),
            FOUR,
            FIVE_FOO,
            List.of(),
            List.of(),
            List.of(sc(1, "zone", null)),
            List.of(counts("zone1", 0, "zone2", 0))),
        arguments(
            "normal case with one spreadConstraint, on a 3-zone cluster",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
                .obj(),
            List.of(
                zoned("node-a", "zone1"),
                zoned("node-b", "zone1"),
                zoned("node-x", "zone2"),
                zoned("node-y", "zone2"),
                zoned("node-o", "zone3"),
                zoned("node-p", "zone3")),
            FIVE_FOO,
            List.of(),
            List.of(),
            List.of(sc(1, "zone", FOO)),
            List.of(counts("zone1", 3, "zone2", 2, "zone3", 0))),
        arguments(
            "namespace mismatch doesn't count",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
                .obj(),
            FOUR,
            List.of(
                on("p-a1", "node-a", "foo", ""),
                pod("p-a2").namespace("ns1").node("node-a").label("foo", "").obj(),
                on("p-b1", "node-b", "foo", ""),
                pod("p-y1").namespace("ns2").node("node-y").label("foo", "").obj(),
                on("p-y2", "node-y", "foo", "")),
            List.of(),
            List.of(),
            List.of(sc(1, "zone", FOO)),
            List.of(counts("zone1", 2, "zone2", 1))),
        arguments(
            "normal case with two spreadConstraints",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
                .spreadConstraint(1, "node", DNS, FOO, null, null, null, null)
                .obj(),
            FOUR,
            SEVEN_FOO,
            List.of(),
            List.of(),
            List.of(sc(1, "zone", FOO), sc(1, "node", FOO)),
            List.of(
                counts("zone1", 3, "zone2", 4),
                counts("node-a", 2, "node-b", 1, "node-x", 0, "node-y", 4))),
        arguments(
            "soft spreadConstraints should be bypassed",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", SA, FOO, null, null, null, null)
                .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
                .spreadConstraint(1, "node", SA, FOO, null, null, null, null)
                .spreadConstraint(1, "node", DNS, FOO, null, null, null, null)
                .obj(),
            List.of(zoned("node-a", "zone1"), zoned("node-b", "zone1"), zoned("node-y", "zone2")),
            SEVEN_FOO,
            List.of(),
            List.of(),
            List.of(sc(1, "zone", FOO), sc(1, "node", FOO)),
            List.of(counts("zone1", 3, "zone2", 4), counts("node-a", 2, "node-b", 1, "node-y", 4))),
        arguments(
            "different labelSelectors - simple version",
            pod("p")
                .label("foo", "")
                .label("bar", "")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
                .spreadConstraint(1, "node", DNS, BAR, null, null, null, null)
                .obj(),
            List.of(zoned("node-a", "zone1"), zoned("node-b", "zone1"), zoned("node-y", "zone2")),
            List.of(on("p-a", "node-a", "foo", ""), on("p-b", "node-b", "bar", "")),
            List.of(),
            List.of(),
            List.of(sc(1, "zone", FOO), sc(1, "node", BAR)),
            List.of(counts("zone1", 1, "zone2", 0), counts("node-a", 0, "node-b", 1, "node-y", 0))),
        arguments(
            "different labelSelectors - complex pods",
            pod("p")
                .label("foo", "")
                .label("bar", "")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
                .spreadConstraint(1, "node", DNS, BAR, null, null, null, null)
                .obj(),
            List.of(zoned("node-a", "zone1"), zoned("node-b", "zone1"), zoned("node-y", "zone2")),
            List.of(
                on("p-a1", "node-a", "foo", ""),
                on("p-a2", "node-a", "foo", "", "bar", ""),
                on("p-b1", "node-b", "foo", ""),
                on("p-y1", "node-y", "foo", ""),
                on("p-y2", "node-y", "foo", "", "bar", ""),
                on("p-y3", "node-y", "foo", ""),
                on("p-y4", "node-y", "foo", "", "bar", "")),
            List.of(),
            List.of(),
            List.of(sc(1, "zone", FOO), sc(1, "node", BAR)),
            List.of(counts("zone1", 3, "zone2", 4), counts("node-a", 1, "node-b", 0, "node-y", 2))),
        arguments(
            "two spreadConstraints, and with podAffinity",
            pod("p")
                .label("foo", "")
                .nodeAffinityNotIn("node", "node-x")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
                .spreadConstraint(1, "node", DNS, FOO, null, null, null, null)
                .obj(),
            FOUR,
            SEVEN_FOO,
            List.of(),
            List.of(),
            List.of(sc(1, "zone", FOO), sc(1, "node", FOO)),
            List.of(counts("zone1", 3, "zone2", 4), counts("node-a", 2, "node-b", 1, "node-y", 4))),
        arguments(
            "default constraints and a service",
            pod("p").label("foo", "bar").label("baz", "kar").obj(),
            List.of(),
            List.of(),
            List.of(service("foo", "bar")),
            List.of(
                defaultConstraint(3, "node", DNS),
                defaultConstraint(2, "node", SA),
                defaultConstraint(5, "rack", DNS)),
            List.of(sc(3, "node", labels("foo", "bar")), sc(5, "rack", labels("foo", "bar"))),
            List.of(counts(), counts())),
        arguments(
            "default constraints and a service that doesn't match",
            pod("p").label("foo", "bar").obj(),
            List.of(),
            List.of(),
            List.of(service("baz", "kep")),
            List.of(defaultConstraint(3, "node", DNS)),
            null,
            null),
        arguments(
            "default constraints and a service, but pod has constraints",
            pod("p")
                .label("foo", "bar")
                .label("baz", "tar")
                .spreadConstraint(1, "zone", DNS, labels("baz", "tar"), null, null, null, null)
                .spreadConstraint(2, "planet", SA, labels("fot", "rok"), null, null, null, null)
                .obj(),
            List.of(),
            List.of(),
            List.of(service("foo", "bar")),
            List.of(defaultConstraint(2, "node", DNS)),
            List.of(sc(1, "zone", labels("baz", "tar"))),
            List.of(counts())),
        arguments(
            "default soft constraints and a service",
            pod("p").label("foo", "bar").obj(),
            List.of(),
            List.of(),
            List.of(service("foo", "bar")),
            List.of(defaultConstraint(2, "node", SA)),
            null,
            null),
        arguments(
            "TpKeyToDomainsNum is calculated when MinDomains is enabled",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
                .spreadConstraint(1, "node", DNS, FOO, null, null, null, null)
                .obj(),
            FOUR,
            SEVEN_FOO,
            List.of(),
            List.of(),
            List.of(sc(1, "zone", FOO), sc(1, "node", FOO)),
            List.of(
                counts("zone1", 3, "zone2", 4),
                counts("node-a", 2, "node-b", 1, "node-x", 0, "node-y", 4))),
        arguments(
            "NodeAffinityPolicy honored with labelSelectors",
            pod("p")
                .label("foo", "")
                .nodeSelector("foo", "")
                .spreadConstraint(1, "node", DNS, BAR, null, null, null, null)
                .obj(),
            NODE_FOO_BAR,
            BAR_1_2_0,
            List.of(),
            List.of(),
            List.of(sc(1, "node", BAR)),
            List.of(counts("node-a", 1, "node-b", 2))),
        arguments(
            "NodeAffinityPolicy ignored with labelSelectors",
            pod("p")
                .label("foo", "")
                .nodeSelector("foo", "")
                .spreadConstraint(1, "node", DNS, BAR, null, IGNORE, null, null)
                .obj(),
            NODE_FOO_BAR,
            BAR_1_2_0,
            List.of(),
            List.of(),
            List.of(sc(1, "node", BAR, IGNORE, IGNORE)),
            List.of(counts("node-a", 1, "node-b", 2, "node-c", 0))),
        arguments(
            "NodeAffinityPolicy honored with nodeAffinity",
            pod("p")
                .label("foo", "")
                .nodeAffinityIn("foo", "")
                .spreadConstraint(1, "node", DNS, BAR, null, null, null, null)
                .obj(),
            NODE_FOO_BAR,
            List.of(
                on("p-a", "node-a", "bar", ""),
                on("p-c", "node-b", "bar", ""),
                on("p-d", "node-b", "bar", ""),
                on("p-e", "node-c")),
            List.of(),
            List.of(),
            List.of(sc(1, "node", BAR)),
            List.of(counts("node-a", 1, "node-b", 2))),
        arguments(
            "NodeAffinityPolicy ignored with nodeAffinity",
            pod("p")
                .label("foo", "")
                .nodeAffinityIn("foo", "")
                .spreadConstraint(1, "node", DNS, BAR, null, IGNORE, null, null)
                .obj(),
            NODE_FOO_BAR,
            BAR_1_2_0,
            List.of(),
            List.of(),
            List.of(sc(1, "node", BAR, IGNORE, IGNORE)),
            List.of(counts("node-a", 1, "node-b", 2, "node-c", 0))),
        arguments(
            "NodeTaintsPolicy ignored",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "node", DNS, BAR, null, null, null, null)
                .obj(),
            TAINTED_C,
            BAR_1_2_0,
            List.of(),
            List.of(),
            List.of(sc(1, "node", BAR)),
            List.of(counts("node-a", 1, "node-b", 2, "node-c", 0))),
        arguments(
            "NodeTaintsPolicy honored",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "node", DNS, BAR, null, null, HONOR, null)
                .obj(),
            TAINTED_C,
            BAR_1_2_0,
            List.of(),
            List.of(),
            List.of(sc(1, "node", BAR, HONOR, HONOR)),
            List.of(counts("node-a", 1, "node-b", 2))),
        arguments(
            "NodeTaintsPolicy honored with tolerated taints",
            pod("p")
                .label("foo", "")
                .toleration(UNSCHEDULABLE_TAINT_KEY)
                .spreadConstraint(1, "node", DNS, BAR, null, null, HONOR, null)
                .obj(),
            TAINTED_C,
            BAR_1_2_0,
            List.of(),
            List.of(),
            List.of(sc(1, "node", BAR, HONOR, HONOR)),
            List.of(counts("node-a", 1, "node-b", 2, "node-c", 0))),
        arguments(
            "two node inclusion Constraints, zone: honor/ignore, node: ignore/ignore",
            pod("p")
                .label("foo", "")
                .nodeSelector("foo", "")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
                .spreadConstraint(1, "node", DNS, FOO, null, IGNORE, null, null)
                .obj(),
            List.of(
                node("node-a")
                    .label("zone", "zone1")
                    .label("node", "node-a")
                    .label("foo", "")
                    .obj(),
                zoned("node-b", "zone1"),
                node("node-x")
                    .label("zone", "zone2")
                    .label("node", "node-x")
                    .label("foo", "")
                    .obj()),
            List.of(
                on("p-b1", "node-b", "foo", ""),
                on("p-b2", "node-b", "foo", ""),
                on("p-x1", "node-x", "foo", "")),
            List.of(),
            List.of(),
            List.of(sc(1, "zone", FOO), sc(1, "node", FOO, IGNORE, IGNORE)),
            List.of(counts("zone1", 0, "zone2", 1), counts("node-a", 0, "node-b", 2, "node-x", 1))),
        arguments(
            "two node inclusion Constraints, zone: honor/honor, node: honor/ignore",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, HONOR, null)
                .spreadConstraint(1, "node", DNS, FOO, null, null, null, null)
                .obj(),
            List.of(
                node("node-a")
                    .label("zone", "zone1")
                    .label("node", "node-a")
                    .label("foo", "")
                    .obj(),
                node("node-b")
                    .label("zone", "zone1")
                    .label("node", "node-b")
                    .taints(UNSCHEDULABLE_TAINT)
                    .obj(),
                node("node-x")
                    .label("zone", "zone2")
                    .label("node", "node-x")
                    .label("foo", "")
                    .obj()),
            List.of(
                on("p-b1", "node-b", "foo", ""),
                on("p-b2", "node-b", "foo", ""),
                on("p-x1", "node-x", "foo", "")),
            List.of(),
            List.of(),
            List.of(sc(1, "zone", FOO, HONOR, HONOR), sc(1, "node", FOO)),
            List.of(counts("zone1", 0, "zone2", 1), counts("node-a", 0, "node-b", 2, "node-x", 1))),
        arguments(
            "two node inclusion Constraints, zone: honor/ignore, node: honor/ignore",
            pod("p")
                .label("foo", "")
                .nodeSelector("foo", "")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, null, null)
                .spreadConstraint(1, "node", DNS, FOO, null, null, null, null)
                .obj(),
            List.of(
                zoned("node-a", "zone1"),
                node("node-b")
                    .label("zone", "zone1")
                    .label("node", "node-b")
                    .label("foo", "")
                    .taints(UNSCHEDULABLE_TAINT)
                    .obj(),
                node("node-x")
                    .label("zone", "zone2")
                    .label("node", "node-x")
                    .label("foo", "")
                    .obj(),
                zoned("node-y", "zone2")),
            List.of(
                on("p-a1", "node-a", "foo", ""),
                on("p-a2", "node-a", "foo", ""),
                on("p-x1", "node-x", "foo", ""),
                on("p-y1", "node-y", "foo", "")),
            List.of(),
            List.of(),
            List.of(sc(1, "zone", FOO), sc(1, "node", FOO)),
            List.of(counts("zone1", 0, "zone2", 1), counts("node-b", 0, "node-x", 1))),
        arguments(
            "two node inclusion Constraints, zone: ignore/ignore, node: honor/honor",
            pod("p")
                .label("foo", "")
                .nodeSelector("foo", "")
                .spreadConstraint(1, "zone", DNS, FOO, null, IGNORE, null, null)
                .spreadConstraint(1, "node", DNS, FOO, null, null, HONOR, null)
                .obj(),
            List.of(
                zoned("node-a", "zone1"),
                node("node-b")
                    .label("zone", "zone1")
                    .label("node", "node-b")
                    .label("foo", "")
                    .taints(UNSCHEDULABLE_TAINT)
                    .obj(),
                node("node-x")
                    .label("zone", "zone2")
                    .label("node", "node-x")
                    .label("foo", "")
                    .obj(),
                node("node-y")
                    .label("zone", "zone2")
                    .label("node", "node-y")
                    .label("foo", "")
                    .obj()),
            List.of(
                on("p-a1", "node-a", "foo", ""),
                on("p-a2", "node-a", "foo", ""),
                on("p-x1", "node-x", "foo", ""),
                on("p-x2", "node-x", "foo", ""),
                on("p-y1", "node-y", "foo", "")),
            List.of(),
            List.of(),
            List.of(sc(1, "zone", FOO, IGNORE, IGNORE), sc(1, "node", FOO, HONOR, HONOR)),
            List.of(counts("zone1", 2, "zone2", 3), counts("node-x", 2, "node-y", 1))),
        arguments(
            "matchLabelKeys ANDed with LabelSelector when LabelSelector isn't empty",
            pod("p")
                .label("foo", "")
                .label("bar", "a")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, null, List.of("bar"))
                .obj(),
            FOUR,
            List.of(
                on("p-a1", "node-a", "foo", ""),
                on("p-a2", "node-a", "foo", "", "bar", "a"),
                on("p-b1", "node-b", "foo", ""),
                on("p-y1", "node-y", "foo", "", "bar", "a"),
                on("p-y2", "node-y", "bar", "")),
            List.of(),
            List.of(),
            List.of(sc(1, "zone", plusIn(FOO, "bar", "a"))),
            List.of(counts("zone1", 1, "zone2", 1))),
        arguments(
            "matchLabelKeys ANDed with LabelSelector when LabelSelector is empty",
            pod("p")
                .label("foo", "a")
                .spreadConstraint(
                    1, "zone", DNS, LabelSelector.everything(), null, null, null, List.of("foo"))
                .obj(),
            FOUR,
            FOO_A_VALUES,
            List.of(),
            List.of(),
            List.of(sc(1, "zone", plusIn(LabelSelector.everything(), "foo", "a"))),
            List.of(counts("zone1", 3, "zone2", 2))),
        arguments(
            "key in matchLabelKeys is ignored when LabelSelector is nil when feature gate enabled",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", DNS, null, null, null, null, List.of("bar"))
                .obj(),
            FOUR,
            FOO_A_VALUES,
            List.of(),
            List.of(),
            List.of(sc(1, "zone", null)),
            List.of(counts("zone1", 0, "zone2", 0))),
        arguments(
            "key in matchLabelKeys is ignored when it isn't exist in pod.labels",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", DNS, FOO, null, null, null, List.of("bar"))
                .obj(),
            FOUR,
            FOO_A_VALUES,
            List.of(),
            List.of(),
            List.of(sc(1, "zone", FOO)),
            List.of(counts("zone1", 3, "zone2", 2))),
        arguments(
            "skip if not specified",
            pod("p").label("foo", "").obj(),
            List.of(zoned("node-a", "zone1")),
            List.of(),
            List.of(),
            List.of(),
            null,
            null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void preFilter_computesCountsPerDomain(
      String name,
      Pod pod,
      List<Node> nodes,
      List<Pod> existing,
      List<KubeObject> objects,
      List<TopologySpreadConstraint> defaults,
      List<SpreadConstraint> wantConstraints,
      List<Map<String, Integer>> wantCounts) {
    FakeHandle handle = PodTopologySpreadFixtures.handle(nodes, existing, objects);
    PodTopologySpread plugin =
        new PodTopologySpread(
            PodTopologySpreadFixtures.listArgs(defaults.toArray(new TopologySpreadConstraint[0])),
            handle);
    CycleState state = new CycleState();

    PreFilterResult result = plugin.preFilter(state, PodInfo.of(pod), handle.snapshot().list());

    if (wantConstraints == null) {
      assertThat(result.status()).isSkip();
      assertThat(Filtering.state(state)).isEmpty();
      return;
    }
    assertThat(result.status()).isSuccess();
    assertThat(result.allNodes()).isTrue();
    Filtering.PreFilterState s = Filtering.state(state).orElseThrow();
    assertThat(s.constraints()).containsExactlyElementsOf(wantConstraints);
    for (int i = 0; i < wantCounts.size(); i++) {
      assertThat(s.counts(i)).as("counts of constraint %d", i).isEqualTo(wantCounts.get(i));
      int wantMin =
          wantCounts.get(i).isEmpty()
              ? Integer.MAX_VALUE
              : Collections.min(wantCounts.get(i).values());
      assertThat(s.minimum(i)).as("minimum of constraint %d", i).isEqualTo(wantMin);
    }
  }

  private static Service service(String key, String value) {
    return Service.builder().name("svc-" + key).selector(key, value).build();
  }
}
