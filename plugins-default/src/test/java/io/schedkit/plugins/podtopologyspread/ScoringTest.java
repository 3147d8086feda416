package io.schedkit.plugins.podtopologyspread;

import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.BAR;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.DNS;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.FOO;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.HONOR;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.HOSTNAME;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.IGNORE;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.SA;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.UNSCHEDULABLE_TAINT;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.ZONE;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.defaultConstraint;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.host;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.labels;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.named;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.node;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.on;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.pod;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.sc;
import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeScore;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Service;
import io.schedkit.framework.model.Workload;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.NodeScoreList;
import io.schedkit.testing.Wrappers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Upstream's {@code TestPreScoreSkip}, {@code TestPreScoreStateEmptyNodes} and {@code
 * TestPodTopologySpreadScore}: the PreScore state and the normalized scores, with identical inputs
 * and expected values.
 */
final class ScoringTest {

  private static Pod rsPod(String name, String rs, String... labelPairs) {
    var p = pod(name).ownerReference(Workload.REPLICA_SET, rs);
    for (int i = 0; i < labelPairs.length; i += 2) {
      p.label(labelPairs[i], labelPairs[i + 1]);
    }
    return p.obj();
  }

  private static Workload replicaSet(String name, LabelSelector selector) {
    return Workload.replicaSet(
        ObjectMeta.builder().namespace("default").name(name).build(), selector);
  }

  private static Node zoneHost(String name, String zone) {
    return node(name).label("zone", zone).label(HOSTNAME, name).obj();
  }

  // ---------------------------------------------------------------- PreScore skip

