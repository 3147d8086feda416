package io.schedkit.plugins.interpodaffinity;

import io.schedkit.framework.AffinityTerm;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeScores;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PodMatcher;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.StateData;
import io.schedkit.framework.StateKey;
import io.schedkit.framework.Status;
import io.schedkit.framework.WeightedAffinityTerm;
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

  Scoring(InterPodAffinityArgs args, FrameworkHandle handle) {
    this.args = args;
    this.handle = handle;
  }

  /** Topology key to value to score, as computed by PreScore. Read-only once written. */
  static final class State implements StateData {
    final Map<String, Map<String, Long>> topologyScore;

    State(Map<String, Map<String, Long>> topologyScore) {
      this.topologyScore = topologyScore;
    }

    /** The scores as sorted immutable maps (for tests and debugging). */
    Map<String, Map<String, Long>> toMap() {
      Map<String, Map<String, Long>> out = new TreeMap<>();
      topologyScore.forEach((k, v) -> out.put(k, Collections.unmodifiableMap(new TreeMap<>(v))));
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
    // Unless the incoming pod has preferred terms, only nodes running pods with affinity matter.
    List<NodeInfo> nodes =
        hasConstraints ? handle.snapshot().list() : handle.snapshot().havePodsWithAffinity();

    Terms.Resolver resolver = new Terms.Resolver(handle.objects());
    List<WeightedAffinityTerm> affinity = resolver.resolveWeighted(pod.preferredAffinityTerms());
    List<WeightedAffinityTerm> anti = resolver.resolveWeighted(pod.preferredAntiAffinityTerms());
    PodMatcher[] affinityMatchers = matchers(affinity);
    PodMatcher[] antiMatchers = matchers(anti);
    Map<String, String> nsLabels = Terms.namespaceLabels(handle.objects(), pod.namespace());
    Map<AffinityTerm, Boolean> existingTermMatches = new HashMap<>();
    long hardWeight = args.hardPodAffinityWeight();

    Map<String, Map<String, Long>> topologyScore = new HashMap<>();
    boolean incoming = !affinity.isEmpty() || !anti.isEmpty();
    for (NodeInfo n : nodes) {
      if (!incoming
          && (hardWeight <= 0 || n.requiredAffinityTermCounts().isEmpty())
          && n.preferredAffinityTermWeights().isEmpty()
          && n.preferredAntiAffinityTermWeights().isEmpty()) {
        continue; // e.g. a node whose pods have required anti-affinity only: nothing to add
      }
      Map<String, String> labels = n.labels();
      if (n.node() == null || labels.isEmpty() || n.pods().isEmpty()) {
        continue;
      }
      addIncoming(topologyScore, labels, n, affinity, affinityMatchers, 1);
      addIncoming(topologyScore, labels, n, anti, antiMatchers, -1);
      if (hardWeight > 0) {
        for (Map.Entry<AffinityTerm, Integer> e : n.requiredAffinityTermCounts().entrySet()) {
          addExisting(
              topologyScore,
              labels,
              e.getKey(),
              hardWeight * e.getValue(),
              pod,
              nsLabels,
              existingTermMatches);
        }
      }
      for (Map.Entry<AffinityTerm, Long> e : n.preferredAffinityTermWeights().entrySet()) {
        addExisting(
            topologyScore, labels, e.getKey(), e.getValue(), pod, nsLabels, existingTermMatches);
      }
      for (Map.Entry<AffinityTerm, Long> e : n.preferredAntiAffinityTermWeights().entrySet()) {
        addExisting(
            topologyScore, labels, e.getKey(), -e.getValue(), pod, nsLabels, existingTermMatches);
      }
    }
    if (topologyScore.isEmpty()) {
      return Status.skip();
    }
    cycleState.write(KEY, new State(topologyScore));
    return Status.success();
  }

  private static PodMatcher[] matchers(List<WeightedAffinityTerm> terms) {
    PodMatcher[] out = new PodMatcher[terms.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = Terms.termMatcher(terms.get(i).term());
    }
    return out;
  }

  /** The incoming pod's preferred terms: ± weight × the node's pods matching each. */
  private static void addIncoming(
      Map<String, Map<String, Long>> topologyScore,
      Map<String, String> labels,
      NodeInfo node,
      List<WeightedAffinityTerm> terms,
      PodMatcher[] matchers,
      int sign) {
    for (int i = 0; i < matchers.length; i++) {
      WeightedAffinityTerm t = terms.get(i);
      String key = t.term().topologyKey();
      String value = labels.get(key);
      if (value == null) {
        continue;
      }
      int c = node.countMatching(matchers[i]);
      if (c > 0) {
        add(topologyScore, key, value, (long) sign * t.weight() * c);
      }
    }
  }

  /** An existing pod's term with its summed weight, if the incoming pod matches it. */
  private static void addExisting(
      Map<String, Map<String, Long>> topologyScore,
      Map<String, String> labels,
      AffinityTerm term,
      long weight,
      PodInfo pod,
      Map<String, String> nsLabels,
      Map<AffinityTerm, Boolean> matches) {
    String value = labels.get(term.topologyKey());
    if (value != null && matches.computeIfAbsent(term, t -> t.matches(pod.pod(), nsLabels))) {
      add(topologyScore, term.topologyKey(), value, weight);
    }
  }

  private static void add(
      Map<String, Map<String, Long>> topologyScore, String key, String value, long delta) {
    topologyScore.computeIfAbsent(key, k -> new HashMap<>()).merge(value, delta, Long::sum);
  }

  /** The sum of the node's topology pairs' scores (may be negative). */
  long score(CycleState cycleState, NodeInfo nodeInfo) {
    State s = state(cycleState);
    if (s == null) {
      throw new IllegalStateException(NOT_FOUND);
    }
    Map<String, String> labels = nodeInfo.labels();
    long score = 0;
    for (Map.Entry<String, Map<String, Long>> e : s.topologyScore.entrySet()) {
      String value = labels.get(e.getKey());
      if (value != null) {
        score += e.getValue().getOrDefault(value, 0L);
      }
    }
    return score;
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
    if (s.topologyScore.isEmpty()) {
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
