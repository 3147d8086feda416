package io.schedkit.core.queue;

import static io.schedkit.core.queue.QueueFixtures.START;
import static io.schedkit.core.queue.QueueFixtures.addRejected;
import static io.schedkit.core.queue.QueueFixtures.fail;
import static io.schedkit.core.queue.QueueFixtures.names;
import static io.schedkit.core.queue.QueueFixtures.on;
import static io.schedkit.core.queue.QueueFixtures.pod;
import static io.schedkit.core.queue.QueueFixtures.popExpecting;
import static io.schedkit.core.queue.QueueFixtures.where;
import static io.schedkit.core.queue.QueuedPod.Location.ACTIVE;
import static io.schedkit.core.queue.QueuedPod.Location.BACKOFF;
import static io.schedkit.core.queue.QueuedPod.Location.ERROR_BACKOFF;
import static io.schedkit.core.queue.QueuedPod.Location.NONE;
import static io.schedkit.core.queue.QueuedPod.Location.UNSCHEDULABLE;
import static io.schedkit.framework.QueueingHint.QUEUE;
import static io.schedkit.framework.QueueingHint.QUEUE_SKIP;
import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.queue.QueueFixtures.FakeFilter;
import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.TaintEffect;
import io.schedkit.framework.model.Toleration;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Adding, popping, backoff, flushes, updates, deletes, activation and the nominator. */
final class SchedulingQueueTest {
  private static final ClusterEvent NODE_ADD = ClusterEvent.NODE_ADD;
  private static final ClusterEvent POD_UPDATE =
      ClusterEvent.of(EventResource.UNSCHEDULED_POD, ActionType.UPDATE);

  private final QueueFixtures f = new QueueFixtures();

  private static Pod nominee(String name, int priority, String nominatedNode) {
    return Pod.builder()
        .name(name)
        .uid(name)
        .priority(priority)
        .nominatedNodeName(nominatedNode)
        .build();
  }

  // ---------------------------------------------------------------- add and pop

  /** The facts of upstream TestPriorityQueue_Add. */
  @Test
  void pop_highestPriorityFirstAndNominationsRecorded() {
    SchedulingQueue q = f.build();
    q.add(nominee("mpp", 500, "node1"));
    q.add(nominee("up", 0, "node1"));
    q.add(nominee("hpp", 1000, ""));

    assertThat(f.nominator.nominatedPodsForNode("node1"))
        .extracting(PodInfo::name)
        .containsExactly("mpp", "up");
    popExpecting(q, "hpp");
    popExpecting(q, "mpp");
    popExpecting(q, "up");
    assertThat(f.nominator.nominatedPodsForNode("node1")).as("popping keeps them").hasSize(2);
  }

  @Test
  void pop_equalPriorityInTimestampOrder() {
    SchedulingQueue q = f.build();
    for (String name : List.of("first", "second", "third")) {
      q.add(pod(name));
      f.advance(Duration.ofMillis(10));
    }

    popExpecting(q, "first");
    popExpecting(q, "second");
    popExpecting(q, "third");
    assertThat(q.tryPop()).isNull();
  }

  @Test
  void pop_countsAttemptsAndSchedulingCycles() {
    SchedulingQueue q = f.build();
    q.add(pod("a"));
    f.advance(Duration.ofSeconds(3));

    QueuedPod first = fail(q, "a", List.of(), List.of());
    assertThat(first.attempts()).isEqualTo(1);
    assertThat(first.initialAttemptTimestamp()).isEqualTo(START.plusSeconds(3));
    assertThat(q.schedulingCycle()).isEqualTo(1);

    f.advance(Duration.ofSeconds(5));
    q.flushBackoffQCompleted();
    QueuedPod second = popExpecting(q, "a");
    assertThat(second.attempts()).isEqualTo(2);
    assertThat(second.initialAttemptTimestamp()).isEqualTo(START.plusSeconds(3));
    assertThat(second.location()).isEqualTo(QueuedPod.Location.IN_FLIGHT);
    assertThat(q.schedulingCycle()).isEqualTo(2);
    assertThat(q.inFlightCount()).isEqualTo(1);

    q.done("a");
    assertThat(second.location()).isEqualTo(NONE);
    assertThat(q.inFlightCount()).isZero();
  }

