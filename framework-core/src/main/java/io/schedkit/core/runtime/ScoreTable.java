package io.schedkit.core.runtime;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeScores;
import io.schedkit.framework.ScorePlugin;
import java.util.List;

/**
 * The scores of one cycle: for each Score plugin that ran, the raw and the normalized score of each
 * feasible node, and each node's weighted total.
 *
 * <p>Design note: rows are plain {@code long[]}s indexed like {@link #nodes()}; normalizing works
 * in place through a {@link NodeScores} view, so scoring allocates one table per cycle, nothing per
 * node. Raw scores are kept only when asked for (explain).
 */
public final class ScoreTable {
  private List<NodeInfo> nodes;
  private List<String> plugins;
  private long[] weights;
  private long[][] raw;
  private long[][] normalized;
  private long[] totals;

  ScoreTable(List<NodeInfo> nodes, List<String> plugins, long[] weights, boolean keepRaw) {
    this.nodes = nodes;
    this.plugins = plugins;
    this.weights = weights;
    this.normalized = new long[plugins.size()][nodes.size()];
    this.raw = keepRaw ? new long[plugins.size()][] : null;
    this.totals = new long[nodes.size()];
  }

  /**
   * A table for {@code nodes} and {@code plugins}: {@code old} itself, emptied, when it has the
   * room and raw scores are not wanted, so a scheduler scoring pod after pod does not allocate a
   * table per cycle; else a new one. Rows may then be longer than the node list.
   */
  static ScoreTable reuse(
      ScoreTable old, List<NodeInfo> nodes, List<String> plugins, long[] weights, boolean keepRaw) {
    if (old == null
        || keepRaw
        || old.normalized.length < plugins.size()
        || old.totals.length < nodes.size()) {
      return new ScoreTable(nodes, plugins, weights, keepRaw);
    }
    old.nodes = nodes;
    old.plugins = plugins;
    old.weights = weights;
    old.raw = null;
    java.util.Arrays.fill(old.totals, 0, nodes.size(), 0L);
    return old;
  }

  /** The scored nodes. */
  public List<NodeInfo> nodes() {
    return nodes;
  }

  /** The Score plugins that ran (not skipped), in order. */
  public List<String> plugins() {
    return plugins;
  }

  /** The weight of the {@code p}-th plugin. */
  public long weight(int p) {
    return weights[p];
  }

  /** The raw score plugin {@code p} gave node {@code n} (explain only; else the normalized). */
  public long raw(int p, int n) {
    return raw == null ? normalized[p][n] : raw[p][n];
  }

  /** The normalized score plugin {@code p} gave node {@code n}. */
  public long normalized(int p, int n) {
    return normalized[p][n];
  }

  /** The weighted total of node {@code n} (including extender scores). */
  public long total(int n) {
    java.util.Objects.checkIndex(n, nodes.size());
    return totals[n];
  }

  void set(int p, int n, long score) {
    normalized[p][n] = score;
  }

  /** Plugin {@code p}'s row of scores, written in place by Score and NormalizeScore. */
  long[] row(int p) {
    return normalized[p];
  }

  void keepRaw() {
    if (raw != null) {
      for (int p = 0; p < normalized.length; p++) {
        raw[p] = normalized[p].clone();
      }
    }
  }

  /**
   * Adds plugin {@code p}'s weight times its first {@code count} scores to the totals, in one pass
   * that also checks each score is within [0, 100].
   *
   * @return -1, or the first node whose score is out of range (the totals are then incomplete)
   */
  int addWeightedRow(int p, int count) {
    long[] row = normalized[p];
    long weight = weights[p];
    long[] t = totals;
    // Without a branch per node, so that the JIT can vectorize the pass: a score is in range when
    // neither its distance above the minimum nor its distance below the maximum is negative.
    long outOfRange = 0;
    for (int n = 0; n < count; n++) {
      long v = row[n];
      outOfRange |= (v - ScorePlugin.MIN_NODE_SCORE) | (ScorePlugin.MAX_NODE_SCORE - v);
      t[n] += v * weight;
    }
    if (outOfRange >= 0) {
      return -1;
    }
    for (int n = 0; n < count; n++) {
      long v = row[n];
      if (v > ScorePlugin.MAX_NODE_SCORE || v < ScorePlugin.MIN_NODE_SCORE) {
        return n;
      }
    }
    return -1;
  }

  /** Copies the first {@code count} weighted totals into {@code out}. */
  public void copyTotals(long[] out, int count) {
    System.arraycopy(totals, 0, out, 0, count);
  }

  NodeScores view(int p) {
    long[] row = normalized[p];
    return new NodeScores() {
      @Override
      public int size() {
        return nodes.size();
      }

      @Override
      public String nodeName(int i) {
        return nodes.get(i).name();
      }

      @Override
      public NodeInfo node(int i) {
        return nodes.get(i);
      }

      @Override
      public long score(int i) {
        return row[i];
      }

      @Override
      public void setScore(int i, long score) {
        row[i] = score;
      }
    };
  }
}
