package io.schedkit.core.leaderelection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.core.clock.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link InMemoryLeaseStore}: compare-and-set, versions and injected trouble. */
final class InMemoryLeaseStoreTest {
  private static final LeaderElectionRecord A =
      new LeaderElectionRecord("a", 15, Instant.EPOCH, Instant.EPOCH, 0);
  private static final LeaderElectionRecord B =
      new LeaderElectionRecord("b", 15, Instant.EPOCH, Instant.EPOCH, 1);

  private final InMemoryLeaseStore store = new InMemoryLeaseStore("sched");

  @Test
  void createThenUpdate_versionsGrow() {
    assertThat(store.get()).isEmpty();
    LeaseStore.Stored created = store.create(A);
    LeaseStore.Stored updated = store.update(B, created.resourceVersion());

    assertThat(created.resourceVersion()).isEqualTo("1");
    assertThat(updated.resourceVersion()).isEqualTo("2");
    assertThat(store.get()).contains(updated);
    assertThat(store.history()).containsExactly(created, updated);
    assertThat(store.operations()).containsExactly("get", "create", "update", "get");
  }

  @Test
  void create_whenPresent_isAConflict() {
    store.create(A);
    assertThatThrownBy(() -> store.create(B))
        .isInstanceOf(LeaseConflictException.class)
        .hasMessage("leases.coordination.k8s.io \"sched\" already exists");
    assertThat(store.peek().orElseThrow().record()).isEqualTo(A);
  }

  @Test
  void update_withAStaleVersion_isAConflictAndChangesNothing() {
    LeaseStore.Stored first = store.create(A);
    store.put(B);
    assertThatThrownBy(() -> store.update(A, first.resourceVersion()))
        .isInstanceOf(LeaseConflictException.class)
        .hasMessageContaining("the object has been modified");
    assertThat(store.peek().orElseThrow().record()).isEqualTo(B);
  }

  @Test
  void update_whenAbsent_isAConflict() {
    assertThatThrownBy(() -> store.update(A, "1"))
        .isInstanceOf(LeaseConflictException.class)
        .hasMessage("leases.coordination.k8s.io \"sched\" not found");
  }

  @Test
  void failNext_failsThatManyCallsOfAnyKind() {
    store.failNext(2);
    assertThatThrownBy(store::get)
        .isInstanceOf(LeaseStoreException.class)
        .isNotInstanceOf(LeaseConflictException.class);
    assertThatThrownBy(() -> store.create(A)).isInstanceOf(LeaseStoreException.class);
    assertThat(store.create(A).record()).isEqualTo(A);
    assertThat(store.operations()).containsExactly("get", "create", "create");
  }

  @Test
  void setUnavailable_failsEveryCallUntilReset() {
    store.create(A);
    store.setUnavailable(true);
    for (int i = 0; i < 3; i++) {
      assertThatThrownBy(store::get).hasMessage("lease store unavailable (injected)");
    }
    store.setUnavailable(false);
    assertThat(store.get()).isPresent();
  }

  @Test
  void conflictNext_failsWritesOnly() {
    LeaseStore.Stored s = store.create(A);
    store.conflictNext(1);
    assertThat(store.get()).isPresent();
    assertThatThrownBy(() -> store.update(B, s.resourceVersion()))
        .isInstanceOf(LeaseConflictException.class);
    assertThat(store.update(B, s.resourceVersion()).record()).isEqualTo(B);
  }

  @Test
  void latency_onAVirtualClockAdvancesIt() {
    VirtualClock clock = new VirtualClock();
    List<Instant> ran = new ArrayList<>();
    clock.schedule(Duration.ofMillis(300), () -> ran.add(clock.now()));
    store.setLatency(clock, Duration.ofMillis(500));

    store.create(A);

    assertThat(clock.now()).isEqualTo(Instant.EPOCH.plusMillis(500));
    assertThat(ran).containsExactly(Instant.EPOCH.plusMillis(300));
  }

  @Test
  void concurrentUpdates_exactlyOneWinsEachVersion() throws Exception {
    LeaseStore.Stored base = store.create(A);
    int threads = 8;
    AtomicInteger wins = new AtomicInteger();
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> all = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      LeaderElectionRecord mine = new LeaderElectionRecord("t" + i, 15, null, null, 1);
      Thread t =
          new Thread(
              () -> {
                try {
                  go.await();
                  store.update(mine, base.resourceVersion());
                  wins.incrementAndGet();
                } catch (LeaseConflictException e) {
                  // lost the race
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              });
      all.add(t);
      t.start();
    }
    go.countDown();
    for (Thread t : all) {
      t.join();
    }
    assertThat(wins.get()).isEqualTo(1);
    assertThat(store.history()).hasSize(2);
  }
}
