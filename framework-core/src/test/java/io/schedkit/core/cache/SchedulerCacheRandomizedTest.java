package io.schedkit.core.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.core.cache.CacheFixtures.NodeSummary;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.framework.HostPort;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Resource;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.ContainerImage;
import io.schedkit.framework.model.ContainerPort;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinity;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.framework.model.PodAntiAffinity;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A seeded random walk over the cache's operations (nodes added, updated and removed; pods added,
 * updated and removed by the host; pods assumed, forgotten, bound and confirmed or expired by the
 * scheduler; and invalid calls) on 20 node names and up to 300 pods, against a model of the host.
 * Every few operations the long-lived snapshot is updated and checked: it equals a snapshot built
 * from scratch from the cache's pods (node order, pods per node, aggregates, affinity lists, image
 * counts), the cache holds exactly the model's pods, every NodeInfo's aggregates equal a
 * recomputation from its pods, and the snapshot did not change between updates. Failures name the
 * seed and the operation.
 */
final class SchedulerCacheRandomizedTest {
  private static final int OPERATIONS = 12_000;
  private static final int NODE_NAMES = 20;
  private static final int MAX_PODS = 300;
  private static final Duration TTL = Duration.ofSeconds(40);
  private static final List<List<String>> IMAGES =
      List.of(
          List.of("nginx:1.25", "docker.io/library/nginx:1.25"),
          List.of("redis:7"),
          List.of("busybox:latest"),
          List.of("app:v1", "app@sha256:aa"),
          List.of("app:v2"),
          List.of("pause:3.9"));
  private static final List<String> IMAGE_NAMES = imageNames();

