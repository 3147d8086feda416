package io.schedkit.plugins.interpodaffinity;

import io.schedkit.framework.AffinityTerm;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PodMatcher;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.StateData;
import io.schedkit.framework.StateKey;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.IndexedNodeLister;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.model.Node;
import io.schedkit.plugins.helper.TopologyDomains;
import java.util.List;
import java.util.Map;

/**
 * The required half of InterPodAffinity: PreFilter counts, AddPod/RemovePod, Filter.
 *
 * <p>PreFilter builds three {@link TopologyCounts} without walking the running pods, nor (after the
 * first cycle) every node: their counts are the read-only totals of {@link PairTotals}, which
 * re-reads only the nodes that changed since the previous cycle.
 *
 * <ul>
 *   <li>existing anti-affinity — the existing pods' distinct required anti-affinity terms, each
 *       with its carriers per topology pair, matched against the incoming pod once per cycle;
 *   <li>affinity — the pods matching <em>all</em> the incoming pod's resolved required affinity
 *       terms (memoized per node), added once per term;
 *   <li>anti-affinity — the pods matching each incoming anti-affinity term.
 * </ul>
 *
 * <p>Design note: the state is written at PreFilter and then only read by Filter workers, except in
 * AddPod/RemovePod, which the framework calls on a {@linkplain CycleState#copy() copy}; {@link
 * State#copy()} therefore copies the counts' own entries (the shared totals are not changed before
 * the plugin's next PreFilter).
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
  private final PairTotals.Cache totals = new PairTotals.Cache();

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
    // Set by PreFilter when Filter may read the counts by snapshot position; null otherwise.
    Positions positions;

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
      State copy =
          new State(
              pod,
              affinityTerms,
              antiAffinityTerms,
              namespaceLabels,
              existingAntiAffinityCounts.copy(),
              affinityCounts.copy(),
              antiAffinityCounts.copy());
      // Shared: the copy's own entries, once AddPod/RemovePod make some, turn the fast path off.
      copy.positions = positions;
      return copy;
    }

    /** Whether every count is still its bases' sum, as {@link Positions} reads them. */
    boolean countsAreBases() {
      return !existingAntiAffinityCounts.hasOwnEntries()
          && !affinityCounts.hasOwnEntries()
          && !antiAffinityCounts.hasOwnEntries();
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
    State state = new State(pod, affinity, anti, nsLabels, existing, affinityCounts, antiCounts);
    NodeInfoLister snapshot = handle.snapshot();
    if (snapshot.list() == nodes) {
      state.positions = Positions.of(state, snapshot, totals);
    }
    cycleState.write(KEY, state);
    return PreFilterResult.success();
  }

  /**
   * Filter's view of a cycle's counts by snapshot position: for each required term (and each key
   * the existing anti-affinity counts), the key's domains and the bases' totals by domain, so a
   * node's check is a few array reads instead of a label lookup and hash lookups per term. Valid
   * while the counts have no own entries, for the NodeInfos of the snapshot it was made with.
   */
  static final class Positions {
    private final NodeInfoLister lister;
    private final List<NodeInfo> list;
    private final long stamp;
    private final NodeColumns columns;
    // A key's domains whose NO_NODE tells a position without a node (every state has one).
    private TopologyDomains probe;
    private final TopologyDomains[] affinityDomains;
    private final ValueTotals[][] affinityBases;
    private final TopologyDomains[] antiDomains;
    private final ValueTotals[][] antiBases;
    private final TopologyDomains[] existingDomains;
    private final ValueTotals[][] existingBases;
    // The counts' emptiness, fixed while they are their bases (when this view is read).
    private boolean firstOfGroupAllowed;
    private boolean antiCountsEmpty;

    private Positions(NodeInfoLister lister, int affinity, int anti, int existing) {
      this.lister = lister;
      this.list = lister.list();
      this.stamp = lister instanceof IndexedNodeLister indexed ? indexed.changeStamp() : -1;
      this.columns = IndexedNodeLister.columnsOf(lister);
      this.affinityDomains = new TopologyDomains[affinity];
      this.affinityBases = new ValueTotals[affinity][];
      this.antiDomains = new TopologyDomains[anti];
      this.antiBases = new ValueTotals[anti][];
      this.existingDomains = new TopologyDomains[existing];
      this.existingBases = new ValueTotals[existing][];
    }

    /** The view of {@code s}'s counts, or null when some base is not numbered by its domains. */
    static Positions of(State s, NodeInfoLister snapshot, PairTotals.Cache totals) {
      List<String> existingKeys = List.copyOf(s.existingAntiAffinityCounts.baseKeys());
      Positions f =
          new Positions(
              snapshot, s.affinityTerms.size(), s.antiAffinityTerms.size(), existingKeys.size());
      for (int i = 0; i < s.affinityTerms.size(); i++) {
        String key = s.affinityTerms.get(i).topologyKey();
        f.affinityDomains[i] = totals.domains(key, snapshot);
        f.affinityBases[i] = s.affinityCounts.basesOf(key);
      }
      for (int i = 0; i < s.antiAffinityTerms.size(); i++) {
        String key = s.antiAffinityTerms.get(i).topologyKey();
        f.antiDomains[i] = totals.domains(key, snapshot);
        f.antiBases[i] = s.antiAffinityCounts.basesOf(key);
      }
      for (int i = 0; i < existingKeys.size(); i++) {
        String key = existingKeys.get(i);
        f.existingDomains[i] = totals.domains(key, snapshot);
        f.existingBases[i] = s.existingAntiAffinityCounts.basesOf(key);
      }
      f.firstOfGroupAllowed = s.affinityCounts.isEmpty() && s.podMatchesOwnAffinity;
      f.antiCountsEmpty = s.antiAffinityCounts.isEmpty();
      f.probe =
          f.affinityDomains.length > 0
              ? f.affinityDomains[0]
              : f.antiDomains.length > 0
                  ? f.antiDomains[0]
                  : f.existingDomains.length > 0 ? f.existingDomains[0] : null;
      // A refresh above may have numbered a key's values afresh (rare): then read by label.
      return f.numbered(f.affinityDomains, f.affinityBases)
              && f.numbered(f.antiDomains, f.antiBases)
              && f.numbered(f.existingDomains, f.existingBases)
          ? f
          : null;
    }

    private boolean numbered(TopologyDomains[] domains, ValueTotals[][] bases) {
      for (int i = 0; i < domains.length; i++) {
        for (ValueTotals v : bases[i]) {
          if (v.domains() != domains[i] || !v.isSynced()) {
            return false;
          }
        }
      }
      return true;
    }

    private static long sum(ValueTotals[] bases, int domain) {
      long sum = 0;
      for (ValueTotals v : bases) {
        sum += v.atDomain(domain);
      }
      return sum;
    }

    /**
     * Whether the positions of a block filtered with {@code blockColumns} are positions of the
     * snapshot list this view was made for, unchanged since: the framework hands a block of the
     * snapshot's own nodes with the snapshot's columns.
     */
    boolean holdFor(NodeColumns blockColumns) {
      return blockColumns != null
          && blockColumns == columns
          && probe != null
          && lister.list() == list
          && ((IndexedNodeLister) lister).changeStamp() == stamp;
    }

    /** Whether the NodeInfo at {@code p} has a node (valid when {@link #holdFor} is). */
    boolean hasNode(int p) {
      return probe.at(p) != TopologyDomains.NO_NODE;
    }

    /** Filter's verdict for the node at {@code p}, as {@link #filter} by labels gives it. */
    Status filter(int p) {
      if (affinityDomains.length > 0) {
        boolean podsExist = true;
        for (int i = 0; i < affinityDomains.length; i++) {
          int d = affinityDomains[i].at(p);
          if (d < 0) {
            return AFFINITY_NOT_MATCH;
          }
          if (sum(affinityBases[i], d) <= 0) {
            podsExist = false;
          }
        }
        if (!podsExist && !firstOfGroupAllowed) {
          return AFFINITY_NOT_MATCH;
        }
      }
      if (!antiCountsEmpty) {
        for (int i = 0; i < antiDomains.length; i++) {
          int d = antiDomains[i].at(p);
          if (d >= 0 && sum(antiBases[i], d) > 0) {
            return ANTI_AFFINITY_NOT_MATCH;
          }
        }
      }
      for (int i = 0; i < existingDomains.length; i++) {
        int d = existingDomains[i].at(p);
        if (d >= 0 && sum(existingBases[i], d) > 0) {
          return EXISTING_ANTI_AFFINITY_NOT_MATCH;
        }
      }
      return Status.success();
    }
  }

  /**
   * Existing pods' required anti-affinity terms that the incoming pod matches, by topology pair,
   * weighted by their number of carriers. Each distinct term is matched once; the per-term totals
   * come from {@link PairTotals}, kept across cycles.
   */
  private TopologyCounts existingAntiAffinityCounts(PodInfo pod, Map<String, String> nsLabels) {
    TopologyCounts counts = new TopologyCounts();
    for (Map.Entry<AffinityTerm, ValueTotals> e :
        totals.existing(PairTotals.TermKind.REQUIRED_ANTI_AFFINITY, handle.snapshot()).entrySet()) {
      AffinityTerm t = e.getKey();
      if (t.matches(pod.pod(), nsLabels)) {
        counts.addBase(t.topologyKey(), e.getValue());
      }
    }
    return counts;
  }

  /**
   * The snapshot when {@code nodes} is its node list (as the framework passes it), else a lister
   * over {@code nodes} alone that does not promise anything about in-place changes.
   */
  private NodeInfoLister lister(List<NodeInfo> nodes) {
    NodeInfoLister snapshot = handle.snapshot();
    return snapshot.list() == nodes ? snapshot : new ListLister(nodes);
  }

  /**
   * {@code nodes} as a lister, for callers that pass another list than the snapshot's; it tells
   * nothing about changes, so structures kept across calls re-read every node.
   */
  record ListLister(List<NodeInfo> list) implements NodeInfoLister {
    @Override
    public java.util.Optional<NodeInfo> get(String nodeName) {
      return list.stream().filter(n -> n.name().equals(nodeName)).findFirst();
    }

    @Override
    public List<NodeInfo> havePodsWithAffinity() {
      return list.stream().filter(n -> !n.podsWithAffinity().isEmpty()).toList();
    }

    @Override
    public List<NodeInfo> havePodsWithRequiredAntiAffinity() {
      return list.stream().filter(n -> !n.podsWithRequiredAntiAffinity().isEmpty()).toList();
    }

    @Override
    public int imageNodeCount(String imageName) {
      return 0;
    }
  }

  /**
   * Existing pods matching the incoming pod's resolved required terms, by topology pair: the totals
   * of the matcher of all affinity terms, once per affinity term, and of each anti-affinity term's
   * matcher, from {@link PairTotals}.
   */
  private void countIncoming(
      List<AffinityTerm> affinity,
      List<AffinityTerm> anti,
      List<NodeInfo> nodes,
      TopologyCounts affinityCounts,
      TopologyCounts antiCounts) {
    if (!affinity.isEmpty()) {
      PodMatcher all = Terms.allTermsMatcher(affinity);
      for (AffinityTerm t : affinity) {
        affinityCounts.addBase(
            t.topologyKey(), totals.incoming(t.topologyKey(), all, lister(nodes)));
      }
    }
    for (AffinityTerm t : anti) {
      antiCounts.addBase(
          t.topologyKey(), totals.incoming(t.topologyKey(), Terms.termMatcher(t), lister(nodes)));
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
    return filter(state(cycleState), nodeInfo);
  }

  /** As {@link #filter} for each open node of the block, with the PreFilter state read once. */
  void filterBlock(CycleState cycleState, NodeInfo[] nodes, int count, Status[] verdicts) {
    State s = state(cycleState);
    for (int i = 0; i < count; i++) {
      if (verdicts[i] == null) {
        Status v = filter(s, nodes[i]);
        if (!v.isSuccess()) {
          verdicts[i] = v;
        }
      }
    }
  }

  /**
   * As {@link #filter} for each open node of the block; a block of the snapshot's own nodes (its
   * columns) is checked by position without reading the nodes, while the {@link Positions} view
   * holds.
   */
  void filterBlock(
      CycleState cycleState,
      NodeInfo[] nodes,
      int[] positions,
      NodeColumns columns,
      int count,
      Status[] verdicts) {
    State s = state(cycleState);
    Positions view = s == null ? null : s.positions;
    if (view == null || !s.countsAreBases() || !view.holdFor(columns)) {
      filterBlock(cycleState, nodes, count, verdicts);
      return;
    }
    for (int i = 0; i < count; i++) {
      if (verdicts[i] == null) {
        int p = positions[i];
        Status v = view.hasNode(p) ? view.filter(p) : filter(s, nodes[i]);
        if (!v.isSuccess()) {
          verdicts[i] = v;
        }
      }
    }
  }

  private static Status filter(State s, NodeInfo nodeInfo) {
    if (s == null) {
      return Status.error(NOT_FOUND);
    }
    if (nodeInfo.node() == null) {
      return Status.error("node not found");
    }
    Positions positions = s.positions;
    if (positions != null && s.countsAreBases()) {
      int p = IndexedNodeLister.positionIn(positions.lister, nodeInfo);
      if (p >= 0) {
        return positions.filter(p);
      }
    }
    Map<String, String> labels = nodeInfo.labels();
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
