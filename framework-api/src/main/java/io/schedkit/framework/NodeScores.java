package io.schedkit.framework;

/**
 * The scores one Score plugin gave the feasible nodes of a cycle, as passed to {@link
 * ScoreExtensions#normalizeScore}. A mutable view over the framework's score table, indexed from 0
 * to {@link #size()} - 1, so normalizing allocates nothing.
 */
public interface NodeScores {
  /**
   * The number of scored nodes.
   *
   * @return the number of nodes, at least 0
   */
  int size();

  /**
   * The name of the {@code i}-th node.
   *
   * @param i the index, in [0, {@link #size()})
   * @return the node's name
   */
  String nodeName(int i);

  /**
   * The {@code i}-th node.
   *
   * @param i the index, in [0, {@link #size()})
   * @return the node
   */
  NodeInfo node(int i);

  /**
   * The {@code i}-th score.
   *
   * @param i the index, in [0, {@link #size()})
   * @return the node's current score
   */
  long score(int i);

  /**
   * Replaces the {@code i}-th score.
   *
   * @param i the index, in [0, {@link #size()})
   * @param score the new score
   */
  void setScore(int i, long score);

  /**
   * The largest score, or {@link Long#MIN_VALUE} when there is none.
   *
   * @return the largest score
   */
  default long max() {
    long max = Long.MIN_VALUE;
    for (int i = 0; i < size(); i++) {
      max = Math.max(max, score(i));
    }
    return max;
  }

  /**
   * The smallest score, or {@link Long#MAX_VALUE} when there is none.
   *
   * @return the smallest score
   */
  default long min() {
    long min = Long.MAX_VALUE;
    for (int i = 0; i < size(); i++) {
      min = Math.min(min, score(i));
    }
    return min;
  }
}
