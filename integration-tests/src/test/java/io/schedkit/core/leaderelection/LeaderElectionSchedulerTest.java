package io.schedkit.core.leaderelection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.core.ScheduleResult;
import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.BindPlugin;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.QueueSortPlugin;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.Registry;
import io.schedkit.framework.Status;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.config.LeaderElectionConfig;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Schedulers with leader election sharing one {@link InMemoryCluster} and one lease: only the
 * leader schedules and binds; when it goes, another takes over.
 */
final class LeaderElectionSchedulerTest {
  private static final Duration MAX_RETRY = Duration.ofMillis(4400);

  private final VirtualClock clock = new VirtualClock();
  private final InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
  private final InMemoryLeaseStore store = new InMemoryLeaseStore();
  private final List<String> binds = new CopyOnWriteArrayList<>();

  // ------------------------------------------------------------------ driven on virtual time

  @Test
  void twoSchedulers_onlyTheLeaderBinds_andTheOtherBindsTheRestAfterTheLeaderCloses() {
    nodes("n1", "n2");
    pods("p1", "p2", "p3", "p4");
    Scheduler s1 = scheduler("s1");
    Scheduler s2 = scheduler("s2");
    LeaderElector e1 = s1.leaderElector().orElseThrow();
    LeaderElector e2 = s2.leaderElector().orElseThrow();
    e1.start();
    e2.start();
    clock.runDueTasks();

    assertThat(e1.isLeader()).isTrue();
    assertThat(e2.isLeader()).isFalse();
    assertThat(s2.scheduleOne()).isEmpty();
    assertThat(s2.runUntilIdle()).isZero();
    assertThat(binds).isEmpty();

    assertThat(s1.runUntilIdle()).isEqualTo(4);
    assertThat(binds).containsExactlyInAnyOrder("s1:p1", "s1:p2", "s1:p3", "s1:p4");
    // The follower's queue followed the host: the bound pods left it.
    assertThat(s2.pendingPods()).isEmpty();

    pods("p5", "p6", "p7");
    assertThat(s2.pendingPods()).hasSize(3);
    Instant closed = clock.now();
    s1.close();
    assertThat(store.peek().orElseThrow().record().holderIdentity()).isEmpty();
    clock.advance(MAX_RETRY);

    assertThat(e2.isLeader()).isTrue();
    assertThat(store.peek().orElseThrow().record().acquireTime()).isAfter(closed);
    assertThat(s2.runUntilIdle()).isEqualTo(3);
    assertThat(binds)
        .containsExactlyInAnyOrder("s1:p1", "s1:p2", "s1:p3", "s1:p4", "s2:p5", "s2:p6", "s2:p7");
    assertThat(cluster.pods()).allMatch(p -> !p.nodeName().isEmpty());
    assertThat(s1.boundCount()).isEqualTo(4);
    assertThat(s2.boundCount()).isEqualTo(3);
    s2.close();
    assertThat(e2.state()).isEqualTo(LeaderElector.State.STOPPED);
  }

  @Test
  void bind_afterLeadershipIsLost_isNotStartedAndThePodIsRequeued() {
    nodes("n1");
    pods("p1");
    ArrayDeque<Runnable> bindingTasks = new ArrayDeque<>();
    Scheduler s1 =
        scheduler("s1", bindingTasks::add, configuration(LeaderElectionConfig.defaults()));
    LeaderElector e1 = s1.leaderElector().orElseThrow();
    e1.start();
    clock.runDueTasks();
    assertThat(s1.scheduleOne().orElseThrow().outcome()).isEqualTo(ScheduleResult.Outcome.ASSUMED);

    store.setUnavailable(true); // renewals fail: leadership is lost within renewDeadline
    clock.advance(Duration.ofSeconds(15));
    assertThat(e1.lostLeadership()).isTrue();
    store.setUnavailable(false);
    while (!bindingTasks.isEmpty()) {
      bindingTasks.poll().run();
    }

    assertThat(binds).isEmpty();
    assertThat(cluster.bindCount()).isZero();
    Pod p1 = cluster.pod("ns", "p1").orElseThrow();
    assertThat(p1.nodeName()).isEmpty();
    assertThat(p1.status().conditions()).isEmpty(); // a non-leader reports nothing to the host
    assertThat(s1.pendingPods())
        .singleElement()
        .satisfies(p -> assertThat(p.message()).startsWith("not the leader: binding not started"));
    assertThat(s1.scheduleOne()).isEmpty();
    s1.close();
  }

