package io.schedkit.core.leaderelection;

import java.util.Objects;
import java.util.Optional;

/**
 * Where the host keeps the lease that {@link LeaderElector}s compete for: one record with a version
 * that changes on every write, and writes that are compare-and-set on that version. A Kubernetes
 * host backs it with a {@code coordination.k8s.io/v1} Lease ({@link LeaseCodec} converts) and its
 * {@code metadata.resourceVersion}; any store with compare-and-set works (a database row with a
 * version column, etcd, ZooKeeper). {@link InMemoryLeaseStore} is the embedded one.
 *
 * <p>Calls are synchronous and run on the elector's clock thread; an implementation should bound
 * each call well below the elector's {@code renewDeadline} (client-go uses a request timeout) and
 * report every failure as a {@link LeaseStoreException}. Implementations must be thread-safe.
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
