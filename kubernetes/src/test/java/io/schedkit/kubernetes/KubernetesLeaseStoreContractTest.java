package io.schedkit.kubernetes;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.schedkit.core.leaderelection.LeaseStore;
import io.schedkit.core.leaderelection.conformance.LeaseStoreContract;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The lease store contract on a real API server: every store is a {@link KubernetesLeaseStore} with
 * a client of its own, on a Lease of the {@code default} namespace; the server restart is the
 * apiserver's, on the same etcd.
 */
@ExtendWith(RealApiServer.class)
final class KubernetesLeaseStoreContractTest extends LeaseStoreContract {
  private static KubeApiServer server;
  private static final List<KubernetesClient> CLIENTS = new ArrayList<>();

  @BeforeAll
  static void connect(KubeApiServer s) {
    server = s;
  }

  @AfterAll
  static void disconnect() {
    CLIENTS.forEach(KubernetesClient::close);
    CLIENTS.clear();
  }

  @Override
  protected LeaseStore store(String lease) {
    KubernetesClient client = server.client();
    CLIENTS.add(client);
    return new KubernetesLeaseStore(client, "default", lease);
  }

  @Override
  protected void stopServer() throws Exception {
    server.stopApiServer();
  }

  @Override
  protected void startServer() throws Exception {
    server.startApiServer();
  }

  /** The v1.20 test server predates Lease's strategy and preferredHolder (1.31) and drops them. */
  @Override
  protected boolean keepsCoordinatedElectionFields() {
    return false;
  }

  /** Kubernetes creates a Lease on update (client-go's LeaseLock relies on it). */
  @Override
  protected boolean updateCreatesAMissingLease() {
    return true;
  }

  @Override
  protected boolean canRestartServer() {
    return true;
  }
}
