package io.schedkit.core.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs inputs against a boundary, each on a worker thread with a deadline, and classifies what
 * happened: accepted, rejected as declared, or a failure (an undeclared throwable, a rejection
 * whose message breaks the rules, or a hang).
 *
 * <p>The deadline is the worker's CPU time, so that a busy machine does not turn a slow input into
 * a hang: an input hangs when the worker has computed for longer than the deadline without an
 * answer, or (a worker that waits instead of computing) when {@link #WALL_BACKSTOP} times the
 * deadline has passed on the wall clock.
 */
final class FuzzRunner implements AutoCloseable {

  /** A failure: its class (what distinguishes it from other failures) and a description. */
  record Failure(String classKey, String description) {}

  /** How many deadlines of wall time an input may take, whatever its CPU time. */
  static final int WALL_BACKSTOP = 30;

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final long POLL_MILLIS = 50;

  private final Duration deadline;
  private ExecutorService worker;
  private volatile Thread workerThread;

  FuzzRunner(Duration deadline) {
    this.deadline = deadline;
    this.worker = newWorker();
  }

  private ExecutorService newWorker() {
    return Executors.newSingleThreadExecutor(
        r -> {
          Thread t = new Thread(r, "fuzz-worker");
          t.setDaemon(true);
          workerThread = t;
          return t;
        });
  }

  /** Runs {@code input} on {@code boundary}; null when the boundary behaved as declared. */
  Failure run(Boundary boundary, String input) {
    // A new worker thread (the first, or one after a hang) starts from no CPU time.
    long cpuBefore = workerThread == null ? 0 : cpuTime();
    Future<Throwable> f =
        worker.submit(
            () -> {
              try {
                boundary.target().accept(input);
                return null;
              } catch (Throwable t) { // NOPMD: every throwable is judged by the oracle
                return t;
              }
            });
    Throwable thrown;
    try {
      thrown = await(f, cpuBefore);
    } catch (TimeoutException e) {
      Thread stuck = workerThread;
      StackTraceElement[] stack = stuck == null ? new StackTraceElement[0] : stuck.getStackTrace();
      f.cancel(true);
      worker.shutdownNow();
      stop(stuck);
      workerThread = null;
      worker = newWorker();
      return new Failure(
          "hang (no answer within " + deadline.toSeconds() + " s of CPU time) at " + frame(stack),
          "hang; the worker was at:\n" + stackText(stack, 25));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("the fuzz worker failed", e.getCause());
    }
    if (thrown == null) {
      return null;
    }
    String why = boundary.oracle().apply(thrown);
    if (why == null) {
      return null;
    }
    return new Failure(
        why.replaceAll(" \\([0-9]+\\)", "")
            + ": "
            + thrown.getClass().getName()
            + " at "
            + frame(thrown.getStackTrace()),
        why + ":\n" + describe(thrown));
  }

  /**
   * The task's result once it ends; a {@link TimeoutException} once the worker has computed for the
   * deadline, or the wall clock has run {@link #WALL_BACKSTOP} deadlines.
   */
  private Throwable await(Future<Throwable> f, long cpuStart)
      throws InterruptedException, ExecutionException, TimeoutException {
    long wallStart = System.nanoTime();
    long limit = deadline.toNanos();
    while (true) {
      try {
        return f.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
      } catch (TimeoutException stillRunning) {
        long cpu = cpuTime();
        boolean cpuSpent = cpu >= 0 && cpu - cpuStart > limit;
        boolean wallSpent = System.nanoTime() - wallStart > limit * WALL_BACKSTOP;
        boolean noCpuClock = cpu < 0 && System.nanoTime() - wallStart > limit;
        if (cpuSpent || wallSpent || noCpuClock) {
          throw stillRunning;
        }
      }
    }
  }

  /** The worker's CPU time in nanoseconds, or -1 when the JVM cannot tell. */
  private long cpuTime() {
    Thread t = workerThread;
    if (t == null || !THREADS.isThreadCpuTimeSupported()) {
      return -1;
    }
    return THREADS.getThreadCpuTime(t.getId());
  }

  /** A stuck decode burns a core until it ends; stop it where the JDK still can. */
  @SuppressWarnings({"deprecation", "removal"})
  private static void stop(Thread t) {
    if (t == null) {
      return;
    }
    try {
      t.stop();
    } catch (UnsupportedOperationException e) {
      // Later JDKs cannot stop a thread; it stays a daemon.
    }
  }

  /** The first schedkit frame that is not the harness's, else the top frame. */
  static String frame(StackTraceElement[] stack) {
    for (StackTraceElement e : stack) {
      String c = e.getClassName();
      if (c.startsWith("io.schedkit.")
          && !c.startsWith("io.schedkit.core.fuzz.")
          && !c.endsWith("FuzzTarget")) {
        return e.getClassName() + "." + e.getMethodName();
      }
    }
    return stack.length == 0 ? "?" : stack[0].getClassName() + "." + stack[0].getMethodName();
  }

  private static String stackText(StackTraceElement[] stack, int max) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < Math.min(max, stack.length); i++) {
      sb.append("\tat ").append(stack[i]).append('\n');
    }
    if (stack.length > max) {
      sb.append("\t... ").append(stack.length - max).append(" more\n");
    }
    return sb.toString();
  }

  private static String describe(Throwable t) {
    StringBuilder sb = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      sb.append(c == t ? "" : "Caused by: ").append(c.getClass().getName());
      String m = c.getMessage();
      if (m != null) {
        sb.append(": ").append(shorten(m, 300));
      }
      sb.append('\n').append(stackText(c.getStackTrace(), c == t ? 25 : 8));
    }
    return sb.toString();
  }

  /** {@code s} cut to about {@code max} characters, control characters escaped. */
  static String shorten(String s, int max) {
    String cut =
        s.length() <= max
            ? s
            : s.substring(0, max * 2 / 3)
                + " ...("
                + (s.length() - max)
                + " characters)... "
                + s.substring(s.length() - max / 3);
    StringBuilder sb = new StringBuilder(cut.length());
    for (int i = 0; i < cut.length(); i++) {
      char c = cut.charAt(i);
      if (c == '\n') {
        sb.append("\\n");
      } else if (c < 0x20 || c == 0x7f || Character.isSurrogate(c) || c == 0xfeff) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  /**
   * Writes {@code input} to {@code dir/name}: as UTF-8 ({@code .txt}) when it survives the round
   * trip, else as UTF-16BE ({@code .utf16}), which keeps lone surrogates.
   */
  static Path write(Path dir, String name, String input) {
    try {
      Files.createDirectories(dir);
      byte[] utf8 = input.getBytes(StandardCharsets.UTF_8);
      boolean exact = new String(utf8, StandardCharsets.UTF_8).equals(input);
      Path file = dir.resolve(name + (exact ? ".txt" : ".utf16"));
      Files.write(file, exact ? utf8 : input.getBytes(StandardCharsets.UTF_16BE));
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads an input written by {@link #write}. */
  static String read(Path file) {
    try {
      byte[] bytes = Files.readAllBytes(file);
      return file.getFileName().toString().endsWith(".utf16")
          ? new String(bytes, StandardCharsets.UTF_16BE)
          : new String(bytes, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}
