package io.schedkit.plugins;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.cache.MutableNodeColumns;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreFilterPlugin;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.BlockFilterPlugin;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import io.schedkit.plugins.interpodaffinity.InterPodAffinity;
import io.schedkit.plugins.interpodaffinity.InterPodAffinityArgs;
import io.schedkit.plugins.nodename.NodeName;
import io.schedkit.plugins.noderesources.NodeResourcesFit;
import io.schedkit.plugins.nodeunschedulable.NodeUnschedulable;
import io.schedkit.plugins.podtopologyspread.PodTopologySpread;
import io.schedkit.plugins.podtopologyspread.PodTopologySpreadArgs;
import io.schedkit.plugins.tainttoleration.TaintToleration;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.Wrappers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The plugins that override {@link io.schedkit.framework.fastpath.BlockFilterPlugin#filterBlock}
 * give each open node of a block exactly the verdict of {@link FilterPlugin#filter}, leave passing
 * nodes open and rejected ones untouched, and the position-aware variant reading {@link
 * NodeColumns} gives the same verdicts (random clusters, seeded; the seed is in every assertion's
 * description).
 */
final class FilterBlockTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "NodeResourcesFit",
        "NodeUnschedulable",
        "NodeName",
        "TaintToleration",
        "InterPodAffinity",
        "PodTopologySpread"
      })
  void filterBlock_equalsFilterNodeByNode(String which) {
    int rejections = 0;
    for (long seed = 0; seed < 300; seed++) {
      Random r = new Random(seed);
      List<Node> nodes = new ArrayList<>();
      List<Pod> pods = new ArrayList<>();
      int n = 1 + r.nextInt(12);
      for (int i = 0; i < n; i++) {
        var node =
            Wrappers.makeNode()
                .name("n" + i)
                .label("kubernetes.io/hostname", "n" + i)
                .capacity(Map.of("cpu", "2", "memory", "4Gi", "pods", "" + (1 + r.nextInt(3))))
                .unschedulable(r.nextInt(4) == 0);
        if (r.nextBoolean()) {
          node.taint(
              "k" + r.nextInt(2),
              "v",
              r.nextBoolean() ? TaintEffect.NO_SCHEDULE : TaintEffect.PREFER_NO_SCHEDULE);
        }
        if (r.nextInt(5) != 0) {
          node.label("zone", "z" + r.nextInt(3));
        }
        nodes.add(node.obj());
        for (int k = r.nextInt(3); k > 0; k--) {
          var existing =
              Wrappers.makePod()
                  .name("e" + i + "-" + k)
                  .uid("e" + i + "-" + k)
                  .node("n" + i)
                  .label("app", "a" + r.nextInt(2))
                  .req(Map.of("cpu", (300 * (1 + r.nextInt(3))) + "m"));
          if (r.nextInt(3) == 0) {
            existing.podAntiAffinityIn("app", randomKey(r), "a" + r.nextInt(2));
          }
          pods.add(existing.obj());
        }
      }
      var incoming =
          Wrappers.makePod()
              .name("incoming")
              .label("app", "a" + r.nextInt(2))
              .req(Map.of("cpu", (200 * r.nextInt(6)) + "m"));
      switch (r.nextInt(4)) {
        case 0 -> incoming.podAntiAffinityIn("app", randomKey(r), "a" + r.nextInt(2));
        case 1 -> incoming.podAffinityIn("app", randomKey(r), "a" + r.nextInt(2));
        default -> {}
      }
      if (r.nextBoolean()) {
        incoming.spreadConstraint(
            1 + r.nextInt(2),
            randomKey(r),
            UnsatisfiableConstraintAction.DO_NOT_SCHEDULE,
            Wrappers.makeLabelSelector().in("app", "a0", "a1").obj(),
            null,
            null,
            null,
            List.of());
      }
      if (r.nextBoolean()) {
        incoming.toleration("k0", "v", TaintEffect.NO_SCHEDULE);
      }
      if (r.nextInt(4) == 0) {
        incoming.toleration("node.kubernetes.io/unschedulable", "", TaintEffect.NO_SCHEDULE);
      }
      if (r.nextInt(3) == 0) {
        incoming.node("n" + r.nextInt(n));
      }
      PodInfo pod = PodInfo.of(incoming.obj());
      FakeHandle handle = FakeHandle.builder().nodes(nodes).pods(pods).build();
      BlockFilterPlugin plugin =
          switch (which) {
            case "NodeResourcesFit" -> new NodeResourcesFit();
            case "NodeUnschedulable" -> new NodeUnschedulable();
            case "NodeName" -> new NodeName();
            case "InterPodAffinity" ->
                new InterPodAffinity(InterPodAffinityArgs.defaults(), handle);
            case "PodTopologySpread" ->
                new PodTopologySpread(PodTopologySpreadArgs.defaults(), handle);
            default -> new TaintToleration();
          };
      List<NodeInfo> all = handle.snapshot().list();
      CycleState state = new CycleState();
      if (plugin instanceof PreFilterPlugin pre && r.nextInt(5) != 0) {
        pre.preFilter(state, pod, all);
      }
      NodeInfo[] block = all.toArray(new NodeInfo[0]);
      Status[] verdicts = new Status[block.length + 2];
      Status earlier = Status.unschedulable("rejected by an earlier plugin");
      for (int i = 0; i < block.length; i++) {
        if (r.nextInt(4) == 0) {
          verdicts[i] = earlier;
        }
      }
      Status[] before = verdicts.clone();
      Status[] byPosition = verdicts.clone();
      plugin.filterBlock(state, pod, block, block.length, verdicts);
      int[] positions = shuffledPositions(block.length, r);
      plugin.filterBlock(
          state, pod, block, positions, columnsAt(all, positions), block.length, byPosition);
      for (int i = 0; i < verdicts.length; i++) {
        String what = String.format("seed %d, %s, entry %d", seed, which, i);
        assertThat(byPosition[i]).as(what + ", by position").isEqualTo(verdicts[i]);
        if (i >= block.length || before[i] != null) {
          assertThat(verdicts[i]).as(what).isSameAs(before[i]);
          continue;
        }
        Status want = plugin.filter(state, pod, block[i]);
        if (want.isSuccess()) {
          assertThat(verdicts[i]).as(what).isNull();
        } else {
          assertThat(verdicts[i]).as(what).isEqualTo(want);
          rejections++;
        }
      }
    }
    assertThat(rejections).as("%s rejects some nodes of the random clusters", which).isPositive();
  }

  /** A random permutation of {@code 0..n-1}: node {@code i}'s row in the columns. */
  static int[] shuffledPositions(int n, Random r) {
    int[] positions = new int[n];
    for (int i = 0; i < n; i++) {
      positions[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = positions[i];
      positions[i] = positions[j];
      positions[j] = t;
    }
    return positions;
  }

  /** Columns holding {@code nodes.get(i)} in row {@code positions[i]}. */
  static NodeColumns columnsAt(List<NodeInfo> nodes, int[] positions) {
    MutableNodeColumns columns = new MutableNodeColumns(nodes.size());
    for (int i = 0; i < nodes.size(); i++) {
      columns.set(positions[i], nodes.get(i));
    }
    return columns;
  }

  private static String randomKey(Random r) {
    return r.nextBoolean() ? "kubernetes.io/hostname" : "zone";
  }
}