  private static List<String> imageNames() {
    List<String> names = new ArrayList<>();
    IMAGES.forEach(names::addAll);
    names.add("never-pulled:v0");
    return List.copyOf(names);
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1L, 42L, 20_260_101L})
  void randomOperations_incrementalSnapshotMatchesRebuilt(long seed) {
    Run run = new Run(seed);

    run.run();

    assertThat(run.checks).as("seed %d: snapshot checks", seed).isGreaterThan(OPERATIONS / 8);
    assertThat(run.performed.keySet())
        .as("seed %d: operation kinds exercised", seed)
        .containsAll(
            List.of(
                "addNode",
                "updateNode",
                "removeNode",
                "hostAddPod",
                "updatePod",
                "removePod",
                "assume",
                "forget",
                "finishBinding",
                "confirm",
                "confirmElsewhere",
                "confirmExpired",
                "expire",
                "invalid"));
  }

  /** What a snapshot shows, as values; {@code byName} is what {@code get} returns per node name. */
  private record Fingerprint(
      List<String> order,
      Map<String, NodeSummary> nodes,
      Map<String, Optional<NodeSummary>> byName,
      List<String> withAffinity,
      List<String> withRequiredAntiAffinity,
      Map<String, Integer> imageNodeCounts,
      int size) {

    static Fingerprint of(Snapshot snapshot) {
      Map<String, Optional<NodeSummary>> byName = new TreeMap<>();
      for (int i = 0; i < NODE_NAMES; i++) {
        byName.put("n" + i, snapshot.get("n" + i).map(NodeSummary::of));
      }
      Map<String, Integer> images = new TreeMap<>();
      for (String image : IMAGE_NAMES) {
        images.put(image, snapshot.imageNodeCount(image));
      }
      return new Fingerprint(
          CacheFixtures.names(snapshot.list()),
          CacheFixtures.summaries(snapshot.list()),
          byName,
          CacheFixtures.names(snapshot.havePodsWithAffinity()),
          CacheFixtures.names(snapshot.havePodsWithRequiredAntiAffinity()),
          images,
          snapshot.size());
    }
  }

  /** A node and the zone key the model expects for it. */
  private record ZonedNode(Node node, String zone) {}

  /** One seeded run: the cache, the long-lived snapshot, and the model of the host. */
  private static final class Run {
    final long seed;
    final Random random;
    final VirtualClock clock = new VirtualClock();
    final SchedulerCache cache = new SchedulerCache(TTL, clock);
    final Snapshot snapshot = new Snapshot();

    final Map<String, Node> liveNodes = new TreeMap<>();
    final Map<String, List<String>> zones = new LinkedHashMap<>();
    final Map<String, String> zoneOf = new HashMap<>();
    final Map<String, Pod> added = new TreeMap<>();
    final Map<String, Pod> assumed = new TreeMap<>();
    final Map<String, Instant> bindingFinishedAt = new HashMap<>();
    final Map<String, Pod> expired = new TreeMap<>();
    final Map<Pod, PodInfo> podInfos = new IdentityHashMap<>();
    final Map<String, Integer> performed = new TreeMap<>();

    int nextUid;
    int op;
    String lastOp = "";
    int checks;
    Fingerprint frozen;

    Run(long seed) {
      this.seed = seed;
      this.random = new Random(seed);
    }

    void run() {
      int untilCheck = 1 + random.nextInt(8);
      for (op = 0; op < OPERATIONS; op++) {
        clock.advance(Duration.ofMillis(random.nextInt(2000)));
        step();
        if (--untilCheck == 0) {
          check();
          untilCheck = 1 + random.nextInt(8);
        }
      }
      check();
    }

    String ctx() {
      return "seed " + seed + ", operation " + op + " (" + lastOp + ")";
    }

    void did(String kind) {
      lastOp = kind;
      performed.merge(kind, 1, Integer::sum);
    }

    <T> T pick(Collection<T> items) {
      int i = random.nextInt(items.size());
      for (T item : items) {
        if (i-- == 0) {
          return item;
        }
      }
      throw new IllegalStateException("empty");
    }

    String randomNodeName() {
      return "n" + random.nextInt(NODE_NAMES);
    }

    boolean full() {
      return added.size() + assumed.size() >= MAX_PODS;
    }

    // ---- operations ----

    void step() {
      int r = random.nextInt(100);
      if (r < 5) {
        addNode();
      } else if (r < 12) {
        updateNode();
      } else if (r < 16) {
        removeNode();
      } else if (r < 28) {
        if (full()) {
          removePod();
        } else {
          hostAddPod();
        }
      } else if (r < 37) {
        updatePod();
      } else if (r < 46) {
        removePod();
      } else if (r < 60) {
        if (full()) {
          forget();
        } else {
          assume();
        }
      } else if (r < 66) {
        forget();
      } else if (r < 74) {
        finishBinding();
      } else if (r < 84) {
        confirm();
      } else if (r < 86) {
        confirmExpired();
      } else if (r < 90) {
        expire();
      } else {
        invalid();
      }
    }

    void addNode() {
      List<String> free = new ArrayList<>();
      for (int i = 0; i < NODE_NAMES; i++) {
        if (!liveNodes.containsKey("n" + i)) {
          free.add("n" + i);
        }
      }
      if (free.isEmpty()) {
        updateNode();
        return;
      }
      ZonedNode zoned = randomNode(pick(free));
      did("addNode");
      cache.addNode(zoned.node());
      putLive(zoned);
    }

    void updateNode() {
      if (liveNodes.isEmpty()) {
        addNode();
        return;
      }
      Node old = pick(liveNodes.values());
      ZonedNode zoned =
          random.nextInt(5) == 0
              ? new ZonedNode(old, zoneOf.get(old.name()))
              : randomNode(old.name());
      did("updateNode");
      cache.updateNode(old, zoned.node());
      putLive(zoned);
    }

    void removeNode() {
      if (liveNodes.isEmpty()) {
        addNode();
        return;
      }
      Node node = pick(liveNodes.values());
      did("removeNode");
      cache.removeNode(node);
      liveNodes.remove(node.name());
      detach(node.name());
    }

    void hostAddPod() {
      Pod pod = randomPod(newUid(), randomNodeName());
      did("hostAddPod");
      cache.addPod(pod);
      added.put(pod.uid(), pod);
    }

    void updatePod() {
      if (added.isEmpty()) {
        hostAddPod();
        return;
      }
      Pod old = pick(added.values());
      Pod updated = random.nextInt(5) == 0 ? old : randomPod(old.uid(), old.nodeName());
      did("updatePod");
      cache.updatePod(old, updated);
      added.put(updated.uid(), updated);
    }

    void removePod() {
      if (added.isEmpty() && assumed.isEmpty()) {
        hostAddPod();
        return;
      }
      boolean fromAdded = assumed.isEmpty() || (!added.isEmpty() && random.nextBoolean());
      Pod pod = pick(fromAdded ? added.values() : assumed.values());
      Pod reported = random.nextInt(10) == 0 ? pod.toBuilder().nodeName("").build() : pod;
      did("removePod");
      cache.removePod(reported);
      added.remove(pod.uid());
      assumed.remove(pod.uid());
      bindingFinishedAt.remove(pod.uid());
    }

    void assume() {
      if (liveNodes.isEmpty()) {
        addNode();
        return;
      }
      Pod pod = randomPod(newUid(), pick(liveNodes.keySet()));
      did("assume");
      cache.assumePod(PodInfo.of(pod));
      assumed.put(pod.uid(), pod);
    }

    void forget() {
      if (assumed.isEmpty()) {
        assume();
        return;
      }
      Pod pod = pick(assumed.values());
      did("forget");
      cache.forgetPod(pod);
      assumed.remove(pod.uid());
      bindingFinishedAt.remove(pod.uid());
    }

    void finishBinding() {
      if (assumed.isEmpty()) {
        assume();
        return;
      }
      Pod pod = pick(assumed.values());
      did("finishBinding");
      cache.finishBinding(pod);
      bindingFinishedAt.put(pod.uid(), clock.now());
    }

    void confirm() {
      if (assumed.isEmpty()) {
        assume();
        return;
      }
      Pod pod = pick(assumed.values());
      Pod confirmed;
      if (random.nextInt(7) == 0) {
        did("confirmElsewhere");
        confirmed = pod.toBuilder().nodeName(randomNodeName()).build();
      } else {
        did("confirm");
        confirmed = random.nextBoolean() ? pod : pod.toBuilder().label("bound", "true").build();
      }
      cache.addPod(confirmed);
      assumed.remove(pod.uid());
      bindingFinishedAt.remove(pod.uid());
      added.put(confirmed.uid(), confirmed);
    }

    void confirmExpired() {
      if (expired.isEmpty() || full()) {
        confirm();
        return;
      }
      Pod pod = pick(expired.values());
      did("confirmExpired");
      cache.addPod(pod);
      expired.remove(pod.uid());
      added.put(pod.uid(), pod);
    }

    void expire() {
      clock.advance(Duration.ofMillis(random.nextInt(30_000)));
      Instant now = clock.now();
      List<Pod> due = new ArrayList<>();
      for (Pod pod : assumed.values()) {
        Instant finished = bindingFinishedAt.get(pod.uid());
        if (finished != null && now.isAfter(finished.plus(TTL))) {
          due.add(pod);
        }
      }
      did("expire");

      List<Pod> got = cache.cleanupExpiredAssumedPods(now);

      assertThat(got).as(ctx()).containsExactlyInAnyOrderElementsOf(due);
      for (Pod pod : due) {
        assumed.remove(pod.uid());
        bindingFinishedAt.remove(pod.uid());
        expired.put(pod.uid(), pod);
      }
    }

    void invalid() {
      did("invalid");
      int kind = random.nextInt(10);
      Runnable call;
      String message;
      if (kind == 0 && !(added.isEmpty() && assumed.isEmpty())) {
        Pod known = pick(added.isEmpty() ? assumed.values() : added.values());
        call = () -> cache.assumePod(PodInfo.of(known));
        message = "is in the cache, so can't be assumed";
      } else if (kind == 2 && !added.isEmpty()) {
        Pod pod = pick(added.values());
        call = () -> cache.forgetPod(pod);
        message = "wasn't assumed so cannot be forgotten";
      } else if (kind == 3 && !assumed.isEmpty()) {
        Pod pod = pick(assumed.values());
        Pod elsewhere = pod.toBuilder().nodeName(pod.nodeName() + "-other").build();
        call = () -> cache.forgetPod(elsewhere);
        message = "was assumed on " + elsewhere.nodeName() + " but assigned to " + pod.nodeName();
      } else if (kind == 4 && !assumed.isEmpty()) {
        Pod pod = pick(assumed.values());
        call = () -> cache.updatePod(pod, pod);
        message = "should not be updated";
      } else if (kind == 5) {
        Pod pod = randomPod(newUid(), randomNodeName());
        call = () -> cache.updatePod(pod, pod);
        message = "is not added to scheduler cache, so cannot be updated";
      } else if (kind == 6 && !added.isEmpty()) {
        Pod pod = pick(added.values());
        call = () -> cache.addPod(pod);
        message = "was already in added state";
      } else if (kind == 7) {
        Pod pod = randomPod(newUid(), randomNodeName());
        call = () -> cache.removePod(pod);
        message = "is not found in scheduler cache, so cannot be removed from it";
      } else if (kind == 8 && liveNodes.size() < NODE_NAMES) {
        String name = randomNodeName();
        while (liveNodes.containsKey(name)) {
          name = randomNodeName();
        }
        Node node = Node.builder().name(name).build();
        call = () -> cache.removeNode(node);
        message = "node " + name + " is not found";
      } else if (kind == 9 && !added.isEmpty()) {
        Pod pod = pick(added.values());
        Pod moved = pod.toBuilder().nodeName(pod.nodeName() + "-other").build();
        call = () -> cache.updatePod(pod, moved);
        message = "updated on a different node than previously added to";
      } else {
        Pod pod = randomPod(newUid(), randomNodeName());
        call = () -> cache.forgetPod(pod);
        message = "wasn't assumed so cannot be forgotten";
      }
      Object before = cacheState();

      assertThatThrownBy(call::run)
          .as(ctx())
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining(message);

      assertThat(cacheState()).as(ctx() + ": cache changed by a rejected call").isEqualTo(before);
    }

    Object cacheState() {
      SchedulerCache.Dump dump = cache.dump();
      Map<String, Object> nodes = new TreeMap<>();
      dump.nodes()
          .forEach(
              (name, info) -> nodes.put(name, List.of(NodeSummary.of(info), info.generation())));
      return List.of(
          nodes,
          List.copyOf(dump.assumedPods().keySet()),
          cache.recencyOrder(),
          cache.zones(),
          cache.podCount());
    }

    // ---- the model's node tree ----

    void putLive(ZonedNode zoned) {
      String name = zoned.node().name();
      liveNodes.put(name, zoned.node());
      String current = zoneOf.get(name);
      if (zoned.zone().equals(current)) {
        return;
      }
      if (current != null) {
        detach(name);
      }
      zones.computeIfAbsent(zoned.zone(), z -> new ArrayList<>()).add(name);
      zoneOf.put(name, zoned.zone());
    }

    void detach(String name) {
      String zone = zoneOf.remove(name);
      List<String> names = zones.get(zone);
      names.remove(name);
      if (names.isEmpty()) {
        zones.remove(zone);
      }
    }

    // ---- random objects ----

    String newUid() {
      return "uid-" + nextUid++;
    }

    ZonedNode randomNode(String name) {
      Node.Builder b = Node.builder().name(name);
      int zoneIndex = random.nextInt(5);
      String region = "r" + random.nextInt(2);
      String zone = "z" + zoneIndex;
      String key;
      if (zoneIndex == 0) {
        key = "";
      } else {
        key = region + ":\u0000:" + zone;
        int style = random.nextInt(10);
        if (style == 0) {
          b.label(NodeTree.LABEL_FAILURE_DOMAIN_REGION, region)
              .label(NodeTree.LABEL_FAILURE_DOMAIN_ZONE, zone);
        } else if (style == 1) {
          b.label(NodeTree.LABEL_REGION, "ignored")
              .label(NodeTree.LABEL_ZONE, "ignored")
              .label(NodeTree.LABEL_FAILURE_DOMAIN_REGION, region)
              .label(NodeTree.LABEL_FAILURE_DOMAIN_ZONE, zone);
        } else {
          b.label(NodeTree.LABEL_REGION, region).label(NodeTree.LABEL_ZONE, zone);
        }
      }
      b.allocatable("cpu", List.of("2", "4", "8").get(random.nextInt(3)))
          .allocatable("memory", List.of("4Gi", "8Gi").get(random.nextInt(2)))
          .allocatable("pods", "110");
      if (random.nextInt(4) == 0) {
        b.allocatable("example.com/gpu", "2");
      }
      if (random.nextInt(4) == 0) {
        b.allocatable("ephemeral-storage", "10Gi");
      }
      // What the snapshot's columns flag.
      if (random.nextInt(5) == 0) {
        b.unschedulable(true);
      }
      if (random.nextInt(4) == 0) {
        b.taint("dedicated", "x", io.schedkit.framework.model.TaintEffect.NO_SCHEDULE);
      }
      for (int i = 0; i < IMAGES.size(); i++) {
        if (random.nextInt(5) < 2) {
          b.image((i + 1) * 10_000_000L, IMAGES.get(i).toArray(new String[0]));
        }
      }
      return new ZonedNode(b.build(), key);
    }

    Pod randomPod(String uid, String nodeName) {
      Pod.Builder b =
          Pod.builder()
              .name("pod-" + uid)
              .namespace(random.nextBoolean() ? "default" : "team-a")
              .uid(uid)
              .nodeName(nodeName)
              .label("app", "app-" + random.nextInt(3));
      int containers = 1 + random.nextInt(2);
      for (int i = 0; i < containers; i++) {
        Container.Builder c = Container.builder().name("c" + i).image(pick(IMAGE_NAMES));
        int cpu = random.nextInt(4);
        if (cpu > 0) {
          c.request("cpu", List.of("100m", "250m", "1").get(cpu - 1));
        }
        int mem = random.nextInt(3);
        if (mem > 0) {
          c.request("memory", List.of("64Mi", "1Gi").get(mem - 1));
        }
        if (random.nextInt(5) == 0) {
          c.request("ephemeral-storage", "1Gi");
        }
        if (random.nextInt(10) == 0) {
          c.request("example.com/gpu", "1");
        }
        if (random.nextInt(4) == 0) {
          int port = List.of(80, 443, 8080).get(random.nextInt(3));
          c.port(
              ContainerPort.builder()
                  .containerPort(port)
                  .hostPort(port)
                  .hostIP(List.of("", "127.0.0.1", "10.0.0.1").get(random.nextInt(3)))
                  .protocol(List.of("", "TCP", "UDP").get(random.nextInt(3)))
                  .build());
        }
        b.container(c.build());
      }
      if (random.nextInt(8) == 0) {
        b.initContainer(Container.builder().name("init").request("cpu", "500m").build());
      }
      PodAffinity affinity = null;
      int a = random.nextInt(10);
      if (a < 2) {
        affinity = PodAffinity.builder().required(term()).build();
      } else if (a == 2) {
        affinity = PodAffinity.builder().preferred(10, term()).build();
      }
      PodAntiAffinity antiAffinity = null;
      int aa = random.nextInt(10);
      if (aa < 2) {
        antiAffinity = PodAntiAffinity.builder().required(term()).build();
      } else if (aa == 2) {
        antiAffinity = PodAntiAffinity.builder().preferred(5, term()).build();
      }
      if (affinity != null || antiAffinity != null) {
        Affinity.Builder ab = Affinity.builder();
        if (affinity != null) {
          ab.podAffinity(affinity);
        }
        if (antiAffinity != null) {
          ab.podAntiAffinity(antiAffinity);
        }
        b.affinity(ab.build());
      }
      return b.build();
    }

    PodAffinityTerm term() {
      return PodAffinityTerm.builder()
          .labelSelector(LabelSelector.of(Map.of("app", "app-" + random.nextInt(3))))
          .topologyKey(random.nextBoolean() ? NodeTree.LABEL_ZONE : "kubernetes.io/hostname")
          .build();
    }

    // ---- checks ----

    void check() {
      checks++;
      String ctx = ctx();
      if (frozen != null) {
        assertThat(Fingerprint.of(snapshot))
            .as(ctx + ": the snapshot changed between updates")
            .isEqualTo(frozen);
      }

      List<NodeInfo> listBefore = snapshot.list();
      List<NodeInfo> infosBefore = new ArrayList<>(listBefore);
      long stampBefore = snapshot.changeStamp();

      cache.updateSnapshot(snapshot);

      // Whatever a plugin learns from the change log covers every replaced position.
      if (snapshot.list() == listBefore) {
        int[] changed = snapshot.changedSince(stampBefore);
        if (changed != null) {
          Set<Integer> reported = new HashSet<>();
          for (int p : changed) {
            reported.add(p);
          }
          for (int p = 0; p < infosBefore.size(); p++) {
            if (snapshot.list().get(p) != infosBefore.get(p)) {
              assertThat(reported).as(ctx + ": replaced position " + p + " is logged").contains(p);
            }
          }
        }
        assertThat(snapshot.changedSince(snapshot.changeStamp()))
            .as(ctx + ": nothing changed since now")
            .isEmpty();
      }
      // Every node of the list is found at its position; a copy of it is in no list.
      List<NodeInfo> list = snapshot.list();
      for (int p = 0; p < list.size(); p++) {
        assertThat(snapshot.positionOf(list.get(p))).as(ctx + ": position of " + p).isEqualTo(p);
      }
      if (!list.isEmpty()) {
        assertThat(snapshot.positionOf(list.get(0).copy())).as(ctx + ": a copy").isEqualTo(-1);
      }
      // The columns describe the node at each position, as one freshly read from it.
      NodeColumns columns = snapshot.columns();
      assertThat(columns).as(ctx + ": a cache's snapshot keeps columns").isNotNull();
      MutableNodeColumns reread = new MutableNodeColumns(list.size());
      for (int p = 0; p < list.size(); p++) {
        reread.set(p, list.get(p));
        for (int f = 0; f <= NodeColumns.FLAGS; f++) {
          assertThat(columns.get(p, f))
              .as(ctx + ": column " + f + " of position " + p)
              .isEqualTo(reread.get(p, f));
        }
      }
      for (NodeInfo old : infosBefore) {
        if (!list.contains(old)) {
          assertThat(snapshot.positionOf(old)).as(ctx + ": a replaced NodeInfo").isEqualTo(-1);
        }
      }

      SchedulerCache.Dump dump = cache.dump();
      Map<String, Pod> cachedPods = new TreeMap<>();
      List<String> duplicates = new ArrayList<>();
      for (NodeInfo info : dump.nodes().values()) {
        for (PodInfo p : info.pods()) {
          if (cachedPods.put(p.uid(), p.pod()) != null) {
            duplicates.add(p.uid());
          }
        }
      }
      assertThat(duplicates).as(ctx + ": pods cached twice").isEmpty();
      Map<String, Pod> modelPods = new TreeMap<>(added);
      modelPods.putAll(assumed);
      assertThat(cachedPods).as(ctx + ": cached pods").isEqualTo(modelPods);
      assertThat(dump.assumedPods().keySet())
          .as(ctx + ": assumed pods")
          .isEqualTo(assumed.keySet());
      assertThat(cache.podCount()).as(ctx + ": pod count").isEqualTo(modelPods.size());
      List<String> wrong = new ArrayList<>();
      for (Pod pod : modelPods.values()) {
        if (cache.isAssumedPod(pod) != assumed.containsKey(pod.uid())
            || cache.getPod(pod).orElse(null) != pod) {
          wrong.add(pod.uid());
        }
      }
      assertThat(wrong).as(ctx + ": isAssumedPod or getPod disagree for").isEmpty();

      Set<String> nodeNames = new TreeSet<>(liveNodes.keySet());
      modelPods.values().forEach(p -> nodeNames.add(p.nodeName()));
      assertThat(dump.nodes().keySet()).as(ctx + ": node infos").isEqualTo(nodeNames);
      for (Map.Entry<String, NodeInfo> e : dump.nodes().entrySet()) {
        assertThat(e.getValue().node())
            .as(ctx + ": node of " + e.getKey())
            .isSameAs(liveNodes.get(e.getKey()));
        assertAggregatesRecomputed(e.getValue(), ctx + ", cache node " + e.getKey());
      }

      List<Node> order = new ArrayList<>();
      for (String name : CacheFixtures.roundRobin(zones)) {
        order.add(liveNodes.get(name));
      }
      Snapshot rebuilt = Snapshot.of(order, new ArrayList<>(cachedPods.values()));
      Fingerprint got = Fingerprint.of(snapshot);
      assertThat(got)
          .as(ctx + ": incremental snapshot vs rebuilt from scratch")
          .isEqualTo(Fingerprint.of(rebuilt));
      for (NodeInfo info : snapshot.list()) {
        assertAggregatesRecomputed(info, ctx + ", snapshot node " + info.name());
      }

      Snapshot fresh = new Snapshot();
      cache.updateSnapshot(fresh);
      assertThat(Fingerprint.of(fresh)).as(ctx + ": incremental vs full update").isEqualTo(got);
      frozen = got;
    }

    /** Checks {@code info}'s aggregates against sums over its pods, computed afresh. */
    void assertAggregatesRecomputed(NodeInfo info, String ctx) {
      List<PodInfo> pods = new ArrayList<>();
      for (PodInfo p : info.pods()) {
        pods.add(podInfos.computeIfAbsent(p.pod(), PodInfo::of));
      }
      int length = Math.max(info.requested().length(), info.nonZeroRequested().length());
      for (PodInfo p : pods) {
        length = Math.max(length, Math.max(p.requests().length(), p.nonZeroRequests().length()));
      }
      List<Long> requested = new ArrayList<>();
      List<Long> nonZero = new ArrayList<>();
      for (int id = 0; id < length; id++) {
        long sum = 0;
        long nonZeroSum = 0;
        for (PodInfo p : pods) {
          sum += p.requests().get(id);
          nonZeroSum += p.nonZeroRequests().get(id);
        }
        requested.add(sum);
        nonZero.add(nonZeroSum);
      }
      Set<HostPort> ports = new HashSet<>();
      Set<String> withAffinity = new TreeSet<>();
      Set<String> withAntiAffinity = new TreeSet<>();
      for (PodInfo p : pods) {
        ports.addAll(p.hostPorts());
        if (p.hasPodAffinity()) {
          withAffinity.add(p.uid());
        }
        if (p.hasRequiredAntiAffinity()) {
          withAntiAffinity.add(p.uid());
        }
      }
      Node node = info.node();
      Set<String> images = new TreeSet<>();
      if (node != null) {
        for (ContainerImage image : node.status().images()) {
          images.addAll(image.names());
        }
      }
      Aggregates expected =
          new Aggregates(
              pods.size(),
              requested,
              nonZero,
              ports,
              withAffinity,
              withAntiAffinity,
              node == null ? new Resource() : Resource.of(node.status().allocatable()),
              images);
      Aggregates actual = Aggregates.of(info, length);
      if (!actual.equals(expected)) {
        assertThat(actual).as(ctx + ": aggregates vs recomputation").isEqualTo(expected);
      }
    }
  }

  /** A NodeInfo's aggregates as values; {@code pods} counts distinct UIDs. */
  private record Aggregates(
      int pods,
      List<Long> requested,
      List<Long> nonZeroRequested,
      Set<HostPort> usedPorts,
      Set<String> podsWithAffinity,
      Set<String> podsWithRequiredAntiAffinity,
      Resource allocatable,
      Set<String> images) {

    static Aggregates of(NodeInfo info, int length) {
      List<Long> requested = new ArrayList<>();
      List<Long> nonZero = new ArrayList<>();
      for (int id = 0; id < length; id++) {
        requested.add(info.requested().get(id));
        nonZero.add(info.nonZeroRequested().get(id));
      }
      return new Aggregates(
          CacheFixtures.uids(info.pods()).size(),
          requested,
          nonZero,
          Set.copyOf(info.usedPorts().ports()),
          CacheFixtures.uids(info.podsWithAffinity()),
          CacheFixtures.uids(info.podsWithRequiredAntiAffinity()),
          info.allocatable(),
          new TreeSet<>(info.imageSizes().keySet()));
    }
  }
}
