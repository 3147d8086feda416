package io.schedkit.chaos;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Scheduler;
import io.schedkit.core.cache.SchedulerCache;
import io.schedkit.core.cache.Snapshot;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.testing.PodAffinityKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The chaos run's comparison with a rebuild finds a cache or snapshot that has drifted from the
 * cluster: each test corrupts a cache built from the same objects and expects the difference.
 */
final class RebuildComparisonTest {
  private final Node n1 = node("n1", "4");
  private final Node n2 = node("n2", "8");
  private final Pod a = pod("a", "n1", "500m", false);
  private final Pod b = pod("b", "n1", "1", true);
  private final Pod c = pod("c", "n2", "2", false);
  private final List<Node> nodes = List.of(n1, n2);
  private final List<Pod> pods = List.of(a, b, c);

  private static Node node(String name, String cpu) {
    return makeNode()
        .name(name)
        .label("kubernetes.io/hostname", name)
        .capacity(Map.of("cpu", cpu, "memory", "16Gi", "pods", "110"))
        .obj();
  }

  private static Pod pod(String name, String node, String cpu, boolean affinity) {
    var w = makePod().name(name).uid("uid-" + name).node(node).req(Map.of("cpu", cpu));
    if (affinity) {
      w.podAffinityExists(
          "app", "kubernetes.io/hostname", PodAffinityKind.POD_AFFINITY_WITH_REQUIRED_REQ);
    }
    return w.obj();
  }

  private SchedulerCache cacheOf(List<Node> nodes, List<Pod> pods) {
    SchedulerCache cache = new SchedulerCache();
    nodes.forEach(cache::addNode);
    pods.forEach(cache::addPod);
    return cache;
  }

  private RebuildComparison rebuild() {
    return new RebuildComparison(nodes, pods, List.of(), PodInfo::of);
  }

  /** The snapshot a cache brings up to date, in the form the scheduler hands out. */
  private static Scheduler.SnapshotDump snapshotOf(SchedulerCache cache) {
    Snapshot s = new Snapshot();
    cache.updateSnapshot(s);
    return new Scheduler.SnapshotDump(
        s.list(), names(s.havePodsWithAffinity()), names(s.havePodsWithRequiredAntiAffinity()));
  }

  private static List<String> names(List<NodeInfo> infos) {
    List<String> out = new ArrayList<>();
    infos.forEach(n -> out.add(n.name()));
    return out;
  }

  @Test
  void aCacheBuiltFromTheClusterMatches() {
    SchedulerCache cache = cacheOf(nodes, pods);
    assertThat(rebuild().compareCache(cache.dump())).isEmpty();
    assertThat(rebuild().compareSnapshot(snapshotOf(cache))).isEmpty();
  }

  @Test
  void aPodTheClusterDoesNotHaveIsReported() {
    SchedulerCache cache = cacheOf(nodes, pods);
    cache.addPod(pod("ghost", "n2", "1", false));
    assertThat(rebuild().compareCache(cache.dump()))
        .anySatisfy(d -> assertThat(d).contains("node n2: pods differ: extra [uid-ghost]"))
        .anySatisfy(d -> assertThat(d).contains("node n2: requested"));
    assertThat(rebuild().compareSnapshot(snapshotOf(cache)))
        .anySatisfy(d -> assertThat(d).contains("snapshot: node n2: pods differ"));
  }

  @Test
  void aLostPodAndItsAffinityAreReported() {
    SchedulerCache cache = cacheOf(nodes, pods);
    cache.removePod(b);
    assertThat(rebuild().compareCache(cache.dump()))
        .anySatisfy(d -> assertThat(d).contains("node n1: pods differ: extra [], missing [uid-b]"))
        .anySatisfy(d -> assertThat(d).contains("node n1: podsWithAffinity differ"));
    assertThat(rebuild().compareSnapshot(snapshotOf(cache)))
        .anySatisfy(
            d ->
                assertThat(d)
                    .contains("nodes with pods with affinity differ: extra [], missing [n1]"));
  }

  @Test
  void aStaleNodeOrPodVersionIsReported() {
    SchedulerCache cache = cacheOf(List.of(node("n1", "2"), n2), pods);
    Pod oldC = c.toBuilder().labels(Map.of("version", "old")).build();
    cache.updatePod(c, oldC);
    assertThat(rebuild().compareCache(cache.dump()))
        .anySatisfy(d -> assertThat(d).contains("node n1: node object differs"))
        .anySatisfy(d -> assertThat(d).contains("node n1: allocatable"))
        .anySatisfy(d -> assertThat(d).contains("pod default/c is a different version"));
  }

  @Test
  void aMissingOrExtraNodeIsReported() {
    SchedulerCache cache = cacheOf(List.of(n1, node("n3", "4")), List.of(a, b));
    assertThat(rebuild().compareCache(cache.dump()))
        .anySatisfy(d -> assertThat(d).contains("cache: nodes differ: extra [n3], missing [n2]"));
    assertThat(rebuild().compareSnapshot(snapshotOf(cache)))
        .anySatisfy(
            d -> assertThat(d).contains("snapshot: nodes differ: extra [n3], missing [n2]"));
  }

  @Test
  void aSnapshotWithAWrongAffinityListIsReported() {
    Scheduler.SnapshotDump right = snapshotOf(cacheOf(nodes, pods));
    Scheduler.SnapshotDump wrong =
        new Scheduler.SnapshotDump(right.nodes(), List.of("n1", "n2"), List.of("n1"));
    assertThat(rebuild().compareSnapshot(wrong))
        .anySatisfy(d -> assertThat(d).contains("nodes with pods with affinity differ: extra [n2]"))
        .anySatisfy(
            d ->
                assertThat(d)
                    .contains("nodes with pods with required anti-affinity differ: extra [n1]"));
  }

  @Test
  void assumedPodsArePartOfTheRebuild() {
    SchedulerCache cache = cacheOf(nodes, pods);
    Pod d = pod("d", "n2", "1", false);
    cache.assumePod(PodInfo.of(d));
    assertThat(
            new RebuildComparison(nodes, pods, List.of(d), PodInfo::of).compareCache(cache.dump()))
        .isEmpty();
    assertThat(rebuild().compareCache(cache.dump()))
        .anySatisfy(d2 -> assertThat(d2).contains("node n2: pods differ: extra [uid-d]"));
  }
}
