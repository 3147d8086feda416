package io.schedkit.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.SystemClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.cluster.ClusterObjects;
import io.schedkit.framework.cluster.ClusterView;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.model.Pod;
import io.schedkit.testing.NodeWrapper;
import io.schedkit.testing.PodWrapper;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * {@link Scheduler#drain}, the first half of {@code schedkit run}'s SIGTERM: no new cycle starts,
 * and a bind already sent is waited for.
 */
final class GracefulStopTest {
  /** An in-memory cluster whose binds complete only when the test says so. */
  private static final class HeldBinds implements ClusterView {
    final InMemoryCluster cluster;
    final CompletableFuture<Void> release = new CompletableFuture<>();
    volatile int binds;

    HeldBinds(InMemoryCluster cluster) {
      this.cluster = cluster;
    }

    @Override
    public ClusterObjects list() {
      return cluster.list();
    }

    @Override
    public AutoCloseable watch(Consumer<WatchEvent> listener) {
      return cluster.watch(listener);
    }

    @Override
    public CompletionStage<Void> bind(Pod pod, String nodeName) {
      binds++;
      return release.thenCompose(v -> cluster.bind(pod, nodeName));
    }

    @Override
    public CompletionStage<Void> evict(Pod victim, Pod preemptor) {
      return cluster.evict(victim, preemptor);
    }

    @Override
    public CompletionStage<Void> nominate(Pod pod, String nodeName) {
      return cluster.nominate(pod, nodeName);
    }

    @Override
    public CompletionStage<Void> reportUnschedulable(Pod pod, String message) {
      return cluster.reportUnschedulable(pod, message);
    }
  }

  @Test
  void drain_waitsForTheBindInFlight_andStartsNoNewCycle() {
    try (SystemClock clock = new SystemClock()) {
      InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
      cluster.create(
          NodeWrapper.makeNode()
              .name("n1")
              .capacity(java.util.Map.of("cpu", "4", "pods", "110"))
              .obj());
      HeldBinds view = new HeldBinds(cluster);
      try (Scheduler s = Scheduler.builder().cluster(view).clock(clock).build()) {
        s.start();
        cluster.create(PodWrapper.makePod().name("p1").req(java.util.Map.of("cpu", "1")).obj());
        Await.until("the bind of p1 sent", Duration.ofSeconds(30), () -> view.binds == 1);

        assertThat(s.drain(Duration.ofMillis(200))).isFalse(); // the bind is still unanswered
        cluster.create(PodWrapper.makePod().name("p2").req(java.util.Map.of("cpu", "1")).obj());
        view.release.complete(null);

        assertThat(s.drain(Duration.ofSeconds(30))).isTrue();
        assertThat(s.bindingsInFlight()).isZero();
        assertThat(cluster.pod("default", "p1").orElseThrow().nodeName()).isEqualTo("n1");
        assertThat(s.scheduleOne()).isEmpty(); // drained: p2 stays queued
        assertThat(view.binds).isEqualTo(1);
        assertThat(cluster.pod("default", "p2").orElseThrow().nodeName()).isEmpty();
      }
    }
  }
}
