package io.schedkit.plugins.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Scheduler;
import io.schedkit.core.cache.SchedulerCache;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Registry;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.testing.Wrappers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The live scheduler while four threads create and delete pods (pending ones, and ones the host
 * binds itself) on nodes too small for all of them: a bounded, seeded number of operations, then,
 * once quiet, the cluster and the scheduler agree.
 */
final class SchedulerConcurrentLoadTest {
  private static final int THREADS = 4;
  private static final int OPS_PER_THREAD = 1250;
  private static final int NODES = 12;

  @Test
  void concurrentCreatesAndDeletes_leaveCacheQueueAndClusterConsistent() throws Exception {
    Registry registry = DefaultProfileFixtures.registry();
    InMemoryCluster cluster = InMemoryCluster.builder().seed(7).build();
    for (int i = 0; i < NODES; i++) {
      cluster.create(DefaultProfileFixtures.node("n" + i, "zone-" + (i % 3)));
    }
    Map<String, AtomicInteger> binds = new ConcurrentHashMap<>();
    List<String> rebinds = java.util.Collections.synchronizedList(new ArrayList<>());
    AutoCloseable watch =
        cluster.watch(
            e -> {
              if (e.type() == WatchEvent.Type.MODIFIED
                  && e.newObject() instanceof Pod p
                  && e.oldObject() instanceof Pod old) {
                if (old.nodeName().isEmpty() && !p.nodeName().isEmpty()) {
                  binds.computeIfAbsent(p.uid(), k -> new AtomicInteger()).incrementAndGet();
                } else if (!old.nodeName().isEmpty() && !old.nodeName().equals(p.nodeName())) {
                  rebinds.add(p.key() + ": " + old.nodeName() + " -> " + p.nodeName());
                }
              }
            });
    Set<Thread> before = ThreadsLeft.snapshot();
    Scheduler scheduler =
        Scheduler.builder()
            .cluster(cluster)
            .registry(registry)
            .configuration(DefaultProfileFixtures.configuration(registry))
            .parallelism(2)
            .seed(11)
            .build();
    try {
      scheduler.start();
      CountDownLatch go = new CountDownLatch(1);
      List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
      List<Thread> clients = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int id = t;
        Thread c =
            new Thread(
                () -> {
                  try {
                    go.await();
                    churn(cluster, id, new Random(1000 + id));
                  } catch (Throwable e) {
                    failures.add(e);
                  }
                },
                "load-" + t);
        clients.add(c);
        c.start();
      }
      go.countDown();
      for (Thread c : clients) {
        c.join(120_000);
        assertThat(c.isAlive()).as("%s finished its operations", c.getName()).isFalse();
      }
      assertThat(failures).isEmpty();

      awaitQuiet(scheduler, cluster);

      List<Pod> pods = cluster.pods();
      Map<String, Node> nodes =
          cluster.nodes().stream().collect(Collectors.toMap(Node::name, n -> n));
      // No pod bound twice or moved, none bound to a missing node.
      assertThat(rebinds).isEmpty();
      assertThat(binds.values()).allMatch(n -> n.get() == 1, "bound once");
      assertThat(pods)
          .filteredOn(p -> !p.nodeName().isEmpty())
          .allMatch(p -> nodes.containsKey(p.nodeName()), "bound to an existing node");
      // No node over its allocatable.
      Map<String, long[]> used = new TreeMap<>();
      for (Pod p : pods) {
        if (!p.nodeName().isEmpty()) {
          PodInfo info = PodInfo.of(p);
          long[] u = used.computeIfAbsent(p.nodeName(), k -> new long[3]);
          u[0] += info.requests().milliCpu();
          u[1] += info.requests().memory();
          u[2]++;
        }
      }
      SchedulerCache.Dump dump = scheduler.cacheDump();
      for (Map.Entry<String, long[]> e : used.entrySet()) {
        NodeInfo n = dump.nodes().get(e.getKey());
        assertThat(n).as("node %s in the cache", e.getKey()).isNotNull();
        assertThat(e.getValue()[0])
            .as("cpu of %s", e.getKey())
            .isLessThanOrEqualTo(n.allocatable().milliCpu());
        assertThat(e.getValue()[1])
            .as("memory of %s", e.getKey())
            .isLessThanOrEqualTo(n.allocatable().memory());
        assertThat(e.getValue()[2])
            .as("pods of %s", e.getKey())
            .isLessThanOrEqualTo(n.allocatable().pods());
      }
      // The cache equals the cluster: the same nodes, each with exactly its bound pods.
      assertThat(dump.assumedPods()).as("assumed pods once quiet").isEmpty();
      assertThat(dump.nodes().keySet()).containsExactlyInAnyOrderElementsOf(nodes.keySet());
      Map<String, Set<String>> clusterPods = new HashMap<>();
      for (String n : nodes.keySet()) {
        clusterPods.put(n, new java.util.TreeSet<>());
      }
      for (Pod p : pods) {
        if (!p.nodeName().isEmpty()) {
          clusterPods.get(p.nodeName()).add(p.uid());
        }
      }
      for (Map.Entry<String, NodeInfo> e : dump.nodes().entrySet()) {
        Set<String> cached =
            e.getValue().pods().stream()
                .map(PodInfo::uid)
                .collect(Collectors.toCollection(java.util.TreeSet::new));
        assertThat(cached)
            .as("pods of %s in the cache", e.getKey())
            .isEqualTo(clusterPods.get(e.getKey()));
        long[] u = used.getOrDefault(e.getKey(), new long[3]);
        assertThat(e.getValue().requested().milliCpu())
            .as("cpu requested on %s", e.getKey())
            .isEqualTo(u[0]);
      }
      // Every pending pod waits in the queue with a reason.
      for (Pod p : pods) {
        if (p.nodeName().isEmpty()) {
          Scheduler.PendingPod q = scheduler.whyPending(p.uid()).orElse(null);
          assertThat(q).as("%s queued", p.key()).isNotNull();
          assertThat(q.message()).as("why %s waits", p.key()).isNotEmpty();
        }
      }
      assertThat(pods).filteredOn(p -> p.nodeName().isEmpty()).isNotEmpty();
      assertThat(scheduler.failure()).isEmpty();
    } finally {
      scheduler.close();
      watch.close();
    }
    ThreadsLeft.assertNoneSince(before);
  }

  /** One client's seeded operations: creates pending or host-bound pods, deletes its own. */
  private static void churn(InMemoryCluster cluster, int id, Random random) {
    List<String> mine = new ArrayList<>();
    int created = 0;
    for (int op = 0; op < OPS_PER_THREAD; op++) {
      int kind = random.nextInt(100);
      if (kind < 30 && !mine.isEmpty()) {
        String name = mine.remove(random.nextInt(mine.size()));
        cluster.delete("Pod", "default", name);
        continue;
      }
      String name = "t" + id + "-p" + created++;
      String cpu = (100 * (1 + random.nextInt(8))) + "m";
      String mem = (256 * (1 + random.nextInt(8))) + "Mi";
      var pod = Wrappers.makePod().name(name).uid(name).req(Map.of("cpu", cpu, "memory", mem));
      if (kind >= 90) {
        // A pod the host places itself, taking no resources (as a daemon's best-effort pod).
        pod = Wrappers.makePod().name(name).uid(name).node("n" + random.nextInt(NODES));
      }
      cluster.create(pod.obj());
      mine.add(name);
    }
  }

  /**
   * Waits until the scheduler is quiet: no binding in flight and every pod either bound or waiting
   * in the queue with a reason, twice in a row 200 ms apart.
   */
  private static void awaitQuiet(Scheduler scheduler, InMemoryCluster cluster)
      throws InterruptedException {
    long deadline = System.nanoTime() + 120_000_000_000L;
    int settled = 0;
    while (settled < 2) {
      assertThat(System.nanoTime() < deadline).as("quiet within 120 s").isTrue();
      Thread.sleep(200);
      boolean quiet =
          scheduler.bindingsInFlight() == 0
              && scheduler.cacheDump().assumedPods().isEmpty()
              && cluster.pods().stream()
                  .allMatch(
                      p ->
                          !p.nodeName().isEmpty()
                              || scheduler
                                  .whyPending(p.uid())
                                  .map(q -> q.attempts() > 0 && !q.message().isEmpty())
                                  .orElse(false));
      settled = quiet ? settled + 1 : 0;
    }
  }
}
