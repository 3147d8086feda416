package io.schedkit.core.clock;

import io.schedkit.framework.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The wall clock, with tasks run on one daemon timer thread. Close it to stop the thread; tasks
 * still pending are dropped.
 */
public final class SystemClock implements Clock, AutoCloseable {
  private final ScheduledThreadPoolExecutor timer;

  /** A clock with its own timer thread. */
  public SystemClock() {
    this.timer =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(r, "schedkit-timer");
              t.setDaemon(true);
              return t;
            });
    this.timer.setRemoveOnCancelPolicy(true);
    this.timer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
  }

  @Override
  public Instant now() {
    return Instant.now();
  }

  /** {@link System#nanoTime()}: monotonic, unaffected by changes to the wall clock. */
  @Override
  public long nanoTime() {
    return System.nanoTime();
  }

  @Override
  public Cancellable schedule(Duration delay, Runnable task) {
    long nanos = Math.max(0, delay.toNanos());
    ScheduledFuture<?> f = timer.schedule(task, nanos, TimeUnit.NANOSECONDS);
    return () -> f.cancel(false);
  }

  /** Stops the timer thread and waits briefly for a running task to finish. */
  @Override
  public void close() {
    timer.shutdownNow();
    try {
      timer.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
