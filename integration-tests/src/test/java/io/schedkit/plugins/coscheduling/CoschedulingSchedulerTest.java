package io.schedkit.plugins.coscheduling;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.BindPlugin;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreBindPlugin;
import io.schedkit.framework.QueueSortPlugin;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.Registry;
import io.schedkit.framework.Status;
import io.schedkit.framework.config.ExtensionPoint;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * CoschedulingFixtures through the whole scheduler on virtual time: an {@link InMemoryCluster} on a
 * {@link FakeClock}, one worker, a fixed seed.
 *
 * <p>The profile is built by hand — a priority-then-age queue sort, a cpu-fit filter, Coscheduling
 * and a binder, all through {@code multiPoint} — because the default profile's decoder is not on
 * this branch yet; the gang behaviour under test does not depend on the other default plugins.
 */
final class CoschedulingSchedulerTest {
  private static final String PROFILE = Profile.DEFAULT_SCHEDULER_NAME;

  /** Priority first, then queue time. */
  static final class Sort implements QueueSortPlugin {
    @Override
    public String name() {
      return "Sort";
    }

    @Override
    public boolean less(QueuedPodInfo a, QueuedPodInfo b) {
      return a.pod().priority() > b.pod().priority()
          || (a.pod().priority() == b.pod().priority() && a.timestamp().isBefore(b.timestamp()));
    }
  }

  /** Cpu fit against allocatable. */
  static final class Fit implements FilterPlugin {
    @Override
    public String name() {
      return "Fit";
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
      long free = node.allocatable().milliCpu() - node.requested().milliCpu();
      return pod.requests().milliCpu() > free
          ? Status.unschedulable("Insufficient cpu")
          : Status.success();
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

  /** Fails the first PreBind of the named pods with an error (a transient host failure). */
  static final class FailOnce implements PreBindPlugin {
    private final Set<String> pending = ConcurrentHashMap.newKeySet();

    FailOnce(String... podNames) {
      pending.addAll(List.of(podNames));
    }

    @Override
    public String name() {
      return "FailOnce";
    }

    @Override
    public Status preBind(CycleState state, PodInfo pod, String nodeName) {
      return pending.remove(pod.name()) ? Status.error("transient failure") : Status.success();
    }
  }

  private final InMemoryCluster cluster = InMemoryCluster.builder().clock(new FakeClock()).build();

  private Scheduler scheduler(PreBindPlugin preBind) {
    Registry registry =
        new Registry()
            .register("Sort", (a, h) -> new Sort())
            .register("Fit", (a, h) -> new Fit())
            .register(Coscheduling.class)
            .register("Binder", (a, h) -> new Binder(h));
    List<PluginRef> enabled =
        new ArrayList<>(
            List.of(
                PluginRef.of("Sort"),
                PluginRef.of("Fit"),
                PluginRef.of(Coscheduling.NAME),
                PluginRef.of("Binder")));
    if (preBind != null) {
      registry.register(preBind.name(), (a, h) -> preBind);
      enabled.add(PluginRef.of(preBind.name()));
    }
    Profile profile =
        new Profile(
            PROFILE,
            null,
            new Plugins(
                new PluginSet(enabled, List.of()),
                // The hand-built Sort stays the queue sort; Coscheduling's own is tested apart.
                Map.of(
                    ExtensionPoint.QUEUE_SORT,
                    new PluginSet(List.of(), List.of(PluginRef.of(Coscheduling.NAME))))),
            List.of());
    SchedulerConfiguration config =
        new SchedulerConfiguration(16, 0, 1, 10, List.of(profile), List.of(), null);
    return Scheduler.builder()
        .cluster(cluster)
        .registry(registry)
        .configuration(config)
        .clock(cluster.clock())
        .parallelism(1)
        .seed(1)
        .build();
  }

  private void nodes(int n) {
    for (int i = 1; i <= n; i++) {
      cluster.create(makeNode().name("n" + i).capacity(Map.of("cpu", "4")).obj());
    }
  }

  private void podGroup(String name, int minMember, Integer timeoutSeconds) {
    cluster.create(
        PodGroup.builder()
            .name(name)
            .minMember(minMember)
            .scheduleTimeoutSeconds(timeoutSeconds)
            .build());
  }

  private void member(String name, String group, String cpu) {
    cluster.create(makePod().name(name).podGroup(group).req(Map.of("cpu", cpu)).obj());
  }

  private Map<String, String> boundPods() {
    return cluster.pods().stream()
        .filter(Pod::isAssigned)
        .collect(Collectors.toMap(Pod::name, Pod::nodeName));
  }

  private static List<String> pendingNames(Scheduler s) {
    return s.pendingPods().stream().map(p -> p.podKey().substring("default/".length())).toList();
  }

  private static int waiting(Scheduler s) {
    return s.framework(PROFILE).orElseThrow().waitingPods().size();
  }

  /** Whole-node pods fit on every node again: nothing is left assumed. */
  private void assertCapacityReleased(Scheduler s, int nodes) {
    for (int i = 1; i <= nodes; i++) {
      cluster.create(makePod().name("probe" + i).req(Map.of("cpu", "4")).obj());
    }
    s.runUntilIdle();
    assertThat(boundPods()).containsOnlyKeys(probes(nodes));
  }

  private static List<String> probes(int n) {
    List<String> names = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      names.add("probe" + i);
    }
    return names;
  }

