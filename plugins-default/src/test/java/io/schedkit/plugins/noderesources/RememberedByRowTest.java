package io.schedkit.plugins.noderesources;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.cache.MutableNodeColumns;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.fastpath.RangeScorePlugin;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.testing.Wrappers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The resource scorers keep their scores, and NodeResourcesFit the nodes a request fits, by
 * position and row version ({@link RowMemo}): one instance working cycle after cycle, with nodes
 * changing in between and pods of several request shapes (more than it remembers), gives exactly
 * the scores of {@code score} and the verdicts of {@code filter} node by node.
 */
final class RememberedByRowTest {

  private static Node node(String name, Random r) {
    return Wrappers.makeNode()
        .name(name)
        .capacity(
            Map.of(
                "cpu",
                (2 + r.nextInt(14)) + "",
                "memory",
                // Now and then a node without memory: never kept, always the general path.
                r.nextInt(10) == 0 ? "0" : (4 + r.nextInt(60)) + "Gi"))
        .obj();
  }

  private static Pod pod(String name, int shape) {
    var p = Wrappers.makePod().name(name);
    // Shape 0 requests nothing (Fit scores it with the 100m / 200Mi defaults).
    if (shape > 0) {
      p.req(Map.of("cpu", (100 * shape) + "m", "memory", (256 * shape) + "Mi"));
    }
    return p.obj();
  }

  @ParameterizedTest
  @ValueSource(strings = {"NodeResourcesFit", "NodeResourcesBalancedAllocation"})
  void cycleAfterCycle_changingNodesAndShapes_sameScoresAsNodeByNode(String which) {
    RangeScorePlugin plugin =
        which.equals("NodeResourcesFit")
            ? new NodeResourcesFit()
            : new NodeResourcesBalancedAllocation();
    Random r = new Random(7);
    Nodes cluster = new Nodes(40, r);
    int n = cluster.nodes.size();
    List<NodeInfo> nodes = cluster.nodes;
    MutableNodeColumns columns = cluster.columns;
    int[] positions = cluster.positions;
    for (int cycle = 0; cycle < 300; cycle++) {
      // Between cycles some nodes change (a pod added, as a scheduler's snapshot would show).
      cluster.addPods(r, cycle, 3, 8);
      // Six shapes, more than the four request vectors the scorer remembers.
      PodInfo incoming = PodInfo.of(pod("incoming-" + cycle, r.nextInt(6)));
      CycleState state = new CycleState();
      ((io.schedkit.framework.PreScorePlugin) plugin).preScore(state, incoming, nodes);
      long[] got = new long[n];
      int from = r.nextInt(n);
      int to = from + 1 + r.nextInt(n - from);
      plugin.scoreRange(state, incoming, nodes, positions, columns, from, to, got);
      for (int i = from; i < to; i++) {
        assertThat(got[i])
            .as("cycle %d, %s, node %d", cycle, which, i)
            .isEqualTo(plugin.score(state, incoming, nodes.get(i)));
      }
    }
  }

  @Test
  void fitCycleAfterCycle_changingNodesAndShapes_sameVerdictsAsNodeByNode() {
    NodeResourcesFit plugin = new NodeResourcesFit();
    Random r = new Random(11);
    Nodes cluster = new Nodes(40, r);
    int n = cluster.nodes.size();
    List<NodeInfo> nodes = cluster.nodes;
    MutableNodeColumns columns = cluster.columns;
    int[] positions = cluster.positions;
    int rejected = 0;
    for (int cycle = 0; cycle < 300; cycle++) {
      // Nodes fill up (pods of up to 3.2 cpu), so requests that fitted stop fitting.
      cluster.addPods(r, cycle, 4, 32);
      PodInfo incoming = PodInfo.of(pod("incoming-" + cycle, r.nextInt(30)));
      CycleState state = new CycleState();
      plugin.preFilter(state, incoming, nodes);
      NodeInfo[] block = nodes.toArray(new NodeInfo[0]);
      io.schedkit.framework.Status[] verdicts = new io.schedkit.framework.Status[n];
      plugin.filterBlock(state, incoming, block, positions, columns, n, verdicts);
      for (int i = 0; i < n; i++) {
        io.schedkit.framework.Status expected = plugin.filter(state, incoming, nodes.get(i));
        if (expected.isSuccess()) {
          assertThat(verdicts[i]).as("cycle %d, node %d", cycle, i).isNull();
        } else {
          rejected++;
          assertThat(verdicts[i]).as("cycle %d, node %d", cycle, i).isNotNull();
          assertThat(verdicts[i].code()).isEqualTo(expected.code());
          assertThat(verdicts[i].reasons()).isEqualTo(expected.reasons());
        }
      }
    }
    assertThat(rejected).as("nodes that stopped fitting").isGreaterThan(100);
  }

