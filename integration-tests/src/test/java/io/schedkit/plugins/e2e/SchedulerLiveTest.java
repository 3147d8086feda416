package io.schedkit.plugins.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.SystemClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.Registry;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.model.Pod;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The scheduler live, on its own threads: 10,000 pods on 1,000 nodes while 5% of binds fail; every
 * pod ends bound and close() leaves no thread behind. Waits on a latch (no sleeping).
 */
final class SchedulerLiveTest {
  @Test
  void startAndClose_bindsEveryPodDespiteBindFailures() throws Exception {
    Set<Thread> before = Set.copyOf(Thread.getAllStackTraces().keySet());
    Registry registry = DefaultProfileFixtures.registry();
    int pods = 10_000;
    CountDownLatch allBound = new CountDownLatch(pods);
    Set<String> bound = ConcurrentHashMap.newKeySet();
    try (SystemClock clock = new SystemClock()) {
      InMemoryCluster cluster =
          InMemoryCluster.builder().clock(clock).bindFailureRate(0.05).seed(3).build();
      for (int i = 0; i < 1000; i++) {
        cluster.create(DefaultProfileFixtures.node("n" + i, "zone-" + (i % 3)));
      }
      AutoCloseable watch =
          cluster.watch(
              e -> {
                if (e.type() != WatchEvent.Type.DELETED
                    && e.newObject() instanceof Pod p
                    && !p.nodeName().isEmpty()
                    && bound.add(p.uid())) {
                  allBound.countDown();
                }
              });
      try {
        Scheduler scheduler =
            Scheduler.builder()
                .cluster(cluster)
                .registry(registry)
                .configuration(DefaultProfileFixtures.configuration(registry))
                .clock(clock)
                .parallelism(2)
                .seed(5)
                .build();
        try {
          scheduler.start();
          Random random = new Random(1);
          for (int i = 0; i < pods; i++) {
            cluster.create(DefaultProfileFixtures.randomPod(i, random));
          }
          assertThat(allBound.await(120, TimeUnit.SECONDS))
              .as("pods bound: %d of %d", bound.size(), pods)
              .isTrue();
        } finally {
          scheduler.close();
        }
        assertThat(cluster.failedWriteCount()).isGreaterThan(0);
        assertThat(cluster.pods()).allMatch(p -> !p.nodeName().isEmpty());
      } finally {
        watch.close();
      }
    }
    assertThat(Thread.getAllStackTraces().keySet())
        .as("threads this scheduler started and close() left behind")
        .filteredOn(t -> t.isAlive() && t.getName().startsWith("schedkit-"))
        .filteredOn(t -> !before.contains(t))
        .isEmpty();
  }
}