  @Test
  void runUntilIdle_returnsWhileTheElectorKeepsRenewing() {
    nodes("n1");
    pods("p1", "stuck");
    Scheduler s1 = scheduler("s1");
    s1.leaderElector().orElseThrow().start();
    clock.runDueTasks();

    assertThat(s1.runUntilIdle()).isPositive();
    assertThat(binds).containsExactly("s1:p1");
    assertThat(clock.now()).isBefore(Instant.EPOCH.plus(Duration.ofMinutes(1)));
    assertThat(s1.pendingPods())
        .extracting(Scheduler.PendingPod::podKey)
        .containsExactly("ns/stuck");
    assertThat(s1.leaderElector().orElseThrow().isLeader()).isTrue();
    s1.close();
  }

  @Test
  void leaderElection_withAHostBuiltElector_gatesScheduling() {
    nodes("n1");
    pods("p1");
    List<String> callbacks = new CopyOnWriteArrayList<>();
    LeaderElector elector =
        LeaderElector.builder()
            .store(store)
            .identity("host-1")
            .clock(clock)
            .onStartedLeading(() -> callbacks.add("started"))
            .onStoppedLeading(() -> callbacks.add("stopped"))
            .build();
    store.put(new LeaderElectionRecord("other", 15, Instant.EPOCH, Instant.EPOCH, 0));
    Scheduler s =
        Scheduler.builder()
            .cluster(cluster)
            .registry(registry("host-1"))
            .configuration(configuration(LeaderElectionConfig.defaults()))
            .clock(clock)
            .leaderElection(elector)
            .build();
    assertThat(s.leaderElector()).containsSame(elector);
    elector.start();
    clock.runDueTasks();
    assertThat(s.runUntilIdle()).isZero();
    assertThat(binds).isEmpty();

    clock.advance(Duration.ofSeconds(15).plus(MAX_RETRY));
    assertThat(s.runUntilIdle()).isEqualTo(1);
    assertThat(binds).containsExactly("host-1:p1");
    s.close();
    assertThat(callbacks).containsExactly("started", "stopped");
    assertThat(store.peek().orElseThrow().record().holderIdentity()).isEmpty();
  }

  @Test
  void build_leaderElectFalse_meansNoElection() {
    LeaderElectionConfig off =
        new LeaderElectionConfig(
            false,
            Duration.ofSeconds(15),
            Duration.ofSeconds(10),
            Duration.ofSeconds(2),
            "leases",
            "kube-scheduler",
            "kube-system");
    nodes("n1");
    pods("p1");
    Scheduler s = scheduler("s1", null, configuration(off));

    assertThat(s.leaderElector()).isEmpty();
    assertThat(s.runUntilIdle()).isEqualTo(1);
    s.close();
  }

