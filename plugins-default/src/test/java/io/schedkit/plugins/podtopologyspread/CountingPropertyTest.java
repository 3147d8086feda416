package io.schedkit.plugins.podtopologyspread;

import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.DNS;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.HOSTNAME;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.SA;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.UNSCHEDULABLE_TAINT;
import static io.schedkit.plugins.podtopologyspread.PodTopologySpreadFixtures.UNSCHEDULABLE_TAINT_KEY;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeInclusionPolicy;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.UnsatisfiableConstraintAction;
import io.schedkit.framework.model.Workload;
import io.schedkit.plugins.helper.FakeReplacingLister;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.NodeScoreList;
import io.schedkit.testing.NodeWrapper;
import io.schedkit.testing.PodWrapper;
import io.schedkit.testing.Wrappers;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Property test over random small clusters (seeded; the seed is in the failure message): the
 * memoized counts of PreFilter and PreScore equal a naive recount over every pod, also after the
 * node infos change between cycles, and AddPod/RemovePod leave the same counts and exact minimum as
 * a PreFilter over the changed cluster.
 */
final class CountingPropertyTest {
  private static final int SEEDS = 300;
  private static final String[] KEYS = {"zone", HOSTNAME, "rack"};
  private static final String OWNER = "rs";
  private static final String REPLICA_SET = Workload.REPLICA_SET;

  @Test
  void preFilterCounts_equalNaiveRecount_acrossChangingNodes() {
    for (long seed = 0; seed < SEEDS; seed++) {
      try {
        checkPreFilter(new Random(seed));
      } catch (AssertionError e) {
        throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
      }
    }
  }

  @Test
  void preScoreScores_equalNaiveComputation() {
    for (long seed = 0; seed < SEEDS; seed++) {
      try {
        checkScores(new Random(seed));
      } catch (AssertionError e) {
        throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
      }
    }
  }

  @Test
  void addAndRemovePod_matchPreFilterOverChangedCluster() {
    for (long seed = 0; seed < SEEDS; seed++) {
      try {
        checkExtensions(new Random(seed));
      } catch (AssertionError e) {
        throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
      }
    }
  }

  @Test
  void countsAndScores_overASnapshotReplacingChangedNodes_equalNaiveRecount() {
    int[] byPosition = new int[5];
    for (long seed = 0; seed < SEEDS / 2; seed++) {
      try {
        checkAcrossReplacements(new Random(seed), byPosition);
      } catch (AssertionError e) {
        throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
      }
    }
    // The checks above compared the position paths with the definitions, not only the fallbacks.
    assertThat(byPosition[0]).as("Filter rounds by position").isGreaterThan(100);
    assertThat(byPosition[1]).as("Score rounds by position").isGreaterThan(100);
    assertThat(byPosition[2]).as("System-defaulted Score rounds by position").isGreaterThan(50);
    assertThat(byPosition[3])
        .as("Score rounds by position with node affinity or taints honoured")
        .isGreaterThan(50);
    assertThat(byPosition[4]).as("PreScore rounds handed positions").isGreaterThan(100);
  }

  // ---------------------------------------------------------------- checks

