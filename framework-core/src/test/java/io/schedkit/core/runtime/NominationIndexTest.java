package io.schedkit.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.cache.SchedulerCache;
import io.schedkit.core.cache.Snapshot;
import io.schedkit.core.queue.Nominator;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.NominatingInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.fastpath.IndexedNodeLister;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link NominationIndex#positions} holds, at every position of the snapshot's list, the very
 * {@link NodeNominations} object the nominator gives for that node's name: after random
 * nominations, overrides and deletions (some to nodes the snapshot lacks), across more changes than
 * the nominator's log holds, and across a new list object. A lister that counts lookups by name
 * tells an incremental refresh (one lookup per logged change) from a full rebuild (one per
 * nominated node). Randomness is seeded; the seed is in every assertion's description.
 */
final class NominationIndexTest {
  /** Nodes named in nominations that the snapshot does not hold. */
  private static final List<String> GHOSTS = List.of("ghost-0", "ghost-1");

  /** The snapshot, counting the lookups by name that the index makes. */
  static class CountingLister implements IndexedNodeLister {
    private final Snapshot snapshot;
    int gets;

    CountingLister(Snapshot snapshot) {
      this.snapshot = snapshot;
    }

    @Override
    public List<NodeInfo> list() {
      return snapshot.list();
    }

    @Override
    public Optional<NodeInfo> get(String nodeName) {
      gets++;
      return snapshot.get(nodeName);
    }

    @Override
    public List<NodeInfo> havePodsWithAffinity() {
      return snapshot.havePodsWithAffinity();
    }

    @Override
    public List<NodeInfo> havePodsWithRequiredAntiAffinity() {
      return snapshot.havePodsWithRequiredAntiAffinity();
    }

    @Override
    public int imageNodeCount(String imageName) {
      return snapshot.imageNodeCount(imageName);
    }

    @Override
    public int size() {
      return snapshot.size();
    }

    @Override
    public boolean replacesChangedNodes() {
      return snapshot.replacesChangedNodes();
    }

    @Override
    public NodeColumns columns() {
      return snapshot.columns();
    }

    @Override
    public int positionOf(NodeInfo node) {
      return snapshot.positionOf(node);
    }

    @Override
    public long changeStamp() {
      return snapshot.changeStamp();
    }

    @Override
    public int[] changedSince(long stamp) {
      return snapshot.changedSince(stamp);
    }
  }

  private static Node node(String name) {
    return Node.builder().name(name).capacity("cpu", "4").capacity("pods", "110").build();
  }

  private static Pod pod(String name, int priority, String nominated) {
    return Pod.builder()
        .name(name)
        .uid(name)
        .priority(priority)
        .nominatedNodeName(nominated)
        .build();
  }

  /** The index's nominations by position (its published array), or null when it has none. */
  private static NodeNominations[] current(
      NominationIndex index, NodeInfoLister lister, Nominator nominator) {
    NominationIndex.ByPosition byPosition = index.positions(lister, nominator);
    return byPosition == null ? null : byPosition.nominations();
  }

  /** Asserts that {@code got} is, position by position, what the nominator gives by name. */
  private static void assertMatchesByName(
      String what, NodeNominations[] got, NodeInfoLister lister, Nominator nominator) {
    List<NodeInfo> list = lister.list();
    assertThat(got).as("%s: one entry per position", what).hasSize(list.size());
    for (int p = 0; p < list.size(); p++) {
      String name = list.get(p).name();
      assertThat(got[p])
          .as("%s: position %d (%s)", what, p, name)
          .isSameAs(nominator.nominationsOf(name));
    }
  }

  /** Pods that Filter asks about: some are among the nominated pods, one has no UID. */
  private static final List<PodInfo> PROBES = probes();

  private static List<PodInfo> probes() {
    List<PodInfo> probes = new ArrayList<>();
    for (int priority : new int[] {-5, 0, 10, 20, 25}) {
      for (String name : List.of("p0", "p3", "p7", "p19", "other")) {
        probes.add(PodInfo.of(pod(name, priority, "")));
      }
      probes.add(PodInfo.of(Pod.builder().name("no-uid").priority(priority).build()));
    }
    return probes;
  }

