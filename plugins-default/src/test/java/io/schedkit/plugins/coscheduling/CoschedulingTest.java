package io.schedkit.plugins.coscheduling;

import static io.schedkit.plugins.coscheduling.CoschedulingFixtures.cluster;
import static io.schedkit.plugins.coscheduling.CoschedulingFixtures.group;
import static io.schedkit.plugins.coscheduling.CoschedulingFixtures.loner;
import static io.schedkit.plugins.coscheduling.CoschedulingFixtures.member;
import static io.schedkit.plugins.coscheduling.CoschedulingFixtures.park;
import static io.schedkit.testing.SchedkitAssertions.assertThat;

import io.schedkit.framework.Code;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.PermitResult;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.testing.FakeClock;
import io.schedkit.testing.FakeHandle;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class CoschedulingTest {

  private static Coscheduling plugin(FakeHandle handle) {
    return new Coscheduling(CoschedulingArgs.defaults(), handle);
  }

  private static Status preFilter(Coscheduling plugin, FakeHandle handle, Pod pod) {
    return plugin.preFilter(new CycleState(), PodInfo.of(pod), handle.snapshot().list()).status();
  }

  private static Status postFilter(Coscheduling plugin, Pod pod) {
    return plugin.postFilter(new CycleState(), PodInfo.of(pod), new NodeToStatus()).status();
  }

  // ---------------------------------------------------------------- QueueSort

  /** A queued pod as the queue hands it to {@code less}. */
  private record Queued(Pod pod, Instant timestamp, Instant initialAttemptTimestamp)
      implements QueuedPodInfo {
    @Override
    public PodInfo podInfo() {
      return PodInfo.of(pod);
    }

    @Override
    public int attempts() {
      return 0;
    }

    @Override
    public java.util.Set<String> unschedulablePlugins() {
      return java.util.Set.of();
    }

    @Override
    public java.util.Set<String> pendingPlugins() {
      return java.util.Set.of();
    }
  }

  private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");

  private static PodGroup createdAt(PodGroup group, Instant created) {
    return group.toBuilder()
        .metadata(group.metadata().toBuilder().creationTimestamp(created).build())
        .build();
  }

  // Upstream's TestLess (scheduler-plugins coscheduling_test.go), as cases: priority first, then
  // the PodGroup's creation time (a pod outside a group: its first attempt), then the pod's key.
  static Stream<Arguments> lessCases() {
    PodGroup early = createdAt(group("ns", "pg-early", 1), T0);
    PodGroup late = createdAt(group("ns", "pg-late", 1), T0.plusSeconds(10));
    return Stream.of(
        Arguments.of(
            "higher priority first",
            new Queued(loner("ns", "a").priority(1).obj(), T0.plusSeconds(5), null),
            new Queued(loner("ns", "b").priority(10).obj(), T0, null),
            List.of(early, late),
            false),
        Arguments.of(
            "equal priority: the earlier PodGroup first, whatever the queue times",
            new Queued(member("ns", "z", "pg-early").obj(), T0.plusSeconds(30), null),
            new Queued(member("ns", "a", "pg-late").obj(), T0, null),
            List.of(early, late),
            true),
        Arguments.of(
            "equal priority, no group: the earlier first attempt first",
            new Queued(loner("ns", "b").obj(), T0.plusSeconds(2), T0.plusSeconds(1)),
            new Queued(loner("ns", "a").obj(), T0, T0.plusSeconds(3)),
            List.of(),
            true),
        Arguments.of(
            "equal priority and time: the pod key decides",
            new Queued(member("ns", "p-2", "pg-early").obj(), T0, null),
            new Queued(member("ns", "p-1", "pg-early").obj(), T0, null),
            List.of(early),
            false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("lessCases")
  void less_ordersByPriorityGroupCreationThenKey(
      String name, Queued a, Queued b, List<PodGroup> groups, boolean aFirst) {
    FakeHandle handle = cluster(List.of(a.pod(), b.pod()), groups).build();
    Coscheduling plugin = plugin(handle);

    assertThat(plugin.less(a, b)).isEqualTo(aFirst);
    assertThat(plugin.less(b, a)).isEqualTo(!aFirst);
  }

  // ---------------------------------------------------------------- PreEnqueue

  static Stream<Arguments> preEnqueueCases() {
    Pod p1 = member("ns", "p1", "pg1").obj();
    return Stream.of(
        Arguments.of(
            "pod does not belong to any pg",
            loner("ns", "p").obj(),
            List.of(),
            List.of(group("ns", "pg1", 3)),
            null),
        Arguments.of(
            "PodGroup does not exist",
            p1,
            List.of(p1),
            List.of(group("ns", "pg2", 1)),
            "podGroup ns/pg1 not found"),
        Arguments.of(
            "pod count less than minMember",
            p1,
            List.of(p1, member("ns", "p2", "pg1").obj()),
            List.of(group("ns", "pg1", 3)),
            "pre-enqueue pod p1 cannot find enough sibling pods, current pods number: 2,"
                + " minMember of group: 3"),
        Arguments.of(
            "terminating and finished siblings do not count",
            p1,
            List.of(
                p1,
                member("ns", "p2", "pg1").terminating().obj(),
                member("ns", "p3", "pg1").phase("Succeeded").obj(),
                member("ns", "p4", "pg1").phase("Failed").obj()),
            List.of(group("ns", "pg1", 2)),
            "pre-enqueue pod p1 cannot find enough sibling pods, current pods number: 1,"
                + " minMember of group: 2"),
        Arguments.of(
            "pods of another namespace or group do not count",
            p1,
            List.of(p1, member("other", "p2", "pg1").obj(), member("ns", "p3", "pg2").obj()),
            List.of(group("ns", "pg1", 2), group("other", "pg1", 1)),
            "pre-enqueue pod p1 cannot find enough sibling pods, current pods number: 1,"
                + " minMember of group: 2"),
        Arguments.of(
            "pod count equal minMember, bound and pending pods alike",
            p1,
            List.of(p1, member("ns", "p2", "pg1").node("node").obj()),
            List.of(group("ns", "pg1", 2)),
            null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("preEnqueueCases")
  void preEnqueue_holdsUntilGroupAndMembersExist(
      String name, Pod pod, List<Pod> pods, List<PodGroup> groups, String reason) {
    FakeHandle handle = cluster(pods, groups).build();

    Status s = plugin(handle).preEnqueue(pod);

    if (reason == null) {
      assertThat(s).isSuccess();
    } else {
      assertThat(s).isUnschedulableAndUnresolvable().hasReasons(reason);
    }
  }

  // ---------------------------------------------------------------- PreFilter

  /**
   * Upstream's core TestPreFilter (without the minResources cases: schedkit's PodGroup has no
   * minResources). As upstream, the pod under test is not in the pod lister, only its siblings.
   */
  static Stream<Arguments> preFilterCases() {
    return Stream.of(
        Arguments.of(
            "pod does not belong to any pg",
            loner("default", "p").obj(),
            List.of(member("ns", "p1", "pg1").obj(), member("ns", "p2", "pg2").obj()),
            List.of(group("ns", "pg1", 1), group("ns", "pg2", 1)),
            null),
        Arguments.of(
            "pod belongs to a non-existent pg",
            member("ns", "p", "pg-non-existent").obj(),
            List.of(),
            List.of(group("ns", "pg1", 1)),
            null),
        Arguments.of(
            "pod count less than minMember",
            member("ns", "p", "pg1").obj(),
            List.of(member("ns", "pg2-1", "pg2").obj()),
            List.of(group("ns", "pg1", 2), group("ns", "pg2", 2)),
            "pre-filter pod p cannot find enough sibling pods, current pods number: 0, minMember"
                + " of group: 2"),
        Arguments.of(
            "pod count equal minMember",
            member("ns", "p1a", "pg1").obj(),
            List.of(member("ns", "p1b", "pg1").obj(), member("ns", "p1c", "pg1").obj()),
            List.of(group("ns", "pg1", 2), group("ns", "pg2", 2)),
            null),
        Arguments.of(
            "pod count more than minMember",
            member("ns", "p1a", "pg1").obj(),
            List.of(member("ns", "p1b", "pg1").obj(), member("ns", "p1c", "pg1").obj()),
            List.of(group("ns", "pg1", 2), group("ns", "pg2", 2)),
            null),
        Arguments.of(
            "(schedkit) terminating siblings do not count",
            member("ns", "p1a", "pg1").obj(),
            List.of(
                member("ns", "p1b", "pg1").obj(), member("ns", "p1c", "pg1").terminating().obj()),
            List.of(group("ns", "pg1", 2)),
            "pre-filter pod p1a cannot find enough sibling pods, current pods number: 1,"
                + " minMember of group: 2"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("preFilterCases")
  void preFilter_upstreamTable(
      String name, Pod pod, List<Pod> pods, List<PodGroup> groups, String reason) {
    FakeHandle handle = cluster(pods, groups).build();

    Status s = preFilter(plugin(handle), handle, pod);

    if (reason == null) {
      assertThat(s).isSuccess();
    } else {
      assertThat(s).isUnschedulableAndUnresolvable().hasReasons(reason);
    }
  }

  // ---------------------------------------------------------------- Permit

  /** Upstream's TestPermit tables (coscheduling_test.go, then core_test.go). */
  static Stream<Arguments> permitCases() {
    List<PodGroup> pg12 = List.of(group("ns", "pg1", 1), group("ns", "pg2", 2));
    List<PodGroup> pg1min2 = List.of(group("ns", "pg1", 2));
    return Stream.of(
        Arguments.of(
            "pods do not belong to any podGroup", loner("ns", "p").obj(), List.of(), pg12, null),
        Arguments.of(
            "pods belong to a pg1, but quorum not satisfied",
            member("ns", "p", "pg2").obj(),
            List.of(),
            pg12,
            Code.WAIT),
        Arguments.of(
            "pods belong to a podGroup, and quorum satisfied",
            member("ns", "p", "pg1").obj(),
            List.of(),
            pg12,
            null),
        Arguments.of(
            "core: pod does not belong to any pg",
            loner("ns", "p").obj(),
            List.of(),
            pg1min2,
            null),
        Arguments.of(
            "core: pod specifies a non-existent pg",
            member("ns", "p", "pg-non-existent").obj(),
            List.of(),
            pg1min2,
            Code.UNSCHEDULABLE),
        Arguments.of(
            "core: pod belongs to a pg that doesn't have quorum",
            member("ns", "p", "pg1").obj(),
            List.of(),
            pg1min2,
            Code.WAIT),
        Arguments.of(
            "core: pod belongs to a pg that have quorum satisfied",
            member("ns", "p1a", "pg1").obj(),
            List.of(member("ns", "p1b", "pg1").node("node").obj()),
            pg1min2,
            null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("permitCases")
  void permit_upstreamTable(
      String name, Pod pod, List<Pod> existing, List<PodGroup> groups, Code want) {
    FakeHandle handle = cluster(existing, groups).build();

    PermitResult r = plugin(handle).permit(new CycleState(), PodInfo.of(pod), "node");

    if (want == null) {
      assertThat(r.status()).isSuccess();
      assertThat(r.timeout()).isZero();
    } else if (want == Code.UNSCHEDULABLE) {
      assertThat(r.status()).isUnschedulable().hasReasons("PodGroup not found");
    } else {
      assertThat(r.status()).hasCode(want);
    }
  }

  static Stream<Arguments> waitTimeCases() {
    return Stream.of(
        Arguments.of("PodGroup's scheduleTimeoutSeconds", 30, 60L, Duration.ofSeconds(30)),
        Arguments.of("args' permitWaitingTimeSeconds", null, 15L, Duration.ofSeconds(15)),
        Arguments.of("PodGroup's zero timeout means unset", 0, 15L, Duration.ofSeconds(15)),
        Arguments.of("default when both are unset", null, 0L, Duration.ofSeconds(60)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("waitTimeCases")
  void permit_waitTime(String name, Integer groupTimeout, long argsTimeout, Duration want) {
    PodGroup pg =
        PodGroup.builder()
            .namespace("ns")
            .name("pg")
            .minMember(2)
            .scheduleTimeoutSeconds(groupTimeout)
            .build();
    FakeHandle handle = cluster(List.of(), List.of(pg)).build();
    Coscheduling plugin = new Coscheduling(new CoschedulingArgs(argsTimeout, 20, 10), handle);

    PermitResult r =
        plugin.permit(new CycleState(), PodInfo.of(member("ns", "p", "pg").obj()), "node");

    assertThat(r.status()).isWait();
    assertThat(r.timeout()).isEqualTo(want);
  }

  @Test
  void permit_quorumAllowsWaitingMembersOfTheGroupOnly() {
    Pod a1 = member("ns", "a1", "a").node("node").obj();
    Pod b1 = member("ns", "b1", "b").node("node").obj();
    Pod otherNs = member("other", "a1", "a").uid("other-a1").node("node").obj();
    FakeHandle handle =
        cluster(
                List.of(a1, b1, otherNs),
                List.of(group("ns", "a", 2), group("ns", "b", 2), group("other", "a", 2)))
            .build();
    CompletableFuture<Status> a1Outcome = park(handle, a1);
    CompletableFuture<Status> b1Outcome = park(handle, b1);
    CompletableFuture<Status> otherOutcome = park(handle, otherNs);

    PermitResult r =
        plugin(handle).permit(new CycleState(), PodInfo.of(member("ns", "a2", "a").obj()), "node");

    assertThat(r.status()).isSuccess();
    assertThat(a1Outcome.getNow(null)).isSuccess();
    assertThat(b1Outcome).isNotDone();
    assertThat(otherOutcome).isNotDone();
  }

  @Test
  void permit_firstMemberActivatesPendingSiblings() {
    Pod p1 = member("ns", "p1", "pg").obj();
    List<Pod> pods =
        List.of(
            p1,
            member("ns", "p2", "pg").obj(),
            member("ns", "p3", "pg").obj(),
            member("ns", "gone", "pg").terminating().obj(),
            member("ns", "other", "pg2").obj());
    FakeHandle handle = cluster(pods, List.of(group("ns", "pg", 4))).build();
    CycleState state = new CycleState();

    PermitResult r = plugin(handle).permit(state, PodInfo.of(p1), "node");

    assertThat(r.status()).isWait();
    assertThat(state.drainPodsToActivate()).extracting(Pod::key).containsExactly("ns/p2", "ns/p3");
  }

  @Test
  void permit_laterMemberDoesNotActivateSiblings() {
    Pod p2 = member("ns", "p2", "pg").obj();
    List<Pod> pods =
        List.of(member("ns", "p1", "pg").node("node").obj(), p2, member("ns", "p3", "pg").obj());
    FakeHandle handle = cluster(pods, List.of(group("ns", "pg", 3))).build();
    CycleState state = new CycleState();

    PermitResult r = plugin(handle).permit(state, PodInfo.of(p2), "node");

    assertThat(r.status()).isWait();
    assertThat(state.drainPodsToActivate()).isEmpty();
  }

  // ---------------------------------------------------------------- PostFilter

  /**
   * Upstream's TestPostFilter. Upstream answers a pod outside any group with {@code can not find
   * pod group}; schedkit leaves such pods alone and adds no reason (and says it for a member whose
   * PodGroup is missing).
   */
  static Stream<Arguments> postFilterCases() {
    return Stream.of(
        Arguments.of(
            "pod does not belong to any pod group (schedkit: no reason)",
            loner("ns", "p").obj(),
            List.of(),
            List.of(group("ns", "pg1", 2)),
            Status.unschedulable()),
        Arguments.of(
            "(schedkit) pod's PodGroup does not exist",
            member("ns", "p", "pg-non-existent").obj(),
            List.of(),
            List.of(group("ns", "pg1", 2)),
            Status.unschedulable("can not find pod group")),
        Arguments.of(
            "enough pods assigned, do not reject all",
            member("ns", "p", "pg1").obj(),
            List.of(member("ns", "p1", "pg1").node("node").obj()),
            List.of(group("ns", "pg1", 1)),
            Status.unschedulable()),
        Arguments.of(
            "pod failed at filter phase, reject all pods",
            member("ns", "p", "pg1").obj(),
            List.of(member("ns", "p1", "pg1").node("node").obj()),
            List.of(group("ns", "pg1", 2)),
            Status.unschedulable(
                "PodGroup ns/pg1 gets rejected due to Pod p is unschedulable even after"
                    + " PostFilter")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("postFilterCases")
  void postFilter_upstreamTable(
      String name, Pod pod, List<Pod> existing, List<PodGroup> groups, Status want) {
    FakeHandle handle = cluster(existing, groups).build();

    Status s = postFilter(plugin(handle), pod);

    assertThat(s).isEqualTo(want);
  }

  static Stream<Arguments> rejectPercentageCases() {
    return Stream.of(
        Arguments.of("1 of 10 missing (10%): keep waiting", 9, false),
        Arguments.of("2 of 10 missing (20%): reject", 8, true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rejectPercentageCases")
  void postFilter_smallGapKeepsTheGroupWaiting(String name, int assigned, boolean rejects) {
    List<Pod> pods = new java.util.ArrayList<>();
    for (int i = 0; i < assigned; i++) {
      pods.add(member("ns", "m" + i, "pg").node("node").obj());
    }
    FakeHandle handle = cluster(pods, List.of(group("ns", "pg", 10))).build();
    CompletableFuture<Status> m0 = park(handle, pods.get(0));

    Status s = postFilter(plugin(handle), member("ns", "last", "pg").obj());

    assertThat(s).isUnschedulable();
    if (rejects) {
      assertThat(s)
          .hasReasons(
              "PodGroup ns/pg gets rejected due to Pod last is unschedulable even after PostFilter");
      assertThat(m0.getNow(null)).isUnschedulable().hasPlugin(Coscheduling.NAME);
    } else {
      assertThat(s).hasNoReasons();
      assertThat(m0).isNotDone();
    }
  }

  @Test
  void postFilter_rejectsWaitingMembersAndDeniesTheGroupForTheBackoff() {
    FakeClock clock = new FakeClock();
    Pod a1 = member("ns", "a1", "a").node("node").obj();
    Pod b1 = member("ns", "b1", "b").node("node").obj();
    Pod a2 = member("ns", "a2", "a").obj();
    Pod a3 = member("ns", "a3", "a").obj();
    FakeHandle handle =
        cluster(List.of(a1, b1, a2, a3), List.of(group("ns", "a", 3), group("ns", "b", 2)))
            .clock(clock)
            .build();
    Coscheduling plugin = new Coscheduling(new CoschedulingArgs(60, 5, 10), handle);
    CompletableFuture<Status> a1Outcome = park(handle, a1);
    CompletableFuture<Status> b1Outcome = park(handle, b1);

    postFilter(plugin, a2);

    assertThat(a1Outcome.getNow(null))
        .isUnschedulable()
        .hasReasons("optimistic rejection in PostFilter")
        .hasPlugin(Coscheduling.NAME);
    assertThat(b1Outcome).isNotDone();
    assertThat(preFilter(plugin, handle, a3))
        .isUnschedulableAndUnresolvable()
        .hasReasons("podGroup ns/a failed recently");
    clock.step(Duration.ofSeconds(5));
    assertThat(preFilter(plugin, handle, a3)).isSuccess();
  }

  @Test
  void postFilter_groupWithFewerPodsThanMinMember_isNotDenied() {
    Pod p1 = member("ns", "p1", "pg").obj();
    FakeHandle handle = cluster(List.of(p1), List.of(group("ns", "pg", 3))).build();
    Coscheduling plugin = plugin(handle);

    Status s = postFilter(plugin, p1);

    assertThat(s).isUnschedulable().hasMessageContaining("gets rejected");
    // Not denied: PreFilter reports the missing members, not a recent failure.
    assertThat(preFilter(plugin, handle, p1))
        .hasReasons(
            "pre-filter pod p1 cannot find enough sibling pods, current pods number: 1,"
                + " minMember of group: 3");
  }

  @Test
  void postFilter_dryRun_rejectsNothingAndDeniesNothing() {
    Pod a1 = member("ns", "a1", "a").node("node").obj();
    Pod a2 = member("ns", "a2", "a").obj();
    Pod a3 = member("ns", "a3", "a").obj();
    FakeHandle handle = cluster(List.of(a1, a2, a3), List.of(group("ns", "a", 3))).build();
    Coscheduling plugin = plugin(handle);
    CompletableFuture<Status> a1Outcome = park(handle, a1);
    CycleState state = new CycleState();
    state.setDryRun(true);

    Status s = plugin.postFilter(state, PodInfo.of(a2), new NodeToStatus()).status();

    assertThat(s).hasMessageContaining("gets rejected");
    assertThat(a1Outcome).isNotDone();
    assertThat(preFilter(plugin, handle, a3)).isSuccess();
  }

  /**
   * Upstream's TestPodGroupBackoffTime ("prevent pod falling into infinite scheduling loop"): the
   * first member waits and activates its siblings; a sibling's PostFilter denies the group; the
   * third member is rejected at PreFilter.
   */
  @Test
  void backoff_preventsInfiniteSchedulingLoop() {
    List<Pod> pods =
        List.of(
            member("ns", "pod1", "pg1").obj(),
            member("ns", "pod2", "pg1").obj(),
            member("ns", "pod3", "pg1").obj());
    FakeHandle handle = cluster(pods, List.of(group("ns", "pg1", 3))).build();
    Coscheduling plugin = new Coscheduling(new CoschedulingArgs(10, 1, 10), handle);
    CycleState state = new CycleState();

    PermitResult r = plugin.permit(state, PodInfo.of(pods.get(0)), "test");
    postFilter(plugin, pods.get(1));
    Status s = preFilter(plugin, handle, pods.get(2));

    assertThat(r.status()).isWait();
    assertThat(state.drainPodsToActivate())
        .extracting(Pod::key)
        .containsExactly("ns/pod2", "ns/pod3");
    assertThat(s).isUnschedulableAndUnresolvable().hasReasons("podGroup ns/pg1 failed recently");
  }

  // ---------------------------------------------------------------- Unreserve

  @Test
  void unreserve_rejectsTheOtherWaitingMembersAndDeniesTheGroup() {
    Pod a1 = member("ns", "a1", "a").node("node").obj();
    Pod a2 = member("ns", "a2", "a").node("node").obj();
    Pod b1 = member("ns", "b1", "b").node("node").obj();
    Pod a3 = member("ns", "a3", "a").obj();
    FakeHandle handle =
        cluster(List.of(a1, a2, b1, a3), List.of(group("ns", "a", 3), group("ns", "b", 2))).build();
    Coscheduling plugin = plugin(handle);
    CompletableFuture<Status> a1Outcome = park(handle, a1);
    CompletableFuture<Status> a2Outcome = park(handle, a2);
    CompletableFuture<Status> b1Outcome = park(handle, b1);

    plugin.unreserve(new CycleState(), PodInfo.of(a1), "node");

    assertThat(a1Outcome).isNotDone();
    assertThat(a2Outcome.getNow(null))
        .isUnschedulable()
        .hasReasons("rejection in Unreserve")
        .hasPlugin(Coscheduling.NAME);
    assertThat(b1Outcome).isNotDone();
    assertThat(preFilter(plugin, handle, a3)).hasReasons("podGroup ns/a failed recently");
  }

  @Test
  void unreserve_afterQuorum_doesNotDenyTheGroup() {
    Pod a1 = member("ns", "a1", "a").node("node").obj();
    Pod a2 = member("ns", "a2", "a").obj();
    FakeHandle handle = cluster(List.of(a1, a2), List.of(group("ns", "a", 2))).build();
    Coscheduling plugin = plugin(handle);

    assertThat(plugin.permit(new CycleState(), PodInfo.of(a2), "node").status()).isSuccess();
    plugin.unreserve(new CycleState(), PodInfo.of(a2), "node");

    assertThat(preFilter(plugin, handle, a2)).isSuccess();
  }

  @Test
  void unreserve_withoutBackoff_neverDenies() {
    Pod a1 = member("ns", "a1", "a").obj();
    Pod a2 = member("ns", "a2", "a").obj();
    FakeHandle handle = cluster(List.of(a1, a2), List.of(group("ns", "a", 2))).build();
    Coscheduling plugin = new Coscheduling(new CoschedulingArgs(60, 0, 10), handle);

    plugin.unreserve(new CycleState(), PodInfo.of(a1), "node");
    postFilter(plugin, a1);

    assertThat(preFilter(plugin, handle, a2)).isSuccess();
  }

  @Test
  void podsOutsideAnyGroup_areNotAffected() {
    Pod member = member("ns", "m", "pg").node("node").obj();
    Pod p = loner("ns", "p").obj();
    FakeHandle handle = cluster(List.of(member), List.of(group("ns", "pg", 5))).build();
    Coscheduling plugin = plugin(handle);
    CompletableFuture<Status> memberOutcome = park(handle, member);
    CycleState state = new CycleState();

    assertThat(plugin.preEnqueue(p)).isSuccess();
    assertThat(preFilter(plugin, handle, p)).isSuccess();
    assertThat(plugin.reserve(state, PodInfo.of(p), "node")).isSuccess();
    assertThat(plugin.permit(state, PodInfo.of(p), "node")).isEqualTo(PermitResult.allow());
    plugin.unreserve(state, PodInfo.of(p), "node");
    assertThat(postFilter(plugin, p)).isUnschedulable().hasNoReasons();

    assertThat(memberOutcome).isNotDone();
    assertThat(state.drainPodsToActivate()).isEmpty();
  }

  @Test
  void deniedGroup_expiresOnTheSchedulersClock() {
    FakeClock clock = new FakeClock(Instant.parse("2026-03-01T00:00:00Z"));
    Pod a1 = member("ns", "a1", "a").obj();
    Pod a2 = member("ns", "a2", "a").obj();
    FakeHandle handle = cluster(List.of(a1, a2), List.of(group("ns", "a", 2))).clock(clock).build();
    Coscheduling plugin = plugin(handle);

    plugin.unreserve(new CycleState(), PodInfo.of(a1), "node");
    clock.step(Duration.ofSeconds(19));
    Status during = preFilter(plugin, handle, a2);
    clock.step(Duration.ofSeconds(1));
    Status after = preFilter(plugin, handle, a2);

    assertThat(during).hasReasons("podGroup ns/a failed recently");
    assertThat(after).isSuccess();
  }
}
