package io.schedkit.core.runtime;

import io.schedkit.framework.Parallelizer;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;

/**
 * The scheduler's {@link Parallelizer}: {@code parallelism - 1} daemon worker threads plus the
 * calling thread share the pieces, in chunks of about the square root of the piece count (as
 * kube-scheduler's parallelizer). With parallelism 1 everything runs on the caller's thread, in
 * index order, which keeps simulations deterministic.
 *
 * <p>Design note: each call publishes a job; workers and the caller claim chunks from one atomic
 * cursor, so the caller never waits for a worker to start. The caller returns once every claimed
 * chunk has finished, waiting only for helpers that actually joined its job: a worker busy
 * elsewhere is never waited for, so calls from several threads, or nested calls, cannot deadlock.
 */
public final class WorkerPool implements Parallelizer, AutoCloseable {
  private final int parallelism;
  private final ExecutorService workers;

  /** A pool of {@code parallelism} workers (including the caller). */
  public WorkerPool(int parallelism) {
    if (parallelism < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1, got " + parallelism);
    }
    this.parallelism = parallelism;
    AtomicInteger n = new AtomicInteger();
    this.workers =
        parallelism == 1
            ? null
            : Executors.newFixedThreadPool(
                parallelism - 1,
                r -> {
                  Thread t = new Thread(r, "schedkit-worker-" + n.incrementAndGet());
                  t.setDaemon(true);
                  return t;
                });
  }

  @Override
  public int parallelism() {
    return parallelism;
  }

  @Override
  public void until(int pieces, IntConsumer work) {
    untilStopped(
        pieces,
        i -> {
          work.accept(i);
          return true;
        });
  }

  @Override
  public void untilStopped(int pieces, IntPredicate work) {
    if (pieces <= 0) {
      return;
    }
    if (workers == null || pieces == 1) {
      for (int i = 0; i < pieces; i++) {
        if (!work.test(i)) {
          return;
        }
      }
      return;
    }
    Job job = new Job(pieces, chunkSize(pieces, parallelism), work);
    int helpers = Math.min(parallelism - 1, job.chunks - 1);
    for (int h = 0; h < helpers; h++) {
      workers.execute(job::runAsHelper);
    }
    job.runChunks();
    job.closeAndAwaitHelpers();
    Throwable failure = job.failure.get();
    if (failure instanceof RuntimeException) {
      throw (RuntimeException) failure;
    }
    if (failure instanceof Error) {
      throw (Error) failure;
    }
  }

  static int chunkSize(int pieces, int parallelism) {
    int s = (int) Math.sqrt(pieces);
    int r = pieces / parallelism + 1;
    if (s > r) {
      s = r;
    }
    return Math.max(1, s);
  }

  /** Stops the worker threads. */
  @Override
  public void close() {
    if (workers != null) {
      workers.shutdownNow();
      try {
        workers.awaitTermination(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static final class Job {
    final int pieces;
    final int chunkSize;
    final int chunks;
    final IntPredicate work;
    final AtomicInteger cursor = new AtomicInteger();
    final AtomicBoolean stopped = new AtomicBoolean();

    /** Helpers inside the job; -1 once the caller closed it (late helpers then do nothing). */
    final AtomicInteger active = new AtomicInteger();

    final AtomicReference<Throwable> failure = new AtomicReference<>();
    final Thread caller = Thread.currentThread();

    Job(int pieces, int chunkSize, IntPredicate work) {
      this.pieces = pieces;
      this.chunkSize = chunkSize;
      this.chunks = (pieces + chunkSize - 1) / chunkSize;
      this.work = work;
    }

    void runAsHelper() {
      while (true) {
        int v = active.get();
        if (v < 0) {
          return;
        }
        if (active.compareAndSet(v, v + 1)) {
          break;
        }
      }
      try {
        runChunks();
      } finally {
        if (active.decrementAndGet() == 0) {
          LockSupport.unpark(caller);
        }
      }
    }

    void runChunks() {
      while (!stopped.get()) {
        int c = cursor.getAndIncrement();
        if (c >= chunks) {
          return;
        }
        int end = Math.min(pieces, (c + 1) * chunkSize);
        for (int i = c * chunkSize; i < end; i++) {
          if (stopped.get()) {
            return;
          }
          try {
            if (!work.test(i)) {
              stopped.set(true);
              return;
            }
          } catch (RuntimeException | Error e) {
            failure.compareAndSet(null, e);
            stopped.set(true);
            return;
          }
        }
      }
    }

    /**
     * Waits for the helpers that entered the job and bars the others, so a call never waits for a
     * worker that is busy elsewhere (which also makes nested calls from a worker safe).
     */
    void closeAndAwaitHelpers() {
      while (!active.compareAndSet(0, -1)) {
        LockSupport.park(this);
      }
    }
  }
}
