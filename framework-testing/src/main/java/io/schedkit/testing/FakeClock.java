package io.schedkit.testing;

import io.schedkit.core.clock.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A {@link VirtualClock} with the conveniences of Kubernetes' {@code clock/testing.FakeClock}:
 * {@link #step} and {@link #setTime}. Tests use it instead of sleeping: time moves only when the
 * test says so, and tasks scheduled on the clock (backoffs, permit timeouts) run, in deadline
 * order, on the thread that moves it.
 *
 * <p>A new clock starts at {@link #DEFAULT_START}, 2026-01-01T00:00:00Z, rather than at the Unix
 * epoch: timestamps in failures then read as real dates and cannot be mistaken for an unset or zero
 * time. Time only moves forward.
 */
public final class FakeClock extends VirtualClock {
  /** Where a {@code FakeClock} starts unless told otherwise: 2026-01-01T00:00:00Z. */
  public static final Instant DEFAULT_START = Instant.parse("2026-01-01T00:00:00Z");

  /** A clock at {@link #DEFAULT_START}. */
  public FakeClock() {
    super(DEFAULT_START);
  }

  /** A clock at {@code start}. */
  public FakeClock(Instant start) {
    super(start);
  }

  /**
   * Moves time forward by {@code duration}, running every task that falls due on the way at its own
   * deadline.
   *
   * @throws IllegalArgumentException if {@code duration} is negative
   */
  public void step(Duration duration) {
    Objects.requireNonNull(duration, "duration");
    if (duration.isNegative()) {
      throw new IllegalArgumentException("a FakeClock cannot step back (" + duration + ")");
    }
    advance(duration);
  }

  /**
   * Moves time forward to {@code time}, running every task that falls due on the way; setting the
   * current time again only runs the tasks due now.
   *
   * @throws IllegalArgumentException if {@code time} is before now
   */
  public void setTime(Instant time) {
    Objects.requireNonNull(time, "time");
    Instant now = now();
    if (time.isBefore(now)) {
      throw new IllegalArgumentException(
          "a FakeClock cannot go back in time from " + now + " to " + time);
    }
    advanceTo(time);
  }

  /** Whether any task is scheduled and has not run (upstream's {@code HasWaiters}). */
  public boolean hasWaiters() {
    return pendingTasks() > 0;
  }
}
