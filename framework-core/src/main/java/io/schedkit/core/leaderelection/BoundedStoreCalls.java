package io.schedkit.core.leaderelection;

import io.schedkit.core.clock.VirtualClock;
import io.schedkit.framework.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The calls of one {@link LeaderElector} to its {@link LeaseStore}, each bounded by a timeout that
 * the elector enforces whatever the store does: a call that has not returned when its timeout
 * passes is a failure ({@link LeaseStoreException}), its outcome unknown. The timeout is also
 * passed to the store, which may bound the call at the server too.
 *
 * <p>On a {@link VirtualClock} a call runs on the caller's thread (a virtual store's latency
 * advances that clock) and fails afterwards if it took longer than its timeout in virtual time; on
 * any other clock it runs on one daemon thread owned by this object while the caller waits at most
 * the timeout, and an abandoned call is interrupted. Calls queued behind a stuck one time out too,
 * so a store that hangs costs the elector its lease, never a thread per attempt.
 */
final class BoundedStoreCalls implements AutoCloseable {
  private final LeaseStore store;
  private final Clock clock;
  private final String lease;
  private final boolean inline;
  private ExecutorService executor; // guarded by this
  private boolean closed; // guarded by this

  BoundedStoreCalls(LeaseStore store, Clock clock, String lease) {
    this.store = store;
    this.clock = clock;
    this.lease = lease;
    this.inline = clock instanceof VirtualClock;
  }

  Optional<LeaseStore.Stored> get(Duration timeout) {
    return call("get", timeout, () -> store.get(timeout));
  }

  LeaseStore.Stored create(LeaderElectionRecord record, Duration timeout) {
    return call("create", timeout, () -> store.create(record, timeout));
  }

  LeaseStore.Stored update(LeaderElectionRecord record, String version, Duration timeout) {
    return call("update", timeout, () -> store.update(record, version, timeout));
  }

  private <T> T call(String operation, Duration timeout, Supplier<T> body) {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new LeaseStoreException(
          operation + " of lease " + lease + " not attempted: no time left before the deadline");
    }
    if (inline) {
      long start = clock.nanoTime();
      T result = body.get();
      long took = clock.nanoTime() - start;
      if (took >= timeout.toNanos()) {
        throw timedOut(operation, timeout);
      }
      return result;
    }
    Future<T> future = executor().submit(body::get);
    try {
      return future.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      future.cancel(true);
      throw timedOut(operation, timeout);
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      throw new LeaseStoreException(operation + " of lease " + lease + " interrupted", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new LeaseStoreException(operation + " of lease " + lease + " failed", cause);
    }
  }

  private LeaseStoreException timedOut(String operation, Duration timeout) {
    return new LeaseStoreException(
        operation + " of lease " + lease + " timed out after " + timeout.toMillis() + " ms");
  }

  private synchronized ExecutorService executor() {
    if (closed) {
      throw new LeaseStoreException("lease " + lease + ": the elector is stopped");
    }
    if (executor == null) {
      executor =
          Executors.newSingleThreadExecutor(
              r -> {
                Thread t = new Thread(r, "schedkit-lease-" + lease);
                t.setDaemon(true);
                return t;
              });
    }
    return executor;
  }

  /** Stops the call thread, interrupting a call still running. */
  @Override
  public synchronized void close() {
    closed = true;
    if (executor != null) {
      executor.shutdownNow();
    }
  }
}
