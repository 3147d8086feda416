package io.schedkit.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.SystemClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.BindPlugin;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PermitPlugin;
import io.schedkit.framework.PermitResult;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreBindPlugin;
import io.schedkit.framework.QueueSortPlugin;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.Registry;
import io.schedkit.framework.ReservePlugin;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.Status;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.Pod;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A plugin that throws an {@link Error}: any but a {@link VirtualMachineError} is contained like an
 * exception (the pod is requeued with an Error naming the plugin and the live loop goes on); a
 * virtual machine error stops the scheduler, visibly.
 */
final class SchedulerPluginErrorTest {
  private static final Duration DEADLINE = Duration.ofSeconds(60);

  /** Where {@link Faulty} throws. */
  enum Point {
    FILTER,
    SCORE,
    RESERVE,
    PERMIT,
    PRE_BIND,
    BIND
  }

  /** Throws {@code failure} at {@code point} for the pod named "bad"; lets every other pod by. */
  static final class Faulty
      implements FilterPlugin, ScorePlugin, ReservePlugin, PermitPlugin, PreBindPlugin, BindPlugin {
    private final Point point;
    private final Supplier<Throwable> failure;

    Faulty(Point point, Supplier<Throwable> failure) {
      this.point = point;
      this.failure = failure;
    }

    @Override
    public String name() {
      return "Faulty";
    }

    private void maybeThrow(Point at, PodInfo pod) {
      if (at == point && pod.name().equals("bad")) {
        Throwable t = failure.get();
        if (t instanceof Error e) {
          throw e;
        }
        throw (RuntimeException) t;
      }
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
      maybeThrow(Point.FILTER, pod);
      return Status.success();
    }

    @Override
    public long score(CycleState state, PodInfo pod, NodeInfo node) {
      maybeThrow(Point.SCORE, pod);
      return 0;
    }

    @Override
    public Status reserve(CycleState state, PodInfo pod, String nodeName) {
      maybeThrow(Point.RESERVE, pod);
      return Status.success();
    }

    @Override
    public void unreserve(CycleState state, PodInfo pod, String nodeName) {}

    @Override
    public PermitResult permit(CycleState state, PodInfo pod, String nodeName) {
      maybeThrow(Point.PERMIT, pod);
      return PermitResult.allow();
    }

    @Override
    public Status preBind(CycleState state, PodInfo pod, String nodeName) {
      maybeThrow(Point.PRE_BIND, pod);
      return Status.success();
    }

    @Override
    public CompletionStage<Status> bind(CycleState state, PodInfo pod, String nodeName) {
      maybeThrow(Point.BIND, pod);
      return CompletableFuture.completedFuture(Status.skip());
    }
  }

  /** Priority, then queue time. */
  static final class Sort implements QueueSortPlugin {
    @Override
    public String name() {
      return "Sort";
    }

    @Override
    public boolean less(QueuedPodInfo a, QueuedPodInfo b) {
      return a.timestamp().isBefore(b.timestamp());
    }
  }

  /** Binds through the host. */
  static final class Binder implements BindPlugin {
    private final FrameworkHandle handle;

    Binder(FrameworkHandle handle) {
      this.handle = handle;
    }

    @Override
    public String name() {
      return "Binder";
    }

    @Override
    public CompletionStage<Status> bind(CycleState state, PodInfo pod, String nodeName) {
      return handle.cluster().bind(pod.pod(), nodeName).thenApply(v -> Status.success());
    }
  }

  private static Scheduler scheduler(
      InMemoryCluster cluster, SystemClock clock, int parallelism, Faulty faulty) {
    Registry registry =
        new Registry()
            .register("Sort", (a, h) -> new Sort())
            .register("Faulty", PluginRegistries.instance(faulty))
            .register("Binder", (a, h) -> new Binder(h));
    Profile profile =
        new Profile(
            "default-scheduler",
            null,
            new Plugins(
                new PluginSet(
                    List.of(PluginRef.of("Sort"), PluginRef.of("Faulty"), PluginRef.of("Binder")),
                    List.of()),
                Map.of()),
            List.of());
    return Scheduler.builder()
        .cluster(cluster)
        .registry(registry)
        .configuration(
            new SchedulerConfiguration(parallelism, 100, 1, 1, List.of(profile), List.of(), null))
        .clock(clock)
        .parallelism(parallelism)
        .build();
  }

  private static void createNodes(InMemoryCluster cluster, int count) {
    for (int i = 0; i < count; i++) {
      cluster.create(Wrappers.makeNode().name("n" + i).capacity(Map.of("cpu", "64")).obj());
    }
  }

  private static Pod pod(String name) {
    return Wrappers.makePod().name(name).uid(name).req(Map.of("cpu", "10m")).obj();
  }

