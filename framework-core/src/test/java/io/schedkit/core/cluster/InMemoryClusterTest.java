package io.schedkit.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.core.clock.VirtualClock;
import io.schedkit.framework.cluster.ClusterWriteException;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.cluster.WatchEvent.Type;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Namespace;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.OwnerReference;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodCondition;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.PriorityClass;
import io.schedkit.framework.model.Service;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class InMemoryClusterTest {
  private static final Instant START = Instant.parse("2025-01-01T00:00:00Z");

  private final VirtualClock clock = new VirtualClock(START);
  private final InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();

  private static Pod pod(String name) {
    return Pod.builder().name(name).build();
  }

  private static Node node(String name) {
    return Node.builder().name(name).build();
  }

  /** A listener recording every event it receives. */
  private static final class Recorder implements Consumer<WatchEvent> {
    final List<WatchEvent> events = new CopyOnWriteArrayList<>();

    @Override
    public void accept(WatchEvent e) {
      events.add(e);
    }

    List<String> lines() {
      return events.stream().map(InMemoryClusterTest::line).toList();
    }
  }

  private static String line(WatchEvent e) {
    return e.type() + " " + e.object().kind() + " " + e.object().key();
  }

  private Recorder watch() {
    Recorder r = new Recorder();
    cluster.watch(r);
    return r;
  }

  private static Throwable failure(CompletionStage<Void> stage) {
    CompletableFuture<Void> f = stage.toCompletableFuture();
    assertThat(f).isCompletedExceptionally();
    return f.handle((v, t) -> t instanceof CompletionException ? t.getCause() : t).join();
  }

  // ------------------------------------------------------------------ host side

  @Test
  void create_assignsUidCreationTimeAndResourceVersion() {
    Pod stored = cluster.create(pod("p1"));
    Node n = cluster.create(node("n1"));

    assertThat(stored.uid()).isEqualTo("pod-default-p1-1");
    assertThat(n.metadata().uid()).isEqualTo("node-n1-2");
    assertThat(stored.metadata().creationTimestamp()).isEqualTo(START);
    assertThat(stored.metadata().resourceVersion()).isEqualTo("1");
    assertThat(n.metadata().resourceVersion()).isEqualTo("2");
    assertThat(cluster.pod("default", "p1")).contains(stored);
    assertThat(cluster.node("n1")).contains(n);
  }

  @Test
  void createAndBind_keepTheMetadataGiven() {
    Instant created = START.minusSeconds(30);
    OwnerReference owner = new OwnerReference("apps/v1", "ReplicaSet", "rs", "rs-uid", true);
    cluster.create(node("n1"));
    Pod stored =
        cluster.create(
            pod("p1").toBuilder()
                .label("app", "web")
                .annotation("note", "x")
                .ownerReference(owner)
                .creationTimestamp(created)
                .build());

    cluster.bind(stored, "n1").toCompletableFuture().join();

    Pod bound = cluster.pod("default", "p1").orElseThrow();
    for (Pod p : List.of(stored, bound)) {
      assertThat(p.labels()).containsExactly(Map.entry("app", "web"));
      assertThat(p.metadata().annotations()).containsExactly(Map.entry("note", "x"));
      assertThat(p.metadata().ownerReferences()).containsExactly(owner);
      assertThat(p.metadata().creationTimestamp()).isEqualTo(created);
      assertThat(p.uid()).isEqualTo(stored.uid());
    }
    assertThat(bound.nodeName()).isEqualTo("n1");
    assertThat(bound.spec()).isEqualTo(stored.spec().toBuilder().nodeName("n1").build());
    assertThat(bound.metadata().resourceVersion()).isEqualTo("3");
  }

  @Test
  void create_keepsGivenUidAndUpperCaseNamesAreLowered() {
    Pod given = cluster.create(Pod.builder().name("p1").uid("U-1").build());
    Pod generated = cluster.create(Pod.builder().namespace("Team").name("Web").build());

    assertThat(given.uid()).isEqualTo("U-1");
    assertThat(generated.uid()).isEqualTo("pod-team-web-1");
  }

  @Test
  void createUpdateDelete_emitEventsInOrderWithGrowingVersions() {
    Recorder r = watch();

    Pod created = cluster.create(pod("p1"));
    Pod updated = cluster.update(pod("p1").toBuilder().label("app", "web").build());
    cluster.delete(updated);

    assertThat(r.lines())
        .containsExactly(
            "ADDED Pod default/p1", "MODIFIED Pod default/p1", "DELETED Pod default/p1");
    WatchEvent modified = r.events.get(1);
    assertThat(modified.oldObject()).isEqualTo(created);
    assertThat(modified.newObject()).isEqualTo(updated);
    assertThat(updated.uid()).isEqualTo(created.uid());
    assertThat(updated.metadata().creationTimestamp()).isEqualTo(START);
    assertThat(updated.labels()).containsEntry("app", "web");
    assertThat(r.events)
        .extracting(e -> e.object().metadata().resourceVersion())
        .containsExactly("1", "2", "3");
    assertThat(cluster.pods()).isEmpty();
  }

  @Test
  void deleteByKindAndName_removesClusterScopedObject() {
    cluster.create(node("n1"));
    Recorder r = watch();

    cluster.delete(Node.KIND, "", "n1");

    assertThat(r.lines()).containsExactly("ADDED Node n1", "DELETED Node n1");
    assertThat(cluster.node("n1")).isEmpty();
  }

  static Stream<Arguments> badHostWrites() {
    return Stream.of(
        Arguments.of(
            "create without a name",
            (BiFunction<InMemoryCluster, Pod, Object>) (c, p) -> c.create(pod("")),
            "Pod in namespace default: metadata.name is missing"),
        Arguments.of(
            "create a duplicate name",
            (BiFunction<InMemoryCluster, Pod, Object>) (c, p) -> c.create(pod("p1")),
            "Pod default/p1 already exists"),
        Arguments.of(
            "create a duplicate uid",
            (BiFunction<InMemoryCluster, Pod, Object>)
                (c, p) -> c.create(Pod.builder().name("p2").uid(p.uid()).build()),
            "Pod default/p2: uid pod-default-p1-1 is already used by Pod default/p1"),
        Arguments.of(
            "update an unknown object",
            (BiFunction<InMemoryCluster, Pod, Object>) (c, p) -> c.update(pod("p9")),
            "update of Pod default/p9: no such object"),
        Arguments.of(
            "update with another uid",
            (BiFunction<InMemoryCluster, Pod, Object>)
                (c, p) -> c.update(Pod.builder().name("p1").uid("other").build()),
            "update of Pod default/p1: uid other differs from the stored pod-default-p1-1"),
        Arguments.of(
            "delete an unknown object",
            (BiFunction<InMemoryCluster, Pod, Object>)
                (c, p) -> {
                  c.delete(node("p1"));
                  return null;
                },
            "delete of Node p1: no such object"),
        Arguments.of(
            "delete by an unknown name",
            (BiFunction<InMemoryCluster, Pod, Object>)
                (c, p) -> {
                  c.delete(Pod.KIND, "kube-system", "p1");
                  return null;
                },
            "delete of Pod kube-system/p1: no such object"),
        Arguments.of(
            "create an unknown kind",
            (BiFunction<InMemoryCluster, Pod, Object>) (c, p) -> c.create(new Foreign()),
            "unsupported object kind Foreign"));
  }

  /** A KubeObject the model does not know. */
  private static final class Foreign implements KubeObject {
    @Override
    public io.schedkit.framework.model.ObjectMeta metadata() {
      return io.schedkit.framework.model.ObjectMeta.builder().name("f").build();
    }

    @Override
    public String kind() {
      return "Foreign";
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badHostWrites")
  void hostWrite_badInputRejectedAndNothingChanges(
      String name, BiFunction<InMemoryCluster, Pod, Object> write, String message) {
    Pod p1 = cluster.create(pod("p1"));
    Recorder r = watch();

    assertThatThrownBy(() -> write.apply(cluster, p1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
    assertThat(cluster.list().all()).containsExactly(p1);
    assertThat(r.lines()).containsExactly("ADDED Pod default/p1");
  }

  @Test
  void createAll_isAllOrNothing() {
    assertThatThrownBy(() -> cluster.createAll(List.of(node("n1"), pod("p1"), pod("p1"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Pod default/p1 already exists");
    assertThat(cluster.list().all()).isEmpty();

    List<KubeObject> stored = cluster.createAll(List.of(node("n1"), pod("p1")));
    assertThat(stored).extracting(KubeObject::key).containsExactly("n1", "default/p1");
    assertThat(cluster.nodes()).hasSize(1);
  }

  // ------------------------------------------------------------------ watch

  @Test
  void watch_replaysExistingObjectsInCreationSafeOrderThenChanges() {
    cluster.create(pod("p1"));
    cluster.create(node("n1"));
    cluster.create(PodDisruptionBudget.builder().name("pdb").build());
    cluster.create(Service.builder().name("svc").build());
    cluster.create(PriorityClass.builder().name("high").value(1000).build());
    cluster.create(Namespace.of("default", Map.of()));

    Recorder r = watch();
    cluster.create(pod("p2"));

    assertThat(r.lines())
        .containsExactly(
            "ADDED Namespace default",
            "ADDED PriorityClass high",
            "ADDED Service default/svc",
            "ADDED PodDisruptionBudget default/pdb",
            "ADDED Node n1",
            "ADDED Pod default/p1",
            "ADDED Pod default/p2");
  }

  @Test
  void watch_closeStopsDelivery() throws Exception {
    Recorder r = new Recorder();
    AutoCloseable handle = cluster.watch(r);
    cluster.create(pod("p1"));

    handle.close();
    cluster.create(pod("p2"));

    assertThat(r.lines()).containsExactly("ADDED Pod default/p1");
  }

  @Test
  void listenerWritingDuringDelivery_everyListenerSeesChangesInOrder() {
    List<String> seen = new ArrayList<>();
    cluster.watch(
        e -> {
          seen.add("A " + line(e));
          if (e.type() == Type.ADDED && e.object().metadata().name().equals("p1")) {
            cluster.create(pod("p2"));
            seen.add("A created p2");
          }
        });
    cluster.watch(e -> seen.add("B " + line(e)));

    cluster.create(pod("p1"));

    assertThat(seen)
        .containsExactly(
            "A ADDED Pod default/p1",
            "A created p2",
            "B ADDED Pod default/p1",
            "A ADDED Pod default/p2",
            "B ADDED Pod default/p2");
  }

  @Test
  void watchFromListener_initialListFollowsCurrentEvent() {
    Recorder late = new Recorder();
    List<String> seen = new ArrayList<>();
    cluster.create(node("n1"));
    cluster.watch(
        e -> {
          seen.add(line(e));
          if (e.object().metadata().name().equals("p1")) {
            cluster.watch(late);
            seen.add("subscribed");
          }
        });

    cluster.create(pod("p1"));
    cluster.create(pod("p2"));

    assertThat(seen)
        .containsExactly(
            "ADDED Node n1", "ADDED Pod default/p1", "subscribed", "ADDED Pod default/p2");
    assertThat(late.lines())
        .containsExactly("ADDED Node n1", "ADDED Pod default/p1", "ADDED Pod default/p2");
  }

  @Test
  void throwingListener_doesNotStopOthers() {
    Recorder r = new Recorder();
    cluster.watch(
        e -> {
          throw new IllegalStateException("listener bug");
        });
    cluster.watch(r);

    cluster.create(pod("p1"));
    cluster.create(pod("p2"));

    assertThat(r.lines()).containsExactly("ADDED Pod default/p1", "ADDED Pod default/p2");
  }

  @Test
  void concurrentWriters_eachListenerSeesOneEventAtATimeInVersionOrder() throws Exception {
    cluster.create(node("n1"));
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger overlaps = new AtomicInteger();
    List<Long> versions = new CopyOnWriteArrayList<>();
    cluster.watch(
        e -> {
          if (inFlight.incrementAndGet() != 1) {
            overlaps.incrementAndGet();
          }
          versions.add(Long.parseLong(e.object().metadata().resourceVersion()));
          inFlight.decrementAndGet();
        });
    int threads = 4;
    int perThread = 250;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int id = t;
      done.add(
          pool.submit(
              () -> {
                start.await();
                for (int i = 0; i < perThread; i++) {
                  Pod p = cluster.create(pod("p-" + id + "-" + i));
                  cluster.bind(p, "n1").toCompletableFuture().join();
                }
                return null;
              }));
    }
    start.countDown();
    for (Future<?> f : done) {
      f.get(1, TimeUnit.MINUTES);
    }
    pool.shutdown();

    assertThat(overlaps).hasValue(0);
    assertThat(versions).hasSize(1 + 2 * threads * perThread).isSorted();
    assertThat(cluster.bindCount()).isEqualTo(threads * perThread);
  }

  // ------------------------------------------------------------------ writes

  @Test
  void bind_setsNodeNameConditionAndStartTime() {
    cluster.create(node("n1"));
    Pod p = cluster.create(pod("p1").toBuilder().phase("Pending").build());
    Recorder r = watch();
    clock.advance(Duration.ofSeconds(5));

    CompletionStage<Void> stage = cluster.bind(p, "n1");

    assertThat(stage.toCompletableFuture()).isCompleted().isNotCompletedExceptionally();
    Pod bound = cluster.pod("default", "p1").orElseThrow();
    assertThat(bound.nodeName()).isEqualTo("n1");
    assertThat(bound.status().phase()).isEqualTo("Pending");
    assertThat(bound.status().startTime()).isEqualTo(START.plusSeconds(5));
    assertThat(PodConditions.get(bound.status(), "PodScheduled"))
        .contains(new PodCondition("PodScheduled", "True", "", "", START.plusSeconds(5)));
    assertThat(r.events).last().isEqualTo(WatchEvent.modified(p, bound));
    assertThat(cluster.bindCount()).isEqualTo(1);
  }

  @Test
  void bind_keepsExistingStartTimeAndReplacesUnschedulableCondition() {
    cluster.create(node("n1"));
    Pod p = cluster.create(pod("p1").toBuilder().startTime(START.minusSeconds(60)).build());
    cluster.reportUnschedulable(p, "0/1 nodes are available.");

    cluster.bind(p, "n1");

    Pod bound = cluster.pod("default", "p1").orElseThrow();
    assertThat(bound.status().startTime()).isEqualTo(START.minusSeconds(60));
    assertThat(bound.status().conditions())
        .singleElement()
        .satisfies(c -> assertThat(c.status()).isEqualTo("True"))
        .satisfies(c -> assertThat(c.reason()).isEmpty());
  }

  static Stream<Arguments> bindFailures() {
    return Stream.of(
        Arguments.of("already bound", "n1", true, "pod p1 is already assigned to node \"n1\""),
        Arguments.of(
            "wrong uid",
            "n1",
            true,
            "Precondition failed: UID in precondition: stale, UID in object meta: pod-default-p1-2"),
        Arguments.of("unknown node", "n9", false, "nodes \"n9\" not found"),
        Arguments.of("deleted pod", "n1", false, "pods \"p1\" not found"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bindFailures")
  void bind_failsWithoutChange(String name, String node, boolean conflict, String message) {
    cluster.create(node("n1"));
    Pod p = cluster.create(pod("p1"));
    Pod target = p;
    switch (name) {
      case "already bound" -> cluster.bind(p, "n1");
      case "wrong uid" -> target = p.toBuilder().uid("stale").build();
      case "deleted pod" -> cluster.delete(p);
      default -> {}
    }
    List<KubeObject> before = cluster.list().all();
    long binds = cluster.bindCount();

    Throwable t = failure(cluster.bind(target, node));

    assertThat(t).isInstanceOf(ClusterWriteException.class).hasMessage(message);
    assertThat(((ClusterWriteException) t).isConflict()).isEqualTo(conflict);
    assertThat(cluster.list().all()).isEqualTo(before);
    assertThat(cluster.bindCount()).isEqualTo(binds);
    assertThat(cluster.failedWriteCount()).isEqualTo(1);
  }

  @Test
  void evict_emitsModifiedWithDisruptionTargetThenDeleted() {
    Pod victim = cluster.create(pod("victim"));
    Pod preemptor = pod("big").toBuilder().schedulerName("my-scheduler").build();
    Recorder r = watch();

    cluster.evict(victim, preemptor).toCompletableFuture().join();

    assertThat(r.lines())
        .containsExactly(
            "ADDED Pod default/victim",
            "MODIFIED Pod default/victim",
            "DELETED Pod default/victim");
    Pod marked = (Pod) r.events.get(1).newObject();
    assertThat(PodConditions.get(marked.status(), "DisruptionTarget"))
        .contains(
            new PodCondition(
                "DisruptionTarget",
                "True",
                "PreemptionByScheduler",
                "my-scheduler: preempting to accommodate a higher priority pod",
                START));
    assertThat(r.events.get(2).object().metadata().resourceVersion()).isEqualTo("3");
    assertThat(cluster.pod("default", "victim")).isEmpty();
    assertThat(cluster.evictionCount()).isEqualTo(1);
  }

  @Test
  void evict_goneFails() {
    Pod victim = cluster.create(pod("victim"));
    cluster.delete(victim);

    Throwable t = failure(cluster.evict(victim, pod("big")));

    assertThat(t).isInstanceOf(ClusterWriteException.class).hasMessage("pods \"victim\" not found");
    assertThat(cluster.evictionCount()).isZero();
    assertThat(cluster.failedWriteCount()).isEqualTo(1);
  }

  @Test
  void nominate_setsAndClearsWithEventOnlyOnChange() {
    Pod p = cluster.create(pod("p1"));
    Recorder r = watch();

    cluster.nominate(p, "n1");
    cluster.nominate(p, "n1");
    assertThat(cluster.pod("default", "p1").orElseThrow().nominatedNodeName()).isEqualTo("n1");
    cluster.nominate(p, "");

    assertThat(r.lines())
        .containsExactly(
            "ADDED Pod default/p1", "MODIFIED Pod default/p1", "MODIFIED Pod default/p1");
    assertThat(cluster.pod("default", "p1").orElseThrow().nominatedNodeName()).isEmpty();
  }

  @Test
  void reportUnschedulable_setsConditionAndEmitsOnlyWhenChanged() {
    Pod p = cluster.create(pod("p1"));
    Recorder r = watch();

    cluster.reportUnschedulable(p, "0/3 nodes are available.");
    clock.advance(Duration.ofSeconds(10));
    cluster.reportUnschedulable(p, "0/3 nodes are available.");
    cluster.reportUnschedulable(p, "0/4 nodes are available.");

    assertThat(r.lines())
        .containsExactly(
            "ADDED Pod default/p1", "MODIFIED Pod default/p1", "MODIFIED Pod default/p1");
    Pod current = cluster.pod("default", "p1").orElseThrow();
    assertThat(current.status().conditions())
        .containsExactly(
            new PodCondition(
                "PodScheduled", "False", "Unschedulable", "0/4 nodes are available.", START));
  }

  @Test
  void writeLatency_appliesWritesOnTheClockInOrder() {
    InMemoryCluster slow =
        InMemoryCluster.builder().clock(clock).writeLatency(Duration.ofMillis(100)).build();
    slow.create(node("n1"));
    Pod p = slow.create(pod("p1"));
    Recorder r = new Recorder();
    slow.watch(r);

    CompletableFuture<Void> nominated = slow.nominate(p, "n1").toCompletableFuture();
    CompletableFuture<Void> bound = slow.bind(p, "n1").toCompletableFuture();
    clock.advance(Duration.ofMillis(99));

    assertThat(nominated).isNotDone();
    assertThat(bound).isNotDone();
    assertThat(slow.pod("default", "p1").orElseThrow().isAssigned()).isFalse();
    assertThat(r.events).hasSize(2);

    clock.advance(Duration.ofMillis(1));

    assertThat(nominated).isCompleted();
    assertThat(bound).isCompleted();
    assertThat(r.lines()).endsWith("MODIFIED Pod default/p1", "MODIFIED Pod default/p1");
    Pod last = (Pod) r.events.get(3).newObject();
    assertThat(last.nodeName()).isEqualTo("n1");
    assertThat(last.nominatedNodeName()).isEqualTo("n1");
    assertThat(last.status().startTime()).isEqualTo(START.plusMillis(100));
  }

  @Test
  void writeLatency_checksStateWhenTheWriteApplies() {
    InMemoryCluster slow =
        InMemoryCluster.builder().clock(clock).writeLatency(Duration.ofSeconds(1)).build();
    slow.create(node("n1"));
    Pod p = slow.create(pod("p1"));

    CompletableFuture<Void> bound = slow.bind(p, "n1").toCompletableFuture();
    slow.delete(p);
    clock.advance(Duration.ofSeconds(1));

    assertThat(failure(bound)).hasMessage("pods \"p1\" not found");
  }

  @Test
  void build_latencyWithoutClockRejected() {
    assertThatThrownBy(() -> InMemoryCluster.builder().writeLatency(Duration.ofMillis(1)).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("needs a clock");
  }

  @Test
  void build_rateOutsideUnitIntervalRejected() {
    assertThatThrownBy(() -> InMemoryCluster.builder().bindFailureRate(1.5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bindFailureRate must be in [0, 1]: 1.5");
  }

  // ------------------------------------------------------------------ failure injection

  /** Binds {@code n} fresh pods and returns which attempts failed. */
  private static List<Boolean> bindMany(long seed, double rate, int n) {
    InMemoryCluster c = InMemoryCluster.builder().bindFailureRate(rate).seed(seed).build();
    c.create(node("n1"));
    List<Boolean> failed = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Pod p = c.create(pod("p" + i));
      failed.add(c.bind(p, "n1").toCompletableFuture().isCompletedExceptionally());
    }
    assertThat(c.failedWriteCount()).isEqualTo(failed.stream().filter(b -> b).count());
    assertThat(c.bindCount()).isEqualTo(failed.stream().filter(b -> !b).count());
    return failed;
  }

  @Test
  void bindFailureRate_deterministicForASeedAndCloseToTheRate() {
    List<Boolean> first = bindMany(42, 0.2, 10_000);
    List<Boolean> again = bindMany(42, 0.2, 10_000);
    List<Boolean> otherSeed = bindMany(7, 0.2, 10_000);

    assertThat(again).isEqualTo(first);
    assertThat(otherSeed).isNotEqualTo(first);
    long failures = first.stream().filter(b -> b).count();
    assertThat(failures).isBetween(1_800L, 2_200L);
  }

  @Test
  void injectedBindFailure_isNotAConflictAndLeavesPodUnbound() {
    InMemoryCluster c = InMemoryCluster.builder().bindFailureRate(1).build();
    c.create(node("n1"));
    Pod p = c.create(pod("p1"));

    Throwable t = failure(c.bind(p, "n1"));

    assertThat(t).isInstanceOf(ClusterWriteException.class).hasMessageStartingWith("injected");
    assertThat(((ClusterWriteException) t).isConflict()).isFalse();
    assertThat(c.pod("default", "p1").orElseThrow().isAssigned()).isFalse();
  }

  @Test
  void evictionFailureRate_failsEvictionsOnly() {
    InMemoryCluster c = InMemoryCluster.builder().evictionFailureRate(1).build();
    c.create(node("n1"));
    Pod p = c.create(pod("p1"));

    assertThat(c.bind(p, "n1").toCompletableFuture()).isNotCompletedExceptionally();
    assertThat(failure(c.evict(p, pod("big")))).hasMessageStartingWith("injected");
    assertThat(c.pod("default", "p1")).isPresent();
    assertThat(c.evictionCount()).isZero();
  }
}
