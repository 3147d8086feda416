package io.schedkit.plugins.interpodaffinity;

import io.schedkit.framework.AffinityTerm;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PodMatcher;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.StateData;
import io.schedkit.framework.StateKey;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Node;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The required half of InterPodAffinity: PreFilter counts, AddPod/RemovePod, Filter.
 *
 * <p>PreFilter builds three {@link TopologyCounts} without walking the running pods:
 *
 * <ul>
 *   <li>existing anti-affinity — over {@code havePodsWithRequiredAntiAffinity()}, each node's
 *       distinct required anti-affinity terms ({@code requiredAntiAffinityTermCounts()}) are
 *       matched against the incoming pod once per cycle (memoized by term) and add their number of
 *       carriers;
 *   <li>affinity — per node, the memoized count of pods matching <em>all</em> the incoming pod's
 *       resolved required affinity terms, added once per term;
 *   <li>anti-affinity — per node and incoming anti-affinity term, the memoized count of pods
 *       matching it.
 * </ul>
 *
 * <p>Design note: the state is written at PreFilter and then only read by Filter workers, except in
 * AddPod/RemovePod, which the framework calls on a {@linkplain CycleState#copy() copy}; {@link
 * State#copy()} therefore deep-copies the counts.
 */
final class Filtering {
  private static final StateKey<State> KEY = StateKey.of("PreFilter" + InterPodAffinity.NAME);
  private static final String NOT_FOUND =
      "error reading \"PreFilter" + InterPodAffinity.NAME + "\" from cycleState: not found";

  private static final Status AFFINITY_NOT_MATCH =
      Status.unresolvable(InterPodAffinity.ERR_REASON_AFFINITY_RULES_NOT_MATCH);
  private static final Status ANTI_AFFINITY_NOT_MATCH =
      Status.unschedulable(InterPodAffinity.ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH);
  private static final Status EXISTING_ANTI_AFFINITY_NOT_MATCH =
      Status.unschedulable(InterPodAffinity.ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH);

  private final FrameworkHandle handle;

  Filtering(FrameworkHandle handle) {
    this.handle = handle;
  }

  /**
   * What PreFilter computed for one pod: its resolved required terms, its namespace labels and the
   * three counts (see the class note).
   */
  static final class State implements StateData {
    final PodInfo pod;
    final List<AffinityTerm> affinityTerms;
    final List<AffinityTerm> antiAffinityTerms;
    final Map<String, String> namespaceLabels;
    final boolean podMatchesOwnAffinity;
    final TopologyCounts existingAntiAffinityCounts;
    final TopologyCounts affinityCounts;
    final TopologyCounts antiAffinityCounts;

    State(
        PodInfo pod,
        List<AffinityTerm> affinityTerms,
        List<AffinityTerm> antiAffinityTerms,
        Map<String, String> namespaceLabels,
        TopologyCounts existingAntiAffinityCounts,
        TopologyCounts affinityCounts,
        TopologyCounts antiAffinityCounts) {
      this.pod = pod;
      this.affinityTerms = affinityTerms;
      this.antiAffinityTerms = antiAffinityTerms;
      this.namespaceLabels = namespaceLabels;
      this.podMatchesOwnAffinity = Terms.matchesAll(affinityTerms, pod.pod(), Map.of());
      this.existingAntiAffinityCounts = existingAntiAffinityCounts;
      this.affinityCounts = affinityCounts;
      this.antiAffinityCounts = antiAffinityCounts;
    }

    @Override
    public State copy() {
      return new State(
          pod,
          affinityTerms,
          antiAffinityTerms,
          namespaceLabels,
          existingAntiAffinityCounts.copy(),
          affinityCounts.copy(),
          antiAffinityCounts.copy());
    }

    /** Counts {@code other}, running on {@code node}, {@code multiplier} times (+1 or -1). */
    void updateWithPod(PodInfo other, Node node, long multiplier) {
      for (AffinityTerm t : other.requiredAntiAffinityTerms()) {
        if (t.matches(pod.pod(), namespaceLabels)) {
          existingAntiAffinityCounts.add(node, t.topologyKey(), multiplier);
        }
      }
      if (Terms.matchesAll(affinityTerms, other.pod(), Map.of())) {
        for (AffinityTerm t : affinityTerms) {
          affinityCounts.add(node, t.topologyKey(), multiplier);
        }
      }
      for (AffinityTerm t : antiAffinityTerms) {
        if (Terms.matchesResolved(t, other.pod())) {
          antiAffinityCounts.add(node, t.topologyKey(), multiplier);
        }
      }
    }
  }

  /** The PreFilter state of the cycle, if PreFilter wrote one. */
  static State state(CycleState cycleState) {
    return cycleState.find(KEY).orElse(null);
  }

  PreFilterResult preFilter(CycleState cycleState, PodInfo pod, List<NodeInfo> nodes) {
    Terms.Resolver resolver = new Terms.Resolver(handle.objects());
    List<AffinityTerm> affinity = resolver.resolveAll(pod.requiredAffinityTerms());
    List<AffinityTerm> anti = resolver.resolveAll(pod.requiredAntiAffinityTerms());
    Map<String, String> nsLabels = Terms.namespaceLabels(handle.objects(), pod.namespace());

    TopologyCounts existing = existingAntiAffinityCounts(pod, nsLabels);
    TopologyCounts affinityCounts = new TopologyCounts();
    TopologyCounts antiCounts = new TopologyCounts();
    if (!affinity.isEmpty() || !anti.isEmpty()) {
      countIncoming(affinity, anti, nodes, affinityCounts, antiCounts);
    }
    if (existing.isEmpty() && affinity.isEmpty() && anti.isEmpty()) {
      return PreFilterResult.skip();
    }
    cycleState.write(
        KEY, new State(pod, affinity, anti, nsLabels, existing, affinityCounts, antiCounts));
    return PreFilterResult.success();
  }

  /**
   * Existing pods' required anti-affinity terms that the incoming pod matches, by topology pair,
   * weighted by their number of carriers. Each distinct term is matched at most once.
   */
  private TopologyCounts existingAntiAffinityCounts(PodInfo pod, Map<String, String> nsLabels) {
    TopologyCounts counts = new TopologyCounts();
    Map<AffinityTerm, Boolean> matches = new HashMap<>();
    for (NodeInfo n : handle.snapshot().havePodsWithRequiredAntiAffinity()) {
      Node node = n.node();
      if (node == null) {
        continue;
      }
      for (Map.Entry<AffinityTerm, Integer> e : n.requiredAntiAffinityTermCounts().entrySet()) {
        AffinityTerm t = e.getKey();
        String value = node.labels().get(t.topologyKey());
        if (value != null
            && matches.computeIfAbsent(t, term -> term.matches(pod.pod(), nsLabels))) {
          counts.add(t.topologyKey(), value, e.getValue());
        }
      }
    }
    return counts;
  }

  /** Existing pods matching the incoming pod's resolved required terms, by topology pair. */
  private static void countIncoming(
      List<AffinityTerm> affinity,
      List<AffinityTerm> anti,
      List<NodeInfo> nodes,
      TopologyCounts affinityCounts,
      TopologyCounts antiCounts) {
    PodMatcher all = affinity.isEmpty() ? null : Terms.allTermsMatcher(affinity);
    PodMatcher[] antiMatchers = new PodMatcher[anti.size()];
    for (int i = 0; i < antiMatchers.length; i++) {
      antiMatchers[i] = Terms.termMatcher(anti.get(i));
    }
    for (NodeInfo n : nodes) {
      Node node = n.node();
      if (node == null || n.pods().isEmpty()) {
        continue;
      }
      if (all != null) {
        int c = n.countMatching(all);
        if (c > 0) {
          for (AffinityTerm t : affinity) {
            affinityCounts.add(node, t.topologyKey(), c);
          }
        }
      }
      for (int i = 0; i < antiMatchers.length; i++) {
        int c = n.countMatching(antiMatchers[i]);
        if (c > 0) {
          antiCounts.add(node, anti.get(i).topologyKey(), c);
        }
      }
    }
  }

  Status addPod(CycleState cycleState, PodInfo podToAdd, NodeInfo node) {
    return update(cycleState, podToAdd, node, 1);
  }

  Status removePod(CycleState cycleState, PodInfo podToRemove, NodeInfo node) {
    return update(cycleState, podToRemove, node, -1);
  }

  private static Status update(CycleState cycleState, PodInfo pod, NodeInfo node, long sign) {
    State s = state(cycleState);
    if (s == null) {
      return Status.error(NOT_FOUND);
    }
    if (node.node() != null) {
      s.updateWithPod(pod, node.node(), sign);
    }
    return Status.success();
  }

  Status filter(CycleState cycleState, NodeInfo nodeInfo) {
    State s = state(cycleState);
    if (s == null) {
      return Status.error(NOT_FOUND);
    }
    Node node = nodeInfo.node();
    if (node == null) {
      return Status.error("node not found");
    }
    Map<String, String> labels = node.labels();
    if (!satisfiesPodAffinity(s, labels)) {
      return AFFINITY_NOT_MATCH;
    }
    if (!satisfiesPodAntiAffinity(s, labels)) {
      return ANTI_AFFINITY_NOT_MATCH;
    }
    if (!s.existingAntiAffinityCounts.isEmpty()
        && s.existingAntiAffinityCounts.anyPositive(labels)) {
      return EXISTING_ANTI_AFFINITY_NOT_MATCH;
    }
    return Status.success();
  }

  /**
   * Every required affinity term's key is on the node and its pair counts a matching pod — or no
   * pair counts any and the pod matches all its own terms (the first pod of a group).
   */
  private static boolean satisfiesPodAffinity(State s, Map<String, String> labels) {
    boolean podsExist = true;
    for (AffinityTerm t : s.affinityTerms) {
      String value = labels.get(t.topologyKey());
      if (value == null) {
        return false;
      }
      if (s.affinityCounts.get(t.topologyKey(), value) <= 0) {
        podsExist = false;
      }
    }
    return podsExist || (s.affinityCounts.isEmpty() && s.podMatchesOwnAffinity);
  }

  /** No required anti-affinity term's pair on the node counts a matching pod. */
  private static boolean satisfiesPodAntiAffinity(State s, Map<String, String> labels) {
    if (s.antiAffinityCounts.isEmpty()) {
      return true;
    }
    for (AffinityTerm t : s.antiAffinityTerms) {
      String value = labels.get(t.topologyKey());
      if (value != null && s.antiAffinityCounts.get(t.topologyKey(), value) > 0) {
        return false;
      }
    }
    return true;
  }
}
