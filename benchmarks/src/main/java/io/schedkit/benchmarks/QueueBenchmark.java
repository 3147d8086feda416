package io.schedkit.benchmarks;

import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.metrics.SchedulerMetrics;
import io.schedkit.core.queue.QueuedPod;
import io.schedkit.core.queue.SchedulingQueue;
import io.schedkit.framework.model.Pod;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
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
 * The scheduling queue's cost per pod: pop the next pod, end its in-flight tracking, and add it
 * back as a new pending pod (PreEnqueue, PodInfo, the PrioritySort heap), with {@code pending} pods
 * waiting in the active queue. Each operation is one pop and one add.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class QueueBenchmark {
  /** Pods waiting in the active queue. */
  @Param({"1", "10000"})
  public int pending;

  private FrozenCluster cluster;
  private SchedulingQueue queue;

  /** Builds the queue and fills it. */
  @Setup(Level.Trial)
  public void setUp() {
    cluster = new FrozenCluster(1, 0, 1);
    queue =
        new SchedulingQueue(
            Map.of(cluster.framework.profileName(), cluster.framework),
            new VirtualClock(),
            Duration.ofSeconds(1),
            Duration.ofSeconds(10),
            cluster.objects,
            SchedulerMetrics.noop(),
            cluster.nominator);
    for (int i = 0; i < pending; i++) {
      queue.add(FrozenCluster.pendingPod(String.format(Locale.ROOT, "pending-%06d", i)));
    }
  }

  /** Stops the workers. */
  @TearDown(Level.Trial)
  public void tearDown() {
    cluster.close();
  }

  /** Pops a pod, ends its cycle and adds it again. */
  @Benchmark
  public QueuedPod popAndAdd() {
    QueuedPod p = queue.tryPop();
    queue.done(p.pod().uid());
    Pod pod = p.pod();
    queue.add(pod);
    return p;
  }
}
