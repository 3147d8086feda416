package io.schedkit.preemption;

import io.schedkit.framework.Parallelizer;
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
    return pick(candidates, criteria, null);
  }

  /**
   * Below this many candidates a criterion is scored on the calling thread: scoring 100 candidates
   * (a 1,000-node cluster) costs less than the five fan-outs would.
   */
  static final int MIN_PARALLEL_CANDIDATES = 256;

  /**
   * As {@link #pick(List, List)}, scoring each criterion over the remaining candidates with {@code
   * parallelizer} (null: on this thread) when they are many: the criteria read every victim
   * (priority, start time), and the first to read them takes a cache miss per pointer, so a pod
   * with hundreds of candidates spent a tenth of its scheduling thread's time here.
   */
  static Candidate pick(
      List<Candidate> candidates,
      List<ToLongFunction<Candidate>> criteria,
      Parallelizer parallelizer) {
    List<Candidate> remaining = candidates;
    long[] scores = new long[candidates.size()];
    for (ToLongFunction<Candidate> f : criteria) {
      List<Candidate> current = remaining;
      int n = current.size();
      if (parallelizer != null && n >= MIN_PARALLEL_CANDIDATES && parallelizer.parallelism() > 1) {
        parallelizer.until(n, i -> scores[i] = f.applyAsLong(current.get(i)));
      } else {
        for (int i = 0; i < n; i++) {
          scores[i] = f.applyAsLong(current.get(i));
        }
      }
      long max = Long.MIN_VALUE;
      int best = 0;
      for (int i = 0; i < n; i++) {
        if (i == 0 || scores[i] > max) {
          max = scores[i];
          best = 0;
        }
        if (scores[i] == max) {
          best++;
        }
      }
      if (best == 1) {
        for (int i = 0; i < n; i++) {
          if (scores[i] == max) {
            return current.get(i);
          }
        }
      }
      List<Candidate> kept = new ArrayList<>(best);
      for (int i = 0; i < n; i++) {
        if (scores[i] == max) {
          kept.add(current.get(i));
        }
      }
      remaining = kept;
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
