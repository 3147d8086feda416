package io.schedkit.examples.samples;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.config.SchedulerConfigurationDecoder;
import io.schedkit.framework.Registry;
import io.schedkit.framework.model.Namespace;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.Pod;
import io.schedkit.testing.FakeClock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The canary release gate, through a real scheduler on virtual time. */
final class CanaryGateTest {
  private final FakeClock clock = new FakeClock();
  private final InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
  private Scheduler scheduler;
  private Namespace shop;

  @BeforeEach
  void setUp() {
    Registry registry = Registry.discover().register(CanaryGate.class);
    var config =
        new SchedulerConfigurationDecoder()
            .decode(
                """
                apiVersion: kubescheduler.config.k8s.io/v1
                kind: KubeSchedulerConfiguration
                profiles:
                - schedulerName: default-scheduler
                  plugins:
                    multiPoint:
                      enabled:
                      - name: CanaryGate
                  pluginConfig:
                  - name: CanaryGate
                    args:
                      waitSeconds: 120
                      pollSeconds: 5
                """,
                "test config",
                registry)
            .configuration();
    shop = cluster.create(Namespace.of("shop", Map.of()));
    cluster.create(makeNode().name("n1").capacity(Map.of("cpu", "8", "pods", "110")).obj());
    cluster.create(pod("web-stable", "stable"));
    cluster.create(pod("web-canary", CanaryGate.CANARY));
    scheduler =
        Scheduler.builder()
            .cluster(cluster)
            .clock(clock)
            .registry(registry)
            .configuration(config)
            .parallelism(1)
            .build();
  }

  private static Pod pod(String name, String release) {
    return makePod()
        .namespace("shop")
        .name(name)
        .label(CanaryGate.LABEL, release)
        .req(Map.of("cpu", "1"))
        .obj();
  }

  /** When the pod was bound, in seconds since the start; -1 when it is not bound. */
  private double boundAt(String name) {
    Pod p = cluster.pod("shop", name).orElseThrow();
    return p.isAssigned()
        ? Duration.between(FakeClock.DEFAULT_START, p.status().startTime()).toMillis() / 1000.0
        : -1;
  }

  private void approve() {
    ObjectMeta approved =
        shop.metadata().toBuilder().annotation(CanaryGate.APPROVAL, "true").build();
    shop = cluster.update(new Namespace(approved));
  }

  @Test
  void canary_waitsForTheApproval_stableDoesNot() {
    clock.schedule(Duration.ofSeconds(42), this::approve);

    scheduler.runUntilIdle();

    assertThat(boundAt("web-stable")).isZero();
    // Seen by the first poll after the approval: polls run every 5 s from 0.
    assertThat(boundAt("web-canary")).isEqualTo(45.0);
  }

  @Test
  void canary_alreadyApproved_bindsAtOnce() {
    approve();

    scheduler.runUntilIdle();

    assertThat(boundAt("web-canary")).isZero();
  }

  @Test
  void canary_neverApproved_timesOutAndStaysPending() {
    scheduler.runUntilIdle();

    assertThat(boundAt("web-stable")).isZero();
    assertThat(boundAt("web-canary")).isEqualTo(-1);
    Pod canary = cluster.pod("shop", "web-canary").orElseThrow();
    assertThat(scheduler.whyPending(canary.uid()))
        .hasValueSatisfying(
            p ->
                assertThat(p.message())
                    .isEqualTo(
                        "0/1 nodes are available: 1 rejected due to timeout after waiting 2m0s at"
                            + " plugin CanaryGate."));
    // The wait ran on virtual time.
    assertThat(clock.now()).isAfterOrEqualTo(FakeClock.DEFAULT_START.plusSeconds(120));
  }
}
