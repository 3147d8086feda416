package io.schedkit.plugins.interpodaffinity;

import io.schedkit.framework.AffinityTerm;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.PodMatcher;
import io.schedkit.framework.fastpath.IndexedNodeLister;
import io.schedkit.plugins.helper.NodeListChanges;
import io.schedkit.plugins.helper.PerNodeCaches;
import io.schedkit.plugins.helper.TopologyDomains;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Topology-pair totals kept from cycle to cycle, so that PreFilter does not walk every node: for
 * each position of the snapshot's node list, what the node there contributes, and the sums.
 *
 * <p>Each use re-reads only the positions whose NodeInfo changed since the previous use (another
 * object, or another generation, which also catches listers that mutate in place); the snapshot
 * replaces a node's NodeInfo when its pods change, so a cycle normally re-reads one node. Sums hold
 * positive counts only, keyed by topology value; they are handed to {@link TopologyCounts} as
 * read-only bases, and change only at the next use — that is, at the next PreFilter of the same
 * plugin, once the previous cycle is over.
 *
 * <p>Design note (threads): one instance per plugin, used at PreFilter (a sequential point); {@link
 * Cache} serialises uses with a lock in case two cycles run at once.
 */
abstract class PairTotals {
  private NodeInfo[] infos = new NodeInfo[0];
  private long[] generations = new long[0];
  private final NodeListChanges changes = new NodeListChanges();

  /**
   * Brings the totals up to date with {@code lister}'s nodes: only the positions the lister reports
   * replaced since the last use when it can tell, else as {@link #refresh(List, boolean)}.
   */
  final void refresh(NodeInfoLister lister) {
    if (outdated()) {
      // Forget every position: the update below re-reads them all.
      infos = new NodeInfo[0];
    }
    List<NodeInfo> nodes = lister.list();
    boolean identityOnly = IndexedNodeLister.replacesChangedNodes(lister);
    changes.update(
        lister,
        nodes,
        identityOnly,
        infos.length == nodes.size(),
        p -> replaceAt(p, nodes.get(p)),
        () -> refresh(nodes, identityOnly));
    sync();
  }

  /**
   * Brings the totals up to date with {@code nodes}; with {@code identityOnly} (the lister {@link
   * io.schedkit.framework.fastpath.IndexedNodeLister#replacesChangedNodes() replaces changed
   * nodes}) a position is re-read only when its NodeInfo is another object.
   */
  final void refresh(List<NodeInfo> nodes, boolean identityOnly) {
    int n = nodes.size();
    if (infos.length != n) {
      infos = new NodeInfo[n];
      generations = new long[n];
      clear(n);
    }
    for (int p = 0; p < n; p++) {
      NodeInfo info = nodes.get(p);
      NodeInfo old = infos[p];
      if (info != old || (!identityOnly && info.generation() != generations[p])) {
        // An in-place change leaves nothing to subtract from: re-read everything instead.
        if (info == old) {
          infos = new NodeInfo[n];
          clear(n);
          refresh(nodes, false);
          return;
        }
        replaceAt(p, info);
      }
    }
    sync();
  }

  /** Swaps what the NodeInfo at position {@code p} contributes for what {@code info} does. */
  private void replaceAt(int p, NodeInfo info) {
    NodeInfo old = infos[p];
    if (info == old) {
      return;
    }
    replace(p, old, info);
    infos[p] = info;
    generations[p] = info.generation();
  }

  /** Forgets every contribution, for a node list of {@code n} positions. */
  abstract void clear(int n);

  /** Whether every position must be re-read at the next refresh; false unless overridden. */
  boolean outdated() {
    return false;
  }

  /** Brings the totals by domain in line with the domains' numbering, after a refresh. */
  abstract void sync();

  /**
   * Swaps what {@code old} (null for nothing) contributed at position {@code p} for what {@code
   * info} does there.
   */
  abstract void replace(int p, NodeInfo old, NodeInfo info);