  private static void await(String what, BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + DEADLINE.toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime() < deadline).as("within %s: %s", DEADLINE, what).isTrue();
      Thread.sleep(10);
    }
  }

  private static long boundGood(InMemoryCluster cluster) {
    return cluster.pods().stream()
        .filter(p -> p.name().startsWith("good-") && !p.nodeName().isEmpty())
        .count();
  }

  /** The live loop, an {@link Error} at each point: contained as a plugin's exception would be. */
  @ParameterizedTest
  @EnumSource(Point.class)
  void anErrorThrownByAPluginIsContained(Point point) throws Exception {
    containedAt(point, 1, 8);
  }

  /** Filter fanned out over the worker threads (enough nodes for the parallel path). */
  @Test
  void anErrorThrownByAFilterOnAWorkerThreadIsContained() throws Exception {
    containedAt(Point.FILTER, 4, 1100);
  }

  private void containedAt(Point point, int parallelism, int nodes) throws Exception {
    try (SystemClock clock = new SystemClock()) {
      InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
      createNodes(cluster, nodes);
      Faulty faulty = new Faulty(point, () -> new NoClassDefFoundError("com/example/Missing"));
      try (Scheduler scheduler = scheduler(cluster, clock, parallelism, faulty)) {
        scheduler.start();
        cluster.create(pod("bad"));
        await(
            "the bad pod's failure recorded",
            () ->
                scheduler.whyPending("bad").map(p -> p.message().contains("Faulty")).orElse(false));
        for (int i = 0; i < 20; i++) {
          cluster.create(pod("good-" + i));
        }
        await("20 later pods bound, bound: " + boundGood(cluster), () -> boundGood(cluster) == 20);

        assertThat(scheduler.failure()).isEmpty();
        assertThat(scheduler.isRunning()).isTrue();
        assertThat(cluster.pod("default", "bad").orElseThrow().nodeName()).isEmpty();
        await(
            "the bad pod queued with its error",
            () -> scheduler.whyPending("bad").map(p -> !p.message().isEmpty()).orElse(false));
        Scheduler.PendingPod bad = scheduler.whyPending("bad").orElseThrow();
        assertThat(bad.message()).contains("\"Faulty\"").contains("com/example/Missing");
        assertThat(bad.attempts()).isGreaterThanOrEqualTo(1);
      }
    }
  }

  /** An OutOfMemoryError thrown by a plugin: the scheduler stops and says why. */
  @ParameterizedTest
  @EnumSource(
      value = Point.class,
      names = {"FILTER", "PRE_BIND"})
  void aVirtualMachineErrorStopsTheLiveScheduler(Point point) throws Exception {
    OutOfMemoryError oom = new OutOfMemoryError("thrown by a plugin");
    try (SystemClock clock = new SystemClock()) {
      InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
      createNodes(cluster, 4);
      Faulty faulty = new Faulty(point, () -> oom);
      try (Scheduler scheduler = scheduler(cluster, clock, 2, faulty)) {
        scheduler.start();
        assertThat(scheduler.isRunning()).isTrue();
        cluster.create(pod("bad"));

        Throwable failure =
            scheduler
                .whenFailed()
                .toCompletableFuture()
                .get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
        assertThat(failure).isSameAs(oom);
        assertThat(scheduler.failure()).containsSame(oom);
        await("the loop ends", () -> !scheduler.isRunning());
        assertThatThrownBy(scheduler::scheduleOne)
            .isInstanceOf(IllegalStateException.class)
            .hasCause(oom);
        assertThatThrownBy(() -> scheduler.drain(Duration.ofSeconds(1)))
            .isInstanceOf(IllegalStateException.class)
            .hasCause(oom);
        assertThatThrownBy(scheduler::start)
            .isInstanceOf(IllegalStateException.class)
            .hasCause(oom);

        // No cycle runs any more: a later pod stays pending.
        cluster.create(pod("good-0"));
        await("the later pod queued", () -> scheduler.whyPending("good-0").isPresent());
        assertThat(cluster.pod("default", "good-0").orElseThrow().nodeName()).isEmpty();
      }
    }
  }

  /** Driven on the caller's thread, the error reaches the caller, and the scheduler is stopped. */
  @Test
  void aVirtualMachineErrorReachesTheCallerOfScheduleOne() {
    StackOverflowError soe = new StackOverflowError("thrown by a plugin");
    try (SystemClock clock = new SystemClock()) {
      InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
      createNodes(cluster, 4);
      Faulty faulty = new Faulty(Point.SCORE, () -> soe);
      try (Scheduler scheduler = scheduler(cluster, clock, 1, faulty)) {
        cluster.create(pod("bad"));
        assertThatThrownBy(scheduler::scheduleOne).isSameAs(soe);
        assertThat(scheduler.failure()).containsSame(soe);
        assertThatThrownBy(scheduler::runUntilIdle)
            .isInstanceOf(IllegalStateException.class)
            .hasCause(soe);
        Optional<Throwable> failure = scheduler.failure();
        assertThat(failure).isPresent();
      }
    }
  }
}
