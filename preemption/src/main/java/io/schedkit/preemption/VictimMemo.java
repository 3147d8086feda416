package io.schedkit.preemption;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Resource;
import io.schedkit.framework.Victims;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.PodSpec;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The victims found on each node by earlier dry runs, reused by the next dry run of a pod of the
 * same shape. When a Deployment's replicas preempt one after another, each dry run visits hundreds
 * of nodes, and most have not changed since the previous replica's dry run visited them.
 *
 * <p>A result is reused only when it is certain to be the same: every Filter plugin active in the
 * cycle is a {@link io.schedkit.framework.fastpath.NodeLocalFilter}, no PreFilter extension runs,
 * the strategy keeps the default victim selection, order and eligibility ({@link
 * DefaultVictimSelection#selectsByDefaultRules}); the pod has the same namespace, labels, priority,
 * requests and spec as the pod the result was found for, the same PodDisruptionBudgets are passed
 * (by identity, in order) and the same Filter plugins are active; and the node is the very same
 * snapshot object at the same {@link NodeInfo#generation()}, with the very same nominated pods (by
 * identity, in order), none of them the pod itself. Results that depend on the clock (two pods of
 * equal priority, one without a start time, are reprieved in an order that reads {@code now}) and
 * Errors are not kept.
 *
 * <p>Memory: one entry per node position, replaced when the pod's shape, the budgets or the active
 * plugins change, or the node list changes size.
 *
 * <p>Design note (threads): a dry run's visits run in parallel, one node each; they read and write
 * distinct positions of one {@link Table}, whose entries are immutable. A new table is published
 * through a volatile field; a dry run keeps the table it started with, so a racing dry run can at
 * worst write results into a table that is no longer read, and every entry stays valid for the
 * table's keys.
 */
final class VictimMemo {
  /** What two pods must share for the node-local plugins to answer them alike. */
  private record Shape(
      String namespace, Map<String, String> labels, int priority, Resource requests, PodSpec spec) {
    static Shape of(PodInfo pod) {
      return new Shape(
          pod.pod().namespace(),
          pod.pod().labels(),
          pod.priority(),
          pod.requests(),
          pod.pod().spec());
    }
  }

  /**
   * A kept result: the selection, and for one with victims the candidate it makes (node name and
   * victims, shared by every dry run that reuses it) with its scores under the default node-choice
   * criteria ({@link NodeChoice#defaultCriteria}), found once: a kept node's victims all have a
   * start time, so the scores do not read the clock.
   *
   * @param result the selection
   * @param candidate the candidate, or null when the selection failed or found no victim
   * @param defaultScores the candidate's default scores, or null without a candidate
   */
  record Kept(VictimSelection result, Candidate candidate, long[] defaultScores) {}

  /** One node's result and what it was found for. */
  private record Entry(NodeInfo node, long generation, List<PodInfo> nominated, Kept kept) {}

  /** The results of dry runs that share a shape, budgets and active plugins, by node position. */
  static final class Table {
    private final Shape shape;
    private final List<PodDisruptionBudget> pdbs;
    private final List<String> filters;
    private final Entry[] byPosition;
    private final LongAdder reused;

    private Table(
        Shape shape,
        List<PodDisruptionBudget> pdbs,
        List<String> filters,
        int size,
        LongAdder reused) {
      this.reused = reused;
      this.shape = shape;
      this.pdbs = pdbs;
      this.filters = filters;
      this.byPosition = new Entry[size];
    }

    private boolean keeps(
        Shape shape, List<PodDisruptionBudget> pdbs, List<String> filters, int size) {
      return byPosition.length == size
          && this.shape.equals(shape)
          && sameElements(this.pdbs, pdbs)
          && this.filters.equals(filters);
    }

    /**
     * The result kept for {@code node} with {@code nominated} on it, or null.
     *
     * @param node the snapshot's node
     * @param nominated the node's nominated pods as the nominator lists them now
     */
    Kept get(NodeInfo node, List<PodInfo> nominated) {
      int p = node.listPosition();
      if (p < 0 || p >= byPosition.length) {
        return null;
      }
      Entry e = byPosition[p];
      if (e == null
          || e.node() != node
          || e.generation() != node.generation()
          || !sameElements(e.nominated(), nominated)) {
        return null;
      }
      reused.increment();
      return e.kept();
    }

    /**
     * Keeps {@code result}, found for {@code node} with {@code nominated} on it, when it may be
     * reused.
     *
     * @return what is kept, or null when the result may not be reused
     */
    Kept put(NodeInfo node, List<PodInfo> nominated, VictimSelection result) {
      int p = node.listPosition();
      if (p < 0 || p >= byPosition.length || result.status().isError() || readsTheClock(node)) {
        return null;
      }
      Candidate candidate = null;
      long[] scores = null;
      if (result.status().isSuccess() && !result.victims().isEmpty()) {
        candidate =
            new Candidate(node.name(), new Victims(result.victims(), result.numPdbViolations()));
        // No pod on the node lacks a start time (readsTheClock), so "now" is never read.
        scores = NodeChoice.scores(candidate, NodeChoice.defaultCriteria(Instant.EPOCH));
      }
      Kept kept = new Kept(result, candidate, scores);
      byPosition[p] = new Entry(node, node.generation(), List.copyOf(nominated), kept);
      return kept;
    }
  }

  private volatile Table table;

  /** How many node results were reused, for tests. */
  private final LongAdder reused = new LongAdder();

  /** How many node results dry runs have reused so far. */
  long reused() {
    return reused.sum();
  }

  /**
   * The table for a dry run of {@code pod}: the one kept from earlier dry runs when they share its
   * keys, else a new one. The caller reads and writes it only for nodes whose nominated pods do not
   * include {@code pod} ({@link #isAmong}), and only in cycles where reuse is certain to be exact
   * (see the class comment).
   *
   * @param pod the preemptor
   * @param pdbs the budgets the dry run passes to the victim selection
   * @param filters the names of the Filter plugins active in the cycle
   * @param size the size of the snapshot's node list
   * @return the table to read and write
   */
  Table tableFor(PodInfo pod, List<PodDisruptionBudget> pdbs, List<String> filters, int size) {
    Shape shape = Shape.of(pod);
    Table t = table;
    if (t == null || !t.keeps(shape, pdbs, filters, size)) {
      t = new Table(shape, List.copyOf(pdbs), List.copyOf(filters), size, reused);
      table = t;
    }
    return t;
  }

  /** Whether {@code pod} is one of {@code nominated} (then its own nomination does not count). */
  static boolean isAmong(PodInfo pod, List<PodInfo> nominated) {
    for (int i = 0, n = nominated.size(); i < n; i++) {
      if (nominated.get(i).isSamePodAs(pod)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the reprieve order on {@code node} may read the clock: a pod without a start time
   * counts as started now.
   */
  private static boolean readsTheClock(NodeInfo node) {
    for (int i = 0, n = node.podCount(); i < n; i++) {
      if (node.podAt(i).pod().status().startTime() == null) {
        return true;
      }
    }
    return false;
  }

  private static <T> boolean sameElements(List<T> a, List<T> b) {
    if (a == b) {
      return true;
    }
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0, n = a.size(); i < n; i++) {
      if (a.get(i) != b.get(i)) {
        return false;
      }
    }
    return true;
  }
}
