package io.schedkit.plugins.coscheduling;

import static io.schedkit.plugins.coscheduling.CoschedulingFixtures.group;
import static io.schedkit.plugins.coscheduling.CoschedulingFixtures.loner;
import static io.schedkit.plugins.coscheduling.CoschedulingFixtures.member;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.testing.FakeHandle;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class CoschedulingQueueingHintTest {

  @Test
  void eventsToRegister_podAddAndPodGroupAddOrUpdate() {
    Coscheduling plugin =
        new Coscheduling(CoschedulingArgs.defaults(), FakeHandle.builder().build());

    List<ClusterEventWithHint> events = plugin.eventsToRegister();

    assertThat(events)
        .extracting(ClusterEventWithHint::event)
        .containsExactly(
            ClusterEvent.of(EventResource.POD, ActionType.ADD),
            ClusterEvent.of(EventResource.POD_GROUP, ActionType.ADD.or(ActionType.UPDATE)));
    assertThat(events).allSatisfy(e -> assertThat(e.hint()).isNotNull());
  }

  static Stream<Arguments> podAddCases() {
    Pod pod = member("ns", "p1", "pg").obj();
    return Stream.of(
        Arguments.of("a new member of the group", pod, member("ns", "p2", "pg").obj(), true),
        Arguments.of(
            "a member bound elsewhere", pod, member("ns", "p2", "pg").node("n").obj(), true),
        Arguments.of("a pod of another group", pod, member("ns", "p2", "pg2").obj(), false),
        Arguments.of(
            "a pod of the same group name in another namespace",
            pod,
            member("other", "p2", "pg").obj(),
            false),
        Arguments.of("a pod outside any group", pod, loner("ns", "p2").obj(), false),
        Arguments.of(
            "the queued pod is outside any group",
            loner("ns", "p1").obj(),
            member("ns", "p2", "pg").obj(),
            false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("podAddCases")
  void hintPodAdded(String name, Pod pod, Pod added, boolean queue) {
    assertThat(Coscheduling.hintPodAdded(pod, null, added))
        .isEqualTo(queue ? QueueingHint.QUEUE : QueueingHint.QUEUE_SKIP);
  }

  static Stream<Arguments> podGroupCases() {
    Pod pod = member("ns", "p1", "pg").obj();
    return Stream.of(
        Arguments.of("its PodGroup was added", pod, null, group("ns", "pg", 2), true),
        Arguments.of(
            "its PodGroup was updated", pod, group("ns", "pg", 3), group("ns", "pg", 2), true),
        Arguments.of("another PodGroup", pod, null, group("ns", "pg2", 2), false),
        Arguments.of(
            "a PodGroup of the same name in another namespace",
            pod,
            null,
            group("other", "pg", 2),
            false),
        Arguments.of(
            "the queued pod is outside any group",
            loner("ns", "p1").obj(),
            null,
            group("ns", "pg", 2),
            false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("podGroupCases")
  void hintPodGroupChanged(
      String name, Pod pod, PodGroup oldGroup, PodGroup newGroup, boolean queue) {
    assertThat(Coscheduling.hintPodGroupChanged(pod, oldGroup, newGroup))
        .isEqualTo(queue ? QueueingHint.QUEUE : QueueingHint.QUEUE_SKIP);
  }
}
