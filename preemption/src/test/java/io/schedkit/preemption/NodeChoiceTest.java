package io.schedkit.preemption;

import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.core.runtime.WorkerPool;
import io.schedkit.framework.Victims;
import io.schedkit.framework.model.Pod;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The default node-choice criteria of {@code pickOneNodeForPreemption}, one criterion at a time.
 */
final class NodeChoiceTest {
  private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

  private static Pod v(String name, int priority, Instant start) {
    return makePod().name(name).priority(priority).startTime(start).obj();
  }

  private static Pod v(String name, int priority) {
    return v(name, priority, Instant.EPOCH);
  }

  private static Candidate c(String node, int pdbViolations, Pod... victims) {
    return new Candidate(node, new Victims(List.of(victims), pdbViolations));
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        arguments(
            "fewest PDB violations first, whatever the priorities",
            List.of(c("a", 1, v("a1", -5)), c("b", 0, v("b1", 500), v("b2", 500))),
            "b"),
        arguments(
            "then the lowest highest victim priority",
            List.of(c("a", 0, v("a1", 100), v("a2", 0)), c("b", 0, v("b1", 50), v("b2", 50))),
            "b"),
        arguments(
            "then the lowest sum of priorities",
            List.of(c("a", 0, v("a1", 100), v("a2", 50)), c("b", 0, v("b1", 100), v("b2", 0))),
            "b"),
        arguments(
            "the sum offsets priorities by 2^31: more negative victims cost more",
            List.of(
                c("a", 0, v("a1", 100), v("a2", -100), v("a3", -100)),
                c("b", 0, v("b1", 100), v("b2", -100))),
            "b"),
        arguments(
            "then the fewest victims",
            List.of(c("a", 0, v("a1", 0), v("a2", 0)), c("b", 0, v("b1", 0))),
            "b"),
        arguments(
            "then the latest start of the earliest highest-priority victim",
            List.of(
                c("a", 0, v("a1", 10, Instant.ofEpochSecond(5)), v("a2", 0, Instant.EPOCH)),
                c("b", 0, v("b1", 10, Instant.ofEpochSecond(7)), v("b2", 0, Instant.EPOCH))),
            "b"),
        arguments(
            "a victim that has not started counts as starting now",
            List.of(
                c("a", 0, v("a1", 10, Instant.ofEpochSecond(5))),
                c("b", 0, makePod().name("b1").priority(10).obj())),
            "b"),
        arguments(
            "remaining ties go to the first candidate",
            List.of(c("b", 0, v("b1", 0)), c("a", 0, v("a1", 0))),
            "b"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void pick_defaultCriteria(String name, List<Candidate> candidates, String want) {
    assertThat(NodeChoice.pick(candidates, NodeChoice.defaultCriteria(NOW)).nodeName())
        .isEqualTo(want);
  }

  /**
   * With many candidates the criteria are scored in parallel; the choice must be the one the
   * narrowing-one-criterion-at-a-time definition gives (computed naively here), ties and all.
   */
  @Test
  void pick_inParallel_choosesAsNarrowingOneCriterionAtATime() {
    Random random = new Random(5);
    try (WorkerPool pool = new WorkerPool(2)) {
      for (int round = 0; round < 200; round++) {
        int n = 1 + random.nextInt(300);
        List<Candidate> candidates = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          Pod[] victims = new Pod[1 + random.nextInt(3)];
          for (int k = 0; k < victims.length; k++) {
            victims[k] =
                v("v" + i + "-" + k, random.nextInt(3), Instant.ofEpochSecond(random.nextInt(3)));
          }
          candidates.add(c("n" + i, random.nextInt(2), victims));
        }
        List<ToLongFunction<Candidate>> criteria = NodeChoice.defaultCriteria(NOW);
        List<Candidate> remaining = candidates;
        for (ToLongFunction<Candidate> f : criteria) {
          long max = remaining.stream().mapToLong(f).max().orElseThrow();
          remaining = remaining.stream().filter(x -> f.applyAsLong(x) == max).toList();
        }
        Candidate want = remaining.get(0);
        assertThat(NodeChoice.pick(candidates, criteria, pool))
            .as("round %d", round)
            .isSameAs(want);
        assertThat(NodeChoice.pick(candidates, criteria)).as("round %d", round).isSameAs(want);
        // Some candidates' scores known beforehand (as kept dry-run results bring them): the same
        // tied candidates, on one thread and in parallel.
        long[][] known = new long[n][];
        for (int i = 0; i < n; i++) {
          if (random.nextBoolean()) {
            known[i] = NodeChoice.scores(candidates.get(i), criteria);
          }
        }
        assertThat(NodeChoice.best(candidates, criteria, null, known))
            .as("round %d, known scores", round)
            .containsExactlyElementsOf(remaining);
        assertThat(NodeChoice.best(candidates, criteria, pool, known))
            .as("round %d, known scores in parallel", round)
            .containsExactlyElementsOf(remaining);
      }
    }
  }

  /** A known row is taken as it is: here it makes a candidate the criteria rate worst the best. */
  @Test
  void best_takesKnownScoresAsGiven() {
    List<Candidate> candidates =
        List.of(c("a", 0, v("a1", 1)), c("b", 0, v("b1", 5)), c("c", 0, v("c1", 3)));
    List<ToLongFunction<Candidate>> criteria = NodeChoice.defaultCriteria(NOW);
    assertThat(NodeChoice.best(candidates, criteria, null)).containsExactly(candidates.get(0));
    long[][] known = new long[3][];
    known[1] = new long[] {0, 0, 0, 0, 0};
    assertThat(NodeChoice.best(candidates, criteria, null, known))
        .containsExactly(candidates.get(1));
  }
}
