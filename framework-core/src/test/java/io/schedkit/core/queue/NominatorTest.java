package io.schedkit.core.queue;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.runtime.NodeNominations;
import io.schedkit.framework.NominatingInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

final class NominatorTest {
  private final Nominator nominator = new Nominator();

  @Test
  void addNominatedPod_noopTakesStatusNominatedNodeName() {
    nominator.addNominatedPod(info(pod("a", 0, "n1")), null);
    nominator.addNominatedPod(
        info(pod("b", 0, "")), new NominatingInfo("", NominatingInfo.Mode.NOOP));

    assertThat(nominator.nominatedNodeName(pod("a", 0, ""))).contains("n1");
    assertThat(nominator.nominatedNodeName(pod("b", 0, ""))).isEmpty();
    assertThat(names(nominator.nominatedPodsForNode("n1"))).containsExactly("a");
  }

  @Test
  void addNominatedPod_noopKeepsAnExistingNomination() {
    nominator.addNominatedPod(info(pod("a", 0, "")), NominatingInfo.override("n1"));

    nominator.addNominatedPod(
        info(pod("a", 0, "n2")), new NominatingInfo("", NominatingInfo.Mode.NOOP));

    assertThat(nominator.nominatedNodeName(pod("a", 0, ""))).contains("n1");
    assertThat(nominator.nominatedPodsForNode("n2")).isEmpty();
  }

  @Test
  void addNominatedPod_overrideMovesAndEmptyOverrideClears() {
    nominator.addNominatedPod(info(pod("a", 0, "n1")), null);

    nominator.addNominatedPod(info(pod("a", 0, "n1")), NominatingInfo.override("n2"));
    assertThat(nominator.nominatedPodsForNode("n1")).isEmpty();
    assertThat(names(nominator.nominatedPodsForNode("n2"))).containsExactly("a");

    nominator.addNominatedPod(info(pod("a", 0, "n1")), NominatingInfo.override(""));
    assertThat(nominator.nominatedNodeName(pod("a", 0, ""))).isEmpty();
    assertThat(nominator.nominatedPodsForNode("n2")).isEmpty();
    assertThat(nominator.size()).isZero();
  }

  @Test
  void addNominatedPod_assignedPodIsNeverNominated() {
    Pod bound = Pod.builder().name("a").uid("a").nodeName("n3").nominatedNodeName("n1").build();

    nominator.addNominatedPod(PodInfo.of(bound), NominatingInfo.override("n1"));

    assertThat(nominator.nominatedPodsForNode("n1")).isEmpty();
    assertThat(nominator.nominatedNodeName(bound)).isEmpty();
  }

  @Test
  void nominatedPodsForNode_highestPriorityFirstThenNominationOrder() {
    nominator.addNominatedPod(info(pod("low", 0, "n1")), null);
    nominator.addNominatedPod(info(pod("mid1", 100, "n1")), null);
    nominator.addNominatedPod(info(pod("high", 1000, "n1")), null);
    nominator.addNominatedPod(info(pod("mid2", 100, "n1")), null);

    assertThat(names(nominator.nominatedPodsForNode("n1")))
        .containsExactly("high", "mid1", "mid2", "low");
  }

  @Test
  void updateNominatedPod_keepsNominationWhenNeitherVersionHasOne() {
    nominator.addNominatedPod(info(pod("a", 0, "")), NominatingInfo.override("n1"));
    Pod updated = pod("a", 5, "");

    nominator.updateNominatedPod(pod("a", 0, ""), info(updated));

    List<PodInfo> onN1 = nominator.nominatedPodsForNode("n1");
    assertThat(onN1).hasSize(1);
    assertThat(onN1.get(0).pod()).as("the recorded pod is replaced").isEqualTo(updated);
  }

  @Test
  void updateNominatedPod_followsStatusWhenAddedChangedOrRemoved() {
    nominator.updateNominatedPod(pod("a", 0, ""), info(pod("a", 0, "n1")));
    assertThat(nominator.nominatedNodeName(pod("a", 0, ""))).contains("n1");

    nominator.updateNominatedPod(pod("a", 0, "n1"), info(pod("a", 0, "n2")));
    assertThat(nominator.nominatedNodeName(pod("a", 0, ""))).contains("n2");
    assertThat(nominator.nominatedPodsForNode("n1")).isEmpty();

    nominator.updateNominatedPod(pod("a", 0, "n2"), info(pod("a", 0, "")));
    assertThat(nominator.nominatedNodeName(pod("a", 0, ""))).isEmpty();
    assertThat(nominator.size()).isZero();
  }

