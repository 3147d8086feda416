package io.schedkit.plugins.interpodaffinity;

import io.schedkit.framework.AffinityTerm;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.NodeScores;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.StateData;
import io.schedkit.framework.StateKey;
import io.schedkit.framework.Status;
import io.schedkit.framework.WeightedAffinityTerm;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The preferred half of InterPodAffinity: PreScore builds a score per topology pair, Score sums a
 * node's pairs, NormalizeScore maps the sums onto [0, 100].
 *
 * <p>PreScore does not walk the running pods. The incoming pod's preferred terms use the memoized
 * per-node count of matching pods ({@link NodeInfo#countMatching}); the existing pods' terms come
 * from each node's distinct-term maps ({@code requiredAffinityTermCounts()}, {@code
 * preferredAffinityTermWeights()}, {@code preferredAntiAffinityTermWeights()}), each distinct term
 * matched against the incoming pod once per cycle. The sums equal upstream's per-pod walk because
 * every contribution is linear in the number of matching pods (or carriers).
 *
 * <p>Design note: the state is written once at PreScore and only read afterwards, so it is shared
 * by {@link StateData#copy()}.
 */
final class Scoring {
  private static final StateKey<State> KEY = StateKey.of("PreScore" + InterPodAffinity.NAME);
  private static final String NOT_FOUND =
      "failed to read \"PreScore" + InterPodAffinity.NAME + "\" from cycleState: not found";

  private final InterPodAffinityArgs args;
  private final FrameworkHandle handle;
  private final PairTotals.Cache totals = new PairTotals.Cache();

  Scoring(InterPodAffinityArgs args, FrameworkHandle handle) {
    this.args = args;
    this.handle = handle;
  }

  /**
   * One contribution to the topology scores: {@code multiplier} times the totals of {@code key}
   * (read-only, shared from {@link PairTotals}; they do not change before the next PreScore).
   */
  record Part(String key, Map<String, Long> totals, long multiplier) {}

  /** Topology key to value to score, as computed by PreScore: a sum of parts. Read-only. */
  static final class State implements StateData {
    final List<Part> parts;
    private final Map<String, List<Part>> byKey = new HashMap<>();

    State(List<Part> parts) {
      this.parts = List.copyOf(parts);
      for (Part p : this.parts) {
        byKey.computeIfAbsent(p.key(), k -> new ArrayList<>(1)).add(p);
      }
    }

    /** Whether no pair got any contribution (upstream's empty topology score map). */
    boolean isEmpty() {
      return parts.isEmpty();
    }

    /** The sum of the scores of the node's topology pairs. */
    long score(Map<String, String> labels) {
      long score = 0;
      for (Map.Entry<String, List<Part>> e : byKey.entrySet()) {
        String value = labels.get(e.getKey());
        if (value == null) {
          continue;
        }
        for (Part p : e.getValue()) {
          Long c = p.totals().get(value);
          if (c != null) {
            score += c * p.multiplier();
          }
        }
      }
      return score;
    }

    /** The scores as sorted immutable maps (for tests and debugging). */
    Map<String, Map<String, Long>> toMap() {
      Map<String, Map<String, Long>> out = new TreeMap<>();
      for (Part p : parts) {
        Map<String, Long> values = out.computeIfAbsent(p.key(), k -> new TreeMap<>());
        p.totals().forEach((v, c) -> values.merge(v, c * p.multiplier(), Long::sum));
      }
      out.replaceAll((k, v) -> Collections.unmodifiableMap(v));
      return Collections.unmodifiableMap(out);
    }
  }

  /** The PreScore state of the cycle, if PreScore wrote one. */
  static State state(CycleState cycleState) {
    return cycleState.find(KEY).orElse(null);
  }

  Status preScore(CycleState cycleState, PodInfo pod) {
    boolean hasConstraints =
        !pod.preferredAffinityTerms().isEmpty() || !pod.preferredAntiAffinityTerms().isEmpty();
    if (args.ignorePreferredTermsOfExistingPods() && !hasConstraints) {
      return Status.skip();
    }
    NodeInfoLister snapshot = handle.snapshot();
    if (!hasConstraints && snapshot.havePodsWithAffinity().isEmpty()) {
      // No preferred terms of its own and no pod with terms to match: nothing below would add a
      // part (the existing pods' terms come from the nodes with affinity pods only).
      return Status.skip();
    }
    Terms.Resolver resolver = new Terms.Resolver(handle.objects());
    List<WeightedAffinityTerm> affinity = resolver.resolveWeighted(pod.preferredAffinityTerms());
    List<WeightedAffinityTerm> anti = resolver.resolveWeighted(pod.preferredAntiAffinityTerms());
    Map<String, String> nsLabels = Terms.namespaceLabels(handle.objects(), pod.namespace());
    long hardWeight = args.hardPodAffinityWeight();

    List<Part> parts = new ArrayList<>();
    // The incoming pod's preferred terms: ± weight × the pods matching each, per topology value.
    addIncoming(parts, affinity, 1, snapshot);
    addIncoming(parts, anti, -1, snapshot);
    // The existing pods' terms that the incoming pod matches, with their carriers or weights.
    if (hardWeight > 0) {
      addExisting(
          parts, PairTotals.TermKind.REQUIRED_AFFINITY, hardWeight, pod, nsLabels, snapshot);
    }
    addExisting(parts, PairTotals.TermKind.PREFERRED_AFFINITY, 1, pod, nsLabels, snapshot);
    addExisting(parts, PairTotals.TermKind.PREFERRED_ANTI_AFFINITY, -1, pod, nsLabels, snapshot);
    if (parts.isEmpty()) {
      return Status.skip();
    }
    cycleState.write(KEY, new State(parts));
    return Status.success();
  }

  private void addIncoming(
      List<Part> parts, List<WeightedAffinityTerm> terms, int sign, NodeInfoLister snapshot) {
    for (WeightedAffinityTerm t : terms) {
      String key = t.term().topologyKey();
      Map<String, Long> counts = totals.incoming(key, Terms.termMatcher(t.term()), snapshot).view();
      if (!counts.isEmpty()) {
        parts.add(new Part(key, counts, (long) sign * t.weight()));
      }
    }
  }

  private void addExisting(
      List<Part> parts,
      PairTotals.TermKind kind,
      long multiplier,
      PodInfo pod,
      Map<String, String> nsLabels,
      NodeInfoLister snapshot) {
    for (Map.Entry<AffinityTerm, ValueTotals> e : totals.existing(kind, snapshot).entrySet()) {
      AffinityTerm t = e.getKey();
      if (t.matches(pod.pod(), nsLabels)) {
        parts.add(new Part(t.topologyKey(), e.getValue().view(), multiplier));
      }
    }
  }

  /** The sum of the node's topology pairs' scores (may be negative). */
  long score(CycleState cycleState, NodeInfo nodeInfo) {
    State s = state(cycleState);
    if (s == null) {
      throw new IllegalStateException(NOT_FOUND);
    }
    return s.score(nodeInfo.labels());
  }

  /**
   * {@code 100 × ((s − min) / (max − min))} in floating point, truncated; 0 everywhere when all
   * scores are equal. Dividing before multiplying is upstream's order and changes results (29/100
   * gives 28).
   */
  static Status normalizeScore(CycleState cycleState, NodeScores scores) {
    State s = state(cycleState);
    if (s == null) {
      return Status.error(NOT_FOUND);
    }
    if (s.isEmpty()) {
      return Status.success();
    }
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int i = 0; i < scores.size(); i++) {
      min = Math.min(min, scores.score(i));
      max = Math.max(max, scores.score(i));
    }
    long diff = max - min;
    for (int i = 0; i < scores.size(); i++) {
      long normalized = 0;
      if (diff > 0) {
        normalized =
            (long)
                ((double) ScorePlugin.MAX_NODE_SCORE * ((double) (scores.score(i) - min) / diff));
      }
      scores.setScore(i, normalized);
    }
    return Status.success();
  }
}