  /** Nodes at list positions 0 to n - 1 with their columns, changed as a snapshot would be. */
  private static final class Nodes {
    final List<NodeInfo> nodes = new ArrayList<>();
    final MutableNodeColumns columns;
    final int[] positions;

    Nodes(int n, Random r) {
      columns = new MutableNodeColumns(n);
      positions = new int[n];
      for (int i = 0; i < n; i++) {
        nodes.add(NodeInfo.of(node("n" + i, r)));
        columns.set(i, nodes.get(i));
        positions[i] = i;
      }
    }

    /**
     * Adds fewer than {@code upTo} pods, each of a random shape from 1 to {@code largestShape}, to
     * random nodes, replacing each changed node by a copy as the snapshot does.
     */
    void addPods(Random r, int cycle, int upTo, int largestShape) {
      for (int k = r.nextInt(upTo); k > 0; k--) {
        int at = r.nextInt(nodes.size());
        NodeInfo changed = nodes.get(at).copy();
        changed.addPod(PodInfo.of(pod("p" + cycle + "-" + k, 1 + r.nextInt(largestShape))));
        nodes.set(at, changed);
        columns.set(at, changed);
      }
    }
  }

  private static NodeColumns columns(int positions) {
    return new MutableNodeColumns(positions);
  }

  @Test
  void aScoreIsFoundOnlyForItsPositionVersionAndRequests() {
    RowMemo memo = new RowMemo();
    NodeColumns columns = columns(8);
    RowMemo.Table a = memo.table(new long[] {100, 200}, columns);

    assertThat(a.get(3, 42)).isEqualTo(-1);
    a.put(3, 42, 77);
    assertThat(a.get(3, 42)).isEqualTo(77);
    assertThat(a.get(3, 43)).as("another version of the row").isEqualTo(-1);
    assertThat(a.get(4, 42)).as("another position").isEqualTo(-1);
    assertThat(memo.table(new long[] {100, 200}, columns)).isSameAs(a);
    assertThat(memo.table(new long[] {100, 201}, columns).get(3, 42))
        .as("other requests")
        .isEqualTo(-1);
  }

  @Test
  void unversionedRows_outOfRangeScores_andPositionsBeyondTheColumns_areNotKept() {
    RowMemo memo = new RowMemo();
    RowMemo.Table t = memo.table(new long[] {1}, columns(4));

    t.put(0, 0, 5);
    assertThat(t.get(0, 0)).as("a row never written has version 0").isEqualTo(-1);
    t.put(1, 9, 128);
    t.put(2, 9, -1);
    assertThat(t.get(1, 9)).isEqualTo(-1);
    assertThat(t.get(2, 9)).isEqualTo(-1);
    t.put(4, 9, 50);
    assertThat(t.get(4, 9)).isEqualTo(-1);
    t.put(3, 9, 0);
    assertThat(t.get(3, 9)).as("0 is a score like any other").isEqualTo(0);
  }

  @Test
  void theOldestRequestsAreForgotten_andLargerColumnsGetANewTable() {
    RowMemo memo = new RowMemo();
    NodeColumns columns = columns(4);
    RowMemo.Table first = memo.table(new long[] {0}, columns);
    for (int i = 1; i <= RowMemo.TABLES; i++) {
      memo.table(new long[] {i}, columns);
    }

    assertThat(memo.table(new long[] {0}, columns)).isNotSameAs(first);
    RowMemo.Table small = memo.table(new long[] {0}, columns);
    small.put(1, 5, 10);
    RowMemo.Table large = memo.table(new long[] {0}, columns(64));
    assertThat(large).isNotSameAs(small);
    assertThat(large.get(1, 5)).isEqualTo(-1);
    assertThat(memo.table(new long[] {0}, columns))
        .as("the larger one serves both")
        .isSameAs(large);
  }
}
