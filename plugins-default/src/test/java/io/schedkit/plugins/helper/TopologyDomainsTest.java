package io.schedkit.plugins.helper;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.testing.Wrappers;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The domain numbering follows node replacements, new lists, missing keys and renumbering. */
final class TopologyDomainsTest {
  @Test
  void positions_followReplacedNodesAndRebuiltLists() {
    for (long seed = 0; seed < 50; seed++) {
      Random r = new Random(seed);
      List<Node> nodes = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        nodes.add(node("n" + i, r.nextInt(4) == 0 ? null : "z" + r.nextInt(3)));
      }
      List<Pod> pods = new ArrayList<>();
      FakeReplacingLister lister = new FakeReplacingLister(nodes, pods);
      TopologyDomains zones = new TopologyDomains("zone");
      for (int round = 0; round < 12; round++) {
        zones.refresh(lister);
        List<NodeInfo> list = lister.list();
        for (int p = 0; p < list.size(); p++) {
          String zone = list.get(p).labels().get("zone");
          assertThat(zones.at(p))
              .as("seed %d round %d position %d", seed, round, p)
              .isEqualTo(zone == null ? -1 : zones.idOf(zone));
        }
        pods.add(
            Wrappers.makePod()
                .name("p" + round)
                .uid("p" + round)
                .node("n" + r.nextInt(nodes.size()))
                .obj());
        lister.update(pods);
        if (r.nextInt(4) == 0) {
          lister.rebuild();
        }
      }
      assertThat(zones.epoch()).isZero();
      assertThat(zones.size()).isLessThanOrEqualTo(3);
    }
  }

  @Test
  void idsThatOutgrowTheNodes_areNumberedAfresh() {
    FakeReplacingLister lister =
        new FakeReplacingLister(List.of(node("a", "z1"), node("b", "z2")), List.of());
    TopologyDomains zones = new TopologyDomains("zone");
    for (int i = 0; i < 100; i++) {
      zones.idOf("gone-" + i); // values of nodes long deleted
    }
    zones.refresh(lister);

    assertThat(zones.epoch()).isEqualTo(1);
    assertThat(zones.size()).isEqualTo(2);
    assertThat(zones.at(0)).isEqualTo(zones.idOf("z1"));
    assertThat(zones.at(1)).isEqualTo(zones.idOf("z2"));
  }

  private static Node node(String name, String zone) {
    var n = Wrappers.makeNode().name(name);
    if (zone != null) {
      n.label("zone", zone);
    }
    return n.obj();
  }
}
