package io.schedkit.core;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;

/**
 * The binding executor of a simulation: tasks wait in a FIFO queue until the scheduler runs them on
 * its own thread between scheduling cycles, so binding never runs inside another pod's cycle and a
 * run is deterministic.
 */
final class DeferredExecutor implements Executor {
  private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();

  @Override
  public synchronized void execute(Runnable task) {
    tasks.add(task);
  }

  /** Runs queued tasks, including those they queue, until none is left; returns how many ran. */
  int runAll() {
    int ran = 0;
    while (true) {
      Runnable task;
      synchronized (this) {
        task = tasks.poll();
      }
      if (task == null) {
        return ran;
      }
      task.run();
      ran++;
    }
  }

  synchronized boolean isEmpty() {
    return tasks.isEmpty();
  }
}
