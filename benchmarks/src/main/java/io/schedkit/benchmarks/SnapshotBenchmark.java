package io.schedkit.benchmarks;

import io.schedkit.core.cache.SchedulerCache;
import io.schedkit.core.cache.Snapshot;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.List;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of bringing the scheduler's snapshot up to date after one change, as between two
 * scheduling cycles: one pod is added to (or removed from) one node of the cache, then {@link
 * SchedulerCache#updateSnapshot} copies that node. The change alternates between adding and
 * removing a pod, on a rotating node.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SnapshotBenchmark {
  /** The number of nodes. */
  @Param({"500", "5000", "15000"})
  public int nodes;

  /** Running pods per node. */
  @Param({"10"})
  public int podsPerNode;

  private SchedulerCache cache;
  private Snapshot snapshot;
  private List<Pod> extra;
  private boolean[] added;
  private int next;

  /** Fills the cache and takes the first snapshot. */
  @Setup(Level.Trial)
  public void setUp() {
    cache = new SchedulerCache();
    snapshot = new Snapshot();
    List<Node> nodeList = FrozenCluster.nodes(nodes);
    for (Node n : nodeList) {
      cache.addNode(n);
    }
    for (int i = 0; i < nodes * podsPerNode; i++) {
      cache.addPod(boundPod("running-" + i, nodeList.get(i % nodes)));
    }
    extra = new ArrayList<>(nodes);
    for (int i = 0; i < nodes; i++) {
      extra.add(boundPod("extra-" + i, nodeList.get(i)));
    }
    added = new boolean[nodes];
    cache.updateSnapshot(snapshot);
  }

  private static Pod boundPod(String name, Node node) {
    return FrozenCluster.pendingPod(name).toBuilder().nodeName(node.name()).build();
  }

  /** One change, then the snapshot update. */
  @Benchmark
  public Snapshot changeAndUpdate() {
    int i = next;
    next = (next + 1) % nodes;
    Pod p = extra.get(i);
    if (added[i]) {
      cache.removePod(p);
    } else {
      cache.addPod(p);
    }
    added[i] = !added[i];
    cache.updateSnapshot(snapshot);
    return snapshot;
  }
}
