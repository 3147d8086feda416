package io.schedkit.core.runtime;

import io.schedkit.core.cache.MutableNodeColumns;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.NominatedRequests;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PodNominator;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.BlockFilterPlugin;
import io.schedkit.framework.fastpath.IndexedNodeLister;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.fastpath.NodeLocalFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A profile's Filter point: the Filter plugins not skipped at PreFilter, in configured order, each
 * node's verdict its first rejection (attributed to the plugin; anything but a rejection is an
 * Error naming it), and the two passes over a node that holds nominated pods of at least the pod's
 * priority, as kube-scheduler's {@code RunFilterPluginsWithNominatedPods}.
 *
 * <p>Design note (threads): called concurrently by the Filter workers. The active plugin list is
 * cached per skip-set object and the last attributed rejection is remembered, both in immutable
 * records published through plain or volatile fields: a racing worker at worst computes one again.
 */
final class FilterRunner {
  private final List<FilterPlugin> filter;
  private final FilterPlugin[] allFilters;
  private final Framework framework;

  /** The nominator when it versions its changes (the queue's does), else null; read per node. */
  private final VersionedNominator versioned;

  private volatile ActiveFilters activeFilters;
  private final NominatedNodeCopies nominatedCopies = new NominatedNodeCopies();
  private final NominationIndex nominationIndex = new NominationIndex();
  // Filter evaluations counted for scheduler_plugin_evaluation_total since the last flush, by
  // position in allFilters (counted here, reported once per cycle: cheaper than once per block).
  private final java.util.concurrent.atomic.AtomicLongArray evaluations;
  private final java.util.IdentityHashMap<FilterPlugin, Integer> evaluationIndex =
      new java.util.IdentityHashMap<>();

  private void countEvaluations(FilterPlugin p, int nodes) {
    Integer i = evaluationIndex.get(p);
    if (i != null) {
      evaluations.addAndGet(i, nodes);
    }
  }

  /** Reports the Filter evaluations counted since the last call (when timing). */
  void flushEvaluations() {
    for (int i = 0; i < allFilters.length; i++) {
      long n = evaluations.getAndSet(i, 0);
      if (n > 0) {
        framework.pluginEvaluated(allFilters[i].name(), "Filter", n);
      }
    }
  }

  FilterRunner(List<FilterPlugin> filter, FilterPlugin[] allFilters, Framework framework) {
    this.filter = filter;
    this.allFilters = allFilters;
    this.framework = framework;
    this.evaluations = new java.util.concurrent.atomic.AtomicLongArray(allFilters.length);
    for (int i = 0; i < allFilters.length; i++) {
      evaluationIndex.put(allFilters[i], i);
    }
    this.activeFilters = new ActiveFilters(Set.of(), allFilters);
    PodNominator nominator = framework.services().nominator();
    this.versioned = nominator instanceof VersionedNominator v ? v : null;
  }

  /** See {@link Framework#runFilterPlugins}. */
  Status runFilterPlugins(CycleState state, PodInfo pod, NodeInfo node) {
    FilterPlugin[] active = activeFilters(state.skipFilterPlugins());
    boolean sample = framework.sampling(state);
    boolean timing = framework.recordsMetrics();
    for (FilterPlugin p : active) {
      Status s;
      if (timing) {
        countEvaluations(p, 1);
      }
      try {
        if (sample) {
          long t0 = System.nanoTime();
          s = p.filter(state, pod, node);
          framework.pluginDone(p.name(), "Filter", s == null ? Status.success() : s, t0);
        } else {
          s = p.filter(state, pod, node);
        }
      } catch (Throwable e) {
        s = Status.error(PluginFailures.contained(e));
      }
      if (s == null || s.isSuccess()) {
        continue;
      }
      return verdictOf(s, p.name());
    }
    return Status.success();
  }

