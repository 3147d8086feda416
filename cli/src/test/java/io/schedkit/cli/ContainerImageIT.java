package io.schedkit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.schedkit.kubernetes.Await;
import io.schedkit.kubernetes.KubeApiServer;
import io.schedkit.kubernetes.TestObjects;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The container image Jib wrote to {@code target/jib-image.tar} ({@code -Pimage}), run the way a
 * container runtime runs it: its layers unpacked in order into a root file system (whiteouts
 * applied), and its entrypoint started from the image configuration ({@code Entrypoint}, {@code
 * Env}, {@code WorkingDir}, {@code User}) with {@code unshare}: own mount and PID namespaces (the
 * entrypoint is PID 1), {@code /proc} mounted, the root changed to the unpacked file system, the
 * user switched to the image's; {@code java} is found through the image's {@code PATH}. The host
 * network is shared, so the scheduler in the image reaches a real API server on 127.0.0.1.
 *
 * <p>Runs in the {@code verify} phase of the {@code image} profile, after Jib; skipped with one
 * line when the tarball is missing, when not root, or when namespaces cannot be made here. The run
 * test also needs {@code KUBEBUILDER_ASSETS} (as the other real API server tests).
 */
@ExtendWith(ContainerImageIT.CanRun.class)
final class ContainerImageIT {
  private static final Path TARBALL = Path.of("target", "jib-image.tar");
  private static final Path SHADED_JAR = Path.of("target", "schedkit.jar");
  private static final Path DEPLOY = Path.of("..", "deploy");
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Path work;
  private static Path rootfs;
  private static JsonNode config;

