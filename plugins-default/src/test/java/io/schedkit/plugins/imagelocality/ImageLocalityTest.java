package io.schedkit.plugins.imagelocality;

import static io.schedkit.testing.Wrappers.makeNode;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeScore;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.testing.FakeHandle;
import io.schedkit.testing.NodeWrapper;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Facts of upstream's TestImageLocalityPriority and TestNormalizedImageName. */
final class ImageLocalityTest {
  private static final long MB = 1024L * 1024;

  private static Pod pod(List<String> initImages, String... images) {
    Pod.Builder pod = Pod.builder().name("p");
    for (int i = 0; i < initImages.size(); i++) {
      pod.initContainer(Container.builder().name("init" + i).image(initImages.get(i)).build());
    }
    for (int i = 0; i < images.length; i++) {
      pod.container(Container.builder().name("c" + i).image(images[i]).build());
    }
    return pod.build();
  }

  private static Pod pod(String... images) {
    return pod(List.of(), images);
  }

  private static final UnaryOperator<NodeWrapper> NODE_40_300_2000 =
      n ->
          n.image(40 * MB, "gcr.io/40:latest", "gcr.io/40:v1", "gcr.io/40:v1")
              .image(300 * MB, "gcr.io/300:latest", "gcr.io/300:v1")
              .image(2000 * MB, "gcr.io/2000:latest");
  private static final UnaryOperator<NodeWrapper> NODE_250_10 =
      n ->
          n.image(250 * MB, "gcr.io/250:latest").image(10 * MB, "gcr.io/10:latest", "gcr.io/10:v1");
  private static final UnaryOperator<NodeWrapper> NODE_600_40_900 =
      n ->
          n.image(600 * MB, "gcr.io/600:latest")
              .image(40 * MB, "gcr.io/40:latest")
              .image(900 * MB, "gcr.io/900:latest");
  private static final UnaryOperator<NodeWrapper> NODE_300_600_900 =
      n ->
          n.image(300 * MB, "gcr.io/300:latest")
              .image(600 * MB, "gcr.io/600:latest")
              .image(900 * MB, "gcr.io/900:latest");
  private static final UnaryOperator<NodeWrapper> NODE_4000_30 =
      n -> n.image(4000 * MB, "gcr.io/4000:latest").image(30 * MB, "gcr.io/30:latest");
  private static final UnaryOperator<NodeWrapper> NODE_20_30_40 =
      n ->
          n.image(20 * MB, "gcr.io/20:latest")
              .image(30 * MB, "gcr.io/30:latest")
              .image(40 * MB, "gcr.io/40:latest");
  private static final UnaryOperator<NodeWrapper> NO_IMAGES = n -> n;

