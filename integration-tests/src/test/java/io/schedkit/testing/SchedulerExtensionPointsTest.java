package io.schedkit.testing;

import static io.schedkit.testing.SchedkitAssertions.assertThat;

import io.schedkit.core.ScheduleResult;
import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.QueueSortPlugin;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.Registry;
import io.schedkit.framework.Status;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.testing.RecordingPlugin.Point;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The exact order in which the scheduler calls every extension point, failures included. */
final class SchedulerExtensionPointsTest {
  private final CallLog log = new CallLog();
  private final RecordingPlugin a = new RecordingPlugin("A", log);
  private final RecordingPlugin b = new RecordingPlugin("B", log);
  private FakeClock clock;
  private InMemoryCluster cluster;

  /** Priority, then queue time. */
  static final class Sort implements QueueSortPlugin {
    @Override
    public String name() {
      return "Sort";
    }

    @Override
    public boolean less(QueuedPodInfo x, QueuedPodInfo y) {
      return x.timestamp().isBefore(y.timestamp());
    }
  }

  @BeforeEach
  void setUp() {
    clock = new FakeClock();
    cluster = InMemoryCluster.builder().clock(clock).build();
    b.returning(Point.BIND, Status.success());
  }

  private Scheduler scheduler(int nodes) {
    for (int i = 1; i <= nodes; i++) {
      cluster.create(Wrappers.makeNode().name("n" + i).capacity(Map.of("cpu", "4")).obj());
    }
    Registry registry =
        new Registry()
            .register("Sort", (x, h) -> new Sort())
            .register("A", PluginRegistries.instance(a))
            .register("B", PluginRegistries.instance(b));
    Profile profile =
        new Profile(
            "default-scheduler",
            null,
            new Plugins(
                new PluginSet(
                    List.of(PluginRef.of("Sort"), PluginRef.of("A"), PluginRef.of("B")), List.of()),
                Map.of()),
            List.of());
    return Scheduler.builder()
        .cluster(cluster)
        .registry(registry)
        .configuration(new SchedulerConfiguration(16, 0, 1, 10, List.of(profile), List.of(), null))
        .clock(clock)
        .parallelism(1)
        .build();
  }

  private void createPod(String name) {
    cluster.create(Wrappers.makePod().name(name).obj());
  }

  @Test
  void success_callsEveryPointInOrder() {
    a.score("n1", 10);
    try (Scheduler s = scheduler(2)) {
      createPod("p");
      s.runUntilIdle();
    }
    assertThat(log.entries())
        .containsExactly(
            "A.PreEnqueue(p)",
            "B.PreEnqueue(p)",
            "A.PreFilter(p)",
            "B.PreFilter(p)",
            // Filter runs plugin by plugin over each block of nodes (FilterPlugin.filterBlock).
            "A.Filter(p, n1)",
            "A.Filter(p, n2)",
            "B.Filter(p, n1)",
            "B.Filter(p, n2)",
            "A.PreScore(p)",
            "B.PreScore(p)",
            // Score runs plugin by plugin over each slice of nodes (ScorePlugin.scoreRange).
            "A.Score(p, n1)",
            "A.Score(p, n2)",
            "B.Score(p, n1)",
            "B.Score(p, n2)",
            "A.NormalizeScore(p)",
            "B.NormalizeScore(p)",
            "A.Reserve(p, n1)",
            "B.Reserve(p, n1)",
            "A.Permit(p, n1)",
            "B.Permit(p, n1)",
            "A.PreBind(p, n1)",
            "B.PreBind(p, n1)",
            "A.Bind(p, n1)",
            "B.Bind(p, n1)",
            "A.PostBind(p, n1)",
            "B.PostBind(p, n1)");
  }

  @Test
  void reserveFailure_unreservesEveryPluginInReverseOrder() {
    b.returning(Point.RESERVE, Status.unschedulable("no room"));
    try (Scheduler s = scheduler(1)) {
      createPod("p");
      ScheduleResult r = s.scheduleOne().orElseThrow();
      assertThat(r.outcome()).isEqualTo(ScheduleResult.Outcome.UNSCHEDULABLE);
      assertThat(r.message()).isEqualTo("0/1 nodes are available: 1 no room.");
      assertThat(s.pendingPods())
          .extracting(Scheduler.PendingPod::rejectedBy)
          .containsExactly(List.of("B"));
    }
    assertThat(log.entries())
        .endsWith(
            "A.Reserve(p, n1)", "B.Reserve(p, n1)", "B.Unreserve(p, n1)", "A.Unreserve(p, n1)");
  }

