package io.schedkit.core.leaderelection.failover;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.schedkit.core.leaderelection.LeaseStore;
import io.schedkit.leasestore.jdbc.JdbcLeaseStore;
import io.schedkit.leasestore.jdbc.PostgresServer;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/** The {@link FailoverScenarios} over {@link JdbcLeaseStore} on a real PostgreSQL server. */
final class JdbcFailoverTest extends FailoverScenarios {
  private static final AtomicInteger LEASES = new AtomicInteger();
  private static Optional<PostgresServer> server = Optional.empty();
  private final String lease = FailoverHarness.LEASE_NAME + "-" + LEASES.incrementAndGet();

  @BeforeAll
  static void startPostgres() throws Exception {
    server = PostgresServer.start();
  }

  @AfterAll
  static void stopPostgres() throws Exception {
    if (server.isPresent()) {
      server.get().close();
    }
  }

  @BeforeEach
  void requirePostgres() {
    assumeTrue(server.isPresent(), "PostgreSQL is not installed here");
  }

  @Override
  protected String storeName() {
    return "postgresql";
  }

  @Override
  protected LeaseStore client(String replica) {
    return JdbcLeaseStore.builder()
        .dataSource(server.orElseThrow().dataSource())
        .lease(lease)
        .build();
  }

  @Override
  protected void stopStore() throws Exception {
    server.orElseThrow().stop();
  }

  @Override
  protected void startStore() throws Exception {
    server.orElseThrow().restart();
  }
}