  /**
   * Filter for a block of nodes: {@code out[i]} becomes what {@link
   * #runFilterPluginsWithNominatedPods} would return for {@code nodes[i]}. Each plugin filters the
   * whole block in one call ({@link io.schedkit.framework.fastpath.BlockFilterPlugin#filterBlock})
   * before the next plugin sees the nodes it left, so each node's verdict is still the first
   * rejection in plugin order; in a cycle sampled for plugin metrics each plugin's call is timed,
   * one observation of its mean time per node. A block where a plugin throws is filtered node by
   * node. With {@code positions} (null: none), the plugins are handed the nodes' snapshot positions
   * and the snapshot's {@code columns}.
   *
   * <p>Nodes with nominated pods of at least the pod's priority need two passes: with those pods
   * (the verdict if it is a rejection) and without. For the snapshot's own list, with no PreFilter
   * extension to run, both are block passes: the block as it is, then the copies of those nodes
   * with their nominated pods added ({@link NominatedNodeCopies}, with their own columns), the
   * nominations read by position ({@link NominationIndex}). Otherwise those nodes are filtered node
   * by node after the block.
   */
  void runFilterPluginsOnBlock(
      CycleState state,
      PodInfo pod,
      NodeInfo[] nodes,
      int[] positions,
      NodeColumns columns,
      int count,
      Status[] out) {
    java.util.Arrays.fill(out, 0, count, null);
    if (!filterBlockAndNominated(state, pod, nodes, positions, columns, count, out)) {
      filterNodeByNode(state, pod, nodes, count, out);
      return;
    }
    for (int i = 0; i < count; i++) {
      if (out[i] == null) {
        out[i] = Status.success();
      }
    }
  }

  /**
   * The block passes of {@link #runFilterPluginsOnBlock}: {@code out[i]} becomes node {@code i}'s
   * verdict, or stays null for Success. False if a plugin threw.
   */
  private boolean filterBlockAndNominated(
      CycleState state,
      PodInfo pod,
      NodeInfo[] nodes,
      int[] positions,
      NodeColumns columns,
      int count,
      Status[] out) {
    PodNominator nominator = framework.services().nominator();
    if (nominator.isEmpty()) {
      return filterBlock(state, pod, nodes, positions, columns, count, out, null);
    }
    NodeInfoLister lister = framework.handle().snapshot();
    if (positions != null
        && versioned != null
        && IndexedNodeLister.columnsOf(lister) == columns
        && !framework.hasActivePreFilterExtensions(state)) {
      NominationIndex.ByPosition byPosition = nominationIndex.positions(lister, versioned);
      if (byPosition != null && byPosition.size() == lister.size()) {
        return filterBlockWithNominatedCopies(
            state, pod, nodes, positions, columns, count, out, byPosition);
      }
    }
    return filterBlockThenNominatedNodes(
        state, pod, nodes, positions, columns, count, out, nominator);
  }

