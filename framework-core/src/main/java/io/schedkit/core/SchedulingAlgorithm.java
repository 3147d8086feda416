package io.schedkit.core;

import io.schedkit.core.runtime.Framework;
import io.schedkit.core.runtime.ScoreTable;
import io.schedkit.core.runtime.WorkerPool;
import io.schedkit.framework.Code;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.NodeScore;
import io.schedkit.framework.Parallelizer;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.Status;
import io.schedkit.framework.extender.Extender;
import io.schedkit.framework.extender.ExtenderFilterResult;
import io.schedkit.framework.fastpath.IndexedNodeLister;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The node-choosing part of a scheduling cycle, as kube-scheduler's {@code schedulePod}: PreFilter,
 * the nominated node first, Filter over a rotating sample of nodes, extender filters, then
 * PreScore, Score, extender priorities and a random choice among the best.
 *
 * <p>Design note: one instance belongs to the scheduling thread; {@link #nextStartNodeIndex} is the
 * only state carried between cycles. {@link Mode#EXPLAIN} evaluates every node, keeps raw scores
 * and scores even a single feasible node, so explain can report everything.
 */
final class SchedulingAlgorithm {
  /** Below this many nodes every node is evaluated. */
  static final int MIN_FEASIBLE_NODES_TO_FIND = 100;

  /** The least adaptive percentage of nodes to score. */
  static final int MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5;

  /** The pseudo-plugin name under which extender rejections are recorded. */
  static final String EXTENDER_NAME = "Extender";

  /** How a cycle evaluates nodes. */
  enum Mode {
    /** As kube-scheduler: sample, stop when enough nodes fit, skip scoring a single node. */
    SCHEDULE,
    /** Every node, with raw scores kept and a single feasible node scored. */
    EXPLAIN
  }

  private final int percentageOfNodesToScore;
  private final List<Extender> extenders;
  private final Random random;
  private int nextStartNodeIndex;

  /**
   * Filter's per-node rejections, reused from cycle to cycle (cycles are serialised) and left all
   * null after each use: one array of the cluster's size per cycle was the largest allocation.
   */
  private Status[] rejectedBuffer = new Status[0];

  /** The last scheduling cycle's score table, reused by the next (explain gets its own). */
  private ScoreTable scratchTable;

  /** Filter's feasible nodes, reused from cycle to cycle; copied out before the cycle goes on. */
  private NodeInfo[] feasibleBuffer = new NodeInfo[0];

  /** The weighted totals of the feasible nodes, reused from cycle to cycle. */
  private long[] totalsBuffer = new long[0];

  /** The feasible nodes' snapshot positions, alongside {@link #feasibleBuffer}. */
  private int[] feasiblePositionsBuffer = new int[0];

  /** Scratch for the ranges Filter runs on the scheduling thread before any fan-out. */
  private NodeInfo[] inlineLocal = new NodeInfo[0];

  private int[] inlineLocalPositions = new int[0];

  /** The nodes that passed Filter for pods of recent shapes, by position and row version. */
  private final PassedNodes passedNodes = new PassedNodes();

  /**
   * A block's nodes, positions and verdicts, for the ranges Filter runs on the scheduling thread.
   */
  private final NodeInfo[] inlineBlock = new NodeInfo[FILTER_BLOCK];

  private final int[] inlineBlockPositions = new int[FILTER_BLOCK];
  private final Status[] inlineVerdicts = new Status[FILTER_BLOCK];

  SchedulingAlgorithm(int percentageOfNodesToScore, List<Extender> extenders, Random random) {
    this.percentageOfNodesToScore = percentageOfNodesToScore;
    this.extenders = List.copyOf(extenders);
    this.random = random;
  }

  /**
   * What choosing a node produced.
   *
   * @param status Success, a rejection (the pod fits nowhere; see the diagnosis), or an Error
   * @param selectedNode the chosen node, or null
   * @param diagnosis why nodes were rejected
   * @param feasibleNodes the nodes that passed every filter
   * @param scores the scores (null when scoring did not run)
   * @param extenderScores the weighted extender scores per node name (explain)
   * @param evaluatedNodes feasible plus rejected nodes
   */
  record Result(
      Status status,
      String selectedNode,
      Diagnosis diagnosis,
      List<NodeInfo> feasibleNodes,
      ScoreTable scores,
      Map<String, Map<String, Long>> extenderScores,
      int evaluatedNodes) {}

  /** Chooses a node for {@code pod} on {@code snapshot}, or explains why none fits. */
  Result schedulePod(
      Framework fwk, CycleState state, PodInfo pod, NodeInfoLister snapshot, Mode mode) {
    List<NodeInfo> allNodes = snapshot.list();
    Diagnosis diagnosis = new Diagnosis();
    if (allNodes.isEmpty()) {
      return failure(
          Status.unresolvable("no nodes available to schedule pods"), diagnosis, List.of());
    }
    // PreFilter.
    Set<String> narrowing = new LinkedHashSet<>();
    PreFilterResult pre = fwk.runPreFilterPlugins(state, pod, allNodes, narrowing);
    if (!narrowing.isEmpty()) {
      narrowing.forEach(diagnosis::addUnschedulablePlugin);
    }
    Status preStatus = pre.status();
    if (!preStatus.isSuccess()) {
      if (!preStatus.isRejected()) {
        return failure(preStatus, diagnosis, List.of());
      }
      diagnosis.nodeToStatus().setAbsentStatus(preStatus);
      diagnosis.setPreFilterMessage(preStatus.message());
      diagnosis.addPluginStatus(preStatus);
      return failure(Status.unschedulable(), diagnosis, List.of());
    }

    // The nominated node first: if it passes, it is the answer.
    String nominated = pod.pod().status().nominatedNodeName();
    if (!nominated.isEmpty() && mode == Mode.SCHEDULE) {
      NodeInfo nn = snapshot.get(nominated).orElse(null);
      if (nn != null) {
        FilterOutcome fo = filterNodes(fwk, state, pod, List.of(nn), null, null, diagnosis, 1, 0);
        if (fo.error == null && !fo.feasible.isEmpty()) {
          List<NodeInfo> passed;
          try {
            passed = filterByExtenders(pod.pod(), fo.feasible, diagnosis);
          } catch (ExtenderException e) {
            passed = List.of();
          }
          if (!passed.isEmpty()) {
            return new Result(Status.success(), nominated, diagnosis, passed, null, Map.of(), 1);
          }
        }
      }
    }

    List<NodeInfo> candidates = allNodes;
    if (!pre.allNodes()) {
      candidates = new ArrayList<>(pre.nodeNames().size());
      for (NodeInfo n : allNodes) {
        if (pre.nodeNames().contains(n.name())) {
          candidates.add(n);
        }
      }
      TreeSet<String> sorted = new TreeSet<>(narrowing);
      diagnosis
          .nodeToStatus()
          .setAbsentStatus(
              Status.unresolvable("node(s) didn't satisfy plugin(s) " + Framework.goList(sorted))
                  .withPlugin(sorted.isEmpty() ? "" : sorted.first()));
    }

    int toFind;
    if (mode == Mode.EXPLAIN) {
      toFind = candidates.size();
    } else {
      toFind = numFeasibleNodesToFind(fwk.percentageOfNodesToScore(), candidates.size());
      if (!hasExtenderFilters() && !hasScoring(fwk)) {
        toFind = 1;
      }
    }
    int start = mode == Mode.EXPLAIN ? 0 : nextStartNodeIndex;
    // The snapshot's own list: the plugins may read its columns by position.
    NodeColumns columns = candidates == allNodes ? IndexedNodeLister.columnsOf(snapshot) : null;
    // Blocks of nodes that passed for a pod of this shape and did not change pass again, where the
    // plugins are certain to answer as before (PassedNodes).
    PassedNodes.Cycle passed =
        columns != null
                && mode == Mode.SCHEDULE
                && !fwk.recordsMetrics()
                && fwk.services().nominator().isEmpty()
                && fwk.filtersAreNodeLocal(state)
            ? passedNodes.cycle(fwk, state, pod, columns)
            : null;
    FilterOutcome fo =
        filterNodes(fwk, state, pod, candidates, columns, passed, diagnosis, toFind, start);
    if (mode == Mode.SCHEDULE) {
      int processed = fo.feasible.size() + fo.rejected;
      nextStartNodeIndex = (nextStartNodeIndex + processed) % allNodes.size();
    }
    if (fo.error != null) {
      return failure(fo.error, diagnosis, List.of());
    }
    List<NodeInfo> feasible;
    try {
      int before = fo.feasible.size();
      feasible = filterByExtenders(pod.pod(), fo.feasible, diagnosis);
      if (feasible.size() != before) {
        diagnosis.addUnschedulablePlugin(EXTENDER_NAME);
      }
    } catch (ExtenderException e) {
      return failure(Status.error(e.getMessage()), diagnosis, List.of());
    }
    int evaluated = feasible.size() + diagnosis.nodeToStatus().size();
    if (feasible.isEmpty()) {
      return new Result(
          Status.unschedulable(), null, diagnosis, feasible, null, Map.of(), evaluated);
    }
    if (feasible.size() == 1 && mode == Mode.SCHEDULE) {
      return new Result(
          Status.success(), feasible.get(0).name(), diagnosis, feasible, null, Map.of(), evaluated);
    }

    // Score.
    Map<String, Map<String, Long>> extenderScores = new HashMap<>();
    long[] totals;
    ScoreTable table = null;
    if (extenders.isEmpty() && !fwk.hasScorePlugins()) {
      totals = new long[feasible.size()];
      java.util.Arrays.fill(totals, 1);
    } else {
      // Positions stay valid while the extenders left the feasible list as Filter made it.
      int[] positions = feasible == fo.feasible ? fo.positions : null;
      Status ps =
          fwk.runPreScorePlugins(
              state, pod, feasible, positions, positions == null ? null : columns);
      if (!ps.isSuccess()) {
        return failure(ps, diagnosis, feasible);
      }
      boolean explain = mode == Mode.EXPLAIN;
      // A scheduling cycle's table is not kept past the cycle: the next one reuses it. It reads
      // only which nodes have the highest total and how many do, so plugins that score every node
      // alike may be left out.
      Framework.ScoreOutcome so =
          explain || positions == null
              ? fwk.runScorePlugins(
                  state,
                  pod,
                  feasible,
                  positions,
                  positions == null ? null : columns,
                  explain,
                  explain ? null : scratchTable)
              : fwk.runScorePluginsToChoose(state, pod, feasible, positions, columns, scratchTable);
      if (!so.status().isSuccess()) {
        return failure(so.status(), diagnosis, feasible);
      }
      table = so.table();
      if (!explain) {
        scratchTable = table;
      }
      if (totalsBuffer.length < feasible.size()) {
        totalsBuffer = new long[feasible.size()];
      }
      totals = totalsBuffer;
      table.copyTotals(totals, feasible.size());
      addExtenderScores(pod.pod(), feasible, totals, extenderScores);
    }
    String host = selectHost(feasible, totals, feasible.size());
    return new Result(
        Status.success(),
        host,
        diagnosis,
        feasible,
        mode == Mode.EXPLAIN ? table : null,
        extenderScores,
        evaluated);
  }

  private static Result failure(Status status, Diagnosis diagnosis, List<NodeInfo> feasible) {
    return new Result(status, null, diagnosis, feasible, null, Map.of(), 0);
  }

  /** The nodes that passed, the count of rejected nodes, and an Error that stopped filtering. */
  private static final class FilterOutcome {
    final List<NodeInfo> feasible;

    /**
     * Each feasible node's position in the snapshot's list (the first {@code feasible.size()}
     * entries), or null when not filtered by them.
     */
    final int[] positions;

    final int rejected;
    final Status error;

    FilterOutcome(List<NodeInfo> feasible, int[] positions, int rejected, Status error) {
      this.feasible = feasible;
      this.positions = positions;
      this.rejected = rejected;
      this.error = error;
    }
  }

  /**
   * Nodes filtered together ({@link Framework#runFilterPluginsOnBlock}): large enough that a
   * block's fixed cost (each plugin's call and state lookup, the verdict bookkeeping) is spread
   * over many nodes, which matters where a third of the nodes are rejected; small enough that the
   * nodes past the last one needed, filtered for nothing, cost little next to the hundreds a search
   * visits.
   */
  private static final int FILTER_BLOCK = 64;

  /** The smallest block filtered while more nodes than that remain to be looked at. */
  private static final int SMALLEST_FILTER_BLOCK = 16;

  /**
   * Nodes filtered on the scheduling thread between two looks at whether the rest of the search is
   * long enough to fan out.
   */
  private static final int FILTER_STEP = 256;

  /**
   * The first look comes sooner: a pod that no node of the first {@value} fits is likely to fit few
   * or none (it is about to preempt, or it waits), so its search fans out from there.
   */
  private static final int FILTER_FIRST_STEP = 64;

  /**
   * Filters {@code nodes} starting at {@code start} (rotating), until {@code toFind} nodes passed
   * (as upstream, the search stops when one more node passes than needed; that node is dropped).
   * Rejections are recorded in the diagnosis in rotation order.
   */
  private FilterOutcome filterNodes(
      Framework fwk,
      CycleState state,
      PodInfo pod,
      List<NodeInfo> nodes,
      NodeColumns columns,
      PassedNodes.Cycle passed,
      Diagnosis diagnosis,
      int toFind,
      int start) {
    int n = nodes.size();
    if (n == 0) {
      return new FilterOutcome(List.of(), null, 0, null);
    }
    if (!fwk.hasFilterPlugins()) {
      List<NodeInfo> out = new ArrayList<>(Math.min(toFind, n));
      for (int i = 0; i < Math.min(toFind, n); i++) {
        out.add(nodes.get((start + i) % n));
      }
      return new FilterOutcome(out, null, 0, null);
    }
    if (feasibleBuffer.length < toFind) {
      feasibleBuffer = new NodeInfo[toFind];
    }
    NodeInfo[] feasible = feasibleBuffer;
    if (columns != null && feasiblePositionsBuffer.length < toFind) {
      feasiblePositionsBuffer = new int[toFind];
    }
    int[] feasiblePositions = feasiblePositionsBuffer;
    if (rejectedBuffer.length < n) {
      rejectedBuffer = new Status[n];
    }
    Status[] rejected = rejectedBuffer;
    AtomicInteger found = new AtomicInteger();
    AtomicReference<Status> error = new AtomicReference<>();
    // Each range counts its feasible nodes locally and claims slots in `feasible` once at its end,
    // so the workers do not contend on `found` for every node. A range stops as soon as the nodes
    // already published plus its own reach toFind: with one worker that is exactly upstream's
    // order and stopping point; with several, nodes found beyond toFind are dropped (not counted
    // as processed), as upstream's parallel filter does.
    // One past the last rejected offset of any range, so collecting rejections reads only the
    // part of `rejected` that filtering reached (a few hundred of thousands of entries, usually).
    AtomicInteger rejectedEnd = new AtomicInteger();
    // Steps filtered on this thread, one after another, reuse one scratch pair; ranges that run
    // after the fan-out (on any thread) take their own.
    boolean[] inline = {true};
    if (inlineLocal.length < toFind) {
      inlineLocal = new NodeInfo[toFind];
      inlineLocalPositions = new int[toFind];
    }
    NodeInfo[] scratch = inlineLocal;
    int[] scratchPositions = inlineLocalPositions;
    Parallelizer.RangeWork work =
        (from, to) -> {
          boolean onThisThread = inline[0];
          NodeInfo[] local = onThisThread ? scratch : new NodeInfo[Math.min(to - from, toFind)];
          int[] localPositions =
              columns == null ? null : onThisThread ? scratchPositions : new int[local.length];
          int localCount = 0;
          int lastRejected = -1;
          boolean more = true;
          NodeInfo[] block = onThisThread ? inlineBlock : new NodeInfo[FILTER_BLOCK];
          int[] positions =
              columns == null ? null : onThisThread ? inlineBlockPositions : new int[FILTER_BLOCK];
          Status[] verdicts = onThisThread ? inlineVerdicts : new Status[FILTER_BLOCK];
          for (int i = from, count = 0; i < to && more; i += count) {
            // Read once per block: other ranges publish only at their ends, so within a block the
            // count moves by this range's own nodes (with several ranges, a block may pass a few
            // nodes beyond toFind, which are dropped when published, as upstream's parallel
            // filter).
            int published = found.get();
            if (published + localCount >= toFind || error.get() != null) {
              break;
            }
            // No more nodes than are still to find, but at least a small block: where every node
            // passes, the search then ends on a block's last node.
            count =
                Math.min(
                    to - i,
                    Math.min(
                        FILTER_BLOCK,
                        Math.max(SMALLEST_FILTER_BLOCK, toFind - published - localCount)));
            int at = (start + i) % n;
            for (int j = 0; j < count; j++) {
              block[j] = nodes.get(at);
              if (positions != null) {
                positions[j] = at;
              }
              if (++at == n) {
                at = 0;
              }
            }
            if (passed != null && passed.allPassed(positions, count)) {
              // Every node of the block passes: taken in order up to toFind, as the loop below
              // would take them, without a verdict per node.
              int take = Math.min(count, toFind - published - localCount);
              System.arraycopy(block, 0, local, localCount, take);
              System.arraycopy(positions, 0, localPositions, localCount, take);
              localCount += take;
              more = take == count;
              continue;
            }
            fwk.runFilterPluginsOnBlock(state, pod, block, positions, columns, count, verdicts);
            for (int j = 0; passed != null && j < count; j++) {
              if (verdicts[j].isSuccess()) {
                passed.passed(positions[j]);
              }
            }
            // Take the verdicts in node order, as if the nodes were filtered one by one; the
            // nodes after the one that completes toFind do not count as processed.
            for (int j = 0; j < count; j++) {
              if (published + localCount >= toFind) {
                more = false;
                break;
              }
              Status s = verdicts[j];
              if (s.code() == Code.ERROR) {
                error.compareAndSet(null, s);
                more = false;
                break;
              }
              if (s.isSuccess()) {
                if (localPositions != null) {
                  localPositions[localCount] = positions[j];
                }
                local[localCount++] = block[j];
              } else {
                rejected[i + j] = s;
                lastRejected = i + j;
              }
            }
          }
          if (lastRejected >= 0) {
            int end = lastRejected + 1;
            rejectedEnd.accumulateAndGet(end, Math::max);
          }
          if (localCount > 0) {
            int base = found.getAndAdd(localCount);
            int kept = Math.max(0, Math.min(localCount, toFind - base));
            System.arraycopy(local, 0, feasible, Math.min(base, toFind), kept);
            if (localPositions != null) {
              System.arraycopy(localPositions, 0, feasiblePositions, Math.min(base, toFind), kept);
            }
            if (kept < localCount) {
              found.addAndGet(kept - localCount);
            }
          }
          return more && found.get() < toFind;
        };
    // Nodes are filtered on this thread, a step at a time, while the search looks short: a fan-out
    // costs about what a thousand nodes of Filter do, and the nodes to find are usually among the
    // first ones. After each step, if at the rate nodes passed so far the rest of the search still
    // needs that many nodes (a pod that fits few nodes, or none), the rest fans out.
    int done = 0;
    boolean more = true;
    while (more && done < n) {
      int next =
          Math.min(n, done == 0 ? FILTER_FIRST_STEP : done + FILTER_STEP - done % FILTER_STEP);
      more = work.run(done, next) && found.get() < toFind && error.get() == null;
      done = next;
      if (!more || done == n) {
        break;
      }
      int got = found.get();
      if (done < FILTER_STEP && got > 0) {
        continue; // too few nodes to estimate from: look again at the end of the first step
      }
      long estimate = got == 0 ? n - done : (long) (toFind - got) * done / got;
      if (estimate >= WorkerPool.MIN_PARALLEL_NODES && n - done >= WorkerPool.MIN_PARALLEL_NODES) {
        int head = done;
        inline[0] = false;
        fwk.services()
            .parallelizer()
            .rangesUntilStopped(n - head, (from, to) -> work.run(from + head, to + head));
        break;
      }
    }
    int reached = rejectedEnd.get();
    int rejectedCount = 0;
    for (int i = 0; i < reached; i++) {
      if (rejected[i] != null) {
        rejectedCount++;
      }
    }
    if (rejectedCount > 0) {
      NodeInfo[] rejectedNodes = new NodeInfo[rejectedCount];
      Status[] statuses = new Status[rejectedCount];
      // With columns the nodes are the snapshot's list: their positions go with them, so that
      // preemption selects its potential nodes without reading each one.
      int[] rejectedPositions = columns == null ? null : new int[rejectedCount];
      int k = 0;
      for (int i = 0; i < reached; i++) {
        Status s = rejected[i];
        if (s != null) {
          rejected[i] = null;
          int at = (start + i) % n;
          rejectedNodes[k] = nodes.get(at);
          if (rejectedPositions != null) {
            rejectedPositions[k] = at;
          }
          statuses[k++] = s;
          diagnosis.addPluginStatus(s);
        }
      }
      // Built into a map only if something reads it: a cycle that succeeds never does.
      diagnosis
          .nodeToStatus()
          .setAll(
              rejectedNodes,
              statuses,
              rejectedCount,
              rejectedPositions == null ? null : nodes,
              rejectedPositions);
    }
    int feasibleCount = found.get();
    // Copied in bulk: an add per node cost more than the copy. The buffer is not cleared: the next
    // cycle overwrites it, and until then it holds at most a few hundred of the snapshot's nodes.
    List<NodeInfo> out = new ArrayList<>(Arrays.asList(Arrays.copyOf(feasible, feasibleCount)));
    // The positions stay in the buffer: Score reads them in this cycle, before the next filter.
    return new FilterOutcome(
        out, columns == null ? null : feasiblePositions, rejectedCount, error.get());
  }

  /** An extender failure that fails the cycle. */
  static final class ExtenderException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ExtenderException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** Runs the filtering extenders one after another on the survivors. */
  List<NodeInfo> filterByExtenders(Pod pod, List<NodeInfo> feasible, Diagnosis diagnosis) {
    List<NodeInfo> current = feasible;
    for (Extender e : extenders) {
      if (current.isEmpty()) {
        break;
      }
      if (!e.isFilter() || !e.isInterested(pod)) {
        continue;
      }
      ExtenderFilterResult r;
      try {
        r = e.filter(pod, current);
      } catch (Exception ex) {
        if (e.isIgnorable()) {
          continue;
        }
        throw new ExtenderException(ex.getMessage() == null ? ex.toString() : ex.getMessage(), ex);
      }
      r.failedAndUnresolvableNodes()
          .forEach((node, msg) -> diagnosis.nodeToStatus().set(node, Status.unresolvable(msg)));
      r.failedNodes()
          .forEach(
              (node, msg) -> {
                if (!r.failedAndUnresolvableNodes().containsKey(node)) {
                  diagnosis.nodeToStatus().set(node, Status.unschedulable(msg));
                }
              });
      Map<String, NodeInfo> byName = new HashMap<>();
      for (NodeInfo n : current) {
        byName.put(n.name(), n);
      }
      List<NodeInfo> next = new ArrayList<>(r.feasibleNodes().size());
      for (String name : r.feasibleNodes()) {
        NodeInfo n = byName.get(name);
        if (n == null) {
          throw new ExtenderException(
              "extender \""
                  + e.name()
                  + "\" claims a filtered node \""
                  + name
                  + "\" which is not found in the input node list",
              null);
        }
        next.add(n);
      }
      current = next;
    }
    return current;
  }

  private void addExtenderScores(
      Pod pod, List<NodeInfo> nodes, long[] totals, Map<String, Map<String, Long>> perNode) {
    if (extenders.isEmpty()) {
      return;
    }
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < nodes.size(); i++) {
      index.put(nodes.get(i).name(), i);
    }
    for (Extender e : extenders) {
      if (!e.isPrioritizer() || !e.isInterested(pod)) {
        continue;
      }
      List<NodeScore> scores;
      try {
        scores = e.prioritize(pod, nodes);
      } catch (Exception ex) {
        continue; // prioritize errors are ignored, as upstream
      }
      for (NodeScore s : scores) {
        Integer i = index.get(s.name());
        if (i == null) {
          continue;
        }
        long score = Math.max(Extender.MIN_PRIORITY, Math.min(Extender.MAX_PRIORITY, s.score()));
        long weighted = score * e.weight() * (ScorePlugin.MAX_NODE_SCORE / Extender.MAX_PRIORITY);
        totals[i] += weighted;
        perNode
            .computeIfAbsent(s.name(), k -> new java.util.LinkedHashMap<>())
            .merge(e.name(), weighted, Long::sum);
      }
    }
  }

  /**
   * The node with the highest total; ties broken uniformly at random. One pass finds the highest
   * total and how many nodes have it, and one draw picks among them (upstream's reservoir sampling
   * gives the same distribution with a draw per tied node, which among thousands of equally scored
   * nodes was a noticeable share of a cycle).
   */
  String selectHost(List<NodeInfo> nodes, long[] totals, int count) {
    long best = totals[0];
    int ties = 1;
    for (int i = 1; i < count; i++) {
      long t = totals[i];
      if (t > best) {
        best = t;
        ties = 1;
      } else if (t == best) {
        ties++;
      }
    }
    int pick = ties == 1 ? 0 : random.nextInt(ties);
    for (int i = 0; ; i++) {
      if (totals[i] == best && pick-- == 0) {
        return nodes.get(i).name();
      }
    }
  }

  /** kube-scheduler's {@code numFeasibleNodesToFind}. */
  int numFeasibleNodesToFind(Integer profilePercentage, int numAllNodes) {
    if (numAllNodes < MIN_FEASIBLE_NODES_TO_FIND) {
      return numAllNodes;
    }
    int percentage = profilePercentage != null ? profilePercentage : percentageOfNodesToScore;
    if (percentage == 0) {
      percentage = 50 - numAllNodes / 125;
      if (percentage < MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND) {
        percentage = MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND;
      }
    }
    int numNodes = (int) ((long) numAllNodes * percentage / 100);
    return Math.max(numNodes, MIN_FEASIBLE_NODES_TO_FIND);
  }

  private boolean hasExtenderFilters() {
    return extenders.stream().anyMatch(Extender::isFilter);
  }

  private boolean hasScoring(Framework fwk) {
    return fwk.hasScorePlugins() || extenders.stream().anyMatch(Extender::isPrioritizer);
  }

  /** The rotation start of the next cycle (for tests). */
  int nextStartNodeIndex() {
    return nextStartNodeIndex;
  }
}
