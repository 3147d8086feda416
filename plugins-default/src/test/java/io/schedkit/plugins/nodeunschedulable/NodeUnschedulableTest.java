package io.schedkit.plugins.nodeunschedulable;

import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.framework.model.Toleration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Facts of upstream's TestNodeUnschedulable, TestIsSchedulableAfterNodeChange and
 * TestIsSchedulableAfterPodTolerationChange.
 */
final class NodeUnschedulableTest {
  private static final Toleration UNSCHEDULABLE_TOLERATION =
      Toleration.builder()
          .key(NodeUnschedulable.TAINT_NODE_UNSCHEDULABLE)
          .effect(TaintEffect.NO_SCHEDULE)
          .build();

  static Stream<Arguments> filterCases() {
    return Stream.of(
        Arguments.of(
            "Does not schedule pod to unschedulable node (node.Spec.Unschedulable==true)",
            makePod().name("p").obj(),
            makeNode().name("n").unschedulable(true).obj(),
            Status.unresolvable(NodeUnschedulable.ERR_REASON_UNSCHEDULABLE)),
        Arguments.of(
            "Schedule pod to normal node",
            makePod().name("p").obj(),
            makeNode().name("n").unschedulable(false).obj(),
            Status.success()),
        Arguments.of(
            "Schedule pod with toleration to unschedulable node (node.Spec.Unschedulable==true)",
            makePod().name("p").toleration(UNSCHEDULABLE_TOLERATION).obj(),
            makeNode().name("n").unschedulable(true).obj(),
            Status.success()),
        Arguments.of(
            "Exists toleration of the key tolerates it too",
            makePod().name("p").toleration(NodeUnschedulable.TAINT_NODE_UNSCHEDULABLE).obj(),
            makeNode().name("n").unschedulable(true).obj(),
            Status.success()),
        Arguments.of(
            "A toleration of another effect does not",
            makePod()
                .name("p")
                .toleration(NodeUnschedulable.TAINT_NODE_UNSCHEDULABLE, "", TaintEffect.NO_EXECUTE)
                .obj(),
            makeNode().name("n").unschedulable(true).obj(),
            Status.unresolvable(NodeUnschedulable.ERR_REASON_UNSCHEDULABLE)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("filterCases")
  void filter_upstreamTable(String name, Pod pod, Node node, Status expected) {
    Status got =
        new NodeUnschedulable().filter(new CycleState(), PodInfo.of(pod), NodeInfo.of(node));

    assertThat(got).isEqualTo(expected);
  }

  @Test
  void eventsToRegister_nodeAddOrTaintAndPodToleration() {
    assertThat(new NodeUnschedulable().eventsToRegister())
        .extracting(ClusterEventWithHint::event)
        .containsExactly(
            ClusterEvent.of(EventResource.NODE, ActionType.ADD.or(ActionType.UPDATE_NODE_TAINT)),
            ClusterEvent.of(EventResource.POD, ActionType.UPDATE_POD_TOLERATION));
    assertThat(new NodeUnschedulable().eventsToRegister())
        .allSatisfy(e -> assertThat(e.hint()).isNotNull());
  }

  static Stream<Arguments> nodeHints() {
    Node unschedulable = makeNode().name("n").unschedulable(true).obj();
    Node schedulable = makeNode().name("n").obj();
    return Stream.of(
        Arguments.of(
            "skip-queue-on-unschedulable-node-added", null, unschedulable, QueueingHint.QUEUE_SKIP),
        Arguments.of("queue-on-schedulable-node-added", null, schedulable, QueueingHint.QUEUE),
        Arguments.of(
            "skip-unrelated-change-unschedulable-true",
            unschedulable,
            makeNode()
                .name("n")
                .unschedulable(true)
                .taint("node.kubernetes.io/not-ready", "", TaintEffect.NO_EXECUTE)
                .obj(),
            QueueingHint.QUEUE_SKIP),
        Arguments.of(
            "skip-unrelated-change-unschedulable-false",
            schedulable,
            makeNode()
                .name("n")
                .taint("node.kubernetes.io/not-ready", "", TaintEffect.NO_EXECUTE)
                .obj(),
            QueueingHint.QUEUE_SKIP),
        Arguments.of(
            "queue-on-unschedulable-field-change", unschedulable, schedulable, QueueingHint.QUEUE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("nodeHints")
  void isSchedulableAfterNodeChange_upstreamTable(
      String name, Node oldObj, Node newObj, QueueingHint expected) {
    Pod pod = makePod().name("p").obj();

    assertThat(NodeUnschedulable.isSchedulableAfterNodeChange(pod, oldObj, newObj))
        .isEqualTo(expected);
  }

  @Test
  void isSchedulableAfterNodeChange_wrongObjects_throw() {
    Pod pod = makePod().name("p").obj();
    Node node = makeNode().name("n").unschedulable(true).obj();

    assertThatThrownBy(() -> NodeUnschedulable.isSchedulableAfterNodeChange(pod, null, "x"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> NodeUnschedulable.isSchedulableAfterNodeChange(pod, "x", node))
        .isInstanceOf(IllegalArgumentException.class);
  }

  static Stream<Arguments> podHints() {
    return Stream.of(
        Arguments.of(
            "skip-different-pod-update",
            makePod().uid("different-uid").obj(),
            makePod()
                .uid("different-uid")
                .toleration(NodeUnschedulable.TAINT_NODE_UNSCHEDULABLE)
                .obj(),
            QueueingHint.QUEUE_SKIP),
        Arguments.of(
            "queue-when-the-unsched-pod-gets-toleration",
            makePod().uid("uid").obj(),
            makePod().uid("uid").toleration(NodeUnschedulable.TAINT_NODE_UNSCHEDULABLE).obj(),
            QueueingHint.QUEUE),
        Arguments.of(
            "skip-when-the-unsched-pod-gets-unrelated-toleration",
            makePod().uid("uid").obj(),
            makePod().uid("uid").toleration("unrelated-key").obj(),
            QueueingHint.QUEUE_SKIP));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("podHints")
  void isSchedulableAfterPodTolerationChange_upstreamTable(
      String name, Pod oldObj, Pod newObj, QueueingHint expected) {
    Pod pod = makePod().uid("uid").obj();

    assertThat(NodeUnschedulable.isSchedulableAfterPodTolerationChange(pod, oldObj, newObj))
        .isEqualTo(expected);
  }

  @Test
  void isSchedulableAfterPodTolerationChange_wrongObjects_throw() {
    Pod pod = makePod().uid("uid").obj();

    assertThatThrownBy(
            () -> NodeUnschedulable.isSchedulableAfterPodTolerationChange(pod, null, "x"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> NodeUnschedulable.isSchedulableAfterPodTolerationChange(pod, "x", pod))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
