package io.schedkit.plugins.schedulinggates;

import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.model.Pod;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Facts of upstream's TestPreEnqueue and Test_isSchedulableAfterPodChange. */
final class SchedulingGatesTest {
  private final SchedulingGates plugin = new SchedulingGates();

  @Test
  void preEnqueue_noGates_success() {
    assertThat(plugin.preEnqueue(makePod().name("p").obj())).isSuccess();
  }

  @Test
  void preEnqueue_gates_unresolvableListingGatesInOrder() {
    Pod pod = makePod().name("p").schedulingGates("foo", "bar").obj();

    assertThat(plugin.preEnqueue(pod))
        .isUnschedulableAndUnresolvable()
        .hasReasons("waiting for scheduling gates: [foo bar]");
  }

  @Test
  void eventsToRegister_gatesEliminatedWithHint() {
    assertThat(plugin.eventsToRegister())
        .extracting(ClusterEventWithHint::event)
        .containsExactly(
            ClusterEvent.of(EventResource.POD, ActionType.UPDATE_POD_SCHEDULING_GATES_ELIMINATED));
    assertThat(plugin.eventsToRegister().get(0).hint()).isNotNull();
  }

  static Stream<Arguments> hints() {
    return Stream.of(
        Arguments.of(
            "skip-queue-on-other-pod-updated",
            makePod().name("p").schedulingGates("foo", "bar").uid("uid0").obj(),
            makePod().name("p1").schedulingGates("foo", "bar").uid("uid1").obj(),
            makePod().name("p1").schedulingGates("foo").uid("uid1").obj(),
            QueueingHint.QUEUE_SKIP),
        Arguments.of(
            "queue-on-the-unsched-pod-updated",
            makePod().name("p").schedulingGates("foo").obj(),
            makePod().name("p").schedulingGates("foo").obj(),
            makePod().name("p").obj(),
            QueueingHint.QUEUE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hints")
  void isSchedulableAfterPodSchedulingGatesEliminated_upstreamTable(
      String name, Pod pod, Pod oldObj, Pod newObj, QueueingHint expected) {
    assertThat(SchedulingGates.isSchedulableAfterPodSchedulingGatesEliminated(pod, oldObj, newObj))
        .isEqualTo(expected);
  }

  @Test
  void isSchedulableAfterPodSchedulingGatesEliminated_wrongObjects_throw() {
    Pod pod = makePod().name("p").obj();

    assertThatThrownBy(
            () ->
                SchedulingGates.isSchedulableAfterPodSchedulingGatesEliminated(
                    pod, "not-a-pod", pod))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                SchedulingGates.isSchedulableAfterPodSchedulingGatesEliminated(
                    pod, null, "not-a-pod"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
