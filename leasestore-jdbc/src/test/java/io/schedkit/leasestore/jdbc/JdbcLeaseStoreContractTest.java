package io.schedkit.leasestore.jdbc;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.schedkit.core.leaderelection.LeaseStore;
import io.schedkit.core.leaderelection.conformance.LeaseStoreContract;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/** The {@link LeaseStoreContract} on {@link JdbcLeaseStore} over a real PostgreSQL server. */
final class JdbcLeaseStoreContractTest extends LeaseStoreContract {
  private static Optional<PostgresServer> server = Optional.empty();

  @BeforeAll
  static void startServer_() throws Exception {
    server = PostgresServer.start();
  }

  @AfterAll
  static void stopServer_() throws Exception {
    if (server.isPresent()) {
      server.get().close();
    }
  }

  @BeforeEach
  void requireServer() {
    assumeTrue(server.isPresent(), "PostgreSQL is not installed here");
  }

  @Override
  protected LeaseStore store(String lease) {
    return JdbcLeaseStore.builder()
        .dataSource(server.orElseThrow().dataSource())
        .lease(lease)
        .build();
  }

  @Override
  protected boolean canRestartServer() {
    return true;
  }

  @Override
  protected void stopServer() throws Exception {
    server.orElseThrow().stop();
  }

  @Override
  protected void startServer() throws Exception {
    server.orElseThrow().restart();
  }
}