  private static Node node(String name, UnaryOperator<NodeWrapper> images) {
    return images.apply(makeNode().name(name)).obj();
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        // node1: 40M/2 < 23M ⇒ 0; node2: 100 * (250M/2 - 23M) / (1000M * 2 - 23M) = 5
        Arguments.of(
            "two images spread on two nodes, prefer the larger image one",
            pod("gcr.io/40", "gcr.io/250"),
            List.of(node("node1", NODE_40_300_2000), node("node2", NODE_250_10)),
            new long[] {0, 5}),
        // node1: 100 * ((40M + 300M)/2 - 23M) / (1000M * 2 - 23M) = 7
        Arguments.of(
            "two images on one node, prefer this node",
            pod("gcr.io/40", "gcr.io/300"),
            List.of(node("node1", NODE_40_300_2000), node("node2", NODE_250_10)),
            new long[] {7, 0}),
        // node1: 4000M/2 >= 1000M * 2 ⇒ 100; node2: 10M/2 < 23M ⇒ 0
        Arguments.of(
            "if exceed limit, use limit",
            pod("gcr.io/10", "gcr.io/4000"),
            List.of(node("node1", NODE_4000_30), node("node2", NODE_250_10)),
            new long[] {100, 0}),
        // node1: 100 * (4000M/3 - 23M) / (1000M * 2 - 23M) = 66
        Arguments.of(
            "if exceed limit, use limit (with node which has no images present)",
            pod("gcr.io/10", "gcr.io/4000"),
            List.of(
                node("node1", NODE_4000_30), node("node2", NODE_250_10), node("node3", NO_IMAGES)),
            new long[] {66, 0, 0}),
        // node1: 100 * (600M * 2/3 + 900M * 2/3 - 23M) / (1000M * 3 - 23M) = 32
        // node2: 100 * (300M * 1/3 + 600M * 2/3 + 900M * 2/3 - 23M) / (1000M * 3 - 23M) = 36
        Arguments.of(
            "pod with multiple large images, node2 is preferred",
            pod("gcr.io/300", "gcr.io/600", "gcr.io/900"),
            List.of(
                node("node1", NODE_600_40_900),
                node("node2", NODE_300_600_900),
                node("node3", NO_IMAGES)),
            new long[] {32, 36, 0}),
        // node1: 100 * (30M + 40M * 1/2 - 23M) / (1000M * 2 - 23M) = 1
        Arguments.of(
            "pod with multiple small images",
            pod("gcr.io/30", "gcr.io/40"),
            List.of(node("node1", NODE_20_30_40), node("node2", NODE_4000_30)),
            new long[] {1, 0}),
        // node1: 100 * (300M * 1/2 - 23M) / (1000M * 2 - 23M) = 6
        Arguments.of(
            "include InitContainers: two images spread on two nodes, prefer the larger image one",
            pod(List.of("gcr.io/300"), "gcr.io/30"),
            List.of(node("node1", NODE_40_300_2000), node("node2", NODE_20_30_40)),
            new long[] {6, 0}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void score_upstreamTable(String name, Pod pod, List<Node> nodes, long[] expected) {
    FakeHandle handle = FakeHandle.builder().nodes(nodes).build();
    ImageLocality plugin = new ImageLocality(handle);

    List<NodeScore> got = new ArrayList<>();
    List<NodeScore> want = new ArrayList<>();
    for (int i = 0; i < nodes.size(); i++) {
      NodeInfo node = handle.snapshot().get(nodes.get(i).name()).orElseThrow();
      got.add(new NodeScore(node.name(), plugin.score(new CycleState(), PodInfo.of(pod), node)));
      want.add(new NodeScore(nodes.get(i).name(), expected[i]));
    }
    assertThat(got).containsExactlyElementsOf(want);
  }

  @Test
  void score_spreadTakenAsRatioFirst() {
    // Image "a" is on 3 of 11 nodes: (long) (104857610 * (3 / 11.0)) = 28597529, one less than
    // 104857610 * 3 / 11. Image "b" is on every node and tops the sum up to 44847595, one byte
    // short of the first score step of a two-container pod: 100 * (44847595 - 23 MiB) / (2000 MiB
    // - 23 MiB) = 0, where the exact product would give 1.
    long sizeA = 104_857_610L;
    long sizeB = 16_250_066L;
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < 11; i++) {
      NodeWrapper n = makeNode().name("n" + i).image(sizeB, "b:latest");
      nodes.add(i < 3 ? n.image(sizeA, "a:latest").obj() : n.obj());
    }
    FakeHandle handle = FakeHandle.builder().nodes(nodes).build();
    NodeInfo n0 = handle.snapshot().get("n0").orElseThrow();

    assertThat(ImageLocality.calculatePriority(sizeA * 3 / 11 + sizeB, 2)).isEqualTo(1);
    assertThat(new ImageLocality(handle).score(new CycleState(), PodInfo.of(pod("a", "b")), n0))
        .isZero();
  }

  static Stream<Arguments> names() {
    String digest = "sha256:4813494d137e1631bba301d5acab6e7bb7aa74ce1185d456565ef51d737677b2";
    return Stream.of(
        Arguments.of("add :latest postfix 1", "root", "root:latest"),
        Arguments.of("add :latest postfix 2", "gcr.io:5000/root", "gcr.io:5000/root:latest"),
        Arguments.of("keep it as is 1", "root:tag", "root:tag"),
        Arguments.of("keep it as is 2", "root@" + digest, "root@" + digest));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("names")
  void normalizedImageName_upstreamTable(String name, String input, String output) {
    assertThat(ImageLocality.normalizedImageName(input)).isEqualTo(output);
  }

  @Test
  void calculatePriority_clampsToThresholds() {
    assertThat(ImageLocality.calculatePriority(0, 1)).isZero();
    assertThat(ImageLocality.calculatePriority(5000 * MB, 2)).isEqualTo(100);
    assertThat(ImageLocality.calculatePriority(0, 0)).isZero();
  }
}
