package io.schedkit.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.model.Node;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Host selection: the highest total wins; among equal totals, each node as likely as the others.
 */
final class SelectHostTest {

  private static List<NodeInfo> nodes(int count) {
    List<NodeInfo> nodes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      nodes.add(NodeInfo.of(Node.builder().name("n" + i).build()));
    }
    return nodes;
  }

  private static SchedulingAlgorithm algorithm(long seed) {
    return new SchedulingAlgorithm(0, List.of(), SchedulerRandom.seeded(seed));
  }

  @Test
  void theUniqueHighestTotalWins_whereverItIs() {
    List<NodeInfo> nodes = nodes(5);
    for (int at = 0; at < 5; at++) {
      long[] totals = {10, 20, 30, 20, 10};
      totals[at] = 99;

      assertThat(algorithm(at).selectHost(nodes, totals, 5)).isEqualTo("n" + at);
    }
  }

  @Test
  void onlyTheFirstCountTotalsTakePart() {
    List<NodeInfo> nodes = nodes(4);
    long[] totals = {5, 7, 3, 100};

    assertThat(algorithm(1).selectHost(nodes, totals, 3)).isEqualTo("n1");
  }

  @Test
  void tiedNodes_eachPickedAboutEquallyOften_neverALowerOne() {
    List<NodeInfo> nodes = nodes(8);
    // Ties at the top are 1, 3, 4 and 7; node 6 ties with an earlier best that is later beaten.
    long[] totals = {40, 90, 10, 90, 90, 50, 50, 90};
    Map<String, Integer> picks = new HashMap<>();
    int draws = 4000;
    for (long seed = 0; seed < draws; seed++) {
      picks.merge(algorithm(seed).selectHost(nodes, totals, 8), 1, Integer::sum);
    }

    assertThat(picks).containsOnlyKeys("n1", "n3", "n4", "n7");
    // 1,000 expected each; the seeds are fixed, so this is not a matter of luck between runs.
    assertThat(picks.values()).allSatisfy(c -> assertThat(c).isBetween(900, 1100));
  }

  @Test
  void sameSeed_samePick() {
    List<NodeInfo> nodes = nodes(6);
    long[] totals = {7, 7, 7, 7, 7, 7};
    for (long seed = 0; seed < 20; seed++) {
      assertThat(algorithm(seed).selectHost(nodes, totals, 6))
          .isEqualTo(algorithm(seed).selectHost(nodes, totals, 6));
    }
  }
}
