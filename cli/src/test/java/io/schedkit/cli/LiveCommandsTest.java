package io.schedkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClassBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.schedkit.kubernetes.Await;
import io.schedkit.kubernetes.KubeApiServer;
import io.schedkit.kubernetes.RealApiServer;
import io.schedkit.kubernetes.TestObjects;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code run}, {@code snapshot} and {@code explain --kubeconfig} against a real API server: the
 * snapshot's pending pods are placed by {@code simulate} exactly where {@code run} binds them;
 * {@code run} serves its endpoints, stops on request with exit 0 and releases its Lease.
 */
@ExtendWith(RealApiServer.class)
final class LiveCommandsTest {
  private static final String NS = "live";

  @Test
  void snapshotThenSimulate_placesPendingPodsWhereRunBindsThem(
      KubeApiServer server, @TempDir Path dir) throws Exception {
    Path kubeconfig = server.kubeconfig();
    try (KubernetesClient client = server.client()) {
      client
          .resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
          .create();
      // One priority per pending pod: the queue's order is then the same on the wall clock of run
      // and the virtual clock of simulate (where every pod is queued at the same instant and the
      // heap's order among equal keys is not first-in first-out).
      List<HasMetadata> classes = new ArrayList<>();
      for (int i = 0; i < 30; i++) {
        classes.add(
            new PriorityClassBuilder()
                .withNewMetadata()
                .withName("p-" + i)
                .endMetadata()
                .withValue(1000 - 7 * i)
                .build());
      }
      TestObjects.createAll(client, classes);
      List<HasMetadata> objects = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        // Distinct sizes, so scores rarely tie.
        objects.add(TestObjects.node("node-" + i, (4 + i) + "", (8 + 2 * i) + "Gi"));
      }
      TestObjects.createAll(client, objects);
      List<HasMetadata> pods = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        Pod running =
            TestObjects.pod(NS, "running-" + i, "default-scheduler", (500 + 250 * i) + "m", "1Gi");
        running.getSpec().setNodeName("node-" + (i % 3));
        pods.add(running);
      }
      for (int i = 0; i < 30; i++) {
        Pod p =
            TestObjects.pod(
                NS, "pending-" + i, "schedkit", (200 + 37 * i) + "m", (256 + 64 * (i % 5)) + "Mi");
        p.getSpec().setPriorityClassName("p-" + ((i * 11) % 30));
        pods.add(p);
      }
      TestObjects.createAll(client, pods);

      Path snapshot = dir.resolve("snapshot.yaml");
      CliFixtures.Result snap =
          CliFixtures.run(
              "snapshot", "--kubeconfig", kubeconfig.toString(), "-o", snapshot.toString());
      assertThat(snap.exit()).as(snap.err()).isZero();
      String text = Files.readString(snapshot);
      assertThat(text)
          .startsWith("apiVersion: v1\nkind: List\nitems:\n")
          .contains("name: pending-29");

