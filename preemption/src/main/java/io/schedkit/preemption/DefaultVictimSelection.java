package io.schedkit.preemption;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.PluginRunner;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.IndexedNodeLister;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * Upstream DefaultPreemption's {@code SelectVictimsOnNode}: the default of {@link
 * PreemptionStrategy#selectVictimsOnNode}.
 *
 * <p>Design note: it mutates only the node and cycle-state copies it is given; every change to the
 * node goes with the matching PreFilter extension call, so the plugins' PreFilter state always
 * describes the node as it is. Affinity of the preemptor to a victim is not considered (a node
 * where the preemptor only fits thanks to a victim is not a candidate), as upstream.
 */
final class DefaultVictimSelection {
  private DefaultVictimSelection() {}

  /** The failure of a node without a pod the preemptor may preempt; one immutable instance. */
  static final Status NO_VICTIMS = Status.unresolvable(PreemptionStrategy.REASON_NO_VICTIMS);

  /**
   * Whether {@code node} holds a pod that {@code strategy} lets {@code preemptor} preempt. On a
   * node without one the selection fails with {@link #NO_VICTIMS} before changing anything, so a
   * dry run can answer such a node without copying it and the cycle state. A node of {@code lister}
   * whose lowest pod priority ({@link NodeColumns#LOWEST_POD_PRIORITY}) is not below the
   * preemptor's is answered from the columns, without reading its pods, and so is one where it is
   * below when the strategy keeps the default eligibility (every pod of lower priority may go).
   * {@code knownPosition} is the node's position in the lister's list, or -1 to look it up.
   */
  static boolean hasPotentialVictim(
      PreemptionStrategy strategy,
      NodeInfoLister lister,
      NodeInfo node,
      int knownPosition,
      Pod preemptor) {
    NodeColumns columns = IndexedNodeLister.columnsOf(lister);
    if (columns != null) {
      int position =
          knownPosition >= 0 ? knownPosition : IndexedNodeLister.positionIn(lister, node);
      if (position >= 0) {
        if (columns.get(position, NodeColumns.LOWEST_POD_PRIORITY) >= preemptor.priority()) {
          return false;
        }
        if (DEFAULT_ELIGIBILITY.get(strategy.getClass())) {
          return true; // a pod of lower priority runs there, and every such pod may be preempted
        }
      }
    }
    for (int i = 0, count = node.podCount(); i < count; i++) {
      if (strategy.isPreemptionAllowed(node, node.podAt(i), preemptor)) {
        return true;
      }
    }
    return false;
  }

