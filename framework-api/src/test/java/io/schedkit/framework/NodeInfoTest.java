package io.schedkit.framework;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.internal.ListPositions;
import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.ContainerPort;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.framework.model.PodAntiAffinity;
import io.schedkit.framework.model.ResourceList;
import io.schedkit.framework.model.ResourceRequirements;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

final class NodeInfoTest {
  private static Pod pod(String name, String cpu, String mem, Map<String, String> labels) {
    Pod.Builder b =
        Pod.builder()
            .name(name)
            .uid(name)
            .container(
                Container.builder()
                    .name("c")
                    .resources(
                        new ResourceRequirements(
                            ResourceList.of("cpu", cpu, "memory", mem), ResourceList.empty()))
                    .build());
    labels.forEach(b::label);
    return b.build();
  }

  /** A required term: pods labelled app=web, per hostname. */
  private static PodAffinityTerm webOnHostname() {
    return new PodAffinityTerm(
        LabelSelector.of(Map.of("app", "web")),
        List.of(),
        "kubernetes.io/hostname",
        null,
        List.of(),
        List.of());
  }

  private static Node node() {
    return Node.builder()
        .name("n1")
        .capacity("cpu", "4")
        .capacity("memory", "8Gi")
        .capacity("pods", "110")
        .build();
  }

  @Test
  void aggregates_followAddAndRemove() {
    NodeInfo n = NodeInfo.of(node());
    long g0 = n.generation();
    n.addPod(PodInfo.of(pod("a", "500m", "1Gi", Map.of())));
    n.addPod(PodInfo.of(pod("b", "250m", "512Mi", Map.of())));
    assertThat(n.generation()).isGreaterThan(g0);
    assertThat(n.requested().milliCpu()).isEqualTo(750);
    assertThat(n.requested().memory()).isEqualTo(1536L * 1024 * 1024);
    assertThat(n.allocatable().milliCpu()).isEqualTo(4000);
    assertThat(n.allocatable().pods()).isEqualTo(110);
    assertThat(n.removePod(pod("a", "1", "1", Map.of()))).isTrue();
    assertThat(n.requested().milliCpu()).isEqualTo(250);
    assertThat(n.pods()).extracting(PodInfo::name).containsExactly("b");
    assertThat(n.removePod(pod("zz", "1", "1", Map.of()))).isFalse();
  }

  @Test
  void nonZeroRequested_usesDefaultsForMissingRequests() {
    NodeInfo n = NodeInfo.of(node());
    n.addPod(
        PodInfo.of(
            Pod.builder()
                .name("p")
                .uid("p")
                .container(Container.builder().name("c").build())
                .build()));
    assertThat(n.requested().milliCpu()).isZero();
    assertThat(n.nonZeroRequested().milliCpu()).isEqualTo(100);
    assertThat(n.nonZeroRequested().memory()).isEqualTo(200L * 1024 * 1024);
  }

  @Test
  void usedPorts_conflicts() {
    NodeInfo n = NodeInfo.of(node());
    Pod p =
        Pod.builder()
            .name("p")
            .uid("p")
            .container(
                Container.builder()
                    .name("c")
                    .ports(List.of(new ContainerPort("http", 80, 8080, "", "")))
                    .build())
            .build();
    n.addPod(PodInfo.of(p));
    assertThat(n.usedPorts().conflicts(new HostPort("10.0.0.1", "TCP", 8080))).isTrue();
    assertThat(n.usedPorts().conflicts(new HostPort("", "UDP", 8080))).isFalse();
    n.removePod(p);
    assertThat(n.usedPorts().conflicts(new HostPort("", "TCP", 8080))).isFalse();
  }

  @Test
  void countMatching_isMemoizedAndMaintained() {
    NodeInfo n = NodeInfo.of(node());
    n.addPod(PodInfo.of(pod("a", "1", "1", Map.of("app", "web"))));
    n.addPod(PodInfo.of(pod("b", "1", "1", Map.of("app", "db"))));
    PodMatcher web =
        PodMatcher.of(List.of("test", "app=web"), p -> "web".equals(p.pod().labels().get("app")));
    assertThat(n.countMatching(web)).isEqualTo(1);
    n.addPod(PodInfo.of(pod("c", "1", "1", Map.of("app", "web"))));
    assertThat(n.countMatching(web)).isEqualTo(2);
    NodeInfo copy = n.copy();
    copy.removePod(pod("a", "1", "1", Map.of()));
    assertThat(copy.countMatching(web)).isEqualTo(1);
    assertThat(n.countMatching(web)).isEqualTo(2);
    assertThat(PodMatcher.of(List.of("test", "app=web"), p -> false)).isSameAs(web);
  }

