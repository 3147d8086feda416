package io.schedkit.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.clock.VirtualClock;
import io.schedkit.framework.cluster.ClusterWriteException;
import io.schedkit.framework.cluster.FencingToken;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** {@link InMemoryCluster} refusing the writes of deposed leaders by their fencing tokens. */
final class InMemoryClusterFencingTest {
  private static final FencingToken OLD = new FencingToken("kube-scheduler", 3);
  private static final FencingToken NEW = new FencingToken("kube-scheduler", 4);

  private final VirtualClock clock = new VirtualClock();

  private InMemoryCluster cluster(boolean fencing, Duration latency) {
    InMemoryCluster c =
        InMemoryCluster.builder().clock(clock).writeLatency(latency).fencing(fencing).build();
    c.create(Node.builder().name("n1").build());
    for (String name : new String[] {"p1", "p2", "p3"}) {
      c.create(Pod.builder().name(name).build());
    }
    return c;
  }

  private static Throwable failure(CompletionStage<Void> stage) {
    CompletableFuture<Void> f = stage.toCompletableFuture();
    assertThat(f).isCompletedExceptionally();
    return f.handle((v, t) -> t instanceof CompletionException ? t.getCause() : t).join();
  }

  private static Pod pod(InMemoryCluster c, String name) {
    return c.pod("default", name).orElseThrow();
  }

  @Test
  void bind_withAnOlderTokenThanOneSeen_isRefusedAndChangesNothing() {
    InMemoryCluster c = cluster(true, Duration.ZERO);
    c.bind(pod(c, "p1"), "n1", NEW).toCompletableFuture().join();

    Throwable refused = failure(c.bind(pod(c, "p2"), "n1", OLD));

    assertThat(refused)
        .isInstanceOf(ClusterWriteException.class)
        .hasMessage(
            "bind of pod default/p2 to node n1 refused: fencing token kube-scheduler/3 is older"
                + " than kube-scheduler/4, the newest seen; its writer is no longer the leader");
    assertThat(pod(c, "p2").nodeName()).isEmpty();
    assertThat(c.fencedWriteCount()).isEqualTo(1);
    assertThat(c.newestFencingToken("kube-scheduler")).contains(NEW);
  }

  @Test
  void fence_refusesEveryOlderWriteFromThenOn_evenBeforeTheNewLeaderWrites() {
    InMemoryCluster c = cluster(true, Duration.ZERO);
    c.bind(pod(c, "p1"), "n1", OLD).toCompletableFuture().join();
    c.fence(NEW).toCompletableFuture().join();

    assertThat(failure(c.evict(pod(c, "p1"), pod(c, "p2"), OLD)))
        .hasMessageStartingWith("eviction of pod default/p1 refused");
    assertThat(failure(c.nominate(pod(c, "p2"), "n1", OLD)))
        .hasMessageStartingWith("nomination of pod default/p2 refused");
    assertThat(failure(c.reportUnschedulable(pod(c, "p3"), "no", OLD)))
        .hasMessageStartingWith("unschedulable report of pod default/p3 refused");
    assertThat(failure(c.fence(OLD))).isInstanceOf(ClusterWriteException.class);
    assertThat(pod(c, "p1").nodeName()).isEqualTo("n1");
    assertThat(pod(c, "p2").nominatedNodeName()).isEmpty();
  }

  @Test
  void delayedWrite_isCheckedWhenApplied_soATakeoverDuringTheDelayRefusesIt() {
    InMemoryCluster c = cluster(true, Duration.ofSeconds(20));
    CompletionStage<Void> late = c.bind(pod(c, "p1"), "n1", OLD);
    c.fence(NEW).toCompletableFuture().join(); // a successor took over while the write travelled
    clock.advance(Duration.ofSeconds(20));

    assertThat(failure(late)).hasMessageContaining("fencing token kube-scheduler/3 is older");
    assertThat(pod(c, "p1").nodeName()).isEmpty();
  }

  @Test
  void tokensOfOtherLeasesAndWritesWithoutTokens_areNotCompared() {
    InMemoryCluster c = cluster(true, Duration.ZERO);
    c.fence(NEW).toCompletableFuture().join();

    c.bind(pod(c, "p1"), "n1", new FencingToken("other-scheduler", 0)).toCompletableFuture().join();
    c.bind(pod(c, "p2"), "n1").toCompletableFuture().join();

    assertThat(pod(c, "p1").nodeName()).isEqualTo("n1");
    assertThat(pod(c, "p2").nodeName()).isEqualTo("n1");
  }

  @Test
  void fencingOff_acceptsOldTokens() {
    InMemoryCluster c = cluster(false, Duration.ZERO);
    c.fence(NEW).toCompletableFuture().join();
    c.bind(pod(c, "p1"), "n1", OLD).toCompletableFuture().join();

    assertThat(pod(c, "p1").nodeName()).isEqualTo("n1");
    assertThat(c.fencedWriteCount()).isZero();
  }
}