  @Test
  void build_invalidLeaderElectionSettings_failWithClientGoMessage() {
    LeaderElectionConfig bad =
        new LeaderElectionConfig(
            true,
            Duration.ofSeconds(10),
            Duration.ofSeconds(10),
            Duration.ofSeconds(2),
            "leases",
            "kube-scheduler",
            "kube-system");
    assertThatThrownBy(() -> scheduler("s1", null, configuration(bad)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("leaseDuration must be greater than renewDeadline");
  }

  @Test
  void build_identityAndLeaseNameFromTheConfiguration() {
    LeaderElectionConfig named =
        new LeaderElectionConfig(
            true,
            Duration.ofSeconds(15),
            Duration.ofSeconds(10),
            Duration.ofSeconds(2),
            "leases",
            "my-scheduler",
            "kube-system");
    Scheduler s =
        Scheduler.builder()
            .cluster(cluster)
            .registry(registry("x"))
            .configuration(configuration(named))
            .clock(clock)
            .leaderElection(store, null)
            .build();
    LeaderElector e = s.leaderElector().orElseThrow();
    assertThat(e.identity()).matches(".+_[0-9a-f-]{36}");
    e.observedForTest(
        new LeaderElectionRecord(e.identity(), 15, Instant.EPOCH, Instant.EPOCH, 0),
        null,
        Instant.EPOCH);
    clock.advance(Duration.ofSeconds(36));
    assertThat(e.checkHealth())
        .contains("failed election to renew leadership on lease my-scheduler");
    s.close();
  }

  // ------------------------------------------------------------------ live loops

  @Test
  void start_loopsScheduleOnlyWhileLeading() throws Exception {
    nodes("n1", "n2");
    CountDownLatch firstThree = new CountDownLatch(3);
    CountDownLatch all = new CountDownLatch(5);
    AutoCloseable watch =
        cluster.watch(
            e -> {
              if (e.type() == WatchEvent.Type.MODIFIED
                  && e.newObject() instanceof Pod p
                  && !p.nodeName().isEmpty()
                  && e.oldObject() instanceof Pod old
                  && old.nodeName().isEmpty()) {
                firstThree.countDown();
                all.countDown();
              }
            });
    Scheduler s1 = scheduler("s1");
    Scheduler s2 = scheduler("s2");
    try {
      s1.start();
      s2.start();
      clock.runDueTasks(); // s1 acquires, s2 follows
      assertThat(s1.leaderElector().orElseThrow().isLeader()).isTrue();

      pods("p1", "p2", "p3");
      assertThat(firstThree.await(30, TimeUnit.SECONDS)).as("first pods bound").isTrue();
      assertThat(binds).containsExactlyInAnyOrder("s1:p1", "s1:p2", "s1:p3");

      s1.close();
      pods("p4", "p5"); // only s2 is left to place them, once it leads
      assertThat(s2.pendingPods()).hasSize(2);
      clock.advance(MAX_RETRY); // s2 takes the released lease; its loop starts scheduling
      assertThat(s2.leaderElector().orElseThrow().isLeader()).isTrue();
      assertThat(all.await(30, TimeUnit.SECONDS)).as("all pods bound").isTrue();
      assertThat(binds).containsExactlyInAnyOrder("s1:p1", "s1:p2", "s1:p3", "s2:p4", "s2:p5");
    } finally {
      s1.close();
      s2.close();
      watch.close();
    }
    assertThat(Thread.getAllStackTraces().keySet())
        .filteredOn(t -> t.isAlive() && t.getName().equals("schedkit-scheduler"))
        .isEmpty();
  }

  // ------------------------------------------------------------------ fixtures

  private Scheduler scheduler(String identity) {
    return scheduler(identity, null, configuration(LeaderElectionConfig.defaults()));
  }

  private Scheduler scheduler(
      String identity, Executor bindingExecutor, SchedulerConfiguration configuration) {
    Scheduler.Builder b =
        Scheduler.builder()
            .cluster(cluster)
            .registry(registry(identity))
            .configuration(configuration)
            .clock(clock)
            .parallelism(1)
            .seed(1)
            .leaderElection(store, identity);
    if (bindingExecutor != null) {
      b.bindingExecutor(bindingExecutor);
    }
    return b.build();
  }

  private Registry registry(String identity) {
    return new Registry()
        .register("Sort", (a, h) -> new Sort())
        .register("NotStuck", (a, h) -> new NotStuck())
        .register("Binder", (a, h) -> new Binder(identity, h));
  }

  private static SchedulerConfiguration configuration(LeaderElectionConfig leaderElection) {
    Profile profile =
        new Profile(
            Profile.DEFAULT_SCHEDULER_NAME,
            null,
            new Plugins(
                new PluginSet(
                    List.of(PluginRef.of("Sort"), PluginRef.of("NotStuck"), PluginRef.of("Binder")),
                    List.of()),
                Map.of()),
            List.of());
    return new SchedulerConfiguration(1, 0, 1, 10, List.of(profile), List.of(), leaderElection);
  }

  private void nodes(String... names) {
    for (String n : names) {
      cluster.create(Node.builder().name(n).capacity("cpu", "4").capacity("pods", "110").build());
    }
  }

  private void pods(String... names) {
    for (String n : names) {
      cluster.create(
          Pod.builder()
              .name(n)
              .namespace("ns")
              .container(Container.builder().name("c").request("cpu", "100m").build())
              .build());
    }
  }

  private static final class Sort implements QueueSortPlugin {
    @Override
    public String name() {
      return "Sort";
    }

    @Override
    public boolean less(QueuedPodInfo a, QueuedPodInfo b) {
      return a.timestamp().isBefore(b.timestamp());
    }
  }

  /** Rejects the pod named {@code stuck} everywhere. */
  private static final class NotStuck implements FilterPlugin {
    @Override
    public String name() {
      return "NotStuck";
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
      return pod.name().equals("stuck") ? Status.unschedulable("stuck") : Status.success();
    }
  }

  /** Binds through the host, recording {@code <scheduler>:<pod>}. */
  private final class Binder implements BindPlugin {
    private final String scheduler;
    private final FrameworkHandle handle;

    Binder(String scheduler, FrameworkHandle handle) {
      this.scheduler = scheduler;
      this.handle = handle;
    }

    @Override
    public String name() {
      return "Binder";
    }

    @Override
    public CompletionStage<Status> bind(CycleState state, PodInfo pod, String nodeName) {
      binds.add(scheduler + ":" + pod.name());
      return handle.cluster().bind(pod.pod(), nodeName).thenApply(v -> Status.success());
    }
  }
}
