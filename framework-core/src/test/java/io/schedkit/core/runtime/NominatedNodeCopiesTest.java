package io.schedkit.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.cache.MutableNodeColumns;
import io.schedkit.core.cache.SchedulerCache;
import io.schedkit.core.cache.Snapshot;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.ResourceList;
import io.schedkit.framework.model.ResourceRequirements;
import io.schedkit.framework.model.TaintEffect;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

final class NominatedNodeCopiesTest {
  /** Every field of a {@link NodeColumns} row. */
  private static final int[] FIELDS = {
    NodeColumns.ALLOCATABLE_MILLI_CPU,
    NodeColumns.ALLOCATABLE_MEMORY,
    NodeColumns.ALLOCATABLE_EPHEMERAL_STORAGE,
    NodeColumns.ALLOCATABLE_PODS,
    NodeColumns.REQUESTED_MILLI_CPU,
    NodeColumns.REQUESTED_MEMORY,
    NodeColumns.REQUESTED_EPHEMERAL_STORAGE,
    NodeColumns.NON_ZERO_MILLI_CPU,
    NodeColumns.NON_ZERO_MEMORY,
    NodeColumns.POD_COUNT,
    NodeColumns.FLAGS
  };

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

  /** A node with every kind of number, and some of the flags (by seed). */
  private static Node richNode(String name, Random r) {
    Node.Builder b =
        Node.builder()
            .name(name)
            .capacity("cpu", (2 + r.nextInt(8)) + "")
            .capacity("memory", (1 + r.nextInt(16)) + "Gi")
            .capacity("ephemeral-storage", (10 + r.nextInt(90)) + "Gi")
            .capacity("pods", (10 + r.nextInt(100)) + "");
    if (r.nextBoolean()) {
      b.taint("dedicated", "x", TaintEffect.NO_SCHEDULE);
    }
    if (r.nextBoolean()) {
      b.unschedulable(true);
    }
    if (r.nextBoolean()) {
      b.image(1_000_000L + r.nextInt(1000), "registry/image-" + name);
    }
    return b.build();
  }

  /** A pod requesting some of cpu, memory and ephemeral storage (none at all, sometimes). */
  private static Pod requesting(String name, Random r) {
    Container.Builder c = Container.builder().name("c");
    if (r.nextBoolean()) {
      c.request("cpu", (100 + r.nextInt(900)) + "m");
    }
    if (r.nextBoolean()) {
      c.request("memory", (1 + r.nextInt(500)) + "Mi");
    }
    if (r.nextBoolean()) {
      c.request("ephemeral-storage", (1 + r.nextInt(500)) + "Mi");
    }
    return Pod.builder().name(name).uid(name).container(c.build()).build();
  }

  @Test
  void copyRow_isTheCopysOwnRowAtItsPosition_inEveryField() {
    for (long seed = 0; seed < 30; seed++) {
      Random r = new Random(seed);
      SchedulerCache cache = new SchedulerCache();
      int n = 1 + r.nextInt(6);
      for (int i = 0; i < n; i++) {
        cache.addNode(richNode("node-" + i, r));
        for (int k = r.nextInt(3); k > 0; k--) {
          cache.addPod(
              requesting("run-" + i + "-" + k, r).toBuilder().nodeName("node-" + i).build());
        }
      }
      Snapshot snapshot = new Snapshot();
      cache.updateSnapshot(snapshot);
      NodeColumns columns = snapshot.columns();
      NominatedNodeCopies copies = new NominatedNodeCopies();
      List<NodeInfo> made = new ArrayList<>();
      for (int p = 0; p < snapshot.size(); p++) {
        NodeInfo source = snapshot.list().get(p);
        List<PodInfo> added = new ArrayList<>();
        for (int k = 1 + r.nextInt(3); k > 0; k--) {
          added.add(PodInfo.of(requesting("nominated-" + p + "-" + k, r)));
        }
        added = List.copyOf(added);
        NodeInfo copy = copies.withPods(source, p, snapshot.size(), added);
        made.add(copy);
        String what = "seed " + seed + ", " + source.name();
        NodeColumns kept = copies.columnsFor(snapshot.size());

        assertThat(copies.withPods(source, p, snapshot.size(), added)).as(what).isSameAs(copy);
        assertThat(copy.podCount()).as(what).isEqualTo(source.podCount() + added.size());
        assertThat(podNames(source))
            .as("%s: the source is untouched", what)
            .doesNotContain(added.get(0).name());
        MutableNodeColumns fresh = new MutableNodeColumns(1);
        fresh.set(0, copy);
        for (int field : FIELDS) {
          assertThat(kept.get(p, field))
              .as("%s, field %d", what, field)
              .isEqualTo(fresh.get(0, field));
        }
        assertThat(kept.get(p, NodeColumns.POD_COUNT))
            .as("%s: the copy's pods, not the source's", what)
            .isEqualTo(columns.get(p, NodeColumns.POD_COUNT) + added.size());
        assertThat(kept.get(p, NodeColumns.ALLOCATABLE_MILLI_CPU))
            .as(what)
            .isEqualTo(columns.get(p, NodeColumns.ALLOCATABLE_MILLI_CPU));
        assertThat(kept.get(p, NodeColumns.FLAGS))
            .as("%s: the source's flags", what)
            .isEqualTo(columns.get(p, NodeColumns.FLAGS));
      }
      // The copies share one set of columns, each its own row: building the others changed none.
      NodeColumns kept = copies.columnsFor(snapshot.size());
      for (int p = 0; p < made.size(); p++) {
        NodeInfo copy = made.get(p);
        MutableNodeColumns fresh = new MutableNodeColumns(1);
        fresh.set(0, copy);
        for (int field : FIELDS) {
          assertThat(kept.get(p, field))
              .as("seed %d, position %d, field %d, after every copy was built", seed, p, field)
              .isEqualTo(fresh.get(0, field));
        }
      }
    }
  }