  /** The block, then the copies with nominated pods of the nodes that have some that count. */
  private boolean filterBlockWithNominatedCopies(
      CycleState state,
      PodInfo pod,
      NodeInfo[] nodes,
      int[] positions,
      NodeColumns columns,
      int count,
      Status[] out,
      NominationIndex.ByPosition byPosition) {
    int priority = pod.priority();
    int uidHash = NodeNominations.uidHash(pod);
    int m = 0;
    int[] at = null;
    // Object[], not List<?>[]: a store into it then needs no type check, which would read each
    // list's header (a cache miss per node).
    Object[] added = null;
    for (int i = 0; i < count; i++) {
      int p = positions[i];
      if (byPosition.noneCount(p, priority)) {
        continue;
      }
      List<PodInfo> counted =
          byPosition.allCount(p, pod, uidHash)
              ? byPosition.pods(p)
              : counted(byPosition.at(p).pods(), pod);
      if (counted == null) {
        continue;
      }
      if (at == null) {
        at = new int[count - i];
        added = new Object[count - i];
      }
      at[m] = i;
      added[m++] = counted;
    }
    if (!filterBlock(state, pod, nodes, positions, columns, count, out, null)) {
      return false;
    }
    if (m == 0) {
      return true;
    }
    // The copies' rows are kept by the nodes' positions, in columns shared by all the copies.
    NodeInfo[] copies = new NodeInfo[m];
    int[] rows = new int[m];
    int size = byPosition.size();
    NodeColumns copyColumns = nominatedCopies.columnsFor(size);
    for (int k = 0; k < m; k++) {
      int i = at[k];
      copies[k] = nominatedCopies.withPods(nodes[i], positions[i], size, added[k]);
      rows[k] = positions[i];
    }
    // Columns replaced during the block (another list size) are another object.
    boolean oneColumns = nominatedCopies.columnsFor(size) == copyColumns;
    if (!oneColumns) {
      // The kept columns were replaced during the block (another list size): gather the rows.
      MutableNodeColumns gathered = new MutableNodeColumns(m);
      for (int k = 0; k < m; k++) {
        gathered.set(k, copies[k]);
        rows[k] = k;
      }
      copyColumns = gathered;
    }
    Status[] withNominated = new Status[m];
    if (!filterBlock(state, pod, copies, rows, copyColumns, m, withNominated, null)) {
      return false;
    }
    // The copy's rejection is the verdict; a node whose copy passes keeps its own.
    for (int k = 0; k < m; k++) {
      if (withNominated[k] != null) {
        out[at[k]] = withNominated[k];
      }
    }
    return true;
  }

  /**
   * The block without the nodes holding nominated pods that count (looked up by name), then those
   * nodes one by one, with and without the pods.
   */
  private boolean filterBlockThenNominatedNodes(
      CycleState state,
      PodInfo pod,
      NodeInfo[] nodes,
      int[] positions,
      NodeColumns columns,
      int count,
      Status[] out,
      PodNominator nominator) {
    boolean[] decided = null;
    List<?>[] countedHere = null;
    for (int i = 0; i < count; i++) {
      List<PodInfo> counted = counted(nominator.nominatedPodsForNode(nodes[i].name()), pod);
      if (counted != null) {
        if (countedHere == null) {
          countedHere = new List<?>[count];
          decided = new boolean[count];
        }
        countedHere[i] = counted;
        // The plugins skip these nodes in the block.
        decided[i] = true;
        out[i] = Status.success();
      }
    }
    if (!filterBlock(state, pod, nodes, positions, columns, count, out, decided)) {
      return false;
    }
    for (int i = 0; countedHere != null && i < count; i++) {
      if (countedHere[i] != null) {
        @SuppressWarnings("unchecked")
        List<PodInfo> counted = (List<PodInfo>) countedHere[i];
        out[i] = withCountedPods(state, pod, nodes[i], counted);
      }
    }
    return true;
  }

  /** A plain Filter plugin over a block: its verdict for each node still open, as the block. */
  private static void filterEach(
      FilterPlugin p, CycleState state, PodInfo pod, NodeInfo[] nodes, int count, Status[] out) {
    for (int i = 0; i < count; i++) {
      if (out[i] == null) {
        Status s = p.filter(state, pod, nodes[i]);
        if (s != null && !s.isSuccess()) {
          out[i] = s;
        }
      }
    }
  }