  /**
   * Asserts that the flat arrays answer, at every position, what the position's {@link
   * NodeNominations} answers.
   */
  private static void assertFlatArraysAgree(
      String what, NominationIndex.ByPosition flat, NodeNominations[] byPosition) {
    assertThat(flat.size()).isEqualTo(byPosition.length);
    for (int p = 0; p < byPosition.length; p++) {
      NodeNominations nn = byPosition[p];
      assertThat(flat.at(p)).isSameAs(nn);
      for (PodInfo probe : PROBES) {
        int hash = NodeNominations.uidHash(probe);
        boolean none = nn == null || nn.noneCount(probe.priority());
        assertThat(flat.noneCount(p, probe.priority()))
            .as("%s: position %d, noneCount for %s", what, p, probe.pod().name())
            .isEqualTo(none);
        if (!none) {
          assertThat(flat.allCount(p, probe, hash))
              .as("%s: position %d, allCount for %s", what, p, probe.pod().name())
              .isEqualTo(nn.allCount(probe, hash));
        }
      }
      if (nn != null) {
        assertThat(flat.pods(p)).isSameAs(nn.pods());
        assertThat(flat.requests(p)).isEqualTo(nn.requests());
      }
    }
  }

  /** One random change: a nomination, an override elsewhere or to nothing, a deletion. */
  private static void randomChange(Random r, Nominator nominator, List<String> targets) {
    String name = "p" + r.nextInt(25);
    int priority = r.nextInt(3) * 10;
    String target = targets.get(r.nextInt(targets.size()));
    switch (r.nextInt(6)) {
      case 0 -> nominator.deleteNominatedPodIfExists(pod(name, 0, ""));
      case 1 ->
          nominator.addNominatedPod(
              PodInfo.of(pod(name, priority, "")), NominatingInfo.override(""));
      case 2 -> nominator.addNominatedPod(PodInfo.of(pod(name, priority, target)), null);
      case 3 ->
          nominator.updateNominatedPod(
              pod(name, 0, ""), PodInfo.of(pod(name, priority, r.nextBoolean() ? target : "")));
      default ->
          nominator.addNominatedPod(
              PodInfo.of(pod(name, priority, "")), NominatingInfo.override(target));
    }
  }

  private static SchedulerCache cache(int nodes) {
    SchedulerCache cache = new SchedulerCache();
    for (int i = 0; i < nodes; i++) {
      cache.addNode(node("node-" + i));
    }
    return cache;
  }

  private static List<String> targets(Snapshot snapshot) {
    List<String> targets = new ArrayList<>(GHOSTS);
    for (NodeInfo n : snapshot.list()) {
      targets.add(n.name());
    }
    return targets;
  }

  @Test
  void current_matchesNominationsByName_afterRandomChanges_refreshingIncrementally() {
    int incremental = 0;
    for (long seed = 0; seed < 40; seed++) {
      Random r = new Random(seed);
      SchedulerCache cache = cache(1 + r.nextInt(20));
      Snapshot snapshot = new Snapshot();
      cache.updateSnapshot(snapshot);
      CountingLister lister = new CountingLister(snapshot);
      List<String> targets = targets(snapshot);
      Nominator nominator = new Nominator();
      NominationIndex index = new NominationIndex();

      NodeNominations[] previous = current(index, lister, nominator);
      assertMatchesByName("seed " + seed + ", first call", previous, lister, nominator);
      long seen = nominator.version();
      for (int step = 0; step < 150; step++) {
        String what = "seed " + seed + ", step " + step;
        for (int k = r.nextInt(4); k > 0; k--) {
          randomChange(r, nominator, targets);
        }
        NodeNominations[] kept = previous.clone();
        lister.gets = 0;
        NodeNominations[] got = current(index, lister, nominator);
        assertMatchesByName(what, got, lister, nominator);
        assertFlatArraysAgree(what, index.positions(lister, nominator), got);
        assertThat(previous).as("%s: a published array is never written", what).isEqualTo(kept);
        long changes = nominator.version() - seen;
        if (changes == 0) {
          assertThat(got).as("%s: nothing changed, the same array", what).isSameAs(previous);
          assertThat(lister.gets).as("%s: no lookup", what).isZero();
        } else {
          assertThat(lister.gets)
              .as("%s: one lookup per logged change (%d)", what, changes)
              .isEqualTo((int) changes);
          incremental++;
        }
        assertThat(current(index, lister, nominator))
            .as("%s: asked again, the same array", what)
            .isSameAs(got);
        previous = got;
        seen = nominator.version();
      }
    }
    assertThat(incremental).as("incremental refreshes").isGreaterThan(1000);
  }

