package io.schedkit.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

final class WorkerPoolTest {
  @Test
  void everyPieceRunsExactlyOnce_acrossManyCalls() {
    try (WorkerPool pool = new WorkerPool(3)) {
      for (int round = 0; round < 2000; round++) {
        int pieces = 1 + round % 700;
        AtomicIntegerArray runs = new AtomicIntegerArray(pieces);
        pool.until(pieces, runs::incrementAndGet);
        for (int i = 0; i < pieces; i++) {
          assertThat(runs.get(i)).as("round %d piece %d", round, i).isEqualTo(1);
        }
      }
    }
  }

  @Test
  void parallelismOne_runsInIndexOrder_andStopsWhereTold() {
    try (WorkerPool pool = new WorkerPool(1)) {
      StringBuilder order = new StringBuilder();
      pool.untilStopped(
          10,
          i -> {
            order.append(i);
            return i < 4;
          });
      assertThat(order).hasToString("01234");
    }
  }

  @Test
  void untilStopped_aBlockedWorker_holdsBackNoMoreThanOneSmallClaim() {
    int pieces = 200;
    try (WorkerPool pool = new WorkerPool(2)) {
      Thread caller = Thread.currentThread();
      CountDownLatch release = new CountDownLatch(1);
      AtomicInteger byCaller = new AtomicInteger();
      AtomicInteger byWorker = new AtomicInteger();
      AtomicInteger gaveUp = new AtomicInteger();
      pool.untilStopped(
          pieces,
          i -> {
            if (Thread.currentThread() == caller) {
              // All but the worker's claim: the caller takes every piece the worker did not claim.
              if (byCaller.incrementAndGet() >= pieces - WorkerPool.STOPPABLE_CHUNK) {
                release.countDown();
              }
            } else {
              byWorker.incrementAndGet();
              try {
                if (!release.await(30, TimeUnit.SECONDS)) {
                  gaveUp.incrementAndGet();
                }
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            }
            return true;
          });
      assertThat(byCaller.get() + byWorker.get()).isEqualTo(pieces);
      assertThat(gaveUp.get())
          .as("pieces of the blocked worker that the caller could not take over")
          .isZero();
    }
  }

  @Test
  void stop_endsTheCallEarly() {
    try (WorkerPool pool = new WorkerPool(2)) {
      AtomicInteger ran = new AtomicInteger();
      pool.untilStopped(100_000, i -> ran.incrementAndGet() < 10);
      // Chunks already claimed may finish their current piece, never the whole range.
      assertThat(ran.get()).isBetween(10, 1000);
    }
  }

  @Test
  void aThrowingPiece_isRethrownToTheCaller_andThePoolStaysUsable() {
    try (WorkerPool pool = new WorkerPool(2)) {
      assertThatThrownBy(
              () ->
                  pool.until(
                      1000,
                      i -> {
                        if (i == 617) {
                          throw new IllegalStateException("piece 617");
                        }
                      }))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("piece 617");
      AtomicInteger ran = new AtomicInteger();
      pool.until(1000, i -> ran.incrementAndGet());
      assertThat(ran.get()).isEqualTo(1000);
    }
  }

  @Test
  void nestedCalls_fromInsideAPiece_complete() {
    try (WorkerPool pool = new WorkerPool(2)) {
      AtomicInteger inner = new AtomicInteger();
      pool.until(50, i -> pool.until(50, j -> inner.incrementAndGet()));
      assertThat(inner.get()).isEqualTo(2500);
    }
  }

  @Test
  void callsAfterAnIdlePause_wakeParkedWorkers() throws InterruptedException {
    try (WorkerPool pool = new WorkerPool(2)) {
      for (int round = 0; round < 5; round++) {
        Thread.sleep(2); // longer than the spin: the worker parks
        AtomicIntegerArray runs = new AtomicIntegerArray(500);
        pool.until(500, runs::incrementAndGet);
        for (int i = 0; i < 500; i++) {
          assertThat(runs.get(i)).isEqualTo(1);
        }
      }
    }
  }

  @Test
  void close_endsEveryWorkerThread_andLaterCallsFail() {
    Set<Thread> before = workerThreads();
    WorkerPool pool = new WorkerPool(4);
    pool.until(1000, i -> {});
    assertThat(workerThreads()).hasSize(before.size() + 3);
    pool.close();
    assertThat(workerThreads()).isSubsetOf(before);
    assertThatThrownBy(() -> pool.until(1000, i -> {}))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");
  }

  private static Set<Thread> workerThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("schedkit-worker-") && t.isAlive())
        .collect(Collectors.toSet());
  }

  @Test
  void rejectsParallelismBelowOne() {
    assertThatThrownBy(() -> new WorkerPool(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("parallelism must be at least 1, got 0");
  }
}
