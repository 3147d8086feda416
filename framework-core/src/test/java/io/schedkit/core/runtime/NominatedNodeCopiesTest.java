package io.schedkit.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.cache.SchedulerCache;
import io.schedkit.core.cache.Snapshot;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.ResourceList;
import io.schedkit.framework.model.ResourceRequirements;
import java.util.List;
import org.junit.jupiter.api.Test;

final class NominatedNodeCopiesTest {
  private static Node node(String name) {
    return Node.builder().name(name).capacity("cpu", "4").capacity("pods", "110").build();
  }

  private static Pod pod(String name, String cpu) {
    return Pod.builder()
        .name(name)
        .uid(name)
        .container(
            Container.builder()
                .name("c")
                .resources(
                    new ResourceRequirements(ResourceList.of("cpu", cpu), ResourceList.empty()))
                .build())
        .build();
  }

  private static List<String> podNames(NodeInfo n) {
    return n.pods().stream().map(PodInfo::name).sorted().toList();
  }

  @Test
  void keepsACopyPerPosition_untilTheNodeOrItsNominatedPodsChange() {
    SchedulerCache cache = new SchedulerCache();
    cache.addNode(node("a"));
    cache.addNode(node("b"));
    cache.addPod(pod("running", "1").toBuilder().nodeName("a").build());
    Snapshot snapshot = new Snapshot();
    cache.updateSnapshot(snapshot);
    NodeInfo a = snapshot.get("a").orElseThrow();
    PodInfo n1 = PodInfo.of(pod("n1", "2"));
    PodInfo n2 = PodInfo.of(pod("n2", "500m"));
    NominatedNodeCopies copies = new NominatedNodeCopies();

    NodeInfo first = copies.withPods(snapshot, a, List.of(n1));
    assertThat(podNames(first)).containsExactly("n1", "running");
    assertThat(first.requested().milliCpu()).isEqualTo(3000);
    assertThat(podNames(a)).containsExactly("running"); // the snapshot's node is untouched
    assertThat(copies.withPods(snapshot, a, List.of(n1))).isSameAs(first);

    // Other nominated pods: a new copy, which replaces the kept one.
    NodeInfo second = copies.withPods(snapshot, a, List.of(n1, n2));
    assertThat(second).isNotSameAs(first);
    assertThat(podNames(second)).containsExactly("n1", "n2", "running");
    assertThat(copies.withPods(snapshot, a, List.of(n1, n2))).isSameAs(second);
    assertThat(copies.withPods(snapshot, a, List.of(PodInfo.of(n1.pod()), n2)))
        .isNotSameAs(second); // same pod, another PodInfo: not trusted

    // The node changes: the snapshot replaces its NodeInfo, and the kept copy is not used.
    cache.addPod(pod("later", "1").toBuilder().nodeName("a").build());
    cache.updateSnapshot(snapshot);
    NodeInfo a2 = snapshot.get("a").orElseThrow();
    assertThat(a2).isNotSameAs(a);
    NodeInfo third = copies.withPods(snapshot, a2, List.of(n1));
    assertThat(podNames(third)).containsExactly("later", "n1", "running");

    // A node that is not the snapshot's own (a preemption copy): built every time.
    NodeInfo privateCopy = a2.copy();
    NodeInfo fourth = copies.withPods(snapshot, privateCopy, List.of(n1));
    assertThat(podNames(fourth)).containsExactly("later", "n1", "running");
    assertThat(copies.withPods(snapshot, privateCopy, List.of(n1))).isNotSameAs(fourth);
    assertThat(podNames(privateCopy)).containsExactly("later", "running");

    // A node added to the cluster changes the list's size: nothing kept is reused.
    NodeInfo kept = copies.withPods(snapshot, a2, List.of(n1));
    assertThat(copies.withPods(snapshot, a2, List.of(n1))).isSameAs(kept);
    cache.addNode(node("c"));
    cache.updateSnapshot(snapshot);
    NodeInfo a3 = snapshot.get("a").orElseThrow();
    NodeInfo afterGrowth = copies.withPods(snapshot, a3, List.of(n1));
    assertThat(podNames(afterGrowth)).containsExactly("later", "n1", "running");
  }
}
