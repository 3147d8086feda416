package io.schedkit.core.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.TaintEffect;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link MutableNodeColumns#copyRow} copies every field of a row, into a row past the target's
 * capacity too, which grows it without touching the rows already there (random nodes, seeded; the
 * seed is in every assertion's description).
 */
final class MutableNodeColumnsTest {
  /** Every field of a row. */
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
    NodeColumns.FLAGS,
    NodeColumns.LOWEST_POD_PRIORITY
  };

  private static final long[] FLAGS = {
    NodeColumns.UNSCHEDULABLE, NodeColumns.HAS_TAINTS, NodeColumns.HAS_IMAGES
  };

  /** A node with random numbers, random flags and a few pods with random requests. */
  private static NodeInfo randomNode(String name, Random r) {
    Node.Builder b =
        Node.builder()
            .name(name)
            .capacity("cpu", (1 + r.nextInt(64)) + "")
            .capacity("memory", (1 + r.nextInt(256)) + "Gi")
            .capacity("ephemeral-storage", (1 + r.nextInt(900)) + "Gi")
            .capacity("pods", (1 + r.nextInt(250)) + "");
    if (r.nextBoolean()) {
      b.taint("dedicated", "x", TaintEffect.NO_SCHEDULE);
    }
    if (r.nextBoolean()) {
      b.unschedulable(true);
    }
    if (r.nextBoolean()) {
      b.image(1_000_000L + r.nextInt(1000), "registry/" + name);
    }
    NodeInfo info = NodeInfo.of(b.build());
    for (int k = r.nextInt(4); k > 0; k--) {
      Container.Builder c = Container.builder().name("c");
      if (r.nextBoolean()) {
        c.request("cpu", (1 + r.nextInt(2000)) + "m");
      }
      if (r.nextBoolean()) {
        c.request("memory", (1 + r.nextInt(2000)) + "Mi");
      }
      if (r.nextBoolean()) {
        c.request("ephemeral-storage", (1 + r.nextInt(2000)) + "Mi");
      }
      String pod = name + "-pod-" + k;
      Pod.Builder p = Pod.builder().name(pod).uid(pod).container(c.build());
      if (r.nextBoolean()) {
        p.priority(r.nextInt(2001) - 1000);
      }
      info.addPod(PodInfo.of(p.build()));
    }
    return info;
  }

  private static void assertSameRow(
      String what, NodeColumns actual, int row, NodeColumns expected, int expectedRow) {
    for (int field : FIELDS) {
      assertThat(actual.get(row, field))
          .as("%s, field %d", what, field)
          .isEqualTo(expected.get(expectedRow, field));
    }
    for (long flag : FLAGS) {
      assertThat(actual.has(row, flag))
          .as("%s, flag %d", what, flag)
          .isEqualTo(expected.has(expectedRow, flag))
          .isEqualTo((actual.get(row, NodeColumns.FLAGS) & flag) != 0);
    }
    assertThat(actual.version(row))
        .as("%s, version", what)
        .isEqualTo(actual.get(row, NodeColumns.VERSION));
  }

  @Test
  void everyWriteGetsANewVersion_aCopyKeepsIt_andGrowingKeepsThem() {
    Random r = new Random(3);
    MutableNodeColumns columns = new MutableNodeColumns(1);
    java.util.Set<Long> seen = new java.util.HashSet<>();
    long last = 0;
    for (int i = 0; i < 50; i++) {
      int position = r.nextInt(30);
      columns.set(position, randomNode("n" + i, r));
      long version = columns.version(position);
      assertThat(version).as("write %d", i).isGreaterThan(last);
      assertThat(seen.add(version)).isTrue();
      last = version;
    }
    MutableNodeColumns other = new MutableNodeColumns(1);
    other.copyRow(100, columns, 7);
    assertThat(other.version(100)).isEqualTo(columns.version(7));
    assertThat(other.version(50)).as("a row never written").isZero();
    assertThat(other.capacity()).isGreaterThan(100);
  }

  @Test
  void set_writesTheLowestPodPriority_orTheLargestLongForANodeWithoutPods() {
    NodeInfo node = NodeInfo.of(Node.builder().name("n").capacity("pods", "10").build());
    MutableNodeColumns columns = new MutableNodeColumns(2);
    columns.set(0, node);
    assertThat(columns.get(0, NodeColumns.LOWEST_POD_PRIORITY)).isEqualTo(Long.MAX_VALUE);
    for (int priority : new int[] {5, -3, 100}) {
      String name = "p" + priority;
      node.addPod(PodInfo.of(Pod.builder().name(name).uid(name).priority(priority).build()));
    }
    node.addPod(PodInfo.of(Pod.builder().name("unset").uid("unset").build()));
    columns.set(1, node);
    assertThat(columns.get(1, NodeColumns.LOWEST_POD_PRIORITY)).isEqualTo(-3);
  }

  @Test
  void copyRow_copiesEveryField_andGrowsTheTarget() {
    int flagsSeen = 0;
    for (long seed = 0; seed < 100; seed++) {
      Random r = new Random(seed);
      int sources = 1 + r.nextInt(5);
      NodeInfo[] nodes = new NodeInfo[sources];
      MutableNodeColumns from = new MutableNodeColumns(sources);
      for (int i = 0; i < sources; i++) {
        nodes[i] = randomNode("node-" + i, r);
        from.set(i, nodes[i]);
      }
      MutableNodeColumns to = new MutableNodeColumns(1);
      NodeInfo first = randomNode("first", r);
      to.set(0, first);
      MutableNodeColumns firstAlone = new MutableNodeColumns(1);
      firstAlone.set(0, first);

      int src = r.nextInt(sources);
      int target = 1 + r.nextInt(40);
      to.copyRow(target, from, src);
      String what = "seed " + seed + ", row " + src + " to " + target;
      assertSameRow(what, to, target, from, src);
      MutableNodeColumns fresh = new MutableNodeColumns(1);
      fresh.set(0, nodes[src]);
      assertSameRow(what + ", as set from the node", to, target, fresh, 0);
      assertSameRow(what + ", row 0 kept on growth", to, 0, firstAlone, 0);
      for (int row = 1; row < target; row++) {
        for (int field : FIELDS) {
          assertThat(to.get(row, field)).as("%s, row %d in between", what, row).isZero();
        }
      }

      // A copy, not a view: changing the source row later leaves the copied row as it was.
      MutableNodeColumns copied = new MutableNodeColumns(1);
      copied.copyRow(0, to, target);
      from.set(src, randomNode("replacement", r));
      assertSameRow(what + ", after the source row changed", to, target, copied, 0);

      // Within capacity: row 0 is overwritten, the other rows stay.
      int other = r.nextInt(sources);
      to.copyRow(0, from, other);
      assertSameRow(what + ", row 0 overwritten", to, 0, from, other);
      assertSameRow(what + ", target kept", to, target, copied, 0);
      if (to.get(target, NodeColumns.FLAGS) != 0) {
        flagsSeen++;
      }
    }
    assertThat(flagsSeen).as("rows with flags copied").isGreaterThan(10);
  }
}
