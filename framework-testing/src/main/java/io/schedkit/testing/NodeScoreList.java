package io.schedkit.testing;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeScore;
import io.schedkit.framework.NodeScores;
import io.schedkit.framework.model.Node;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A {@link NodeScores} over plain lists, to call a plugin's {@code normalizeScore} directly in a
 * test: {@code NodeScoreList scores = NodeScoreList.of(new NodeScore("n1", 10), ...)}, normalize,
 * then {@code assertThat(scores.toList()).containsExactly(...)} (upstream tests compare {@code
 * NodeScoreList}s the same way). Not thread-safe.
 */
public final class NodeScoreList implements NodeScores {
  private final List<NodeInfo> nodes;
  private final long[] scores;

  private NodeScoreList(List<NodeInfo> nodes, long[] scores) {
    this.nodes = nodes;
    this.scores = scores;
  }

  /** Scores of nodes known by name only (each node info holds a node with just that name). */
  public static NodeScoreList of(NodeScore... scores) {
    return of(Arrays.asList(scores));
  }

  /** Scores of nodes known by name only (each node info holds a node with just that name). */
  public static NodeScoreList of(List<NodeScore> scores) {
    List<NodeInfo> nodes = new ArrayList<>(scores.size());
    long[] values = new long[scores.size()];
    for (int i = 0; i < values.length; i++) {
      NodeScore s = scores.get(i);
      nodes.add(NodeInfo.of(Node.builder().name(s.name()).build()));
      values[i] = s.score();
    }
    return new NodeScoreList(nodes, values);
  }

  /**
   * Scores of {@code nodes}: {@code scores[i]} is the score of {@code nodes.get(i)}.
   *
   * @throws IllegalArgumentException if the sizes differ
   */
  public static NodeScoreList of(List<NodeInfo> nodes, long... scores) {
    Objects.requireNonNull(nodes, "nodes");
    if (nodes.size() != scores.length) {
      throw new IllegalArgumentException(nodes.size() + " nodes but " + scores.length + " scores");
    }
    return new NodeScoreList(List.copyOf(nodes), scores.clone());
  }

  @Override
  public int size() {
    return scores.length;
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
    return scores[i];
  }

  @Override
  public void setScore(int i, long score) {
    scores[i] = score;
  }

  /** The current scores, in order. */
  public List<NodeScore> toList() {
    List<NodeScore> out = new ArrayList<>(scores.length);
    for (int i = 0; i < scores.length; i++) {
      out.add(new NodeScore(nodeName(i), scores[i]));
    }
    return out;
  }

  @Override
  public String toString() {
    return toList().toString();
  }
}
