package io.schedkit.core.runtime;

import io.schedkit.framework.Parallelizer;
import java.util.concurrent.ConcurrentLinkedQueue;
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
 * kube-scheduler's parallelizer; {@link #untilStopped}, a few pieces at a time). With parallelism 1
 * everything runs on the caller's thread, in index order, which keeps simulations deterministic.
 *
 * <p>Design note: each call publishes a job; workers and the caller claim chunks from one atomic
 * cursor, so the caller never waits for a worker to start. The caller returns once every claimed
 * chunk has finished, waiting only for helpers that actually joined its job: a worker busy
 * elsewhere is never waited for, so calls from several threads, or nested calls, cannot deadlock.
 *
 * <p>Design note on latency: a scheduling cycle fans out twice (Filter, then Score) and each
 * fan-out lasts tens of microseconds, about what it costs to wake a parked thread. So an idle
 * worker first spins for {@link #SPIN_NANOS} looking for the next job, and parks only after that; a
 * caller unparks workers only when one is parked. The handshake is the classic one: a worker
 * announces itself in {@code sleepers} before its last look at the offers, a caller publishes its
 * offer before it reads {@code sleepers}, so one of the two always sees the other.
 */
public final class WorkerPool implements Parallelizer, AutoCloseable {
  /**
   * Fewer pieces than this (nodes, for Filter and Score) are not worth a fan-out: handing work to
   * another thread costs microseconds, about what 1,000 nodes of Filter or Score cost on one.
   */
  public static final int MIN_PARALLEL_NODES = 1024;

  /** A parallelizer that runs everything on the caller's thread, in index order. */
  public static final WorkerPool INLINE = new WorkerPool(1);

  /** How long an idle worker looks for the next job before it parks. */
  static final long SPIN_NANOS = 50_000;

  private final int parallelism;
  private final Thread[] workers;
  private final ConcurrentLinkedQueue<Job> offers = new ConcurrentLinkedQueue<>();
  private final AtomicInteger sleepers = new AtomicInteger();
  private volatile boolean closed;

  /** A pool of {@code parallelism} workers (including the caller). */
  public WorkerPool(int parallelism) {
    if (parallelism < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1, got " + parallelism);
    }
    this.parallelism = parallelism;
    this.workers = new Thread[parallelism - 1];
    for (int i = 0; i < workers.length; i++) {
      Thread t = new Thread(this::work, "schedkit-worker-" + (i + 1));
      t.setDaemon(true);
      workers[i] = t;
      t.start();
    }
  }

  @Override
  public int parallelism() {
    return parallelism;
  }

  @Override
  public void until(int pieces, IntConsumer work) {
    run(
        pieces,
        chunkSize(pieces, parallelism),
        i -> {
          work.accept(i);
          return true;
        },
        null);
  }

  /**
   * {@inheritDoc}
   *
   * <p>The pieces are handed out {@value #STOPPABLE_CHUNK} at a time: work that may stop early
   * (preemption's dry run, a node per piece) has pieces that each cost microseconds, and a worker
   * that the operating system deschedules holds up the caller with the unstarted pieces it claimed;
   * with small claims the caller takes them instead.
   */
  @Override
  public void untilStopped(int pieces, IntPredicate work) {
    run(pieces, Math.min(STOPPABLE_CHUNK, chunkSize(pieces, parallelism)), work, null);
  }

  @Override
  public void rangesUntilStopped(int pieces, RangeWork work) {
    run(pieces, chunkSize(pieces, parallelism), null, work);
  }

  /** The most pieces one claim takes in {@link #untilStopped}. */
  static final int STOPPABLE_CHUNK = 4;

  /** Runs {@code pieceWork} per piece, or {@code rangeWork} per chunk (exactly one is given). */
  private void run(int pieces, int chunkSize, IntPredicate pieceWork, RangeWork rangeWork) {
    if (pieces <= 0) {
      return;
    }
    if (workers.length == 0 || pieces == 1) {
      if (rangeWork != null) {
        rangeWork.run(0, pieces);
        return;
      }
      for (int i = 0; i < pieces; i++) {
        if (!pieceWork.test(i)) {
          return;
        }
      }
      return;
    }
    if (closed) {
      throw new IllegalStateException("the worker pool is closed");
    }
    Job job = new Job(pieces, chunkSize, pieceWork, rangeWork);
    int helpers = Math.min(workers.length, job.chunks - 1);
    for (int h = 0; h < helpers; h++) {
      offers.add(job);
    }
    if (sleepers.get() > 0) {
      for (Thread t : workers) {
        LockSupport.unpark(t);
      }
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

  /** A worker's life: run offered jobs, spin a little when there are none, then park. */
  private void work() {
    while (!closed) {
      Job job = offers.poll();
      if (job == null) {
        long deadline = System.nanoTime() + SPIN_NANOS;
        while ((job = offers.poll()) == null && !closed && System.nanoTime() < deadline) {
          Thread.onSpinWait();
        }
      }
      if (job != null) {
        job.runAsHelper();
        continue;
      }
      sleepers.incrementAndGet();
      try {
        while (offers.isEmpty() && !closed) {
          LockSupport.park(this);
        }
      } finally {
        sleepers.decrementAndGet();
      }
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

  /** Stops the worker threads and waits (briefly) for them to end. */
  @Override
  public void close() {
    closed = true;
    for (Thread t : workers) {
      LockSupport.unpark(t);
    }
    for (Thread t : workers) {
      try {
        t.join(TimeUnit.SECONDS.toMillis(5));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private static final class Job {
    final int pieces;
    final int chunkSize;
    final int chunks;
    final IntPredicate pieceWork;
    final RangeWork rangeWork;
    final AtomicInteger cursor = new AtomicInteger();
    final AtomicBoolean stopped = new AtomicBoolean();

    /** Helpers inside the job; -1 once the caller closed it (late helpers then do nothing). */
    final AtomicInteger active = new AtomicInteger();

    final AtomicReference<Throwable> failure = new AtomicReference<>();
    final Thread caller = Thread.currentThread();

    Job(int pieces, int chunkSize, IntPredicate pieceWork, RangeWork rangeWork) {
      this.pieces = pieces;
      this.chunkSize = chunkSize;
      this.chunks = (pieces + chunkSize - 1) / chunkSize;
      this.pieceWork = pieceWork;
      this.rangeWork = rangeWork;
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
        int from = c * chunkSize;
        int end = Math.min(pieces, from + chunkSize);
        try {
          if (!(rangeWork != null ? rangeWork.run(from, end) : runPieces(from, end))) {
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

    /** The pieces of one chunk, one by one; false once a piece asks to stop. */
    private boolean runPieces(int from, int end) {
      for (int i = from; i < end; i++) {
        if (stopped.get()) {
          return true;
        }
        if (!pieceWork.test(i)) {
          return false;
        }
      }
      return true;
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
