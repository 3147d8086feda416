package io.schedkit.core.runtime;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.ScoreExtensions;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.fastpath.RangeScorePlugin;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * A profile's Score point: every Score plugin not skipped at PreScore scores the feasible nodes,
 * then NormalizeScore, the [0, 100] check, and the weighted totals, as kube-scheduler's {@code
 * RunScorePlugins}.
 *
 * <p>Design note: the nodes are cut into slices of {@link #SCORE_CHUNK} and fanned out on the
 * profile's parallelizer; each slice goes to every plugin in turn through {@link
 * io.schedkit.framework.fastpath.RangeScorePlugin#scoreRange} (a sampled cycle calls {@code score}
 * node by node, to time each call), writing into the rows of a {@link ScoreTable}, which a
 * scheduling cycle reuses from the last one. Slices are disjoint, so the workers write without
 * locks.
 */
final class ScoreRunner {
  private final List<ScorePlugin> score;
  private final long[] scoreWeights;
  private final Framework framework;

  ScoreRunner(List<ScorePlugin> score, long[] scoreWeights, Framework framework) {
    this.score = score;
    this.scoreWeights = scoreWeights;
    this.framework = framework;
  }

  /**
   * The Score plugins left after removing a skip set (identity-compared), with names and weights.
   */
  private record ActiveScores(
      Set<String> skip,
      List<ScorePlugin> plugins,
      ScorePlugin[] array,
      List<String> names,
      long[] weights) {}

  /**
   * The last cycle's answer, reused while the skip set is the same (PreScore makes one per cycle,
   * usually equal to the last one: pod after pod skips the same plugins); racing callers at worst
   * compute it twice. The weights array is shared by the cycles' tables, which only read it.
   */
  private volatile ActiveScores activeScores;

  private ActiveScores activeScores(Set<String> skip) {
    ActiveScores last = activeScores;
    if (last != null && (last.skip() == skip || last.skip().equals(skip))) {
      return last;
    }
    ActiveScores a = keeping(skip, score, scoreWeights, i -> !skip.contains(score.get(i).name()));
    activeScores = a;
    return a;
  }

  /** The plugins of {@code plugins} whose index {@code kept} accepts, with their weights. */
  private static ActiveScores keeping(
      Set<String> skip, List<ScorePlugin> plugins, long[] weights, IntPredicate kept) {
    List<ScorePlugin> active = new ArrayList<>(plugins.size());
    List<String> names = new ArrayList<>(plugins.size());
    long[] activeWeights = new long[plugins.size()];
    for (int i = 0; i < plugins.size(); i++) {
      if (kept.test(i)) {
        ScorePlugin p = plugins.get(i);
        activeWeights[active.size()] = weights[i];
        active.add(p);
        names.add(p.name());
      }
    }
    return new ActiveScores(
        skip,
        List.copyOf(active),
        active.toArray(new ScorePlugin[0]),
        List.copyOf(names),
        java.util.Arrays.copyOf(activeWeights, active.size()));
  }

  /**
   * The last cycle's active plugins less those that scored every node alike, and which those were.
   */
  private record WithoutAlike(ActiveScores from, long mask, ActiveScores rest) {}

  private volatile WithoutAlike withoutAlike;

  /**
   * {@code a} without the plugins that give every feasible node the same score in this cycle
   * ({@link RangeScorePlugin#scoresAllAlike}); {@code a} itself when there are none. A plugin that
   * fails to tell is kept.
   */
  private ActiveScores withoutAlike(
      ActiveScores a, CycleState state, PodInfo pod, int[] positions, NodeColumns columns, int n) {
    ScorePlugin[] plugins = a.array();
    long mask = 0;
    for (int p = 0; p < plugins.length && p < Long.SIZE; p++) {
      boolean alike;
      try {
        alike =
            plugins[p] instanceof RangeScorePlugin range
                && range.scoresAllAlike(state, pod, positions, columns, n);
      } catch (Throwable e) {
        PluginFailures.contained(e);
        alike = false;
      }
      if (alike) {
        mask |= 1L << p;
      }
    }
    if (mask == 0) {
      return a;
    }
    WithoutAlike last = withoutAlike;
    if (last != null && last.from() == a && last.mask() == mask) {
      return last.rest();
    }
    long alike = mask;
    ActiveScores rest =
        keeping(
            a.skip(), a.plugins(), a.weights(), p -> p >= Long.SIZE || (alike & (1L << p)) == 0);
    withoutAlike = new WithoutAlike(a, mask, rest);
    return rest;
  }

