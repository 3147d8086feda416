package io.schedkit.core.leaderelection;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the host keeps the lease that {@link LeaderElector}s compete for: one record with a version
 * that changes on every write, and writes that are compare-and-set on that version. A Kubernetes
 * host backs it with a {@code coordination.k8s.io/v1} Lease ({@link LeaseCodec} converts) and its
 * {@code metadata.resourceVersion}; any store with compare-and-set works (a database row with a
 * version column, etcd, ZooKeeper). {@link InMemoryLeaseStore} is the embedded one.
 *
 * <p>Calls are synchronous. The elector calls the variants that take a timeout, always shorter than
 * its {@code renewDeadline}, and enforces it itself too: it runs each call on a thread of its own
 * and gives up waiting when the timeout passes, treating the call as failed (its outcome unknown;
 * compare-and-set makes that safe). A store that can bound its own calls (a JDBC query timeout, a
 * ZooKeeper session) overrides them so that an abandoned call also stops at the server; the
 * defaults ignore the timeout and call the plain methods. Every failure is reported as a {@link
 * LeaseStoreException}. Implementations must be thread-safe.
 *
 * <p>The {@code leaderTransitions} of the stored record is the fencing token of its holder ({@link
 * io.schedkit.framework.cluster.FencingToken}): a store must keep it as written and never reset it,
 * so deleting the lease and recreating it (which starts again at 0) is not allowed while schedulers
 * run.
 */
public interface LeaseStore {
  /**
   * The stored record and its version; empty when there is no lease yet.
   *
   * @throws LeaseStoreException if the store cannot be read
   */
  Optional<Stored> get();

  /**
   * Creates the lease with {@code record}.
   *
   * @return the stored record with its first version
   * @throws LeaseConflictException if the lease already exists
   * @throws LeaseStoreException if the write fails for another reason
   */
  Stored create(LeaderElectionRecord record);

  /**
   * Replaces the record if the stored version is still {@code expectedResourceVersion}.
   *
   * @return the stored record with its new version
   * @throws LeaseConflictException if the version changed (another writer got there first) or the
   *     lease no longer exists
   * @throws LeaseStoreException if the write fails for another reason
   */
  Stored update(LeaderElectionRecord record, String expectedResourceVersion);

  /**
   * {@link #get()}, bounded by {@code timeout} where the store can bound it; by default {@link
   * #get()}.
   *
   * @throws LeaseStoreException if the store cannot be read, including when the timeout passed
   */
  default Optional<Stored> get(Duration timeout) {
    return get();
  }

  /**
   * {@link #create(LeaderElectionRecord)}, bounded by {@code timeout} where the store can bound it;
   * by default {@link #create(LeaderElectionRecord)}.
   *
   * @throws LeaseConflictException if the lease already exists
   * @throws LeaseStoreException if the write fails for another reason, or the timeout passed
   */
  default Stored create(LeaderElectionRecord record, Duration timeout) {
    return create(record);
  }

  /**
   * {@link #update(LeaderElectionRecord, String)}, bounded by {@code timeout} where the store can
   * bound it; by default {@link #update(LeaderElectionRecord, String)}.
   *
   * @throws LeaseConflictException if the version changed or the lease no longer exists
   * @throws LeaseStoreException if the write fails for another reason, or the timeout passed
   */
  default Stored update(
      LeaderElectionRecord record, String expectedResourceVersion, Duration timeout) {
    return update(record, expectedResourceVersion);
  }

  /**
   * A record as stored, with the version a later {@link #update} must name.
   *
   * @param record the record (never null)
   * @param resourceVersion the opaque version of the stored value (never null)
   */
  record Stored(LeaderElectionRecord record, String resourceVersion) {
    /** Checks that neither part is null. */
    public Stored {
      Objects.requireNonNull(record, "record");
      Objects.requireNonNull(resourceVersion, "resourceVersion");
    }
  }
}