  private static void checkPreFilter(Random r) {
    List<Node> nodes = randomNodes(r);
    List<NodeInfo> infos = new ArrayList<>();
    for (Node n : nodes) {
      infos.add(NodeInfo.of(n));
    }
    for (int i = r.nextInt(25); i > 0; i--) {
      NodeInfo target = infos.get(r.nextInt(infos.size()));
      target.addPod(PodInfo.of(randomPod(r, "e" + i, target.name())));
    }
    PodTopologySpread plugin = plugin(List.of(), List.of());
    for (int round = 0; round < 4; round++) {
      Pod incoming = randomIncoming(r, DNS);
      CycleState state = new CycleState();
      var result = plugin.preFilter(state, PodInfo.of(incoming), infos);
      List<SpreadConstraint> constraints =
          SpreadConstraint.compile(
              incoming.spec().topologySpreadConstraints(), incoming.labels(), DNS);
      if (constraints.isEmpty()) {
        assertThat(result.status().isSkip()).isTrue();
        continue;
      }
      Filtering.PreFilterState s = Filtering.state(state).orElseThrow();
      for (int i = 0; i < constraints.size(); i++) {
        Map<String, Integer> want = naiveHardCounts(constraints, i, incoming, infos);
        assertThat(s.counts(i)).as("round %d constraint %d", round, i).isEqualTo(want);
        int wantMin = want.isEmpty() ? Integer.MAX_VALUE : Collections.min(want.values());
        assertThat(s.minimum(i)).isEqualTo(wantMin);
      }
      // Change the cluster under the memo: the next round must see the new pods.
      for (int k = r.nextInt(4); k > 0; k--) {
        NodeInfo target = infos.get(r.nextInt(infos.size()));
        if (r.nextBoolean() && !target.pods().isEmpty()) {
          target.removePod(target.pods().get(r.nextInt(target.pods().size())).pod());
        } else {
          target.addPod(PodInfo.of(randomPod(r, "r" + round + "-" + k, target.name())));
        }
      }
    }
  }

