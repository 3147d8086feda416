package io.schedkit.testing;

import static io.schedkit.testing.SchedkitAssertions.assertThat;
import static io.schedkit.testing.Wrappers.makeLabelSelector;
import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makeNodeSelector;
import static io.schedkit.testing.Wrappers.makePod;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.LabelSelectorOperator;
import io.schedkit.framework.model.LabelSelectorRequirement;
import io.schedkit.framework.model.NodeSelector;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.NodeSelectorTerm;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class SelectorWrappersTest {

  @Test
  void makeLabelSelector_buildsLabelsAndExpressionsInOrder() {
    LabelSelector selector =
        makeLabelSelector()
            .label("app", "web")
            .in("tier", "a", "b")
            .notIn("env", List.of("dev"))
            .exists("team")
            .notExist("canary")
            .obj();

    assertThat(selector)
        .isEqualTo(
            new LabelSelector(
                Map.of("app", "web"),
                List.of(
                    new LabelSelectorRequirement(
                        "tier", LabelSelectorOperator.IN, List.of("a", "b")),
                    new LabelSelectorRequirement(
                        "env", LabelSelectorOperator.NOT_IN, List.of("dev")),
                    LabelSelectorRequirement.exists("team"),
                    LabelSelectorRequirement.doesNotExist("canary"))));
    assertThat(makeLabelSelector().obj().isEmpty()).isTrue();
  }

  @Test
  void makeNodeSelector_appendsOneTermPerCall() {
    NodeSelector selector =
        makeNodeSelector()
            .in("zone", "z1")
            .in("metadata.name", List.of("n1"), NodeSelectorType.MATCH_FIELDS)
            .notIn("disk", "hdd")
            .obj();

    assertThat(selector.nodeSelectorTerms())
        .containsExactly(
            NodeSelectorTerm.of(NodeSelectorRequirement.in("zone", "z1")),
            NodeSelectorTerm.builder().matchField(NodeSelectorRequirement.nodeNameIs("n1")).build(),
            NodeSelectorTerm.of(NodeSelectorRequirement.notIn("disk", "hdd")));
    assertThat(selector.matches(makeNode().name("n1").obj())).isTrue();
  }

  @Test
  void nodeInfos_placePodsOnTheirNodesAsASnapshotWould() {
    List<NodeInfo> infos =
        Wrappers.nodeInfos(
            List.of(makeNode().name("n1").obj(), makeNode().name("n2").obj()),
            List.of(
                makePod().name("a").node("n1").obj(),
                makePod().name("b").node("n2").obj(),
                makePod().name("c").node("n1").obj(),
                makePod().name("pending").obj(),
                makePod().name("elsewhere").node("n9").obj()));

    assertThat(infos).hasSize(2);
    assertThat(infos.get(0)).hasName("n1").hasPods("a", "c");
    assertThat(infos.get(1)).hasName("n2").hasPods("b");
    assertThat(Wrappers.nodeInfo(makeNode().name("n3").obj(), makePod().name("x").obj()))
        .hasName("n3")
        .hasPods("x");
  }
}
