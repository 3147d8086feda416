package io.schedkit.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.schedkit.core.Scheduler;
import io.schedkit.core.leaderelection.LeaderElectionRecord;
import io.schedkit.core.leaderelection.LeaseStore;
import io.schedkit.core.leaderelection.LeaseStoreException;
import io.schedkit.framework.config.SchedulerConfiguration;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Two schedulers share a Lease on a real API server: exactly one binds; when the leader stops
 * renewing (its lease calls fail, as in a network partition), the other takes the lease over within
 * leaseDuration plus the retry period (with client-go's jitter) and binds the rest, and no pod is
 * bound twice.
 */
@ExtendWith(RealApiServer.class)
final class LeaderElectionLiveTest {
  private static final Duration LEASE = Duration.ofSeconds(4);
  private static final Duration RETRY = Duration.ofSeconds(1);

  /** A Lease whose calls can be made to fail, and that notes the last successful write. */
  private static final class Partitionable implements LeaseStore {
    private final LeaseStore store;
    volatile boolean partitioned;
    volatile long lastWriteNanos;

    Partitionable(LeaseStore store) {
      this.store = store;
    }

    private void check() {
      if (partitioned) {
        throw new LeaseStoreException("partitioned by the test");
      }
    }

    @Override
    public Optional<Stored> get() {
      check();
      return store.get();
    }

    @Override
    public Stored create(LeaderElectionRecord record) {
      check();
      Stored s = store.create(record);
      lastWriteNanos = System.nanoTime();
      return s;
    }

    @Override
    public Stored update(LeaderElectionRecord record, String version) {
      check();
      Stored s = store.update(record, version);
      lastWriteNanos = System.nanoTime();
      return s;
    }
  }

  @Test
  void twoSchedulers_oneBinds_takeoverAfterTheLeaderStopsRenewing_noPodBoundTwice(
      KubeApiServer server) {
    try (KubernetesClient client = server.client()) {
      String ns = "election";
      client
          .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
          .create();
      List<HasMetadata> nodes = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        nodes.add(TestObjects.node("node-" + i, "16", "64Gi"));
      }
      TestObjects.createAll(client, nodes);
      SchedulerConfiguration config =
          LiveSchedulers.config(
              "leaderElection:\n  leaderElect: true\n  leaseDuration: 4s\n  renewDeadline: 3s\n"
                  + "  retryPeriod: 1s\n  resourceNamespace: kube-system\n"
                  + "  resourceName: schedkit-test\nprofiles:\n- schedulerName: "
                  + LiveSchedulers.NAME
                  + "\n");
      Partitionable storeA =
          new Partitionable(new KubernetesLeaseStore(client, "kube-system", "schedkit-test"));
      Partitionable storeB =
          new Partitionable(new KubernetesLeaseStore(client, "kube-system", "schedkit-test"));
      try (Live a = Live.start(client, config, storeA, "scheduler-a");
          Live b = Live.start(client, config, storeB, "scheduler-b")) {
        TestObjects.createAll(client, pods(ns, 0, 100));
        Await.until("100 pods bound", Duration.ofSeconds(60), () -> bound(client, ns) == 100);
        Live leader = a.scheduler.boundCount() > 0 ? a : b;
        Live follower = leader == a ? b : a;
        assertThat(leader.scheduler.boundCount()).isEqualTo(100);
        assertThat(follower.scheduler.boundCount()).isZero();
        assertThat(
                client
                    .leases()
                    .inNamespace("kube-system")
                    .withName("schedkit-test")
                    .get()
                    .getSpec()
                    .getHolderIdentity())
            .isEqualTo(leader.id);

        Partitionable leaderStore = leader == a ? storeA : storeB;
        leaderStore.partitioned = true;
        long stoppedRenewing = leaderStore.lastWriteNanos;
        Await.until(
            "the follower leads",
            Duration.ofSeconds(30),
            () -> follower.scheduler.leaderElector().orElseThrow().isLeader());
        long takeoverNanos = System.nanoTime() - stoppedRenewing;
        // client-go's bound: the lease must look unrenewed for leaseDuration, then one acquire
        // attempt comes within retryPeriod × (1 + 1.2 jitter); 1 s more for the requests.
        assertThat(Duration.ofNanos(takeoverNanos))
            .isLessThanOrEqualTo(LEASE.plus(RETRY.multipliedBy(22).dividedBy(10)).plusSeconds(1));

        TestObjects.createAll(client, pods(ns, 100, 150));
        Await.until("150 pods bound", Duration.ofSeconds(60), () -> bound(client, ns) == 150);
        assertThat(follower.scheduler.boundCount()).isEqualTo(50);
        assertThat(leader.scheduler.boundCount()).isEqualTo(100);
        assertThat(
                client
                    .leases()
                    .inNamespace("kube-system")
                    .withName("schedkit-test")
                    .get()
                    .getSpec()
                    .getHolderIdentity())
            .isEqualTo(follower.id);
      }
    }
  }

  /** A scheduler with its own view and lease store. */
  private static final class Live implements AutoCloseable {
    final String id;
    final KubernetesClusterView view;
    final Scheduler scheduler;

    private Live(String id, KubernetesClusterView view, Scheduler scheduler) {
      this.id = id;
      this.view = view;
      this.scheduler = scheduler;
    }

    static Live start(
        KubernetesClient client, SchedulerConfiguration config, LeaseStore store, String id) {
      KubernetesClusterView view = KubernetesClusterView.builder(client).build();
      view.start();
      Scheduler s =
          Scheduler.builder().cluster(view).configuration(config).leaderElection(store, id).build();
      s.start();
      return new Live(id, view, s);
    }

    @Override
    public void close() {
      scheduler.close();
      view.close();
    }
  }

  private static List<HasMetadata> pods(String ns, int from, int to) {
    List<HasMetadata> pods = new ArrayList<>();
    for (int i = from; i < to; i++) {
      pods.add(TestObjects.pod(ns, "p-" + i, LiveSchedulers.NAME, "100m", "128Mi"));
    }
    return pods;
  }

  private static long bound(KubernetesClient client, String ns) {
    return TestObjects.pods(client, ns).stream()
        .map(Pod::getSpec)
        .filter(s -> s.getNodeName() != null)
        .count();
  }
}
