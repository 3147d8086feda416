package io.schedkit.plugins.interpodaffinity;

import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.AFFINITY_NOT_MATCH;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.ANTI_AFFINITY_NOT_MATCH;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.DEFAULT_NAMESPACE;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.EXISTING_ANTI_AFFINITY_NOT_MATCH;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.NAMESPACES;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.handle;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.in;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.node;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.nodeInfo;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.plugin;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.podWithAffinityTerms;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.preFilter;
import static io.schedkit.plugins.interpodaffinity.InterPodAffinityFixtures.term;
import static io.schedkit.testing.PodAffinityKind.POD_AFFINITY_WITH_REQUIRED_REQ;
import static io.schedkit.testing.PodAffinityKind.POD_ANTI_AFFINITY_WITH_REQUIRED_REQ;
import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static io.schedkit.testing.Wrappers.makeLabelSelector;
import static io.schedkit.testing.Wrappers.makePod;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Namespace;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinity;
import io.schedkit.framework.model.PodAntiAffinity;
import io.schedkit.testing.FakeHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Upstream's {@code filtering_test.go}, case for case. The cases with invalid label syntax ({@code
 * "{{.bad-value.}}"}) have no counterpart: schedkit compiles selectors once when the pod is built
 * and never fails to parse them at PreFilter.
 */
final class FilteringTest {
  private static final Map<String, String> POD_LABEL = Map.of("service", "securityscan");
  private static final Map<String, String> POD_LABEL2 = Map.of("security", "S1");
  private static final Node NODE1 = node("node1", Map.of("region", "r1", "zone", "z11"));

  private static Arguments single(
      String name, Pod pod, List<Pod> pods, Status wantPreFilter, Status wantFilter) {
    return Arguments.of(name, pod, pods, wantPreFilter, wantFilter);
  }

