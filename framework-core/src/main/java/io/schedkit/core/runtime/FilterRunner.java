package io.schedkit.core.runtime;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeColumns;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PodNominator;
import io.schedkit.framework.Status;
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
  private volatile ActiveFilters activeFilters;
  private final NominatedNodeCopies nominatedCopies = new NominatedNodeCopies();

  FilterRunner(List<FilterPlugin> filter, FilterPlugin[] allFilters, Framework framework) {
    this.filter = filter;
    this.allFilters = allFilters;
    this.framework = framework;
    this.activeFilters = new ActiveFilters(Set.of(), allFilters);
  }

  /** See {@link Framework#runFilterPlugins}. */
  Status runFilterPlugins(CycleState state, PodInfo pod, NodeInfo node) {
    FilterPlugin[] active = activeFilters(state.skipFilterPlugins());
    boolean sample = framework.sampling(state);
    for (FilterPlugin p : active) {
      Status s;
      try {
        if (sample) {
          long t0 = System.nanoTime();
          s = p.filter(state, pod, node);
          framework.pluginDone(p.name(), "Filter", s == null ? Status.success() : s, t0);
        } else {
          s = p.filter(state, pod, node);
        }
      } catch (RuntimeException e) {
        s = Status.error(e);
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
   * #runFilterPluginsWithNominatedPods} would return for {@code nodes[i]}. Unless the cycle is
   * timed, each plugin filters the whole block in one call ({@link FilterPlugin#filterBlock})
   * before the next plugin sees the nodes it left, so each node's verdict is still the first
   * rejection in plugin order; nodes with nominated pods of at least the pod's priority are then
   * filtered node by node (with and without those pods). A timed cycle, and a block where a plugin
   * throws, are filtered node by node. With {@code positions} (null: none), the plugins are handed
   * the nodes' snapshot positions and the snapshot's {@code columns}.
   */
  void runFilterPluginsOnBlock(
      CycleState state,
      PodInfo pod,
      NodeInfo[] nodes,
      int[] positions,
      NodeColumns columns,
      int count,
      Status[] out) {
    if (framework.sampling(state)) {
      filterNodeByNode(state, pod, nodes, count, out);
      return;
    }
    java.util.Arrays.fill(out, 0, count, null);
    boolean[] decided = new boolean[count];
    int open = count;
    // Nodes with nominated pods that count for this pod are filtered twice (with and without
    // them), node by node, after the block; the plugins skip them meanwhile.
    List<?>[] nominatedHere = null;
    PodNominator nominator = framework.services().nominator();
    if (!nominator.isEmpty()) {
      for (int i = 0; i < count; i++) {
        List<PodInfo> nominated = nominator.nominatedPodsForNode(nodes[i].name());
        if (hasNominatedToConsider(nominated, pod)) {
          if (nominatedHere == null) {
            nominatedHere = new List<?>[count];
          }
          nominatedHere[i] = nominated;
          decided[i] = true;
          out[i] = Status.success();
          open--;
        }
      }
    }
    for (FilterPlugin p : activeFilters(state.skipFilterPlugins())) {
      try {
        if (positions == null) {
          p.filterBlock(state, pod, nodes, count, out);
        } else {
          p.filterBlock(state, pod, nodes, positions, columns, count, out);
        }
      } catch (RuntimeException e) {
        filterNodeByNode(state, pod, nodes, count, out);
        return;
      }
      // This plugin's verdicts are the entries that were open before it ran.
      for (int i = 0; i < count; i++) {
        Status s = out[i];
        if (s != null && !decided[i]) {
          decided[i] = true;
          open--;
          out[i] = verdictOf(s, p.name());
        }
      }
      if (open == 0) {
        break;
      }
    }
    for (int i = 0; i < count; i++) {
      if (out[i] == null) {
        out[i] = Status.success();
      } else if (nominatedHere != null && nominatedHere[i] != null) {
        @SuppressWarnings("unchecked")
        List<PodInfo> nominated = (List<PodInfo>) nominatedHere[i];
        out[i] = withNominatedPods(state, pod, nodes[i], nominated);
      }
    }
  }

  /** Whether {@code nominated} holds another pod of at least {@code pod}'s priority. */
  private static boolean hasNominatedToConsider(List<PodInfo> nominated, PodInfo pod) {
    for (int i = 0, n = nominated.size(); i < n; i++) {
      PodInfo np = nominated.get(i);
      if (np.priority() >= pod.priority() && !samePod(np, pod)) {
        return true;
      }
    }
    return false;
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

  /** The Filter plugins left after removing a skip set (identity-compared). */
  private record ActiveFilters(Set<String> skip, FilterPlugin[] plugins) {}

  /** See {@link Framework#runFilterPluginsWithNominatedPods}. */
  Status runFilterPluginsWithNominatedPods(CycleState state, PodInfo pod, NodeInfo node) {
    return withNominatedPods(
        state, pod, node, framework.services().nominator().nominatedPodsForNode(node.name()));
  }

  /** {@link #runFilterPluginsWithNominatedPods} with the node's nominated pods looked up. */
  private Status withNominatedPods(
      CycleState state, PodInfo pod, NodeInfo node, List<PodInfo> nominated) {
    List<PodInfo> counted = null;
    for (int i = 0, n = nominated.size(); i < n; i++) {
      PodInfo np = nominated.get(i);
      if (np.priority() >= pod.priority() && !samePod(np, pod)) {
        if (counted == null) {
          counted = new ArrayList<>(n - i);
        }
        counted.add(np);
      }
    }
    if (counted == null) {
      return runFilterPlugins(state, pod, node);
    }
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

  private static boolean samePod(PodInfo a, PodInfo b) {
    String uid = a.uid();
    return uid.isEmpty() ? a.pod().key().equals(b.pod().key()) : uid.equals(b.uid());
  }
}