  /**
   * Counts taken from an earlier state of the node (a copy before some pods came or went, or any
   * other node) and counts the label summary answers without a look at the pods agree with a count
   * of every pod, for matchers that declare their namespace and labels and for one that does not.
   */
  @Test
  void countMatching_fromAnEarlierState_agreesWithACountOfEveryPod() {
    LabelSelector web = LabelSelector.of(Map.of("app", "web"));
    LabelSelector webIn =
        LabelSelector.builder()
            .matchExpression(io.schedkit.framework.model.LabelSelectorRequirement.in("app", "web"))
            .build();
    java.util.function.Predicate<PodInfo> inA =
        p -> p.pod().namespace().equals("ns-a") && web.matches(p.pod().labels());
    List<PodMatcher> matchers =
        List.of(
            PodMatcher.of(List.of("earlier", "undeclared"), inA::test),
            PodMatcher.of(List.of("earlier", "declared"), inA::test, "ns-a", List.of(web)),
            PodMatcher.of(List.of("earlier", "in"), inA::test, "ns-a", List.of(webIn)),
            PodMatcher.of(
                List.of("earlier", "any-namespace"),
                p -> web.matches(p.pod().labels()),
                null,
                java.util.Collections.singletonList(web)));
    String[] apps = {"web", "db", "cache"};
    for (long seed = 0; seed < 200; seed++) {
      Random r = new Random(seed);
      // The cache's node, changed in place; the snapshot counts on copies of it, each counted
      // from the copy it replaces (as InterPodAffinity and PodTopologySpread do).
      NodeInfo live = NodeInfo.of(node());
      NodeInfo previous = live.copy();
      int serial = 0;
      for (int step = 0; step < 12; step++) {
        int changes = 1 + r.nextInt(3);
        for (int c = 0; c < changes; c++) {
          if (!live.pods().isEmpty() && r.nextInt(3) == 0) {
            live.removePod(live.pods().get(r.nextInt(live.pods().size())).pod());
          } else {
            Pod p =
                pod("p" + serial++, "1", "1", Map.of("app", apps[r.nextInt(apps.length)]))
                    .toBuilder()
                    .namespace(r.nextBoolean() ? "ns-a" : "ns-b")
                    .build();
            live.addPod(PodInfo.of(p));
          }
        }
        // Now and then the live node itself is counted (its memo then follows its changes).
        NodeInfo next = r.nextInt(4) == 0 ? live : live.copy();
        for (PodMatcher m : matchers) {
          long expected = next.pods().stream().filter(m::matches).count();
          if (r.nextInt(4) != 0) {
            previous.countMatching(m);
          }
          NodeInfo earlier = r.nextInt(5) == 0 ? NodeInfo.of(node()) : previous;
          assertThat(next.countMatching(m, earlier))
              .as("seed %d step %d %s", seed, step, m)
              .isEqualTo(expected);
          assertThat(next.countMatching(m)).isEqualTo(expected);
        }
        previous = next == live ? live.copy() : next;
      }
    }
  }

  @Test
  void termMaps_countDistinctTerms() {
    PodAffinityTerm term = webOnHostname();
    Pod anti =
        pod("x", "1", "1", Map.of("app", "web")).toBuilder()
            .affinity(new Affinity(null, null, new PodAntiAffinity(List.of(term), List.of())))
            .build();
    Pod anti2 = anti.toBuilder().name("y").uid("y").build();
    NodeInfo n = NodeInfo.of(node());
    n.addPod(PodInfo.of(anti));
    n.addPod(PodInfo.of(anti2));
    assertThat(n.requiredAntiAffinityTermCounts()).hasSize(1).containsValue(2);
    assertThat(n.podsWithRequiredAntiAffinity()).hasSize(2);
    n.removePod(anti);
    n.removePod(anti2);
    assertThat(n.requiredAntiAffinityTermCounts()).isEmpty();
    assertThat(n.podsWithAffinity()).isEmpty();
  }

