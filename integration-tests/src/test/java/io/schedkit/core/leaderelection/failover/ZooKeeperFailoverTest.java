package io.schedkit.core.leaderelection.failover;

import io.schedkit.core.leaderelection.LeaseStore;
import io.schedkit.leasestore.zookeeper.ZooKeeperLeaseStore;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;

/** The {@link FailoverScenarios} over {@link ZooKeeperLeaseStore} on a real ZooKeeper server. */
final class ZooKeeperFailoverTest extends FailoverScenarios {
  private static final AtomicInteger LEASES = new AtomicInteger();
  private static TestingServer server;
  private final List<CuratorFramework> clients = new CopyOnWriteArrayList<>();
  private final String lease = FailoverHarness.LEASE_NAME + "-" + LEASES.incrementAndGet();

  @BeforeAll
  static void startZooKeeper() throws Exception {
    server = new TestingServer(true);
  }

  @AfterAll
  static void stopZooKeeper() throws Exception {
    server.close();
  }

  private boolean closed;

  /**
   * Closes every client, and refuses new ones: a replica replaced late (its replacement thread
   * outlived the harness's wait) must not open a client that nobody closes.
   */
  @AfterEach
  void closeClients() {
    synchronized (clients) {
      closed = true;
    }
    clients.forEach(CuratorFramework::close);
  }

  @Override
  protected String storeName() {
    return "zookeeper";
  }

  @Override
  protected LeaseStore client(String replica) {
    synchronized (clients) {
      if (closed) {
        throw new IllegalStateException("the test is over: no new client for " + replica);
      }
      return newClient();
    }
  }

  private LeaseStore newClient() {
    CuratorFramework client =
        CuratorFrameworkFactory.builder()
            .connectString(server.getConnectString())
            .sessionTimeoutMs(10_000)
            .connectionTimeoutMs(1_000)
            .retryPolicy(new RetryOneTime(100))
            .build();
    client.start();
    clients.add(client);
    return ZooKeeperLeaseStore.builder().client(client).lease(lease).build();
  }

  @Override
  protected void stopStore() throws Exception {
    server.stop();
  }

  @Override
  protected void startStore() throws Exception {
    server.restart();
  }
}
