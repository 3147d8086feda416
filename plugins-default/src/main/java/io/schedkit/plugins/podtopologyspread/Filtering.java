package io.schedkit.plugins.podtopologyspread;

import io.schedkit.framework.CycleState;
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
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The hard-constraint half of {@link PodTopologySpread} (upstream's {@code filtering.go}):
 * PreFilter counts matching pods per domain, AddPod/RemovePod adjust the counts, Filter checks the
 * skew of placing the pod on a node.
 *
 * <p>Design note: the per-domain counts and the global minimum live in a {@link PreFilterState}
 * that Filter only reads (from many threads) and AddPod/RemovePod mutate on the caller's copy. The
 * minimum stays exact under ±1 updates in O(1) through a histogram "domains at count k" (a domain
 * leaving the minimum by +1 moves the minimum up by one exactly when it was the last one there).
 * Counting uses {@link NodeInfo#countMatching}, so PreFilter costs O(N × C) map operations plus one
 * examination of the pods of nodes whose memo is stale, not O(P).
 */
final class Filtering {
  private static final StateKey<PreFilterState> KEY =
      StateKey.of("PreFilter" + PodTopologySpread.NAME);

  private final ConstraintSource source;
  private final Supplier<NodeInfoLister> snapshot;
  private final DomainTotals.Cache totals = new DomainTotals.Cache();

  Filtering(ConstraintSource source, Supplier<NodeInfoLister> snapshot) {
    this.source = source;
    this.snapshot = snapshot;
  }

  /** Whether {@code nodes} is the node list of a snapshot that replaces changed nodes. */
  private boolean identityOnly(List<NodeInfo> nodes) {
    NodeInfoLister lister = snapshot.get();
    return lister != null
        && lister.list() == nodes
        && IndexedNodeLister.replacesChangedNodes(lister);
  }

  /** The state PreFilter wrote into {@code state}, if any (for tests and diagnostics). */
  static Optional<PreFilterState> state(CycleState state) {
    return state.find(KEY);
  }

  PreFilterResult preFilter(CycleState state, PodInfo podInfo, List<NodeInfo> nodes) {
    Pod pod = podInfo.pod();
    List<SpreadConstraint> constraints =
        source.constraints(pod, UnsatisfiableConstraintAction.DO_NOT_SCHEDULE);
    if (constraints.isEmpty()) {
      return PreFilterResult.skip();
    }
    int n = constraints.size();
    PodMatcher[] matchers = new PodMatcher[n];
    for (int i = 0; i < n; i++) {
      SpreadConstraint c = constraints.get(i);
      matchers[i] = c.countsExistingPods() ? c.matcher(pod.namespace()) : null;
    }
    PreFilterState s = new PreFilterState(constraints);
    RequiredNodeAffinity affinity = RequiredNodeAffinity.of(pod);
    if (SpreadConstraint.keysAloneDecide(constraints, affinity)) {
      List<String> keys = SpreadConstraint.keysOf(constraints);
      boolean identityOnly = identityOnly(nodes);
      DomainTotals[] used = new DomainTotals[n];
      for (int i = 0; i < n; i++) {
        DomainTotals.Key key =
            new DomainTotals.Key(keys, constraints.get(i).topologyKey(), matchers[i]);
        used[i] = totals.get(key, snapshot.get(), nodes, identityOnly);
        used[i].addTo(s.counts.get(i));
      }
      s.initMinimums();
      if (identityOnly) {
        s.positions = Positions.of(s, pod, used, (IndexedNodeLister) snapshot.get());
      }
      state.write(KEY, s);
      return PreFilterResult.success();
    }
    for (NodeInfo info : nodes) {
      Node node = info.node();
      Map<String, String> labels = info.labels();
      if (node == null || !SpreadConstraint.hasAllKeys(labels, constraints)) {
        continue;
      }
      for (int i = 0; i < n; i++) {
        SpreadConstraint c = constraints.get(i);
        if (!c.includes(pod, node, affinity)) {
          continue;
        }
        int count = matchers[i] == null ? 0 : info.countMatching(matchers[i]);
        s.counts.get(i).merge(labels.get(c.topologyKey()), count, Integer::sum);
      }
    }
    s.initMinimums();
    state.write(KEY, s);
    return PreFilterResult.success();
  }

  Status addPod(CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo node) {
    return update(state, podToSchedule, podToAdd, node, 1);
  }

  Status removePod(CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo node) {
    return update(state, podToSchedule, podToRemove, node, -1);
  }

  private static Status update(
      CycleState state, PodInfo preemptor, PodInfo updated, NodeInfo nodeInfo, int delta) {
    Optional<PreFilterState> s = state.find(KEY);
    if (s.isEmpty()) {
      return notFound();
    }
    s.get().updateWithPod(updated.pod(), preemptor.pod(), nodeInfo.node(), delta);
    return Status.success();
  }

  Status filter(CycleState state, PodInfo pod, NodeInfo nodeInfo) {
    return filter(state.find(KEY).orElse(null), pod, nodeInfo);
  }

  /** As {@link #filter} for each open node of the block, with the cycle state read once. */
  void filterBlock(CycleState state, PodInfo pod, NodeInfo[] nodes, int count, Status[] verdicts) {
    PreFilterState s = state.readOrNull(KEY);
    for (int i = 0; i < count; i++) {
      if (verdicts[i] == null) {
        Status v = filter(s, pod, nodes[i]);
        if (!v.isSuccess()) {
          verdicts[i] = v;
        }
      }
    }
  }

  /**
   * As {@link #filter} for each open node of the block; when the block is of the snapshot's own
   * nodes (its columns) and PreFilter's {@link Positions} still hold, by position, without reading
   * the nodes.
   */
  void filterBlock(
      CycleState state,
      PodInfo pod,
      NodeInfo[] nodes,
      int[] positions,
      NodeColumns columns,
      int count,
      Status[] verdicts) {
    PreFilterState s = state.readOrNull(KEY);
    Positions view = s == null ? null : s.positions;
    if (view == null || !view.holdFor(columns)) {
      filterBlock(state, pod, nodes, count, verdicts);
      return;
    }
    for (int i = 0; i < count; i++) {
      if (verdicts[i] == null) {
        Status v = view.filter(positions[i]);
        if (v == null) {
          v = filter(s, pod, nodes[i]);
        }
        if (!v.isSuccess()) {
          verdicts[i] = v;
        }
      }
    }
  }

  private Status filter(PreFilterState s, PodInfo pod, NodeInfo nodeInfo) {
    Node node = nodeInfo.node();
    if (node == null) {
      return Status.error("node not found");
    }
    if (s == null) {
      return notFound();
    }
    Map<String, String> podLabels = pod.pod().labels();
    Map<String, String> labels = nodeInfo.labels();
    for (int i = 0, n = s.constraints.size(); i < n; i++) {
      SpreadConstraint c = s.constraints.get(i);
      String value = labels.get(c.topologyKey());
      if (value == null) {
        return Status.unresolvable(PodTopologySpread.ERR_REASON_NODE_LABEL_NOT_MATCH);
      }
      long selfMatch = c.matches(podLabels) ? 1 : 0;
      long skew = (long) s.count(i, value) + selfMatch - s.globalMinimum(i);
      if (skew > c.maxSkew()) {
        return Status.unschedulable(PodTopologySpread.ERR_REASON_CONSTRAINTS_NOT_MATCH);
      }
    }
    return Status.success();
  }

  private static final Status LABEL_NOT_MATCH =
      Status.unresolvable(PodTopologySpread.ERR_REASON_NODE_LABEL_NOT_MATCH);
  private static final Status CONSTRAINTS_NOT_MATCH =
      Status.unschedulable(PodTopologySpread.ERR_REASON_CONSTRAINTS_NOT_MATCH);

  /**
   * Filter's view of a PreFilter state by snapshot position, when keys alone decide which nodes
   * count: per constraint, the {@link DomainTotals} that gave its counts (the number of each
   * position's value, and the totals by number), whether the pod matches it and its global minimum.
   * A node's check is then a few array reads instead of a label lookup, a hash lookup and a
   * selector match per constraint. It holds while the snapshot's list, change stamp and the totals
   * are those PreFilter read (checked per block), and only for the state PreFilter wrote
   * (AddPod/RemovePod change a copy, which has none).
   */
  static final class Positions {
    private final PositionBasis basis;
    private final DomainTotals[] totals;
    private final long[] selfMatch;
    private final long[] globalMinimum;
    private final long[] maxSkew;

    private Positions(IndexedNodeLister lister, DomainTotals[] totals) {
      this.basis = new PositionBasis(lister, totals);
      this.totals = totals;
      int n = totals.length;
      this.selfMatch = new long[n];
      this.globalMinimum = new long[n];
      this.maxSkew = new long[n];
    }

    /** The view of {@code s}, whose counts come from {@code totals}; null without columns. */
    static Positions of(
        PreFilterState s, Pod pod, DomainTotals[] totals, IndexedNodeLister lister) {
      if (lister.columns() == null) {
        return null;
      }
      Positions v = new Positions(lister, totals);
      for (int i = 0; i < totals.length; i++) {
        SpreadConstraint c = s.constraints.get(i);
        v.selfMatch[i] = c.matches(pod.labels()) ? 1 : 0;
        v.globalMinimum[i] = s.globalMinimum(i);
        v.maxSkew[i] = c.maxSkew();
      }
      return v;
    }

    /** Whether positions of a block filtered with {@code blockColumns} can be read here. */
    boolean holdFor(NodeColumns blockColumns) {
      return basis.holdFor(blockColumns);
    }

    /**
     * The verdict for the node at snapshot position {@code p}, as {@link #filter} gives it; null
     * when the NodeInfo there has no node (the per-node filter says so).
     */
    Status filter(int p) {
      for (int i = 0; i < totals.length; i++) {
        DomainTotals t = totals[i];
        int value = t.valueAt(p);
        if (value < 0) {
          return value == DomainTotals.MISSING ? LABEL_NOT_MATCH : null;
        }
        if (t.totalOf(value) + selfMatch[i] - globalMinimum[i] > maxSkew[i]) {
          return CONSTRAINTS_NOT_MATCH;
        }
      }
      return Status.success();
    }
  }

  private static Status notFound() {
    return Status.error("reading \"" + KEY.name() + "\" from cycleState: not found");
  }

  /**
   * What PreFilter computed for one pod: its hard constraints and, per constraint, the number of
   * matching pods in each eligible domain (every eligible node's value is a domain, possibly with
   * 0), the histogram of those numbers and their minimum.
   */
  static final class PreFilterState implements StateData {
    private final List<SpreadConstraint> constraints;
    private final List<Map<String, Integer>> counts;
    private final List<Map<Integer, Integer>> domainsAtCount;
    private final int[] minimum;
    // Set by PreFilter when Filter may read by snapshot position; null otherwise (copies too).
    private Positions positions;

    private PreFilterState(List<SpreadConstraint> constraints) {
      this.constraints = constraints;
      this.counts = new ArrayList<>(constraints.size());
      this.domainsAtCount = new ArrayList<>(constraints.size());
      for (int i = 0; i < constraints.size(); i++) {
        counts.add(new HashMap<>());
        domainsAtCount.add(new HashMap<>());
      }
      this.minimum = new int[constraints.size()];
    }

    private PreFilterState(PreFilterState other) {
      this.constraints = other.constraints;
      this.counts = new ArrayList<>(other.counts.size());
      this.domainsAtCount = new ArrayList<>(other.domainsAtCount.size());
      for (int i = 0; i < other.counts.size(); i++) {
        counts.add(new HashMap<>(other.counts.get(i)));
        domainsAtCount.add(new HashMap<>(other.domainsAtCount.get(i)));
      }
      this.minimum = other.minimum.clone();
    }

    @Override
    public PreFilterState copy() {
      return new PreFilterState(this);
    }

    private void initMinimums() {
      for (int i = 0; i < constraints.size(); i++) {
        int min = Integer.MAX_VALUE;
        Map<Integer, Integer> histogram = domainsAtCount.get(i);
        for (int count : counts.get(i).values()) {
          histogram.merge(count, 1, Integer::sum);
          min = Math.min(min, count);
        }
        minimum[i] = min;
      }
    }

    /** Whether Filter may check the snapshot's own nodes by position (for tests). */
    boolean byPosition() {
      return positions != null;
    }

    /** The hard constraints, in the pod's order. */
    List<SpreadConstraint> constraints() {
      return constraints;
    }

    /** The matching pods per eligible domain of constraint {@code i}. */
    Map<String, Integer> counts(int i) {
      return Collections.unmodifiableMap(counts.get(i));
    }

    /** The matching pods in domain {@code value} of constraint {@code i} (0 when not a domain). */
    int count(int i, String value) {
      Integer c = counts.get(i).get(value);
      return c == null ? 0 : c;
    }

    /** The smallest count over the domains of constraint {@code i}; MAX_VALUE when none. */
    int minimum(int i) {
      return minimum[i];
    }

    /** The global minimum of the skew formula: 0 when there are fewer domains than minDomains. */
    int globalMinimum(int i) {
      return counts.get(i).size() < constraints.get(i).minDomains() ? 0 : minimum[i];
    }

    private void updateWithPod(Pod updated, Pod preemptor, Node node, int delta) {
      if (constraints.isEmpty()
          || node == null
          || !updated.namespace().equals(preemptor.namespace())
          || !SpreadConstraint.hasAllKeys(node.labels(), constraints)) {
        return;
      }
      RequiredNodeAffinity affinity = RequiredNodeAffinity.of(preemptor);
      for (int i = 0; i < constraints.size(); i++) {
        SpreadConstraint c = constraints.get(i);
        if (c.matches(updated.labels()) && c.includes(preemptor, node, affinity)) {
          adjust(i, node.labels().get(c.topologyKey()), delta);
        }
      }
    }

    private void adjust(int i, String value, int delta) {
      positions = null;
      Map<Integer, Integer> histogram = domainsAtCount.get(i);
      Integer previous = counts.get(i).get(value);
      int cur = (previous == null ? 0 : previous) + delta;
      counts.get(i).put(value, cur);
      histogram.merge(cur, 1, Integer::sum);
      if (previous == null) {
        minimum[i] = Math.min(minimum[i], cur);
        return;
      }
      int old = previous;
      boolean oldEmptied = histogram.merge(old, -1, (a, b) -> a + b == 0 ? null : a + b) == null;
      if (cur < minimum[i]) {
        minimum[i] = cur;
      } else if (old == minimum[i] && oldEmptied) {
        // Every other domain was at least `old` and none is left there, so `cur = old + 1` is
        // the new minimum.
        minimum[i] = cur;
      }
    }
  }
}
