package io.schedkit.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.schedkit.core.Scheduler;
import io.schedkit.core.codec.FieldValidation;
import io.schedkit.core.leaderelection.LeaderElector;
import io.schedkit.framework.Registry;
import io.schedkit.framework.config.LeaderElectionConfig;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.kubernetes.KubernetesClusterView;
import io.schedkit.kubernetes.KubernetesLeaseStore;
import io.schedkit.metrics.micrometer.PrometheusMetrics;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code schedkit run}: schedules a live cluster's pods whose {@code spec.schedulerName} is one of
 * the configuration's profiles, beside (or instead of) kube-scheduler, until SIGTERM or SIGINT.
 *
 * <p>With {@code leaderElection.leaderElect: true} it stands for election on the configured Lease
 * and schedules only while it leads; losing the lease ends the command with exit 1, as
 * kube-scheduler exits, so that its Deployment restarts it. On SIGTERM/SIGINT it stops starting
 * scheduling cycles, waits for the binds in flight (up to the renew deadline), releases the lease
 * and exits 0. {@code /healthz}, {@code /readyz} and {@code /metrics} are served on {@code
 * --bind-address:--port}.
 */
@Command(
    name = "run",
    versionProvider = SchedkitCli.Version.class,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Schedules the live cluster's pods whose spec.schedulerName names one of the"
          + " configuration's profiles, until SIGTERM/SIGINT; with leaderElection.leaderElect it"
          + " schedules only while it holds the configured Lease.",
      "Serves /healthz, /readyz (ready once the informers have synced) and /metrics (Prometheus"
          + " text) over plain HTTP."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:stopped by SIGTERM/SIGINT",
      "1:leader election lost",
      "2:bad configuration or kubeconfig",
      "3:internal error (for example the cluster could not be read)"
    })
final class RunCommand implements Callable<Integer> {
  private static final Logger LOG = LoggerFactory.getLogger(RunCommand.class);

  @Spec private CommandSpec spec;

  @Option(
      names = "--config",
      required = true,
      paramLabel = "FILE",
      description =
          "A KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1): profiles,"
              + " leaderElection, clientConnection (qps, burst, kubeconfig).")
  private Path config;

  @Option(
      names = "--kubeconfig",
      paramLabel = "FILE",
      description =
          "The kubeconfig; default: clientConnection.kubeconfig, KUBECONFIG, ~/.kube/config, then"
              + " the in-cluster service account.")
  private Path kubeconfig;

  @Option(names = "--context", paramLabel = "NAME", description = "The kubeconfig context.")
  private String context;

  @Option(
      names = "--port",
      paramLabel = "N",
      defaultValue = "10251",
      description =
          "The port of /healthz, /readyz and /metrics (0: any free port); default: 10251.")
  private int port;

  @Option(
      names = "--bind-address",
      paramLabel = "ADDR",
      defaultValue = "127.0.0.1",
      description = "The address to serve on; default: 127.0.0.1.")
  private String bindAddress;

  @Option(
      names = "--id",
      paramLabel = "IDENTITY",
      description = "The leader election identity; default: <hostname>_<uuid>.")
  private String identity;

  private final CountDownLatch stopRequested = new CountDownLatch(1);
  private final CountDownLatch stopped = new CountDownLatch(1);
  private volatile int servedPort = -1;

  /** Asks a running command to stop as SIGTERM does (for the signal handler and tests). */
  void requestStop() {
    stopRequested.countDown();
  }

