package io.schedkit.preemption;

import io.schedkit.framework.model.Pod;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * Upstream's {@code pickOneNodeForPreemption}: narrows the candidates criterion by criterion,
 * keeping the ties of each, and takes the first candidate left.
 */
final class NodeChoice {
  /** Added to every priority in the sum, so that all terms are positive (2<sup>31</sup>). */
  static final long PRIORITY_OFFSET = 1L << 31;

  private NodeChoice() {}

  /** The first of {@code candidates} (non-empty) with the best scores under {@code criteria}. */
  static Candidate pick(List<Candidate> candidates, List<ToLongFunction<Candidate>> criteria) {
    List<Candidate> remaining = candidates;
    for (ToLongFunction<Candidate> f : criteria) {
      List<Candidate> best = new ArrayList<>();
      long max = Long.MIN_VALUE;
      for (Candidate c : remaining) {
        long score = f.applyAsLong(c);
        if (score > max || best.isEmpty()) {
          max = score;
          best.clear();
          best.add(c);
        } else if (score == max) {
          best.add(c);
        }
      }
      if (best.size() == 1) {
        return best.get(0);
      }
      remaining = best;
    }
    return remaining.get(0);
  }

  /** The five default criteria of {@link PreemptionStrategy#nodeChoiceCriteria}. */
  static List<ToLongFunction<Candidate>> defaultCriteria(Instant now) {
    return List.of(
        c -> -(long) c.victims().numPdbViolations(),
        c -> -(long) highestPriority(c.victims().pods()),
        c -> {
          long sum = 0;
          for (Pod p : c.victims().pods()) {
            sum += p.priority() + PRIORITY_OFFSET;
          }
          return -sum;
        },
        c -> -(long) c.victims().pods().size(),
        c -> epochNanos(earliestStartOfHighestPriority(c.victims().pods(), now)));
  }

  static int highestPriority(List<Pod> pods) {
    int max = Integer.MIN_VALUE;
    for (Pod p : pods) {
      max = Math.max(max, p.priority());
    }
    return max;
  }

  /**
   * The earliest start time among the highest-priority pods (upstream's {@code
   * GetEarliestPodStartTime}); a pod that has not started counts as starting {@code now}.
   */
  static Instant earliestStartOfHighestPriority(List<Pod> pods, Instant now) {
    if (pods.isEmpty()) {
      return Instant.MIN;
    }
    int max = highestPriority(pods);
    Instant earliest = null;
    for (Pod p : pods) {
      if (p.priority() == max) {
        Instant t = PreemptionStrategy.startTime(p, now);
        if (earliest == null || t.isBefore(earliest)) {
          earliest = t;
        }
      }
    }
    return earliest;
  }

  private static long epochNanos(Instant t) {
    try {
      return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000_000L), t.getNano());
    } catch (ArithmeticException e) {
      return t.getEpochSecond() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
  }
}
