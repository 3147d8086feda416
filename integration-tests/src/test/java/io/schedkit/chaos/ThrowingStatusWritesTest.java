package io.schedkit.chaos;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.ScheduleResult;
import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A host whose status writes (nomination, unschedulable report) throw instead of failing their
 * stage: the failure handler still requeues the pod with its reason, and the exception does not
 * escape the scheduling cycle.
 */
final class ThrowingStatusWritesTest {
  /** A seed whose first injected failure is thrown rather than returned as a failed stage. */
  private static long throwingSeed() {
    for (long seed = 0; ; seed++) {
      java.util.Random r = new java.util.Random(seed);
      r.nextDouble();
      if (r.nextBoolean()) {
        return seed;
      }
    }
  }

  @Test
  void reportUnschedulableThrows_cycleEndsNormally_podQueuedWithItsReason() {
    VirtualClock clock = new VirtualClock();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    ChaosCluster host =
        new ChaosCluster(
            cluster,
            clock,
            throwingSeed(),
            v -> {
              throw new AssertionError(v);
            });
    host.rates(ChaosCluster.Write.STATUS, new ChaosCluster.Rates(1, 0, 0));
    cluster.create(
        makeNode().name("n1").capacity(Map.of("cpu", "1", "memory", "1Gi", "pods", "110")).obj());
    cluster.create(makePod().name("big").req(Map.of("cpu", "2")).obj().toBuilder().uid("").build());

    try (Scheduler s = Scheduler.builder().cluster(host).clock(clock).parallelism(1).build()) {
      ScheduleResult r = s.scheduleOne().orElseThrow();

      assertThat(r.outcome()).isEqualTo(ScheduleResult.Outcome.UNSCHEDULABLE);
      assertThat(s.pendingPods())
          .singleElement()
          .satisfies(p -> assertThat(p.message()).contains("Insufficient cpu"));
      assertThat(host.faults()).containsKey("status-throws");
    }
  }
}