  static Stream<Arguments> skipCases() {
    return Stream.of(
        arguments(
            "the pod doesn't have soft topology spread Constraints",
            pod("p").obj(),
            PodTopologySpreadFixtures.listArgs(),
            List.of(host("node-a"), host("node-b")),
            List.of()),
        arguments(
            "default constraints and a replicaset that doesn't match",
            rsPod("p", "rs2", "foo", "bar", "baz", "sup"),
            PodTopologySpreadFixtures.listArgs(defaultConstraint(2, "planet", SA)),
            List.of(node("node-a").label("planet", "mars").obj()),
            List.of(replicaSet("rs1", Wrappers.makeLabelSelector().exists("tar").obj()))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("skipCases")
  void preScore_skips(
      String name,
      Pod pod,
      PodTopologySpreadArgs args,
      List<Node> nodes,
      List<KubeObject> objects) {
    FakeHandle handle = PodTopologySpreadFixtures.handle(nodes, List.of(), objects);
    PodTopologySpread plugin = new PodTopologySpread(args, handle);
    CycleState state = new CycleState();

    Status s = plugin.preScore(state, PodInfo.of(pod), handle.snapshot().list());

    assertThat(s).isSkip();
    assertThat(Scoring.state(state)).isEmpty();
  }

  @Test
  void preScore_emptySnapshot_skips() {
    FakeHandle handle = PodTopologySpreadFixtures.handle(List.of(), List.of(), List.of());
    PodTopologySpread plugin = new PodTopologySpread(PodTopologySpreadFixtures.listArgs(), handle);
    Pod p =
        pod("p")
            .label("foo", "")
            .spreadConstraint(1, "zone", SA, FOO, null, null, null, null)
            .obj();

    assertThat(plugin.preScore(new CycleState(), PodInfo.of(p), List.of())).isSkip();
  }

  // ---------------------------------------------------------------- PreScore state

  static Stream<Arguments> stateCases() {
    List<Node> abx =
        List.of(
            zoneHost("node-a", "zone1"), zoneHost("node-b", "zone1"), zoneHost("node-x", "zone2"));
    List<Node> fooAbx =
        List.of(
            node("node-a").label("zone", "zone1").label("foo", "").label(HOSTNAME, "node-a").obj(),
            node("node-b").label("zone", "zone1").label("foo", "").label(HOSTNAME, "node-b").obj(),
            zoneHost("node-x", "zone2"));
    List<Node> taintedX =
        List.of(
            node("node-a").label("zone", "zone1").label("foo", "").label(HOSTNAME, "node-a").obj(),
            node("node-b").label("zone", "zone1").label("foo", "").label(HOSTNAME, "node-b").obj(),
            node("node-x")
                .label("zone", "zone2")
                .label(HOSTNAME, "node-x")
                .taints(UNSCHEDULABLE_TAINT)
                .obj());
    Map<String, Long> zone12 = Map.of("zone1", 0L, "zone2", 0L);
    return Stream.of(
        arguments(
            "normal case",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", SA, FOO, null, null, null, null)
                .spreadConstraint(1, HOSTNAME, SA, FOO, null, null, null, null)
                .obj(),
            PodTopologySpreadFixtures.listArgs(),
            abx,
            List.of(),
            List.of(sc(1, "zone", FOO), sc(1, HOSTNAME, FOO)),
            Set.of(),
            List.of(zone12, Map.of()),
            new double[] {Math.log(2 + 2), Math.log(3 + 2)}),
        arguments(
            "null selector",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", SA, null, null, null, null, null)
                .obj(),
            PodTopologySpreadFixtures.listArgs(),
            abx,
            List.of(),
            List.of(sc(1, "zone", null)),
            Set.of(),
            List.of(zone12),
            new double[] {Math.log(2 + 2)}),
        arguments(
            "node-x doesn't have label zone",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", SA, FOO, null, null, null, null)
                .spreadConstraint(1, HOSTNAME, SA, BAR, null, null, null, null)
                .obj(),
            PodTopologySpreadFixtures.listArgs(),
            List.of(zoneHost("node-a", "zone1"), zoneHost("node-b", "zone1"), host("node-x")),
            List.of(),
            List.of(sc(1, "zone", FOO), sc(1, HOSTNAME, BAR)),
            Set.of("node-x"),
            List.of(Map.of("zone1", 0L), Map.of()),
            new double[] {Math.log(1 + 2), Math.log(2 + 2)}),
        arguments(
            "system default constraints and a replicaset",
            rsPod("p", "rs1", "foo", "tar", "baz", "sup"),
            PodTopologySpreadArgs.defaults(),
            List.of(
                node("node-a").label(HOSTNAME, "node-a").label(ZONE, "mars").obj(),
                node("node-b").label(HOSTNAME, "node-b").label(ZONE, "mars").obj(),
                // Nodes with no zone are not excluded. They are considered a separate zone.
                host("node-c"),
                host("node-d")),
            List.of(replicaSet("rs1", FOO)),
            List.of(sc(3, HOSTNAME, FOO), sc(5, ZONE, FOO)),
            Set.of(),
            List.of(Map.of(), Map.of("mars", 0L, "", 0L)),
            new double[] {Math.log(4 + 2), Math.log(2 + 2)}),
        arguments(
            "default constraints and a replicaset",
            rsPod("p", "rs1", "foo", "tar", "baz", "sup"),
            PodTopologySpreadFixtures.listArgs(
                defaultConstraint(1, HOSTNAME, SA),
                defaultConstraint(2, "rack", DNS),
                defaultConstraint(2, "planet", SA)),
            List.of(
                node("node-a")
                    .label("rack", "rack1")
                    .label(HOSTNAME, "node-a")
                    .label("planet", "mars")
                    .obj()),
            List.of(replicaSet("rs1", FOO)),
            List.of(sc(1, HOSTNAME, FOO), sc(2, "planet", FOO)),
            Set.of(),
            List.of(Map.of(), Map.of("mars", 0L)),
            new double[] {Math.log(1 + 2), Math.log(1 + 2)}),
        arguments(
            "default constraints and a replicaset, but pod has constraints",
            pod("p")
                .label("foo", "bar")
                .label("baz", "sup")
                .ownerReference(Workload.REPLICA_SET, "rs1")
                .spreadConstraint(1, "zone", DNS, BAR, null, null, null, null)
                .spreadConstraint(2, "planet", SA, labels("baz", "sup"), null, null, null, null)
                .obj(),
            PodTopologySpreadFixtures.listArgs(defaultConstraint(2, "galaxy", SA)),
            List.of(node("node-a").label("planet", "mars").label("galaxy", "andromeda").obj()),
            List.of(replicaSet("rs1", FOO)),
            List.of(sc(2, "planet", labels("baz", "sup"))),
            Set.of(),
            List.of(Map.of("mars", 0L)),
            new double[] {Math.log(1 + 2)}),
        arguments(
            "NodeAffinityPolicy honored with labelSelectors",
            pod("p")
                .label("foo", "")
                .nodeSelector("foo", "")
                .spreadConstraint(1, "zone", SA, BAR, null, null, null, null)
                .obj(),
            PodTopologySpreadFixtures.listArgs(),
            fooAbx,
            List.of(),
            List.of(sc(1, "zone", BAR)),
            Set.of(),
            List.of(zone12),
            new double[] {Math.log(2 + 2)}),
        arguments(
            "NodeAffinityPolicy ignored with labelSelectors",
            pod("p")
                .label("foo", "")
                .nodeSelector("foo", "")
                .spreadConstraint(1, "zone", SA, BAR, null, IGNORE, null, null)
                .obj(),
            PodTopologySpreadFixtures.listArgs(),
            fooAbx,
            List.of(),
            List.of(sc(1, "zone", BAR, IGNORE, IGNORE)),
            Set.of(),
            List.of(zone12),
            new double[] {Math.log(2 + 2)}),
        arguments(
            "NodeAffinityPolicy honored with nodeAffinity",
            pod("p")
                .label("foo", "")
                .nodeAffinityIn("foo", "")
                .spreadConstraint(1, "zone", SA, BAR, null, null, null, null)
                .obj(),
            PodTopologySpreadFixtures.listArgs(),
            fooAbx,
            List.of(),
            List.of(sc(1, "zone", BAR)),
            Set.of(),
            List.of(zone12),
            new double[] {Math.log(2 + 2)}),
        arguments(
            "NodeAffinityPolicy ignored with nodeAffinity",
            pod("p")
                .label("foo", "")
                .nodeAffinityIn("foo", "")
                .spreadConstraint(1, "zone", SA, BAR, null, IGNORE, null, null)
                .obj(),
            PodTopologySpreadFixtures.listArgs(),
            fooAbx,
            List.of(),
            List.of(sc(1, "zone", BAR, IGNORE, IGNORE)),
            Set.of(),
            List.of(zone12),
            new double[] {Math.log(2 + 2)}),
        arguments(
            "NodeTaintsPolicy honored",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", SA, BAR, null, null, HONOR, null)
                .obj(),
            PodTopologySpreadFixtures.listArgs(),
            taintedX,
            List.of(),
            List.of(sc(1, "zone", BAR, HONOR, HONOR)),
            Set.of(),
            List.of(zone12),
            new double[] {Math.log(2 + 2)}),
        arguments(
            "NodeTaintsPolicy ignored",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", SA, BAR, null, null, null, null)
                .obj(),
            PodTopologySpreadFixtures.listArgs(),
            taintedX,
            List.of(),
            List.of(sc(1, "zone", BAR)),
            Set.of(),
            List.of(zone12),
            new double[] {Math.log(2 + 2)}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stateCases")
  void preScore_state(
      String name,
      Pod pod,
      PodTopologySpreadArgs args,
      List<Node> nodes,
      List<KubeObject> objects,
      List<SpreadConstraint> wantConstraints,
      Set<String> wantIgnored,
      List<Map<String, Long>> wantCounts,
      double[] wantWeights) {
    FakeHandle handle = PodTopologySpreadFixtures.handle(nodes, List.of(), objects);
    PodTopologySpread plugin = new PodTopologySpread(args, handle);
    CycleState state = new CycleState();

    Status s = plugin.preScore(state, PodInfo.of(pod), handle.snapshot().list());

    assertThat(s).isSuccess();
    Scoring.PreScoreState got = Scoring.state(state).orElseThrow();
    assertThat(got.constraints()).containsExactlyElementsOf(wantConstraints);
    assertThat(got.ignoredNodes()).isEqualTo(wantIgnored);
    for (int i = 0; i < wantConstraints.size(); i++) {
      assertThat(got.domainCounts(i)).as("counts of constraint %d", i).isEqualTo(wantCounts.get(i));
      assertThat(got.weight(i)).as("weight of constraint %d", i).isEqualTo(wantWeights[i]);
    }
  }

  // ---------------------------------------------------------------- scores

  private static List<Pod> spread(String... nodeAndCount) {
    List<Pod> pods = new ArrayList<>();
    for (int i = 0; i < nodeAndCount.length; i += 2) {
      String n = nodeAndCount[i];
      int count = Integer.parseInt(nodeAndCount[i + 1]);
      for (int k = 1; k <= count; k++) {
        pods.add(on("p-" + n.substring(n.length() - 1) + k, n, "foo", ""));
      }
    }
    return pods;
  }

  private static Pod hostFoo(int maxSkew) {
    return pod("p")
        .label("foo", "")
        .spreadConstraint(maxSkew, HOSTNAME, SA, FOO, null, null, null, null)
        .obj();
  }

  private static List<Node> hosts(String... names) {
    List<Node> out = new ArrayList<>();
    for (String n : names) {
      out.add(host(n));
    }
    return out;
  }

  static Stream<Arguments> scoreCases() {
    List<Pod> twoZones =
        List.of(
            on("p-a1", "node-a", "foo", ""),
            on("p-b1", "node-b", "foo", "", "bar", ""),
            on("p-y1", "node-y", "foo", ""),
            on("p-y2", "node-y", "bar", ""));
    Pod zoneFooHostBar =
        pod("p")
            .label("foo", "")
            .label("bar", "")
            .spreadConstraint(1, "zone", SA, FOO, null, null, null, null)
            .spreadConstraint(1, HOSTNAME, SA, BAR, null, null, null, null)
            .obj();
    List<Node> abcFoo =
        List.of(
            node("node-a").label("node", "node-a").label("foo", "").obj(),
            node("node-b").label("node", "node-b").label("foo", "").obj(),
            named("node-c"));
    List<Node> abcTainted =
        List.of(
            named("node-a"),
            named("node-b"),
            node("node-c").label("node", "node-c").taints(UNSCHEDULABLE_TAINT).obj());
    List<Pod> a2b1c1 = spread("node-a", "2", "node-b", "1", "node-c", "1");
    List<Node> abcd =
        List.of(
            zoneHost("node-a", "zone1"),
            zoneHost("node-b", "zone1"),
            zoneHost("node-c", "zone2"),
            zoneHost("node-d", "zone2"));
    List<Pod> labelKeysPods =
        List.of(
            on("p-a1", "node-a", "foo", ""),
            on("p-b1", "node-b", "foo", "", "bar", ""),
            on("p-y1", "node-c", "foo", ""),
            on("p-y2", "node-c", "bar", ""));
    return Stream.of(
        arguments(
            "one constraint on node, no existing pods",
            hostFoo(1),
            List.of(),
            hosts("node-a", "node-b"),
            List.of(),
            List.of(),
            "node-a:100 node-b:100"),
        arguments(
            "one constraint on node, only one node is candidate",
            hostFoo(1),
            spread("node-a", "2", "node-b", "1"),
            hosts("node-a"),
            hosts("node-b"),
            List.of(),
            "node-a:100"),
        arguments(
            "one constraint on node, all nodes have the same number of matching pods",
            hostFoo(1),
            spread("node-a", "1", "node-b", "1"),
            hosts("node-a", "node-b"),
            List.of(),
            List.of(),
            "node-a:100 node-b:100"),
        arguments(
            "one constraint on node, all 4 nodes are candidates",
            hostFoo(1),
            spread("node-a", "2", "node-b", "1", "node-d", "3"),
            hosts("node-a", "node-b", "node-c", "node-d"),
            List.of(),
            List.of(),
            "node-a:20 node-b:60 node-c:100 node-d:0"),
        arguments(
            "one constraint on node, null selector",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, HOSTNAME, SA, null, null, null, null, null)
                .obj(),
            spread("node-a", "2", "node-b", "1", "node-d", "3"),
            hosts("node-a", "node-b", "node-c", "node-d"),
            List.of(),
            List.of(),
            "node-a:100 node-b:100 node-c:100 node-d:100"),
        arguments(
            "one constraint on node, all 4 nodes are candidates, maxSkew=2",
            hostFoo(2),
            spread("node-a", "2", "node-b", "1", "node-d", "3"),
            hosts("node-a", "node-b", "node-c", "node-d"),
            List.of(),
            List.of(),
            "node-a:33 node-b:66 node-c:100 node-d:16"),
        arguments(
            "one constraint on node, all 4 nodes are candidates, maxSkew=3",
            hostFoo(3),
            spread("node-a", "4", "node-b", "3", "node-c", "2", "node-d", "1"),
            hosts("node-a", "node-b", "node-c", "node-d"),
            List.of(),
            List.of(),
            "node-a:44 node-b:66 node-c:77 node-d:100"),
        arguments(
            "system defaulting, nodes don't have zone, pods match service",
            pod("p").label("foo", "").obj(),
            spread("node-a", "4", "node-b", "3", "node-c", "2", "node-d", "1"),
            hosts("node-a", "node-b", "node-c", "node-d"),
            List.of(),
            List.of(Service.builder().name("svc").selector("foo", "").build()),
            "node-a:44 node-b:66 node-c:77 node-d:100"),
        arguments(
            "one constraint on node, 3 out of 4 nodes are candidates",
            hostFoo(1),
            spread("node-a", "4", "node-b", "2", "node-x", "1", "node-y", "3"),
            hosts("node-a", "node-b", "node-x"),
            hosts("node-y"),
            List.of(),
            "node-a:33 node-b:83 node-x:100"),
        arguments(
            "one constraint on node, 3 out of 4 nodes are candidates, one node doesn't match"
                + " topology key",
            hostFoo(1),
            spread("node-a", "4", "node-b", "2", "node-x", "1", "node-y", "3"),
            List.of(host("node-a"), node("node-b").label("n", "node-b").obj(), host("node-x")),
            hosts("node-y"),
            List.of(),
            "node-a:16 node-b:0 node-x:100"),
        arguments(
            "one constraint on zone, 3 out of 4 nodes are candidates",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", SA, FOO, null, null, null, null)
                .obj(),
            spread("node-a", "4", "node-b", "2", "node-x", "1", "node-y", "3"),
            List.of(
                zoneHost("node-a", "zone1"),
                zoneHost("node-b", "zone1"),
                zoneHost("node-x", "zone2")),
            List.of(zoneHost("node-y", "zone2")),
            List.of(),
            "node-a:75 node-b:75 node-x:100"),
        arguments(
            "two Constraints on zone and node, 2 out of 4 nodes are candidates",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "zone", SA, FOO, null, null, null, null)
                .spreadConstraint(1, HOSTNAME, SA, FOO, null, null, null, null)
                .obj(),
            spread("node-a", "2", "node-b", "1", "node-x", "2", "node-y", "4"),
            List.of(zoneHost("node-a", "zone1"), zoneHost("node-x", "zone2")),
            List.of(zoneHost("node-b", "zone1"), zoneHost("node-y", "zone2")),
            List.of(),
            "node-a:100 node-x:63"),
        arguments(
            "two Constraints on zone and node, with different labelSelectors",
            zoneFooHostBar,
            twoZones,
            List.of(
                zoneHost("node-a", "zone1"),
                zoneHost("node-b", "zone1"),
                zoneHost("node-x", "zone2"),
                zoneHost("node-y", "zone2")),
            List.of(),
            List.of(),
            "node-a:60 node-b:20 node-x:100 node-y:60"),
        arguments(
            "two Constraints on zone and node, with different labelSelectors, some nodes have 0"
                + " pods",
            zoneFooHostBar,
            List.of(
                on("p-b1", "node-b", "bar", ""),
                on("p-x1", "node-x", "foo", ""),
                on("p-y1", "node-y", "foo", "", "bar", "")),
            List.of(
                zoneHost("node-a", "zone1"),
                zoneHost("node-b", "zone1"),
                zoneHost("node-x", "zone2"),
                zoneHost("node-y", "zone2")),
            List.of(),
            List.of(),
            "node-a:100 node-b:60 node-x:40 node-y:0"),
        arguments(
            "two Constraints on zone and node, with different labelSelectors, 3 out of 4 nodes are"
                + " candidates",
            zoneFooHostBar,
            twoZones,
            List.of(
                zoneHost("node-a", "zone1"),
                zoneHost("node-b", "zone1"),
                zoneHost("node-x", "zone2")),
            List.of(zoneHost("node-y", "zone2")),
            List.of(),
            "node-a:50 node-b:25 node-x:100"),
        arguments(
            "existing pods in a different namespace do not count",
            hostFoo(1),
            List.of(
                pod("p-a1").namespace("ns1").node("node-a").label("foo", "").obj(),
                on("p-a2", "node-a", "foo", ""),
                on("p-b1", "node-b", "foo", ""),
                on("p-b2", "node-b", "foo", "")),
            hosts("node-a", "node-b"),
            List.of(),
            List.of(),
            "node-a:100 node-b:33"),
        arguments(
            "terminating Pods should be excluded",
            hostFoo(1),
            List.of(
                pod("p-a").node("node-a").label("foo", "").terminating().obj(),
                on("p-b", "node-b", "foo", "")),
            hosts("node-a", "node-b"),
            List.of(),
            List.of(),
            "node-a:100 node-b:0"),
        arguments(
            "minDomains has no effect when ScheduleAnyway",
            pod("p")
                .label("foo", "")
                .spreadConstraint(2, "node", SA, FOO, 10, null, null, null)
                .obj(),
            spread("node-a", "2", "node-b", "2", "node-c", "1"),
            List.of(named("node-a"), named("node-b"), named("node-c")),
            List.of(),
            List.of(),
            "node-a:75 node-b:75 node-c:100"),
        arguments(
            "NodeAffinityPolicy honoed with labelSelectors",
            pod("p")
                .label("foo", "")
                .nodeSelector("foo", "")
                .spreadConstraint(1, "node", SA, FOO, null, null, null, null)
                .obj(),
            a2b1c1,
            abcFoo,
            List.of(),
            List.of(),
            "node-a:0 node-b:33 node-c:100"),
        arguments(
            "NodeAffinityPolicy ignored with labelSelectors",
            pod("p")
                .label("foo", "")
                .nodeSelector("foo", "")
                .spreadConstraint(1, "node", SA, FOO, null, IGNORE, null, null)
                .obj(),
            a2b1c1,
            abcFoo,
            List.of(),
            List.of(),
            "node-a:66 node-b:100 node-c:100"),
        arguments(
            "NodeAffinityPolicy honoed with nodeAffinity",
            pod("p")
                .label("foo", "")
                .nodeAffinityIn("foo", "")
                .spreadConstraint(1, "node", SA, FOO, null, null, null, null)
                .obj(),
            a2b1c1,
            abcFoo,
            List.of(),
            List.of(),
            "node-a:0 node-b:33 node-c:100"),
        arguments(
            "NodeAffinityPolicy ignored with nodeAffinity",
            pod("p")
                .label("foo", "")
                .nodeAffinityIn("foo", "")
                .spreadConstraint(1, "node", SA, FOO, null, IGNORE, null, null)
                .obj(),
            a2b1c1,
            abcFoo,
            List.of(),
            List.of(),
            "node-a:66 node-b:100 node-c:100"),
        arguments(
            "NodeTaintsPolicy honored",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "node", SA, FOO, null, null, HONOR, null)
                .obj(),
            a2b1c1,
            abcTainted,
            List.of(),
            List.of(),
            "node-a:0 node-b:33 node-c:100"),
        arguments(
            "NodeTaintsPolicy ignored",
            pod("p")
                .label("foo", "")
                .spreadConstraint(1, "node", SA, FOO, null, null, null, null)
                .obj(),
            a2b1c1,
            abcTainted,
            List.of(),
            List.of(),
            "node-a:66 node-b:100 node-c:100"),
        // Upstream runs this case with MatchLabelKeysInPodTopologySpread disabled (scores 60/20/60/
        // 100). In v1.35 the keys are merged: no existing pod has baz, so every count is 0.
        arguments(
            "matchLabelKeys merged into both selectors (upstream: ignored when feature gate"
                + " disabled)",
            pod("p")
                .label("foo", "")
                .label("bar", "")
                .label("baz", "")
                .spreadConstraint(1, "zone", SA, FOO, null, null, null, List.of("baz"))
                .spreadConstraint(1, HOSTNAME, SA, BAR, null, null, null, List.of("baz"))
                .obj(),
            labelKeysPods,
            abcd,
            List.of(),
            List.of(),
            "node-a:100 node-b:100 node-c:100 node-d:100"),
        arguments(
            "matchLabelKeys ANDed with LabelSelector when LabelSelector is empty",
            pod("p")
                .label("foo", "")
                .label("bar", "")
                .spreadConstraint(
                    1, "zone", SA, LabelSelector.everything(), null, null, null, List.of("foo"))
                .spreadConstraint(
                    1, HOSTNAME, SA, LabelSelector.everything(), null, null, null, List.of("bar"))
                .obj(),
            labelKeysPods,
            abcd,
            List.of(),
            List.of(),
            "node-a:60 node-b:20 node-c:60 node-d:100"),
        arguments(
            "matchLabelKeys ANDed with LabelSelector when LabelSelector isn't empty",
            pod("p")
                .label("foo", "")
                .label("bar", "")
                .label("baz", "")
                .spreadConstraint(1, "zone", SA, FOO, null, null, null, null)
                .spreadConstraint(1, HOSTNAME, SA, BAR, null, null, null, List.of("baz"))
                .obj(),
            List.of(
                on("p-a1", "node-a", "foo", ""),
                on("p-b1", "node-b", "foo", "", "bar", "", "baz", ""),
                on("p-c1", "node-c", "foo", ""),
                on("p-c2", "node-c", "bar", ""),
                on("p-d3", "node-c", "bar", "", "baz", "")),
            abcd,
            List.of(),
            List.of(),
            "node-a:60 node-b:20 node-c:60 node-d:100"));
  }

  /** As upstream, the plugin runs with {@code System} defaulting. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("scoreCases")
  void score_normalized(
      String name,
      Pod pod,
      List<Pod> existing,
      List<Node> nodes,
      List<Node> failedNodes,
      List<KubeObject> objects,
      String want) {
    List<Node> all = new ArrayList<>(nodes);
    all.addAll(failedNodes);
    FakeHandle handle = PodTopologySpreadFixtures.handle(all, existing, objects);
    PodTopologySpread plugin = new PodTopologySpread(PodTopologySpreadArgs.defaults(), handle);
    CycleState state = new CycleState();
    PodInfo info = PodInfo.of(pod);
    List<NodeInfo> filtered = new ArrayList<>();
    for (Node n : nodes) {
      filtered.add(PodTopologySpreadFixtures.nodeInfo(handle, n.name()));
    }

    assertThat(plugin.preScore(state, info, filtered)).isSuccess();
    long[] raw = new long[filtered.size()];
    for (int i = 0; i < raw.length; i++) {
      raw[i] = plugin.score(state, info, filtered.get(i));
    }
    NodeScoreList scores = NodeScoreList.of(filtered, raw);
    assertThat(plugin.normalizeScore(state, info, scores)).isSuccess();

    assertThat(scores.toList()).containsExactlyElementsOf(parseScores(want));
  }

  private static List<NodeScore> parseScores(String spec) {
    List<NodeScore> out = new ArrayList<>();
    for (String entry : spec.split("\\s+")) {
      String[] parts = entry.split(":");
      out.add(new NodeScore(parts[0], Long.parseLong(parts[1])));
    }
    return out;
  }

  @Test
  void normalizeScore_ignoredNodesGetZero_andOthersAreScaledFromTheirOwnRange() {
    FakeHandle handle =
        PodTopologySpreadFixtures.handle(
            List.of(host("node-a"), node("node-b").obj(), host("node-c")), List.of(), List.of());
    PodTopologySpread plugin = new PodTopologySpread(PodTopologySpreadFixtures.listArgs(), handle);
    CycleState state = new CycleState();
    PodInfo info = PodInfo.of(hostFoo(1));
    assertThat(plugin.preScore(state, info, handle.snapshot().list())).isSuccess();
    List<NodeInfo> nodes =
        List.of(
            PodTopologySpreadFixtures.nodeInfo(handle, "node-a"),
            PodTopologySpreadFixtures.nodeInfo(handle, "node-b"),
            PodTopologySpreadFixtures.nodeInfo(handle, "node-c"));
    NodeScoreList scores = NodeScoreList.of(nodes, 2, 50, 6);

    plugin.normalizeScore(state, info, scores);

    assertThat(scores.toList())
        .containsExactly(
            new NodeScore("node-a", 100), new NodeScore("node-b", 0), new NodeScore("node-c", 33));
  }

  @Test
  void scoreAndNormalize_withoutPreScoreState_fail() {
    FakeHandle handle =
        PodTopologySpreadFixtures.handle(List.of(host("node-a")), List.of(), List.of());
    PodTopologySpread plugin = new PodTopologySpread(PodTopologySpreadFixtures.listArgs(), handle);
    PodInfo info = PodInfo.of(hostFoo(1));
    NodeInfo nodeA = PodTopologySpreadFixtures.nodeInfo(handle, "node-a");

    assertThatThrownBy(() -> plugin.score(new CycleState(), info, nodeA))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("error reading \"PreScorePodTopologySpread\" from cycleState: not found");
    assertThat(plugin.normalizeScore(new CycleState(), info, NodeScoreList.of(List.of(nodeA), 1)))
        .isError();
  }
}