  @Test
  void current_rebuildsFully_afterMoreChangesThanTheLogHolds() {
    for (long seed = 0; seed < 5; seed++) {
      Random r = new Random(seed);
      SchedulerCache cache = cache(2 + r.nextInt(15));
      Snapshot snapshot = new Snapshot();
      cache.updateSnapshot(snapshot);
      CountingLister lister = new CountingLister(snapshot);
      List<String> targets = targets(snapshot);
      Nominator nominator = new Nominator();
      NominationIndex index = new NominationIndex();
      for (int k = 0; k < 30; k++) {
        randomChange(r, nominator, targets);
      }
      assertMatchesByName(
          "seed " + seed + ", start", current(index, lister, nominator), lister, nominator);

      // Exactly as many changes as the log holds (each a new pod's first nomination, one change
      // each): still incremental.
      long since = nominator.version();
      for (int i = 0; i < 1024; i++) {
        nominator.addNominatedPod(
            PodInfo.of(pod("bulk-" + i, r.nextInt(3) * 10, "")),
            NominatingInfo.override(targets.get(r.nextInt(targets.size()))));
      }
      assertThat(nominator.version() - since).as("seed %d", seed).isEqualTo(1024);
      lister.gets = 0;
      NodeNominations[] got = current(index, lister, nominator);
      assertMatchesByName("seed " + seed + ", 1024 changes", got, lister, nominator);
      assertThat(lister.gets).as("seed %d: 1024 changes, re-read one by one", seed).isEqualTo(1024);

      // One more than the log holds: everything is read again, once per nominated node.
      since = nominator.version();
      while (nominator.version() - since <= 1024) {
        randomChange(r, nominator, targets);
      }
      int nominatedNodes = nominator.allNominations().byNode().size();
      lister.gets = 0;
      got = current(index, lister, nominator);
      assertMatchesByName("seed " + seed + ", over 1024 changes", got, lister, nominator);
      assertThat(lister.gets)
          .as("seed %d: a full rebuild, one lookup per nominated node", seed)
          .isEqualTo(nominatedNodes);

      // And incremental again afterwards.
      since = nominator.version();
      randomChange(r, nominator, targets);
      randomChange(r, nominator, targets);
      lister.gets = 0;
      got = current(index, lister, nominator);
      assertMatchesByName("seed " + seed + ", after the rebuild", got, lister, nominator);
      assertThat(lister.gets)
          .as("seed %d: incremental after the rebuild", seed)
          .isEqualTo((int) (nominator.version() - since));
    }
  }

  @Test
  void current_isNull_forAListerThatListsANominatedNodeWithoutItsPosition() {
    Snapshot snapshot = new Snapshot();
    cache(3).updateSnapshot(snapshot);
    NodeInfoLister lister =
        new CountingLister(snapshot) {
          @Override
          public int positionOf(NodeInfo node) {
            return -1;
          }
        };
    Nominator nominator = new Nominator();
    NominationIndex index = new NominationIndex();
    assertThat(current(index, lister, nominator)).as("nothing nominated yet").hasSize(3);
    nominator.addNominatedPod(PodInfo.of(pod("a", 10, "")), NominatingInfo.override("ghost-0"));
    assertThat(current(index, lister, nominator)).as("a node it does not list").hasSize(3);
    nominator.addNominatedPod(PodInfo.of(pod("b", 10, "")), NominatingInfo.override("node-1"));
    assertThat(current(index, lister, nominator)).as("incrementally").isNull();
    assertThat(current(new NominationIndex(), lister, nominator)).as("from scratch").isNull();
  }

