package io.schedkit.plugins.podtopologyspread;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodMatcher;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.plugins.helper.FakeReplacingLister;
import io.schedkit.testing.Wrappers;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Hostname totals over nodes that come and go with new names stay the size of the cluster. */
final class DomainTotalsTest {
  private static final String HOSTNAME = "kubernetes.io/hostname";
  private static final PodMatcher RED =
      PodMatcher.of("DomainTotalsTest/red", p -> "red".equals(p.pod().labels().get("color")));

  @Test
  void cache_keepsTheTotalsOfManyKeysInRotation() {
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      nodes.add(Wrappers.makeNode().name("n" + i).label("zone", "z" + i % 3).obj());
    }
    FakeReplacingLister lister = new FakeReplacingLister(nodes, List.of());
    DomainTotals.Cache cache = new DomainTotals.Cache();
    List<DomainTotals.Key> keys = new ArrayList<>();
    List<DomainTotals> first = new ArrayList<>();
    for (int app = 0; app < 40; app++) {
      String value = "app-" + app;
      keys.add(
          new DomainTotals.Key(
              List.of("zone"),
              "zone",
              PodMatcher.of(
                  "DomainTotalsTest/" + value, p -> value.equals(p.pod().labels().get("app")))));
      first.add(cache.get(keys.get(app), lister, lister.list(), true));
    }
    // 40 questions asked in turn, more than the 16 of the smallest capacity: none is rebuilt.
    for (int round = 0; round < 3; round++) {
      for (int app = 0; app < 40; app++) {
        assertThat(cache.get(keys.get(app), lister, lister.list(), true))
            .as("round %d app %d", round, app)
            .isSameAs(first.get(app));
      }
    }
  }

  @Test
  void cache_keepsTheTotalsOfAQuestionWhoseMatcherWasRecycled() {
    List<Node> nodes = List.of(Wrappers.makeNode().name("n").label("zone", "z").obj());
    FakeReplacingLister lister = new FakeReplacingLister(nodes, List.of());
    DomainTotals.Cache cache = new DomainTotals.Cache();
    PodMatcher first = PodMatcher.of(List.of("DomainTotalsTest", "recycled"), p -> true);
    DomainTotals kept =
        cache.get(
            new DomainTotals.Key(List.of("zone"), "zone", first), lister, lister.list(), true);
    // Enough other questions to recycle every slot of the matchers' table.
    for (int i = 0; i < 300; i++) {
      PodMatcher.of(List.of("DomainTotalsTest", "other-" + i), p -> false);
    }
    PodMatcher again = PodMatcher.of(List.of("DomainTotalsTest", "recycled"), p -> true);

    assertThat(again).isNotSameAs(first);
    assertThat(
            cache.get(
                new DomainTotals.Key(List.of("zone"), "zone", again), lister, lister.list(), true))
        .isSameAs(kept);
  }

  @Test
  void hostnameTotals_underNodeChurn_stayBoundedAndCorrect() {
    Random r = new Random(7);
    DomainTotals.Cache cache = new DomainTotals.Cache();
    DomainTotals.Key key = new DomainTotals.Key(List.of(HOSTNAME), HOSTNAME, RED);
    int size = 10;
    int maxNumbered = 0;
    long lastVersion = -1;
    for (int round = 0; round < 60; round++) {
      // Every round replaces some nodes by new ones with new names, as an autoscaler would.
      List<Node> nodes = new ArrayList<>();
      List<Pod> pods = new ArrayList<>();
      for (int i = 0; i < size; i++) {
        String name = r.nextInt(3) == 0 ? "n" + i : "r" + round + "-n" + i;
        nodes.add(Wrappers.makeNode().name(name).label(HOSTNAME, name).obj());
        for (int k = r.nextInt(4); k > 0; k--) {
          pods.add(
              Wrappers.makePod()
                  .name(name + "-p" + k)
                  .uid(name + "-p" + k)
                  .label("color", r.nextBoolean() ? "red" : "blue")
                  .node(name)
                  .obj());
        }
      }
      FakeReplacingLister lister = new FakeReplacingLister(nodes, pods);
      List<NodeInfo> list = lister.list();
      DomainTotals t = cache.get(key, lister, list, true);

      assertThat(t.version()).as("round %d", round).isGreaterThan(lastVersion);
      lastVersion = t.version();
      maxNumbered = Math.max(maxNumbered, t.domainCount());
      for (int p = 0; p < list.size(); p++) {
        NodeInfo info = list.get(p);
        int d = t.domainAt(p);
        assertThat(t.valueOf(d)).as("round %d position %d", round, p).isEqualTo(info.name());
        assertThat(t.totalOf(d))
            .as("round %d position %d", round, p)
            .isEqualTo(info.countMatching(RED));
        assertThat(t.total(info.name())).isEqualTo(info.countMatching(RED));
      }
    }
    // 60 rounds saw about 400 names; the numbering never held more than the renumbering bound.
    assertThat(maxNumbered).isLessThanOrEqualTo(2 * size + 64 + size);
  }
}