  /**
   * Each plugin over the block, in order: {@code out[i]} becomes node {@code i}'s first rejection
   * (attributed), or stays null. Nodes marked in {@code decided} (null: none) are skipped, their
   * entries non-null already. False if a plugin threw: the caller then filters node by node.
   */
  private boolean filterBlock(
      CycleState state,
      PodInfo pod,
      NodeInfo[] nodes,
      int[] positions,
      NodeColumns columns,
      int count,
      Status[] out,
      boolean[] decided) {
    boolean sample = framework.sampling(state);
    int open = count;
    if (decided == null) {
      decided = new boolean[count];
    } else {
      for (int i = 0; i < count; i++) {
        if (decided[i]) {
          open--;
        }
      }
    }
    for (FilterPlugin p : activeFilters(state.skipFilterPlugins())) {
      if (open == 0) {
        break;
      }
      if (framework.recordsMetrics()) {
        countEvaluations(p, open);
      }
      int evaluated = open;
      long t0 = sample ? System.nanoTime() : 0;
      try {
        if (!(p instanceof BlockFilterPlugin block)) {
          filterEach(p, state, pod, nodes, count, out);
        } else if (positions == null) {
          block.filterBlock(state, pod, nodes, count, out);
        } else {
          block.filterBlock(state, pod, nodes, positions, columns, count, out);
        }
      } catch (Throwable e) {
        PluginFailures.contained(e);
        return false;
      }
      Status first = null;
      // This plugin's verdicts are the entries that were open before it ran.
      for (int i = 0; i < count; i++) {
        Status s = out[i];
        if (s != null && !decided[i]) {
          decided[i] = true;
          open--;
          out[i] = verdictOf(s, p.name());
          first = first == null ? out[i] : first;
        }
      }
      if (sample) {
        // A sampled cycle times each plugin over the block: one observation of its mean per node,
        // labelled with its first rejection's code, or Success.
        framework.pluginBlockDone(
            p.name(), "Filter", first == null ? Status.success() : first, t0, evaluated);
      }
    }
    return true;
  }

  /**
   * The pods of {@code nominated} that count for {@code pod} (at least its priority, not itself),
   * in order, or null if none does.
   */
  private static List<PodInfo> counted(List<PodInfo> nominated, PodInfo pod) {
    List<PodInfo> counted = null;
    for (int i = 0, n = nominated.size(); i < n; i++) {
      PodInfo np = nominated.get(i);
      if (np.priority() >= pod.priority() && !np.isSamePodAs(pod)) {
        if (counted == null) {
          counted = new ArrayList<>(n - i);
        }
        counted.add(np);
      }
    }
    return counted;
  }

  private void filterNodeByNode(
      CycleState state, PodInfo pod, NodeInfo[] nodes, int count, Status[] out) {
    for (int i = 0; i < count; i++) {
      out[i] = runFilterPluginsWithNominatedPods(state, pod, nodes[i]);
    }
  }

  /**
   * A plugin's non-Success filter answer as the cycle sees it: a rejection attributed to the
   * plugin, anything else an Error naming it.
   */
  private Status verdictOf(Status s, String plugin) {
    if (!s.isRejected()) {
      s = Status.error("running \"" + plugin + "\" filter plugin: " + s.message());
    }
    return attributed(s, plugin);
  }

  /** A rejection and its copy attributed to a plugin, remembered by {@link #attributed}. */
  private record Attributed(Status raw, String plugin, Status stamped) {}

  /**
   * The last rejection attributed, read and written without a lock: the record is immutable, so a
   * racing worker sees either an old or a new one, both correct for their own status.
   */
  private Attributed lastAttributed;

  /**
   * {@code s} attributed to {@code plugin}. Plugins often reject with one constant status, node
   * after node, so the last attribution is reused instead of making a copy per node.
   */
  private Status attributed(Status s, String plugin) {
    Attributed last = lastAttributed;
    if (last != null && last.raw() == s && last.plugin().equals(plugin)) {
      return last.stamped();
    }
    Status stamped = s.withPlugin(plugin);
    lastAttributed = new Attributed(s, plugin, stamped);
    return stamped;
  }

  /**
   * The Filter plugins not in {@code skip}, in order. Filter runs once per node with the same skip
   * set (one set object per cycle, shared by its copies), so the last answer is kept and reused
   * while the set is the same object; racing workers at worst compute it twice.
   */
  private FilterPlugin[] activeFilters(Set<String> skip) {
    ActiveFilters last = activeFilters;
    if (last.skip == skip) {
      return last.plugins;
    }
    FilterPlugin[] plugins;
    if (skip.isEmpty()) {
      plugins = allFilters;
    } else {
      List<FilterPlugin> kept = new ArrayList<>(filter.size());
      for (FilterPlugin p : filter) {
        if (!skip.contains(p.name())) {
          kept.add(p);
        }
      }
      plugins = kept.toArray(new FilterPlugin[0]);
    }
    activeFilters = new ActiveFilters(skip, plugins);
    return plugins;
  }