  @Test
  void current_rebuildsFully_forANewListObject() {
    for (long seed = 0; seed < 20; seed++) {
      Random r = new Random(seed);
      int n = 1 + r.nextInt(12);
      SchedulerCache cache = cache(n);
      Snapshot snapshot = new Snapshot();
      cache.updateSnapshot(snapshot);
      CountingLister lister = new CountingLister(snapshot);
      List<String> targets = new ArrayList<>(targets(snapshot));
      targets.add("late");
      Nominator nominator = new Nominator();
      NominationIndex index = new NominationIndex();
      for (int k = 0; k < 20; k++) {
        randomChange(r, nominator, targets);
      }
      nominator.addNominatedPod(
          PodInfo.of(pod("for-late", 5, "")), NominatingInfo.override("late"));
      NodeNominations[] before = current(index, lister, nominator);
      assertMatchesByName("seed " + seed + ", before", before, lister, nominator);
      assertThat(before).as("seed %d: no position for an absent node", seed).hasSize(n);

      // A node changes in place (a new NodeInfo at the same position of the same list object):
      // nothing to refresh.
      List<NodeInfo> list = snapshot.list();
      cache.addPod(Pod.builder().name("running").uid("running").nodeName("node-0").build());
      cache.updateSnapshot(snapshot);
      assertThat(snapshot.list()).as("seed %d: the same list object", seed).isSameAs(list);
      lister.gets = 0;
      assertThat(current(index, lister, nominator)).as("seed %d", seed).isSameAs(before);
      assertThat(lister.gets).as("seed %d", seed).isZero();

      // The node joins: a new list object, one position more, and the nominations made while
      // it was absent are at its position now.
      cache.addNode(node("late"));
      cache.updateSnapshot(snapshot);
      assertThat(snapshot.list()).as("seed %d: a new list object", seed).isNotSameAs(list);
      int nominatedNodes = nominator.allNominations().byNode().size();
      lister.gets = 0;
      NodeNominations[] after = current(index, lister, nominator);
      assertMatchesByName("seed " + seed + ", after adding a node", after, lister, nominator);
      assertThat(after).as("seed %d", seed).hasSize(n + 1);
      assertThat(lister.gets)
          .as("seed %d: a full rebuild, one lookup per nominated node", seed)
          .isEqualTo(nominatedNodes);
      int late = snapshot.positionOf(snapshot.get("late").orElseThrow());
      assertThat(after[late].pods())
          .as("seed %d", seed)
          .extracting(PodInfo::name)
          .contains("for-late");

      // Incremental over the new list, then a node leaves: a full rebuild, one position less.
      List<String> now = targets(snapshot);
      for (int k = 0; k < 10; k++) {
        randomChange(r, nominator, now);
        assertMatchesByName(
            "seed " + seed + ", change " + k, current(index, lister, nominator), lister, nominator);
      }
      String gone = snapshot.list().get(r.nextInt(snapshot.size())).name();
      nominator.addNominatedPod(PodInfo.of(pod("for-gone", 5, "")), NominatingInfo.override(gone));
      cache.removeNode(node(gone));
      cache.updateSnapshot(snapshot);
      NodeNominations[] removed = current(index, lister, nominator);
      assertMatchesByName("seed " + seed + ", after removing " + gone, removed, lister, nominator);
      assertThat(removed).as("seed %d", seed).hasSize(n);
      assertThat(removed)
          .as("seed %d: the removed node's nominations are nowhere", seed)
          .doesNotContain(nominator.nominationsOf(gone));
    }
  }
}
