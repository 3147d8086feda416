package io.schedkit.core.leaderelection;

import io.schedkit.core.leaderelection.conformance.LeaseStoreContract;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The {@link LeaseStoreContract} on {@link InMemoryLeaseStore} (one store shared per lease). */
final class InMemoryLeaseStoreContractTest extends LeaseStoreContract {
  private final Map<String, InMemoryLeaseStore> leases = new ConcurrentHashMap<>();

  @Override
  protected LeaseStore store(String lease) {
    return leases.computeIfAbsent(lease, InMemoryLeaseStore::new);
  }
}
