package io.schedkit.benchmarks;

import io.schedkit.benchmarks.workloads.BenchTemplates;
import io.schedkit.core.Explanation;
import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.config.SchedulerConfigurationDecoder;
import io.schedkit.core.runtime.Framework;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.Registry;
import io.schedkit.framework.Status;
import io.schedkit.framework.fastpath.IndexedNodeLister;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
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
 * One failed scheduling attempt that preempts, as PreemptionBasic's measured pods make it, on a
 * frozen cluster: scheduler_perf's default nodes, each full with four low-priority pods of 900m,
 * and a high-priority pod of 3 cpu that fits nowhere. The attempt is the Filter pass over every
 * node, then DefaultPreemption's dry run (potential nodes, victims on each candidate, the choice),
 * run as the scheduling cycle runs them but with a dry-run cycle state, so nothing is evicted and
 * every invocation does the same work (the dry run's random start comes from the pod's name). The
 * cluster never changes, so after the first invocation the dry run reuses each node's victims (as
 * it does for pods of one shape on nodes that did not change): the attempt is the Filter pass, the
 * dry run's lookups and the choice of a candidate.
 *
 * <p>{@code nominated} nodes already carry a nominated high-priority pod whose victims are gone, as
 * in the middle of PreemptionBasic's burst (on virtual time the preemptors wait out their backoff
 * while the burst runs, so pod k of the burst sees about k such nodes): each such node is filtered
 * twice, and fails the dry run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PreemptionBenchmark {
  /** The number of nodes. */
  @Param({"5000"})
  public int nodes;

  /** Nodes holding a nominated preemptor whose victims were evicted. */
  @Param({"0", "2500"})
  public int nominated;

  /** Filter and dry-run threads (the scheduling thread included). */
  @Param({"1"})
  public int parallelism;

  private Scheduler scheduler;
  private Framework framework;
  private List<NodeInfo> all;
  private PodInfo preemptor;

  /** Nodes filtered together, as the scheduler's {@code SchedulingAlgorithm} does. */
  private static final int BLOCK = 16;

  /** Fills the cluster, places the low-priority pods, then records the nominations. */
  @Setup(Level.Trial)
  public void setUp() {
    VirtualClock clock = new VirtualClock();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    List<Node> nodeList = new ArrayList<>(nodes);
    for (int i = 0; i < nodes; i++) {
      String name = String.format(Locale.ROOT, "node-%05d", i);
      nodeList.add(
          BenchTemplates.nodeDefault().toBuilder()
              .name(name)
              .label(FrozenCluster.HOSTNAME_LABEL, name)
              .build());
    }
    cluster.createAll(nodeList);
    Registry registry = Registry.discover();
    scheduler =
        Scheduler.builder()
            .cluster(cluster)
            .clock(clock)
            .registry(registry)
            .configuration(new SchedulerConfigurationDecoder().defaults(registry))
            .parallelism(parallelism)
            .seed(1)
            .build();
    List<KubeObject> low = new ArrayList<>();
    for (int i = 0; i < 4 * nodes; i++) {
      low.add(pod(BenchTemplates.podLowPriority(), "low", i));
    }
    cluster.createAll(low);
    scheduler.runUntilIdle();
    // A nominated preemptor on each of the first `nominated` nodes, three of its four pods gone.
    for (int i = 0; i < nominated; i++) {
      Node n = nodeList.get(i);
      List<Pod> on =
          cluster.pods().stream().filter(p -> p.nodeName().equals(n.name())).limit(3).toList();
      for (Pod p : on) {
        cluster.delete(Pod.KIND, p.namespace(), p.name());
      }
      Pod waiting = pod(BenchTemplates.podHighPriority(), "waiting", i);
      cluster.createAll(
          List.of(
              waiting.toBuilder()
                  .status(waiting.status().toBuilder().nominatedNodeName(n.name()).build())
                  .build()));
    }
    Pod p = pod(BenchTemplates.podHighPriority(), "preemptor", 0);
    cluster.createAll(List.of(p));
    // explain brings the scheduler's snapshot up to date; the cycle below reads it.
    Explanation e = scheduler.explain(p);
    if (e.preemption() == null || e.preemption().candidates().isEmpty()) {
      throw new IllegalStateException("the preemptor finds no preemption candidate");
    }
    framework = scheduler.framework("default-scheduler").orElseThrow();
    all = framework.handle().snapshot().list();
    preemptor = PodInfo.of(cluster.pod(p.namespace(), p.name()).orElseThrow());
  }

  private static Pod pod(Pod template, String prefix, int i) {
    return template.toBuilder()
        .name(prefix + String.format(Locale.ROOT, "-%06d", i))
        .namespace("bench")
        .uid(prefix + "-" + i)
        .build();
  }

  /** Stops the scheduler's workers. */
  @TearDown(Level.Trial)
  public void tearDown() {
    scheduler.close();
  }

  /**
   * PreFilter, Filter over every node in blocks (all fail), then PostFilter: the preemption dry run
   * and the choice of a node. Returns the nominated node.
   */
  @Benchmark
  public String attemptThatPreempts() {
    CycleState state = new CycleState();
    state.setDryRun(true);
    PreFilterResult pre =
        framework.runPreFilterPlugins(state, preemptor, all, new LinkedHashSet<>());
    if (!pre.status().isSuccess()) {
      throw new IllegalStateException("PreFilter failed: " + pre.status());
    }
    int n = all.size();
    NodeInfo[] rejected = new NodeInfo[n];
    Status[] statuses = new Status[n];
    int count = 0;
    NodeInfo[] block = new NodeInfo[BLOCK];
    int[] positions = new int[BLOCK];
    Status[] verdicts = new Status[BLOCK];
    // As the scheduler filters its snapshot's own list: with positions and the columns.
    NodeColumns columns = IndexedNodeLister.columnsOf(framework.handle().snapshot());
    for (int i = 0; i < n; i += BLOCK) {
      int size = Math.min(BLOCK, n - i);
      for (int j = 0; j < size; j++) {
        block[j] = all.get(i + j);
        positions[j] = i + j;
      }
      framework.runFilterPluginsOnBlock(
          state, preemptor, block, positions, columns, size, verdicts);
      for (int j = 0; j < size; j++) {
        if (verdicts[j].isSuccess()) {
          throw new IllegalStateException("the preemptor fits " + block[j].name());
        }
        rejected[count] = block[j];
        statuses[count++] = verdicts[j];
      }
    }
    NodeToStatus m = new NodeToStatus();
    m.setAll(rejected, statuses, count);
    PostFilterResult r = framework.runPostFilterPlugins(state, preemptor, m);
    if (!r.status().isSuccess()) {
      throw new IllegalStateException("preemption failed: " + r.status());
    }
    return r.nominatingInfo().nominatedNodeName();
  }
}
