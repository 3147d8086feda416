package io.schedkit.core.queue;

import static io.schedkit.core.queue.QueueFixtures.addRejected;
import static io.schedkit.core.queue.QueueFixtures.fail;
import static io.schedkit.core.queue.QueueFixtures.on;
import static io.schedkit.core.queue.QueueFixtures.pod;
import static io.schedkit.core.queue.QueueFixtures.popExpecting;
import static io.schedkit.core.queue.QueueFixtures.where;
import static io.schedkit.core.queue.QueuedPod.Location.ACTIVE;
import static io.schedkit.core.queue.QueuedPod.Location.BACKOFF;
import static io.schedkit.core.queue.QueuedPod.Location.ERROR_BACKOFF;
import static io.schedkit.core.queue.QueuedPod.Location.GATED;
import static io.schedkit.core.queue.QueuedPod.Location.UNSCHEDULABLE;
import static io.schedkit.framework.QueueingHint.QUEUE;
import static io.schedkit.framework.QueueingHint.QUEUE_SKIP;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.queue.QueueFixtures.FakeFilter;
import io.schedkit.core.queue.QueueFixtures.Gate;
import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.Plugin;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Status;
import io.schedkit.framework.model.Affinity;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Namespace;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodAffinity;
import io.schedkit.framework.model.PodAffinityTerm;
import io.schedkit.framework.model.PodAntiAffinity;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Which events move which rejected pods: QueueingHints, in-flight replay, gates, assigned pods. */
final class SchedulingQueueHintsTest {
  private static final ClusterEvent NODE_ADD = ClusterEvent.NODE_ADD;
  private static final ClusterEvent ASSIGNED_POD_ADD =
      ClusterEvent.of(EventResource.ASSIGNED_POD, ActionType.ADD);
  private static final ClusterEvent ASSIGNED_POD_DELETE = ClusterEvent.ASSIGNED_POD_DELETE;
  private static final ClusterEvent POD_GROUP_ADD =
      ClusterEvent.of(EventResource.POD_GROUP, ActionType.ADD);

  /** A Filter plugin without EnqueueExtensions: registered for every event. */
  static final class PlainFilter implements FilterPlugin {
    private final String name;

    PlainFilter(String name) {
      this.name = name;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
      return Status.success();
    }
  }

  // ---------------------------------------------------------------- in-flight replay

