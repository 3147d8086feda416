package io.schedkit.kubernetes;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.schedkit.core.Scheduler;
import io.schedkit.core.config.SchedulerConfigurationDecoder;
import io.schedkit.framework.Registry;
import io.schedkit.framework.config.ClientConnectionConfig;
import io.schedkit.framework.config.SchedulerConfiguration;
import java.time.Duration;

/** A scheduler over a {@link KubernetesClusterView}, as {@code schedkit run} builds one. */
final class LiveSchedulers implements AutoCloseable {
  /** The scheduler name of the tests' profile: schedkit runs beside a default scheduler. */
  static final String NAME = "schedkit";

  final KubernetesClusterView view;
  final Scheduler scheduler;

  private LiveSchedulers(KubernetesClusterView view, Scheduler scheduler) {
    this.view = view;
    this.scheduler = scheduler;
  }

  /** The configuration {@code KubeSchedulerConfiguration} YAML body, after the header. */
  static SchedulerConfiguration config(String body) {
    return new SchedulerConfigurationDecoder()
        .decode(
            "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n" + body,
            "test-config.yaml",
            Registry.discover())
        .configuration();
  }

  /** One profile named {@link #NAME}, no leader election. */
  static SchedulerConfiguration defaultConfig() {
    return config(
        "leaderElection: {leaderElect: false}\nprofiles:\n- schedulerName: " + NAME + "\n");
  }

  /** Starts a view and a scheduler on it; with leader election when the config says so. */
  static LiveSchedulers start(KubernetesClient client, SchedulerConfiguration config, String id) {
    KubernetesClusterView view =
        KubernetesClusterView.builder(client)
            .syncTimeout(Duration.ofSeconds(60))
            .eventRateLimit(new ClientConnectionConfig("", "", "", -1, 0))
            .build();
    view.start();
    Scheduler.Builder b = Scheduler.builder().cluster(view).configuration(config);
    if (config.leaderElection().leaderElect()) {
      b.leaderElection(
          new KubernetesLeaseStore(
              client,
              config.leaderElection().resourceNamespace(),
              config.leaderElection().resourceName()),
          id);
    }
    Scheduler s = b.build();
    s.start();
    return new LiveSchedulers(view, s);
  }

  @Override
  public void close() {
    scheduler.close();
    view.close();
  }
}
