package io.schedkit.core.clock;

import io.schedkit.framework.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.PriorityQueue;

/**
 * A clock whose time moves only when told to: the clock of simulations and tests. Scheduled tasks
 * run when time reaches them, in deadline order and, for equal deadlines, in the order they were
 * scheduled, on the thread that advances the clock. {@code Scheduler.runUntilIdle()} advances it
 * through backoffs and timers by itself.
 *
 * <p>Design note (threads): all state is guarded by the instance lock, but tasks run outside it, so
 * a task may schedule further tasks or read the time. Time never goes backwards.
 */
public class VirtualClock implements Clock {
  private final PriorityQueue<Task> tasks = new PriorityQueue<>();
  private Instant now;
  private long sequence;

  /** A clock at the Unix epoch. */
  public VirtualClock() {
    this(Instant.EPOCH);
  }

  /** A clock at {@code start}. */
  public VirtualClock(Instant start) {
    this.now = Objects.requireNonNull(start, "start");
  }

  @Override
  public synchronized Instant now() {
    return now;
  }

  @Override
  public synchronized Cancellable schedule(Duration delay, Runnable task) {
    return schedule(delay, task, false);
  }

  /**
   * Schedules a background task: it runs when time passes its deadline, as any task, but it is not
   * a deadline ({@link #nextDeadline}, {@link #advanceToNextDeadline}, {@link #pendingTasks} and
   * {@link #deadlines} leave it out), so periodic housekeeping does not keep a run going.
   *
   * @param delay how long from now
   * @param task the task
   * @return a handle that cancels it
   */
  public synchronized Cancellable scheduleBackground(Duration delay, Runnable task) {
    return schedule(delay, task, true);
  }

  private Cancellable schedule(Duration delay, Runnable task, boolean background) {
    Objects.requireNonNull(task, "task");
    Instant at = delay.isNegative() ? now : now.plus(delay);
    Task t = new Task(at, sequence++, task, background);
    tasks.add(t);
    return () -> {
      synchronized (VirtualClock.this) {
        return tasks.remove(t);
      }
    };
  }

  /** The deadline of the earliest pending task, if any. */
  public synchronized Optional<Instant> nextDeadline() {
    Instant best = null;
    for (Task t : tasks) {
      if (!t.background && (best == null || t.at.isBefore(best))) {
        best = t.at;
      }
    }
    return Optional.ofNullable(best);
  }

  /** The number of pending tasks. */
  public synchronized int pendingTasks() {
    return (int) tasks.stream().filter(t -> !t.background).count();
  }

  /** Runs every task due now (including tasks they schedule for now); returns how many ran. */
  public int runDueTasks() {
    int ran = 0;
    while (true) {
      Task t;
      synchronized (this) {
        t = tasks.peek();
        if (t == null || t.at.isAfter(now)) {
          return ran;
        }
        tasks.poll();
      }
      t.task.run();
      ran++;
    }
  }

  /**
   * Moves time forward to {@code target}, running every task due on the way at its own deadline.
   * Does nothing if {@code target} is not after now (but still runs tasks due now).
   */
  public void advanceTo(Instant target) {
    while (true) {
      runDueTasks();
      synchronized (this) {
        Task t = tasks.peek();
        if (t == null || t.at.isAfter(target)) {
          if (target.isAfter(now)) {
            now = target;
          }
          break;
        }
        now = t.at;
      }
    }
    runDueTasks();
  }

  /** Moves time forward by {@code duration}, running due tasks on the way. */
  public void advance(Duration duration) {
    Instant target;
    synchronized (this) {
      target = now.plus(duration);
    }
    advanceTo(target);
  }

  /** Advances to the next deadline and runs what is due there; returns false if none is pending. */
  public boolean advanceToNextDeadline() {
    Optional<Instant> next = nextDeadline();
    if (next.isEmpty()) {
      return false;
    }
    advanceTo(next.get());
    return true;
  }

  /** The deadlines of the pending tasks, earliest first (for tests and diagnostics). */
  public synchronized List<Instant> deadlines() {
    List<Task> sorted = new ArrayList<>(tasks.stream().filter(t -> !t.background).toList());
    sorted.sort(null);
    return sorted.stream().map(t -> t.at).toList();
  }

  private static final class Task implements Comparable<Task> {
    final Instant at;
    final long seq;
    final Runnable task;
    final boolean background;

    Task(Instant at, long seq, Runnable task, boolean background) {
      this.at = at;
      this.seq = seq;
      this.task = task;
      this.background = background;
    }

    @Override
    public int compareTo(Task o) {
      int c = at.compareTo(o.at);
      return c != 0 ? c : Long.compare(seq, o.seq);
    }
  }
}