  /**
   * The facts of upstream Test_InFlightPods: a pod is popped, events arrive while it is in flight,
   * its attempt fails with the given rejectors, and the events decide where it goes.
   */
  static Stream<Arguments> inFlightCases() {
    FakeFilter fooQueuesOnNodeAdd = new FakeFilter("foo", on(NODE_ADD, QUEUE));
    return Stream.of(
        Arguments.of(
            "no event during the attempt: pool",
            List.of(fooQueuesOnNodeAdd),
            List.of("foo"),
            List.of(),
            List.of(NODE_ADD),
            List.of(),
            false,
            UNSCHEDULABLE),
        Arguments.of(
            "registered event with Queue during the attempt: backoff",
            List.of(fooQueuesOnNodeAdd),
            List.of("foo"),
            List.of(),
            List.of(),
            List.of(NODE_ADD),
            false,
            BACKOFF),
        Arguments.of(
            "hint says QueueSkip: pool",
            List.of(new FakeFilter("foo", on(NODE_ADD, QUEUE_SKIP))),
            List.of("foo"),
            List.of(),
            List.of(),
            List.of(NODE_ADD),
            false,
            UNSCHEDULABLE),
        Arguments.of(
            "event the rejector did not register: pool",
            List.of(
                new FakeFilter("foo", on(ASSIGNED_POD_ADD, QUEUE)),
                new FakeFilter("bar", on(NODE_ADD, QUEUE))),
            List.of("foo"),
            List.of(),
            List.of(),
            List.of(NODE_ADD),
            false,
            UNSCHEDULABLE),
        Arguments.of(
            "no rejecting plugin (an error): error backoff",
            List.of(fooQueuesOnNodeAdd),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            false,
            ERROR_BACKOFF),
        Arguments.of(
            "pending plugin says Queue: active at once",
            List.of(
                new FakeFilter("foo3", on(ASSIGNED_POD_ADD, QUEUE_SKIP)),
                new FakeFilter("foo2", on(ASSIGNED_POD_ADD, QUEUE)),
                new FakeFilter("foo1", on(ASSIGNED_POD_ADD, QUEUE))),
            List.of("foo2", "foo3"),
            List.of("foo1"),
            List.of(),
            List.of(ASSIGNED_POD_ADD),
            false,
            ACTIVE),
        Arguments.of(
            "one rejector Skip, the other Queue: backoff",
            List.of(
                new FakeFilter("foo2", on(ASSIGNED_POD_ADD, QUEUE_SKIP)),
                new FakeFilter("foo1", on(ASSIGNED_POD_ADD, QUEUE))),
            List.of("foo1", "foo2"),
            List.of(),
            List.of(),
            List.of(ASSIGNED_POD_ADD),
            false,
            BACKOFF),
        Arguments.of(
            "a hint that throws counts as Queue",
            List.of(
                new FakeFilter(
                    "foo",
                    on(
                        NODE_ADD,
                        (p, o, n) -> {
                          throw new IllegalStateException("boom");
                        }))),
            List.of("foo"),
            List.of(),
            List.of(),
            List.of(NODE_ADD),
            false,
            BACKOFF),
        Arguments.of(
            "wildcard event: backoff",
            List.of(new FakeFilter("foo", on(NODE_ADD, QUEUE_SKIP))),
            List.of("foo"),
            List.of(),
            List.of(),
            List.of(ClusterEvent.UNSCHEDULABLE_TIMEOUT),
            false,
            BACKOFF),
        Arguments.of(
            "plugin without EnqueueExtensions is registered for every event",
            List.of(new PlainFilter("plain")),
            List.of("plain"),
            List.of(),
            List.of(),
            List.of(POD_GROUP_ADD),
            false,
            BACKOFF),
        Arguments.of(
            "extender rejections move on any event",
            List.of(),
            List.of(QueueingHints.EXTENDER),
            List.of(),
            List.of(),
            List.of(POD_GROUP_ADD),
            true,
            BACKOFF));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("inFlightCases")
  void addUnschedulableIfNotPresent_replaysInFlightEvents(
      String name,
      List<Plugin> plugins,
      List<String> unschedulable,
      List<String> pending,
      List<ClusterEvent> before,
      List<ClusterEvent> during,
      boolean extender,
      QueuedPod.Location want) {
    QueueFixtures f = new QueueFixtures();
    plugins.forEach(f::filter);
    if (extender) {
      f.withExtender();
    }
    SchedulingQueue q = f.build();
    q.add(pod("p"));
    before.forEach(e -> q.moveAllToActiveOrBackoffQueue(e, null, null, null));
    QueuedPod p = popExpecting(q, "p");
    during.forEach(e -> q.moveAllToActiveOrBackoffQueue(e, null, null, null));

    p.setUnschedulablePlugins(unschedulable);
    p.setPendingPlugins(pending);
    q.addUnschedulableIfNotPresent(p, q.schedulingCycle());

    assertThat(where(q, "p")).isEqualTo(want);
    assertThat(q.inFlightCount()).isZero();
    assertThat(q.recordedEventCount()).as("events are dropped when nothing is in flight").isZero();
  }

  @Test
  void inFlightEvents_onlyInterestingOnesWhilePodsAreInFlight() {
    QueueFixtures f = new QueueFixtures().filter(new FakeFilter("foo", on(NODE_ADD, QUEUE)));
    SchedulingQueue q = f.build();
    q.add(pod("p1"));
    f.advance(Duration.ofMillis(1));
    q.add(pod("p2"));

    q.moveAllToActiveOrBackoffQueue(NODE_ADD, null, null, null);
    assertThat(q.recordedEventCount()).as("nothing in flight").isZero();

    popExpecting(q, "p1");
    q.moveAllToActiveOrBackoffQueue(NODE_ADD, null, null, null);
    q.moveAllToActiveOrBackoffQueue(POD_GROUP_ADD, null, null, null);
    assertThat(q.recordedEventCount()).as("PodGroupAdd interests no plugin").isEqualTo(1);

    QueuedPod p2 = popExpecting(q, "p2");
    q.moveAllToActiveOrBackoffQueue(NODE_ADD, null, null, null);
    assertThat(q.recordedEventCount()).isEqualTo(2);

    q.done("p1");
    assertThat(q.recordedEventCount()).as("the event before p2's pop is dropped").isEqualTo(1);

    p2.setUnschedulablePlugins(List.of("foo"));
    q.addUnschedulableIfNotPresent(p2, q.schedulingCycle());
    assertThat(where(q, "p2")).isEqualTo(BACKOFF);
    assertThat(q.recordedEventCount()).isZero();
  }

  @Test
  void inFlightEvents_eventsBeforeAPodsPopDoNotMoveIt() {
    SchedulingQueue q =
        new QueueFixtures().filter(new FakeFilter("foo", on(NODE_ADD, QUEUE))).build();
    q.add(pod("p1"));
    q.add(pod("p2"));
    popExpecting(q, "p1");
    q.moveAllToActiveOrBackoffQueue(NODE_ADD, null, null, null);

    fail(q, "p2", List.of("foo"), List.of());

    assertThat(where(q, "p2")).isEqualTo(UNSCHEDULABLE);
  }

  // ---------------------------------------------------------------- moveAll

  @Test
  void moveAll_movesOnlyPodsWhoseRejectorRegisteredTheEventAndSaysQueue() {
    QueueFixtures f =
        new QueueFixtures()
            .filter(new FakeFilter("nodeQueue", on(NODE_ADD, QUEUE)))
            .filter(new FakeFilter("nodeSkip", on(NODE_ADD, QUEUE_SKIP)))
            .filter(new FakeFilter("podDelete", on(ASSIGNED_POD_DELETE, QUEUE)));
    SchedulingQueue q = f.build();
    addRejected(q, pod("a"), "nodeQueue");
    addRejected(q, pod("b"), "nodeSkip");
    addRejected(q, pod("c"), "podDelete");

    q.moveAllToActiveOrBackoffQueue(NODE_ADD, null, null, null);

    assertThat(where(q, "a")).as("still backing off").isEqualTo(BACKOFF);
    assertThat(where(q, "b")).isEqualTo(UNSCHEDULABLE);
    assertThat(where(q, "c")).isEqualTo(UNSCHEDULABLE);
  }

  @Test
  void moveAll_afterTheBackoffGoesToActive() {
    QueueFixtures f = new QueueFixtures().filter(new FakeFilter("foo", on(NODE_ADD, QUEUE)));
    SchedulingQueue q = f.build();
    q.add(pod("a"));
    fail(q, "a", List.of("foo"), List.of());

    f.advance(Duration.ofSeconds(2));
    q.moveAllToActiveOrBackoffQueue(NODE_ADD, null, null, null);

    assertThat(where(q, "a")).isEqualTo(ACTIVE);
  }

  @Test
  void moveAll_pendingPluginQueueSkipsTheBackoff() {
    QueueFixtures f = new QueueFixtures().filter(new FakeFilter("foo", on(NODE_ADD, QUEUE)));
    SchedulingQueue q = f.build();
    q.add(pod("a"));
    fail(q, "a", List.of(), List.of("foo"));
    assertThat(where(q, "a")).isEqualTo(UNSCHEDULABLE);

    q.moveAllToActiveOrBackoffQueue(NODE_ADD, null, null, null);

    assertThat(where(q, "a")).isEqualTo(ACTIVE);
    assertThat(popExpecting(q, "a").pendingPlugins()).as("cleared by pop").isEmpty();
  }

  @Test
  void moveAll_passesTheObjectsToTheHint() {
    Object[] seen = new Object[3];
    QueueFixtures f =
        new QueueFixtures()
            .filter(
                new FakeFilter(
                    "foo",
                    on(
                        NODE_ADD,
                        (p, o, n) -> {
                          seen[0] = p.name();
                          seen[1] = o;
                          seen[2] = n;
                          return QUEUE_SKIP;
                        })));
    SchedulingQueue q = f.build();
    q.add(pod("a"));
    fail(q, "a", List.of("foo"), List.of());

    q.moveAllToActiveOrBackoffQueue(NODE_ADD, "old", "new", null);

    assertThat(seen).containsExactly("a", "old", "new");
  }

  @Test
  void moveAll_preCheckLimitsThePods() {
    QueueFixtures f = new QueueFixtures().filter(new FakeFilter("foo", on(NODE_ADD, QUEUE)));
    SchedulingQueue q = f.build();
    addRejected(q, pod("a"), "foo");
    addRejected(q, pod("b"), "foo");

    q.moveAllToActiveOrBackoffQueue(NODE_ADD, null, null, p -> p.pod().name().equals("b"));

    assertThat(where(q, "a")).isEqualTo(UNSCHEDULABLE);
    assertThat(where(q, "b")).isEqualTo(BACKOFF);
  }

  @Test
  void moveAll_eventNobodyRegisteredDoesNothing() {
    SchedulingQueue q =
        new QueueFixtures().filter(new FakeFilter("foo", on(NODE_ADD, QUEUE))).build();
    q.add(pod("a"));
    fail(q, "a", List.of("foo"), List.of());

    q.moveAllToActiveOrBackoffQueue(POD_GROUP_ADD, null, null, null);

    assertThat(where(q, "a")).isEqualTo(UNSCHEDULABLE);
  }

  @Test
  void moveAll_wildcardMovesEveryRejectedPodButNotSchedulingGatedOnes() {
    Gate gates = QueueFixtures.schedulingGates();
    QueueFixtures f =
        new QueueFixtures()
            .filter(new FakeFilter("foo", on(NODE_ADD, QUEUE_SKIP)))
            .preEnqueue(gates);
    SchedulingQueue q = f.build();
    addRejected(q, pod("a"), "foo");
    q.add(Pod.builder().name("gated").uid("gated").schedulingGate("g").build());
    int callsBefore = gates.calls.get();

    q.moveAllToActiveOrBackoffQueue(ClusterEvent.FORCE_ACTIVATE, null, null, null);

    assertThat(where(q, "a")).isEqualTo(BACKOFF);
    assertThat(where(q, "gated")).isEqualTo(GATED);
    assertThat(gates.calls.get())
        .as("PreEnqueue ran for the moved pod only, not for the gated one")
        .isEqualTo(callsBefore + 1);
  }

  @Test
  void moveAll_wildcardNamingAPodMovesOnlyThatPod() {
    SchedulingQueue q =
        new QueueFixtures().filter(new FakeFilter("foo", on(NODE_ADD, QUEUE))).build();
    addRejected(q, pod("a"), "foo");
    addRejected(q, pod("b"), "foo");

    q.moveAllToActiveOrBackoffQueue(ClusterEvent.FORCE_ACTIVATE, null, pod("b"), null);

    assertThat(where(q, "a")).isEqualTo(UNSCHEDULABLE);
    assertThat(where(q, "b")).isEqualTo(BACKOFF);
  }

  // ---------------------------------------------------------------- gates

  @Test
  void add_gatedPodWaitsInThePoolWithItsGate() {
    QueueFixtures f = new QueueFixtures().preEnqueue(QueueFixtures.schedulingGates());
    SchedulingQueue q = f.build();

    q.add(Pod.builder().name("g").uid("g").schedulingGate("wait").build());

    QueuedPod p = (QueuedPod) q.get("g").orElseThrow();
    assertThat(p.location()).isEqualTo(GATED);
    assertThat(p.gated()).isTrue();
    assertThat(p.gatingPlugin()).isEqualTo(SchedulingQueue.SCHEDULING_GATES);
    assertThat(p.gatingStatus().orElseThrow().message()).isEqualTo("gated by SchedulingGates");
    assertThat(p.unschedulablePlugins()).containsExactly(SchedulingQueue.SCHEDULING_GATES);
    assertThat(q.tryPop()).isNull();
    assertThat(f.metrics.pending("gated")).isEqualTo(1);
    assertThat(f.metrics.pending("unschedulable")).isZero();
  }

  @Test
  void gatedPod_staysUntilItsGatesAreEliminated() {
    QueueFixtures f =
        new QueueFixtures()
            .preEnqueue(QueueFixtures.schedulingGates())
            .filter(new FakeFilter("foo", on(NODE_ADD, QUEUE)));
    SchedulingQueue q = f.build();
    Pod gated = Pod.builder().name("g").uid("g").schedulingGate("a").schedulingGate("b").build();
    q.add(gated);

    q.moveAllToActiveOrBackoffQueue(NODE_ADD, null, null, null);
    q.moveAllToActiveOrBackoffQueue(ClusterEvent.UNSCHEDULABLE_TIMEOUT, null, null, null);
    f.advance(Duration.ofMinutes(6));
    q.flushUnschedulablePodsLeftover();
    Pod labelled = gated.toBuilder().label("k", "v").build();
    q.update(gated, labelled);
    Pod oneGateLeft = Pod.builder().name("g").uid("g").label("k", "v").schedulingGate("b").build();
    q.update(labelled, oneGateLeft);
    assertThat(where(q, "g")).isEqualTo(GATED);

    Pod open = Pod.builder().name("g").uid("g").label("k", "v").build();
    q.update(oneGateLeft, open);

    assertThat(where(q, "g")).isEqualTo(ACTIVE);
    assertThat(popExpecting(q, "g").pod()).isEqualTo(open);
    assertThat(f.metrics.pending("gated")).isZero();
  }

  @Test
  void gatedPod_byAnotherPluginMovesOnItsEventsAndReRunsPreEnqueue() {
    AtomicBoolean quotaFree = new AtomicBoolean(false);
    QueueFixtures f =
        new QueueFixtures()
            .preEnqueue(new Gate("Quota", p -> quotaFree.get(), on(POD_GROUP_ADD, QUEUE)))
            .filter(new FakeFilter("foo", on(NODE_ADD, QUEUE)));
    SchedulingQueue q = f.build();
    q.add(pod("a"));
    assertThat(where(q, "a")).isEqualTo(GATED);

    quotaFree.set(true);
    q.moveAllToActiveOrBackoffQueue(NODE_ADD, null, null, null);
    assertThat(where(q, "a")).as("the gating plugin did not register NodeAdd").isEqualTo(GATED);

    quotaFree.set(false);
    q.moveAllToActiveOrBackoffQueue(POD_GROUP_ADD, null, null, null);
    assertThat(where(q, "a")).as("PreEnqueue still rejects").isEqualTo(GATED);

    quotaFree.set(true);
    q.moveAllToActiveOrBackoffQueue(POD_GROUP_ADD, null, null, null);
    assertThat(where(q, "a")).isEqualTo(ACTIVE);
    assertThat(((QueuedPod) q.get("a").orElseThrow()).gatingStatus()).isEmpty();
  }

  @Test
  void failedPod_reRunsPreEnqueueWhenRequeued() {
    AtomicBoolean open = new AtomicBoolean(true);
    QueueFixtures f =
        new QueueFixtures()
            .preEnqueue(new Gate("Quota", p -> open.get(), on(POD_GROUP_ADD, QUEUE)));
    SchedulingQueue q = f.build();
    q.add(pod("a"));
    open.set(false);

    fail(q, "a", List.of(), List.of());

    assertThat(where(q, "a")).isEqualTo(GATED);
  }

  // ---------------------------------------------------------------- assigned pods

  private static Pod withAffinity(String name, String app) {
    PodAffinityTerm term =
        PodAffinityTerm.builder()
            .labelSelector(LabelSelector.of(Map.of("app", app)))
            .topologyKey("zone")
            .build();
    return Pod.builder()
        .name(name)
        .uid(name)
        .affinity(
            Affinity.builder().podAffinity(PodAffinity.builder().required(term).build()).build())
        .build();
  }

  @Test
  void assignedPodAdded_movesPodsWithAMatchingAffinityTermOrSpreadRejection() {
    QueueFixtures f =
        new QueueFixtures()
            .filter(new FakeFilter("InterPodAffinity", on(ASSIGNED_POD_ADD, QUEUE)))
            .filter(
                new FakeFilter(SchedulingQueue.POD_TOPOLOGY_SPREAD, on(ASSIGNED_POD_ADD, QUEUE)));
    SchedulingQueue q = f.build();
    addRejected(q, withAffinity("web-lover", "web"), "InterPodAffinity");
    addRejected(q, withAffinity("db-lover", "db"), "InterPodAffinity");
    addRejected(q, pod("spread"), SchedulingQueue.POD_TOPOLOGY_SPREAD);
    addRejected(
        q,
        Pod.builder().name("spread-elsewhere").uid("spread-elsewhere").namespace("other").build(),
        SchedulingQueue.POD_TOPOLOGY_SPREAD);

    q.assignedPodAdded(
        Pod.builder().name("web-1").uid("web-1").label("app", "web").nodeName("n1").build());

    assertThat(where(q, "web-lover")).isEqualTo(BACKOFF);
    assertThat(where(q, "spread")).isEqualTo(BACKOFF);
    assertThat(where(q, "db-lover")).isEqualTo(UNSCHEDULABLE);
    assertThat(where(q, "spread-elsewhere")).isEqualTo(UNSCHEDULABLE);
  }

  @Test
  void assignedPodAdded_namespaceSelectorUsesTheNamespaceLabels() {
    QueueFixtures f =
        new QueueFixtures().filter(new FakeFilter("InterPodAffinity", on(ASSIGNED_POD_ADD, QUEUE)));
    f.namespaces.put("team-a", Namespace.of("team-a", Map.of("team", "a")));
    SchedulingQueue q = f.build();
    PodAffinityTerm term =
        PodAffinityTerm.builder()
            .labelSelector(LabelSelector.of(Map.of("app", "web")))
            .namespaceSelector(LabelSelector.of(Map.of("team", "a")))
            .topologyKey("zone")
            .build();
    q.add(
        Pod.builder()
            .name("p")
            .uid("p")
            .affinity(
                Affinity.builder()
                    .podAffinity(PodAffinity.builder().required(term).build())
                    .build())
            .build());
    fail(q, "p", List.of("InterPodAffinity"), List.of());

    q.assignedPodAdded(
        Pod.builder()
            .name("w")
            .uid("w")
            .namespace("team-b")
            .label("app", "web")
            .nodeName("n")
            .build());
    assertThat(where(q, "p")).isEqualTo(UNSCHEDULABLE);

    q.assignedPodAdded(
        Pod.builder()
            .name("w2")
            .uid("w2")
            .namespace("team-a")
            .label("app", "web")
            .nodeName("n")
            .build());
    assertThat(where(q, "p")).isEqualTo(BACKOFF);
  }

  @Test
  void assignedPodUpdated_scaleDownConsidersEveryPool() {
    ClusterEvent scaleDown =
        ClusterEvent.of(EventResource.ASSIGNED_POD, ActionType.UPDATE_POD_SCALE_DOWN);
    QueueFixtures f = new QueueFixtures().filter(new FakeFilter("Fit", on(scaleDown, QUEUE)));
    SchedulingQueue q = f.build();
    q.add(pod("big"));
    fail(q, "big", List.of("Fit"), List.of());
    Pod before =
        Pod.builder()
            .name("r")
            .uid("r")
            .nodeName("n")
            .container(Container.builder().name("c").request("cpu", "2").build())
            .build();

    q.assignedPodUpdated(before, before.toBuilder().label("x", "y").build());
    assertThat(where(q, "big")).isEqualTo(UNSCHEDULABLE);

    Pod after =
        before.toBuilder()
            .spec(
                before.spec().toBuilder()
                    .containers(List.of(Container.builder().name("c").request("cpu", "1").build()))
                    .build())
            .build();
    q.assignedPodUpdated(before, after);
    assertThat(where(q, "big")).isEqualTo(BACKOFF);
  }

  @Test
  void assignedPodUpdated_labelChangeMovesPodsWhoseTermsItTouches() {
    ClusterEvent update = ClusterEvent.of(EventResource.ASSIGNED_POD, ActionType.UPDATE_POD_LABEL);
    QueueFixtures f =
        new QueueFixtures().filter(new FakeFilter("InterPodAffinity", on(update, QUEUE)));
    SchedulingQueue q = f.build();
    addRejected(q, withAffinity("lover", "web"), "InterPodAffinity");
    PodAffinityTerm hateDb =
        PodAffinityTerm.builder()
            .labelSelector(LabelSelector.of(Map.of("app", "db")))
            .topologyKey("zone")
            .build();
    addRejected(
        q,
        Pod.builder()
            .name("hater")
            .uid("hater")
            .affinity(
                Affinity.builder()
                    .podAntiAffinity(PodAntiAffinity.builder().required(hateDb).build())
                    .build())
            .build(),
        "InterPodAffinity");
    addRejected(q, pod("bystander"), "InterPodAffinity");
    Pod db = Pod.builder().name("x").uid("x").label("app", "db").nodeName("n").build();
    Pod web = Pod.builder().name("x").uid("x").label("app", "web").nodeName("n").build();

    q.assignedPodUpdated(db, web);

    assertThat(where(q, "lover")).as("affinity matches the new pod").isEqualTo(BACKOFF);
    assertThat(where(q, "hater")).as("anti-affinity matched the old pod").isEqualTo(BACKOFF);
    assertThat(where(q, "bystander")).isEqualTo(UNSCHEDULABLE);
  }
}