  /** The facts of upstream TestPriorityQueue_Pop with SchedulerPopFromBackoffQ (KEP 5142). */
  @Test
  void tryPop_takesTheBackoffQueueWhenActiveIsEmptyButNotTheErrorBackoffQueue() {
    QueueFixtures fx = new QueueFixtures().filter(new FakeFilter("plugin", on(NODE_ADD, QUEUE)));
    SchedulingQueue q = fx.build();
    q.add(nominee("hpp", 1000, ""));
    QueuedPod backingOff = popExpecting(q, "hpp");
    q.moveAllToActiveOrBackoffQueue(NODE_ADD, null, null, null);
    backingOff.setUnschedulablePlugins(List.of("plugin"));
    q.addUnschedulableIfNotPresent(backingOff, q.schedulingCycle());
    addRejected(q, nominee("hpp2", 1000, ""));
    addRejected(q, nominee("up", 0, ""), "plugin");
    q.add(nominee("mpp", 500, ""));
    assertThat(where(q, "hpp")).isEqualTo(BACKOFF);
    assertThat(where(q, "hpp2")).isEqualTo(ERROR_BACKOFF);
    assertThat(where(q, "up")).isEqualTo(UNSCHEDULABLE);

    popExpecting(q, "mpp");
    popExpecting(q, "hpp");
    assertThat(q.tryPop()).isNull();
  }

  @Test
  void add_knownPodIsAnUpdate() {
    SchedulingQueue q = f.build();
    q.add(nominee("a", 1, ""));
    q.add(nominee("a", 7, ""));

    assertThat(q.pendingPods()).hasSize(1);
    assertThat(popExpecting(q, "a").pod().priority()).isEqualTo(7);
  }

  // ---------------------------------------------------------------- backoff

  /** The facts of upstream TestBackOffFlow: 1, 2, 4, 8, 10, 10, 10 s. */
  @Test
  void addUnschedulableIfNotPresent_backoffDoublesUpToTheMaximum() {
    SchedulingQueue q = f.build();
    q.add(pod("p"));
    long[] want = {1, 2, 4, 8, 10, 10, 10};
    for (int i = 0; i < want.length; i++) {
      Instant failedAt = f.clock.now();
      QueuedPod p = fail(q, "p", List.of(), List.of());

      assertThat(p.attempts()).isEqualTo(i + 1);
      assertThat(p.location()).isEqualTo(ERROR_BACKOFF);
      Instant expiry = failedAt.plusSeconds(want[i]);
      assertThat(p.backoffExpiry()).as("step %d", i).contains(expiry);
      assertThat(q.nextBackoffExpiry()).contains(expiry.plusSeconds(1));

      f.clock.advanceTo(expiry);
      q.flushBackoffQCompleted();
      assertThat(where(q, "p"))
          .as("step %d: the expiry window still backs off", i)
          .isEqualTo(ERROR_BACKOFF);

      f.clock.advanceTo(expiry.plusSeconds(1));
      q.flushBackoffQCompleted();
      assertThat(where(q, "p")).as("step %d", i).isEqualTo(ACTIVE);
    }
  }

  @Test
  void addUnschedulableIfNotPresent_errorsAndRejectionsCountSeparately() {
    QueueFixtures fx = new QueueFixtures().filter(new FakeFilter("foo", on(NODE_ADD, QUEUE)));
    SchedulingQueue q = fx.build();
    q.add(pod("p"));
    for (int i = 0; i < 3; i++) {
      QueuedPod p = popExpecting(q, "p");
      p.setUnschedulablePlugins(List.of("foo"));
      q.addUnschedulableIfNotPresent(p, q.schedulingCycle());
      q.activate(List.of(pod("p")));
    }

    QueuedPod error = fail(q, "p", List.of(), List.of());
    assertThat(error.unschedulableCount()).isEqualTo(3);
    assertThat(error.consecutiveErrorsCount()).isEqualTo(1);
    assertThat(error.backoffExpiry()).contains(fx.clock.now().plusSeconds(1));

    q.activate(List.of(pod("p")));
    QueuedPod rejected = fail(q, "p", List.of("foo"), List.of());
    assertThat(rejected.unschedulableCount()).isEqualTo(4);
    assertThat(rejected.consecutiveErrorsCount()).isZero();
    q.moveAllToActiveOrBackoffQueue(NODE_ADD, null, null, null);
    assertThat(rejected.backoffExpiry()).contains(fx.clock.now().plusSeconds(8));
  }

