package io.schedkit.plugins;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreScorePlugin;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.fastpath.RangeScorePlugin;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.plugins.imagelocality.ImageLocality;
import io.schedkit.plugins.noderesources.NodeResourcesBalancedAllocation;
import io.schedkit.plugins.noderesources.NodeResourcesBalancedAllocationArgs;
import io.schedkit.plugins.noderesources.NodeResourcesFit;
import io.schedkit.plugins.noderesources.NodeResourcesFitArgs;
import io.schedkit.plugins.noderesources.ResourceSpec;
import io.schedkit.plugins.tainttoleration.TaintToleration;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.Wrappers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The plugins that override {@link io.schedkit.framework.fastpath.RangeScorePlugin#scoreRange}
 * give, on every slice, exactly the scores of {@link ScorePlugin#score} node by node, with and
 * without their PreScore state, and so do their overrides reading {@link NodeColumns} by position
 * (random clusters, seeded; the seed is in every assertion's description).
 */
final class ScoreRangeTest {
  private static final List<String> IMAGES = List.of("app:1", "app:2", "db:7");

  @ParameterizedTest
  @ValueSource(
      strings = {
        "NodeResourcesFit",
        "NodeResourcesFit cpu 3 memory 1",
        "NodeResourcesFit memory only",
        "NodeResourcesBalancedAllocation",
        "NodeResourcesBalancedAllocation memory only",
        "TaintToleration",
        "Image"
      })
  void scoreRange_equalsScoreNodeByNode(String which) {
    for (long seed = 0; seed < 200; seed++) {
      Random r = new Random(seed);
      List<Node> nodes = new ArrayList<>();
      List<Pod> pods = new ArrayList<>();
      for (int i = r.nextInt(12) + 1; i > 0; i--) {
        var n =
            Wrappers.makeNode()
                .name("n" + i)
                .capacity(
                    Map.of(
                        "cpu",
                        (1 + r.nextInt(8)) + "",
                        "memory",
                        // Now and then a node without memory: the scorers' general path.
                        r.nextInt(8) == 0 ? "0" : (1 + r.nextInt(32)) + "Gi"));
        if (r.nextBoolean()) {
          n.taint("k" + r.nextInt(2), "v", TaintEffect.PREFER_NO_SCHEDULE);
        }
        if (r.nextBoolean()) {
          n.image(1L << (20 + r.nextInt(10)), IMAGES.get(r.nextInt(IMAGES.size())));
        }
        nodes.add(n.obj());
        for (int k = r.nextInt(3); k > 0; k--) {
          pods.add(
              Wrappers.makePod()
                  .name("e" + i + "-" + k)
                  .node("n" + i)
                  .req(Map.of("cpu", (100 * (1 + r.nextInt(9))) + "m"))
                  .obj());
        }
      }
      var incoming =
          Wrappers.makePod().name("incoming").containerImage(IMAGES.get(r.nextInt(IMAGES.size())));
      if (r.nextBoolean()) {
        incoming.req(Map.of("cpu", "250m", "memory", "1Gi"));
      }
      if (r.nextBoolean()) {
        incoming.toleration("k0", "v", TaintEffect.PREFER_NO_SCHEDULE);
      }
      PodInfo pod = PodInfo.of(incoming.obj());
      FakeHandle handle = FakeHandle.builder().nodes(nodes).pods(pods).build();
      Function<FakeHandle, RangeScorePlugin> make =
          switch (which) {
            case "NodeResourcesFit" -> h -> new NodeResourcesFit();
            case "NodeResourcesFit cpu 3 memory 1" ->
                h -> fit(List.of(new ResourceSpec("cpu", 3), new ResourceSpec("memory", 1)), h);
            case "NodeResourcesFit memory only" ->
                h -> fit(List.of(new ResourceSpec("memory", 2)), h);
            case "NodeResourcesBalancedAllocation memory only" ->
                h ->
                    new NodeResourcesBalancedAllocation(
                        new NodeResourcesBalancedAllocationArgs(
                            List.of(new ResourceSpec("memory", 1))),
                        h);
            case "NodeResourcesBalancedAllocation" -> h -> new NodeResourcesBalancedAllocation();
            case "TaintToleration" -> h -> new TaintToleration();
            default -> ImageLocality::new;
          };
      RangeScorePlugin plugin = make.apply(handle);
      List<NodeInfo> all = handle.snapshot().list();
      for (boolean withPreScore : new boolean[] {true, false}) {
        if (!withPreScore && plugin instanceof TaintToleration) {
          continue; // reads its PreScore state unconditionally, node by node as in a slice
        }
        CycleState state = new CycleState();
        if (withPreScore && plugin instanceof PreScorePlugin pre) {
          pre.preScore(state, pod, all);
        }
        long[] expected = new long[all.size()];
        for (int i = 0; i < expected.length; i++) {
          expected[i] = plugin.score(state, pod, all.get(i));
        }
        long[] got = new long[all.size()];
        Arrays.fill(got, -1);
        int from = r.nextInt(all.size());
        int to = from + 1 + r.nextInt(all.size() - from);
        plugin.scoreRange(state, pod, all, from, to, got);
        for (int i = 0; i < got.length; i++) {
          assertThat(got[i])
              .as(
                  "seed %d, %s, preScore %s, node %d of slice [%d, %d)",
                  seed, which, withPreScore, i, from, to)
              .isEqualTo(i >= from && i < to ? expected[i] : -1);
        }
        // The same slice by snapshot position: the nodes' rows at shuffled positions.
        int[] positions = FilterBlockTest.shuffledPositions(all.size(), r);
        NodeColumns columns = FilterBlockTest.columnsAt(all, positions);
        long[] byPosition = new long[all.size()];
        Arrays.fill(byPosition, -1);
        plugin.scoreRange(state, pod, all, positions, columns, from, to, byPosition);
        for (int i = 0; i < byPosition.length; i++) {
          assertThat(byPosition[i])
              .as(
                  "seed %d, %s, preScore %s, by position, node %d of slice [%d, %d)",
                  seed, which, withPreScore, i, from, to)
              .isEqualTo(i >= from && i < to ? expected[i] : -1);
        }
      }
    }
  }

  /**
   * A plugin that says it scores every node alike does: all the nodes' scores are equal, so its
   * normalized ones are too. TaintToleration and ImageLocality say so (for clusters without tainted
   * nodes, or without images), and only then.
   */
  @ParameterizedTest
  @ValueSource(strings = {"TaintToleration", "Image"})
  void scoresAllAlike_onlyWhenEveryNodeScoresTheSame(String which) {
    int alike = 0;
    int notAlike = 0;
    for (long seed = 0; seed < 300; seed++) {
      Random r = new Random(seed);
      List<Node> nodes = new ArrayList<>();
      for (int i = r.nextInt(6) + 1; i > 0; i--) {
        var n = Wrappers.makeNode().name("n" + i).capacity(Map.of("cpu", "4", "memory", "8Gi"));
        if (r.nextInt(4) == 0) {
          n.taint("k" + r.nextInt(2), "v", TaintEffect.PREFER_NO_SCHEDULE);
        }
        if (r.nextInt(4) == 0) {
          n.image(1L << (20 + r.nextInt(10)), IMAGES.get(r.nextInt(IMAGES.size())));
        }
        nodes.add(n.obj());
      }
      var incoming =
          Wrappers.makePod().name("incoming").containerImage(IMAGES.get(r.nextInt(IMAGES.size())));
      if (r.nextBoolean()) {
        incoming.toleration("k0", "v", TaintEffect.PREFER_NO_SCHEDULE);
      }
      PodInfo pod = PodInfo.of(incoming.obj());
      FakeHandle handle = FakeHandle.builder().nodes(nodes).build();
      RangeScorePlugin plugin =
          which.equals("TaintToleration") ? new TaintToleration() : new ImageLocality(handle);
      List<NodeInfo> all = handle.snapshot().list();
      CycleState state = new CycleState();
      if (plugin instanceof PreScorePlugin pre) {
        pre.preScore(state, pod, all);
      }
      int[] positions = FilterBlockTest.shuffledPositions(all.size(), r);
      NodeColumns columns = FilterBlockTest.columnsAt(all, positions);
      boolean said = plugin.scoresAllAlike(state, pod, positions, columns, all.size());
      boolean marked =
          all.stream()
              .anyMatch(
                  n ->
                      which.equals("TaintToleration")
                          ? !n.taints().isEmpty()
                          : !n.imageSizes().isEmpty());
      assertThat(said).as("seed %d", seed).isEqualTo(!marked);
      if (said) {
        alike++;
        long first = plugin.score(state, pod, all.get(0));
        for (NodeInfo n : all) {
          assertThat(plugin.score(state, pod, n))
              .as("seed %d, %s", seed, n.name())
              .isEqualTo(first);
        }
      } else {
        notAlike++;
      }
    }
    assertThat(alike).isPositive();
    assertThat(notAlike).isPositive();
  }

  /** NodeResourcesFit scoring {@code resources} with LeastAllocated. */
  private static NodeResourcesFit fit(List<ResourceSpec> resources, FakeHandle handle) {
    return new NodeResourcesFit(
        new NodeResourcesFitArgs(
            List.of(),
            List.of(),
            new NodeResourcesFitArgs.ScoringStrategy(
                NodeResourcesFitArgs.ScoringStrategyType.LEAST_ALLOCATED, resources, null)),
        handle);
  }
}
