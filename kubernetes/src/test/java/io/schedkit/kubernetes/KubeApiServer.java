package io.schedkit.kubernetes;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.schedkit.framework.config.ClientConnectionConfig;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * A real etcd and kube-apiserver on 127.0.0.1, started from a folder holding their binaries (the
 * layout of controller-runtime's envtest, {@code KUBEBUILDER_ASSETS}), for integration tests.
 *
 * <p>What it does, as {@code shared/tools/kube/start-apiserver.sh} does, without openssl: a fresh
 * run folder, free ports, an RSA service-account key made by the JDK, a static bearer token (group
 * {@code system:masters}), {@code AlwaysAllow} authorization, and the serving certificate the
 * apiserver makes itself in {@code --cert-dir} (its CA is trusted by the clients). The admission
 * plugins {@code ServiceAccount} and {@code TaintNodesByCondition} are off, so pods need no service
 * account and new nodes are not tainted not-ready (there is no kubelet to clear it).
 *
 * <p>fabric8's {@code kube-api-test} was not used: it needs a {@code kubectl} binary beside the
 * others (the asset folder has none) and its own folder layout, and cannot restart the apiserver
 * alone on the same etcd, which the restart test needs.
 */
public final class KubeApiServer implements AutoCloseable {
  private final Path assets;
  private final Path dir;
  private final int etcdPort;
  private final int etcdPeerPort;
  private final int apiPort;
  private final String token;
  private final List<String> extraArgs;
  private Process etcd;
  private Process apiserver;
  private int apiserverStarts;

  private KubeApiServer(Path assets, Path dir, List<String> extraArgs) throws IOException {
    this.assets = assets;
    this.extraArgs = List.copyOf(extraArgs);
    this.dir = dir;
    this.etcdPort = freePort();
    this.etcdPeerPort = freePort();
    this.apiPort = freePort();
    byte[] t = new byte[16];
    new SecureRandom().nextBytes(t);
    this.token = HexFormat.of().formatHex(t);
  }

  /**
   * Starts etcd and the apiserver from {@code assets} and waits until the apiserver is ready and
   * the {@code default} namespace exists.
   */
  public static KubeApiServer start(Path assets) throws IOException, InterruptedException {
    return start(assets, List.of());
  }

  /** As {@link #start(Path)}, with further kube-apiserver flags. */
  public static KubeApiServer start(Path assets, List<String> extraApiserverArgs)
      throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory("schedkit-kube-");
    KubeApiServer s = new KubeApiServer(assets, dir, extraApiserverArgs);
    try {
      s.init();
      s.startEtcd();
      s.startApiServer();
      return s;
    } catch (IOException | InterruptedException | RuntimeException e) {
      s.close();
      throw e;
    }
  }

  private void init() throws IOException {
    Files.createDirectories(dir.resolve("certs"));
    KeyPairGenerator g;
    try {
      g = KeyPairGenerator.getInstance("RSA");
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    g.initialize(2048);
    KeyPair kp = g.generateKeyPair();
    Files.writeString(dir.resolve("sa.key"), pem("PRIVATE KEY", kp.getPrivate().getEncoded()));
    Files.writeString(dir.resolve("sa.pub"), pem("PUBLIC KEY", kp.getPublic().getEncoded()));
    Files.writeString(dir.resolve("tokens.csv"), token + ",admin,admin-uid,system:masters\n");
  }

  private static String pem(String type, byte[] der) {
    return "-----BEGIN "
        + type
        + "-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
        + "\n-----END "
        + type
        + "-----\n";
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private void startEtcd() throws IOException {
    List<String> cmd =
        List.of(
            assets.resolve("etcd").toString(),
            "--name=test-etcd",
            "--data-dir=" + dir.resolve("etcd-data"),
            "--listen-client-urls=http://127.0.0.1:" + etcdPort,
            "--advertise-client-urls=http://127.0.0.1:" + etcdPort,
            "--listen-peer-urls=http://127.0.0.1:" + etcdPeerPort,
            "--initial-advertise-peer-urls=http://127.0.0.1:" + etcdPeerPort,
            "--initial-cluster=test-etcd=http://127.0.0.1:" + etcdPeerPort,
            "--unsafe-no-fsync=true",
            "--quota-backend-bytes=2147483648");
    etcd =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("etcd.log").toFile())
            .start();
  }

  /** Starts the apiserver (again, after {@link #stopApiServer}) and waits until it is ready. */
  public void startApiServer() throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(assets.resolve("kube-apiserver").toString());
    cmd.add("--etcd-servers=http://127.0.0.1:" + etcdPort);
    cmd.add("--bind-address=127.0.0.1");
    cmd.add("--advertise-address=127.0.0.1");
    cmd.add("--secure-port=" + apiPort);
    cmd.add("--cert-dir=" + dir.resolve("certs"));
    cmd.add("--token-auth-file=" + dir.resolve("tokens.csv"));
    cmd.add("--service-account-issuer=https://kubernetes.default.svc");
    cmd.add("--service-account-key-file=" + dir.resolve("sa.pub"));
    cmd.add("--service-account-signing-key-file=" + dir.resolve("sa.key"));
    cmd.add("--service-cluster-ip-range=10.0.0.0/24");
    cmd.add("--authorization-mode=AlwaysAllow");
    cmd.add("--disable-admission-plugins=ServiceAccount,TaintNodesByCondition");
    cmd.add("--endpoint-reconciler-type=none");
    cmd.add("--allow-privileged=true");
    cmd.addAll(extraArgs);
    apiserverStarts++;
    apiserver =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("apiserver-" + apiserverStarts + ".log").toFile())
            .start();
    awaitReady();
  }

  /** Stops the apiserver (SIGTERM, then SIGKILL after 10 s); etcd keeps running. */
  public void stopApiServer() throws InterruptedException {
    stop(apiserver);
    apiserver = null;
  }

  private static void stop(Process p) throws InterruptedException {
    if (p == null || !p.isAlive()) {
      return;
    }
    p.destroy();
    if (!p.waitFor(10, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      p.waitFor(10, TimeUnit.SECONDS);
    }
  }

  private void awaitReady() throws IOException, InterruptedException {
    HttpClient http = HttpClient.newBuilder().sslContext(trustAll()).build();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    String[] paths = {"/readyz", "/api/v1/namespaces/default"};
    for (String path : paths) {
      while (true) {
        if (!apiserver.isAlive()) {
          throw new IllegalStateException(
              "kube-apiserver exited with " + apiserver.exitValue() + "; log: " + tail());
        }
        try {
          HttpResponse<String> r =
              http.send(
                  HttpRequest.newBuilder(URI.create(url() + path))
                      .header("Authorization", "Bearer " + token)
                      .timeout(Duration.ofSeconds(2))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
          if (r.statusCode() == 200) {
            break;
          }
        } catch (IOException e) {
          // not listening yet
        }
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("kube-apiserver not ready after 60 s; log: " + tail());
        }
        Thread.sleep(100); // polling an external process's readiness, with a deadline
      }
    }
  }

  private String tail() throws IOException {
    List<String> lines = Files.readAllLines(dir.resolve("apiserver-" + apiserverStarts + ".log"));
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
  }

  private static SSLContext trustAll() {
    try {
      SSLContext c = SSLContext.getInstance("TLS");
      c.init(
          null,
          new TrustManager[] {
            new X509TrustManager() {
              @Override
              public void checkClientTrusted(X509Certificate[] chain, String authType) {}

              @Override
              public void checkServerTrusted(X509Certificate[] chain, String authType) {}

              @Override
              public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
              }
            }
          },
          null);
      return c;
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The apiserver's URL. */
  public String url() {
    return "https://127.0.0.1:" + apiPort;
  }

  /** The apiserver's port. */
  public int port() {
    return apiPort;
  }

  /** The folder of this run (logs, certificates, etcd data). */
  public Path dir() {
    return dir;
  }

  /** The client configuration of the admin user, trusting the apiserver's own CA. */
  public Config config() {
    return configFor(url());
  }

  /** The admin configuration for the server reached at {@code url} (for example a proxy). */
  public Config configFor(String url) {
    return new ConfigBuilder(Config.empty())
        .withMasterUrl(url)
        .withOauthToken(token)
        .withCaCertFile(dir.resolve("certs/apiserver.crt").toString())
        .withNamespace("default")
        .withRequestTimeout(30_000)
        .withWatchReconnectInterval(200)
        .build();
  }

  /** A new admin client without rate limit. */
  public KubernetesClient client() {
    return KubernetesClients.build(config(), new ClientConnectionConfig("", "", "", -1, 0));
  }

  /** Writes a kubeconfig for the admin user (for the CLI and the upstream scheduler). */
  public Path kubeconfig() throws IOException {
    Path file = dir.resolve("kubeconfig");
    String ca =
        Base64.getEncoder().encodeToString(Files.readAllBytes(dir.resolve("certs/apiserver.crt")));
    Files.writeString(
        file,
        "apiVersion: v1\nkind: Config\nclusters:\n- name: test\n  cluster:\n    server: "
            + url()
            + "\n    certificate-authority-data: "
            + ca
            + "\nusers:\n- name: admin\n  user:\n    token: "
            + token
            + "\ncontexts:\n- name: test\n  context: {cluster: test, user: admin, namespace:"
            + " default}\ncurrent-context: test\n");
    return file;
  }

  @Override
  public void close() {
    try {
      stop(apiserver);
      stop(etcd);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (System.getenv("SCHEDKIT_KEEP_KUBE_RUN") == null) {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (IOException e) {
        // best effort
      }
    }
  }
}