  @Test
  void addUnschedulableIfNotPresent_zeroMaxBackoffMeansNoBackoff() {
    SchedulingQueue q = f.build(Duration.ofSeconds(1), Duration.ZERO);
    q.add(pod("p"));

    fail(q, "p", List.of(), List.of());

    assertThat(where(q, "p")).isEqualTo(ACTIVE);
  }

  /** The facts of upstream TestPriorityQueue_AddUnschedulableIfNotPresent. */
  @Test
  void addUnschedulableIfNotPresent_noEventMeansThePool() {
    QueueFixtures fx = new QueueFixtures().filter(new FakeFilter("plugin", on(NODE_ADD, QUEUE)));
    SchedulingQueue q = fx.build();
    q.add(nominee("up", 0, "node1"));
    QueuedPod up = popExpecting(q, "up");
    q.add(nominee("hpp", 1000, "node1"));

    up.setUnschedulablePlugins(List.of("plugin"));
    q.addUnschedulableIfNotPresent(up, q.schedulingCycle());

    popExpecting(q, "hpp");
    assertThat(where(q, "up")).isEqualTo(UNSCHEDULABLE);
    // The clock's time, made later than the two earlier stamps by the nanosecond tie-break.
    assertThat(up.timestamp()).isEqualTo(fx.clock.now().plusNanos(2));
    assertThat(fx.nominator.nominatedPodsForNode("node1")).hasSize(2);
  }

  @Test
  void add_equalPodsAtOneInstant_popInCreationOrder() {
    SchedulingQueue q = new QueueFixtures().build();
    List<String> names = List.of("a", "b", "c", "d", "e", "f", "g", "h");
    names.forEach(n -> q.add(QueueFixtures.pod(n, 5)));

    for (String n : names) {
      popExpecting(q, n);
    }
  }

  @Test
  void addUnschedulableIfNotPresent_ignoresAQueuedPod() {
    QueueFixtures fx = new QueueFixtures().filter(new FakeFilter("plugin", on(NODE_ADD, QUEUE)));
    SchedulingQueue q = fx.build();
    QueuedPod p = addRejected(q, pod("a"), "plugin");
    Instant timestamp = p.timestamp();

    fx.advance(Duration.ofSeconds(1));
    q.addUnschedulableIfNotPresent(p, q.schedulingCycle());

    assertThat(p.unschedulableCount()).isEqualTo(1);
    assertThat(p.timestamp()).isEqualTo(timestamp);
    assertThat(where(q, "a")).isEqualTo(UNSCHEDULABLE);
  }

  @Test
  void flushBackoffQCompleted_movesBothBackoffQueuesInExpiryOrder() {
    QueueFixtures fx = new QueueFixtures().filter(new FakeFilter("plugin", on(NODE_ADD, QUEUE)));
    SchedulingQueue q = fx.build();
    q.add(pod("rejected"));
    QueuedPod r = popExpecting(q, "rejected");
    q.moveAllToActiveOrBackoffQueue(NODE_ADD, null, null, null);
    r.setUnschedulablePlugins(List.of("plugin"));
    q.addUnschedulableIfNotPresent(r, q.schedulingCycle());
    fx.advance(Duration.ofSeconds(3));
    addRejected(q, pod("error"));
    assertThat(q.nextBackoffExpiry()).contains(START.plusSeconds(2));

    fx.clock.advanceTo(START.plusSeconds(2));
    q.flushBackoffQCompleted();
    assertThat(where(q, "rejected")).isEqualTo(ACTIVE);
    assertThat(where(q, "error")).isEqualTo(ERROR_BACKOFF);

    fx.clock.advanceTo(START.plusSeconds(5));
    q.flushBackoffQCompleted();
    assertThat(where(q, "error")).isEqualTo(ACTIVE);
    assertThat(q.nextBackoffExpiry()).isEmpty();
  }

