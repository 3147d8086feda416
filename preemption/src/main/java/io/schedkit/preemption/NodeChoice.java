package io.schedkit.preemption;

import io.schedkit.framework.Parallelizer;
import io.schedkit.framework.model.Pod;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
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
   * As {@link #pick(List, List)}; when the candidates are many and {@code parallelizer} (null:
   * none) has several workers, every criterion is scored for every candidate in one fan-out first,
   * then narrowed as above over the scores. The criteria read every victim (priority, start time),
   * and the first to read one takes a cache miss per pointer: one pass reading each victim once for
   * all criteria, spread over the workers, replaces one pass per criterion. A criterion is then
   * also scored for candidates an earlier one would have dropped, which the strategy's contract
   * allows (criteria are pure and thread-safe).
   */
  static Candidate pick(
      List<Candidate> candidates,
      List<ToLongFunction<Candidate>> criteria,
      Parallelizer parallelizer) {
    return best(candidates, criteria, parallelizer).get(0);
  }

  /**
   * The candidates tied for best under every criterion, in their order: {@link #pick} takes the
   * first; the others are what it chose among (by candidate order, which starts at the random
   * offset).
   */
  static List<Candidate> best(
      List<Candidate> candidates,
      List<ToLongFunction<Candidate>> criteria,
      Parallelizer parallelizer) {
    return best(candidates, criteria, parallelizer, null);
  }

  /**
   * As {@link #best(List, List, Parallelizer)}, with some candidates' scores known: {@code
   * known[i]}, when there and as long as {@code criteria}, is candidate i's score under each
   * criterion (what {@link #scores} gives); null rows, or a null array, are scored here.
   */
  static List<Candidate> best(
      List<Candidate> candidates,
      List<ToLongFunction<Candidate>> criteria,
      Parallelizer parallelizer,
      long[][] known) {
    int n = candidates.size();
    boolean parallel =
        parallelizer != null && n >= MIN_PARALLEL_CANDIDATES && parallelizer.parallelism() > 1;
    if (parallel || known != null) {
      return bestScoredUpFront(candidates, criteria, parallel ? parallelizer : null, known);
    }
    List<Candidate> remaining = candidates;
    long[] scores = new long[n];
    for (ToLongFunction<Candidate> f : criteria) {
      List<Candidate> current = remaining;
      int m = current.size();
      for (int i = 0; i < m; i++) {
        scores[i] = f.applyAsLong(current.get(i));
      }
      long max = Long.MIN_VALUE;
      int best = 0;
      for (int i = 0; i < m; i++) {
        if (i == 0 || scores[i] > max) {
          max = scores[i];
          best = 0;
        }
        if (scores[i] == max) {
          best++;
        }
      }
      if (best == 1) {
        for (int i = 0; i < m; i++) {
          if (scores[i] == max) {
            return List.of(current.get(i));
          }
        }
      }
      List<Candidate> kept = new ArrayList<>(best);
      for (int i = 0; i < m; i++) {
        if (scores[i] == max) {
          kept.add(current.get(i));
        }
      }
      remaining = kept;
    }
    return remaining;
  }

  /**
   * {@link #best} with every criterion scored for every candidate first (in one parallel pass with
   * a parallelizer; null: on this thread), taking the known rows as they are.
   */
  private static List<Candidate> bestScoredUpFront(
      List<Candidate> candidates,
      List<ToLongFunction<Candidate>> criteria,
      Parallelizer parallelizer,
      long[][] known) {
    int n = candidates.size();
    int k = criteria.size();
    List<ToLongFunction<Candidate>> fs = List.copyOf(criteria);
    long[][] scores = new long[k][n];
    IntConsumer score =
        i -> {
          long[] row = known == null ? null : known[i];
          if (row != null && row.length == k) {
            for (int f = 0; f < k; f++) {
              scores[f][i] = row[f];
            }
            return;
          }
          Candidate c = candidates.get(i);
          for (int f = 0; f < k; f++) {
            scores[f][i] = fs.get(f).applyAsLong(c);
          }
        };
    if (parallelizer != null) {
      parallelizer.until(n, score);
    } else {
      for (int i = 0; i < n; i++) {
        score.accept(i);
      }
    }
    // The candidates still tied, by index, in their order.
    int[] tied = new int[n];
    for (int i = 0; i < n; i++) {
      tied[i] = i;
    }
    int m = n;
    for (int f = 0; f < k && m > 1; f++) {
      long[] row = scores[f];
      long max = Long.MIN_VALUE;
      for (int j = 0; j < m; j++) {
        max = Math.max(max, row[tied[j]]);
      }
      int kept = 0;
      for (int j = 0; j < m; j++) {
        if (row[tied[j]] == max) {
          tied[kept++] = tied[j];
        }
      }
      m = kept;
    }
    List<Candidate> best = new ArrayList<>(m);
    for (int j = 0; j < m; j++) {
      best.add(candidates.get(tied[j]));
    }
    return best;
  }

  /** {@code candidate}'s score under each of {@code criteria}, in order. */
  static long[] scores(Candidate candidate, List<ToLongFunction<Candidate>> criteria) {
    long[] row = new long[criteria.size()];
    for (int f = 0; f < row.length; f++) {
      row[f] = criteria.get(f).applyAsLong(candidate);
    }
    return row;
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