  /** Skips the class, with the reason, where the image cannot be run. */
  static final class CanRun implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      try {
        String skip = skipReason();
        return skip == null
            ? ConditionEvaluationResult.enabled("root, unshare and " + TARBALL)
            : ConditionEvaluationResult.disabled(skip);
      } catch (IOException e) {
        return ConditionEvaluationResult.disabled("cannot check for root and unshare: " + e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return ConditionEvaluationResult.disabled("interrupted");
      }
    }
  }

  @BeforeAll
  static void unpack() throws Exception {
    work = Files.createTempDirectory("schedkit-image-");
    Path archive = Files.createDirectories(work.resolve("archive"));
    rootfs = Files.createDirectories(work.resolve("rootfs"));
    exec(List.of("tar", "-xf", TARBALL.toAbsolutePath().toString(), "-C", archive.toString()));
    JsonNode manifest = JSON.readTree(archive.resolve("manifest.json").toFile()).get(0);
    config = JSON.readTree(archive.resolve(manifest.get("Config").asText()).toFile()).get("config");
    for (JsonNode layer : manifest.get("Layers")) {
      applyLayer(archive.resolve(layer.asText()));
    }
    // The device nodes a runtime creates in /dev; the JVM reads /dev/urandom and /dev/random.
    Path dev = Files.createDirectories(rootfs.resolve("dev"));
    String[][] nodes = {{"null", "3"}, {"zero", "5"}, {"random", "8"}, {"urandom", "9"}};
    for (String[] n : nodes) {
      exec(List.of("mknod", "-m", "666", dev.resolve(n[0]).toString(), "c", "1", n[1]));
    }
    Files.createDirectories(rootfs.resolve("proc"));
  }

  @AfterAll
  static void cleanUp() throws IOException {
    if (work != null) {
      try (Stream<Path> files = Files.walk(work)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** Why this machine cannot run the image, or null. */
  private static String skipReason() throws IOException, InterruptedException {
    if (!Files.isRegularFile(TARBALL)) {
      return TARBALL.toAbsolutePath() + " not found (built by -Pimage): skipping the image tests";
    }
    String uid =
        Files.readAllLines(Path.of("/proc/self/status")).stream()
            .filter(l -> l.startsWith("Uid:"))
            .map(l -> l.split("\\s+")[1])
            .findFirst()
            .orElse("");
    if (!uid.equals("0")) {
      return "not root (uid " + uid + "): skipping the image tests, which unshare and mount";
    }
    Process probe =
        new ProcessBuilder("unshare", "--mount", "--pid", "--fork", "--mount-proc", "true")
            .redirectErrorStream(true)
            .start();
    String out = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (probe.waitFor() != 0) {
      return "unshare --mount --pid fails here (" + out.strip() + "): skipping the image tests";
    }
    return null;
  }

  /** Unpacks one layer over the root file system, as an overlay would show it. */
  private static void applyLayer(Path layer) throws IOException, InterruptedException {
    List<String> entries =
        exec(List.of("tar", "-tzf", layer.toString(), "--warning=no-unknown-keyword"))
            .lines()
            .toList();
    for (String entry : entries) {
      Path p = Path.of(entry);
      String name = p.getFileName() == null ? "" : p.getFileName().toString();
      Path parent = p.getParent() == null ? rootfs : rootfs.resolve(p.getParent().toString());
      if (name.equals(".wh..wh..opq")) {
        // An opaque folder: what the lower layers put in it is hidden.
        try (Stream<Path> children = Files.exists(parent) ? Files.list(parent) : Stream.empty()) {
          for (Path c : children.toList()) {
            deleteTree(c);
          }
        }
      } else if (name.startsWith(".wh.")) {
        deleteTree(parent.resolve(name.substring(4)));
      }
    }
    exec(
        List.of(
            "tar",
            "-xzf",
            layer.toString(),
            "-C",
            rootfs.toString(),
            "--same-owner",
            "--same-permissions",
            "--numeric-owner",
            "--warning=no-unknown-keyword"));
    for (String entry : entries) {
      Path p = Path.of(entry);
      if (p.getFileName() != null && p.getFileName().toString().startsWith(".wh.")) {
        Files.deleteIfExists(rootfs.resolve(entry));
      }
    }
  }

  private static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> files = Files.walk(p)) {
      for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(f);
      }
    }
  }

  private static String exec(List<String> command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IllegalStateException(command + " exited with " + p.exitValue() + ": " + out);
    }
    return out;
  }

  private static List<String> strings(JsonNode array) {
    List<String> l = new ArrayList<>();
    if (array != null && array.isArray()) {
      array.forEach(n -> l.add(n.asText()));
    }
    return l;
  }

  private static Map<String, String> env() {
    Map<String, String> env = new LinkedHashMap<>();
    for (String kv : strings(config.get("Env"))) {
      int eq = kv.indexOf('=');
      env.put(kv.substring(0, eq), kv.substring(eq + 1));
    }
    return env;
  }

  /** The image's entrypoint with {@code args} (in place of Cmd), started as the image says. */
  private static ProcessBuilder container(List<String> args) {
    String user = config.path("User").asText("");
    String[] ug = user.isEmpty() ? new String[] {"0", "0"} : user.split(":");
    assertThat(ug).as("numeric user:group in the image, %s", user).hasSize(2);
    String wd = config.path("WorkingDir").asText("");
    List<String> cmd =
        new ArrayList<>(
            List.of(
                "unshare",
                "--mount",
                "--pid",
                "--fork",
                "--kill-child",
                "--mount-proc=/proc",
                "--root=" + rootfs,
                "--wd=" + (wd.isEmpty() ? "/" : wd),
                "--setuid=" + ug[0],
                "--setgid=" + ug[1]));
    cmd.addAll(strings(config.get("Entrypoint")));
    cmd.addAll(args.isEmpty() ? strings(config.get("Cmd")) : args);
    ProcessBuilder pb = new ProcessBuilder(cmd);
    // unshare is found on the host's PATH; the entrypoint's java on the image's PATH.
    pb.command().set(0, hostUnshare());
    pb.environment().clear();
    pb.environment().putAll(env());
    return pb;
  }

  private static String hostUnshare() {
    for (String dir : System.getenv("PATH").split(":")) {
      Path p = Path.of(dir, "unshare");
      if (Files.isExecutable(p)) {
        return p.toString();
      }
    }
    throw new IllegalStateException("no unshare on PATH");
  }

  @Test
  void configuration_isThePomsEntrypointUserAndPort() {
    assertThat(strings(config.get("Entrypoint")))
        .containsExactly(
            "java",
            "-XX:+UseParallelGC",
            "-XX:MaxRAMPercentage=75",
            "-cp",
            "@/app/jib-classpath-file",
            "io.schedkit.cli.SchedkitCli");
    assertThat(config.path("User").asText()).isEqualTo("65532:65532");
    assertThat(config.path("ExposedPorts").has("10259/tcp")).isTrue();
    assertThat(env()).containsKey("PATH");
  }

  @Test
  void help_exits0_asTheImagesUser() throws Exception {
    Process p = container(List.of("--help")).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    assertThat(out).startsWith("Usage: schedkit").contains("  run       Schedules the live");
  }

  @Test
  void runtime_holdsEveryModuleTheShadedJarNeeds() throws Exception {
    Path release = rootfs.resolve(env().get("JAVA_HOME").substring(1)).resolve("release");
    String modulesLine =
        Files.readAllLines(release).stream()
            .filter(l -> l.startsWith("MODULES="))
            .findFirst()
            .orElseThrow();
    Set<String> present =
        new HashSet<>(Arrays.asList(modulesLine.substring(9, modulesLine.length() - 1).split(" ")));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int rc =
        ToolProvider.findFirst("jdeps")
            .orElseThrow()
            .run(
                new PrintWriter(out),
                new PrintWriter(err),
                "--ignore-missing-deps",
                "--print-module-deps",
                "--multi-release",
                "17",
                "-q",
                SHADED_JAR.toString());
    assertThat(rc).as(err.toString()).isZero();
    List<String> needed = Arrays.asList(out.toString().strip().split(","));
    assertThat(needed).contains("java.base");
    assertThat(present).as("modules of the image's Java runtime").containsAll(needed);
  }

  /**
   * The Deployment's container as {@code deploy/} writes it: its args (with a free port in place of
   * 10259, and a kubeconfig, since there is no in-cluster service account here) and the ConfigMap's
   * configuration at {@code /etc/schedkit/config.yaml}. Inside the image the scheduler takes its
   * Lease over TLS, serves {@code /healthz} and {@code /readyz}, binds a pod, and on SIGTERM
   * releases the Lease and exits 0.
   */
  @Test
  void run_fromTheDeploymentsArgs_schedulesALiveCluster() throws Exception {
    String assets = System.getenv("KUBEBUILDER_ASSETS");
    assumeTrue(
        assets != null && !assets.isEmpty(),
        "KUBEBUILDER_ASSETS not set: skipping the image's run against a real API server");
    try (KubeApiServer server = KubeApiServer.start(Path.of(assets));
        KubernetesClient client = server.client()) {
      Path etc = Files.createDirectories(rootfs.resolve("etc/schedkit"));
      ConfigMap cm;
      Deployment deployment;
      try (InputStream in = Files.newInputStream(DEPLOY.resolve("configmap.yaml"))) {
        cm = (ConfigMap) client.load(in).items().get(0);
      }
      try (InputStream in = Files.newInputStream(DEPLOY.resolve("deployment.yaml"))) {
        deployment = (Deployment) client.load(in).items().get(0);
      }
      Files.writeString(etc.resolve("config.yaml"), cm.getData().get("config.yaml"));
      Files.copy(server.kubeconfig(), etc.resolve("kubeconfig"));
      for (String f : List.of("config.yaml", "kubeconfig")) {
        Files.setPosixFilePermissions(etc.resolve(f), PosixFilePermissions.fromString("rw-r--r--"));
      }
      int port;
      try (ServerSocket s = new ServerSocket(0)) {
        port = s.getLocalPort();
      }
      List<String> args = new ArrayList<>();
      for (String a :
          deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs()) {
        args.add(a.startsWith("--port=") ? "--port=" + port : a);
      }
      assertThat(args).contains("run", "--config=/etc/schedkit/config.yaml");
      args.add("--kubeconfig=/etc/schedkit/kubeconfig");
      args.add("--id=in-image");

      for (String ns : List.of("schedkit", "apps")) {
        client
            .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
            .create();
      }
      client.resource(TestObjects.node("worker", "8", "32Gi")).create();

      Path log = work.resolve("run.log");
      ProcessBuilder pb = container(args);
      // The container's environment as the Deployment sets it (its JVM options).
      for (var e : deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv()) {
        pb.environment().put(e.getName(), e.getValue());
      }
      Process unshare = pb.redirectErrorStream(true).redirectOutput(log.toFile()).start();
      try {
        HttpClient http = HttpClient.newHttpClient();
        String base = "http://127.0.0.1:" + port;
        Await.until(
            "/healthz and /readyz answer 200 from the image",
            Duration.ofSeconds(90),
            () -> {
              if (!unshare.isAlive()) {
                throw new AssertionError(
                    "exited with " + unshare.exitValue() + ": " + readLog(log));
              }
              return status(http, base + "/healthz") == 200
                  && status(http, base + "/readyz") == 200;
            },
            () -> readLog(log));
        List<HasMetadata> pods = new ArrayList<>();
        pods.add(TestObjects.pod("apps", "hello", "schedkit", "100m", "64Mi"));
        TestObjects.createAll(client, pods);
        Await.until(
            "the pod bound by the scheduler in the image",
            Duration.ofSeconds(60),
            () -> "worker".equals(TestObjects.pods(client, "apps").get(0).getSpec().getNodeName()),
            () -> readLog(log));
        assertThat(
                client
                    .leases()
                    .inNamespace("schedkit")
                    .withName("schedkit")
                    .get()
                    .getSpec()
                    .getHolderIdentity())
            .isEqualTo("in-image");

        // SIGTERM to the entrypoint (PID 1 of its namespace), as the kubelet stops a container.
        ProcessHandle entrypoint = unshare.toHandle().children().findFirst().orElseThrow();
        assertThat(entrypoint.info().command().orElse("")).endsWith("/java");
        assertThat(readLog(log))
            .as("the JVM took the Deployment's options")
            .contains("Picked up JAVA_TOOL_OPTIONS: -XX:TieredStopAtLevel=1");
        entrypoint.destroy();
        assertThat(unshare.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(unshare.exitValue()).as(readLog(log)).isZero();
        assertThat(
                client
                    .leases()
                    .inNamespace("schedkit")
                    .withName("schedkit")
                    .get()
                    .getSpec()
                    .getHolderIdentity())
            .as("released on SIGTERM")
            .isNullOrEmpty();
      } finally {
        unshare.destroyForcibly();
        unshare.waitFor(30, TimeUnit.SECONDS);
      }
    }
  }

  private static int status(HttpClient http, String url) {
    try {
      return http.send(
              HttpRequest.newBuilder(URI.create(url)).build(),
              HttpResponse.BodyHandlers.discarding())
          .statusCode();
    } catch (IOException e) {
      return -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  private static String readLog(Path log) {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      return e.toString();
    }
  }
}
