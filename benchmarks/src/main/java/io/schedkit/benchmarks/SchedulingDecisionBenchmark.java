package io.schedkit.benchmarks;

import io.schedkit.core.runtime.Framework;
import io.schedkit.core.runtime.ScoreTable;
import io.schedkit.framework.Code;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.NodeColumns;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One scheduling decision for a pod-default pod against a frozen snapshot, through the real
 * default-profile {@link Framework}: PreFilter, Filter over a rotating sample of nodes until
 * kube-scheduler's {@code numFeasibleNodesToFind} nodes fit (or every node, at 100 %), PreScore,
 * Score with NormalizeScore and weights, and the choice of the best node (ties at random). These
 * are the steps of the scheduler's {@code SchedulingAlgorithm} in its normal mode, minus extenders
 * and the nominated-node shortcut, which this benchmark does not have.
 *
 * <p>Nothing is assumed, so every decision sees the same cluster; the rotation start moves on as in
 * the scheduler, so successive decisions look at different nodes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SchedulingDecisionBenchmark {
  /** The number of nodes. */
  @Param({"500", "5000", "15000"})
  public int nodes;

  /** percentageOfNodesToScore: 0 is kube-scheduler's adaptive default, 100 every node. */
  @Param({"0", "100"})
  public int percentage;

  /** Filter/Score workers, the benchmark thread included. */
  @Param({"1"})
  public int parallelism;

  /** Running pods per node. */
  @Param({"2"})
  public int podsPerNode;

  /**
   * {@code default}: kube-scheduler's default profile; {@code fit}: NodeResourcesFit alone (to
   * separate the framework's own cost from the plugins').
   */
  @Param({"default"})
  public String profile;

  /**
   * The pod to place: {@code default} (pod-default.yaml), {@code spread} (zone spread, hard) or
   * {@code antiAffinity} (required hostname anti-affinity).
   */
  @Param({"default"})
  public String pod;

  /**
   * Plugins to disable in the default profile, joined by {@code +} ({@code -p disabled=A+B}; JMH
   * itself splits {@code -p disabled=A,B} into one run per plugin, which shows what each costs).
   */
  @Param({""})
  public String disabled;

  private FrozenCluster cluster;
  private Framework framework;
  private List<NodeInfo> all;
  private PodInfo podInfo;
  private SplittableRandom random;
  private ScoreTable scratchTable;
  private int nextStart;

  /** Builds the cluster and the framework. */
  @Setup(Level.Trial)
  public void setUp() {
    cluster =
        new FrozenCluster(
            nodes,
            podsPerNode,
            parallelism,
            profile.equals("fit")
                ? FrozenCluster.FIT_ONLY_PROFILE
                : FrozenCluster.DEFAULT_PROFILE + disabledYaml(disabled));
    framework = cluster.framework;
    all = cluster.snapshot.list();
    podInfo = PodInfo.of(FrozenCluster.pendingPod(pod, "measured"));
    random = new SplittableRandom(0);
  }

  /** More {@code multiPoint.disabled} entries for the default profile's YAML. */
  static String disabledYaml(String names) {
    StringBuilder b = new StringBuilder();
    for (String n : names.split("[,+]")) {
      if (!n.isBlank()) {
        b.append("      - name: ").append(n.trim()).append('\n');
      }
    }
    return b.toString();
  }

  /** Stops the workers. */
  @TearDown(Level.Trial)
  public void tearDown() {
    cluster.close();
  }

  /** Nodes filtered together, as the scheduler's {@code SchedulingAlgorithm} does. */
  private static final int BLOCK = 16;

  /** One decision; returns the chosen node's name. */
  @Benchmark
  public String decide() {
    return decide(framework, podInfo);
  }

  String decide(Framework fwk, PodInfo p) {
    CycleState state = new CycleState();
    PreFilterResult pre = fwk.runPreFilterPlugins(state, p, all, new LinkedHashSet<>());
    if (!pre.status().isSuccess()) {
      throw new IllegalStateException("PreFilter failed: " + pre.status());
    }
    int n = all.size();
    int toFind = numFeasibleNodesToFind(percentage, n);
    // As the scheduler's filterNodes: blocks of nodes through each plugin in turn, ranges tally
    // locally and publish once per range.
    NodeInfo[] feasible = new NodeInfo[toFind];
    int[] feasiblePositions = new int[toFind];
    NodeColumns columns = cluster.snapshot.columns();
    AtomicInteger found = new AtomicInteger();
    AtomicInteger processed = new AtomicInteger();
    int start = nextStart;
    fwk.services()
        .parallelizer()
        .rangesUntilStopped(
            n,
            (from, to) -> {
              NodeInfo[] local = new NodeInfo[Math.min(to - from, toFind)];
              int[] localPositions = new int[local.length];
              int localCount = 0;
              int seen = 0;
              NodeInfo[] block = new NodeInfo[BLOCK];
              int[] positions = new int[BLOCK];
              Status[] verdicts = new Status[BLOCK];
              for (int i = from; i < to && found.get() + localCount < toFind; i += BLOCK) {
                int count = Math.min(BLOCK, to - i);
                int at = (start + i) % n;
                for (int j = 0; j < count; j++) {
                  block[j] = all.get(at);
                  positions[j] = at;
                  if (++at == n) {
                    at = 0;
                  }
                }
                fwk.runFilterPluginsOnBlock(state, p, block, positions, columns, count, verdicts);
                for (int j = 0; j < count && found.get() + localCount < toFind; j++) {
                  Status s = verdicts[j];
                  if (s.code() == Code.ERROR) {
                    throw new IllegalStateException(s.message());
                  }
                  seen++;
                  if (s.isSuccess()) {
                    localPositions[localCount] = positions[j];
                    local[localCount++] = block[j];
                  }
                }
              }
              int base = found.getAndAdd(localCount);
              int kept = Math.max(0, Math.min(localCount, toFind - base));
              System.arraycopy(local, 0, feasible, Math.min(base, toFind), kept);
              System.arraycopy(localPositions, 0, feasiblePositions, Math.min(base, toFind), kept);
              found.addAndGet(kept - localCount);
              processed.addAndGet(seen - (localCount - kept));
              return found.get() < toFind;
            });
    nextStart = (nextStart + processed.get()) % n;
    List<NodeInfo> list = new ArrayList<>(found.get());
    for (int i = 0; i < found.get(); i++) {
      list.add(feasible[i]);
    }
    if (list.isEmpty()) {
      throw new IllegalStateException("no node fits");
    }
    Status ps = fwk.runPreScorePlugins(state, p, list);
    if (!ps.isSuccess()) {
      throw new IllegalStateException("PreScore failed: " + ps);
    }
    // As the scheduler, the previous decision's score table is reused.
    Framework.ScoreOutcome so =
        fwk.runScorePlugins(
            state,
            p,
            list,
            java.util.Arrays.copyOf(feasiblePositions, list.size()),
            columns,
            false,
            scratchTable);
    if (!so.status().isSuccess()) {
      throw new IllegalStateException("Score failed: " + so.status());
    }
    scratchTable = so.table();
    int best = 0;
    long bestScore = so.table().total(0);
    int ties = 1;
    for (int i = 1; i < list.size(); i++) {
      long t = so.table().total(i);
      if (t > bestScore) {
        bestScore = t;
        best = i;
        ties = 1;
      } else if (t == bestScore && random.nextInt(++ties) == 0) {
        best = i;
      }
    }
    return list.get(best).name();
  }

  /** kube-scheduler's {@code numFeasibleNodesToFind} (100 nodes at least, 5 % at least). */
  static int numFeasibleNodesToFind(int percentage, int numAllNodes) {
    if (numAllNodes < 100) {
      return numAllNodes;
    }
    int p = percentage;
    if (p == 0) {
      p = Math.max(5, 50 - numAllNodes / 125);
    }
    return Math.max((int) ((long) numAllNodes * p / 100), 100);
  }
}
