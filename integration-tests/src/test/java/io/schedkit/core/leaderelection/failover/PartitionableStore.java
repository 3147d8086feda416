package io.schedkit.core.leaderelection.failover;

import io.schedkit.core.leaderelection.LeaderElectionRecord;
import io.schedkit.core.leaderelection.LeaseStore;
import io.schedkit.core.leaderelection.LeaseStoreException;
import java.time.Duration;
import java.util.Optional;

/** A replica's client of the lease store, which a test can cut off as a network partition would. */
final class PartitionableStore implements LeaseStore {
  private final LeaseStore delegate;
  private volatile boolean cut;

  PartitionableStore(LeaseStore delegate) {
    this.delegate = delegate;
  }

  void cut(boolean cut) {
    this.cut = cut;
  }

  private void check() {
    if (cut) {
      throw new LeaseStoreException("partitioned from the lease store");
    }
  }

  @Override
  public Optional<Stored> get() {
    check();
    return delegate.get();
  }

  @Override
  public Stored create(LeaderElectionRecord record) {
    check();
    return delegate.create(record);
  }

  @Override
  public Stored update(LeaderElectionRecord record, String expectedResourceVersion) {
    check();
    return delegate.update(record, expectedResourceVersion);
  }

  @Override
  public Optional<Stored> get(Duration timeout) {
    check();
    return delegate.get(timeout);
  }

  @Override
  public Stored create(LeaderElectionRecord record, Duration timeout) {
    check();
    return delegate.create(record, timeout);
  }

  @Override
  public Stored update(
      LeaderElectionRecord record, String expectedResourceVersion, Duration timeout) {
    check();
    return delegate.update(record, expectedResourceVersion, timeout);
  }
}