  /**
   * Copies share their source's pod lists and ports until one side changes them: random adds and
   * removes on a family of copies (and copies of copies) must leave every member exactly as if each
   * copy had been taken eagerly.
   */
  @Test
  void copies_areIndependent_underRandomChangesOnEitherSide() {
    PodAffinityTerm term = webOnHostname();
    List<Pod> pool = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      Pod.Builder b = pod("p" + i, "100m", "1Mi", Map.of("app", "web")).toBuilder();
      if (i % 3 == 1) {
        b.affinity(new Affinity(null, null, new PodAntiAffinity(List.of(term), List.of())));
      }
      if (i % 4 == 2) {
        b.container(
            Container.builder()
                .name("port")
                .ports(List.of(new ContainerPort("p", 80, 9000 + i, "", "")))
                .build());
      }
      pool.add(b.build());
    }
    Random random = new Random(7);
    for (int round = 0; round < 200; round++) {
      List<NodeInfo> family = new ArrayList<>();
      List<Set<String>> models = new ArrayList<>();
      family.add(NodeInfo.of(node()));
      models.add(new HashSet<>());
      for (int step = 0; step < 30; step++) {
        int who = random.nextInt(family.size());
        NodeInfo n = family.get(who);
        Set<String> model = models.get(who);
        int op = random.nextInt(3);
        if (op == 0) {
          family.add(n.copy());
          models.add(new HashSet<>(model));
        } else {
          Pod p = pool.get(random.nextInt(pool.size()));
          if (model.contains(p.name())) {
            assertThat(n.removePod(p)).isTrue();
            model.remove(p.name());
          } else {
            n.addPod(PodInfo.of(p));
            model.add(p.name());
          }
        }
        for (int m = 0; m < family.size(); m++) {
          assertMatches(family.get(m), models.get(m), pool);
        }
      }
    }
  }

  @Test
  void copy_keepsItsSourcesListPosition_butNoListerTakesItForTheSource() {
    List<NodeInfo> nodes = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      nodes.add(NodeInfo.of(node().toBuilder().name("n" + i).build()));
    }
    FakePositionLister lister = new FakePositionLister(List.copyOf(nodes));
    NodeInfo source = nodes.get(2);
    assertThat(lister.positionOf(source)).isEqualTo(2);

    NodeInfo copy = source.copy();
    assertThat(copy.listPosition()).isEqualTo(2);
    assertThat(lister.positionOf(copy)).as("a copy is in nobody's list").isEqualTo(-1);
    NodeInfo copyOfCopy = copy.copy();
    assertThat(copyOfCopy.listPosition()).isEqualTo(2);
    assertThat(lister.positionOf(copyOfCopy)).isEqualTo(-1);

    // Changing the copy changes neither position; the source is still the lister's node.
    copy.addPod(PodInfo.of(pod("p", "100m", "1Mi", Map.of())));
    assertThat(copy.listPosition()).isEqualTo(2);
    assertThat(lister.positionOf(source)).isEqualTo(2);
    assertThat(source.pods()).isEmpty();

    // The value is taken when copying: later changes on either side are not shared.
    ListPositions.set(copy, 7);
    assertThat(source.listPosition()).isEqualTo(2);
    ListPositions.set(source, 1);
    assertThat(copyOfCopy.listPosition()).isEqualTo(2);
    assertThat(lister.positionOf(source)).as("the hint no longer matches").isEqualTo(-1);

    // A node no lister placed, and its copies: -1.
    NodeInfo loose = NodeInfo.of(node());
    assertThat(loose.listPosition()).isEqualTo(-1);
    assertThat(loose.copy().listPosition()).isEqualTo(-1);
    assertThat(lister.positionOf(loose)).isEqualTo(-1);
  }

  private static void assertMatches(NodeInfo n, Set<String> model, List<Pod> pool) {
    assertThat(n.pods().stream().map(PodInfo::name).collect(Collectors.toSet())).isEqualTo(model);
    assertThat(n.podCount()).isEqualTo(model.size());
    for (int i = 0; i < n.podCount(); i++) {
      assertThat(n.podAt(i)).isSameAs(n.pods().get(i));
    }
    Set<String> anti =
        n.podsWithRequiredAntiAffinity().stream().map(PodInfo::name).collect(Collectors.toSet());
    assertThat(anti)
        .isEqualTo(
            model.stream()
                .filter(x -> Integer.parseInt(x.substring(1)) % 3 == 1)
                .collect(Collectors.toSet()));
    assertThat(n.podsWithAffinity()).hasSize(anti.size());
    assertThat(n.requested().milliCpu()).isEqualTo(100L * model.size());
    for (Pod p : pool) {
      int i = Integer.parseInt(p.name().substring(1));
      if (i % 4 == 2) {
        assertThat(n.usedPorts().conflicts(new HostPort("", "TCP", 9000 + i)))
            .isEqualTo(model.contains(p.name()));
      }
    }
  }
}
