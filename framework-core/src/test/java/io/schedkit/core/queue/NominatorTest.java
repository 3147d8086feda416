package io.schedkit.core.queue;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.NominatingInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.Pod;
import java.util.List;
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