  @Test
  void deleteNominatedPodIfExists_removesOnlyThatPod() {
    nominator.addNominatedPod(info(pod("a", 0, "n1")), null);
    nominator.addNominatedPod(info(pod("b", 0, "n1")), null);

    nominator.deleteNominatedPodIfExists(pod("a", 0, ""));
    nominator.deleteNominatedPodIfExists(pod("unknown", 0, ""));

    assertThat(names(nominator.nominatedPodsForNode("n1"))).containsExactly("b");
    assertThat(nominator.size()).isEqualTo(1);
  }

  @Test
  void version_growsOnEveryChange_andOnlyThen() {
    long v0 = nominator.version();

    nominator.addNominatedPod(info(pod("a", 0, "")), NominatingInfo.override("n1"));
    long v1 = nominator.version();
    assertThat(v1).as("a new nomination").isGreaterThan(v0);

    nominator.addNominatedPod(info(pod("b", 0, "")), NominatingInfo.override("n2"));
    long v2 = nominator.version();
    assertThat(v2).as("a second node").isGreaterThan(v1);

    nominator.addNominatedPod(info(pod("a", 0, "")), NominatingInfo.override("n2"));
    long v3 = nominator.version();
    assertThat(v3).as("a move to another node").isGreaterThan(v2);

    nominator.updateNominatedPod(pod("b", 0, ""), info(pod("b", 7, "")));
    long v4 = nominator.version();
    assertThat(v4).as("an update of a nominated pod").isGreaterThan(v3);

    nominator.deleteNominatedPodIfExists(pod("a", 0, ""));
    long v5 = nominator.version();
    assertThat(v5).as("a deletion").isGreaterThan(v4);

    // Nothing changes: no new version.
    nominator.deleteNominatedPodIfExists(pod("unknown", 0, ""));
    nominator.addNominatedPod(
        PodInfo.of(Pod.builder().name("bound").uid("bound").nodeName("n9").build()),
        NominatingInfo.override("n1"));
    nominator.addNominatedPod(info(pod("c", 0, "")), NominatingInfo.override(""));
    assertThat(nominator.version()).as("no-ops").isEqualTo(v5);
    nominator.nominatedPodsForNode("n2");
    nominator.nominationsOf("n2");
    nominator.allNominations();
    nominator.changesSince(v0);
    assertThat(nominator.version()).as("reads").isEqualTo(v5);
  }

  @Test
  void changesSince_listsTheChangedNodesInOrder() {
    long v0 = nominator.version();
    assertThat(nominator.changesSince(v0).nodes()).as("nothing yet").isEmpty();
    assertThat(nominator.changesSince(v0).version()).isEqualTo(v0);

    nominator.addNominatedPod(info(pod("a", 0, "")), NominatingInfo.override("n1"));
    nominator.addNominatedPod(info(pod("b", 0, "")), NominatingInfo.override("n2"));
    long v2 = nominator.version();
    // a moves from n1 to n3: both nodes change.
    nominator.addNominatedPod(info(pod("a", 0, "")), NominatingInfo.override("n3"));
    nominator.deleteNominatedPodIfExists(pod("b", 0, ""));

    Nominator.Changes all = nominator.changesSince(v0);
    assertThat(all.version()).isEqualTo(nominator.version());
    assertThat(all.nodes()).containsExactly("n1", "n2", "n1", "n3", "n2");
    assertThat(nominator.changesSince(v2).nodes()).containsExactly("n1", "n3", "n2");
    assertThat(nominator.changesSince(nominator.version()).nodes()).isEmpty();
    assertThat(nominator.changesSince(nominator.version() + 1)).as("a future version").isNull();
    assertThat(nominator.changesSince(-1)).as("a negative version").isNull();
  }

