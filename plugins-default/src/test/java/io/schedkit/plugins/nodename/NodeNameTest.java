package io.schedkit.plugins.nodename;

import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;

import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Pod;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Facts of upstream's TestNodeName. */
final class NodeNameTest {

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("no host specified", makePod().name("p").obj(), "foo", Status.success()),
        Arguments.of(
            "host matches", makePod().name("p").node("foo").obj(), "foo", Status.success()),
        Arguments.of(
            "host doesn't match",
            makePod().name("p").node("bar").obj(),
            "foo",
            Status.unresolvable(NodeName.ERR_REASON)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void filter_upstreamTable(String name, Pod pod, String nodeName, Status expected) {
    NodeInfo node = NodeInfo.of(makeNode().name(nodeName).obj());

    assertThat(new NodeName().filter(new CycleState(), PodInfo.of(pod), node)).isEqualTo(expected);
    assertThat(NodeName.fits(pod, node)).isEqualTo(expected.isSuccess());
  }

  @Test
  void filter_reasonWording() {
    assertThat(NodeName.ERR_REASON).isEqualTo("node(s) didn't match the requested node name");
  }

  @Test
  void eventsToRegister_nodeAddWithoutHint() {
    assertThat(new NodeName().eventsToRegister())
        .containsExactly(ClusterEventWithHint.of(ClusterEvent.NODE_ADD));
  }
}
