package io.schedkit.plugins.nodeports;

import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.ContainerPort;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Facts of upstream's TestNodePorts, TestPreFilterDisabled,
 * Test_isSchedulableAfterAssignedPodDeleted and TestFits.
 */
final class NodePortsTest {
  private static final Status CONFLICT = Status.unschedulable(NodePorts.ERR_REASON);

  /** A pod on {@code host} with ports written {@code "PROTOCOL/hostIP/hostPort"}. */
  private static Pod newPod(String host, String... hostPortInfos) {
    List<ContainerPort> ports = new ArrayList<>();
    for (String info : hostPortInfos) {
      String[] parts = info.split("/");
      ports.add(
          ContainerPort.builder()
              .protocol(parts[0])
              .hostIP(parts[1])
              .hostPort(Integer.parseInt(parts[2]))
              .build());
    }
    String name =
        ("pod-" + String.join("-", hostPortInfos)).toLowerCase().replaceAll("[^a-z0-9]", "-");
    return makePod().name(name).node(host).containerPort(ports).obj();
  }

  private static NodeInfo nodeInfo(Pod... pods) {
    NodeInfo info = NodeInfo.of(makeNode().name("m1").obj());
    for (Pod p : pods) {
      info.addPod(PodInfo.of(p));
    }
    return info;
  }

  private static ContainerPort tcp8001() {
    return ContainerPort.builder().containerPort(8001).hostPort(8001).protocol("TCP").build();
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("skip filter", makePod().name("p").obj(), nodeInfo(), Status.skip(), null),
        Arguments.of(
            "other port",
            newPod("m1", "UDP/127.0.0.1/8080"),
            nodeInfo(newPod("m1", "UDP/127.0.0.1/9090")),
            Status.success(),
            Status.success()),
        Arguments.of(
            "same udp port",
            newPod("m1", "UDP/127.0.0.1/8080"),
            nodeInfo(newPod("m1", "UDP/127.0.0.1/8080")),
            Status.success(),
            CONFLICT),
        Arguments.of(
            "same tcp port",
            newPod("m1", "TCP/127.0.0.1/8080"),
            nodeInfo(newPod("m1", "TCP/127.0.0.1/8080")),
            Status.success(),
            CONFLICT),
        Arguments.of(
            "different host ip",
            newPod("m1", "TCP/127.0.0.1/8080"),
            nodeInfo(newPod("m1", "TCP/127.0.0.2/8080")),
            Status.success(),
            Status.success()),
        Arguments.of(
            "different protocol",
            newPod("m1", "UDP/127.0.0.1/8080"),
            nodeInfo(newPod("m1", "TCP/127.0.0.1/8080")),
            Status.success(),
            Status.success()),
        Arguments.of(
            "second udp port conflict",
            newPod("m1", "UDP/127.0.0.1/8000", "UDP/127.0.0.1/8080"),
            nodeInfo(newPod("m1", "UDP/127.0.0.1/8080")),
            Status.success(),
            CONFLICT),
        Arguments.of(
            "first tcp port conflict",
            newPod("m1", "TCP/127.0.0.1/8001", "UDP/127.0.0.1/8080"),
            nodeInfo(newPod("m1", "TCP/127.0.0.1/8001", "UDP/127.0.0.1/8081")),
            Status.success(),
            CONFLICT),
        Arguments.of(
            "first tcp port conflict due to 0.0.0.0 hostIP",
            newPod("m1", "TCP/0.0.0.0/8001"),
            nodeInfo(newPod("m1", "TCP/127.0.0.1/8001")),
            Status.success(),
            CONFLICT),
        Arguments.of(
            "TCP hostPort conflict due to 0.0.0.0 hostIP",
            newPod("m1", "TCP/10.0.10.10/8001", "TCP/0.0.0.0/8001"),
            nodeInfo(newPod("m1", "TCP/127.0.0.1/8001")),
            Status.success(),
            CONFLICT),
        Arguments.of(
            "second tcp port conflict to 0.0.0.0 hostIP",
            newPod("m1", "TCP/127.0.0.1/8001"),
            nodeInfo(newPod("m1", "TCP/0.0.0.0/8001")),
            Status.success(),
            CONFLICT),
        Arguments.of(
            "second different protocol",
            newPod("m1", "UDP/127.0.0.1/8001"),
            nodeInfo(newPod("m1", "TCP/0.0.0.0/8001")),
            Status.success(),
            Status.success()),
        Arguments.of(
            "UDP hostPort conflict due to 0.0.0.0 hostIP",
            newPod("m1", "UDP/127.0.0.1/8001"),
            nodeInfo(newPod("m1", "TCP/0.0.0.0/8001", "UDP/0.0.0.0/8001")),
            Status.success(),
            CONFLICT),
        Arguments.of(
            "non-sidecar initContainer using hostPort",
            makePod().name("p").initContainerPort(false, tcp8001()).obj(),
            nodeInfo(newPod("m1", "TCP/0.0.0.0/8001")),
            Status.skip(),
            null),
        Arguments.of(
            "TCP hostPort conflict from sidecar initContainer",
            makePod().name("p").initContainerPort(true, tcp8001()).obj(),
            nodeInfo(newPod("m1", "TCP/0.0.0.0/8001")),
            Status.success(),
            CONFLICT),
        Arguments.of(
            "empty protocol and IP default to TCP on 0.0.0.0",
            makePod().name("p").hostPort(8001).obj(),
            nodeInfo(newPod("m1", "TCP/127.0.0.1/8001")),
            Status.success(),
            CONFLICT));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void preFilterAndFilter_upstreamTable(
      String name, Pod pod, NodeInfo node, Status wantPreFilter, Status wantFilter) {
    NodePorts plugin = new NodePorts();
    CycleState state = new CycleState();
    PodInfo info = PodInfo.of(pod);

    PreFilterResult pre = plugin.preFilter(state, info, List.of(node));

    assertThat(pre.status()).isEqualTo(wantPreFilter);
    assertThat(pre.allNodes()).isTrue();
    if (wantFilter != null) {
      assertThat(plugin.filter(state, info, node)).isEqualTo(wantFilter);
    }
  }

