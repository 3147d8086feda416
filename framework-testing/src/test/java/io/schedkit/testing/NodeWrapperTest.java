package io.schedkit.testing;

import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.model.ContainerImage;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeCondition;
import io.schedkit.framework.model.ResourceList;
import io.schedkit.framework.model.Taint;
import io.schedkit.framework.model.TaintEffect;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class NodeWrapperTest {

  @Test
  void makeNode_hasUpstreamsDefaultPodCapacity() {
    Node node = makeNode().name("n1").obj();

    ResourceList pods = ResourceList.of("pods", "32");
    assertThat(node).isEqualTo(Node.builder().name("n1").capacity(pods).allocatable(pods).build());
  }

  @Test
  void capacity_setsCapacityAndAllocatableReplacingPrevious() {
    Node node =
        makeNode()
            .capacity(Map.of("cpu", "8"))
            .capacity(Map.of("cpu", "4", "memory", "8Gi", "pods", "110"))
            .obj();

    ResourceList expected = ResourceList.of("cpu", "4", "memory", "8Gi", "pods", "110");
    assertThat(node.status().capacity()).isEqualTo(expected);
    assertThat(node.allocatable()).isEqualTo(expected);
  }

  @Test
  void allocatable_setsAllocatableAlone() {
    Node node = makeNode().capacity(Map.of("cpu", "4")).allocatable(Map.of("cpu", "3500m")).obj();

    assertThat(node.status().capacity()).isEqualTo(ResourceList.of("cpu", "4", "pods", "32"));
    assertThat(node.allocatable()).isEqualTo(ResourceList.of("cpu", "3500m", "pods", "32"));
  }

  @Test
  void taints_replaceButTaintAppends() {
    Taint a = Taint.of("a", "1", TaintEffect.NO_SCHEDULE);
    Taint b = Taint.of("b", "", TaintEffect.NO_EXECUTE);

    assertThat(makeNode().taint(a).taints(b).obj().taints()).containsExactly(b);
    assertThat(makeNode().taints(a).taint("b", "", TaintEffect.NO_EXECUTE).obj().taints())
        .containsExactly(a, b);
  }

  @Test
  void images_replaceWithOneNamePerImageInNameOrder() {
    Node node = makeNode().image(5, "old").images(Map.of("redis:7", 300L, "nginx:1", 200L)).obj();

    assertThat(node.status().images())
        .containsExactly(ContainerImage.of(200, "nginx:1"), ContainerImage.of(300, "redis:7"));
  }

  @Test
  void labelsAndTopology_areNodeLabels() {
    Node node =
        makeNode()
            .label("a", "1")
            .labels(Map.of("b", "2"))
            .zone("z1")
            .region("r1")
            .annotation("note", "x")
            .uid("node-uid")
            .unschedulable(true)
            .obj();

    assertThat(node.labels())
        .containsExactly(
            Map.entry("a", "1"),
            Map.entry("b", "2"),
            Map.entry("topology.kubernetes.io/region", "r1"),
            Map.entry("topology.kubernetes.io/zone", "z1"));
    assertThat(node.metadata().annotations()).containsExactly(Map.entry("note", "x"));
    assertThat(node.metadata().uid()).isEqualTo("node-uid");
    assertThat(node.spec().unschedulable()).isTrue();
  }

  @Test
  void condition_replacesTheConditionsAsUpstream() {
    Node node =
        makeNode()
            .condition("DiskPressure", "True", "", "")
            .condition("Ready", "False", "kubelet stopped", "KubeletNotReady")
            .obj();

    assertThat(node.status().conditions())
        .containsExactly(
            NodeCondition.builder()
                .type("Ready")
                .status("False")
                .message("kubelet stopped")
                .reason("KubeletNotReady")
                .build());
  }

  @Test
  void nodeInfo_holdsTheNodeAndThePods() {
    NodeInfo info =
        makeNode()
            .name("n1")
            .capacity(Map.of("cpu", "4"))
            .nodeInfo(
                makePod().name("p1").req(Map.of("cpu", "1")).obj(),
                makePod().name("p2").req(Map.of("cpu", "500m")).obj());

    assertThat(info)
        .hasName("n1")
        .hasPods("p1", "p2")
        .hasRequested(Map.of("cpu", "1500m"))
        .hasAllocatable(Map.of("cpu", "4", "pods", "32"));
  }

  @Test
  void from_keepsTheNode() {
    Node original = makeNode().name("n1").zone("z1").obj();

    assertThat(NodeWrapper.from(original).obj()).isSameAs(original);
    assertThat(NodeWrapper.from(original).name("n2").obj().labels()).isEqualTo(original.labels());
  }
}
