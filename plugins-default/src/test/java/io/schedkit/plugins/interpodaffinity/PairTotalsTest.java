package io.schedkit.plugins.interpodaffinity;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PodMatcher;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.plugins.helper.TopologyDomains;
import io.schedkit.testing.Wrappers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

final class PairTotalsTest {
  private static final PodMatcher RED =
      PodMatcher.of("PairTotalsTest/red", p -> "red".equals(p.pod().labels().get("color")));
  // The same question, with the label it requires declared: nodes without it are passed over.
  private static final PodMatcher RED_DECLARED =
      PodMatcher.of(
          "PairTotalsTest/red-declared",
          p -> "red".equals(p.pod().labels().get("color")),
          null,
          List.of(LabelSelector.of(Map.of("color", "red"))));

  @Test
  void cache_keepsTheTotalsOfManyMatchersInRotation() {
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      nodes.add(node("n" + i, "z" + i % 3));
    }
    var lister = new io.schedkit.plugins.helper.FakeReplacingLister(nodes, List.of());
    PairTotals.Cache cache = new PairTotals.Cache();
    List<PodMatcher> matchers = new ArrayList<>();
    List<ValueTotals> first = new ArrayList<>();
    for (int app = 0; app < 40; app++) {
      String value = "app-" + app;
      matchers.add(
          PodMatcher.of("PairTotalsTest/" + value, p -> value.equals(p.pod().labels().get("app"))));
      first.add(cache.incoming("zone", matchers.get(app), lister));
    }
    // 40 matchers asked in turn, more than the 16 of the smallest capacity: none is rebuilt.
    for (int round = 0; round < 3; round++) {
      for (int app = 0; app < 40; app++) {
        assertThat(cache.incoming("zone", matchers.get(app), lister))
            .as("round %d app %d", round, app)
            .isSameAs(first.get(app));
      }
    }
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void incoming_followsReplacedAndInPlaceChanges(boolean declared) {
    PodMatcher matcher = declared ? RED_DECLARED : RED;
    for (long seed = 0; seed < 100; seed++) {
      Random r = new Random(seed);
      List<NodeInfo> nodes = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        nodes.add(NodeInfo.of(node("n" + i, "z" + (i % 3))));
      }
      TopologyDomains zones = new TopologyDomains("zone");
      PairTotals.Incoming totals = new PairTotals.Incoming(matcher, zones);
      for (int round = 0; round < 10; round++) {
        int p = r.nextInt(nodes.size());
        NodeInfo target = nodes.get(p);
        boolean replace = r.nextBoolean();
        NodeInfo changed = replace ? target.copy() : target;
        if (r.nextBoolean() && !changed.pods().isEmpty()) {
          changed.removePod(changed.pods().get(0).pod());
        } else {
          changed.addPod(PodInfo.of(pod("p" + seed + "-" + round, r.nextBoolean())));
        }
        nodes.set(p, changed);
        zones.refresh(new Filtering.ListLister(nodes));
        totals.refresh(nodes, false);
        Map<String, Long> expected = recount(nodes);
        assertThat(totals.valueTotals().view())
            .as("seed %d round %d", seed, round)
            .isEqualTo(expected);
        for (String zone : List.of("z0", "z1", "z2")) {
          assertThat(totals.valueTotals().atDomain(zones.idOf(zone)))
              .as("seed %d round %d, by domain: %s", seed, round, zone)
              .isEqualTo(expected.getOrDefault(zone, 0L));
        }
      }
    }
  }

  @Test
  void incoming_identityOnly_rereadsReplacedNodes() {
    List<NodeInfo> nodes = new ArrayList<>(List.of(NodeInfo.of(node("a", "z1"))));
    TopologyDomains zones = new TopologyDomains("zone");
    PairTotals.Incoming totals = new PairTotals.Incoming(RED, zones);
    zones.refresh(new Filtering.ListLister(nodes));
    totals.refresh(nodes, true);
    assertThat(totals.valueTotals().view()).isEmpty();

    NodeInfo copy = nodes.get(0).copy();
    copy.addPod(PodInfo.of(pod("r1", true)));
    nodes.set(0, copy);
    zones.refresh(new Filtering.ListLister(nodes));
    totals.refresh(nodes, true);

    assertThat(totals.valueTotals().view()).containsExactlyEntriesOf(Map.of("z1", 1L));
  }

  private static Map<String, Long> recount(List<NodeInfo> nodes) {
    Map<String, Long> out = new HashMap<>();
    for (NodeInfo n : nodes) {
      long c = n.pods().stream().filter(RED::matches).count();
      if (c > 0) {
        out.merge(n.labels().get("zone"), c, Long::sum);
      }
    }
    return out;
  }

  private static Node node(String name, String zone) {
    return Wrappers.makeNode().name(name).label("zone", zone).obj();
  }

  private static Pod pod(String name, boolean red) {
    return Wrappers.makePod().name(name).uid(name).label("color", red ? "red" : "blue").obj();
  }
}
