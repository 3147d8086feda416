package io.schedkit.kubernetes;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The live throughput benchmark (not a test: run by {@code benchmarks/kube-live/run.sh}, which sets
 * {@code SCHEDKIT_LIVE_BENCH=1}): {@code schedkit run} and the upstream kube-scheduler binary, each
 * as its own process against the same real API server, schedule the same workload — 5,000 pods
 * created as fast as the API server takes them onto 500 nodes — first with the same client QPS
 * (kube-scheduler's defaults, 50/100), then unthrottled. Reported per run: pods per second from the
 * first pod's creation to the last pod's binding, and the creation rate alone (the API server's
 * ceiling for this load). Results go to stdout and {@code target/live-bench.txt}.
 */
@ExtendWith(RealApiServer.class)
@EnabledIfEnvironmentVariable(named = "SCHEDKIT_LIVE_BENCH", matches = "1")
final class LiveThroughputBench {
  private static final int NODES = Integer.getInteger("bench.nodes", 500);
  private static final int PODS = Integer.getInteger("bench.pods", 5000);
  private static final int WARMUP = Integer.getInteger("bench.warmup", 0);
  private static final String SCHEDULER = "bench-scheduler";

  @Test
  void schedkitVersusKubeScheduler(KubeApiServer server) throws Exception {
    Path assets = Path.of(System.getenv("KUBEBUILDER_ASSETS"));
    Path jar = Path.of(System.getenv("SCHEDKIT_JAR"));
    Path kubeconfig = server.kubeconfig();
    List<String> results = new ArrayList<>();
    try (KubernetesClient client = server.client()) {
      List<HasMetadata> nodes = new ArrayList<>();
      for (int i = 0; i < NODES; i++) {
        nodes.add(TestObjects.node(String.format("node-%04d", i), "32", "128Gi"));
      }
      TestObjects.createAll(client, nodes);
      int run = 0;
      String only = System.getProperty("bench.only", "");
      for (String qps : List.of(System.getProperty("bench.qps", "50,-1").split(","))) {
        for (String which : List.of("kube-scheduler", "schedkit")) {
          if (!only.isEmpty() && !only.equals(which)) {
            continue;
          }
          run++;
          String ns = "bench-" + run;
          client
              .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
              .create();
          Path dir = server.dir().resolve("bench-" + run);
          Files.createDirectories(dir);
          int port = freePort();
          Process p = start(which, qps, assets, jar, kubeconfig, dir, port);
          try {
            awaitReady(
                p,
                "http://127.0.0.1:" + port + (which.equals("schedkit") ? "/readyz" : "/healthz"),
                dir);
            if (WARMUP > 0) {
              String warm = ns + "-warmup";
              client
                  .resource(
                      new NamespaceBuilder().withNewMetadata().withName(warm).endMetadata().build())
                  .create();
              measure(client, warm, which, qps, p, WARMUP);
              client.pods().inNamespace(warm).withGracePeriod(0).delete();
              Await.until(
                  "warm-up pods deleted",
                  Duration.ofMinutes(5),
                  () -> TestObjects.pods(client, warm).isEmpty());
            }
            String line = measure(client, ns, which, qps, p, PODS);
            results.add(line);
            System.out.println(line);
          } finally {
            p.destroy();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
              p.destroyForcibly();
            }
          }
          client.pods().inNamespace(ns).withGracePeriod(0).delete();
          Await.until(
              "pods of " + ns + " deleted",
              Duration.ofMinutes(5),
              () -> TestObjects.pods(client, ns).isEmpty());
        }
      }
    }
    Files.write(Path.of("target/live-bench.txt"), results);
  }

  private static Process start(
      String which, String qps, Path assets, Path jar, Path kubeconfig, Path dir, int port)
      throws IOException {
    String burst = qps.equals("50") ? "100" : "0";
    List<String> cmd;
    Path config = dir.resolve("config.yaml");
    if (which.equals("kube-scheduler")) {
      Files.writeString(
          config,
          "apiVersion: kubescheduler.config.k8s.io/v1beta1\nkind: KubeSchedulerConfiguration\n"
              + "clientConnection: {kubeconfig: "
              + kubeconfig
              + ", qps: "
              + qps
              + ", burst: "
              + burst
              + "}\n"
              + "leaderElection: {leaderElect: false}\n"
              + "healthzBindAddress: 127.0.0.1:"
              + port
              + "\nmetricsBindAddress: 127.0.0.1:"
              + freePort()
              + "\n"
              + "profiles:\n- schedulerName: "
              + SCHEDULER
              + "\n");
      cmd = List.of(assets.resolve("kube-scheduler").toString(), "--config=" + config, "--v=1");
    } else {
      Files.writeString(
          config,
          "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n"
              + "clientConnection: {qps: "
              + qps
              + ", burst: "
              + burst
              + "}\n"
              + "leaderElection: {leaderElect: false}\n"
              + "profiles:\n- schedulerName: "
              + SCHEDULER
              + "\n");
      // As ./schedkit starts `run`; SCHEDKIT_BENCH_JVM_OPTS come later, so they win.
      cmd = new ArrayList<>(List.of("java", "-XX:+UseParallelGC", "-XX:TieredStopAtLevel=1"));
      String opts = System.getenv("SCHEDKIT_BENCH_JVM_OPTS");
      if (opts != null && !opts.isBlank()) {
        cmd.addAll(List.of(opts.trim().split("\\s+")));
      }
      cmd.addAll(
          List.of(
              "-jar",
              jar.toString(),
              "run",
              "--config=" + config,
              "--kubeconfig=" + kubeconfig,
              "--port=" + port));
    }
    return new ProcessBuilder(cmd)
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve(which + ".log").toFile())
        .start();
  }

  /** The CPU time the process used so far (user and system). */
  private static Duration cpu(Process p) {
    return p.toHandle().info().totalCpuDuration().orElse(Duration.ZERO);
  }

  private static int freePort() throws IOException {
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /**
   * Waits until the scheduler answers 200 on {@code url} (schedkit: /readyz; upstream: /healthz).
   */
  private static void awaitReady(Process p, String url, Path dir) {
    java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
    Await.until(
        "the scheduler ready at " + url,
        Duration.ofSeconds(90),
        () -> {
          if (!p.isAlive()) {
            throw new AssertionError("the scheduler exited: see " + dir);
          }
          try {
            return http.send(
                        java.net.http.HttpRequest.newBuilder(java.net.URI.create(url)).build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString())
                    .statusCode()
                == 200;
          } catch (IOException e) {
            return false;
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
          }
        });
  }

  private static String measure(
      KubernetesClient client, String ns, String which, String qps, Process scheduler, int pods)
      throws Exception {
    Set<String> bound = ConcurrentHashMap.newKeySet();
    SharedIndexInformer<Pod> informer =
        client
            .pods()
            .inNamespace(ns)
            .inform(
                new ResourceEventHandler<Pod>() {
                  @Override
                  public void onAdd(Pod pod) {
                    note(pod);
                  }

                  @Override
                  public void onUpdate(Pod old, Pod pod) {
                    note(pod);
                  }

                  @Override
                  public void onDelete(Pod pod, boolean unknown) {}

                  private void note(Pod pod) {
                    if (pod.getSpec().getNodeName() != null) {
                      bound.add(pod.getMetadata().getName());
                    }
                  }
                });
    try {
      ExecutorService pool = Executors.newFixedThreadPool(8);
      Duration cpuBefore = cpu(scheduler);
      long start = System.nanoTime();
      List<Future<?>> created = new ArrayList<>();
      for (int i = 0; i < pods; i++) {
        Pod pod = TestObjects.pod(ns, "p-" + i, SCHEDULER, "100m", "128Mi");
        created.add(pool.submit(() -> client.resource(pod).create()));
      }
      for (Future<?> f : created) {
        f.get();
      }
      long createdAt = System.nanoTime();
      pool.shutdown();
      Await.until(
          "all pods bound",
          Duration.ofMinutes(10),
          () -> bound.size() == pods,
          () -> bound.size() + " bound");
      long end = System.nanoTime();
      double cpuSeconds = cpu(scheduler).minus(cpuBefore).toMillis() / 1000.0;
      double total = (end - start) / 1e9;
      double creation = (createdAt - start) / 1e9;
      return String.format(
          Locale.ROOT,
          "%-14s qps=%-3s nodes=%d pods=%d warmup=%d  %.1f s creation-to-bound  %.0f pods/s"
              + "  (creation alone %.1f s, %.0f pods/s)  scheduler cpu %.1f s",
          which,
          qps.equals("-1") ? "unl" : qps,
          NODES,
          pods,
          WARMUP,
          total,
          pods / total,
          creation,
          pods / creation,
          cpuSeconds);
    } finally {
      informer.close();
    }
  }
}