  /**
   * The existing pods matching an incoming term's matcher, per value of one topology key
   * (upstream's counts of the incoming pod's required affinity and anti-affinity terms). Reads each
   * position's domain from its {@link TopologyDomains}, which must have been refreshed with the
   * same node list before each refresh of these totals ({@link Cache#incoming} does both).
   */
  static final class Incoming extends PairTotals {
    private final PodMatcher matcher;
    private final TopologyDomains domains;
    private final ValueTotals totals;
    // Per position: the domain its count went to (negative for none) and the count, in the
    // domains' numbering of epoch domainEpoch.
    private int[] domainAt = new int[0];
    private int[] countAt = new int[0];
    private int domainEpoch;

    Incoming(PodMatcher matcher, TopologyDomains domains) {
      this.matcher = matcher;
      this.domains = domains;
      this.totals = new ValueTotals(domains);
    }

    @Override
    void clear(int n) {
      totals.clear();
      domainAt = new int[n];
      countAt = new int[n];
      domainEpoch = domains.epoch();
    }

    @Override
    boolean outdated() {
      return domainEpoch != domains.epoch();
    }

    @Override
    void replace(int p, NodeInfo old, NodeInfo info) {
      // The domains are refreshed with the same node list first, so at(p) is info's domain. The
      // new count starts from the old NodeInfo's (snapshot copies do not change once taken), so
      // only the pods that came or went are examined, and a node without a pod carrying the
      // term's labels is passed over without a look at its pods.
      int domain = domains.at(p);
      int count = domain < 0 ? 0 : info.countMatching(matcher, old);
      int wasDomain = domainAt[p];
      int was = countAt[p];
      if (domain == wasDomain) {
        if (count != was) {
          totals.adjustAt(domain, count - was);
        }
      } else {
        if (was > 0) {
          totals.adjustAt(wasDomain, -was);
        }
        if (count > 0) {
          totals.adjustAt(domain, count);
        }
      }
      domainAt[p] = domain;
      countAt[p] = count;
    }

    @Override
    void sync() {
      totals.sync();
    }

    /** The totals, by value and by domain. */
    ValueTotals valueTotals() {
      return totals;
    }
  }

  /** Which of a node's distinct-term maps {@link ExistingTerms} sums. */
  enum TermKind {
    /** {@link NodeInfo#requiredAntiAffinityTermCounts()}: carriers. */
    REQUIRED_ANTI_AFFINITY,
    /** {@link NodeInfo#requiredAffinityTermCounts()}: carriers. */
    REQUIRED_AFFINITY,
    /** {@link NodeInfo#preferredAffinityTermWeights()}: summed weights. */
    PREFERRED_AFFINITY,
    /** {@link NodeInfo#preferredAntiAffinityTermWeights()}: summed weights. */
    PREFERRED_ANTI_AFFINITY;

    Map<AffinityTerm, ? extends Number> of(NodeInfo n) {
      return switch (this) {
        case REQUIRED_ANTI_AFFINITY -> n.requiredAntiAffinityTermCounts();
        case REQUIRED_AFFINITY -> n.requiredAffinityTermCounts();
        case PREFERRED_AFFINITY -> n.preferredAffinityTermWeights();
        case PREFERRED_ANTI_AFFINITY -> n.preferredAntiAffinityTermWeights();
      };
    }
  }

  /**
   * The existing pods' distinct terms of one kind, each with its carriers (or summed weights) per
   * value of its topology key.
   */
  static final class ExistingTerms extends PairTotals {
    private final TermKind kind;
    private final Function<String, TopologyDomains> domains;
    private final Map<AffinityTerm, ValueTotals> byTerm = new HashMap<>();
    private final Map<AffinityTerm, ValueTotals> view = Collections.unmodifiableMap(byTerm);

    ExistingTerms(TermKind kind, Function<String, TopologyDomains> domains) {
      this.kind = kind;
      this.domains = domains;
    }

    @Override
    void clear(int n) {
      byTerm.clear();
    }

