package io.schedkit.leasestore.zookeeper;

import io.schedkit.core.leaderelection.LeaseStore;
import io.schedkit.core.leaderelection.conformance.LeaseStoreContract;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The {@link LeaseStoreContract} on {@link ZooKeeperLeaseStore} over a real ZooKeeper server. */
final class ZooKeeperLeaseStoreContractTest extends LeaseStoreContract {
  private static TestingServer server;
  private static final List<CuratorFramework> CLIENTS = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void startZooKeeper() throws Exception {
    server = new TestingServer(true);
  }

  @AfterAll
  static void stopZooKeeper() throws Exception {
    CLIENTS.forEach(CuratorFramework::close);
    server.close();
  }

  @Override
  protected LeaseStore store(String lease) {
    CuratorFramework client =
        CuratorFrameworkFactory.builder()
            .connectString(server.getConnectString())
            .sessionTimeoutMs(10_000)
            .connectionTimeoutMs(2_000)
            .retryPolicy(new RetryOneTime(100))
            .build();
    client.start();
    CLIENTS.add(client);
    return ZooKeeperLeaseStore.builder().client(client).lease(lease).build();
  }

  @Override
  protected boolean canRestartServer() {
    return true;
  }

  @Override
  protected void stopServer() throws Exception {
    server.stop();
  }

  @Override
  protected void startServer() throws Exception {
    server.restart();
  }
}