  @Test
  void withPositions_keepsTheCopyForTheSameNodeAndList() {
    SchedulerCache cache = new SchedulerCache();
    cache.addNode(node("a"));
    cache.addNode(node("b"));
    cache.addPod(pod("running", "1").toBuilder().nodeName("b").build());
    Snapshot snapshot = new Snapshot();
    cache.updateSnapshot(snapshot);
    NodeInfo b = snapshot.get("b").orElseThrow();
    int at = snapshot.positionOf(b);
    assertThat(at).isNotNegative();
    PodInfo n1 = PodInfo.of(pod("n1", "2"));
    PodInfo n2 = PodInfo.of(pod("n2", "500m"));
    List<PodInfo> added = List.of(n1, n2);
    NominatedNodeCopies copies = new NominatedNodeCopies();

    NodeColumns kept = copies.columnsFor(snapshot.size());
    NodeInfo first = copies.withPods(b, at, snapshot.size(), added);
    assertThat(podNames(first)).containsExactly("n1", "n2", "running");
    assertThat(kept.get(at, NodeColumns.REQUESTED_MILLI_CPU)).isEqualTo(3500);
    assertThat(copies.withPods(b, at, snapshot.size(), added))
        .as("the same node and the same list object")
        .isSameAs(first);
    assertThat(copies.withPods(b, at, snapshot.size(), new ArrayList<>(added)))
        .as("another list of the same PodInfos")
        .isSameAs(first);
    assertThat(copies.withPods(snapshot, b, added))
        .as("the lister's variant shares the kept copies")
        .isSameAs(first);

    // The copy keeps its source's position, yet the snapshot does not take it for its own node.
    assertThat(first.listPosition()).isEqualTo(at);
    assertThat(snapshot.positionOf(first)).isEqualTo(-1);
    assertThat(snapshot.positionOf(b)).isEqualTo(at);

    // Other pods: a new copy, kept from then on.
    NodeInfo second = copies.withPods(b, at, snapshot.size(), List.of(n1));
    assertThat(second).isNotSameAs(first);
    assertThat(kept.get(at, NodeColumns.POD_COUNT)).isEqualTo(2);
    assertThat(copies.withPods(b, at, snapshot.size(), List.of(n1))).isSameAs(second);

    // Another node at that position, or another list size: a new copy.
    NodeInfo other = b.copy();
    NodeInfo third = copies.withPods(other, at, snapshot.size(), List.of(n1));
    assertThat(third).isNotSameAs(second);
    assertThat(copies.withPods(other, at, snapshot.size(), List.of(n1))).isSameAs(third);
    assertThat(copies.columnsFor(snapshot.size()))
        .as("the same size: the same columns")
        .isSameAs(kept);
    NodeInfo fourth = copies.withPods(other, at, snapshot.size() + 1, List.of(n1));
    assertThat(fourth).as("the size changed: nothing kept").isNotSameAs(third);
    assertThat(copies.columnsFor(snapshot.size() + 1)).as("new columns").isNotSameAs(kept);
    assertThat(podNames(fourth)).containsExactly("n1", "running");
  }
}