    @Override
    void replace(int p, NodeInfo old, NodeInfo info) {
      if (old != null) {
        contribute(old, -1);
      }
      contribute(info, 1);
    }

    private void contribute(NodeInfo info, int sign) {
      if (info.node() == null) {
        return;
      }
      Map<AffinityTerm, ? extends Number> terms = kind.of(info);
      if (terms.isEmpty()) {
        return;
      }
      Map<String, String> labels = info.labels();
      for (Map.Entry<AffinityTerm, ? extends Number> e : terms.entrySet()) {
        AffinityTerm t = e.getKey();
        String value = labels.get(t.topologyKey());
        if (value == null) {
          continue;
        }
        ValueTotals values =
            byTerm.computeIfAbsent(t, k -> new ValueTotals(domains.apply(k.topologyKey())));
        values.adjust(value, sign * e.getValue().longValue());
        if (values.isEmpty()) {
          byTerm.remove(t);
        }
      }
    }

    @Override
    void sync() {
      byTerm.values().forEach(ValueTotals::sync);
    }

    /** The terms with their positive totals by topology value, read-only. */
    Map<AffinityTerm, ValueTotals> byTerm() {
      return view;
    }
  }

  /**
   * The incoming-term totals of the most recently used (key, matcher) pairs, as many as {@link
   * PerNodeCaches} allows for the cluster's size, and the existing terms.
   */
  static final class Cache {
    // What an incoming-term entry holds per node: its NodeInfo reference and generation.
    private static final int BYTES_PER_NODE = 4 + 8;

    private record Key(String topologyKey, PodMatcher matcher) {}

    private final Map<String, TopologyDomains> domains = new HashMap<>();
    private final Map<TermKind, ExistingTerms> existing = new java.util.EnumMap<>(TermKind.class);
    // The most recently used (key, matcher) pairs, as many as PerNodeCaches allows.
    private final LinkedHashMap<Key, Incoming> incoming = new LinkedHashMap<>(64, 0.75f, true);

    /**
     * The domains of {@code topologyKey}, their positions brought up to date with {@code lister} (a
     * no-op when they already are).
     */
    synchronized TopologyDomains domains(String topologyKey, NodeInfoLister lister) {
      TopologyDomains d = domains.computeIfAbsent(topologyKey, TopologyDomains::new);
      d.refresh(lister);
      return d;
    }

    /**
     * The existing pods' terms of {@code kind} over the lister's nodes, up to date; empty without a
     * look at the nodes when no node runs a pod with the kind of affinity they come from. Every
     * term's domains are up to date with {@code lister} too.
     */
    synchronized Map<AffinityTerm, ValueTotals> existing(TermKind kind, NodeInfoLister lister) {
      List<NodeInfo> carriers =
          kind == TermKind.REQUIRED_ANTI_AFFINITY
              ? lister.havePodsWithRequiredAntiAffinity()
              : lister.havePodsWithAffinity();
      if (carriers.isEmpty()) {
        return Map.of();
      }
      ExistingTerms t =
          existing.computeIfAbsent(
              kind,
              k -> new ExistingTerms(k, key -> domains.computeIfAbsent(key, TopologyDomains::new)));
      // New terms' keys get domains while the totals are read; positions are read afterwards, and
      // a renumbering there is caught up by the second sync.
      t.refresh(lister);
      for (ValueTotals v : t.byTerm().values()) {
        v.domains().refresh(lister);
      }
      t.sync();
      return t.byTerm();
    }

    /** The totals of {@code matcher} per value of {@code topologyKey} over the lister's nodes. */
    synchronized ValueTotals incoming(
        String topologyKey, PodMatcher matcher, NodeInfoLister lister) {
      TopologyDomains d = domains(topologyKey, lister);
      Incoming t =
          PerNodeCaches.entry(
              incoming,
              new Key(topologyKey, matcher),
              lister.list().size(),
              BYTES_PER_NODE,
              k -> new Incoming(k.matcher(), d));
      t.refresh(lister);
      return t.valueTotals();
    }
  }
}