  /** See {@link Framework#filterPluginNames}. */
  List<String> activeFilterNames(CycleState state) {
    FilterPlugin[] active = activeFilters(state.skipFilterPlugins());
    List<String> names = new ArrayList<>(active.length);
    for (FilterPlugin p : active) {
      names.add(p.name());
    }
    return names;
  }

  /** See {@link Framework#filtersAreNodeLocal}. */
  boolean filtersAreNodeLocal(CycleState state) {
    for (FilterPlugin p : activeFilters(state.skipFilterPlugins())) {
      if (!(p instanceof NodeLocalFilter)) {
        return false;
      }
    }
    return true;
  }

  /** The Filter plugins left after removing a skip set (identity-compared). */
  private record ActiveFilters(Set<String> skip, FilterPlugin[] plugins) {}

  /** See {@link Framework#runFilterPluginsWithNominatedPods}. */
  Status runFilterPluginsWithNominatedPods(CycleState state, PodInfo pod, NodeInfo node) {
    VersionedNominator indexed = versioned;
    if (indexed != null) {
      NodeNominations nn = nominationsOf(indexed, node);
      if (nn == null || nn.noneCount(pod.priority())) {
        return runFilterPlugins(state, pod, node);
      }
      if (nn.allCount(pod, NodeNominations.uidHash(pod))) {
        return withCountedPods(state, pod, node, nn.pods());
      }
      return withNominatedPods(state, pod, node, nn.pods());
    }
    return withNominatedPods(
        state, pod, node, framework.services().nominator().nominatedPodsForNode(node.name()));
  }

  /** See {@link Framework#nominatedRequests}. */
  NominatedRequests nominatedRequests(PodInfo pod, NodeInfo node) {
    VersionedNominator indexed = versioned;
    List<PodInfo> counted;
    if (indexed != null) {
      if (indexed.isEmpty()) {
        return NominatedRequests.NONE;
      }
      NominationIndex.ByPosition byPosition = positionsOf(indexed, node);
      if (byPosition != null) {
        return requestsAt(byPosition, node.listPosition(), pod);
      }
      NodeNominations nn = indexed.nominationsOf(node.name());
      if (nn == null || nn.noneCount(pod.priority())) {
        return NominatedRequests.NONE;
      }
      if (nn.allCount(pod, NodeNominations.uidHash(pod))) {
        return nn.requests();
      }
      counted = counted(nn.pods(), pod);
    } else {
      counted = counted(framework.services().nominator().nominatedPodsForNode(node.name()), pod);
    }
    return counted == null ? NominatedRequests.NONE : NominatedRequests.of(counted);
  }

  /** See {@link Framework#nominatedRequestsAt}. */
  NominatedRequests nominatedRequestsAt(PodInfo pod, int position) {
    VersionedNominator indexed = versioned;
    if (indexed != null && indexed.isEmpty()) {
      return NominatedRequests.NONE;
    }
    NominationIndex.ByPosition byPosition = positionsAt(indexed, position);
    return byPosition == null ? null : requestsAt(byPosition, position, pod);
  }

  /** See {@link Framework#nominatedPodsAt}. */
  List<PodInfo> nominatedPodsAt(int position) {
    VersionedNominator indexed = versioned;
    if (indexed != null && indexed.isEmpty()) {
      return List.of();
    }
    NominationIndex.ByPosition byPosition = positionsAt(indexed, position);
    if (byPosition == null) {
      return null;
    }
    return byPosition.at(position) == null ? List.of() : byPosition.pods(position);
  }