  @Test
  void changesSince_reachesBack1024Changes_andNoFurther() {
    nominator.addNominatedPod(info(pod("warm-up", 0, "")), NominatingInfo.override("w"));
    long since = nominator.version();
    List<String> expected = new ArrayList<>();
    // 1024 changes: each a new pod's first nomination, to one of seven nodes.
    for (int i = 0; i < 1024; i++) {
      nominator.addNominatedPod(info(pod("m" + i, 0, "")), NominatingInfo.override("k" + i % 7));
      expected.add("k" + i % 7);
    }
    assertThat(expected).hasSize(1024);
    assertThat(nominator.version() - since).isEqualTo(1024);

    Nominator.Changes changes = nominator.changesSince(since);
    assertThat(changes).as("exactly 1024 changes since").isNotNull();
    assertThat(changes.nodes()).containsExactlyElementsOf(expected);
    assertThat(changes.version()).isEqualTo(nominator.version());

    nominator.deleteNominatedPodIfExists(pod("m0", 0, ""));
    assertThat(nominator.changesSince(since)).as("1025 changes since").isNull();
    Nominator.Changes later = nominator.changesSince(since + 1);
    assertThat(later).as("1024 changes since the next version").isNotNull();
    assertThat(later.nodes()).hasSize(1024);
    assertThat(later.nodes().get(0)).isEqualTo(expected.get(1));
    assertThat(later.nodes().get(1023)).as("the deletion of m0").isEqualTo("k0");
    assertThat(nominator.changesSince(0)).as("from the start").isNull();

    // Far past the log's length, the latest changes are still listed in order.
    for (int i = 0; i < 2500; i++) {
      nominator.addNominatedPod(info(pod("late" + i, 0, "")), NominatingInfo.override("z" + i));
    }
    assertThat(nominator.changesSince(nominator.version() - 3).nodes())
        .containsExactly("z2497", "z2498", "z2499");
  }

  @Test
  void allNominations_matchesNominationsOf_underRandomChanges() {
    for (long seed = 0; seed < 20; seed++) {
      Random r = new Random(seed);
      Nominator n = new Nominator();
      for (int step = 0; step < 200; step++) {
        String name = "p" + r.nextInt(12);
        int op = r.nextInt(4);
        if (op == 0) {
          n.deleteNominatedPodIfExists(pod(name, 0, ""));
        } else {
          String node = op == 1 ? "" : "n" + r.nextInt(5);
          n.addNominatedPod(info(pod(name, r.nextInt(3), "")), NominatingInfo.override(node));
        }
        Nominator.AllNominations all = n.allNominations();
        assertThat(all.version()).as("seed %d step %d", seed, step).isEqualTo(n.version());
        for (int k = 0; k < 5; k++) {
          String node = "n" + k;
          NodeNominations nn = n.nominationsOf(node);
          assertThat(all.byNode().get(node))
              .as("seed %d step %d %s", seed, step, node)
              .isSameAs(nn);
          if (nn == null) {
            assertThat(n.nominatedPodsForNode(node)).as("seed %d step %d", seed, step).isEmpty();
          } else {
            assertThat(nn.pods())
                .as("seed %d step %d %s", seed, step, node)
                .isSameAs(n.nominatedPodsForNode(node))
                .isNotEmpty();
          }
        }
        assertThat(all.byNode().keySet())
            .as("seed %d step %d", seed, step)
            .allMatch(node -> n.nominationsOf(node) != null);
        assertThat(all.byNode().values().stream().mapToInt(v -> v.pods().size()).sum())
            .as("seed %d step %d", seed, step)
            .isEqualTo(n.size());
      }
    }
    assertThat(nominator.allNominations().byNode()).as("an empty nominator").isEmpty();
    assertThat(nominator.nominationsOf("n1")).isNull();
  }

  @Test
  void allNominations_isACopy() {
    nominator.addNominatedPod(info(pod("a", 0, "")), NominatingInfo.override("n1"));
    Nominator.AllNominations before = nominator.allNominations();
    NodeNominations n1 = nominator.nominationsOf("n1");

    nominator.addNominatedPod(info(pod("b", 0, "")), NominatingInfo.override("n1"));
    nominator.addNominatedPod(info(pod("c", 0, "")), NominatingInfo.override("n2"));

    assertThat(before.byNode()).containsOnlyKeys("n1");
    assertThat(before.byNode().get("n1")).isSameAs(n1);
    assertThat(names(n1.pods())).as("immutable: replaced, not changed").containsExactly("a");
    assertThat(nominator.nominationsOf("n1")).isNotSameAs(n1);
    assertThat(names(nominator.nominationsOf("n1").pods())).containsExactly("a", "b");
  }

  @Test
  void nodeNominations_noneCount_byHighestPriority() {
    nominator.addNominatedPod(info(pod("high", 100, "")), NominatingInfo.override("n1"));
    nominator.addNominatedPod(info(pod("low", 50, "")), NominatingInfo.override("n1"));
    NodeNominations n1 = nominator.nominationsOf("n1");

    assertThat(names(n1.pods())).containsExactly("high", "low");
    assertThat(n1.noneCount(101)).as("all lower").isTrue();
    assertThat(n1.noneCount(100)).as("an equal priority counts").isFalse();
    assertThat(n1.noneCount(75)).isFalse();
    assertThat(n1.noneCount(-5)).isFalse();
  }

