package io.schedkit.core.leaderelection.failover;

import io.schedkit.core.clock.SystemClock;
import io.schedkit.framework.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One replica's clock over the shared system clock: its wall time may be offset (skew), its rate
 * may differ (a clock running fast or slow), and it may be paused as a process is by a long garbage
 * collection: while paused, time stands still and no task runs; on resume the time jumps to where
 * it would be and the held tasks run.
 */
final class ReplicaClock implements Clock {
  private final SystemClock base;
  private final Duration offset;
  private final double rate;
  private final long originNanos = System.nanoTime();
  private final Instant originWall = Instant.now();
  private final List<Runnable> held = new ArrayList<>();
  private volatile boolean paused;
  private volatile long frozenNanos;

  ReplicaClock(SystemClock base, Duration offset, double rate) {
    this.base = base;
    this.offset = offset;
    this.rate = rate;
  }

  private long elapsed() {
    return (long) ((System.nanoTime() - originNanos) * rate);
  }

  @Override
  public Instant now() {
    long e = paused ? frozenNanos : elapsed();
    return originWall.plus(offset).plusNanos(e);
  }

  @Override
  public long nanoTime() {
    return paused ? frozenNanos : elapsed();
  }

  @Override
  public Cancellable schedule(Duration delay, Runnable task) {
    long real = (long) (Math.max(0, delay.toNanos()) / rate);
    return base.schedule(Duration.ofNanos(real), () -> runOrHold(task));
  }

  private void runOrHold(Runnable task) {
    synchronized (held) {
      if (paused) {
        held.add(task);
        return;
      }
    }
    task.run();
  }

  /** Freezes time and holds every task that comes due. */
  void pause() {
    synchronized (held) {
      frozenNanos = elapsed();
      paused = true;
    }
  }

  /** Lets time jump to now and runs the held tasks. */
  void resume() {
    List<Runnable> due;
    synchronized (held) {
      paused = false;
      due = new ArrayList<>(held);
      held.clear();
    }
    for (Runnable r : due) {
      base.schedule(Duration.ZERO, r);
    }
  }
}
