package io.schedkit.core.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Several threads drive the pod state machine on shared nodes while another keeps updating a
 * snapshot: every snapshot is internally consistent, and the final state is the one the operations
 * determine, whatever the interleaving.
 */
final class SchedulerCacheConcurrencyTest {
  private static final int THREADS = 4;
  private static final int PODS_PER_THREAD = 1500;
  private static final int NODES = 5;

  private static Pod pod(int thread, int i) {
    return Pod.builder()
        .name("p-" + thread + "-" + i)
        .uid(thread + "-" + i)
        .nodeName("n" + (i % NODES))
        .container(Container.builder().request("cpu", "100m").build())
        .build();
  }

  /** Assume; then forget one pod in three and confirm the others; then remove every other pod. */
  private static void drive(SchedulerCache cache, int thread) {
    for (int i = 0; i < PODS_PER_THREAD; i++) {
      Pod pod = pod(thread, i);
      cache.assumePod(PodInfo.of(pod));
      if (i % 3 == 0) {
        cache.forgetPod(pod);
        continue;
      }
      cache.finishBinding(pod);
      cache.addPod(pod);
      if (i % 2 == 0) {
        cache.removePod(pod);
      }
    }
  }

  private static boolean kept(int i) {
    return i % 3 != 0 && i % 2 != 0;
  }

  @Test
  void concurrentWriters_snapshotsStayConsistentAndFinalStateIsDetermined() throws Exception {
    SchedulerCache cache = new SchedulerCache();
    for (int n = 0; n < NODES; n++) {
      cache.addNode(Node.builder().name("n" + n).allocatable("cpu", "1000").build());
    }
    ExecutorService pool = Executors.newFixedThreadPool(THREADS + 1);
    AtomicBoolean writing = new AtomicBoolean(true);
    try {
      List<Future<?>> writers = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        writers.add(pool.submit(() -> drive(cache, thread)));
      }
      Future<List<String>> reader =
          pool.submit(
              () -> {
                List<String> problems = new ArrayList<>();
                Snapshot snapshot = new Snapshot();
                while (writing.get()) {
                  cache.updateSnapshot(snapshot);
                  for (NodeInfo info : snapshot.list()) {
                    long cpu = 100L * info.pods().size();
                    if (info.requested().milliCpu() != cpu) {
                      problems.add(info.name() + " requests " + info.requested() + " for " + cpu);
                    }
                  }
                }
                return problems;
              });
      for (Future<?> writer : writers) {
        writer.get(60, TimeUnit.SECONDS);
      }
      writing.set(false);

      assertThat(reader.get(60, TimeUnit.SECONDS)).isEmpty();
    } finally {
      pool.shutdownNow();
    }

    int kept = 0;
    for (int i = 0; i < PODS_PER_THREAD; i++) {
      kept += kept(i) ? 1 : 0;
    }
    assertThat(cache.podCount()).isEqualTo(THREADS * kept);
    assertThat(cache.dump().assumedPods()).isEmpty();
    Snapshot snapshot = new Snapshot();
    cache.updateSnapshot(snapshot);
    List<Pod> expected = new ArrayList<>();
    List<Node> nodes = new ArrayList<>();
    for (NodeInfo info : snapshot.list()) {
      nodes.add(info.node());
    }
    for (int t = 0; t < THREADS; t++) {
      for (int i = 0; i < PODS_PER_THREAD; i++) {
        if (kept(i)) {
          expected.add(pod(t, i));
        }
      }
    }
    Snapshot rebuilt = Snapshot.of(nodes, expected);
    assertThat(CacheFixtures.summaries(snapshot.list()))
        .isEqualTo(CacheFixtures.summaries(rebuilt.list()));
  }
}
