package io.schedkit.core.cache;

import static io.schedkit.core.cache.CacheFixtures.basePod;
import static io.schedkit.core.cache.CacheFixtures.hostPort;
import static io.schedkit.core.cache.CacheFixtures.port;
import static io.schedkit.core.cache.CacheFixtures.res;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.schedkit.core.cache.CacheFixtures.NodeSummary;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.framework.HostPort;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Resource;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodCondition;
import io.schedkit.framework.model.TaintEffect;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The facts of upstream {@code cache_test.go}: the pod state machine, the per-node aggregates it
 * leaves, node operations, images, expiry of assumed pods, and the incremental snapshot.
 */
final class SchedulerCacheTest {
  private static final String NODE = "node";
  private static final long MB = 1024 * 1024;
  private static final Duration TTL = Duration.ofSeconds(10);

  private static final HostPort LOCAL_80 = hostPort("127.0.0.1", "TCP", 80);
  private static final HostPort LOCAL_8080 = hostPort("127.0.0.1", "TCP", 8080);

  private static Pod twoRequestPod(String name, String cpu, String mem, int hostPort) {
    return basePod(NODE, name, cpu, mem, "", port("127.0.0.1", hostPort, "TCP"));
  }

  private static NodeInfo nodeInfo(SchedulerCache cache, String name) {
    return cache.dump().nodes().get(name);
  }

  private static void assertAggregates(
      NodeInfo info, Resource requested, Resource nonZero, Set<HostPort> ports, Pod... pods) {
    assertThat(info).as("node info").isNotNull();
    assertThat(info.requested()).as("requested").isEqualTo(requested);
    assertThat(info.nonZeroRequested()).as("nonZeroRequested").isEqualTo(nonZero);
    assertThat(info.usedPorts().ports()).as("used ports").isEqualTo(ports);
    assertThat(info.pods()).extracting(PodInfo::pod).as("pods").containsExactlyInAnyOrder(pods);
  }

  private static void assertForgotten(SchedulerCache cache, Pod pod) {
    assertThat(cache.isAssumedPod(pod)).as("assumed").isFalse();
    assertThat(cache.getPod(pod)).as("cached").isEmpty();
  }

  // ---- assume / forget / add ----

