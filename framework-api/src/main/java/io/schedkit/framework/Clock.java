package io.schedkit.framework;

import java.time.Duration;
import java.time.Instant;

/**
 * The scheduler's only source of time: backoff expiry, queue flushes, permit timeouts and lease
 * renewals all go through it. Live schedulers use the system clock; simulations and tests use a
 * virtual clock that advances only when told to, which makes runs deterministic.
 */
public interface Clock {
  /** The current time. */
  Instant now();

  /**
   * Runs {@code task} once, {@code delay} from now (at once for a zero or negative delay, but never
   * on the caller's stack). Tasks due at the same instant run in the order they were scheduled.
   */
  Cancellable schedule(Duration delay, Runnable task);

  /** A scheduled task that can still be called off. */
  @FunctionalInterface
  interface Cancellable {
    /** Cancels the task if it has not run; returns whether it was cancelled by this call. */
    boolean cancel();
  }
}
