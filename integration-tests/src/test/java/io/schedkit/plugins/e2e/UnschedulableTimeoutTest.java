package io.schedkit.plugins.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.Registry;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.Pod;
import io.schedkit.testing.Wrappers;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * kube-scheduler's periodic flush of pods unschedulable for five minutes ({@code
 * UnschedulableTimeout}) on virtual time: it runs as time passes, so a pod whose queueing hints
 * skip the event that made room for it is placed once five minutes have gone by, as kube-scheduler
 * would; the flush is not a deadline, so {@code runUntilIdle} does not wait for it.
 */
final class UnschedulableTimeoutTest {
  private final VirtualClock clock = new VirtualClock();
  private final InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
  private Scheduler scheduler;

  @AfterEach
  void close() {
    if (scheduler != null) {
      scheduler.close();
    }
  }

  /** The default profile, NodeResourcesFit ignoring {@code example.com/accel}. */
  private void startScheduler() {
    Registry registry = DefaultProfileFixtures.registry();
    SchedulerConfiguration configuration =
        DefaultProfileFixtures.configuration(
            registry,
            """
              - name: NodeResourcesFit
                args:
                  ignoredResources: ["example.com/accel"]
            """);
    scheduler =
        Scheduler.builder()
            .cluster(cluster)
            .configuration(configuration)
            .registry(registry)
            .clock(clock)
            .seed(1)
            .build();
  }

  private static Pod pod(String name, Map<String, String> requests) {
    return Wrappers.makePod()
        .name(name)
        .uid(name)
        .schedulerName("default-scheduler")
        .req(requests)
        .obj();
  }

  private Pod current(String name) {
    return cluster.pods().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void aPodTheNodeAddHintSkips_isPlacedOnceFiveMinutesHavePassed() {
    cluster.create(DefaultProfileFixtures.node("small", "zone-a"));
    startScheduler();
    // 6 cpu fit no node of 4; the NodeAdd hint of NodeResourcesFit checks the pod against the new
    // node with nothing ignored (as upstream's), so the accelerator it asks for makes it skip.
    cluster.create(pod("big", Map.of("cpu", "6", "example.com/accel", "1")));
    scheduler.runUntilIdle();
    assertThat(current("big").nodeName()).isEmpty();
    Instant rejected = clock.now();

    cluster.create(
        Wrappers.makeNode()
            .name("large")
            .capacity(Map.of("cpu", "16", "memory", "64Gi", "pods", "110"))
            .obj());
    scheduler.runUntilIdle();
    assertThat(current("big").nodeName())
        .as("the node hint skipped the new node; nothing is due, so no time passes")
        .isEmpty();
    assertThat(Duration.between(rejected, clock.now())).isLessThan(Duration.ofMinutes(1));

    clock.advance(Duration.ofMinutes(5).plusSeconds(30));
    scheduler.runUntilIdle();

    assertThat(current("big").nodeName()).isEqualTo("large");
  }

  @Test
  void theFlushIsNotADeadline_runUntilIdleDoesNotWaitForIt() {
    cluster.create(DefaultProfileFixtures.node("small", "zone-a"));
    startScheduler();
    cluster.create(pod("big", Map.of("cpu", "6")));
    Instant start = clock.now();

    scheduler.runUntilIdle();

    assertThat(current("big").nodeName()).isEmpty();
    assertThat(Duration.between(start, clock.now())).isLessThan(Duration.ofMinutes(1));
  }
}