  @Test
  void gangOfFour_waitsForItsLastMember_thenBindsTogether() {
    nodes(4);
    podGroup("gang", 4, null);
    try (Scheduler s = scheduler(null)) {
      for (int i = 1; i <= 3; i++) {
        member("g" + i, "gang", "1");
      }
      s.runUntilIdle();

      assertThat(boundPods()).isEmpty();
      assertThat(s.pendingPods())
          .hasSize(3)
          .allSatisfy(p -> assertThat(p.rejectedBy()).containsExactly(Coscheduling.NAME));

      member("g4", "gang", "1");
      s.runUntilIdle();

      assertThat(boundPods()).containsOnlyKeys("g1", "g2", "g3", "g4");
      assertThat(s.pendingPods()).isEmpty();
      assertThat(waiting(s)).isZero();
    }
  }

  @Test
  void podGroupAddedAfterItsPods_releasesTheHeldMembers() {
    nodes(3);
    try (Scheduler s = scheduler(null)) {
      for (int i = 1; i <= 3; i++) {
        member("g" + i, "gang", "1");
      }
      s.runUntilIdle();
      assertThat(boundPods()).isEmpty();
      assertThat(s.pendingPods()).hasSize(3);

      podGroup("gang", 3, null);
      s.runUntilIdle();

      assertThat(boundPods()).containsOnlyKeys("g1", "g2", "g3");
    }
  }

  @Test
  void podGroupUpdateLoweringMinMember_releasesTheHeldMembers() {
    nodes(3);
    podGroup("gang", 4, null);
    try (Scheduler s = scheduler(null)) {
      for (int i = 1; i <= 3; i++) {
        member("g" + i, "gang", "1");
      }
      s.runUntilIdle();
      assertThat(boundPods()).isEmpty();

      cluster.update(PodGroup.builder().name("gang").minMember(3).build());
      s.runUntilIdle();

      assertThat(boundPods()).containsOnlyKeys("g1", "g2", "g3");
    }
  }