  static Stream<Arguments> assumeCases() {
    Pod p0 = twoRequestPod("test-resource-request-and-port-0", "100m", "500", 80);
    Pod p1 = twoRequestPod("test-resource-request-and-port-1", "100m", "500", 80);
    Pod p2 = twoRequestPod("test-resource-request-and-port-2", "200m", "1Ki", 8080);
    Pod p3 = twoRequestPod("test-nonzero-request", "", "", 80);
    Pod p4 =
        basePod(
            NODE,
            "test-extended-resource-1",
            "100m",
            "500",
            "example.com/foo:3",
            port("127.0.0.1", 80, "TCP"));
    Pod p5 =
        basePod(
            NODE,
            "test-extended-resource-2",
            "200m",
            "1Ki",
            "example.com/foo:5",
            port("127.0.0.1", 8080, "TCP"));
    Pod p6 =
        basePod(
            NODE,
            "test-extended-key",
            "100m",
            "500",
            "random-invalid-extended-key:100",
            port("", 0, ""));
    return Stream.of(
        arguments(
            "assumed one pod with resource request and used ports",
            List.of(p0),
            res("cpu", "100m", "memory", "500"),
            res("cpu", "100m", "memory", "500"),
            Set.of(LOCAL_80)),
        arguments(
            "node requested resource are equal to the sum of the assumed pods requested resource,"
                + " node contains host ports defined by pods",
            List.of(p1, p2),
            res("cpu", "300m", "memory", "1524"),
            res("cpu", "300m", "memory", "1524"),
            Set.of(LOCAL_80, LOCAL_8080)),
        arguments(
            "assumed pod without resource request",
            List.of(p3),
            res(),
            res("cpu", "100m", "memory", "200Mi"),
            Set.of(LOCAL_80)),
        arguments(
            "assumed one pod with extended resource",
            List.of(p4),
            res("cpu", "100m", "memory", "500", "example.com/foo", "3"),
            res("cpu", "100m", "memory", "500"),
            Set.of(LOCAL_80)),
        arguments(
            "assumed two pods with extended resources",
            List.of(p4, p5),
            res("cpu", "300m", "memory", "1524", "example.com/foo", "8"),
            res("cpu", "300m", "memory", "1524"),
            Set.of(LOCAL_80, LOCAL_8080)),
        arguments(
            "assumed pod with random invalid extended resource key",
            List.of(p6),
            res("cpu", "100m", "memory", "500"),
            res("cpu", "100m", "memory", "500"),
            Set.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("assumeCases")
  void assumePod_aggregatesOnNode(
      String name, List<Pod> pods, Resource requested, Resource nonZero, Set<HostPort> ports) {
    SchedulerCache cache = new SchedulerCache();
    for (Pod pod : pods) {
      cache.assumePod(PodInfo.of(pod));
      assertThatThrownBy(() -> cache.assumePod(PodInfo.of(pod)))
          .isInstanceOf(IllegalStateException.class);
    }

    assertAggregates(nodeInfo(cache, NODE), requested, nonZero, ports, pods.toArray(new Pod[0]));

    for (Pod pod : pods) {
      cache.forgetPod(pod);
      assertForgotten(cache, pod);
    }
    assertThat(cache.nodeCount()).as("a node known only from forgotten pods is dropped").isZero();
  }

  @Test
  void addPod_confirmsAssumedPod() {
    Pod p1 = twoRequestPod("test-1", "100m", "500", 80);
    Pod p2 = twoRequestPod("test-2", "200m", "1Ki", 8080);
    SchedulerCache cache = new SchedulerCache();
    cache.assumePod(PodInfo.of(p1));
    cache.assumePod(PodInfo.of(p2));

    cache.addPod(p1);

    assertThat(cache.isAssumedPod(p1)).isFalse();
    assertThat(cache.isAssumedPod(p2)).isTrue();
    assertThatThrownBy(() -> cache.addPod(p1))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("pod test-1(node_info_cache_test/test-1) was already in added state");
    cache.forgetPod(p2);
    assertAggregates(
        nodeInfo(cache, NODE),
        res("cpu", "100m", "memory", "500"),
        res("cpu", "100m", "memory", "500"),
        Set.of(LOCAL_80),
        p1);
  }

  @Test
  void dump_copiesNodesAndAssumedPods() {
    Pod p1 = twoRequestPod("test-1", "100m", "500", 80);
    Pod p2 = twoRequestPod("test-2", "200m", "1Ki", 80);
    SchedulerCache cache = new SchedulerCache();
    cache.assumePod(PodInfo.of(p1));
    cache.assumePod(PodInfo.of(p2));
    cache.addPod(p1);

    SchedulerCache.Dump dump = cache.dump();

    assertThat(dump.nodes()).hasSize(cache.nodeCount()).containsOnlyKeys(NODE);
    assertThat(dump.assumedPods()).containsExactly(Map.entry("test-2", p2));
    assertAggregates(
        dump.nodes().get(NODE),
        res("cpu", "300m", "memory", "1524"),
        res("cpu", "300m", "memory", "1524"),
        Set.of(LOCAL_80),
        p1,
        p2);
    cache.removePod(p1);
    assertThat(dump.nodes().get(NODE).pods()).as("the dump is a copy").hasSize(2);
  }

  @Test
  void dumpOfNamedNodes_copiesThoseNodesAndEveryAssumedPod() {
    Pod p1 = basePod("node1", "test-1", "100m", "500", "");
    Pod p2 = basePod("node2", "test-2", "200m", "1Ki", "");
    Pod p3 = basePod("node3", "test-3", "300m", "1Ki", "");
    SchedulerCache cache = new SchedulerCache();
    cache.addPod(p1);
    cache.addPod(p2);
    cache.assumePod(PodInfo.of(p3));

    SchedulerCache.Dump dump = cache.dump(List.of("node2", "missing", "node1"));

    assertThat(dump.nodes().keySet()).containsExactly("node2", "node1");
    assertThat(dump.nodes().get("node2").pods()).extracting(PodInfo::pod).containsExactly(p2);
    assertThat(dump.assumedPods()).containsExactly(Map.entry("test-3", p3));
    cache.removePod(p2);
    assertThat(dump.nodes().get("node2").pods()).as("the dump is a copy").hasSize(1);
    assertThat(cache.dump(List.of()).nodes()).isEmpty();
  }

  @Test
  void addPod_alwaysReplacesTheAssumedPodInfo() {
    Pod p1 = basePod("node1", "test-1", "100m", "500", "", port("", 80, ""));
    Pod p2 =
        p1.toBuilder().condition(new PodCondition("PodScheduled", "True", "", "", null)).build();
    SchedulerCache cache = new SchedulerCache();
    cache.assumePod(PodInfo.of(p1));

    cache.addPod(p2);

    NodeInfo info = nodeInfo(cache, "node1");
    assertAggregates(
        info,
        res("cpu", "100m", "memory", "500"),
        res("cpu", "100m", "memory", "500"),
        Set.of(hostPort("0.0.0.0", "TCP", 80)),
        p2);
    assertThat(info.pods().get(0).pod()).isSameAs(p2);
    assertThat(cache.getPod(p1)).containsSame(p2);
  }

  @Test
  void addPod_replacesAssumedPodOnAnotherNode() {
    Pod assumed = basePod("assumed-node-1", "test-1", "100m", "500", "", port("", 80, ""));
    Pod added = basePod("actual-node", "test-1", "100m", "500", "", port("", 80, ""));
    Pod updated = basePod("actual-node", "test-1", "200m", "500", "", port("", 90, ""));
    SchedulerCache cache = new SchedulerCache();
    cache.assumePod(PodInfo.of(assumed));

    cache.addPod(added);
    cache.updatePod(added, updated);

    assertThat(cache.dump().nodes()).containsOnlyKeys("actual-node");
    assertAggregates(
        nodeInfo(cache, "actual-node"),
        res("cpu", "200m", "memory", "500"),
        res("cpu", "200m", "memory", "500"),
        Set.of(hostPort("0.0.0.0", "TCP", 90)),
        updated);
  }

  @Test
  void updatePod_replacesAddedPod() {
    Pod v1 = twoRequestPod("test", "100m", "500", 80);
    Pod v2 = twoRequestPod("test", "200m", "1Ki", 8080);
    SchedulerCache cache = new SchedulerCache();
    cache.addPod(v1);

    cache.updatePod(v1, v2);
    assertAggregates(
        nodeInfo(cache, NODE),
        res("cpu", "200m", "memory", "1024"),
        res("cpu", "200m", "memory", "1024"),
        Set.of(LOCAL_8080),
        v2);

    cache.updatePod(v2, v1);
    assertAggregates(
        nodeInfo(cache, NODE),
        res("cpu", "100m", "memory", "500"),
        res("cpu", "100m", "memory", "500"),
        Set.of(LOCAL_80),
        v1);
  }

  static Stream<Arguments> getCases() {
    Pod v1 = twoRequestPod("test", "100m", "500", 80);
    Pod v2 = twoRequestPod("test", "200m", "1Ki", 8080);
    Consumer<SchedulerCache> assume = c -> c.assumePod(PodInfo.of(v1));
    Consumer<SchedulerCache> addThenUpdate =
        c -> {
          c.addPod(v1);
          c.updatePod(v1, v2);
        };
    return Stream.of(
        arguments("do not update pod when pod information has not changed", assume, v1),
        arguments("update pod when pod information changed", addThenUpdate, v2));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("getCases")
  void getPod_returnsLatestVersion(String name, Consumer<SchedulerCache> ops, Pod want) {
    SchedulerCache cache = new SchedulerCache();
    assertThat(cache.getPod(want)).isEmpty();
    assertThatThrownBy(() -> cache.updatePod(want, want)).isInstanceOf(IllegalStateException.class);

    ops.accept(cache);

    assertThat(cache.getPod(want)).containsSame(want);
  }

  @Test
  void addPod_ephemeralStorage() {
    Pod pod =
        Pod.builder()
            .name("pod-with-ephemeral-storage")
            .namespace("default-namespace")
            .uid("pod-with-ephemeral-storage")
            .nodeName(NODE)
            .container(
                io.schedkit.framework.model.Container.builder()
                    .request("ephemeral-storage", "500")
                    .build())
            .build();
    SchedulerCache cache = new SchedulerCache();

    cache.addPod(pod);

    assertAggregates(
        nodeInfo(cache, NODE),
        res("ephemeral-storage", "500"),
        res("cpu", "100m", "memory", "200Mi"),
        Set.of(),
        pod);
    cache.removePod(pod);
    assertThat(cache.getPod(pod)).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.ValueSource(strings = {"added", "assumed"})
  void removePod_subtractsAndMovesNodeToHead(String state) {
    Pod pod = basePod("node-1", "test", "100m", "500", "", port("127.0.0.1", 80, "TCP"));
    SchedulerCache cache = new SchedulerCache();
    if (state.equals("added")) {
      cache.addPod(pod);
    } else {
      cache.assumePod(PodInfo.of(pod));
    }
    assertAggregates(
        nodeInfo(cache, "node-1"),
        res("cpu", "100m", "memory", "500"),
        res("cpu", "100m", "memory", "500"),
        Set.of(LOCAL_80),
        pod);
    cache.addNode(Node.builder().name("node-1").build());
    cache.addNode(Node.builder().name("node-2").build());

    cache.removePod(pod);

    assertThat(cache.getPod(pod)).isEmpty();
    assertThatThrownBy(() -> cache.removePod(pod))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "pod test(node_info_cache_test/test) is not found in scheduler cache, so cannot be"
                + " removed from it");
    assertThat(cache.recencyOrder()).first().isEqualTo("node-1");
    assertAggregates(nodeInfo(cache, "node-1"), res(), res(), Set.of());
  }

  @Test
  void forgetPod_undoesAssume() {
    Pod pod = twoRequestPod("test", "100m", "500", 80);
    SchedulerCache cache = new SchedulerCache();
    cache.assumePod(PodInfo.of(pod));
    assertThat(cache.isAssumedPod(pod)).isTrue();
    assertThat(cache.getPod(pod)).containsSame(pod);

    cache.forgetPod(pod);

    assertForgotten(cache, pod);
    assertThat(cache.podCount()).isZero();
  }

  // ---- error cases ----

  @Test
  void assumePod_knownUid() {
    Pod pod = twoRequestPod("p1", "100m", "500", 80);
    SchedulerCache cache = new SchedulerCache();
    cache.addPod(pod);

    assertUnchangedAfter(
        cache,
        () -> cache.assumePod(PodInfo.of(pod)),
        "pod p1(node_info_cache_test/p1) is in the cache, so can't be assumed");
  }

  @Test
  void forgetPod_unknown() {
    SchedulerCache cache = new SchedulerCache();
    cache.addPod(twoRequestPod("other", "100m", "500", 80));

    assertUnchangedAfter(
        cache,
        () -> cache.forgetPod(twoRequestPod("p1", "100m", "500", 80)),
        "pod p1(node_info_cache_test/p1) wasn't assumed so cannot be forgotten");
  }

  @Test
  void forgetPod_addedPod() {
    Pod pod = twoRequestPod("p1", "100m", "500", 80);
    SchedulerCache cache = new SchedulerCache();
    cache.assumePod(PodInfo.of(pod));
    cache.addPod(pod);

    assertUnchangedAfter(
        cache,
        () -> cache.forgetPod(pod),
        "pod p1(node_info_cache_test/p1) wasn't assumed so cannot be forgotten");
  }

  @Test
  void forgetPod_differentNode() {
    Pod pod = basePod("node-1", "p1", "100m", "500", "");
    SchedulerCache cache = new SchedulerCache();
    cache.assumePod(PodInfo.of(pod));

    assertUnchangedAfter(
        cache,
        () -> cache.forgetPod(pod.toBuilder().nodeName("node-2").build()),
        "pod p1(node_info_cache_test/p1) was assumed on node-2 but assigned to node-1");
  }

  @Test
  void updatePod_assumedPod() {
    Pod pod = twoRequestPod("p1", "100m", "500", 80);
    SchedulerCache cache = new SchedulerCache();
    cache.assumePod(PodInfo.of(pod));

    assertUnchangedAfter(
        cache,
        () -> cache.updatePod(pod, twoRequestPod("p1", "200m", "500", 80)),
        "assumed pod p1(node_info_cache_test/p1) should not be updated");
  }

  @Test
  void updatePod_unknown() {
    Pod pod = twoRequestPod("p1", "100m", "500", 80);
    SchedulerCache cache = new SchedulerCache();

    assertUnchangedAfter(
        cache,
        () -> cache.updatePod(pod, pod),
        "pod p1(node_info_cache_test/p1) is not added to scheduler cache, so cannot be updated");
  }

  @Test
  void updatePod_differentNode() {
    Pod pod = basePod("node-1", "p1", "100m", "500", "");
    SchedulerCache cache = new SchedulerCache();
    cache.addPod(pod);

    assertUnchangedAfter(
        cache,
        () -> cache.updatePod(pod, pod.toBuilder().nodeName("node-2").build()),
        "pod p1(node_info_cache_test/p1) updated on a different node than previously added to:"
            + " node-2 instead of node-1");
  }

  @Test
  void removeNode_unknownOrAlreadyRemoved() {
    SchedulerCache cache = new SchedulerCache();
    Node node = Node.builder().name("n1").build();
    cache.addNode(node);
    cache.addPod(basePod("n1", "p1", "100m", "500", ""));
    cache.removeNode(node);

    assertUnchangedAfter(cache, () -> cache.removeNode(node), "node n1 is not found");
    assertUnchangedAfter(
        cache, () -> cache.removeNode(Node.builder().name("n2").build()), "node n2 is not found");
  }

  @Test
  void pods_withoutUidOrNodeAreRejected() {
    SchedulerCache cache = new SchedulerCache();
    Pod noUid = Pod.builder().name("p").nodeName(NODE).build();
    Pod noNode = Pod.builder().name("p").uid("u").build();

    assertThatIllegalArgumentException()
        .isThrownBy(() -> cache.addPod(noUid))
        .withMessage("pod default/p has no UID; the cache keys pods by UID");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> cache.assumePod(PodInfo.of(noNode)))
        .withMessage("pod u(default/p) has no spec.nodeName");
    assertThat(cache.podCount()).isZero();
  }

  /** Asserts that {@code op} fails with {@code message} and leaves the cache as it was. */
  private static void assertUnchangedAfter(SchedulerCache cache, Runnable op, String message) {
    Object before = state(cache);

    assertThatThrownBy(op::run).isInstanceOf(IllegalStateException.class).hasMessage(message);

    assertThat(state(cache)).as("cache state").isEqualTo(before);
  }

  private static Object state(SchedulerCache cache) {
    SchedulerCache.Dump dump = cache.dump();
    Map<String, Object> nodes =
        dump.nodes().entrySet().stream()
            .collect(
                Collectors.toMap(
                    Map.Entry::getKey,
                    e -> List.of(NodeSummary.of(e.getValue()), e.getValue().generation())));
    return List.of(
        nodes, dump.assumedPods(), cache.recencyOrder(), cache.zones(), cache.podCount());
  }

  // ---- nodes and images ----

  static Stream<Arguments> nodeOperationCases() {
    Map<String, String> resources1 =
        Map.of("cpu", "1000m", "memory", "100Mi", "example.com/foo", "1");
    Map<String, String> resources2 =
        Map.of("cpu", "500m", "memory", "50Mi", "example.com/foo", "2");
    Pod pod1 =
        basePod("test-node-1", "pod1", "500m", "50Mi", "", port("", 80, "")).toBuilder()
            .namespace("")
            .build();
    Pod pod2 = basePod("test-node-1", "pod2", "500m", "50Mi", "").toBuilder().namespace("").build();
    return Stream.of(
        arguments(
            "operate the node with one pod",
            List.of(
                imageNode("test-node-1", resources1, 1),
                imageNode("test-node-2", resources2, 2),
                imageNode("test-node-3", resources1, 1),
                imageNode("test-node-4", resources2, 2)),
            List.of(pod1),
            Map.of("gcr.io/80:latest", 4, "gcr.io/300:v1", 2, "gcr.io/900:latest", 2)),
        arguments(
            "operate the node with two pods",
            List.of(
                imageNode("test-node-1", resources1, 1),
                imageNode("test-node-2", resources2, 2),
                imageNode("test-node-3", resources1, 1)),
            List.of(pod1.toBuilder().spec(pod2.spec()).build(), pod2),
            Map.of("gcr.io/80:latest", 3, "gcr.io/300:v1", 2, "gcr.io/900:latest", 1)));
  }

  /**
   * Upstream's test nodes: {@code imageStatus1} or {@code imageStatus2}, a PreferNoSchedule taint.
   */
  private static Node imageNode(String name, Map<String, String> allocatable, int images) {
    Node.Builder b =
        Node.builder().name(name).taint("test-key", "test-value", TaintEffect.PREFER_NO_SCHEDULE);
    allocatable.forEach(b::allocatable);
    if (images == 1) {
      b.image(80 * MB, "gcr.io/80:latest", "gcr.io/80:v1");
      b.image(300 * MB, "gcr.io/300:latest", "gcr.io/300:v1");
    } else {
      b.image(600 * MB, "gcr.io/600:latest");
      b.image(80 * MB, "gcr.io/80:latest");
      b.image(900 * MB, "gcr.io/900:latest");
    }
    return b.build();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("nodeOperationCases")
  void nodeOperations_addUpdateRemoveWithPods(
      String name, List<Node> nodes, List<Pod> pods, Map<String, Integer> imageCounts) {
    SchedulerCache cache = new SchedulerCache();
    nodes.forEach(cache::addNode);
    pods.forEach(cache::addPod);
    Node node = nodes.get(0);

    // Step 1: the node was added, with its allocatable, images and pods.
    NodeInfo added = nodeInfo(cache, node.name());
    assertThat(added.node()).isSameAs(node);
    assertThat(added.allocatable()).isEqualTo(Resource.of(node.status().allocatable()));
    assertThat(added.imageSizes())
        .containsEntry("gcr.io/80:latest", 80 * MB)
        .containsEntry("gcr.io/300:v1", 300 * MB)
        .hasSize(4);
    assertThat(added.pods()).extracting(PodInfo::pod).containsExactlyElementsOf(pods);
    assertThat(added.requested())
        .isEqualTo(res("cpu", pods.size() * 500 + "m", "memory", pods.size() * 50 + "Mi"));
    assertThat(cache.zones().get("")).hasSize(nodes.size());

    // Step 2: a snapshot holds every node, and the image counts.
    Snapshot snapshot = new Snapshot();
    cache.updateSnapshot(snapshot);
    assertThat(snapshot.size()).isEqualTo(nodes.size());
    assertThat(NodeSummary.of(snapshot.get(node.name()).orElseThrow()))
        .isEqualTo(NodeSummary.of(added));
    assertThat(snapshot.get(node.name()).orElseThrow().generation()).isEqualTo(added.generation());
    imageCounts.forEach(
        (image, count) -> assertThat(snapshot.imageNodeCount(image)).as(image).isEqualTo(count));
    assertThat(snapshot.imageNodeCount("gcr.io/none:latest")).isZero();

    // Step 3: updating the node bumps its generation and replaces allocatable.
    Node updated = node.toBuilder().allocatable("memory", "50Mi").build();
    cache.updateNode(node, updated);
    NodeInfo afterUpdate = nodeInfo(cache, node.name());
    assertThat(afterUpdate.generation()).isGreaterThan(added.generation());
    assertThat(afterUpdate.allocatable().memory()).isEqualTo(50 * MB);
    assertThat(afterUpdate.pods()).hasSize(pods.size());
    assertThat(cache.zones().get("")).hasSize(nodes.size());

    // Step 4: the node can be removed while it still has pods; it stays as a ghost.
    cache.removeNode(updated);
    NodeInfo ghost = nodeInfo(cache, node.name());
    assertThat(ghost.node()).isNull();
    assertThat(ghost.pods()).hasSize(pods.size());
    assertThatThrownBy(() -> cache.removeNode(updated)).isInstanceOf(IllegalStateException.class);
    assertThat(cache.zones().get("")).hasSize(nodes.size() - 1);
    cache.updateSnapshot(snapshot);
    assertThat(snapshot.size()).isEqualTo(nodes.size() - 1);
    assertThat(snapshot.get(node.name())).isEmpty();
    assertThat(snapshot.imageNodeCount("gcr.io/80:latest"))
        .isEqualTo(imageCounts.get("gcr.io/80:latest") - 1);
    for (Pod p : pods) {
      assertThat(cache.getPod(p)).isPresent();
    }

    // Step 5: removing the pods of the removed node still works, and drops the ghost.
    for (Pod p : pods) {
      cache.removePod(p);
      assertThat(cache.getPod(p)).isEmpty();
    }
    assertThat(cache.dump().nodes()).doesNotContainKey(node.name());
    assertThat(cache.nodeCount()).isEqualTo(nodes.size() - 1);
  }

  @Test
  void updateNode_imageChangesReachTheSnapshot() {
    SchedulerCache cache = new SchedulerCache();
    Node n1 = Node.builder().name("n1").image(10 * MB, "a:v1").build();
    Node n2 = Node.builder().name("n2").image(10 * MB, "a:v1").image(20 * MB, "b:v1").build();
    cache.addNode(n1);
    cache.addNode(n2);
    Snapshot snapshot = new Snapshot();
    cache.updateSnapshot(snapshot);
    assertThat(snapshot.imageNodeCount("a:v1")).isEqualTo(2);
    assertThat(snapshot.imageNodeCount("b:v1")).isEqualTo(1);

    Node n1b = n1.toBuilder().image(20 * MB, "b:v1").build();
    cache.updateNode(n1, n1b);
    cache.updateSnapshot(snapshot);

    assertThat(snapshot.imageNodeCount("b:v1")).isEqualTo(2);
    assertThat(snapshot.get("n1").orElseThrow().imageSizes()).containsOnlyKeys("a:v1", "b:v1");

    cache.removeNode(n2);
    cache.updateSnapshot(snapshot);

    assertThat(snapshot.imageNodeCount("a:v1")).isEqualTo(1);
    assertThat(snapshot.imageNodeCount("b:v1")).isEqualTo(1);
  }

  // ---- expiry of assumed pods ----

  @Test
  void cleanupExpiredAssumedPods_expiresFinishedPodsPastTheirDeadline() {
    VirtualClock clock = new VirtualClock();
    Instant start = clock.now();
    Pod p1 = twoRequestPod("test-1", "100m", "500", 80);
    Pod p2 = twoRequestPod("test-2", "200m", "1Ki", 8080);
    Pod p3 = twoRequestPod("test-3", "200m", "1Ki", 8080);
    SchedulerCache cache = new SchedulerCache(TTL, clock);
    cache.assumePod(PodInfo.of(p1));
    cache.assumePod(PodInfo.of(p2));
    cache.assumePod(PodInfo.of(p3));
    cache.finishBinding(p1);
    clock.advance(TTL.multipliedBy(3).dividedBy(2));
    cache.finishBinding(p2);

    List<Pod> expired = cache.cleanupExpiredAssumedPods(start.plus(TTL.multipliedBy(2)));

    assertThat(expired).containsExactly(p1);
    assertForgotten(cache, p1);
    assertAggregates(
        nodeInfo(cache, NODE),
        res("cpu", "400m", "memory", "2048"),
        res("cpu", "400m", "memory", "2048"),
        Set.of(LOCAL_8080),
        p2,
        p3);
  }

  @Test
  void cleanupExpiredAssumedPods_deadlineIsExclusive() {
    VirtualClock clock = new VirtualClock();
    Pod pod = twoRequestPod("test", "100m", "500", 80);
    SchedulerCache cache = new SchedulerCache(TTL, clock);
    cache.assumePod(PodInfo.of(pod));
    cache.finishBinding(pod);
    Instant deadline = clock.now().plus(TTL);

    assertThat(cache.cleanupExpiredAssumedPods(deadline)).isEmpty();
    assertThat(cache.cleanupExpiredAssumedPods(deadline.plusNanos(1))).containsExactly(pod);
    assertThat(cache.nodeCount()).isZero();
  }

  @Test
  void cleanupExpiredAssumedPods_neverExpiresWithoutFinishedBindingOrWithZeroTtl() {
    VirtualClock clock = new VirtualClock();
    Pod pod = twoRequestPod("test", "100m", "500", 80);
    SchedulerCache withTtl = new SchedulerCache(TTL, clock);
    SchedulerCache withoutTtl = new SchedulerCache();
    withTtl.assumePod(PodInfo.of(pod));
    withoutTtl.assumePod(PodInfo.of(pod));
    withoutTtl.finishBinding(pod);
    Instant later = clock.now().plus(Duration.ofDays(365));

    assertThat(withTtl.cleanupExpiredAssumedPods(later)).isEmpty();
    assertThat(withoutTtl.cleanupExpiredAssumedPods(later)).isEmpty();
    assertThat(withTtl.isAssumedPod(pod)).isTrue();
    assertThat(withoutTtl.isAssumedPod(pod)).isTrue();
  }

  @Test
  void cleanupExpiredAssumedPods_confirmedPodsDoNotExpire() {
    VirtualClock clock = new VirtualClock();
    Pod p1 = twoRequestPod("test-1", "100m", "500", 80);
    Pod p2 = twoRequestPod("test-2", "200m", "1Ki", 8080);
    SchedulerCache cache = new SchedulerCache(TTL, clock);
    for (Pod p : List.of(p1, p2)) {
      cache.assumePod(PodInfo.of(p));
      cache.finishBinding(p);
    }
    cache.addPod(p1);

    cache.cleanupExpiredAssumedPods(clock.now().plus(TTL.multipliedBy(2)));

    assertAggregates(
        nodeInfo(cache, NODE),
        res("cpu", "100m", "memory", "500"),
        res("cpu", "100m", "memory", "500"),
        Set.of(LOCAL_80),
        p1);
  }

  @Test
  void addPod_afterExpiryAddsThePodBack() {
    VirtualClock clock = new VirtualClock();
    Pod v1 = twoRequestPod("test", "100m", "500", 80);
    Pod v2 = twoRequestPod("test", "200m", "1Ki", 8080);
    SchedulerCache cache = new SchedulerCache(TTL, clock);
    cache.assumePod(PodInfo.of(v1));
    cache.finishBinding(v1);
    cache.cleanupExpiredAssumedPods(clock.now().plus(TTL.multipliedBy(2)));
    assertForgotten(cache, v1);

    cache.addPod(v1);
    assertAggregates(
        nodeInfo(cache, NODE),
        res("cpu", "100m", "memory", "500"),
        res("cpu", "100m", "memory", "500"),
        Set.of(LOCAL_80),
        v1);

    cache.updatePod(v1, v2);
    assertAggregates(
        nodeInfo(cache, NODE),
        res("cpu", "200m", "memory", "1024"),
        res("cpu", "200m", "memory", "1024"),
        Set.of(LOCAL_8080),
        v2);
    cache.updatePod(v2, v1);
    assertAggregates(
        nodeInfo(cache, NODE),
        res("cpu", "100m", "memory", "500"),
        res("cpu", "100m", "memory", "500"),
        Set.of(LOCAL_80),
        v1);
  }

  @Test
  void constructor_rejectsNegativeTtl() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new SchedulerCache(Duration.ofSeconds(-1), new VirtualClock()));
  }

  // ---- the incremental snapshot (upstream TestSchedulerCache_UpdateSnapshot) ----

  /** One step of a snapshot scenario. */
  @FunctionalInterface
  private interface Op {
    void apply(Scenario s);
  }

  /** The objects of upstream's UpdateSnapshot test and the cache and snapshot under test. */
  private static final class Scenario {
    final List<Node> nodes = new ArrayList<>();
    final List<Node> updatedNodes = new ArrayList<>();
    final List<Pod> pods = new ArrayList<>();
    final List<Pod> updatedPods = new ArrayList<>();
    final List<Pod> podsWithAffinity = new ArrayList<>();
    final SchedulerCache cache = new SchedulerCache();
    final Snapshot snapshot = new Snapshot();

    Scenario() {
      for (int i = 0; i < 10; i++) {
        Node node =
            Node.builder()
                .name("test-node" + i)
                .allocatable("cpu", "1000m")
                .allocatable("memory", "100m")
                .build();
        nodes.add(node);
        updatedNodes.add(
            node.toBuilder().allocatable("cpu", "2000m").allocatable("memory", "500m").build());
      }
      for (int i = 0; i < 20; i++) {
        Pod pod = CacheFixtures.pod("test-pod" + i, "test-puid" + i, "test-node" + (i % 10));
        pods.add(pod);
        updatedPods.add(pod.toBuilder().priority(1000).build());
      }
      for (int i = 0; i < 2; i++) {
        podsWithAffinity.add(
            CacheFixtures.pod("p-affinity-" + i, "puid-affinity-" + i, "test-node" + i).toBuilder()
                .affinity(CacheFixtures.requiredAffinityExists("foo", ""))
                .build());
      }
    }
  }

  private static Op addNode(int i) {
    return s -> s.cache.addNode(s.nodes.get(i));
  }

  private static Op removeNode(int i) {
    return s -> s.cache.removeNode(s.nodes.get(i));
  }

  private static Op updateNode(int i) {
    return s -> s.cache.updateNode(s.nodes.get(i), s.updatedNodes.get(i));
  }

  private static Op addPod(int i) {
    return s -> s.cache.addPod(s.pods.get(i));
  }

  private static Op assumePod(int i) {
    return s -> s.cache.assumePod(PodInfo.of(s.pods.get(i)));
  }

  private static Op forgetPod(int i) {
    return s -> s.cache.forgetPod(s.pods.get(i));
  }

  private static Op removePod(int i) {
    return s -> s.cache.removePod(s.pods.get(i));
  }

  private static Op updatePod(int i) {
    return s -> s.cache.updatePod(s.pods.get(i), s.updatedPods.get(i));
  }

  private static Op addPodWithAffinity(int i) {
    return s -> s.cache.addPod(s.podsWithAffinity.get(i));
  }

  private static Op removePodWithAffinity(int i) {
    return s -> s.cache.removePod(s.podsWithAffinity.get(i));
  }

  private static Op updateSnapshot() {
    return s -> {
      s.cache.updateSnapshot(s.snapshot);
      assertThat(CacheFixtures.compareWithCache(s.cache, s.snapshot)).isEmpty();
    };
  }

  private static List<String> nodeNames(int... indexes) {
    List<String> out = new ArrayList<>();
    for (int i : indexes) {
      out.add("test-node" + i);
    }
    return out;
  }

  static Stream<Arguments> snapshotCases() {
    return Stream.of(
        arguments("Empty cache", List.of(), nodeNames(), 0),
        arguments("Single node", List.of(addNode(1)), nodeNames(1), 0),
        arguments(
            "Add node, remove it, add it again",
            List.of(addNode(1), updateSnapshot(), removeNode(1), addNode(1)),
            nodeNames(1),
            0),
        arguments(
            "Add node and remove it in the same cycle, add it again",
            List.of(addNode(1), updateSnapshot(), addNode(2), removeNode(1)),
            nodeNames(2),
            0),
        arguments(
            "Add a few nodes, and snapshot in the middle",
            List.of(
                addNode(0),
                updateSnapshot(),
                addNode(1),
                updateSnapshot(),
                addNode(2),
                updateSnapshot(),
                addNode(3)),
            nodeNames(3, 2, 1, 0),
            0),
        arguments(
            "Add a few nodes, and snapshot in the end",
            List.of(addNode(0), addNode(2), addNode(5), addNode(6)),
            nodeNames(6, 5, 2, 0),
            0),
        arguments(
            "Update some nodes",
            List.of(addNode(0), addNode(1), addNode(5), updateSnapshot(), updateNode(1)),
            nodeNames(1, 5, 0),
            0),
        arguments(
            "Add a few nodes, and remove all of them",
            List.of(
                addNode(0),
                addNode(2),
                addNode(5),
                addNode(6),
                updateSnapshot(),
                removeNode(0),
                removeNode(2),
                removeNode(5),
                removeNode(6)),
            nodeNames(),
            0),
        arguments(
            "Add a few nodes, and remove some of them",
            List.of(
                addNode(0),
                addNode(2),
                addNode(5),
                addNode(6),
                updateSnapshot(),
                removeNode(0),
                removeNode(6)),
            nodeNames(5, 2),
            0),
        arguments(
            "Add a few nodes, remove all of them, and add more",
            List.of(
                addNode(2),
                addNode(5),
                addNode(6),
                updateSnapshot(),
                removeNode(2),
                removeNode(5),
                removeNode(6),
                updateSnapshot(),
                addNode(7),
                addNode(9)),
            nodeNames(9, 7),
            0),
        arguments(
            "Update nodes in particular order",
            List.of(addNode(8), updateNode(2), updateNode(8), updateSnapshot(), addNode(1)),
            nodeNames(1, 8, 2),
            0),
        arguments(
            "Add some nodes and some pods",
            List.of(addNode(0), addNode(2), addNode(8), updateSnapshot(), addPod(8), addPod(2)),
            nodeNames(2, 8, 0),
            0),
        arguments(
            "Updating a pod moves its node to the head",
            List.of(addNode(0), addPod(0), addNode(2), addNode(4), updatePod(0)),
            nodeNames(0, 4, 2),
            0),
        arguments(
            "Add pod before its node",
            List.of(addNode(0), addPod(1), updatePod(1), addNode(1)),
            nodeNames(1, 0),
            0),
        arguments(
            "Remove node before its pods",
            List.of(
                addNode(0),
                addNode(1),
                addPod(1),
                addPod(11),
                updateSnapshot(),
                removeNode(1),
                updateSnapshot(),
                updatePod(1),
                updatePod(11),
                removePod(1),
                removePod(11)),
            nodeNames(0),
            0),
        arguments(
            "Add Pods with affinity",
            List.of(addNode(0), addPodWithAffinity(0), updateSnapshot(), addNode(1)),
            nodeNames(1, 0),
            1),
        arguments(
            "Add multiple nodes with pods with affinity",
            List.of(
                addNode(0),
                addPodWithAffinity(0),
                updateSnapshot(),
                addNode(1),
                addPodWithAffinity(1),
                updateSnapshot()),
            nodeNames(1, 0),
            2),
        arguments(
            "Add then Remove pods with affinity",
            List.of(
                addNode(0),
                addNode(1),
                addPodWithAffinity(0),
                updateSnapshot(),
                removePodWithAffinity(0),
                updateSnapshot()),
            nodeNames(0, 1),
            0),
        arguments(
            "Assume and forget in cache",
            List.of(
                addNode(0),
                addNode(2),
                addNode(4),
                addNode(8),
                updateSnapshot(),
                assumePod(8),
                assumePod(0),
                forgetPod(0),
                updateSnapshot()),
            nodeNames(0, 8, 4, 2),
            0));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("snapshotCases")
  void updateSnapshot_incremental(
      String name, List<Op> ops, List<String> recencyOrder, int havePodsWithAffinity) {
    Scenario s = new Scenario();

    for (Op op : ops) {
      op.apply(s);
    }

    assertThat(s.cache.recencyOrder()).containsExactlyElementsOf(recencyOrder);
    assertThat(s.snapshot.havePodsWithAffinity()).hasSize(havePodsWithAffinity);
    s.cache.updateSnapshot(s.snapshot);
    assertThat(CacheFixtures.compareWithCache(s.cache, s.snapshot)).isEmpty();
    Map<String, NodeInfo> cached = s.cache.dump().nodes();
    for (NodeInfo copy : s.snapshot.list()) {
      assertThat(copy.generation())
          .as("generation of %s", copy.name())
          .isEqualTo(cached.get(copy.name()).generation())
          .isLessThanOrEqualTo(s.snapshot.generation());
    }
  }

  // ---- node order in the snapshot (upstream TestSchedulerCache_updateNodeInfoSnapshotList) ----

  /** node-0 and node-1 in zone 0, node-2 to node-7 in zone 1. */
  private static Node zoned(int i) {
    int zone = i < 2 ? 0 : 1;
    return CacheFixtures.zonedNode("node-" + i, "region-" + zone, "zone-" + zone);
  }

  static Stream<Arguments> orderCases() {
    return Stream.of(
        arguments("Empty cache", new int[] {}, List.of()),
        arguments("Single node", new int[] {0}, List.of("node-0")),
        arguments("Two nodes", new int[] {0, -1, 1}, List.of("node-0", "node-1")),
        arguments(
            "bug 91601, two nodes, update the snapshot and add two nodes in different zones",
            new int[] {2, 3, -1, 4, 0},
            List.of("node-2", "node-0", "node-3", "node-4")),
        arguments(
            "bug 91601, 6 nodes, one in a different zone",
            new int[] {2, 3, 4, 5, -1, 6, 0},
            List.of("node-2", "node-0", "node-3", "node-4", "node-5", "node-6")),
        arguments(
            "bug 91601, 7 nodes, two in a different zone",
            new int[] {2, -1, 3, 4, -1, 5, 6, 0, 1},
            List.of("node-2", "node-0", "node-3", "node-1", "node-4", "node-5", "node-6")),
        arguments(
            "bug 91601, 7 nodes, two in a different zone, different zone order",
            new int[] {2, 1, -1, 3, 4, -1, 5, 6, 0},
            List.of("node-2", "node-1", "node-3", "node-0", "node-4", "node-5", "node-6")));
  }

  /** {@code steps}: a node index to add, or -1 to update the snapshot. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("orderCases")
  void updateSnapshot_listsNodesRoundRobinAcrossZones(String name, int[] steps, List<String> want) {
    SchedulerCache cache = new SchedulerCache();
    Snapshot snapshot = new Snapshot();
    for (int step : steps) {
      if (step < 0) {
        cache.updateSnapshot(snapshot);
      } else {
        cache.addNode(zoned(step));
      }
    }

    cache.updateSnapshot(snapshot);

    assertThat(CacheFixtures.names(snapshot.list())).containsExactlyElementsOf(want);
    assertThat(CacheFixtures.compareWithCache(cache, snapshot)).isEmpty();
  }

  @Test
  void updateSnapshot_reordersWhenANodeIsReaddedOrChangesZone() {
    SchedulerCache cache = new SchedulerCache();
    Snapshot snapshot = new Snapshot();
    for (int i = 2; i < 5; i++) {
      cache.addNode(zoned(i));
    }
    cache.updateSnapshot(snapshot);
    assertThat(CacheFixtures.names(snapshot.list())).containsExactly("node-2", "node-3", "node-4");

    cache.removeNode(zoned(2));
    cache.addNode(zoned(2));
    cache.updateSnapshot(snapshot);
    assertThat(CacheFixtures.names(snapshot.list())).containsExactly("node-3", "node-4", "node-2");

    cache.updateNode(zoned(3), CacheFixtures.zonedNode("node-3", "region-0", "zone-0"));
    cache.updateSnapshot(snapshot);
    assertThat(CacheFixtures.names(snapshot.list())).containsExactly("node-4", "node-3", "node-2");
  }

  @Test
  void updateSnapshot_copiesOnlyChangedNodes() {
    SchedulerCache cache = new SchedulerCache();
    Snapshot snapshot = new Snapshot();
    for (int i = 0; i < 3; i++) {
      cache.addNode(zoned(i));
    }
    cache.updateSnapshot(snapshot);
    NodeInfo node0 = snapshot.get("node-0").orElseThrow();
    NodeInfo node1 = snapshot.get("node-1").orElseThrow();
    List<NodeInfo> list = snapshot.list();

    cache.addPod(CacheFixtures.pod("p", "p", "node-1"));
    cache.updateSnapshot(snapshot);

    assertThat(snapshot.get("node-0")).containsSame(node0);
    assertThat(snapshot.get("node-1").orElseThrow()).isNotSameAs(node1);
    assertThat(node1.pods()).as("the previous copy is left as it was").isEmpty();
    assertThat(snapshot.get("node-1").orElseThrow().pods()).hasSize(1);
    assertThat(snapshot.list()).as("the list is not rebuilt").isSameAs(list);
    assertThat(list)
        .as("the list sees the new copy")
        .contains(snapshot.get("node-1").orElseThrow());
  }

  @Test
  void updateSnapshot_snapshotOfAnotherCacheIsRebuilt() {
    SchedulerCache first = new SchedulerCache();
    SchedulerCache second = new SchedulerCache();
    first.addNode(zoned(0));
    second.addNode(zoned(1));
    Snapshot snapshot = new Snapshot();
    first.updateSnapshot(snapshot);

    second.updateSnapshot(snapshot);

    assertThat(CacheFixtures.names(snapshot.list())).containsExactly("node-1");
    assertThat(snapshot.get("node-0")).isEmpty();
  }
}