  /**
   * The nominations by position, when {@code nominator} keeps them and {@code position} is one of
   * the snapshot's (a snapshot that keeps its positions); else null.
   */
  private NominationIndex.ByPosition positionsAt(VersionedNominator nominator, int position) {
    NodeInfoLister lister = framework.handle().snapshot();
    if (nominator == null || position < 0 || IndexedNodeLister.columnsOf(lister) == null) {
      return null;
    }
    NominationIndex.ByPosition byPosition = nominationIndex.positions(lister, nominator);
    return byPosition != null && position < byPosition.size() ? byPosition : null;
  }

  /**
   * What the nominated pods at snapshot position {@code p} that count for {@code pod} request, from
   * the flat arrays: most nodes are answered without reading their nominations.
   */
  private static NominatedRequests requestsAt(
      NominationIndex.ByPosition byPosition, int p, PodInfo pod) {
    if (byPosition.noneCount(p, pod.priority())) {
      return NominatedRequests.NONE;
    }
    if (byPosition.allCount(p, pod, NodeNominations.uidHash(pod))) {
      return byPosition.requests(p);
    }
    List<PodInfo> counted = counted(byPosition.at(p).pods(), pod);
    return counted == null ? NominatedRequests.NONE : NominatedRequests.of(counted);
  }

  /**
   * The nominations of {@code node}: by its list position when it is the snapshot's node there or a
   * copy of it (preemption's dry runs filter copies, several times each), else by name.
   */
  private NodeNominations nominationsOf(VersionedNominator nominator, NodeInfo node) {
    if (nominator.isEmpty()) {
      return null;
    }
    NominationIndex.ByPosition byPosition = positionsOf(nominator, node);
    return byPosition != null
        ? byPosition.at(node.listPosition())
        : nominator.nominationsOf(node.name());
  }

  /**
   * The nominations by position when {@code node} is the snapshot's node at its list position or a
   * copy of it, so that they hold its nominations at {@link NodeInfo#listPosition()}; else null.
   */
  private NominationIndex.ByPosition positionsOf(VersionedNominator nominator, NodeInfo node) {
    int p = node.listPosition();
    NodeInfoLister lister = framework.handle().snapshot();
    // Columns mean a lister that keeps positions (and its list object) from cycle to cycle.
    if (p >= 0 && IndexedNodeLister.columnsOf(lister) != null) {
      List<NodeInfo> list = lister.list();
      // The same name object: the node there is the node this one was copied from.
      if (p < list.size() && list.get(p).name() == node.name()) {
        NominationIndex.ByPosition byPosition = nominationIndex.positions(lister, nominator);
        if (byPosition != null && p < byPosition.size()) {
          return byPosition;
        }
      }
    }
    return null;
  }

  /** {@link #runFilterPluginsWithNominatedPods} with the node's nominated pods looked up. */
  private Status withNominatedPods(
      CycleState state, PodInfo pod, NodeInfo node, List<PodInfo> nominated) {
    List<PodInfo> counted = counted(nominated, pod);
    if (counted == null) {
      return runFilterPlugins(state, pod, node);
    }
    return withCountedPods(state, pod, node, counted);
  }

  /** The two passes over a node with nominated pods that count ({@code counted}, not empty). */
  private Status withCountedPods(
      CycleState state, PodInfo pod, NodeInfo node, List<PodInfo> counted) {
    CycleState firstState = state;
    NodeInfo firstNode;
    if (!framework.hasActivePreFilterExtensions(state)) {
      // Nothing changes the state, and the node with these pods may be kept from an earlier cycle.
      firstNode = nominatedCopies.withPods(framework.handle().snapshot(), node, counted);
    } else {
      firstNode = node.copy();
      firstState = state.copy();
      for (PodInfo np : counted) {
        firstNode.addPod(np);
        Status s = framework.runPreFilterExtensionAddPod(firstState, pod, np, firstNode);
        if (!s.isSuccess()) {
          return s;
        }
      }
    }
    Status s = runFilterPlugins(firstState, pod, firstNode);
    if (!s.isSuccess()) {
      return s;
    }
    return runFilterPlugins(state, pod, node);
  }
}
