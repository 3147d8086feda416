package io.schedkit.plugins.helper;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.NodeScore;
import io.schedkit.testing.NodeScoreList;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Facts of upstream's TestDefaultNormalizeScore. */
final class NormalizeScoresTest {

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("spread", false, new long[] {1, 2, 3, 4}, new long[] {25, 50, 75, 100}),
        Arguments.of("spread reversed", true, new long[] {1, 2, 3, 4}, new long[] {75, 50, 25, 0}),
        Arguments.of(
            "one large score", false, new long[] {1000, 10, 20, 30}, new long[] {100, 1, 2, 3}),
        Arguments.of(
            "one large score reversed",
            true,
            new long[] {1000, 10, 20, 30},
            new long[] {0, 99, 98, 97}),
        Arguments.of("all equal", false, new long[] {1, 1, 1, 1}, new long[] {100, 100, 100, 100}),
        Arguments.of("truncation", false, new long[] {1000, 1, 1, 1}, new long[] {100, 0, 0, 0}),
        Arguments.of("zero reversed", true, new long[] {0, 1, 1, 1}, new long[] {100, 0, 0, 0}),
        Arguments.of("all zero", false, new long[] {0, 0}, new long[] {0, 0}),
        Arguments.of("all zero reversed", true, new long[] {0, 0}, new long[] {100, 100}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void defaultNormalizeScore_upstreamTable(
      String name, boolean reverse, long[] scores, long[] expected) {
    List<NodeScore> in = new ArrayList<>();
    for (int i = 0; i < scores.length; i++) {
      in.add(new NodeScore("n" + i, scores[i]));
    }
    NodeScoreList list = NodeScoreList.of(in);

    assertThat(NormalizeScores.defaultNormalizeScore(100, reverse, list).isSuccess()).isTrue();

    long[] got = new long[scores.length];
    for (int i = 0; i < got.length; i++) {
      got[i] = list.score(i);
    }
    assertThat(got).containsExactly(expected);
  }
}
