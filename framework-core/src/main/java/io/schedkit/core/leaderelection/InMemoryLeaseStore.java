package io.schedkit.core.leaderelection;

import io.schedkit.core.clock.VirtualClock;
import io.schedkit.framework.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link LeaseStore} in memory: the lease of electors in one JVM (several embedded schedulers,
 * simulations, tests). Versions are decimal strings from a counter, so they grow with every write,
 * as Kubernetes resource versions do.
 *
 * <p>For tests it can fail calls ({@link #failNext}, {@link #setUnavailable}), fail writes with a
 * conflict ({@link #conflictNext}) and make every call take time ({@link #setLatency}); it records
 * the calls made ({@link #operations}) and every record written ({@link #history}). The host side
 * ({@link #put}, {@link #delete}, {@link #peek}) bypasses all of that.
 *
 * <p>Design note (threads): one lock guards the lease and the counters; each call is atomic under
 * it. A latency is spent before the call takes the lock: on a {@link VirtualClock} by advancing it
 * (which runs the tasks due meanwhile, other electors' included, on the calling thread), on any
 * other clock by sleeping the calling thread.
 */
public final class InMemoryLeaseStore implements LeaseStore {
  private final String name;
  private final Object lock = new Object();
  private final List<String> operations = new ArrayList<>();
  private final List<Stored> history = new ArrayList<>();
  private Stored current;
  private long version;
  private int failNext;
  private boolean unavailable;
  private int conflictNext;
  private Clock latencyClock;
  private Duration latency = Duration.ZERO;

  /** An empty store for the lease {@code kube-scheduler}. */
  public InMemoryLeaseStore() {
    this("kube-scheduler");
  }

  /** An empty store for the lease {@code name} (used in messages). */
  public InMemoryLeaseStore(String name) {
    this.name = Objects.requireNonNull(name, "name");
  }

  @Override
  public Optional<Stored> get() {
    delay();
    synchronized (lock) {
      call("get");
      return Optional.ofNullable(current);
    }
  }

  @Override
  public Stored create(LeaderElectionRecord record) {
    Objects.requireNonNull(record, "record");
    delay();
    synchronized (lock) {
      call("create");
      injectConflict();
      if (current != null) {
        throw new LeaseConflictException(
            "leases.coordination.k8s.io \"" + name + "\" already exists");
      }
      return write(record);
    }
  }

  @Override
  public Stored update(LeaderElectionRecord record, String expectedResourceVersion) {
    Objects.requireNonNull(record, "record");
    delay();
    synchronized (lock) {
      call("update");
      injectConflict();
      if (current == null) {
        throw new LeaseConflictException("leases.coordination.k8s.io \"" + name + "\" not found");
      }
      if (!current.resourceVersion().equals(expectedResourceVersion)) {
        throw new LeaseConflictException(
            "Operation cannot be fulfilled on leases.coordination.k8s.io \""
                + name
                + "\": the object has been modified; please apply your changes to the latest"
                + " version and try again");
      }
      return write(record);
    }
  }

  // ------------------------------------------------------------------ host side

  /** The stored lease, without counting a call or injecting anything. */
  public Optional<Stored> peek() {
    synchronized (lock) {
      return Optional.ofNullable(current);
    }
  }

  /** Writes {@code record} unconditionally, as another writer would; returns it stored. */
  public Stored put(LeaderElectionRecord record) {
    Objects.requireNonNull(record, "record");
    synchronized (lock) {
      return write(record);
    }
  }

  /** Deletes the lease. */
  public void delete() {
    synchronized (lock) {
      current = null;
    }
  }

  // ------------------------------------------------------------------ injection and records

  /** Makes the next {@code calls} calls (of any kind) fail with a {@link LeaseStoreException}. */
  public void failNext(int calls) {
    synchronized (lock) {
      failNext = calls;
    }
  }

  /** Makes every call fail, as an unreachable store, until set back to false. */
  public void setUnavailable(boolean unavailable) {
    synchronized (lock) {
      this.unavailable = unavailable;
    }
  }

  /**
   * Makes the next {@code writes} creates or updates fail with a {@link LeaseConflictException}.
   */
  public void conflictNext(int writes) {
    synchronized (lock) {
      conflictNext = writes;
    }
  }

  /**
   * Makes every call take {@code latency} on {@code clock} before it is carried out ({@code ZERO}
   * for none).
   */
  public void setLatency(Clock clock, Duration latency) {
    synchronized (lock) {
      this.latencyClock = Objects.requireNonNull(clock, "clock");
      this.latency = Objects.requireNonNull(latency, "latency");
    }
  }

  /** The calls made so far, in order: {@code get}, {@code create} or {@code update}. */
  public List<String> operations() {
    synchronized (lock) {
      return List.copyOf(operations);
    }
  }

  /** Forgets the calls recorded so far. */
  public void clearOperations() {
    synchronized (lock) {
      operations.clear();
    }
  }

  /** Every record written so far (creates, updates and puts), in order, with its version. */
  public List<Stored> history() {
    synchronized (lock) {
      return List.copyOf(history);
    }
  }

  // ------------------------------------------------------------------ internals

  private void call(String operation) {
    operations.add(operation);
    if (unavailable) {
      throw new LeaseStoreException("lease store unavailable (injected)");
    }
    if (failNext > 0) {
      failNext--;
      throw new LeaseStoreException(operation + " failed (injected)");
    }
  }

  private void injectConflict() {
    if (conflictNext > 0) {
      conflictNext--;
      throw new LeaseConflictException(
          "Operation cannot be fulfilled on leases.coordination.k8s.io \""
              + name
              + "\": the object has been modified (injected)");
    }
  }

  private Stored write(LeaderElectionRecord record) {
    current = new Stored(record, Long.toString(++version));
    history.add(current);
    return current;
  }

  private void delay() {
    Clock clock;
    Duration d;
    synchronized (lock) {
      clock = latencyClock;
      d = latency;
    }
    if (clock == null || d.isZero() || d.isNegative()) {
      return;
    }
    if (clock instanceof VirtualClock vc) {
      vc.advance(d);
      return;
    }
    try {
      Thread.sleep(d.toMillis(), (int) (d.toNanos() % 1_000_000));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LeaseStoreException("interrupted", e);
    }
  }
}