  @Test
  void permitRejection_unreservesAndRequeues() {
    a.returning(Point.PERMIT, Status.unschedulable("not now"));
    try (Scheduler s = scheduler(1)) {
      createPod("p");
      ScheduleResult r = s.scheduleOne().orElseThrow();
      assertThat(r.message()).isEqualTo("0/1 nodes are available: 1 not now.");
    }
    assertThat(log.entries())
        .endsWith("A.Permit(p, n1)", "B.Unreserve(p, n1)", "A.Unreserve(p, n1)");
  }

  @Test
  void permitTimeout_rejectsAfterTheTimeout() {
    a.returning(Point.PERMIT, Status.waiting()).permitWait(Duration.ofSeconds(10));
    try (Scheduler s = scheduler(1)) {
      createPod("p");
      assertThat(s.scheduleOne().orElseThrow().outcome()).isEqualTo(ScheduleResult.Outcome.ASSUMED);
      s.runUntilIdle();
      assertThat(log.entries()).contains("B.Unreserve(p, n1)").doesNotContain("A.PreBind(p, n1)");
      assertThat(s.pendingPods().get(0).message())
          .isEqualTo(
              "0/1 nodes are available: 1 rejected due to timeout after waiting 10s at plugin A.");
    }
  }

  @Test
  void permitWait_allowedByThePlugin_binds() {
    a.returning(Point.PERMIT, Status.waiting()).permitWait(Duration.ofSeconds(30));
    try (Scheduler s = scheduler(1)) {
      createPod("p");
      s.scheduleOne();
      s.framework("default-scheduler").orElseThrow().handle().forEachWaitingPod(w -> w.allow("A"));
      s.runUntilIdle();
    }
    assertThat(log.entries()).endsWith("A.PostBind(p, n1)", "B.PostBind(p, n1)");
    assertThat(log.entries()).doesNotContain("A.Unreserve(p, n1)");
  }

  @Test
  void bindFailure_unreservesAndRetriesWithBackoff() {
    b.returning(Point.BIND, Status.error("host down"));
    try (Scheduler s = scheduler(1)) {
      createPod("p");
      s.scheduleOne();
      s.runUntilIdle();
      assertThat(log.entriesAt("Bind").size()).isGreaterThanOrEqualTo(4);
      assertThat(log.entries()).contains("B.Unreserve(p, n1)", "A.Unreserve(p, n1)");
      assertThat(s.pendingPods().get(0).message())
          .isEqualTo("running Bind plugin \"B\": host down");
      assertThat(s.pendingPods().get(0).attempts()).isGreaterThan(1);
    }
    assertThat(clock.now()).isAfter(FakeClock.DEFAULT_START);
  }

  @Test
  void preFilterSkip_skipsOnlyThatPluginsFilter() {
    a.returning(Point.PRE_FILTER, Status.skip());
    try (Scheduler s = scheduler(1)) {
      createPod("p");
      s.runUntilIdle();
    }
    assertThat(log.entries()).contains("B.Filter(p, n1)").doesNotContain("A.Filter(p, n1)");
  }

  @Test
  void throwingPlugin_yieldsErrorNamingIt_andSchedulerGoesOn() {
    java.util.concurrent.atomic.AtomicBoolean failing =
        new java.util.concurrent.atomic.AtomicBoolean(true);
    a.doing(
        Point.FILTER,
        () -> {
          if (failing.get()) {
            throw new IllegalStateException("kaboom");
          }
        });
    try (Scheduler s = scheduler(1)) {
      createPod("p");
      ScheduleResult r = s.scheduleOne().orElseThrow();
      assertThat(r.outcome()).isEqualTo(ScheduleResult.Outcome.ERROR);
      assertThat(r.message()).isEqualTo("running \"A\" filter plugin: kaboom");
      failing.set(false);
      s.runUntilIdle();
      assertThat(log.entries()).endsWith("A.PostBind(p, n1)", "B.PostBind(p, n1)");
      assertThat(s.pendingPods()).isEmpty();
    }
  }
}