  // ---------------------------------------------------------------- leftover flush and timers

  @Test
  void flushUnschedulablePodsLeftover_movesPodsOlderThanFiveMinutes() {
    QueueFixtures fx =
        new QueueFixtures().filter(new FakeFilter("plugin", on(NODE_ADD, QUEUE_SKIP)));
    SchedulingQueue q = fx.build();
    addRejected(q, pod("old"), "plugin");
    fx.advance(Duration.ofMinutes(1));
    addRejected(q, pod("young"), "plugin");

    fx.advance(Duration.ofMinutes(4));
    q.flushUnschedulablePodsLeftover();
    assertThat(where(q, "old")).as("exactly five minutes").isEqualTo(UNSCHEDULABLE);

    fx.advance(Duration.ofMillis(1));
    q.flushUnschedulablePodsLeftover();
    assertThat(where(q, "old")).isEqualTo(ACTIVE);
    assertThat(where(q, "young")).isEqualTo(UNSCHEDULABLE);
  }

  @Test
  void start_runsTheFlushesOnTheClockUntilClosed() {
    QueueFixtures fx =
        new QueueFixtures().filter(new FakeFilter("plugin", on(NODE_ADD, QUEUE_SKIP)));
    SchedulingQueue q = fx.build();
    fx.advance(Duration.ofMillis(300));
    addRejected(q, pod("error"));
    addRejected(q, pod("stuck"), "plugin");
    q.start();
    q.start();
    assertThat(fx.clock.deadlines())
        .containsExactly(START.plusSeconds(1), START.plusMillis(300).plusSeconds(30));

    fx.advance(Duration.ofMillis(1_700));
    assertThat(where(q, "error")).as("flushed at the 2 s tick").isEqualTo(ACTIVE);

    fx.clock.advanceTo(START.plusMillis(300).plus(Duration.ofMinutes(5)).plusSeconds(30));
    assertThat(where(q, "stuck")).isEqualTo(ACTIVE);

    q.close();
    assertThat(fx.clock.pendingTasks()).isZero();
    assertThat(q.tryPop()).as("closed").isNull();
  }

  // ---------------------------------------------------------------- blocking pop

  @Test
  void pop_returnsNullOnTimeoutAndWhenClosed() throws InterruptedException {
    SchedulingQueue q = f.build();
    assertThat(q.pop(Duration.ZERO)).isNull();

    q.add(pod("a"));
    assertThat(q.pop(Duration.ofMinutes(1)).pod().name()).isEqualTo("a");

    q.add(pod("b"));
    q.close();
    assertThat(q.pop(Duration.ofMinutes(1))).isNull();
  }

