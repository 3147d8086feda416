package io.schedkit.plugins.podtopologyspread;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.NodeScores;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PodMatcher;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.StateData;
import io.schedkit.framework.StateKey;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.IndexedNodeLister;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The soft-constraint half of {@link PodTopologySpread} (upstream's {@code scoring.go}).
 *
 * <p>PreScore takes the pod's {@code ScheduleAnyway} constraints (or the defaults) and, unless the
 * constraints come from {@code System} defaulting, ignores the feasible nodes that lack one of
 * their keys. For a non-hostname constraint the domains are the values found on the other feasible
 * nodes, and each domain's count sums the matching pods over <em>all</em> nodes of the snapshot
 * that pass the constraint's node inclusion policies (and have every key when required); a hostname
 * constraint counts the node's own pods. Each constraint weighs {@code ln(domains + 2)} (for
 * hostname, domains = non-ignored feasible nodes). Score is {@code round(Σ count × weight + maxSkew
 * − 1)} over the constraints whose key the node has; NormalizeScore maps it to {@code 100 × (max +
 * min − s) / max} (100 when max is 0), ignored nodes getting 0.
 *
 * <p>Design note: everything Score reads is computed in PreScore (sequential), including the
 * per-node hostname counts, because {@link NodeInfo#countMatching} may not run in the parallel
 * Score. The state is read-only afterwards and shared by copies. Cost: O(N × C) for PreScore, O(C)
 * per Score.
 */
final class Scoring {
  private static final StateKey<PreScoreState> KEY =
      StateKey.of("PreScore" + PodTopologySpread.NAME);

  private static final String NOT_FOUND_MESSAGE =
      "error reading \"" + KEY.name() + "\" from cycleState: not found";

  private final ConstraintSource source;
  private final Supplier<NodeInfoLister> snapshot;

  Scoring(ConstraintSource source, Supplier<NodeInfoLister> snapshot) {
    this.source = source;
    this.snapshot = snapshot;
  }

  private final DomainTotals.Cache totals = new DomainTotals.Cache();

  /** The state PreScore wrote into {@code state}, if any (for tests and diagnostics). */
  static Optional<PreScoreState> state(CycleState state) {
    return state.find(KEY);
  }

  /**
   * PreScore over {@code filteredNodes}; {@code positions} (null: unknown) are their positions in
   * the list of the snapshot whose columns are {@code columns}, as the framework hands them.
   */
  Status preScore(
      CycleState state,
      PodInfo podInfo,
      List<NodeInfo> filteredNodes,
      int[] positions,
      NodeColumns columns) {
    List<NodeInfo> allNodes = snapshot.get().list();
    if (allNodes.isEmpty()) {
      return Status.skip();
    }
    Pod pod = podInfo.pod();
    List<SpreadConstraint> constraints =
        source.constraints(pod, UnsatisfiableConstraintAction.SCHEDULE_ANYWAY);
    if (constraints.isEmpty()) {
      return Status.skip();
    }
    // Nodes without a zone label still get hostname spreading under System defaulting.
    boolean requireAllTopologies =
        !pod.spec().topologySpreadConstraints().isEmpty() || !source.systemDefaulted();
    int n = constraints.size();
    PodMatcher[] matchers = new PodMatcher[n];
    for (int i = 0; i < n; i++) {
      SpreadConstraint c = constraints.get(i);
      matchers[i] = c.countsExistingPods() ? c.matcher(pod.namespace()) : null;
    }
    RequiredNodeAffinity affinity = RequiredNodeAffinity.of(pod);
    boolean keysAloneDecide = SpreadConstraint.keysAloneDecide(constraints, affinity);
    NodeInclusion[] inclusions = new NodeInclusion[n];
    for (int i = 0; i < n; i++) {
      SpreadConstraint c = constraints.get(i);
      // Score counts a node's own pods for hostname whether or not the node is included.
      inclusions[i] = c.isHostname() ? null : c.inclusion(pod, affinity);
    }
    PreScoreState byPosition =
        preScoreByPosition(
            constraints,
            matchers,
            inclusions,
            requireAllTopologies,
            filteredNodes,
            positions,
            columns);
    if (byPosition != null) {
      state.write(KEY, byPosition);
      return Status.success();
    }
    PreScoreState s = new PreScoreState(constraints);
    int[] domains = new int[n];
    for (NodeInfo info : filteredNodes) {
      Map<String, String> labels = info.labels();
      if (requireAllTopologies && !SpreadConstraint.hasAllKeys(labels, constraints)) {
        s.ignoredNodes.add(info.name());
        continue;
      }
      for (int i = 0; i < n; i++) {
        SpreadConstraint c = constraints.get(i);
        if (!c.isHostname()
            && s.domainCounts.get(i).putIfAbsent(labels.getOrDefault(c.topologyKey(), ""), 0L)
                == null) {
          domains[i]++;
        }
      }
    }
    for (int i = 0; i < n; i++) {
      int size =
          constraints.get(i).isHostname()
              ? filteredNodes.size() - s.ignoredNodes.size()
              : domains[i];
      s.weights[i] = Math.log(size + 2);
    }

    if (keysAloneDecide) {
      addTotals(s, constraints, matchers, requireAllTopologies, allNodes);
    } else {
      addCounts(s, constraints, matchers, requireAllTopologies, allNodes, pod, affinity);
    }
    boolean anyHostnameCounts = false;
    for (int i = 0; i < n; i++) {
      anyHostnameCounts |= constraints.get(i).isHostname() && matchers[i] != null;
    }
    // Score reads a node's own counts for hostname constraints only.
    for (int f = 0, size = anyHostnameCounts ? filteredNodes.size() : 0; f < size; f++) {
      NodeInfo info = filteredNodes.get(f);
      if (s.ignoredNodes.contains(info.name())) {
        continue;
      }
      long[] own = new long[n];
      for (int i = 0; i < n; i++) {
        if (constraints.get(i).isHostname() && matchers[i] != null) {
          own[i] = info.countMatching(matchers[i]);
        }
      }
      s.hostnameCounts.put(info.name(), own);
    }
    state.write(KEY, s);
    return Status.success();
  }

  /**
   * PreScore by snapshot position: each feasible node's domains, and for hostname constraints its
   * own matching pods, are read from the cross-cycle {@link DomainTotals} by its position instead
   * of from its labels and pods, and the state gets a {@link Positions} view for Score. With {@code
   * requireAllTopologies} the totals count only nodes with every key and a feasible node without
   * one is ignored; without it (System defaulting) a node without a non-hostname key is in domain
   * {@code ""}. A non-hostname constraint's totals count only the nodes its {@link NodeInclusion}
   * (from {@code inclusions}, null for none) includes, while its domains are those of the feasible
   * nodes whether included or not, as upstream. The same state as the node-by-node PreScore (with
   * no hostname counts by name: Score counts a node's pods itself if the view no longer holds);
   * null when this does not apply (then that one runs).
   */
  private PreScoreState preScoreByPosition(
      List<SpreadConstraint> constraints,
      PodMatcher[] matchers,
      NodeInclusion[] inclusions,
      boolean requireAllTopologies,
      List<NodeInfo> filteredNodes,
      int[] positions,
      NodeColumns columns) {
    NodeInfoLister lister = snapshot.get();
    if (!(lister instanceof IndexedNodeLister indexed)
        || !indexed.replacesChangedNodes()
        || indexed.columns() == null) {
      return null;
    }
    int count = filteredNodes.size();
    int[] at;
    if (positions != null && columns == indexed.columns()) {
      at = positions; // the framework's: this snapshot's positions of filteredNodes
    } else {
      at = new int[count];
      for (int f = 0; f < count; f++) {
        at[f] = indexed.positionOf(filteredNodes.get(f));
        if (at[f] < 0) {
          return null;
        }
      }
    }
    int n = constraints.size();
    List<NodeInfo> allNodes = indexed.list();
    List<String> keys = requireAllTopologies ? SpreadConstraint.keysOf(constraints) : List.of();
    DomainTotals[] used = new DomainTotals[n];
    for (int i = 0; i < n; i++) {
      used[i] =
          totals.get(
              new DomainTotals.Key(
                  keys, constraints.get(i).topologyKey(), matchers[i], inclusions[i]),
              indexed,
              allNodes,
              true);
    }
    PreScoreState s = new PreScoreState(constraints);
    // With every key required, each constraint's totals require all of them: one answers for all.
    boolean[] ignored = null;
    if (requireAllTopologies) {
      DomainTotals first = used[0];
      for (int f = 0; f < count; f++) {
        if (!first.keyedAt(at[f])) {
          if (ignored == null) {
            ignored = new boolean[count];
          }
          ignored[f] = true;
          s.ignoredNodes.add(filteredNodes.get(f).name());
        }
      }
    }
    for (int i = 0; i < n; i++) {
      if (constraints.get(i).isHostname()) {
        continue;
      }
      DomainTotals t = used[i];
      Map<String, Long> domainCounts = s.domainCounts.get(i);
      boolean[] seen = new boolean[t.domainCount()];
      for (int f = 0; f < count; f++) {
        if (ignored != null && ignored[f]) {
          continue;
        }
        int v = t.valueAt(at[f]);
        int d = v >= 0 ? v : v == DomainTotals.MISSING ? t.emptyValue() : -1;
        if (d < 0) {
          return null; // a feasible position without a node: the node-by-node PreScore decides
        }
        if (d >= seen.length) {
          seen = Arrays.copyOf(seen, Math.max(d + 1, 2 * seen.length));
        }
        if (!seen[d]) {
          seen[d] = true;
          domainCounts.put(t.valueOf(d), (long) t.totalOf(d));
        }
      }
    }
    for (int i = 0; i < n; i++) {
      int size =
          constraints.get(i).isHostname()
              ? count - s.ignoredNodes.size()
              : s.domainCounts.get(i).size();
      s.weights[i] = Math.log(size + 2);
    }
    s.positions = new Positions(indexed, used, s.weights, constraints, requireAllTopologies);
    return s;
  }

  /**
   * Score's view of a PreScore state by snapshot position: the {@link DomainTotals} of each
   * constraint, so a node's raw score is read from arrays by its position instead of from its
   * labels, pods and hash maps: a hostname constraint takes the node's own count, any other its
   * domain's total, and a constraint whose key the node lacks adds nothing. It holds while the
   * snapshot's list, change stamp and the totals are those PreScore read (checked per range).
   */
  static final class Positions {
    private final PositionBasis basis;
    private final DomainTotals[] totals;
    private final double[] weights;
    private final int[] maxSkew;
    private final boolean[] hostname;
    private final boolean requireAllTopologies;

    private Positions(
        IndexedNodeLister lister,
        DomainTotals[] totals,
        double[] weights,
        List<SpreadConstraint> constraints,
        boolean requireAllTopologies) {
      this.basis = new PositionBasis(lister, totals);
      this.totals = totals;
      this.weights = weights;
      int n = totals.length;
      this.maxSkew = new int[n];
      this.hostname = new boolean[n];
      this.requireAllTopologies = requireAllTopologies;
      for (int i = 0; i < n; i++) {
        hostname[i] = constraints.get(i).isHostname();
        maxSkew[i] = constraints.get(i).maxSkew();
      }
    }

    /** Whether positions of a range scored with {@code rangeColumns} can be read here. */
    boolean holdFor(NodeColumns rangeColumns) {
      return basis.holdFor(rangeColumns);
    }

    /** The raw score of the feasible node at snapshot position {@code p}, as {@link #score}. */
    long score(int p) {
      if (requireAllTopologies && !totals[0].keyedAt(p)) {
        return 0;
      }
      double score = 0;
      for (int i = 0; i < totals.length; i++) {
        DomainTotals t = totals[i];
        int v = t.valueAt(p);
        if (v < 0) {
          continue;
        }
        long count = hostname[i] ? t.countAt(p) : t.totalOf(v);
        score += count * weights[i] + (maxSkew[i] - 1);
      }
      return Math.round(score);
    }
  }

  /**
   * Adds to each domain of {@code s} its matching pods over all nodes, from the cross-cycle totals
   * (when keys alone decide which nodes count).
   */
  private void addTotals(
      PreScoreState s,
      List<SpreadConstraint> constraints,
      PodMatcher[] matchers,
      boolean requireAllTopologies,
      List<NodeInfo> allNodes) {
    List<String> keys = requireAllTopologies ? SpreadConstraint.keysOf(constraints) : List.of();
    for (int i = 0; i < constraints.size(); i++) {
      SpreadConstraint c = constraints.get(i);
      if (c.isHostname() || matchers[i] == null) {
        continue;
      }
      DomainTotals t =
          totals.get(
              new DomainTotals.Key(keys, c.topologyKey(), matchers[i]),
              snapshot.get(),
              allNodes,
              IndexedNodeLister.replacesChangedNodes(snapshot.get())
                  && snapshot.get().list() == allNodes);
      s.domainCounts.get(i).replaceAll((value, zero) -> zero + t.total(value));
    }
  }

  /** Adds to each domain of {@code s} its matching pods over all nodes, node by node. */
  private static void addCounts(
      PreScoreState s,
      List<SpreadConstraint> constraints,
      PodMatcher[] matchers,
      boolean requireAllTopologies,
      List<NodeInfo> allNodes,
      Pod pod,
      RequiredNodeAffinity affinity) {
    int n = constraints.size();
    for (NodeInfo info : allNodes) {
      Node node = info.node();
      Map<String, String> labels = info.labels();
      if (node == null
          || (requireAllTopologies && !SpreadConstraint.hasAllKeys(labels, constraints))) {
        continue;
      }
      for (int i = 0; i < n; i++) {
        SpreadConstraint c = constraints.get(i);
        if (c.isHostname() || matchers[i] == null || !c.includes(pod, node, affinity)) {
          continue;
        }
        String value = labels.getOrDefault(c.topologyKey(), "");
        Map<String, Long> counts = s.domainCounts.get(i);
        Long current = counts.get(value);
        if (current != null) {
          counts.put(value, current + info.countMatching(matchers[i]));
        }
      }
    }
  }

  long score(CycleState state, PodInfo pod, NodeInfo nodeInfo) {
    PreScoreState s =
        state.find(KEY).orElseThrow(() -> new IllegalStateException(NOT_FOUND_MESSAGE));
    return score(s, pod, nodeInfo);
  }

  /** {@link #score} for each node of a slice, with the PreScore state read once. */
  void scoreRange(
      CycleState state, PodInfo pod, List<NodeInfo> nodes, int from, int to, long[] scores) {
    PreScoreState s =
        state.find(KEY).orElseThrow(() -> new IllegalStateException(NOT_FOUND_MESSAGE));
    for (int i = from; i < to; i++) {
      scores[i] = score(s, pod, nodes.get(i));
    }
  }

  /**
   * {@link #score} for each node of a slice; a slice of the snapshot's own nodes is scored by
   * position when PreScore left a {@link Positions} view that still holds.
   */
  void scoreRange(
      CycleState state,
      PodInfo pod,
      List<NodeInfo> nodes,
      int[] positions,
      NodeColumns columns,
      int from,
      int to,
      long[] scores) {
    PreScoreState s = state.readOrNull(KEY);
    if (s == null) {
      throw new IllegalStateException(NOT_FOUND_MESSAGE);
    }
    Positions view = s.positions;
    if (view == null || !view.holdFor(columns)) {
      for (int i = from; i < to; i++) {
        scores[i] = score(s, pod, nodes.get(i));
      }
      return;
    }
    for (int i = from; i < to; i++) {
      scores[i] = view.score(positions[i]);
    }
  }

  private static long score(PreScoreState s, PodInfo pod, NodeInfo nodeInfo) {
    String name = nodeInfo.name();
    if (s.ignoredNodes.contains(name)) {
      return 0;
    }
    long[] own = s.hostnameCounts.get(name);
    Map<String, String> labels = nodeInfo.labels();
    double score = 0;
    for (int i = 0, n = s.constraints.size(); i < n; i++) {
      SpreadConstraint c = s.constraints.get(i);
      String value = labels.get(c.topologyKey());
      if (value == null) {
        continue;
      }
      long count;
      if (c.isHostname()) {
        count = own != null ? own[i] : c.countMatching(nodeInfo.pods(), pod.namespace());
      } else {
        count = s.domainCounts.get(i).getOrDefault(value, 0L);
      }
      score += count * s.weights[i] + (c.maxSkew() - 1);
    }
    return Math.round(score);
  }

  Status normalizeScore(CycleState state, NodeScores scores) {
    Optional<PreScoreState> found = state.find(KEY);
    if (found.isEmpty()) {
      return Status.error(NOT_FOUND_MESSAGE);
    }
    Set<String> ignored = found.get().ignoredNodes;
    // Without ignored nodes, no node's name needs reading.
    boolean none = ignored.isEmpty();
    long min = Long.MAX_VALUE;
    long max = 0;
    for (int i = 0; i < scores.size(); i++) {
      if (!none && ignored.contains(scores.nodeName(i))) {
        continue;
      }
      min = Math.min(min, scores.score(i));
      max = Math.max(max, scores.score(i));
    }
    for (int i = 0; i < scores.size(); i++) {
      if (!none && ignored.contains(scores.nodeName(i))) {
        scores.setScore(i, 0);
      } else if (max == 0) {
        scores.setScore(i, ScorePlugin.MAX_NODE_SCORE);
      } else {
        scores.setScore(i, ScorePlugin.MAX_NODE_SCORE * (max + min - scores.score(i)) / max);
      }
    }
    return Status.success();
  }

  /**
   * What PreScore computed for one pod: its soft constraints, the feasible nodes ignored for lack
   * of a topology key, the matching pods per domain of each non-hostname constraint, each
   * constraint's weight, and the own matching pods of each scored node for hostname constraints.
   * Read-only once written.
   */
  static final class PreScoreState implements StateData {
    private final List<SpreadConstraint> constraints;
    private final Set<String> ignoredNodes = new HashSet<>();
    private final List<Map<String, Long>> domainCounts;
    private final double[] weights;
    private final Map<String, long[]> hostnameCounts = new HashMap<>();
    // Set by PreScore when Score may read by snapshot position; null otherwise.
    private Positions positions;

    private PreScoreState(List<SpreadConstraint> constraints) {
      this.constraints = constraints;
      this.domainCounts = new ArrayList<>(constraints.size());
      for (int i = 0; i < constraints.size(); i++) {
        domainCounts.add(new HashMap<>());
      }
      this.weights = new double[constraints.size()];
    }

    /** Whether Score may read the snapshot's own nodes by position (for tests). */
    boolean byPosition() {
      return positions != null;
    }

    /** The soft constraints, in order. */
    List<SpreadConstraint> constraints() {
      return constraints;
    }

    /** The feasible nodes that lack a required topology key. */
    Set<String> ignoredNodes() {
      return Collections.unmodifiableSet(ignoredNodes);
    }

    /** The matching pods per domain of non-hostname constraint {@code i}. */
    Map<String, Long> domainCounts(int i) {
      return Collections.unmodifiableMap(domainCounts.get(i));
    }

    /** The weight {@code ln(domains + 2)} of constraint {@code i}. */
    double weight(int i) {
      return weights[i];
    }
  }
}