  /**
   * One plugin over a snapshot that replaces changed nodes in the same list and reports their
   * positions (as the scheduler's): PreFilter counts and PreScore scores, kept across cycles by
   * re-reading the reported positions only, equal a naive recount every round.
   */
  private static void checkAcrossReplacements(Random r, int[] byPosition) {
    List<Node> nodes = randomNodes(r);
    List<Pod> pods = new ArrayList<>();
    for (int i = r.nextInt(25); i > 0; i--) {
      pods.add(randomPod(r, "e" + i, nodes.get(r.nextInt(nodes.size())).name()));
    }
    FakeReplacingLister lister = new FakeReplacingLister(nodes, pods);
    if (r.nextInt(4) != 0) {
      lister.withColumns();
    }
    FakeHandle base =
        PodTopologySpreadFixtures.handle(
            nodes,
            pods,
            List.of(
                Workload.replicaSet(
                    ObjectMeta.builder().namespace("default").name(OWNER).build(),
                    randomOwnerSelector(r))));
    FrameworkHandle handle =
        (FrameworkHandle)
            Proxy.newProxyInstance(
                FrameworkHandle.class.getClassLoader(),
                new Class<?>[] {FrameworkHandle.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("snapshot")) {
                    return lister;
                  }
                  try {
                    return method.invoke(base, args);
                  } catch (InvocationTargetException e) {
                    throw e.getCause();
                  }
                });
    PodTopologySpread plugin = new PodTopologySpread(PodTopologySpreadArgs.defaults(), handle);
    for (int round = 0; round < 8; round++) {
      List<NodeInfo> all = lister.list();
      // A pod without constraints of its own, owned by the ReplicaSet: the System defaults apply.
      boolean defaulted = r.nextInt(3) == 0;
      Pod incoming =
          defaulted ? defaultedIncoming(r) : randomIncoming(r, r.nextBoolean() ? DNS : SA);
      PodInfo info = PodInfo.of(incoming);
      CycleState state = new CycleState();
      var result = plugin.preFilter(state, info, all);
      List<SpreadConstraint> hard =
          SpreadConstraint.compile(
              incoming.spec().topologySpreadConstraints(), incoming.labels(), DNS);
      if (!hard.isEmpty()) {
        assertThat(result.status().isSuccess()).as("round %d", round).isTrue();
        Filtering.PreFilterState s = Filtering.state(state).orElseThrow();
        for (int i = 0; i < hard.size(); i++) {
          assertThat(s.counts(i))
              .as("round %d constraint %d", round, i)
              .isEqualTo(naiveHardCounts(hard, i, incoming, all));
        }
        if (s.byPosition()) {
          byPosition[0]++;
        }
        checkFilterBlock(r, plugin, state, info, lister, round);
      }
      List<SpreadConstraint> soft =
          defaulted
              ? new ConstraintSource(
                      ConstraintSource.SYSTEM_DEFAULT_CONSTRAINTS, true, base.objects())
                  .constraints(incoming, SA)
              : SpreadConstraint.compile(
                  incoming.spec().topologySpreadConstraints(), incoming.labels(), SA);
      if (defaulted) {
        assertThat(soft).as("round %d: the defaults apply", round).hasSize(2);
      }
      boolean requireAll = !defaulted;
      CycleState scoreState = new CycleState();
      if (!soft.isEmpty() && plugin.preScore(scoreState, info, all).isSuccess()) {
        long[] raw = new long[all.size()];
        for (int i = 0; i < raw.length; i++) {
          raw[i] = plugin.score(scoreState, info, all.get(i));
        }
        NodeScoreList got = NodeScoreList.of(all, raw);
        plugin.normalizeScore(scoreState, info, got);
        assertThat(got.toList())
            .as("round %d scores", round)
            .isEqualTo(naiveScores(soft, requireAll, incoming, all, all).toList());
      }
      if (!soft.isEmpty()) {
        checkScoreRange(r, plugin, info, lister, soft, requireAll, round, byPosition);
      }
      for (int k = r.nextInt(4); k > 0; k--) {
        if (r.nextBoolean() && !pods.isEmpty()) {
          pods.remove(r.nextInt(pods.size()));
        } else {
          pods.add(randomPod(r, "r" + round + "-" + k, nodes.get(r.nextInt(nodes.size())).name()));
        }
      }
      lister.update(pods);
      if (r.nextInt(5) == 0) {
        lister.rebuild();
      }
    }
  }

  /**
   * Filter of a block of the lister's own nodes, with their positions and the lister's columns (as
   * the scheduler filters its snapshot), some nodes already rejected: each open node gets the
   * per-node verdict, the others keep theirs.
   */
  private static void checkFilterBlock(
      Random r,
      PodTopologySpread plugin,
      CycleState state,
      PodInfo info,
      FakeReplacingLister lister,
      int round) {
    List<NodeInfo> all = lister.list();
    int count = all.size();
    NodeInfo[] block = new NodeInfo[count];
    int[] positions = new int[count];
    Status[] verdicts = new Status[count];
    Status earlier = Status.unschedulable("rejected before");
    int start = r.nextInt(count);
    for (int k = 0; k < count; k++) {
      // The block's nodes in an order other than the list's.
      positions[k] = (start + k) % count;
      block[k] = all.get(positions[k]);
      if (r.nextInt(5) == 0) {
        verdicts[k] = earlier;
      }
    }
    Status[] before = verdicts.clone();
    plugin.filterBlock(state, info, block, positions, lister.columns(), count, verdicts);
    for (int k = 0; k < count; k++) {
      if (before[k] != null) {
        assertThat(verdicts[k])
            .as("round %d: a rejected node keeps its verdict", round)
            .isSameAs(earlier);
        continue;
      }
      Status want = plugin.filter(state, info, block[k]);
      if (want.isSuccess()) {
        assertThat(verdicts[k]).as("round %d node %s", round, block[k].name()).isNull();
      } else {
        assertThat(verdicts[k]).as("round %d node %s", round, block[k].name()).isEqualTo(want);
      }
    }
  }

  /**
   * PreScore over a random subset of the lister's nodes, then Score of slices with their positions
   * and the lister's columns: each raw score is the per-node score, and the normalized scores are
   * upstream's.
   */
  private static void checkScoreRange(
      Random r,
      PodTopologySpread plugin,
      PodInfo info,
      FakeReplacingLister lister,
      List<SpreadConstraint> soft,
      boolean requireAll,
      int round,
      int[] byPosition) {
    List<NodeInfo> all = lister.list();
    List<NodeInfo> feasible = new ArrayList<>();
    List<Integer> at = new ArrayList<>();
    for (int p = 0; p < all.size(); p++) {
      if (r.nextInt(3) != 0) {
        feasible.add(all.get(p));
        at.add(p);
      }
    }
    if (feasible.isEmpty()) {
      return;
    }
    int[] positions = at.stream().mapToInt(Integer::intValue).toArray();
    CycleState state = new CycleState();
    if (!plugin.preScore(state, info, feasible).isSuccess()) {
      return;
    }
    if (lister.columns() != null) {
      checkPreScoreWithPositions(plugin, info, feasible, positions, lister, state, round);
      byPosition[4]++;
    }
    if (Scoring.state(state).orElseThrow().byPosition()) {
      byPosition[requireAll ? 1 : 2]++;
      if (!SpreadConstraint.keysAloneDecide(soft, RequiredNodeAffinity.of(info.pod()))) {
        byPosition[3]++;
      }
    }
    int count = feasible.size();
    long[] raw = new long[count];
    for (int k = 0; k < count; k++) {
      raw[k] = plugin.score(state, info, feasible.get(k));
    }
    long[] ranged = new long[count];
    int split = r.nextInt(count + 1);
    plugin.scoreRange(state, info, feasible, positions, lister.columns(), 0, split, ranged);
    plugin.scoreRange(state, info, feasible, positions, lister.columns(), split, count, ranged);
    assertThat(ranged)
        .as("round %d: scoreRange by position equals score", round)
        .containsExactly(raw);
    NodeScoreList got = NodeScoreList.of(feasible, raw);
    plugin.normalizeScore(state, info, got);
    assertThat(got.toList())
        .as("round %d subset scores", round)
        .isEqualTo(naiveScores(soft, requireAll, info.pod(), all, feasible).toList());
  }

  /**
   * PreScore handed the feasible nodes' positions (as the framework hands them) writes a state that
   * scores and normalizes as the one PreScore found the positions for itself.
   */
  private static void checkPreScoreWithPositions(
      PodTopologySpread plugin,
      PodInfo info,
      List<NodeInfo> feasible,
      int[] positions,
      FakeReplacingLister lister,
      CycleState withoutPositions,
      int round) {
    CycleState state = new CycleState();
    assertThat(plugin.preScore(state, info, feasible, positions, lister.columns()).isSuccess())
        .as("round %d: PreScore with positions", round)
        .isTrue();
    assertThat(Scoring.state(state).orElseThrow().byPosition())
        .as("round %d: by position", round)
        .isEqualTo(Scoring.state(withoutPositions).orElseThrow().byPosition());
    long[] given = new long[feasible.size()];
    long[] found = new long[feasible.size()];
    for (int k = 0; k < given.length; k++) {
      given[k] = plugin.score(state, info, feasible.get(k));
      found[k] = plugin.score(withoutPositions, info, feasible.get(k));
    }
    assertThat(given).as("round %d: raw scores with positions", round).containsExactly(found);
    NodeScoreList a = NodeScoreList.of(feasible, given);
    NodeScoreList b = NodeScoreList.of(feasible, found);
    plugin.normalizeScore(state, info, a);
    plugin.normalizeScore(withoutPositions, info, b);
    assertThat(a.toList()).as("round %d: normalized with positions", round).isEqualTo(b.toList());
  }

  private static void checkScores(Random r) {
    List<Node> nodes = randomNodes(r);
    List<Pod> pods = new ArrayList<>();
    for (int i = r.nextInt(25); i > 0; i--) {
      pods.add(randomPod(r, "e" + i, nodes.get(r.nextInt(nodes.size())).name()));
    }
    FakeHandle handle = PodTopologySpreadFixtures.handle(nodes, pods, List.of());
    PodTopologySpread plugin = new PodTopologySpread(PodTopologySpreadArgs.defaults(), handle);
    for (int round = 0; round < 3; round++) {
      Pod incoming = randomIncoming(r, SA);
      List<NodeInfo> filtered = new ArrayList<>();
      for (NodeInfo n : handle.snapshot().list()) {
        if (r.nextInt(4) != 0) {
          filtered.add(n);
        }
      }
      if (filtered.isEmpty()) {
        continue;
      }
      CycleState state = new CycleState();
      PodInfo info = PodInfo.of(incoming);
      var status = plugin.preScore(state, info, filtered);
      List<SpreadConstraint> constraints =
          SpreadConstraint.compile(
              incoming.spec().topologySpreadConstraints(), incoming.labels(), SA);
      if (constraints.isEmpty()) {
        assertThat(status.isSkip()).isTrue();
        continue;
      }
      long[] raw = new long[filtered.size()];
      for (int i = 0; i < raw.length; i++) {
        raw[i] = plugin.score(state, info, filtered.get(i));
      }
      long[] ranged = new long[raw.length];
      int split = r.nextInt(raw.length + 1);
      plugin.scoreRange(state, info, filtered, 0, split, ranged);
      plugin.scoreRange(state, info, filtered, split, raw.length, ranged);
      assertThat(ranged).as("round %d: scoreRange equals score", round).containsExactly(raw);
      NodeScoreList got = NodeScoreList.of(filtered, raw);
      plugin.normalizeScore(state, info, got);
      assertThat(got.toList())
          .as("round %d", round)
          .isEqualTo(
              naiveScores(constraints, true, incoming, handle.snapshot().list(), filtered)
                  .toList());
    }
  }

  private static void checkExtensions(Random r) {
    List<Node> nodes = randomNodes(r);
    List<Pod> pods = new ArrayList<>();
    for (int i = r.nextInt(20); i > 0; i--) {
      pods.add(randomPod(r, "e" + i, nodes.get(r.nextInt(nodes.size())).name(), false));
    }
    Pod incoming = randomIncoming(r, DNS);
    List<SpreadConstraint> constraints =
        SpreadConstraint.compile(
            incoming.spec().topologySpreadConstraints(), incoming.labels(), DNS);
    for (SpreadConstraint c : constraints) {
      if (c.selector() != null && c.selector().isEmpty()) {
        // Upstream's AddPod counts pods an empty selector matches while PreFilter counts none.
        return;
      }
    }
    FakeHandle before = PodTopologySpreadFixtures.handle(nodes, pods, List.of());
    PodTopologySpread plugin = new PodTopologySpread(PodTopologySpreadFixtures.listArgs(), before);
    CycleState state = new CycleState();
    if (plugin.preFilter(state, PodInfo.of(incoming), before.snapshot().list()).status().isSkip()) {
      return;
    }
    List<Pod> after = new ArrayList<>(pods);
    for (int k = 1 + r.nextInt(5); k > 0; k--) {
      if (r.nextBoolean() && !after.isEmpty()) {
        Pod victim = after.remove(r.nextInt(after.size()));
        plugin.removePod(
            state,
            PodInfo.of(incoming),
            PodInfo.of(victim),
            PodTopologySpreadFixtures.nodeInfo(before, victim.nodeName()));
      } else {
        Node target = nodes.get(r.nextInt(nodes.size()));
        Pod added = randomPod(r, "n" + k, target.name(), false);
        after.add(added);
        plugin.addPod(
            state,
            PodInfo.of(incoming),
            PodInfo.of(added),
            PodTopologySpreadFixtures.nodeInfo(before, target.name()));
      }
    }
    FakeHandle changed = PodTopologySpreadFixtures.handle(nodes, after, List.of());
    CycleState fresh = new CycleState();
    plugin.preFilter(fresh, PodInfo.of(incoming), changed.snapshot().list());
    Filtering.PreFilterState want = Filtering.state(fresh).orElseThrow();
    Filtering.PreFilterState got = Filtering.state(state).orElseThrow();
    for (int i = 0; i < constraints.size(); i++) {
      assertThat(got.counts(i)).as("constraint %d", i).isEqualTo(want.counts(i));
      assertThat(got.minimum(i)).as("minimum %d", i).isEqualTo(want.minimum(i));
    }
  }

  // ---------------------------------------------------------------- naive reference

  private static Map<String, Integer> naiveHardCounts(
      List<SpreadConstraint> constraints, int i, Pod pod, List<NodeInfo> nodes) {
    SpreadConstraint c = constraints.get(i);
    RequiredNodeAffinity affinity = RequiredNodeAffinity.of(pod);
    Map<String, Integer> counts = new HashMap<>();
    for (NodeInfo info : nodes) {
      Node node = info.node();
      if (!SpreadConstraint.hasAllKeys(node.labels(), constraints)
          || !c.includes(pod, node, affinity)) {
        continue;
      }
      counts.merge(node.labels().get(c.topologyKey()), naiveCount(c, pod, info), Integer::sum);
    }
    return counts;
  }

  private static int naiveCount(SpreadConstraint c, Pod pod, NodeInfo info) {
    if (c.selector() == null || c.selector().isEmpty()) {
      return 0;
    }
    int count = 0;
    for (PodInfo p : info.pods()) {
      Pod e = p.pod();
      if (!e.isTerminating()
          && e.namespace().equals(pod.namespace())
          && c.selector().matches(e.labels())) {
        count++;
      }
    }
    return count;
  }

  /**
   * Upstream's scoring written out directly, every count recomputed from every pod; {@code
   * requireAll} is false for System-defaulted constraints (no node is ignored for a missing key).
   */
  private static NodeScoreList naiveScores(
      List<SpreadConstraint> constraints,
      boolean requireAll,
      Pod pod,
      List<NodeInfo> all,
      List<NodeInfo> filtered) {
    Set<String> ignored = new HashSet<>();
    List<Map<String, Long>> domains = new ArrayList<>();
    for (int i = 0; i < constraints.size(); i++) {
      domains.add(new HashMap<>());
    }
    for (NodeInfo n : filtered) {
      if (requireAll && !SpreadConstraint.hasAllKeys(n.node().labels(), constraints)) {
        ignored.add(n.name());
        continue;
      }
      for (int i = 0; i < constraints.size(); i++) {
        if (!constraints.get(i).isHostname()) {
          domains
              .get(i)
              .put(n.node().labels().getOrDefault(constraints.get(i).topologyKey(), ""), 0L);
        }
      }
    }
    RequiredNodeAffinity affinity = RequiredNodeAffinity.of(pod);
    for (NodeInfo n : all) {
      if (requireAll && !SpreadConstraint.hasAllKeys(n.node().labels(), constraints)) {
        continue;
      }
      for (int i = 0; i < constraints.size(); i++) {
        SpreadConstraint c = constraints.get(i);
        String v = n.node().labels().getOrDefault(c.topologyKey(), "");
        if (c.isHostname()
            || !c.includes(pod, n.node(), affinity)
            || !domains.get(i).containsKey(v)) {
          continue;
        }
        domains.get(i).merge(v, (long) naiveCount(c, pod, n), Long::sum);
      }
    }
    long[] raw = new long[filtered.size()];
    for (int k = 0; k < raw.length; k++) {
      NodeInfo n = filtered.get(k);
      if (ignored.contains(n.name())) {
        continue;
      }
      double score = 0;
      for (int i = 0; i < constraints.size(); i++) {
        SpreadConstraint c = constraints.get(i);
        String v = n.node().labels().get(c.topologyKey());
        if (v == null) {
          continue;
        }
        int size = c.isHostname() ? filtered.size() - ignored.size() : domains.get(i).size();
        long count = c.isHostname() ? naiveCount(c, pod, n) : domains.get(i).get(v);
        score += count * Math.log(size + 2) + (c.maxSkew() - 1);
      }
      raw[k] = Math.round(score);
    }
    long min = Long.MAX_VALUE;
    long max = 0;
    for (int k = 0; k < raw.length; k++) {
      if (!ignored.contains(filtered.get(k).name())) {
        min = Math.min(min, raw[k]);
        max = Math.max(max, raw[k]);
      }
    }
    long[] normalized = new long[raw.length];
    for (int k = 0; k < raw.length; k++) {
      if (ignored.contains(filtered.get(k).name())) {
        normalized[k] = 0;
      } else {
        normalized[k] = max == 0 ? 100 : 100 * (max + min - raw[k]) / max;
      }
    }
    return NodeScoreList.of(filtered, normalized);
  }

  // ---------------------------------------------------------------- random cluster

  private static PodTopologySpread plugin(List<Node> nodes, List<Pod> pods) {
    return new PodTopologySpread(
        PodTopologySpreadFixtures.listArgs(),
        PodTopologySpreadFixtures.handle(nodes, pods, List.of()));
  }

  private static List<Node> randomNodes(Random r) {
    int count = 1 + r.nextInt(8);
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String name = "n" + i;
      NodeWrapper w = Wrappers.makeNode().name(name);
      if (r.nextInt(10) != 0) {
        w.label(HOSTNAME, name);
      }
      if (r.nextInt(6) != 0) {
        w.label("zone", "z" + r.nextInt(3));
      }
      if (r.nextInt(3) != 0) {
        w.label("rack", "r" + r.nextInt(2));
      }
      if (r.nextBoolean()) {
        w.label("disk", "ssd");
      }
      if (r.nextInt(5) == 0) {
        w.taints(UNSCHEDULABLE_TAINT);
      }
      nodes.add(w.obj());
    }
    return nodes;
  }

  private static Pod randomPod(Random r, String name, String node) {
    return randomPod(r, name, node, true);
  }

  private static Pod randomPod(Random r, String name, String node, boolean mayTerminate) {
    PodWrapper p = Wrappers.makePod().name(name).node(node);
    if (r.nextInt(5) == 0) {
      p.namespace("other");
    }
    if (r.nextInt(4) != 0) {
      p.label("app", r.nextBoolean() ? "a" : "b");
    }
    if (r.nextBoolean()) {
      p.label("tier", r.nextBoolean() ? "x" : "y");
    }
    if (mayTerminate && r.nextInt(8) == 0) {
      p.terminating();
    }
    return p.obj();
  }

  private static Pod randomIncoming(Random r, UnsatisfiableConstraintAction action) {
    PodWrapper p = Wrappers.makePod().name("incoming").label("app", "a");
    if (r.nextBoolean()) {
      p.label("tier", "x");
    }
    if (r.nextInt(4) == 0) {
      p.nodeSelector("disk", "ssd");
    }
    if (r.nextInt(4) == 0) {
      p.toleration(UNSCHEDULABLE_TAINT_KEY);
    }
    int n = 1 + r.nextInt(2);
    for (int i = 0; i < n; i++) {
      p.spreadConstraint(
          1 + r.nextInt(2),
          KEYS[r.nextInt(KEYS.length)],
          r.nextInt(5) == 0 ? (action == DNS ? SA : DNS) : action,
          randomSelector(r),
          r.nextInt(4) == 0 ? 1 + r.nextInt(4) : null,
          r.nextBoolean() ? null : randomPolicy(r),
          r.nextBoolean() ? null : randomPolicy(r),
          r.nextInt(4) == 0 ? List.of("tier") : List.of());
    }
    return p.obj();
  }

  /** An incoming pod without constraints, controlled by the ReplicaSet {@link #OWNER}. */
  private static Pod defaultedIncoming(Random r) {
    PodWrapper p =
        Wrappers.makePod().name("incoming").label("app", "a").ownerReference(REPLICA_SET, OWNER);
    if (r.nextBoolean()) {
      p.label("tier", "x");
    }
    if (r.nextInt(6) == 0) {
      p.nodeSelector("disk", "ssd");
    }
    return p.obj();
  }

  /** The selector of the ReplicaSet {@link #OWNER}; it selects the defaulted incoming pods. */
  private static LabelSelector randomOwnerSelector(Random r) {
    switch (r.nextInt(3)) {
      case 0:
        return Wrappers.makeLabelSelector().label("app", "a").obj();
      case 1:
        return Wrappers.makeLabelSelector().in("app", "a", "b").obj();
      default:
        return Wrappers.makeLabelSelector().label("app", "a").notIn("tier", "y").obj();
    }
  }

  private static NodeInclusionPolicy randomPolicy(Random r) {
    return r.nextBoolean() ? NodeInclusionPolicy.HONOR : NodeInclusionPolicy.IGNORE;
  }

  private static LabelSelector randomSelector(Random r) {
    switch (r.nextInt(6)) {
      case 0:
        return null;
      case 1:
        return LabelSelector.everything();
      case 2:
        return Wrappers.makeLabelSelector().label("app", "a").obj();
      case 3:
        return Wrappers.makeLabelSelector().in("app", "a", "b").obj();
      case 4:
        return Wrappers.makeLabelSelector().exists("tier").obj();
      default:
        return Wrappers.makeLabelSelector().label("app", "a").notIn("tier", "y").obj();
    }
  }
}