  static VictimSelection select(
      PreemptionStrategy strategy,
      FrameworkHandle handle,
      CycleState state,
      PodInfo preemptor,
      NodeInfo node,
      List<PodDisruptionBudget> pdbs) {
    PluginRunner runner = handle.runner();
    // a. Remove every pod the preemptor may preempt.
    int count = node.podCount();
    Pod preemptorPod = preemptor.pod();
    List<PodInfo> potential = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      PodInfo p = node.podAt(i);
      if (strategy.isPreemptionAllowed(node, p, preemptorPod)) {
        potential.add(p);
      }
    }
    for (int i = 0, n = potential.size(); i < n; i++) {
      PodInfo p = potential.get(i);
      Status s = remove(runner, state, preemptor, p, node);
      if (!s.isSuccess()) {
        return VictimSelection.failure(s);
      }
    }
    if (potential.isEmpty()) {
      return VictimSelection.failure(NO_VICTIMS);
    }
    // b. The preemptor must fit without them (with the node's nominated pods).
    Status fits = runner.runFilterPluginsWithNominatedPods(state, preemptor, node);
    if (!fits.isSuccess()) {
      return VictimSelection.failure(fits);
    }
    // c. Most important first; d. those whose eviction violates a budget first.
    Comparator<PodInfo> order = null;
    if (potential.size() > 1) {
      order = order(strategy, handle.clock().now());
      potential.sort(order);
    }
    PdbViolations.Split split = PdbViolations.split(potential, pdbs);
    // e. Reprieve as many as possible; those that cannot come back are the victims.
    List<PodInfo> victims = new ArrayList<>();
    int numViolating = 0;
    for (PodInfo p : split.violating()) {
      Reprieve r = reprieve(runner, state, preemptor, p, node);
      if (r.error != null) {
        return VictimSelection.failure(r.error);
      }
      if (!r.fits) {
        victims.add(p);
        numViolating++;
      }
    }
    for (PodInfo p : split.nonViolating()) {
      Reprieve r = reprieve(runner, state, preemptor, p, node);
      if (r.error != null) {
        return VictimSelection.failure(r.error);
      }
      if (!r.fits) {
        victims.add(p);
      }
    }
    if (!split.violating().isEmpty() && !split.nonViolating().isEmpty()) {
      // Both lists are non-empty, so there were two victims or more and the order was made.
      victims.sort(order);
    }
    List<Pod> victimPods = new ArrayList<>(victims.size());
    for (PodInfo v : victims) {
      victimPods.add(v.pod());
    }
    return VictimSelection.of(victimPods, numViolating);
  }

  /** Whether {@code strategy} selects victims with this class (it does not override the step). */
  static boolean isUsedBy(PreemptionStrategy strategy) {
    return DEFAULT_SELECTION.get(strategy.getClass());
  }

  /**
   * Whether the victims {@code strategy} selects on a node depend on nothing but the preemptor's
   * shape, the node and the Filter plugins: it keeps the default selection, reprieve order and
   * victim eligibility ({@link VictimMemo} may then reuse them).
   */
  static boolean selectsByDefaultRules(PreemptionStrategy strategy) {
    return DEFAULT_RULES.get(strategy.getClass());
  }

  /** Whether {@code strategy} keeps the default node-choice criteria. */
  static boolean choosesByDefault(PreemptionStrategy strategy) {
    return DEFAULT_CHOICE.get(strategy.getClass());
  }

  /**
   * Whether a strategy's class keeps the default {@link PreemptionStrategy#selectVictimsOnNode}.
   */
  private static final ClassValue<Boolean> DEFAULT_SELECTION =
      perClass(
          type ->
              declaredByInterface(
                  type,
                  "selectVictimsOnNode",
                  FrameworkHandle.class,
                  CycleState.class,
                  PodInfo.class,
                  NodeInfo.class,
                  List.class));

  /** Whether a strategy's class keeps the default {@link PreemptionStrategy#moreImportantFirst}. */
  private static final ClassValue<Boolean> DEFAULT_ORDER =
      perClass(type -> declaredByInterface(type, "moreImportantFirst", Instant.class));

  /**
   * Whether a strategy's class keeps the default victim eligibility: every pod of lower priority
   * may be preempted.
   */
  private static final ClassValue<Boolean> DEFAULT_ELIGIBILITY =
      perClass(
          type ->
              declaredByInterface(
                      type, "isEligibleVictim", NodeInfo.class, PodInfo.class, Pod.class)
                  && declaredByInterface(
                      type, "isPreemptionAllowed", NodeInfo.class, PodInfo.class, Pod.class));

  /** Whether a strategy's class keeps the default {@link PreemptionStrategy#nodeChoiceCriteria}. */
  private static final ClassValue<Boolean> DEFAULT_CHOICE =
      perClass(type -> declaredByInterface(type, "nodeChoiceCriteria", Instant.class));

  private static final ClassValue<Boolean> DEFAULT_RULES =
      perClass(
          type ->
              DEFAULT_SELECTION.get(type)
                  && DEFAULT_ORDER.get(type)
                  && DEFAULT_ELIGIBILITY.get(type));

  /** {@code test}'s answer for each class, found once per class. */
  private static ClassValue<Boolean> perClass(Predicate<Class<?>> test) {
    return new ClassValue<>() {
      @Override
      protected Boolean computeValue(Class<?> type) {
        return test.test(type);
      }
    };
  }

  private static boolean declaredByInterface(Class<?> type, String method, Class<?>... params) {
    try {
      return type.getMethod(method, params).getDeclaringClass() == PreemptionStrategy.class;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /**
   * The strategy's {@link PreemptionStrategy#moreImportantFirst} over pod infos. The default order
   * reads the priority each {@link PodInfo} keeps (a dry run sorts the victims of every node it
   * visits, and reading the priority through each pod's spec was most of that).
   */
  private static Comparator<PodInfo> order(PreemptionStrategy strategy, Instant now) {
    if (DEFAULT_ORDER.get(strategy.getClass())) {
      return (a, b) -> {
        int byPriority = Integer.compare(b.priority(), a.priority());
        return byPriority != 0
            ? byPriority
            : PreemptionStrategy.startTime(a.pod(), now)
                .compareTo(PreemptionStrategy.startTime(b.pod(), now));
      };
    }
    Comparator<Pod> order = strategy.moreImportantFirst(now);
    return (a, b) -> order.compare(a.pod(), b.pod());
  }

  /** Whether a pod could come back, or the Error that stopped the attempt. */
  private static final class Reprieve {
    final boolean fits;
    final Status error;

    Reprieve(boolean fits, Status error) {
      this.fits = fits;
      this.error = error;
    }
  }

  /** Adds {@code p} back; if the preemptor no longer fits, removes it again. */
  private static Reprieve reprieve(
      PluginRunner runner, CycleState state, PodInfo preemptor, PodInfo p, NodeInfo node) {
    node.addPod(p);
    Status added = runner.runPreFilterExtensionAddPod(state, preemptor, p, node);
    if (!added.isSuccess()) {
      return new Reprieve(false, asError(added));
    }
    boolean fits = runner.runFilterPluginsWithNominatedPods(state, preemptor, node).isSuccess();
    if (!fits) {
      Status removed = remove(runner, state, preemptor, p, node);
      if (!removed.isSuccess()) {
        return new Reprieve(false, removed);
      }
    }
    return new Reprieve(fits, null);
  }

  private static Status remove(
      PluginRunner runner, CycleState state, PodInfo preemptor, PodInfo p, NodeInfo node) {
    node.removePod(p.pod());
    Status s = runner.runPreFilterExtensionRemovePod(state, preemptor, p, node);
    return s.isSuccess() ? s : asError(s);
  }

  /** A failed PreFilter extension is an error of the dry run, with its message. */
  private static Status asError(Status s) {
    return s.isError() ? s : Status.error(s.message());
  }
}
