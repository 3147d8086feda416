package io.schedkit.core.leaderelection.failover;

import io.schedkit.core.leaderelection.InMemoryLeaseStore;
import io.schedkit.core.leaderelection.LeaseStore;

/** The {@link FailoverScenarios} over an {@link InMemoryLeaseStore} shared by the replicas. */
final class InMemoryFailoverTest extends FailoverScenarios {
  private final InMemoryLeaseStore store = new InMemoryLeaseStore(FailoverHarness.LEASE_NAME);

  @Override
  protected String storeName() {
    return "in-memory";
  }

  @Override
  protected LeaseStore client(String replica) {
    return store;
  }

  @Override
  protected void stopStore() {
    store.setUnavailable(true);
  }

  @Override
  protected void startStore() {
    store.setUnavailable(false);
  }
}
