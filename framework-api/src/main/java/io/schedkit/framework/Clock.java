package io.schedkit.framework;

import java.time.Duration;
import java.time.Instant;

/**
 * The scheduler's only source of time: backoff expiry, queue flushes, permit timeouts and lease
 * renewals all go through it. Live schedulers use the system clock; simulations and tests use a
 * virtual clock that advances only when told to, which makes runs deterministic.
 */
public interface Clock {
  /**
   * The current time.
   *
   * @return the current instant, never null
   */
  Instant now();

  /**
   * A reading of a monotonic clock in nanoseconds, for measuring elapsed time: it never goes
   * backwards and does not follow changes to the wall clock. Only differences between readings mean
   * anything. The default derives it from {@link #now()}, which suits clocks that never go
   * backwards (a virtual clock); the system clock overrides it with {@link System#nanoTime()}.
   *
   * @return the current reading, in nanoseconds
   */
  default long nanoTime() {
    Instant now = now();
    return now.getEpochSecond() * 1_000_000_000L + now.getNano();
  }

  /**
   * Runs {@code task} once, {@code delay} from now (at once for a zero or negative delay, but never
   * on the caller's stack). Tasks due at the same instant run in the order they were scheduled.
   *
   * @param delay how long from now to run the task
   * @param task the task to run
   * @return a handle to cancel the task
   */
  Cancellable schedule(Duration delay, Runnable task);

  /** A scheduled task that can still be called off. */
  @FunctionalInterface
  interface Cancellable {
    /**
     * Cancels the task if it has not run; returns whether it was cancelled by this call.
     *
     * @return true if this call cancelled the task; false if it had run or was cancelled already
     */
    boolean cancel();
  }
}
