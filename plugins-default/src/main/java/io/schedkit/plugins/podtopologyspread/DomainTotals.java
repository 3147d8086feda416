package io.schedkit.plugins.podtopologyspread;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.PodMatcher;
import io.schedkit.plugins.helper.NodeListChanges;
import io.schedkit.plugins.helper.PerNodeCaches;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The matching-pod count of every topology domain of one key, kept from cycle to cycle: for each
 * position of the snapshot's node list, the domain of the node there and its number of matching
 * pods, and per domain their sums.
 *
 * <p>A node is counted when it has the required topology keys and, if the key names a {@link
 * NodeInclusion}, is included by it (the pod's node affinity or tolerations, kept as a value so the
 * pods asking the same question share the totals). Then the counts of PreFilter and PreScore depend
 * only on the nodes, so each cycle re-reads only the positions whose NodeInfo changed since the
 * last cycle (the snapshot replaces a node's NodeInfo when its pods change; the generation check
 * also catches listers that mutate in place) instead of every node's labels and pods.
 *
 * <p>Values keep their numbers until the values seen outgrow the nodes by far (hostnames, as nodes
 * come and go with new names): then every node is re-read and the current values numbered afresh,
 * so a long-running scheduler's totals stay the size of its cluster. Views by position notice
 * through {@link #version()}.
 *
 * <p>Design note (threads): used at PreFilter and PreScore, the sequential points of a cycle, by
 * one plugin instance; {@link Cache} is not thread-safe beyond that (calls are serialised by a lock
 * in case a framework runs cycles of two pods at once).
 */
final class DomainTotals {
  /**
   * What the totals are of.
   *
   * @param requiredKeys the topology keys a node must all have to be counted (a node without {@code
   *     topologyKey} itself, when that is allowed, is in domain {@code ""})
   * @param topologyKey the key whose values are the domains
   * @param matcher the matching-pod question, or null to count nodes only (counts stay 0)
   * @param inclusion what else a node needs to be counted, or null for nothing
   */
  record Key(
      List<String> requiredKeys, String topologyKey, PodMatcher matcher, NodeInclusion inclusion) {
    /** The totals of nodes counted for their keys alone. */
    Key(List<String> requiredKeys, String topologyKey, PodMatcher matcher) {
      this(requiredKeys, topologyKey, matcher, null);
    }
  }

  /** {@link #valueAt} of a position whose node lacks the topology key. */
  static final int MISSING = -1;

  /** {@link #valueAt} of a position whose NodeInfo has no node. */
  static final int NO_NODE = -2;

  private final Key key;
  private NodeInfo[] infos = new NodeInfo[0];
  private long[] generations = new long[0];
  private int[] valueAt = new int[0];
  private int[] domainAt = new int[0];
  private int[] countAt = new int[0];
  private boolean[] keyedAt = new boolean[0];
  private final Map<String, Integer> domainIds = new HashMap<>();
  private final List<String> domainNames = new ArrayList<>();
  private int[] totals = new int[4];
  private int[] nodesIn = new int[4];
  private final NodeListChanges changes = new NodeListChanges();
  private long version;

  private DomainTotals(Key key) {
    this.key = key;
  }

  /**
   * Brings the totals up to date with {@code nodes}; with {@code identityOnly} (the snapshot
   * replaces changed nodes) a position is re-read only when its NodeInfo is another object.
   */
  private void refresh(NodeInfoLister lister, List<NodeInfo> nodes, boolean identityOnly) {
    if (domainNames.size() > 2 * nodes.size() + 64) {
      // Values of nodes long gone (hostnames, as nodes come and go) outgrow the live ones by far:
      // forget everything, so that the re-read below numbers the current values afresh.
      forget();
    }
    changes.update(
        lister,
        nodes,
        identityOnly,
        infos.length == nodes.size(),
        p -> {
          NodeInfo info = nodes.get(p);
          if (info != infos[p]) {
            reread(p, info);
          }
        },
        () -> refresh(nodes, identityOnly));
  }

  private void refresh(List<NodeInfo> nodes, boolean identityOnly) {
    int n = nodes.size();
    if (infos.length != n) {
      forget();
      infos = new NodeInfo[n];
      generations = new long[n];
      valueAt = new int[n];
      domainAt = new int[n];
      countAt = new int[n];
      keyedAt = new boolean[n];
      Arrays.fill(domainAt, -1);
    }
    for (int p = 0; p < n; p++) {
      NodeInfo info = nodes.get(p);
      if (info != infos[p] || (!identityOnly && info.generation() != generations[p])) {
        reread(p, info);
      }
    }
  }

  /** Drops every position, number and total; the next refresh re-reads every node. */
  private void forget() {
    infos = new NodeInfo[0];
    generations = new long[0];
    valueAt = new int[0];
    domainAt = new int[0];
    countAt = new int[0];
    keyedAt = new boolean[0];
    domainIds.clear();
    domainNames.clear();
    totals = new int[4];
    nodesIn = new int[4];
    changes.reset();
  }

  private void reread(int p, NodeInfo info) {
    int old = domainAt[p];
    if (old >= 0) {
      totals[old] -= countAt[p];
      nodesIn[old]--;
    }
    NodeInfo was = infos[p];
    infos[p] = info;
    generations[p] = info.generation();
    int value = NO_NODE;
    int domain = -1;
    int count = 0;
    boolean keyed = false;
    if (info.node() != null && was != null && was != info && was.node() == info.node()) {
      // Another state of the same node object: its labels, and so its domain, are the same, and
      // only the pods that came or went need a look.
      value = valueAt[p];
      keyed = keyedAt[p];
      domain = old;
      if (domain >= 0) {
        count = key.matcher() == null ? 0 : info.countMatching(key.matcher(), was);
        totals[domain] += count;
        nodesIn[domain]++;
      }
    } else if (info.node() != null) {
      Map<String, String> labels = info.labels();
      String v = labels.get(key.topologyKey());
      value = v == null ? MISSING : domainId(v);
      keyed = hasAll(labels, key.requiredKeys());
      if (keyed && (key.inclusion() == null || key.inclusion().includes(info.node()))) {
        domain = v == null ? domainId("") : value;
        count = key.matcher() == null ? 0 : info.countMatching(key.matcher());
        totals[domain] += count;
        nodesIn[domain]++;
      }
    }
    valueAt[p] = value;
    domainAt[p] = domain;
    countAt[p] = count;
    keyedAt[p] = keyed;
  }

  private static boolean hasAll(Map<String, String> labels, List<String> keys) {
    for (int i = 0, n = keys.size(); i < n; i++) {
      if (!labels.containsKey(keys.get(i))) {
        return false;
      }
    }
    return true;
  }

  private int domainId(String value) {
    Integer id = domainIds.get(value);
    if (id != null) {
      return id;
    }
    int next = domainNames.size();
    domainIds.put(value, next);
    domainNames.add(value);
    if (next == totals.length) {
      totals = Arrays.copyOf(totals, next * 2);
      nodesIn = Arrays.copyOf(nodesIn, next * 2);
    }
    return next;
  }

  /** Adds, for every domain with a counted node, its matching-pod total to {@code counts}. */
  void addTo(Map<String, Integer> counts) {
    for (int d = 0; d < domainNames.size(); d++) {
      if (nodesIn[d] > 0) {
        counts.merge(domainNames.get(d), totals[d], Integer::sum);
      }
    }
  }

  /** The matching-pod total of domain {@code value} over counted nodes (0 when none). */
  int total(String value) {
    Integer d = domainIds.get(value);
    return d == null ? 0 : totalOf(d);
  }

  /**
   * The matching-pod total of the domain numbered {@code id} (by {@link #valueAt} or {@link
   * #domainAt}) over counted nodes, 0 when no counted node is in it.
   */
  int totalOf(int id) {
    return nodesIn[id] == 0 ? 0 : totals[id];
  }

  /**
   * The matching pods on the node at position {@code p} itself, when it is counted ({@link
   * #domainAt} non-negative); 0 otherwise.
   */
  int countAt(int p) {
    return countAt[p];
  }

  /**
   * Whether the node at position {@code p} has every required key (whether or not the {@link
   * Key#inclusion} counts it); false when the NodeInfo has no node.
   */
  boolean keyedAt(int p) {
    return keyedAt[p];
  }

  /**
   * The number of the value {@code ""}, the domain of a node without the topology key when that is
   * allowed; numbered on first use.
   */
  int emptyValue() {
    return domainId("");
  }

  /** How many values are numbered: every number is below it. */
  int domainCount() {
    return domainNames.size();
  }

  /** The value numbered {@code id}. */
  String valueOf(int id) {
    return domainNames.get(id);
  }

  /**
   * The number of the topology key's value on the node at position {@code p} of the list last
   * refreshed, counted or not; {@link #MISSING} when the node lacks the key, {@link #NO_NODE} when
   * the NodeInfo has no node.
   */
  int valueAt(int p) {
    return valueAt[p];
  }

  /**
   * The domain the node at position {@code p} is counted in (its value, or {@code ""}'s number when
   * it lacks the topology key and that is allowed), or -1 when it is not counted (a required key
   * missing, or not included).
   */
  int domainAt(int p) {
    return domainAt[p];
  }

  /**
   * How many times these totals were brought up to date: what {@link #valueAt}, {@link #domainAt}
   * and {@link #totalOf} answer holds for the list of the refresh that returned this number, until
   * the next.
   */
  long version() {
    return version;
  }

  /**
   * The totals of the most recently used keys, refreshed on each use: as many as {@link
   * PerNodeCaches} allows for the cluster's size (hundreds for 5,000 nodes).
   */
  static final class Cache {
    // What an entry holds per node: its NodeInfo reference, generation, value, domain, count and
    // keyed flag.
    private static final int BYTES_PER_NODE = 4 + 8 + 4 + 4 + 4 + 1;

    private final LinkedHashMap<Key, DomainTotals> entries = new LinkedHashMap<>(64, 0.75f, true);

    /**
     * The totals of {@code key} over {@code nodes}, up to date; {@code identityOnly} when {@code
     * nodes} come from {@code lister} (may be null when unknown) and it replaces changed nodes.
     */
    synchronized DomainTotals get(
        Key key, NodeInfoLister lister, List<NodeInfo> nodes, boolean identityOnly) {
      DomainTotals t =
          PerNodeCaches.entry(entries, key, nodes.size(), BYTES_PER_NODE, DomainTotals::new);
      t.refresh(lister, nodes, identityOnly);
      t.version++;
      return t;
    }
  }
}