  @Test
  void pop_blockedCallerGetsTheNextAddedPod() throws InterruptedException {
    SchedulingQueue q = f.build();
    AtomicReference<QueuedPod> got = new AtomicReference<>();
    Thread popper =
        new Thread(
            () -> {
              try {
                got.set(q.pop(Duration.ofMinutes(5)));
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    popper.start();

    q.add(pod("a"));
    popper.join(Duration.ofMinutes(1).toMillis());

    assertThat(popper.isAlive()).isFalse();
    assertThat(got.get().pod().name()).isEqualTo("a");
  }

  @Test
  void close_wakesABlockedPop() throws InterruptedException {
    SchedulingQueue q = f.build();
    AtomicReference<Object> got = new AtomicReference<>("not returned");
    Thread popper =
        new Thread(
            () -> {
              try {
                got.set(q.pop(Duration.ofMinutes(5)));
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    popper.start();

    q.close();
    popper.join(Duration.ofMinutes(1).toMillis());

    assertThat(popper.isAlive()).isFalse();
    assertThat(got.get()).isNull();
  }

  @Test
  void concurrentAddsAndPops_everyPodIsPoppedExactlyOnce() throws Exception {
    SchedulingQueue q = f.build();
    int producers = 4;
    int perProducer = 250;
    int total = producers * perProducer;
    Set<String> popped = ConcurrentHashMap.newKeySet();
    AtomicInteger duplicates = new AtomicInteger();
    ExecutorService threads = Executors.newFixedThreadPool(producers + 2);
    try {
      List<Future<?>> work = new ArrayList<>();
      for (int t = 0; t < producers; t++) {
        int base = t * perProducer;
        work.add(
            threads.submit(
                () -> {
                  for (int i = 0; i < perProducer; i++) {
                    q.add(pod("p" + (base + i)));
                  }
                }));
      }
      for (int c = 0; c < 2; c++) {
        work.add(
            threads.submit(
                () -> {
                  while (popped.size() < total) {
                    QueuedPod p = q.pop(Duration.ofMillis(50));
                    if (p != null) {
                      if (!popped.add(p.pod().uid())) {
                        duplicates.incrementAndGet();
                      }
                      q.done(p.pod().uid());
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> w : work) {
        w.get(1, TimeUnit.MINUTES);
      }
    } finally {
      threads.shutdownNow();
    }

    assertThat(popped).hasSize(total);
    assertThat(duplicates.get()).isZero();
    assertThat(q.isEmpty()).isTrue();
    assertThat(q.inFlightCount()).isZero();
    assertThat(q.schedulingCycle()).isEqualTo(total);
  }

  // ---------------------------------------------------------------- update

  /** The facts of upstream TestPriorityQueue_Update, one case per place the pod can be. */
  static Stream<Arguments> updateCases() {
    return Stream.of(
        Arguments.of("unknown pod is added to activeQ", "unknown", ACTIVE),
        Arguments.of("pod in activeQ stays there", "active", ACTIVE),
        Arguments.of("pod in backoffQ stays there", "backoff", BACKOFF),
        Arguments.of("pod in error backoffQ stays there", "errorBackoff", ERROR_BACKOFF),
        Arguments.of("pool pod still backing off moves to backoffQ", "poolBackingOff", BACKOFF),
        Arguments.of("pool pod done backing off moves to activeQ", "poolBackedOff", ACTIVE),
        Arguments.of("pool pod whose hint says QueueSkip stays", "poolSkip", UNSCHEDULABLE),
        Arguments.of("pool pod with only a status change stays", "poolStatusOnly", UNSCHEDULABLE),
        Arguments.of("pod in flight is not queued", "inFlight", NONE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("updateCases")
  void update_inEveryPlace(String name, String setup, QueuedPod.Location want) {
    QueueFixtures fx =
        new QueueFixtures()
            .filter(new FakeFilter("queuePlugin", on(POD_UPDATE, QUEUE), on(NODE_ADD, QUEUE)))
            .filter(new FakeFilter("skipPlugin", on(POD_UPDATE, QUEUE_SKIP)));
    SchedulingQueue q = fx.build();
    Pod old = nominee("p", 100, "");
    Pod updated = old.toBuilder().annotation("foo", "test").build();
    switch (setup) {
      case "unknown" -> {}
      case "active" -> q.add(old);
      case "backoff" -> {
        q.add(old);
        QueuedPod p = popExpecting(q, "p");
        q.moveAllToActiveOrBackoffQueue(NODE_ADD, null, null, null);
        p.setUnschedulablePlugins(List.of("queuePlugin"));
        q.addUnschedulableIfNotPresent(p, q.schedulingCycle());
      }
      case "errorBackoff" -> addRejected(q, old);
      case "poolBackingOff" -> addRejected(q, old, "queuePlugin");
      case "poolBackedOff" -> {
        addRejected(q, old, "queuePlugin");
        fx.advance(SchedulingQueue.DEFAULT_POD_MAX_BACKOFF);
      }
      case "poolSkip" -> addRejected(q, old, "skipPlugin");
      case "poolStatusOnly" -> {
        addRejected(q, old, "queuePlugin");
        updated = old.toBuilder().phase("Pending").build();
      }
      case "inFlight" -> {
        q.add(old);
        popExpecting(q, "p");
      }
      default -> throw new IllegalArgumentException(setup);
    }

    q.update(old, updated);

    assertThat(where(q, "p")).isEqualTo(want);
    if (want != NONE) {
      assertThat(q.get("p").orElseThrow().pod()).isEqualTo(updated);
    }
  }

  @Test
  void update_prioritychangeReSortsTheActiveQueue() {
    SchedulingQueue q = f.build();
    q.add(nominee("a", 10, ""));
    q.add(nominee("b", 5, ""));

    q.update(nominee("b", 5, ""), nominee("b", 50, ""));

    popExpecting(q, "b");
    popExpecting(q, "a");
  }

  @Test
  void update_addingANominatedNodeNominatesThePod() {
    SchedulingQueue q = f.build();
    q.add(nominee("hpp", 1000, ""));

    q.update(nominee("hpp", 1000, ""), nominee("hpp", 1000, "node1"));

    assertThat(f.nominator.nominatedPodsForNode("node1"))
        .extracting(PodInfo::name)
        .containsExactly("hpp");
  }

  /** The facts of upstream TestPriorityQueue_UpdateWhenInflight. */
  @Test
  void update_whileInFlightRequeuesTheLatestVersionWhenTheAttemptFails() {
    ClusterEvent podUpdate = ClusterEvent.of(EventResource.UNSCHEDULED_POD, ActionType.UPDATE);
    QueueFixtures fx =
        new QueueFixtures().filter(new FakeFilter("fakePlugin", on(podUpdate, QUEUE)));
    SchedulingQueue q = fx.build();
    Pod testPod = pod("test-pod");
    q.add(testPod);
    QueuedPod p = popExpecting(q, "test-pod");
    Pod updated =
        testPod.toBuilder()
            .toleration(Toleration.builder().key("foo").effect(TaintEffect.NO_SCHEDULE).build())
            .build();

    q.update(testPod, updated);
    assertThat(q.get("test-pod")).as("in flight").isEmpty();
    p.setUnschedulablePlugins(List.of("fakePlugin"));
    q.addUnschedulableIfNotPresent(p, q.schedulingCycle());

    assertThat(where(q, "test-pod")).isEqualTo(BACKOFF);
    assertThat(q.get("test-pod").orElseThrow().pod()).isEqualTo(updated);
  }

  // ---------------------------------------------------------------- delete

  /** The facts of upstream TestPriorityQueue_Delete, and a delete from every place. */
  @Test
  void delete_removesFromEveryPlaceAndFromTheNominator() {
    QueueFixtures fx = new QueueFixtures().filter(new FakeFilter("plugin", on(NODE_ADD, QUEUE)));
    SchedulingQueue q = fx.build();
    addRejected(q, pod("pool"), "plugin");
    addRejected(q, pod("err"));
    q.add(pod("flying"));
    QueuedPod flying = popExpecting(q, "flying");
    q.update(nominee("hpp", 1000, ""), nominee("hpp", 1000, "node1"));
    q.add(nominee("up", 0, "node1"));

    q.delete(nominee("hpp", 1000, "node1"));
    assertThat(where(q, "up")).isEqualTo(ACTIVE);
    assertThat(where(q, "hpp")).isEqualTo(NONE);
    assertThat(fx.nominator.nominatedPodsForNode("node1"))
        .extracting(PodInfo::name)
        .containsExactly("up");

    q.delete(nominee("up", 0, "node1"));
    q.delete(pod("pool"));
    q.delete(pod("err"));
    q.delete(pod("flying"));
    assertThat(fx.nominator.size()).isZero();
    assertThat(q.isEmpty()).isTrue();

    q.addUnschedulableIfNotPresent(flying, q.schedulingCycle());
    assertThat(q.isEmpty()).as("a pod deleted in flight is not requeued").isTrue();
    assertThat(q.inFlightCount()).isZero();
  }

  // ---------------------------------------------------------------- activate

  /** The facts of upstream TestPriorityQueue_Activate. */
  @Test
  void activate_movesPoolAndBackoffPodsToActive() {
    QueueFixtures fx = new QueueFixtures().filter(new FakeFilter("plugin", on(NODE_ADD, QUEUE)));
    SchedulingQueue q = fx.build();
    addRejected(q, pod("pool"), "plugin");
    addRejected(q, pod("backoff"));
    q.add(pod("active"));

    q.activate(List.of(pod("active"), pod("pool"), pod("backoff"), pod("unknown")));

    assertThat(q.activeCount()).isEqualTo(3);
    assertThat(where(q, "pool")).isEqualTo(ACTIVE);
    assertThat(where(q, "backoff")).isEqualTo(ACTIVE);
    assertThat(where(q, "unknown")).isEqualTo(NONE);
  }

  @Test
  void activate_podInFlightMovesWhenItsAttemptFails() {
    QueueFixtures fx = new QueueFixtures().filter(new FakeFilter("plugin", on(NODE_ADD, QUEUE)));
    SchedulingQueue q = fx.build();
    q.add(pod("a"));
    q.add(nominee("b", -1, ""));
    QueuedPod a = popExpecting(q, "a");
    QueuedPod b = popExpecting(q, "b");

    q.activate(List.of(pod("a")));
    a.setUnschedulablePlugins(List.of("plugin"));
    q.addUnschedulableIfNotPresent(a, q.schedulingCycle());
    b.setUnschedulablePlugins(List.of("plugin"));
    q.addUnschedulableIfNotPresent(b, q.schedulingCycle());

    assertThat(where(q, "a")).isEqualTo(BACKOFF);
    assertThat(where(q, "b")).as("the activation named another pod").isEqualTo(UNSCHEDULABLE);
  }

  // ---------------------------------------------------------------- reading

  @Test
  void pendingPods_listsEveryQueuedPodWithItsPlace() {
    QueueFixtures fx =
        new QueueFixtures()
            .filter(new FakeFilter("plugin", on(NODE_ADD, QUEUE)))
            .preEnqueue(QueueFixtures.schedulingGates());
    SchedulingQueue q = fx.build();
    addRejected(q, pod("pool"), "plugin");
    addRejected(q, pod("err"));
    q.add(Pod.builder().name("gated").uid("gated").schedulingGate("g").build());
    q.add(nominee("low", 1, ""));
    q.add(nominee("high", 9, ""));
    q.add(nominee("flying", 100, ""));
    popExpecting(q, "flying");

    List<QueuedPodInfo> pending = q.pendingPods();

    assertThat(names(pending, p -> true)).containsExactly("high", "low", "err", "pool", "gated");
    assertThat(names(pending, p -> p.location() == ERROR_BACKOFF)).containsExactly("err");
    assertThat(names(pending, p -> p.location() == QueuedPod.Location.GATED))
        .containsExactly("gated");
    assertThat(q.activeCount()).isEqualTo(2);
    assertThat(q.isEmpty()).isFalse();
    assertThat(fx.metrics.pending("active")).isEqualTo(2);
    assertThat(fx.metrics.pending("backoff")).isEqualTo(1);
    assertThat(fx.metrics.pending("unschedulable")).isEqualTo(1);
    assertThat(fx.metrics.pending("gated")).isEqualTo(1);
  }

  @Test
  void get_returnsADetachedCopy() {
    SchedulingQueue q = f.build();
    q.add(pod("a"));

    QueuedPod copy = (QueuedPod) q.get("a").orElseThrow();
    copy.setUnschedulablePlugins(List.of("x"));

    assertThat(q.get("a").orElseThrow().unschedulablePlugins()).isEmpty();
    assertThat(q.get("missing")).isEmpty();
  }

  @Test
  void podsWithoutProfile_areQueuedWithoutPreEnqueueOrHints() {
    QueueFixtures fx = new QueueFixtures().preEnqueue(QueueFixtures.schedulingGates());
    SchedulingQueue q = fx.build();

    q.add(
        Pod.builder()
            .name("other")
            .uid("other")
            .schedulerName("other-scheduler")
            .schedulingGate("g")
            .build());

    assertThat(where(q, "other")).isEqualTo(ACTIVE);
  }
}