      Path config = dir.resolve("config.yaml");
      Files.writeString(
          config,
          "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n"
              + "leaderElection: {leaderElect: false}\nprofiles:\n- schedulerName: schedkit\n");
      Path workload = dir.resolve("workload.yaml");
      Files.writeString(workload, "apiVersion: v1\nkind: List\nitems: []\n");
      CliFixtures.Result sim =
          CliFixtures.run(
              "simulate",
              "--cluster",
              snapshot.toString(),
              "--workload",
              workload.toString(),
              "--config",
              config.toString(),
              "--format",
              "json");
      assertThat(sim.exit()).as(sim.err()).isZero();
      Map<String, String> simulated = new TreeMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it =
              sim.json().get("placements").properties().iterator();
          it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        simulated.put(e.getKey(), e.getValue().isNull() ? null : e.getValue().asText());
      }
      assertThat(simulated).hasSize(30).doesNotContainValue(null);

      Running run = Running.start(kubeconfig, config, "--port", "0");
      Await.until(
          "30 pods bound by run",
          Duration.ofSeconds(90),
          () ->
              placements(client).values().stream().filter(java.util.Objects::nonNull).count()
                  == 30);
      assertThat(run.stop()).isZero();

      assertThat(placements(client)).isEqualTo(simulated);
    }
  }

  @Test
  void run_servesEndpoints_stopsWithExit0_andReleasesTheLease(
      KubeApiServer server, @TempDir Path dir) throws Exception {
    Path kubeconfig = server.kubeconfig();
    try (KubernetesClient client = server.client()) {
      client
          .resource(new NamespaceBuilder().withNewMetadata().withName("run").endMetadata().build())
          .create();
      client.resource(TestObjects.node("run-node", "64", "256Gi")).create();
      Path config = dir.resolve("config.yaml");
      Files.writeString(
          config,
          "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n"
              + "clientConnection: {qps: 20, burst: 40}\n"
              + "leaderElection:\n  leaderElect: true\n  resourceNamespace: kube-system\n"
              + "  resourceName: schedkit-run\nprofiles:\n- schedulerName: schedkit-run\n");
      Running run = Running.start(kubeconfig, config, "--port", "0", "--id", "run-test");
      HttpClient http = HttpClient.newHttpClient();
      Await.until(
          "/readyz answers 200",
          Duration.ofSeconds(60),
          () -> get(http, run, "/readyz").statusCode() == 200);
      List<HasMetadata> pods = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        pods.add(TestObjects.pod("run", "p-" + i, "schedkit-run", "100m", "64Mi"));
      }
      TestObjects.createAll(client, pods);
      Await.until(
          "20 pods bound",
          Duration.ofSeconds(60),
          () ->
              TestObjects.pods(client, "run").stream()
                  .allMatch(p -> p.getSpec().getNodeName() != null));
      assertThat(get(http, run, "/healthz").body()).isEqualTo("ok\n");
      Await.until(
          "the metrics count the binds",
          Duration.ofSeconds(30),
          () -> get(http, run, "/metrics").body().contains("\nschedkit_bound_pods_total 20.0\n"));
      assertThat(get(http, run, "/metrics").body())
          .contains(
              "\nscheduler_schedule_attempts_total{profile=\"schedkit-run\",result=\"scheduled\"}"
                  + " 20.0\n")
          .containsPattern("\nleader_election_master_status\\{name=\"[^\"]+\"} 1.0\n");
      assertThat(
              client
                  .leases()
                  .inNamespace("kube-system")
                  .withName("schedkit-run")
                  .get()
                  .getSpec()
                  .getHolderIdentity())
          .isEqualTo("run-test");

      assertThat(run.stop()).isZero();
      assertThat(
              client
                  .leases()
                  .inNamespace("kube-system")
                  .withName("schedkit-run")
                  .get()
                  .getSpec()
                  .getHolderIdentity())
          .as("released")
          .isNullOrEmpty();
    }
  }

  @Test
  void explainKubeconfig_explainsALivePendingPod(KubeApiServer server) throws Exception {
    Path kubeconfig = server.kubeconfig();
    try (KubernetesClient client = server.client()) {
      client
          .resource(
              new NamespaceBuilder().withNewMetadata().withName("explain").endMetadata().build())
          .create();
      client.resource(TestObjects.node("small", "1", "1Gi")).create();
      // Larger than any node of this class's server.
      client
          .resource(TestObjects.pod("explain", "big", "default-scheduler", "100", "512Mi"))
          .create();

      CliFixtures.Result r =
          CliFixtures.run(
              "explain",
              "--kubeconfig",
              kubeconfig.toString(),
              "--pod",
              "explain/big",
              "--format",
              "json");

      assertThat(r.exit()).as(r.err()).isEqualTo(SchedkitCli.EXIT_NEGATIVE);
      JsonNode line = r.jsonLines().get(0);
      assertThat(line.get("pod").asText()).isEqualTo("explain/big");
      assertThat(line.get("result").asText()).isEqualTo("Unschedulable");
      JsonNode small = null;
      for (JsonNode n : line.get("nodes")) {
        if (n.get("name").asText().equals("small")) {
          small = n;
        }
      }
      assertThat(small).isNotNull();
      assertThat(small.get("filter").get("reasons").toString()).contains("Insufficient cpu");
      assertThat(
              CliFixtures.run(
                      "explain", "--kubeconfig", kubeconfig.toString(), "--pod", "explain/none")
                  .err())
          .contains("no pod explain/none");
    }
  }

  private static Map<String, String> placements(KubernetesClient client) {
    Map<String, String> m = new TreeMap<>();
    for (Pod p : TestObjects.pods(client, NS)) {
      if (p.getMetadata().getName().startsWith("pending-")) {
        m.put(NS + "/" + p.getMetadata().getName(), p.getSpec().getNodeName());
      }
    }
    return m;
  }

  private static HttpResponse<String> get(HttpClient http, Running run, String path) {
    try {
      return http.send(
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + run.command.servedPort() + path))
              .build(),
          HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** {@code schedkit run} in a background thread of this JVM. */
  private static final class Running {
    final RunCommand command;
    final CompletableFuture<CliFixtures.Result> result;

    private Running(RunCommand command, CompletableFuture<CliFixtures.Result> result) {
      this.command = command;
      this.result = result;
    }

    static Running start(Path kubeconfig, Path config, String... more) {
      CommandLine cl = SchedkitCli.commandLine();
      RunCommand command = cl.getSubcommands().get("run").getCommand();
      List<String> args =
          new ArrayList<>(
              List.of("run", "--kubeconfig", kubeconfig.toString(), "--config", config.toString()));
      args.addAll(List.of(more));
      CompletableFuture<CliFixtures.Result> result =
          CompletableFuture.supplyAsync(() -> CliFixtures.run(cl, args.toArray(new String[0])));
      Await.until(
          "run serving",
          Duration.ofSeconds(60),
          () -> command.servedPort() > 0 || result.isDone(),
          () -> result.isDone() ? result.join().err() : "");
      return new Running(command, result);
    }

    int stop() {
      command.requestStop();
      CliFixtures.Result r = result.join();
      return r.exit();
    }
  }
}