  @Test
  void filter_withoutPreFilter_error() {
    Status got =
        new NodePorts().filter(new CycleState(), PodInfo.of(makePod().name("p").obj()), nodeInfo());

    assertThat(got)
        .isError()
        .hasReasons("reading \"PreFilterNodePorts\" from cycleState: not found");
  }

  static Stream<Arguments> fitsCases() {
    return Stream.of(
        Arguments.of(
            "non-conflicting ports",
            newPod("p", "TCP/127.0.0.1/80"),
            nodeInfo(newPod("p1", "TCP/127.0.0.1/9090")),
            true),
        Arguments.of(
            "multiple non-conflicting ports",
            newPod(
                "p",
                "TCP/127.0.0.1/80",
                "TCP/127.0.1.1/80",
                "TCP/127.0.1.1/90",
                "TCP/127.0.1.1/100"),
            nodeInfo(
                newPod("p1", "TCP/127.0.0.1/9090", "TCP/127.0.0.1/9191", "TCP/127.0.1.1/8080")),
            true),
        Arguments.of(
            "same ports on different protocols",
            newPod("m1", "TCP/127.0.0.1/80"),
            nodeInfo(newPod("p1", "UDP/127.0.0.1/80")),
            true),
        Arguments.of(
            "conflicting ports",
            newPod("m1", "TCP/127.0.0.1/80"),
            nodeInfo(newPod("p1", "TCP/127.0.0.1/80")),
            false),
        Arguments.of(
            "multiple ports, some conflicting",
            newPod(
                "p",
                "TCP/127.0.0.1/80",
                "TCP/127.0.1.1/80",
                "TCP/127.0.1.1/90",
                "TCP/127.0.1.1/100"),
            nodeInfo(newPod("p1", "TCP/127.0.0.1/9090", "TCP/127.0.1.1/90", "TCP/127.0.1.1/8080")),
            false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fitsCases")
  void fits_upstreamTable(String name, Pod pod, NodeInfo existing, boolean expected) {
    assertThat(NodePorts.fits(PodInfo.of(pod), existing)).isEqualTo(expected);
  }

  @Test
  void eventsToRegister_assignedPodDeleteWithHintAndNodeAdd() {
    List<ClusterEventWithHint> events = new NodePorts().eventsToRegister();

    assertThat(events)
        .extracting(ClusterEventWithHint::event)
        .containsExactly(ClusterEvent.ASSIGNED_POD_DELETE, ClusterEvent.NODE_ADD);
    assertThat(events.get(0).hint()).isNotNull();
    assertThat(events.get(1).hint()).isNull();
  }

  static Stream<Arguments> hints() {
    return Stream.of(
        Arguments.of(
            "skip-queue-on-unscheduled", makePod().name("d").obj(), QueueingHint.QUEUE_SKIP),
        Arguments.of(
            "queue-on-nominated-with-released-hostport",
            makePod().name("d").nominatedNodeName("fake-node").hostPort(8080).obj(),
            QueueingHint.QUEUE),
        Arguments.of(
            "skip-queue-on-non-hostport",
            makePod().name("d").node("fake-node").obj(),
            QueueingHint.QUEUE_SKIP),
        Arguments.of(
            "skip-queue-on-unrelated-hostport",
            makePod().name("d").node("fake-node").hostPort(8081).obj(),
            QueueingHint.QUEUE_SKIP),
        Arguments.of(
            "queue-on-released-hostport",
            makePod().name("d").node("fake-node").hostPort(8080).obj(),
            QueueingHint.QUEUE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hints")
  void isSchedulableAfterAssignedPodDeleted_upstreamTable(
      String name, Pod deleted, QueueingHint expected) {
    Pod pod = makePod().name("p").hostPort(8080).obj();

    assertThat(NodePorts.isSchedulableAfterAssignedPodDeleted(pod, deleted, null))
        .isEqualTo(expected);
  }

  @Test
  void isSchedulableAfterAssignedPodDeleted_wrongObject_throws() {
    Pod pod = makePod().name("p").hostPort(8080).obj();

    assertThatThrownBy(() -> NodePorts.isSchedulableAfterAssignedPodDeleted(pod, "not-a-pod", null))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
