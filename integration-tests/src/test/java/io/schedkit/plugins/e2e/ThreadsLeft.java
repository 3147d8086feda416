package io.schedkit.plugins.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;

/** The threads started since a snapshot, by identity. */
final class ThreadsLeft {
  private ThreadsLeft() {}

  /** The live threads now. */
  static Set<Thread> snapshot() {
    return Set.copyOf(Thread.getAllStackTraces().keySet());
  }

  /**
   * Asserts that every thread started since {@code before} has ended, waiting up to 30 seconds for
   * them to terminate (collecting garbage meanwhile: a JDK 17 HTTP client's selector thread ends
   * once its client is unreachable). The JDK's common fork-join pool is not anyone's to close.
   */
  static void assertNoneSince(Set<Thread> before) throws InterruptedException {
    long deadline = System.nanoTime() + 30_000_000_000L;
    List<Thread> left = since(before);
    while (!left.isEmpty() && System.nanoTime() < deadline) {
      System.gc();
      Thread.sleep(50);
      left = since(before);
    }
    assertThat(left).as("threads started and left behind").isEmpty();
  }

  private static List<Thread> since(Set<Thread> before) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .filter(t -> !before.contains(t))
        .filter(
            t -> !(t instanceof ForkJoinWorkerThread w && w.getPool() == ForkJoinPool.commonPool()))
        .toList();
  }
}