  /** The port actually served on, or -1 before the server started. */
  int servedPort() {
    return servedPort;
  }

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    Inputs inputs = new Inputs(err, FieldValidation.STRICT);
    Registry registry = Registry.discover();
    Inputs.Config cfg = inputs.configuration(config, registry);
    SchedulerConfiguration configuration = cfg.configuration();
    LeaderElectionConfig election = configuration.leaderElection();
    if (election.leaderElect() && !"leases".equals(election.resourceLock())) {
      throw new InputException(
          config
              + ": leaderElection.resourceLock: Unsupported value: \""
              + election.resourceLock()
              + "\": supported values: \"leases\"");
    }
    Thread hook = new Thread(this::onSignal, "schedkit-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    int exit;
    try (KubernetesClient client =
        LiveCluster.connect(kubeconfig, context, configuration.clientConnection())) {
      exit = serve(cfg, registry, client, err);
    } finally {
      stopped.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // the JVM is shutting down: the hook is running
      }
    }
    return exit;
  }

  private int serve(
      Inputs.Config cfg, Registry registry, KubernetesClient client, PrintWriter err) {
    SchedulerConfiguration configuration = cfg.configuration();
    PrometheusMetrics metrics = new PrometheusMetrics();
    try (KubernetesClusterView view =
        KubernetesClusterView.builder(client)
            .eventRateLimit(configuration.clientConnection())
            .build()) {
      Scheduler[] scheduler = new Scheduler[1];
      HealthServer health;
      try {
        health =
            new HealthServer(
                new InetSocketAddress(bindAddress, port),
                () -> health(scheduler[0]),
                view::hasSynced,
                metrics::scrape);
        registerLiveMeters(metrics.registry(), view, scheduler);
      } catch (IOException e) {
        throw new InputException(
            "--port: cannot serve on " + bindAddress + ":" + port + ": " + e.getMessage(), e);
      }
      try (health) {
        servedPort = health.port();
        LOG.info("serving /healthz, /readyz and /metrics on {}:{}", bindAddress, servedPort);
        try {
          view.start();
        } catch (IllegalStateException | io.fabric8.kubernetes.client.KubernetesClientException e) {
          err.println(
              "schedkit run: cannot read the cluster at "
                  + client.getMasterUrl()
                  + ": "
                  + e.getMessage());
          err.flush();
          return SchedkitCli.EXIT_INTERNAL;
        }
        Scheduler.Builder b =
            Scheduler.builder()
                .cluster(view)
                .registry(registry)
                .metrics(metrics.schedulerMetrics());
        LeaderElectionConfig election = configuration.leaderElection();
        if (election.leaderElect()) {
          String id = identity != null ? identity : LeaderElector.defaultIdentity();
          b.leaderElection(
              new KubernetesLeaseStore(
                  client, election.resourceNamespace(), election.resourceName()),
              id);
          LOG.info(
              "{} stands for election on Lease {}/{}",
              id,
              election.resourceNamespace(),
              election.resourceName());
        }
        try (Scheduler s = Inputs.scheduler(b, cfg)) {
          scheduler[0] = s;
          s.warnings().forEach(w -> LOG.warn("{}", w));
          s.start();
          LOG.info("scheduling pods of {}", s.profileNames());
          boolean lost = awaitStop(s);
          s.drain(election.leaderElect() ? election.renewDeadline() : Duration.ofSeconds(30));
          if (lost) {
            LOG.error("leader election lost: exiting");
            return SchedkitCli.EXIT_NEGATIVE;
          }
          LOG.info("stopping: bound {} pods", s.boundCount());
          return SchedkitCli.EXIT_OK;
        }
      }
    }
  }

  /** Waits for a stop request; true if leadership was lost instead. */
  private boolean awaitStop(Scheduler s) {
    Optional<LeaderElector> elector = s.leaderElector();
    try {
      while (!stopRequested.await(200, TimeUnit.MILLISECONDS)) {
        if (elector.isPresent() && elector.get().lostLeadership()) {
          return true;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return false;
  }

  private static Optional<String> health(Scheduler s) {
    if (s == null) {
      return Optional.empty();
    }
    return s.leaderElector().flatMap(LeaderElector::checkHealth);
  }

  /** What {@code run} adds to kube-scheduler's metrics: binds, relists and events written. */
  private static void registerLiveMeters(
      MeterRegistry registry, KubernetesClusterView view, Scheduler[] scheduler) {
    FunctionCounter.builder(
            "schedkit.bound.pods", scheduler, s -> s[0] == null ? 0 : s[0].boundCount())
        .description("Pods bound by this scheduler.")
        .register(registry);
    FunctionCounter.builder("schedkit.informer.relists", view, v -> v.relistCount())
        .description("Relists after a watch expired or reconnected.")
        .register(registry);
    FunctionCounter.builder("schedkit.events.written", view, v -> v.eventsWritten())
        .description("Events written to the API server.")
        .register(registry);
  }

  /** SIGTERM/SIGINT: stop gracefully, then end the JVM with the command's success. */
  private void onSignal() {
    if (stopped.getCount() == 0) {
      return; // the command had finished
    }
    LOG.info("signal received: finishing the bindings in flight and releasing the lease");
    requestStop();
    try {
      stopped.await(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    Runtime.getRuntime().halt(SchedkitCli.EXIT_OK);
  }
}