  /** Thrown inside score fan-out to carry a plugin failure out of the parallelizer. */
  private static final class ScoreFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ScoreFailure(String message) {
      super(message, null, false, false);
    }
  }

  /** See {@link Framework#runScorePlugins(CycleState, PodInfo, List, boolean, ScoreTable)}. */
  Framework.ScoreOutcome run(
      CycleState state,
      PodInfo pod,
      List<NodeInfo> nodes,
      int[] positions,
      NodeColumns columns,
      boolean keepRaw,
      boolean toChoose,
      ScoreTable reuse) {
    long start = framework.recordsMetrics() ? System.nanoTime() : 0;
    ActiveScores a = activeScores(state.skipScorePlugins());
    if (toChoose && positions != null && !keepRaw && !framework.recordsMetrics()) {
      a = withoutAlike(a, state, pod, positions, columns, nodes.size());
    }
    List<ScorePlugin> active = a.plugins();
    ScoreTable table = ScoreTable.reuse(reuse, nodes, a.names(), a.weights(), keepRaw);
    Status outcome = Status.success();
    try {
      if (!active.isEmpty()) {
        ScorePlugin[] plugins = a.array();
        boolean sample = framework.sampling(state);
        int count = nodes.size();
        try {
          (count < WorkerPool.MIN_PARALLEL_NODES
                  ? WorkerPool.INLINE
                  : framework.services().parallelizer())
              .until(
                  (count + SCORE_CHUNK - 1) / SCORE_CHUNK,
                  c -> {
                    int from = c * SCORE_CHUNK;
                    scoreChunk(
                        plugins,
                        table,
                        state,
                        pod,
                        nodes,
                        positions,
                        columns,
                        from,
                        Math.min(count, from + SCORE_CHUNK),
                        sample);
                  });
        } catch (ScoreFailure f) {
          outcome = Status.error("running Score plugins: " + f.getMessage());
          return new Framework.ScoreOutcome(outcome, table);
        }
      }
      table.keepRaw();
      for (int p = 0; p < active.size(); p++) {
        ScorePlugin plugin = active.get(p);
        ScoreExtensions ext = plugin.scoreExtensions();
        if (ext == null) {
          continue;
        }
        Status s;
        try {
          s = ext.normalizeScore(state, pod, table.view(p));
        } catch (Throwable e) {
          s = Status.error(PluginFailures.contained(e));
        }
        if (s != null && !s.isSuccess()) {
          outcome =
              Status.error(
                  "running Normalize on Score plugins: plugin \""
                      + plugin.name()
                      + "\" failed with: "
                      + s.message());
          return new Framework.ScoreOutcome(outcome, table);
        }
      }
      // Plugin by plugin, as upstream applies the weights: a row is read in order, once.
      int count = nodes.size();
      for (int p = 0; p < active.size(); p++) {
        int bad = table.addWeightedRow(p, count);
        if (bad >= 0) {
          outcome =
              Status.error(
                  "applying score defaultWeights on Score plugins: plugin \""
                      + active.get(p).name()
                      + "\" returns an invalid score "
                      + table.normalized(p, bad)
                      + ", it should in the range of [0, 100] after normalizing");
          return new Framework.ScoreOutcome(outcome, table);
        }
      }
      return new Framework.ScoreOutcome(outcome, table);
    } finally {
      if (framework.recordsMetrics()) {
        framework.pointDone("Score", outcome, start);
      }
    }
  }

  /**
   * Nodes per piece of the Score fan-out: one piece hands its slice of nodes to each plugin in turn
   * ({@link io.schedkit.framework.fastpath.RangeScorePlugin#scoreRange}), without a call through
   * the parallelizer per node.
   */
  private static final int SCORE_CHUNK = 64;

  /** Scores nodes {@code from} to {@code to} (exclusive) with every plugin, into the table. */
  private void scoreChunk(
      ScorePlugin[] plugins,
      ScoreTable table,
      CycleState state,
      PodInfo pod,
      List<NodeInfo> nodes,
      int[] positions,
      NodeColumns columns,
      int from,
      int to,
      boolean sample) {
    for (int p = 0; p < plugins.length; p++) {
      ScorePlugin plugin = plugins[p];
      long t0 = sample ? System.nanoTime() : 0;
      try {
        long[] row = table.row(p);
        if (!(plugin instanceof RangeScorePlugin range)) {
          for (int i = from; i < to; i++) {
            row[i] = plugin.score(state, pod, nodes.get(i));
          }
        } else if (positions == null) {
          range.scoreRange(state, pod, nodes, from, to, row);
        } else {
          range.scoreRange(state, pod, nodes, positions, columns, from, to, row);
        }
      } catch (Throwable e) {
        PluginFailures.contained(e);
        throw new ScoreFailure(
            "plugin \"" + plugin.name() + "\" failed with: " + Framework.message(e));
      }
      if (sample) {
        // A sampled cycle times each plugin over the chunk: one observation of its mean per node.
        framework.pluginBlockDone(plugin.name(), "Score", Status.success(), t0, to - from);
      }
    }
  }
}
