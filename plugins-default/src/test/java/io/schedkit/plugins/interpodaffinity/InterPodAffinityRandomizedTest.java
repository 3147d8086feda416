package io.schedkit.plugins.interpodaffinity;

import static io.schedkit.testing.SchedkitAssertions.assertThat;

import io.schedkit.framework.AffinityTerm;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.Status;
import io.schedkit.framework.WeightedAffinityTerm;
import io.schedkit.framework.fastpath.IndexedNodeLister;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Namespace;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinity;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.framework.model.PodAntiAffinity;
import io.schedkit.plugins.helper.FakeReplacingLister;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.NodeScoreList;
import io.schedkit.testing.Wrappers;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Compares the plugin's PreFilter and PreScore maps, Filter verdicts, AddPod and normalized scores
 * with a naive recount that follows upstream's algorithm over every running pod, on random small
 * clusters (seeded; the seed is in every assertion's description).
 */
final class InterPodAffinityRandomizedTest {
  private static final long BASE_SEED = 0x1A2B3C4DL;
  private static final int CLUSTERS = 300;
  private static final int PODS_PER_CLUSTER = 5;

  private static final List<Namespace> NAMESPACES =
      List.of(
          Namespace.of("ns-a", Map.of("team", "t1")),
          Namespace.of("ns-b", Map.of("team", "t1", "env", "prod")),
          Namespace.of("ns-c", Map.of("team", "t2")));
  private static final List<String> NAMESPACE_NAMES = List.of("ns-a", "ns-b", "ns-c", "ns-gone");
  private static final List<String> TOPOLOGY_KEYS = List.of("hostname", "zone", "region", "rack");

  @Test
  void preFilterAndPreScore_equalNaiveRecount() {
    for (int i = 0; i < CLUSTERS; i++) {
      long seed = BASE_SEED + i;
      Random r = new Random(seed);
      List<Node> nodes = randomNodes(r);
      List<Pod> pods = new ArrayList<>();
      int podCount = r.nextInt(30);
      for (int p = 0; p < podCount; p++) {
        pods.add(randomPod(r, "e" + p, nodes.get(r.nextInt(nodes.size())).name()));
      }
      InterPodAffinityArgs args = new InterPodAffinityArgs(r.nextInt(3) * 2, r.nextInt(4) == 0);
      FakeHandle h = InterPodAffinityFixtures.handle(nodes, pods, NAMESPACES);
      InterPodAffinity plugin = new InterPodAffinity(args, h);
      // Several pods per snapshot, so memoized counts are reused across cycles.
      for (int k = 0; k < PODS_PER_CLUSTER; k++) {
        Pod incoming = randomPod(r, "incoming" + k, "");
        String what = "seed " + seed + ", pod " + k;
        checkFiltering(plugin, h, incoming, what);
        checkScoring(plugin, h, args, incoming, what);
      }
      checkAddPod(r, nodes, pods, seed);
    }
  }

  // ---------------------------------------------------------------- filtering

  private static void checkFiltering(
      InterPodAffinity plugin, FakeHandle h, Pod incoming, String what) {
    checkFiltering(plugin, h, h.snapshot(), incoming, what);
  }

  /**
   * As above, with the plugin's PreFilter and Filter given {@code snapshot}'s nodes (the lister its
   * handle returns, so Filter reads the counts by position when it can).
   */
  private static void checkFiltering(
      InterPodAffinity plugin, FakeHandle h, NodeInfoLister snapshot, Pod incoming, String what) {
    Naive naive = Naive.preFilter(h, incoming);
    CycleState state = new CycleState();
    PodInfo info = PodInfo.of(incoming);
    PreFilterResult pre = plugin.preFilter(state, info, snapshot.list());
    if (naive.skip()) {
      assertThat(pre.status()).as(what).isSkip();
      return;
    }
    assertThat(pre.status()).as(what).isSuccess();
    Filtering.State s = Filtering.state(state);
    assertThat(s.existingAntiAffinityCounts.toMap()).as(what).isEqualTo(naive.existingAnti);
    assertThat(s.affinityCounts.toMap()).as(what).isEqualTo(naive.affinity);
    assertThat(s.antiAffinityCounts.toMap()).as(what).isEqualTo(naive.anti);
    if (snapshot != h.snapshot()) {
      assertThat(s.positions).as(what + ": Filter reads the counts by position").isNotNull();
    }
    for (NodeInfo n : snapshot.list()) {
      assertThat(plugin.filter(state, info, n))
          .as(what + ", node " + n.name())
          .isEqualTo(naive.filter(n.node()));
      // A copy is in no snapshot: Filter reads it by label, with the same verdict.
      assertThat(plugin.filter(state, info, n.copy()))
          .as(what + ", copy of node " + n.name())
          .isEqualTo(naive.filter(n.node()));
    }
    NodeColumns columns = IndexedNodeLister.columnsOf(snapshot);
    if (snapshot != h.snapshot() && columns != null) {
      assertThat(s.positions.holdFor(columns))
          .as(what + ": a block of the snapshot's nodes is read by position")
          .isTrue();
      checkFilterBlock(plugin, state, info, snapshot, columns, naive, what);
    }
  }

  /**
   * The snapshot's nodes as one block, backwards, with their positions and the snapshot's columns
   * (as the scheduler filters its snapshot), every other node already rejected: each open node gets
   * the naive verdict (null when it passes), the others keep theirs.
   */
  private static void checkFilterBlock(
      InterPodAffinity plugin,
      CycleState state,
      PodInfo info,
      NodeInfoLister snapshot,
      NodeColumns columns,
      Naive naive,
      String what) {
    List<NodeInfo> all = snapshot.list();
    int count = all.size();
    NodeInfo[] block = new NodeInfo[count];
    int[] positions = new int[count];
    Status[] verdicts = new Status[count];
    Status earlier = Status.unschedulable("rejected before");
    for (int k = 0; k < count; k++) {
      positions[k] = count - 1 - k;
      block[k] = all.get(positions[k]);
      verdicts[k] = k % 2 == 1 ? earlier : null;
    }
    plugin.filterBlock(state, info, block, positions, columns, count, verdicts);
    for (int k = 0; k < count; k++) {
      if (k % 2 == 1) {
        assertThat(verdicts[k]).as(what + ": a rejected node keeps its verdict").isSameAs(earlier);
        continue;
      }
      Status want = naive.filter(block[k].node());
      if (want.isSuccess()) {
        assertThat(verdicts[k]).as(what + ", block node " + block[k].name()).isNull();
      } else {
        assertThat(verdicts[k]).as(what + ", block node " + block[k].name()).isEqualTo(want);
      }
    }
  }

  /**
   * One plugin instance over a cluster that changes between cycles (pods added and removed; each
   * cycle sees a new snapshot): its PreFilter counts and PreScore scores, kept across cycles, equal
   * a naive recount every cycle.
   */
  @Test
  void preFilter_acrossChangingClusters_equalsNaiveRecount() {
    for (int i = 0; i < CLUSTERS / 3; i++) {
      long seed = BASE_SEED * 7 + i;
      Random r = new Random(seed);
      List<Node> nodes = randomNodes(r);
      List<Pod> pods = new ArrayList<>();
      for (int p = r.nextInt(20); p > 0; p--) {
        pods.add(randomPod(r, "e" + p, nodes.get(r.nextInt(nodes.size())).name()));
      }
      // The plugin's handle shows each round's cluster, as the scheduler's handle shows each
      // cycle's snapshot.
      AtomicReference<FakeHandle> current =
          new AtomicReference<>(InterPodAffinityFixtures.handle(nodes, pods, NAMESPACES));
      InterPodAffinity plugin =
          new InterPodAffinity(InterPodAffinityArgs.defaults(), delegatingTo(current));
      for (int round = 0; round < 6; round++) {
        FakeHandle h = InterPodAffinityFixtures.handle(nodes, pods, NAMESPACES);
        current.set(h);
        Pod incoming = randomPod(r, "incoming" + round, "");
        checkFiltering(plugin, h, incoming, "seed " + seed + ", round " + round);
        checkScoring(
            plugin,
            h,
            InterPodAffinityArgs.defaults(),
            incoming,
            "seed " + seed + ", round " + round);
        // Between rounds: add or remove a few pods; the next round's snapshot has new objects.
        for (int k = r.nextInt(4); k > 0; k--) {
          if (r.nextBoolean() && !pods.isEmpty()) {
            pods.remove(r.nextInt(pods.size()));
          } else {
            pods.add(
                randomPod(r, "r" + round + "-" + k, nodes.get(r.nextInt(nodes.size())).name()));
          }
        }
      }
    }
  }

  /**
   * One plugin instance over a snapshot that, as the scheduler's, replaces changed nodes in the
   * same list and reports their positions: the counts it keeps from cycle to cycle by re-reading
   * only those positions equal a naive recount every cycle, also across a rebuilt list.
   */
  @Test
  void countsOverASnapshotReplacingChangedNodes_equalNaiveRecount() {
    for (int i = 0; i < CLUSTERS / 3; i++) {
      long seed = BASE_SEED * 11 + i;
      Random r = new Random(seed);
      List<Node> nodes = randomNodes(r);
      List<Pod> pods = new ArrayList<>();
      for (int p = r.nextInt(20); p > 0; p--) {
        pods.add(randomPod(r, "e" + p, nodes.get(r.nextInt(nodes.size())).name()));
      }
      FakeReplacingLister lister = new FakeReplacingLister(nodes, pods).withColumns();
      AtomicReference<FakeHandle> current =
          new AtomicReference<>(InterPodAffinityFixtures.handle(nodes, pods, NAMESPACES));
      InterPodAffinity plugin =
          new InterPodAffinity(InterPodAffinityArgs.defaults(), withSnapshot(current, lister));
      for (int round = 0; round < 8; round++) {
        FakeHandle h = InterPodAffinityFixtures.handle(nodes, pods, NAMESPACES);
        current.set(h);
        String what = "seed " + seed + ", round " + round;
        for (int k = 0; k < 2; k++) {
          Pod incoming = randomPod(r, "incoming" + round + "-" + k, "");
          checkFiltering(plugin, h, lister, incoming, what);
          checkScoring(plugin, h, InterPodAffinityArgs.defaults(), incoming, what);
        }
        for (int k = r.nextInt(4); k > 0; k--) {
          if (r.nextBoolean() && !pods.isEmpty()) {
            pods.remove(r.nextInt(pods.size()));
          } else {
            pods.add(
                randomPod(r, "r" + round + "-" + k, nodes.get(r.nextInt(nodes.size())).name()));
          }
        }
        lister.update(pods);
        if (r.nextInt(5) == 0) {
          lister.rebuild();
        }
      }
    }
  }

  /** A handle whose snapshot is {@code lister} and which forwards the rest to {@code current}. */
  private static FrameworkHandle withSnapshot(
      AtomicReference<FakeHandle> current, FakeReplacingLister lister) {
    return (FrameworkHandle)
        Proxy.newProxyInstance(
            FrameworkHandle.class.getClassLoader(),
            new Class<?>[] {FrameworkHandle.class},
            (proxy, method, args) -> {
              if (method.getName().equals("snapshot")) {
                return lister;
              }
              try {
                return method.invoke(current.get(), args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  /** A handle that forwards every call to {@code current}'s handle of the moment. */
  private static FrameworkHandle delegatingTo(AtomicReference<FakeHandle> current) {
    return (FrameworkHandle)
        Proxy.newProxyInstance(
            FrameworkHandle.class.getClassLoader(),
            new Class<?>[] {FrameworkHandle.class},
            (proxy, method, args) -> {
              try {
                return method.invoke(current.get(), args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  /** AddPod of a pod onto a cluster without it gives the counts of the cluster with it. */
  private static void checkAddPod(Random r, List<Node> nodes, List<Pod> pods, long seed) {
    if (pods.isEmpty()) {
      return;
    }
    Pod added = pods.get(r.nextInt(pods.size()));
    List<Pod> without = new ArrayList<>(pods);
    without.remove(added);
    FakeHandle full = InterPodAffinityFixtures.handle(nodes, pods, NAMESPACES);
    FakeHandle partial = InterPodAffinityFixtures.handle(nodes, without, NAMESPACES);
    InterPodAffinity plugin = InterPodAffinityFixtures.plugin(partial);
    for (int k = 0; k < PODS_PER_CLUSTER; k++) {
      Pod incoming = randomPod(r, "incoming" + k, "");
      String what = "seed " + seed + ", addPod " + k;
      CycleState state = new CycleState();
      PodInfo info = PodInfo.of(incoming);
      if (!plugin.preFilter(state, info, partial.snapshot().list()).status().isSuccess()) {
        continue;
      }
      NodeInfo node = InterPodAffinityFixtures.nodeInfo(partial, added.nodeName()).copy();
      node.addPod(PodInfo.of(added));
      assertThat(plugin.addPod(state, info, PodInfo.of(added), node)).as(what).isSuccess();
      Naive naive = Naive.preFilter(full, incoming);
      Filtering.State s = Filtering.state(state);
      assertThat(s.existingAntiAffinityCounts.toMap()).as(what).isEqualTo(naive.existingAnti);
      assertThat(s.affinityCounts.toMap()).as(what).isEqualTo(naive.affinity);
      assertThat(s.antiAffinityCounts.toMap()).as(what).isEqualTo(naive.anti);
    }
  }

  // ---------------------------------------------------------------- scoring

  private static void checkScoring(
      InterPodAffinity plugin, FakeHandle h, InterPodAffinityArgs args, Pod incoming, String what) {
    Map<String, Map<String, Long>> naive = naiveTopologyScore(h, args, incoming);
    CycleState state = new CycleState();
    PodInfo info = PodInfo.of(incoming);
    List<NodeInfo> nodes = h.snapshot().list();
    Status pre = plugin.preScore(state, info, nodes);
    if (naive == null) {
      assertThat(pre).as(what).isSkip();
      return;
    }
    assertThat(pre).as(what).isSuccess();
    assertThat(Scoring.state(state).toMap()).as(what).isEqualTo(naive);

    long[] raw = new long[nodes.size()];
    for (int i = 0; i < raw.length; i++) {
      raw[i] = plugin.score(state, info, nodes.get(i));
      long expected = 0;
      for (Map.Entry<String, Map<String, Long>> e : naive.entrySet()) {
        String v = nodes.get(i).node().labels().get(e.getKey());
        if (v != null) {
          expected += e.getValue().getOrDefault(v, 0L);
        }
      }
      assertThat(raw[i]).as(what + ", node " + nodes.get(i).name()).isEqualTo(expected);
    }
    NodeScoreList scores = NodeScoreList.of(nodes, raw);
    assertThat(plugin.normalizeScore(state, info, scores)).as(what).isSuccess();
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (long v : raw) {
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    for (int i = 0; i < raw.length; i++) {
      long expected = max > min ? (long) (100.0 * ((double) (raw[i] - min) / (max - min))) : 0;
      assertThat(scores.score(i))
          .as(what + ", normalized " + nodes.get(i).name())
          .isEqualTo(expected)
          .isBetween(0L, 100L);
    }
  }

  /** Upstream's PreScore over every pod; null when it would return Skip. */
  private static Map<String, Map<String, Long>> naiveTopologyScore(
      FakeHandle h, InterPodAffinityArgs args, Pod incoming) {
    PodInfo info = PodInfo.of(incoming);
    boolean hasConstraints =
        !info.preferredAffinityTerms().isEmpty() || !info.preferredAntiAffinityTerms().isEmpty();
    if (args.ignorePreferredTermsOfExistingPods() && !hasConstraints) {
      return null;
    }
    List<WeightedAffinityTerm> affinity = resolveWeighted(info.preferredAffinityTerms());
    List<WeightedAffinityTerm> anti = resolveWeighted(info.preferredAntiAffinityTerms());
    Map<String, String> nsLabels = namespaceLabels(incoming.namespace());
    Map<String, Map<String, Long>> topo = new TreeMap<>();
    List<NodeInfo> nodes =
        hasConstraints ? h.snapshot().list() : h.snapshot().havePodsWithAffinity();
    for (NodeInfo n : nodes) {
      Node node = n.node();
      if (node.labels().isEmpty()) {
        continue;
      }
      for (PodInfo e : hasConstraints ? n.pods() : n.podsWithAffinity()) {
        for (WeightedAffinityTerm t : affinity) {
          process(topo, t.term(), t.weight(), e.pod(), Map.of(), node);
        }
        for (WeightedAffinityTerm t : anti) {
          process(topo, t.term(), -t.weight(), e.pod(), Map.of(), node);
        }
        if (args.hardPodAffinityWeight() > 0) {
          for (AffinityTerm t : e.requiredAffinityTerms()) {
            process(topo, t, args.hardPodAffinityWeight(), incoming, nsLabels, node);
          }
        }
        for (WeightedAffinityTerm t : e.preferredAffinityTerms()) {
          process(topo, t.term(), t.weight(), incoming, nsLabels, node);
        }
        for (WeightedAffinityTerm t : e.preferredAntiAffinityTerms()) {
          process(topo, t.term(), -t.weight(), incoming, nsLabels, node);
        }
      }
    }
    return topo.isEmpty() ? null : topo;
  }

  private static void process(
      Map<String, Map<String, Long>> topo,
      AffinityTerm term,
      long weight,
      Pod pod,
      Map<String, String> nsLabels,
      Node node) {
    String value = node.labels().get(term.topologyKey());
    if (term.matches(pod, nsLabels) && value != null) {
      topo.computeIfAbsent(term.topologyKey(), k -> new TreeMap<>())
          .merge(value, weight, Long::sum);
    }
  }

  // ---------------------------------------------------------------- the naive PreFilter

  /** Upstream's PreFilter counts, recomputed from every pod of every node, and its Filter. */
  private record Naive(
      PodInfo pod,
      List<AffinityTerm> affinityTerms,
      List<AffinityTerm> antiTerms,
      Map<String, Map<String, Long>> existingAnti,
      Map<String, Map<String, Long>> affinity,
      Map<String, Map<String, Long>> anti) {

    static Naive preFilter(FakeHandle h, Pod incoming) {
      PodInfo info = PodInfo.of(incoming);
      List<AffinityTerm> affinityTerms = resolve(info.requiredAffinityTerms());
      List<AffinityTerm> antiTerms = resolve(info.requiredAntiAffinityTerms());
      Map<String, String> nsLabels = namespaceLabels(incoming.namespace());
      Map<String, Map<String, Long>> existingAnti = new HashMap<>();
      Map<String, Map<String, Long>> affinity = new HashMap<>();
      Map<String, Map<String, Long>> anti = new HashMap<>();
      for (NodeInfo n : h.snapshot().list()) {
        Node node = n.node();
        for (PodInfo e : n.pods()) {
          for (AffinityTerm t : e.requiredAntiAffinityTerms()) {
            if (t.matches(incoming, nsLabels)) {
              update(existingAnti, node, t.topologyKey());
            }
          }
          if (matchesAll(affinityTerms, e.pod())) {
            for (AffinityTerm t : affinityTerms) {
              update(affinity, node, t.topologyKey());
            }
          }
          for (AffinityTerm t : antiTerms) {
            if (t.matches(e.pod(), Map.of())) {
              update(anti, node, t.topologyKey());
            }
          }
        }
      }
      return new Naive(
          info, affinityTerms, antiTerms, sorted(existingAnti), sorted(affinity), sorted(anti));
    }

    boolean skip() {
      return existingAnti.isEmpty() && affinityTerms.isEmpty() && antiTerms.isEmpty();
    }

    Status filter(Node node) {
      Map<String, String> labels = node.labels();
      boolean podsExist = true;
      boolean keysPresent = true;
      for (AffinityTerm t : affinityTerms) {
        String v = labels.get(t.topologyKey());
        if (v == null) {
          keysPresent = false;
          break;
        }
        if (count(affinity, t.topologyKey(), v) <= 0) {
          podsExist = false;
        }
      }
      if (!keysPresent
          || (!podsExist && !(affinity.isEmpty() && matchesAll(affinityTerms, pod.pod())))) {
        return InterPodAffinityFixtures.AFFINITY_NOT_MATCH;
      }
      for (AffinityTerm t : antiTerms) {
        String v = labels.get(t.topologyKey());
        if (v != null && count(anti, t.topologyKey(), v) > 0) {
          return InterPodAffinityFixtures.ANTI_AFFINITY_NOT_MATCH;
        }
      }
      for (Map.Entry<String, String> l : labels.entrySet()) {
        if (count(existingAnti, l.getKey(), l.getValue()) > 0) {
          return InterPodAffinityFixtures.EXISTING_ANTI_AFFINITY_NOT_MATCH;
        }
      }
      return Status.success();
    }

    private static long count(Map<String, Map<String, Long>> m, String key, String value) {
      return m.getOrDefault(key, Map.of()).getOrDefault(value, 0L);
    }

    private static void update(Map<String, Map<String, Long>> m, Node node, String key) {
      String value = node.labels().get(key);
      if (value != null) {
        m.computeIfAbsent(key, k -> new HashMap<>()).merge(value, 1L, Long::sum);
      }
    }

    private static Map<String, Map<String, Long>> sorted(Map<String, Map<String, Long>> m) {
      Map<String, Map<String, Long>> out = new TreeMap<>();
      m.forEach((k, v) -> out.put(k, new TreeMap<>(v)));
      return out;
    }
  }

  private static boolean matchesAll(List<AffinityTerm> terms, Pod pod) {
    if (terms.isEmpty()) {
      return false;
    }
    for (AffinityTerm t : terms) {
      if (!t.matches(pod, Map.of())) {
        return false;
      }
    }
    return true;
  }

  /** Upstream's {@code mergeAffinityTermNamespacesIfNotEmpty}, written out independently. */
  private static AffinityTerm resolve(AffinityTerm t) {
    if (t.namespaceSelector() == null || t.namespaceSelector().isEmpty()) {
      return t;
    }
    Set<String> names = new HashSet<>(t.namespaces());
    for (Namespace ns : NAMESPACES) {
      if (t.namespaceSelector().matches(ns.labels())) {
        names.add(ns.name());
      }
    }
    return new AffinityTerm(names, null, t.selector(), t.topologyKey());
  }

  private static List<AffinityTerm> resolve(List<AffinityTerm> terms) {
    List<AffinityTerm> out = new ArrayList<>();
    terms.forEach(t -> out.add(resolve(t)));
    return out;
  }

  private static List<WeightedAffinityTerm> resolveWeighted(List<WeightedAffinityTerm> terms) {
    List<WeightedAffinityTerm> out = new ArrayList<>();
    terms.forEach(t -> out.add(new WeightedAffinityTerm(resolve(t.term()), t.weight())));
    return out;
  }

  private static Map<String, String> namespaceLabels(String name) {
    for (Namespace ns : NAMESPACES) {
      if (ns.name().equals(name)) {
        return ns.labels();
      }
    }
    return Map.of();
  }

  // ---------------------------------------------------------------- random clusters

  private static List<Node> randomNodes(Random r) {
    int count = 1 + r.nextInt(8);
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String name = "node" + i;
      Map<String, String> labels = new LinkedHashMap<>();
      if (r.nextInt(10) > 0) {
        labels.put("hostname", name);
      }
      if (r.nextInt(5) > 0) {
        labels.put("zone", "z" + r.nextInt(3));
      }
      if (r.nextInt(5) > 1) {
        labels.put("region", "r" + r.nextInt(2));
      }
      nodes.add(Wrappers.makeNode().name(name).labels(labels).obj());
    }
    return nodes;
  }

  private static Pod randomPod(Random r, String name, String nodeName) {
    Map<String, String> labels = new LinkedHashMap<>();
    if (r.nextInt(4) > 0) {
      labels.put("app", "a" + r.nextInt(3));
    }
    if (r.nextBoolean()) {
      labels.put("tier", r.nextBoolean() ? "x" : "y");
    }
    PodAffinity.Builder affinity = PodAffinity.builder();
    PodAntiAffinity.Builder anti = PodAntiAffinity.builder();
    int kinds = r.nextInt(3) == 0 ? 0 : 1 + r.nextInt(3);
    for (int i = 0; i < kinds; i++) {
      switch (r.nextInt(4)) {
        case 0 -> affinity.required(randomTerm(r));
        case 1 -> anti.required(randomTerm(r));
        case 2 -> affinity.preferred(1 + r.nextInt(100), randomTerm(r));
        default -> anti.preferred(1 + r.nextInt(100), randomTerm(r));
      }
    }
    var pod =
        Wrappers.makePod()
            .name(name)
            .namespace(NAMESPACE_NAMES.get(r.nextInt(NAMESPACE_NAMES.size())))
            .labels(labels)
            .node(nodeName);
    if (kinds > 0) {
      pod =
          pod.affinity(
              Affinity.builder()
                  .podAffinity(affinity.build())
                  .podAntiAffinity(anti.build())
                  .build());
    }
    return pod.obj();
  }

  private static PodAffinityTerm randomTerm(Random r) {
    LabelSelector selector =
        switch (r.nextInt(5)) {
          case 0 -> Wrappers.makeLabelSelector().in("app", "a" + r.nextInt(3)).obj();
          case 1 -> Wrappers.makeLabelSelector().in("app", "a0", "a1").obj();
          case 2 -> Wrappers.makeLabelSelector().exists("tier").obj();
          case 3 -> Wrappers.makeLabelSelector().notIn("app", "a" + r.nextInt(3)).obj();
          default -> r.nextBoolean() ? LabelSelector.everything() : null;
        };
    PodAffinityTerm.Builder b =
        PodAffinityTerm.builder()
            .labelSelector(selector)
            .topologyKey(TOPOLOGY_KEYS.get(r.nextInt(TOPOLOGY_KEYS.size())));
    switch (r.nextInt(5)) {
      case 0 -> b.namespaces(List.of(NAMESPACE_NAMES.get(r.nextInt(NAMESPACE_NAMES.size()))));
      case 1 -> b.namespaceSelector(Wrappers.makeLabelSelector().in("team", "t1").obj());
      case 2 -> b.namespaceSelector(LabelSelector.everything());
      case 3 ->
          b.namespaces(List.of("ns-c"))
              .namespaceSelector(Wrappers.makeLabelSelector().exists("env").obj());
      default -> {
        // The owner's namespace.
      }
    }
    return b.build();
  }

  @Test
  void naiveRecount_isNotTrivial() {
    // Guards the randomized test: the random clusters exercise every count and every verdict.
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < CLUSTERS; i++) {
      Random r = new Random(BASE_SEED + i);
      List<Node> nodes = randomNodes(r);
      List<Pod> pods = new ArrayList<>();
      int podCount = r.nextInt(30);
      for (int p = 0; p < podCount; p++) {
        pods.add(randomPod(r, "e" + p, nodes.get(r.nextInt(nodes.size())).name()));
      }
      FakeHandle h = InterPodAffinityFixtures.handle(nodes, pods, NAMESPACES);
      Pod incoming = randomPod(r, "incoming", "");
      Naive naive = Naive.preFilter(h, incoming);
      if (naiveTopologyScore(h, InterPodAffinityArgs.defaults(), incoming) != null) {
        seen.add("score");
      }
      if (!naive.existingAnti().isEmpty()) {
        seen.add("existingAnti");
      }
      if (!naive.affinity().isEmpty()) {
        seen.add("affinity");
      }
      if (!naive.anti().isEmpty()) {
        seen.add("anti");
      }
      for (Node n : nodes) {
        seen.add(naive.skip() ? "skip" : naive.filter(n).toString());
      }
    }
    assertThat(seen)
        .contains(
            "existingAnti",
            "affinity",
            "score",
            "anti",
            "skip",
            "Success",
            InterPodAffinityFixtures.AFFINITY_NOT_MATCH.toString(),
            InterPodAffinityFixtures.ANTI_AFFINITY_NOT_MATCH.toString(),
            InterPodAffinityFixtures.EXISTING_ANTI_AFFINITY_NOT_MATCH.toString());
  }
}