  static Stream<Arguments> requiredAffinitySingleNode() {
    Pod existing = makePod().labels(POD_LABEL).node("node1").obj();
    LabelSelector serviceIn = makeLabelSelector().in("service", "securityscan", "value2").obj();
    return Stream.of(
        single(
            "A pod that has no required pod affinity scheduling rules can schedule onto a node"
                + " with no existing pods",
            makePod().obj(),
            List.of(),
            Status.skip(),
            null),
        single(
            "satisfies with requiredDuringSchedulingIgnoredDuringExecution in PodAffinity using"
                + " In operator that matches the existing pod",
            makePod()
                .labels(POD_LABEL2)
                .podAffinityIn(
                    "service",
                    "region",
                    List.of("securityscan", "value2"),
                    POD_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(existing),
            Status.success(),
            Status.success()),
        single(
            "satisfies the pod with requiredDuringSchedulingIgnoredDuringExecution in PodAffinity"
                + " using not in operator in labelSelector that matches the existing pod",
            makePod()
                .labels(POD_LABEL2)
                .podAffinityNotIn(
                    "service",
                    "region",
                    List.of("securityscan3", "value3"),
                    POD_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(existing),
            Status.success(),
            Status.success()),
        single(
            "Does not satisfy the PodAffinity with labelSelector because of diff Namespace",
            podWithAffinityTerms(
                DEFAULT_NAMESPACE,
                "",
                POD_LABEL2,
                List.of(term(serviceIn, "", List.of("DiffNameSpace"), null)),
                List.of()),
            List.of(makePod().namespace("ns").label("service", "securityscan").node("node1").obj()),
            Status.success(),
            AFFINITY_NOT_MATCH),
        single(
            "Doesn't satisfy the PodAffinity because of unmatching labelSelector with the existing"
                + " pod",
            makePod()
                .labels(POD_LABEL)
                .podAffinityIn(
                    "service",
                    "",
                    List.of("antivirusscan", "value2"),
                    POD_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(existing),
            Status.success(),
            AFFINITY_NOT_MATCH),
        single(
            "satisfies the PodAffinity with different label Operators in multiple"
                + " RequiredDuringSchedulingIgnoredDuringExecution ",
            podWithAffinityTerms(
                DEFAULT_NAMESPACE,
                "",
                POD_LABEL2,
                List.of(
                    term(
                        makeLabelSelector().exists("service").notExist("wrongkey").obj(), "region"),
                    term(
                        makeLabelSelector()
                            .in("service", "securityscan")
                            .notIn("service", "WrongValue")
                            .obj(),
                        "region")),
                List.of()),
            List.of(existing),
            Status.success(),
            Status.success()),
        single(
            "The labelSelector requirements(items of matchExpressions) are ANDed, the pod cannot"
                + " schedule onto the node because one of the matchExpression item don't match.",
            podWithAffinityTerms(
                DEFAULT_NAMESPACE,
                "",
                POD_LABEL2,
                List.of(
                    term(
                        makeLabelSelector().exists("service").notExist("wrongkey").obj(), "region"),
                    term(
                        makeLabelSelector()
                            .in("service", "securityscan2")
                            .notIn("service", "WrongValue")
                            .obj(),
                        "region")),
                List.of()),
            List.of(existing),
            Status.success(),
            AFFINITY_NOT_MATCH),
        single(
            "satisfies the PodAffinity and PodAntiAffinity with the existing pod",
            makePod()
                .labels(POD_LABEL2)
                .podAffinityIn(
                    "service",
                    "region",
                    List.of("securityscan", "value2"),
                    POD_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityIn(
                    "service",
                    "node",
                    List.of("antivirusscan", "value2"),
                    POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(existing),
            Status.success(),
            Status.success()),
        single(
            "satisfies the PodAffinity and PodAntiAffinity and PodAntiAffinity symmetry with the"
                + " existing pod",
            makePod()
                .labels(POD_LABEL2)
                .podAffinityIn(
                    "service",
                    "region",
                    List.of("securityscan", "value2"),
                    POD_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityIn(
                    "service",
                    "node",
                    List.of("antivirusscan", "value2"),
                    POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(
                makePod()
                    .node("node1")
                    .labels(POD_LABEL)
                    .podAntiAffinityIn(
                        "service",
                        "node",
                        List.of("antivirusscan", "value2"),
                        POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .obj()),
            Status.success(),
            Status.success()),
        single(
            "satisfies the PodAffinity but doesn't satisfy the PodAntiAffinity with the existing"
                + " pod",
            makePod()
                .labels(POD_LABEL2)
                .podAffinityIn(
                    "service",
                    "region",
                    List.of("securityscan", "value2"),
                    POD_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityIn(
                    "service",
                    "zone",
                    List.of("securityscan", "value2"),
                    POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(existing),
            Status.success(),
            ANTI_AFFINITY_NOT_MATCH),
        single(
            "satisfies the PodAffinity and PodAntiAffinity but doesn't satisfy PodAntiAffinity"
                + " symmetry with the existing pod",
            makePod()
                .labels(POD_LABEL)
                .podAffinityIn(
                    "service",
                    "region",
                    List.of("securityscan", "value2"),
                    POD_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityIn(
                    "service",
                    "node",
                    List.of("antivirusscan", "value2"),
                    POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(
                makePod()
                    .labels(POD_LABEL)
                    .node("node1")
                    .podAntiAffinityIn(
                        "service",
                        "zone",
                        List.of("securityscan", "value2"),
                        POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .obj()),
            Status.success(),
            EXISTING_ANTI_AFFINITY_NOT_MATCH),
        single(
            "pod matches its own Label in PodAffinity and that matches the existing pod Labels",
            makePod()
                .labels(POD_LABEL)
                .podAffinityNotIn(
                    "service",
                    "region",
                    List.of("securityscan", "value2"),
                    POD_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(makePod().label("service", "securityscan").node("node2").obj()),
            Status.success(),
            AFFINITY_NOT_MATCH),
        single(
            "verify that PodAntiAffinity from existing pod is respected when pod has no"
                + " AntiAffinity constraints. doesn't satisfy PodAntiAffinity symmetry with the"
                + " existing pod",
            makePod().labels(POD_LABEL).obj(),
            List.of(
                makePod()
                    .node("node1")
                    .labels(POD_LABEL)
                    .podAntiAffinityIn(
                        "service",
                        "zone",
                        List.of("securityscan", "value2"),
                        POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .obj()),
            Status.success(),
            EXISTING_ANTI_AFFINITY_NOT_MATCH),
        single(
            "verify that PodAntiAffinity from existing pod is respected when pod has no"
                + " AntiAffinity constraints. satisfy PodAntiAffinity symmetry with the existing"
                + " pod",
            makePod().labels(POD_LABEL).obj(),
            List.of(
                makePod()
                    .node("node1")
                    .labels(POD_LABEL)
                    .podAntiAffinityNotIn(
                        "service",
                        "zone",
                        List.of("securityscan", "value2"),
                        POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .obj()),
            Status.skip(),
            null),
        single(
            "satisfies the PodAntiAffinity with existing pod but doesn't satisfy PodAntiAffinity"
                + " symmetry with incoming pod",
            makePod()
                .labels(POD_LABEL)
                .podAntiAffinityExists("service", "region", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityExists("security", "region", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(
                makePod()
                    .node("node1")
                    .labels(POD_LABEL2)
                    .podAntiAffinityExists("security", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .obj()),
            Status.success(),
            ANTI_AFFINITY_NOT_MATCH),
        single(
            "PodAntiAffinity symmetry check a1: incoming pod and existing pod partially match each"
                + " other on AffinityTerms",
            makePod()
                .labels(POD_LABEL)
                .podAntiAffinityExists("service", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityExists("security", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(
                makePod()
                    .node("node1")
                    .labels(POD_LABEL2)
                    .podAntiAffinityExists("security", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .obj()),
            Status.success(),
            ANTI_AFFINITY_NOT_MATCH),
        single(
            "PodAntiAffinity symmetry check a2: incoming pod and existing pod partially match each"
                + " other on AffinityTerms",
            makePod()
                .labels(POD_LABEL2)
                .podAntiAffinityExists("security", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(
                makePod()
                    .node("node1")
                    .labels(POD_LABEL)
                    .podAntiAffinityExists("service", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .podAntiAffinityExists("security", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .obj()),
            Status.success(),
            EXISTING_ANTI_AFFINITY_NOT_MATCH),
        single(
            "PodAntiAffinity symmetry check b1: incoming pod and existing pod partially match each"
                + " other on AffinityTerms",
            makePod()
                .labels(Map.of("abc", "", "xyz", ""))
                .podAntiAffinityExists("abc", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityExists("def", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(
                makePod()
                    .node("node1")
                    .labels(Map.of("def", "", "xyz", ""))
                    .podAntiAffinityExists("abc", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .podAntiAffinityExists("def", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .obj()),
            Status.success(),
            ANTI_AFFINITY_NOT_MATCH),
        single(
            "PodAntiAffinity symmetry check b2: incoming pod and existing pod partially match each"
                + " other on AffinityTerms",
            makePod()
                .labels(Map.of("def", "", "xyz", ""))
                .podAntiAffinityExists("abc", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityExists("def", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(
                makePod()
                    .node("node1")
                    .labels(Map.of("abc", "", "xyz", ""))
                    .podAntiAffinityExists("abc", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .podAntiAffinityExists("def", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .obj()),
            Status.success(),
            ANTI_AFFINITY_NOT_MATCH),
        single(
            "affinity with NamespaceSelector",
            podWithAffinityTerms(
                DEFAULT_NAMESPACE,
                "",
                POD_LABEL2,
                List.of(term(serviceIn, "region", List.of(), in("team", "team1"))),
                List.of()),
            List.of(makePod().namespace("subteam1.team1").labels(POD_LABEL).node("node1").obj()),
            Status.success(),
            Status.success()),
        single(
            "affinity with non-matching NamespaceSelector",
            podWithAffinityTerms(
                DEFAULT_NAMESPACE,
                "",
                POD_LABEL2,
                List.of(term(serviceIn, "region", List.of(), in("team", "team1"))),
                List.of()),
            List.of(makePod().namespace("subteam1.team2").labels(POD_LABEL).node("node1").obj()),
            Status.success(),
            AFFINITY_NOT_MATCH),
        single(
            "anti-affinity with matching NamespaceSelector",
            podWithAffinityTerms(
                "subteam1.team1",
                "",
                POD_LABEL2,
                List.of(),
                List.of(term(serviceIn, "zone", List.of(), in("team", "team1")))),
            List.of(makePod().namespace("subteam2.team1").labels(POD_LABEL).node("node1").obj()),
            Status.success(),
            ANTI_AFFINITY_NOT_MATCH),
        single(
            "anti-affinity with matching all NamespaceSelector",
            podWithAffinityTerms(
                "subteam1.team1",
                "",
                POD_LABEL2,
                List.of(),
                List.of(term(serviceIn, "zone", List.of(), LabelSelector.everything()))),
            List.of(makePod().namespace("subteam2.team1").labels(POD_LABEL).node("node1").obj()),
            Status.success(),
            ANTI_AFFINITY_NOT_MATCH),
        single(
            "anti-affinity with non-matching NamespaceSelector",
            podWithAffinityTerms(
                "subteam1.team1",
                "",
                POD_LABEL2,
                List.of(),
                List.of(term(serviceIn, "zone", List.of(), in("team", "team1")))),
            List.of(makePod().namespace("subteam1.team2").labels(POD_LABEL).node("node1").obj()),
            Status.success(),
            Status.success()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("requiredAffinitySingleNode")
  void filter_requiredAffinitySingleNode(
      String name, Pod pod, List<Pod> pods, Status wantPreFilter, Status wantFilter) {
    FakeHandle h = handle(List.of(NODE1), pods, NAMESPACES);
    InterPodAffinity p = plugin(h);
    CycleState state = new CycleState();
    PreFilterResult pre = preFilter(p, h, state, pod);
    assertThat(pre.status()).isEqualTo(wantPreFilter);
    assertThat(pre.allNodes()).isTrue();
    if (!pre.status().isSuccess()) {
      return;
    }
    assertThat(p.filter(state, PodInfo.of(pod), nodeInfo(h, "node1"))).isEqualTo(wantFilter);
  }

  private static final Map<String, String> RG_CHINA = Map.of("region", "China");
  private static final Map<String, String> RG_CHINA_AZ1 = Map.of("region", "China", "az", "az1");
  private static final Map<String, String> RG_INDIA = Map.of("region", "India");

  private static Arguments multi(
      String name,
      Pod pod,
      List<Pod> pods,
      List<Node> nodes,
      Status wantPreFilter,
      Status... wantFilter) {
    return Arguments.of(name, pod, pods, nodes, wantPreFilter, List.of(wantFilter));
  }

  private static Node hostNode(String name, String region, String zone) {
    return node(name, Map.of("region", region, "zone", zone, "hostname", name));
  }

  static Stream<Arguments> requiredAffinityMultipleNodes() {
    Status ok = Status.success();
    return Stream.of(
        multi(
            "A pod can be scheduled onto all the nodes that have the same topology key & label"
                + " value with one of them has an existing pod that matches the affinity rules",
            makePod()
                .podAffinityIn("foo", "region", List.of("bar"), POD_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(makePod().name("p1").node("node1").labels(Map.of("foo", "bar")).obj()),
            List.of(node("node1", RG_CHINA), node("node2", RG_CHINA_AZ1), node("node3", RG_INDIA)),
            ok,
            ok,
            ok,
            AFFINITY_NOT_MATCH),
        multi(
            "The affinity rule is to schedule all of the pods of this collection to the same zone."
                + " The first pod of the collection should not be blocked from being scheduled"
                + " onto any node, even there's no existing pod that matches the rule anywhere.",
            makePod()
                .labels(Map.of("foo", "bar", "service", "securityscan"))
                .podAffinityIn("foo", "zone", List.of("bar"), POD_AFFINITY_WITH_REQUIRED_REQ)
                .podAffinityIn(
                    "service", "zone", List.of("securityscan"), POD_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(makePod().name("p1").node("nodeA").labels(Map.of("foo", "bar")).obj()),
            List.of(
                node("nodeA", Map.of("zone", "az1", "hostname", "h1")),
                node("nodeB", Map.of("zone", "az2", "hostname", "h2"))),
            ok,
            ok,
            ok),
        multi(
            "The first pod of the collection can only be scheduled on nodes labelled with the"
                + " requested topology keys",
            makePod()
                .labels(Map.of("foo", "bar", "service", "securityscan"))
                .podAffinityIn("foo", "zone", List.of("bar"), POD_AFFINITY_WITH_REQUIRED_REQ)
                .podAffinityIn(
                    "service", "zone", List.of("securityscan"), POD_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(makePod().name("p1").node("nodeA").labels(Map.of("foo", "bar")).obj()),
            List.of(
                node("nodeA", Map.of("zoneLabel", "az1", "hostname", "h1")),
                node("nodeB", Map.of("zoneLabel", "az2", "hostname", "h2"))),
            ok,
            AFFINITY_NOT_MATCH,
            AFFINITY_NOT_MATCH),
        multi(
            "NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that"
                + " matches the inter pod affinity rule. The pod can not be scheduled onto nodeA"
                + " and nodeB.",
            makePod()
                .podAntiAffinityIn(
                    "foo", "region", List.of("abc"), POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(makePod().node("nodeA").labels(Map.of("foo", "abc")).obj()),
            List.of(
                node("nodeA", Map.of("region", "r1", "hostname", "nodeA")),
                node("nodeB", Map.of("region", "r1", "hostname", "nodeB"))),
            ok,
            ANTI_AFFINITY_NOT_MATCH,
            ANTI_AFFINITY_NOT_MATCH),
        multi(
            "This test ensures that anti-affinity matches a pod when any term of the anti-affinity"
                + " rule matches a pod.",
            makePod()
                .podAntiAffinityIn(
                    "foo", "region", List.of("abc"), POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityIn(
                    "service", "zone", List.of("securityscan"), POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(
                makePod()
                    .node("nodeA")
                    .labels(Map.of("foo", "abc", "service", "securityscan"))
                    .obj()),
            List.of(hostNode("nodeA", "r1", "z1"), hostNode("nodeB", "r1", "z2")),
            ok,
            ANTI_AFFINITY_NOT_MATCH,
            ANTI_AFFINITY_NOT_MATCH),
        multi(
            "NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that"
                + " matches the inter pod affinity rule. The pod can not be scheduled onto nodeA"
                + " and nodeB but can be scheduled onto nodeC",
            makePod()
                .podAntiAffinityIn(
                    "foo", "region", List.of("abc"), POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(makePod().node("nodeA").labels(Map.of("foo", "abc")).obj()),
            List.of(node("nodeA", RG_CHINA), node("nodeB", RG_CHINA_AZ1), node("nodeC", RG_INDIA)),
            ok,
            ANTI_AFFINITY_NOT_MATCH,
            ANTI_AFFINITY_NOT_MATCH,
            ok),
        multi(
            "NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that"
                + " matches the inter pod affinity rule. The pod can not be scheduled onto nodeA,"
                + " nodeB, but can be scheduled onto nodeC (NodeC has an existing pod that match"
                + " the inter pod affinity rule but in different namespace)",
            makePod()
                .namespace("NS1")
                .labels(Map.of("foo", "123"))
                .podAntiAffinityIn(
                    "foo", "region", List.of("bar"), POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(
                makePod().node("nodeA").namespace("NS1").labels(Map.of("foo", "bar")).obj(),
                makePod()
                    .node("nodeC")
                    .namespace("NS2")
                    .podAntiAffinityIn(
                        "foo", "region", List.of("123"), POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .obj()),
            List.of(node("nodeA", RG_CHINA), node("nodeB", RG_CHINA_AZ1), node("nodeC", RG_INDIA)),
            ok,
            ANTI_AFFINITY_NOT_MATCH,
            ANTI_AFFINITY_NOT_MATCH,
            ok),
        multi(
            "Test existing pod's anti-affinity: if an existing pod has a term with invalid"
                + " topologyKey, labelSelector of the term is firstly checked, and then"
                + " topologyKey of the term is also checked",
            makePod().label("foo", "").obj(),
            List.of(
                makePod()
                    .node("nodeA")
                    .podAntiAffinityExists(
                        "foo", "invalid-node-label", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .obj()),
            List.of(hostNode("nodeA", "r1", "z1"), hostNode("nodeB", "r1", "z1")),
            Status.skip(),
            ok,
            ok),
        multi(
            "Test incoming pod's anti-affinity: even if labelSelector matches, we still check if"
                + " topologyKey matches",
            makePod()
                .node("nodeA")
                .podAntiAffinityExists(
                    "foo", "invalid-node-label", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(makePod().node("nodeA").labels(Map.of("foo", "")).obj()),
            List.of(hostNode("nodeA", "r1", "z1"), hostNode("nodeB", "r1", "z1")),
            ok,
            ok,
            ok),
        multi(
            "Test existing pod's anti-affinity: incoming pod wouldn't considered as a fit as it"
                + " violates each existingPod's terms on all nodes",
            makePod().label("foo", "").label("bar", "").obj(),
            List.of(
                makePod()
                    .node("nodeA")
                    .podAntiAffinityExists("foo", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .obj(),
                makePod()
                    .node("nodeA")
                    .podAntiAffinityExists("bar", "region", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .obj()),
            List.of(hostNode("nodeA", "r1", "z1"), hostNode("nodeB", "r1", "z2")),
            ok,
            EXISTING_ANTI_AFFINITY_NOT_MATCH,
            EXISTING_ANTI_AFFINITY_NOT_MATCH),
        multi(
            "Test incoming pod's anti-affinity: incoming pod wouldn't considered as a fit as it at"
                + " least violates one anti-affinity rule of existingPod",
            makePod()
                .podAntiAffinityExists("foo", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityExists("bar", "region", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(
                makePod().node("nodeA").labels(Map.of("foo", "")).obj(),
                makePod().node("nodeB").labels(Map.of("bar", "")).obj()),
            List.of(hostNode("nodeA", "r1", "z1"), hostNode("nodeB", "r1", "z2")),
            ok,
            ANTI_AFFINITY_NOT_MATCH,
            ANTI_AFFINITY_NOT_MATCH),
        multi(
            "Test existing pod's anti-affinity: only when labelSelector and topologyKey both"
                + " match, it's counted as a single term match - case when one term has invalid"
                + " topologyKey",
            makePod().label("foo", "").label("bar", "").obj(),
            List.of(
                makePod()
                    .node("nodeA")
                    .podAntiAffinityExists(
                        "foo", "invalid-node-label", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .podAntiAffinityExists("bar", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .obj()),
            List.of(hostNode("nodeA", "r1", "z1"), hostNode("nodeB", "r1", "z2")),
            ok,
            EXISTING_ANTI_AFFINITY_NOT_MATCH,
            ok),
        multi(
            "Test incoming pod's anti-affinity: only when labelSelector and topologyKey both"
                + " match, it's counted as a single term match - case when one term has invalid"
                + " topologyKey",
            makePod()
                .podAntiAffinityExists(
                    "foo", "invalid-node-label", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityExists("bar", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(
                makePod().name("podA").node("nodeA").labels(Map.of("foo", "", "bar", "")).obj()),
            List.of(hostNode("nodeA", "r1", "z1"), hostNode("nodeB", "r1", "z2")),
            ok,
            ANTI_AFFINITY_NOT_MATCH,
            ok),
        multi(
            "Test existing pod's anti-affinity: only when labelSelector and topologyKey both"
                + " match, it's counted as a single term match - case when all terms have valid"
                + " topologyKey",
            makePod().label("foo", "").label("bar", "").obj(),
            List.of(
                makePod()
                    .node("nodeA")
                    .podAntiAffinityExists("foo", "region", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .podAntiAffinityExists("bar", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .obj()),
            List.of(hostNode("nodeA", "r1", "z1"), hostNode("nodeB", "r1", "z2")),
            ok,
            EXISTING_ANTI_AFFINITY_NOT_MATCH,
            EXISTING_ANTI_AFFINITY_NOT_MATCH),
        multi(
            "Test incoming pod's anti-affinity: only when labelSelector and topologyKey both"
                + " match, it's counted as a single term match - case when all terms have valid"
                + " topologyKey",
            makePod()
                .podAntiAffinityExists("foo", "region", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityExists("bar", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(makePod().node("nodeA").labels(Map.of("foo", "", "bar", "")).obj()),
            List.of(hostNode("nodeA", "r1", "z1"), hostNode("nodeB", "r1", "z2")),
            ok,
            ANTI_AFFINITY_NOT_MATCH,
            ANTI_AFFINITY_NOT_MATCH),
        multi(
            "Test existing pod's anti-affinity: existingPod on nodeA and nodeB has at least one"
                + " anti-affinity term matches incoming pod, so incoming pod can only be scheduled"
                + " to nodeC",
            makePod().label("foo", "").label("bar", "").obj(),
            List.of(
                makePod()
                    .node("nodeA")
                    .podAntiAffinityExists("foo", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .podAntiAffinityExists("labelA", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .obj(),
                makePod()
                    .node("nodeB")
                    .podAntiAffinityExists("bar", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .podAntiAffinityExists("labelB", "zone", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                    .obj()),
            List.of(
                hostNode("nodeA", "r1", "z1"),
                hostNode("nodeB", "r1", "z2"),
                hostNode("nodeC", "r1", "z3")),
            ok,
            EXISTING_ANTI_AFFINITY_NOT_MATCH,
            EXISTING_ANTI_AFFINITY_NOT_MATCH,
            ok),
        multi(
            "Test incoming pod's affinity: firstly check if all affinityTerms match, and then"
                + " check if all topologyKeys match",
            makePod()
                .podAffinityExists("foo", "region", POD_AFFINITY_WITH_REQUIRED_REQ)
                .podAffinityExists("bar", "zone", POD_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(
                makePod().name("pod1").labels(Map.of("foo", "", "bar", "")).node("nodeA").obj()),
            List.of(hostNode("nodeA", "r1", "z1"), hostNode("nodeB", "r1", "z1")),
            ok,
            ok,
            ok),
        multi(
            "Test incoming pod's affinity: firstly check if all affinityTerms match, and then"
                + " check if all topologyKeys match, and the match logic should be satisfied on"
                + " the same pod",
            makePod()
                .podAffinityExists("foo", "region", POD_AFFINITY_WITH_REQUIRED_REQ)
                .podAffinityExists("bar", "zone", POD_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            List.of(
                makePod().node("nodeA").name("pod1").labels(Map.of("foo", "")).obj(),
                makePod().node("nodeB").name("pod2").labels(Map.of("bar", "")).obj()),
            List.of(hostNode("nodeA", "r1", "z1"), hostNode("nodeB", "r1", "z2")),
            ok,
            AFFINITY_NOT_MATCH,
            AFFINITY_NOT_MATCH));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("requiredAffinityMultipleNodes")
  void filter_requiredAffinityMultipleNodes(
      String name,
      Pod pod,
      List<Pod> pods,
      List<Node> nodes,
      Status wantPreFilter,
      List<Status> wantFilter) {
    FakeHandle h = handle(nodes, pods, List.of(Namespace.of("NS1", Map.of())));
    InterPodAffinity p = plugin(h);
    CycleState state = new CycleState();
    assertThat(preFilter(p, h, state, pod).status()).isEqualTo(wantPreFilter);
    if (wantPreFilter.isSkip()) {
      return;
    }
    List<Status> got = new ArrayList<>();
    for (Node n : nodes) {
      got.add(p.filter(state, PodInfo.of(pod), nodeInfo(h, n.name())));
    }
    assertThat(got).isEqualTo(wantFilter);
  }

  @Test
  void filter_withoutPreFilterState() {
    FakeHandle h = handle(List.of(node("n")), List.of(), List.of());
    Status got = plugin(h).filter(new CycleState(), PodInfo.of(makePod().obj()), nodeInfo(h, "n"));
    assertThat(got)
        .isError()
        .hasMessage("error reading \"PreFilterInterPodAffinity\" from cycleState: not found");
  }

  // ---------------------------------------------------------------- AddPod / RemovePod

  private static final Map<String, String> LABEL1 = Map.of("region", "r1", "zone", "z11");
  private static final Map<String, String> LABEL2 = Map.of("region", "r1", "zone", "z12");
  private static final Map<String, String> LABEL3 = Map.of("region", "r2", "zone", "z21");
  private static final Map<String, String> SELECTOR1 = Map.of("foo", "bar");

  private static final PodAntiAffinity ANTI_FOO_BAR =
      PodAntiAffinity.builder().required(term(in("foo", "bar"), "region")).build();
  private static final PodAntiAffinity ANTI_COMPLEX =
      PodAntiAffinity.builder()
          .required(term(in("foo", "bar", "buzz"), "region"))
          .required(
              term(makeLabelSelector().notIn("service", "bar", "security", "test").obj(), "zone"))
          .build();
  private static final PodAffinity AFFINITY_COMPLEX =
      PodAffinity.builder()
          .required(term(in("foo", "bar", "buzz"), "region"))
          .required(
              term(makeLabelSelector().notIn("service", "bar", "security", "test").obj(), "zone"))
          .build();

  private static Pod withAffinity(
      String name, Map<String, String> labels, String node, Affinity affinity) {
    return makePod().name(name).labels(labels).node(node).affinity(affinity).obj();
  }

  private static Affinity anti(PodAntiAffinity anti) {
    return Affinity.builder().podAntiAffinity(anti).build();
  }

  static Stream<Arguments> addRemovePod() {
    List<Node> nodes = List.of(node("nodeA", LABEL1), node("nodeB", LABEL2), node("nodeC", LABEL3));
    return Stream.of(
        Arguments.of(
            "preFilterState anti-affinity terms are updated correctly after adding and removing a"
                + " pod",
            withAffinity("pending", SELECTOR1, "", anti(ANTI_FOO_BAR)),
            List.of(
                withAffinity("p1", SELECTOR1, "nodeA", null),
                withAffinity("p2", Map.of(), "nodeC", anti(ANTI_FOO_BAR))),
            withAffinity("addedPod", SELECTOR1, "nodeB", anti(ANTI_FOO_BAR)),
            nodes,
            Map.of("region", Map.of("r1", 2L)),
            Map.of()),
        Arguments.of(
            "preFilterState anti-affinity terms are updated correctly after adding and removing a"
                + " pod (complex)",
            withAffinity("pending", SELECTOR1, "", anti(ANTI_COMPLEX)),
            List.of(
                withAffinity("p1", SELECTOR1, "nodeA", null),
                withAffinity("p2", Map.of(), "nodeC", anti(ANTI_FOO_BAR))),
            withAffinity("addedPod", SELECTOR1, "nodeA", anti(ANTI_COMPLEX)),
            nodes,
            Map.of("region", Map.of("r1", 2L), "zone", Map.of("z11", 2L, "z21", 1L)),
            Map.of()),
        Arguments.of(
            "preFilterState matching pod affinity and anti-affinity are updated correctly after"
                + " adding and removing a pod",
            withAffinity(
                "pending", SELECTOR1, "", Affinity.builder().podAffinity(AFFINITY_COMPLEX).build()),
            List.of(
                withAffinity("p1", SELECTOR1, "nodeA", null),
                withAffinity(
                    "p2",
                    Map.of(),
                    "nodeC",
                    Affinity.builder()
                        .podAntiAffinity(ANTI_FOO_BAR)
                        .podAffinity(AFFINITY_COMPLEX)
                        .build())),
            withAffinity("addedPod", SELECTOR1, "nodeA", anti(ANTI_COMPLEX)),
            nodes,
            Map.of(),
            Map.of("region", Map.of("r1", 2L), "zone", Map.of("z11", 2L))));
  }

  private static Filtering.State stateFor(List<Node> nodes, List<Pod> pods, Pod pending) {
    FakeHandle h = handle(nodes, pods, List.of());
    CycleState state = new CycleState();
    assertThat(preFilter(plugin(h), h, state, pending).status()).isSuccess();
    return Filtering.state(state);
  }

  private static List<Map<String, Map<String, Long>>> counts(Filtering.State s) {
    return List.of(
        s.existingAntiAffinityCounts.toMap(),
        s.affinityCounts.toMap(),
        s.antiAffinityCounts.toMap());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("addRemovePod")
  void addPodRemovePod_matchPreFilterOverAllPods(
      String name,
      Pod pending,
      List<Pod> existing,
      Pod added,
      List<Node> nodes,
      Map<String, Map<String, Long>> wantAntiAffinity,
      Map<String, Map<String, Long>> wantAffinity) {
    List<Pod> all = new ArrayList<>(existing);
    all.add(added);
    Filtering.State allPodsState = stateFor(nodes, all, pending);

    FakeHandle h = handle(nodes, existing, List.of());
    InterPodAffinity p = plugin(h);
    CycleState state = new CycleState();
    assertThat(preFilter(p, h, state, pending).status()).isSuccess();
    List<Map<String, Map<String, Long>>> original = counts(Filtering.state(state));

    assertThat(
            p.addPod(state, PodInfo.of(pending), PodInfo.of(added), nodeInfo(h, added.nodeName())))
        .isSuccess();
    Filtering.State s = Filtering.state(state);
    assertThat(s.antiAffinityCounts.toMap()).isEqualTo(wantAntiAffinity);
    assertThat(s.affinityCounts.toMap()).isEqualTo(wantAffinity);
    assertThat(counts(s)).isEqualTo(counts(allPodsState));

    assertThat(
            p.removePod(
                state, PodInfo.of(pending), PodInfo.of(added), nodeInfo(h, added.nodeName())))
        .isSuccess();
    assertThat(counts(Filtering.state(state))).isEqualTo(original);
  }

  @Test
  void stateCopy_isIndependent() {
    List<Node> nodes = List.of(node("nodeA", LABEL1), node("nodeB", LABEL2));
    Pod pending = withAffinity("pending", SELECTOR1, "", anti(ANTI_COMPLEX));
    Filtering.State source =
        stateFor(nodes, List.of(withAffinity("p1", SELECTOR1, "nodeA", null)), pending);
    Filtering.State copy = source.copy();
    assertThat(copy).isNotSameAs(source);
    assertThat(counts(copy)).isEqualTo(counts(source));

    copy.updateWithPod(
        PodInfo.of(withAffinity("p2", SELECTOR1, "nodeB", anti(ANTI_FOO_BAR))), nodes.get(1), 1);
    assertThat(counts(copy)).isNotEqualTo(counts(source));
    assertThat(source.antiAffinityCounts.toMap())
        .isEqualTo(Map.of("region", Map.of("r1", 1L), "zone", Map.of("z11", 1L)));
  }

  @Test
  void removePod_ofLastAffinityMatch_reenablesFirstPodRule() {
    // The entry that drops to 0 is deleted, so affinity counts become empty again and the pod,
    // which matches its own term, passes as the first pod of its group.
    Node a = node("nodeA", LABEL1);
    Node b = node("nodeB", LABEL3);
    Pod peer = makePod().name("peer").labels(SELECTOR1).node("nodeA").obj();
    Pod pending =
        makePod()
            .name("pending")
            .labels(SELECTOR1)
            .podAffinityIn("foo", "zone", List.of("bar"), POD_AFFINITY_WITH_REQUIRED_REQ)
            .obj();
    FakeHandle h = handle(List.of(a, b), List.of(peer), List.of());
    InterPodAffinity p = plugin(h);
    CycleState state = new CycleState();
    assertThat(preFilter(p, h, state, pending).status()).isSuccess();
    PodInfo info = PodInfo.of(pending);
    assertThat(p.filter(state, info, nodeInfo(h, "nodeB"))).isEqualTo(AFFINITY_NOT_MATCH);

    CycleState removed = state.copy();
    assertThat(p.removePod(removed, info, PodInfo.of(peer), nodeInfo(h, "nodeA"))).isSuccess();
    assertThat(Filtering.state(removed).affinityCounts.isEmpty()).isTrue();
    assertThat(p.filter(removed, info, nodeInfo(h, "nodeB"))).isSuccess();
    // The original state is untouched by the copy's RemovePod.
    assertThat(p.filter(state, info, nodeInfo(h, "nodeB"))).isEqualTo(AFFINITY_NOT_MATCH);
  }

  // ---------------------------------------------------------------- incoming counts

  private static Pod normal(String... labels) {
    var pod = makePod().name("normal").node("nodeA");
    for (String l : labels) {
      pod = pod.label(l, "");
    }
    return pod.obj();
  }

  static Stream<Arguments> incomingCounts() {
    Map<String, Map<String, Long>> none = Map.of();
    Map<String, Map<String, Long>> one = Map.of("hostname", Map.of("nodeA", 1L));
    return Stream.of(
        Arguments.of("nil test", List.of(), makePod().name("aaa-normal").obj(), none, none),
        Arguments.of(
            "incoming pod without affinity/anti-affinity causes a no-op",
            List.of(normal("aaa")),
            makePod().name("aaa-normal").obj(),
            none,
            none),
        Arguments.of(
            "no pod has label that violates incoming pod's affinity and anti-affinity",
            List.of(normal("bbb")),
            makePod()
                .name("aaa-anti")
                .podAffinityExists("aaa", "hostname", POD_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityExists("aaa", "hostname", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            none,
            none),
        Arguments.of(
            "existing pod matches incoming pod's affinity and anti-affinity - single term case",
            List.of(normal("aaa")),
            makePod()
                .name("affi-antiaffi")
                .podAffinityExists("aaa", "hostname", POD_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityExists("aaa", "hostname", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            one,
            one),
        Arguments.of(
            "existing pod matches incoming pod's affinity and anti-affinity - multiple terms case",
            List.of(normal("aaa", "bbb")),
            makePod()
                .name("affi-antiaffi")
                .podAffinityExists("aaa", "hostname", POD_AFFINITY_WITH_REQUIRED_REQ)
                .podAffinityExists("bbb", "hostname", POD_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityExists("aaa", "hostname", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            Map.of("hostname", Map.of("nodeA", 2L)), // one for each term
            one),
        Arguments.of(
            "existing pod not match incoming pod's affinity but matches anti-affinity",
            List.of(normal("aaa")),
            makePod()
                .name("affi-antiaffi")
                .podAffinityExists("aaa", "hostname", POD_AFFINITY_WITH_REQUIRED_REQ)
                .podAffinityExists("bbb", "hostname", POD_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityExists("aaa", "hostname", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityExists("bbb", "hostname", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            none,
            one),
        Arguments.of(
            "incoming pod's anti-affinity has more than one term - existing pod violates partial"
                + " term - case 1",
            List.of(normal("aaa", "bbb")),
            makePod()
                .name("anaffi-antiaffiti")
                .podAffinityExists("aaa", "hostname", POD_AFFINITY_WITH_REQUIRED_REQ)
                .podAffinityExists("ccc", "hostname", POD_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityExists("aaa", "hostname", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityExists("ccc", "hostname", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            none,
            one),
        Arguments.of(
            "incoming pod's anti-affinity has more than one term - existing pod violates partial"
                + " term - case 2",
            List.of(normal("bbb")),
            makePod()
                .name("affi-antiaffi")
                .podAffinityExists("aaa", "hostname", POD_AFFINITY_WITH_REQUIRED_REQ)
                .podAffinityExists("bbb", "hostname", POD_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityExists("aaa", "hostname", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .podAntiAffinityExists("bbb", "hostname", POD_ANTI_AFFINITY_WITH_REQUIRED_REQ)
                .obj(),
            none,
            one));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("incomingCounts")
  void preFilter_countsPodsMatchingIncomingTerms(
      String name,
      List<Pod> existing,
      Pod pod,
      Map<String, Map<String, Long>> wantAffinity,
      Map<String, Map<String, Long>> wantAntiAffinity) {
    FakeHandle h = handle(List.of(node("nodeA", Map.of("hostname", "nodeA"))), existing, List.of());
    CycleState state = new CycleState();
    PreFilterResult pre = preFilter(plugin(h), h, state, pod);
    Filtering.State s = Filtering.state(state);
    if (s == null) {
      // Skip: no required terms and no existing anti-affinity, so there is nothing to count.
      assertThat(pre.status()).isSkip();
      assertThat(wantAffinity).isEmpty();
      assertThat(wantAntiAffinity).isEmpty();
      return;
    }
    assertThat(s.affinityCounts.toMap()).isEqualTo(wantAffinity);
    assertThat(s.antiAffinityCounts.toMap()).isEqualTo(wantAntiAffinity);
  }
}
