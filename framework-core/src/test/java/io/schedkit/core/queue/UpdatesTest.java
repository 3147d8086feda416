package io.schedkit.core.queue;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.ActionType;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeCondition;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.framework.model.Toleration;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class UpdatesTest {
  private static Pod.Builder pod() {
    return Pod.builder().name("p").uid("p");
  }

  private static Pod withCpu(String cpu) {
    return pod().container(Container.builder().name("c").request("cpu", cpu).build()).build();
  }

  static Stream<Arguments> podUpdates() {
    Pod base = pod().build();
    return Stream.of(
        Arguments.of(
            "untracked properties change",
            base,
            pod().annotation("a", "b").build(),
            ActionType.UPDATE_POD_OTHER),
        Arguments.of(
            "label added", base, pod().label("k", "v").build(), ActionType.UPDATE_POD_LABEL),
        Arguments.of(
            "request scaled down", withCpu("2"), withCpu("1"), ActionType.UPDATE_POD_SCALE_DOWN),
        Arguments.of("request scaled up", withCpu("1"), withCpu("2"), ActionType.UPDATE_POD_OTHER),
        Arguments.of(
            "request removed",
            withCpu("1"),
            pod().container(Container.builder().name("c").build()).build(),
            ActionType.UPDATE_POD_SCALE_DOWN),
        Arguments.of(
            "last gate removed",
            pod().schedulingGate("g").build(),
            base,
            ActionType.UPDATE_POD_SCHEDULING_GATES_ELIMINATED),
        Arguments.of(
            "one of two gates removed",
            pod().schedulingGate("g").schedulingGate("h").build(),
            pod().schedulingGate("g").build(),
            ActionType.UPDATE_POD_OTHER),
        Arguments.of(
            "toleration added",
            base,
            pod()
                .toleration(Toleration.builder().key("k").effect(TaintEffect.NO_SCHEDULE).build())
                .build(),
            ActionType.UPDATE_POD_TOLERATION),
        Arguments.of(
            "label and scale down",
            withCpu("2"),
            withCpu("1").toBuilder().label("k", "v").build(),
            ActionType.UPDATE_POD_LABEL.or(ActionType.UPDATE_POD_SCALE_DOWN)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("podUpdates")
  void podActionType(String name, Pod oldPod, Pod newPod, ActionType want) {
    assertThat(PodUpdates.actionType(oldPod, newPod)).isEqualTo(want);
  }

  private static Node.Builder node() {
    return Node.builder().name("n").allocatable("cpu", "4");
  }

  static Stream<Arguments> nodeUpdates() {
    Node base = node().build();
    NodeCondition ready = NodeCondition.builder().type("Ready").status("True").build();
    NodeCondition notReady = NodeCondition.builder().type("Ready").status("False").build();
    return Stream.of(
        Arguments.of("nothing changed", base, node().build(), Optional.empty()),
        Arguments.of(
            "allocatable changed",
            base,
            Node.builder().name("n").allocatable("cpu", "8").build(),
            Optional.of(ActionType.UPDATE_NODE_ALLOCATABLE)),
        Arguments.of(
            "allocatable written differently",
            base,
            Node.builder().name("n").allocatable("cpu", "4000m").build(),
            Optional.empty()),
        Arguments.of(
            "label changed",
            base,
            node().label("zone", "a").build(),
            Optional.of(ActionType.UPDATE_NODE_LABEL)),
        Arguments.of(
            "taint added",
            base,
            node().taint("k", "v", TaintEffect.NO_SCHEDULE).build(),
            Optional.of(ActionType.UPDATE_NODE_TAINT)),
        Arguments.of(
            "became schedulable",
            node().unschedulable(true).build(),
            base,
            Optional.of(ActionType.UPDATE_NODE_TAINT)),
        Arguments.of(
            "became unschedulable", base, node().unschedulable(true).build(), Optional.empty()),
        Arguments.of(
            "condition status changed",
            node().condition(ready).build(),
            node().condition(notReady).build(),
            Optional.of(ActionType.UPDATE_NODE_CONDITION)),
        Arguments.of(
            "condition message only",
            node().condition(ready).build(),
            node().condition(ready.toBuilder().message("fine").build()).build(),
            Optional.empty()),
        Arguments.of(
            "annotation changed",
            base,
            node().metadata(base.metadata().toBuilder().annotation("a", "b").build()).build(),
            Optional.of(ActionType.UPDATE_NODE_ANNOTATION)),
        Arguments.of(
            "label and taint",
            base,
            node().label("zone", "a").taint("k", "v", TaintEffect.NO_SCHEDULE).build(),
            Optional.of(ActionType.UPDATE_NODE_LABEL.or(ActionType.UPDATE_NODE_TAINT))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("nodeUpdates")
  void nodeActionType(String name, Node oldNode, Node newNode, Optional<ActionType> want) {
    assertThat(NodeUpdates.actionType(oldNode, newNode)).isEqualTo(want);
  }
}