  @Test
  void gangThatCannotFit_isRejectedAtPostFilter_andReleasesItsNodes() {
    nodes(3);
    podGroup("gang", 4, null);
    try (Scheduler s = scheduler(null)) {
      for (int i = 1; i <= 4; i++) {
        member("g" + i, "gang", "4");
      }
      Instant start = cluster.clock().now();
      s.runUntilIdle();

      assertThat(boundPods()).isEmpty();
      assertThat(waiting(s)).isZero();
      assertThat(pendingNames(s)).containsExactly("g1", "g2", "g3", "g4");
      // The member that fit nowhere sank the gang (and, retried when the nodes came free, met
      // the denial); the three waiting members were rejected for it.
      assertThat(s.pendingPods())
          .filteredOn(p -> p.message().contains("gets rejected due to Pod"))
          .hasSize(1)
          .allSatisfy(
              p -> assertThat(p.message()).contains("podGroup default/gang failed recently"));
      assertThat(s.pendingPods())
          .extracting(Scheduler.PendingPod::message)
          .filteredOn(
              m -> m.equals("0/1 nodes are available: 1 optimistic rejection in PostFilter."))
          .hasSize(3);
      // Rejected at once, long before the 60 s Permit timeout.
      assertThat(Duration.between(start, cluster.clock().now())).isLessThan(Duration.ofSeconds(60));
      assertCapacityReleased(s, 3);
    }
  }

  @Test
  void gangThatCannotFit_timesOutAfterScheduleTimeoutSeconds_andReleasesItsNodes() {
    // Nine of ten members fit: a 10 % gap is small enough for PostFilter to keep the gang
    // waiting, so it is the Permit timeout that ends the attempt.
    nodes(9);
    podGroup("gang", 10, 30);
    try (Scheduler s = scheduler(null)) {
      for (int i = 1; i <= 10; i++) {
        member("g" + String.format("%02d", i), "gang", "4");
      }
      Instant start = cluster.clock().now();
      s.runUntilIdle();

      assertThat(Duration.between(start, cluster.clock().now()))
          .isGreaterThanOrEqualTo(Duration.ofSeconds(30));
      assertThat(boundPods()).isEmpty();
      assertThat(waiting(s)).isZero();
      assertThat(s.pendingPods()).hasSize(10);
      assertThat(s.pendingPods())
          .anySatisfy(
              p ->
                  assertThat(p.message())
                      .isEqualTo(
                          "0/1 nodes are available: 1 rejected due to timeout after waiting 30s"
                              + " at plugin Coscheduling."));
      assertCapacityReleased(s, 9);
    }
  }

  @Test
  void twoGangsInterleavedOnTooFewNodes_oneRunsTheOtherWaitsWithNothingHeld() {
    // Each pod needs a whole node; each gang needs 3 of the 4 nodes.
    nodes(4);
    podGroup("a", 3, null);
    podGroup("b", 3, null);
    try (Scheduler s = scheduler(null)) {
      for (int i = 1; i <= 4; i++) {
        member("a" + i, "a", "4");
        member("b" + i, "b", "4");
      }
      s.runUntilIdle();

      Map<String, String> bound = boundPods();
      Set<String> winners =
          bound.keySet().stream().map(n -> n.substring(0, 1)).collect(Collectors.toSet());
      assertThat(winners).hasSize(1);
      String winner = winners.iterator().next();
      String loser = winner.equals("a") ? "b" : "a";
      assertThat(bound).containsOnlyKeys(winner + "1", winner + "2", winner + "3", winner + "4");
      assertThat(Set.copyOf(bound.values())).containsExactlyInAnyOrder("n1", "n2", "n3", "n4");
      assertThat(waiting(s)).isZero();
      assertThat(pendingNames(s))
          .containsExactly(loser + "1", loser + "2", loser + "3", loser + "4");
    }
  }

  @Test
  void memberWhoseBindFailsAfterQuorum_retriesAloneAndBinds() {
    nodes(3);
    podGroup("gang", 3, null);
    try (Scheduler s = scheduler(new FailOnce("g2"))) {
      for (int i = 1; i <= 3; i++) {
        member("g" + i, "gang", "4");
      }
      s.runUntilIdle();

      assertThat(boundPods()).containsOnlyKeys("g1", "g2", "g3");
      assertThat(s.pendingPods()).isEmpty();
    }
  }
}