  @Test
  void nodeNominations_allCount_byLowestPriorityAndIdentity() {
    nominator.addNominatedPod(info(pod("high", 100, "")), NominatingInfo.override("n1"));
    nominator.addNominatedPod(info(pod("low", 50, "")), NominatingInfo.override("n1"));
    NodeNominations n1 = nominator.nominationsOf("n1");

    PodInfo other50 = info(pod("other", 50, ""));
    assertThat(n1.allCount(other50, NodeNominations.uidHash(other50)))
        .as("equal lowest priority")
        .isTrue();
    PodInfo other10 = info(pod("other", 10, ""));
    assertThat(n1.allCount(other10, NodeNominations.uidHash(other10))).isTrue();
    PodInfo other51 = info(pod("other", 51, ""));
    assertThat(n1.allCount(other51, NodeNominations.uidHash(other51)))
        .as("the lowest one has a lower priority")
        .isFalse();

    // The pod itself is nominated there (by UID, whatever its name): not all count.
    PodInfo itself = info(pod("low", 10, ""));
    assertThat(n1.allCount(itself, NodeNominations.uidHash(itself))).isFalse();
    PodInfo sameUid = PodInfo.of(Pod.builder().name("renamed").uid("high").priority(10).build());
    assertThat(n1.allCount(sameUid, NodeNominations.uidHash(sameUid))).as("same UID").isFalse();
    PodInfo sameNameOtherUid =
        PodInfo.of(Pod.builder().name("high").uid("high-2").priority(10).build());
    assertThat(n1.allCount(sameNameOtherUid, NodeNominations.uidHash(sameNameOtherUid)))
        .as("same name, another UID: another pod")
        .isTrue();
  }

  @Test
  void nodeNominations_allCount_isNotSureWhenANominatedPodHasNoUid() {
    // Filter counts a nominated pod without a UID as the pod itself when namespace and name match,
    // whatever the pod's own UID: that is for the pod-by-pod check, never answered here.
    nominator.addNominatedPod(noUid("ns1", "x", 100), NominatingInfo.override("n1"));
    nominator.addNominatedPod(noUid("ns1", "y", 100), NominatingInfo.override("n1"));
    NodeNominations n1 = nominator.nominationsOf("n1");
    assertThat(names(n1.pods())).containsExactly("x", "y");

    PodInfo itself = noUid("ns1", "x", 0);
    assertThat(n1.allCount(itself, NodeNominations.uidHash(itself))).as("ns1/x itself").isFalse();
    PodInfo sameNameWithUid =
        PodInfo.of(Pod.builder().namespace("ns1").name("x").uid("u").priority(0).build());
    assertThat(n1.allCount(sameNameWithUid, NodeNominations.uidHash(sameNameWithUid)))
        .as("ns1/x with a UID")
        .isFalse();
    PodInfo otherName = noUid("ns1", "z", 0);
    assertThat(n1.allCount(otherName, NodeNominations.uidHash(otherName))).as("ns1/z").isFalse();
    assertThat(n1.noneCount(0)).isFalse();
    assertThat(n1.noneCount(101)).isTrue();
  }

  @Test
  void nodeNominations_uidHash_isTheHashOfTheUid() {
    PodInfo withUid = PodInfo.of(Pod.builder().namespace("ns").name("a").uid("u-1").build());
    PodInfo withoutUid = noUid("ns", "a", 0);

    assertThat(NodeNominations.uidHash(withUid)).isEqualTo("u-1".hashCode());
    assertThat(NodeNominations.uidHash(withoutUid)).isEqualTo(0);
    assertThat(Nominator.keyOf(withUid.pod())).isEqualTo("u-1");
    assertThat(Nominator.keyOf(withoutUid.pod())).isEqualTo("ns/a");
  }

  private static PodInfo noUid(String namespace, String name, int priority) {
    return PodInfo.of(Pod.builder().namespace(namespace).name(name).priority(priority).build());
  }

  private static Pod pod(String name, int priority, String nominated) {
    return Pod.builder()
        .name(name)
        .uid(name)
        .priority(priority)
        .nominatedNodeName(nominated)
        .build();
  }

  private static PodInfo info(Pod pod) {
    return PodInfo.of(pod);
  }

  private static List<String> names(List<PodInfo> pods) {
    return pods.stream().map(PodInfo::name).toList();
  }
}
