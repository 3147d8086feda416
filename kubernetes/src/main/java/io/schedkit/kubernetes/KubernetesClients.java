package io.schedkit.kubernetes;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.schedkit.framework.config.ClientConnectionConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Connects to an API server the way kube-scheduler does: the kubeconfig named on the command line,
 * else the configuration's {@code clientConnection.kubeconfig}, else the client's defaults ({@code
 * KUBECONFIG}, {@code ~/.kube/config}, then the in-cluster service-account files); and the client
 * rate limit of {@code clientConnection} ({@code qps}, {@code burst}; a negative qps means none).
 */
public final class KubernetesClients {
  private KubernetesClients() {}

  /**
   * A client for {@code kubeconfig} (or the defaults when null) and {@code context} (or the current
   * context when null), limited as {@code connection} says.
   *
   * @param kubeconfig the kubeconfig file, or null for {@code connection.kubeconfig()} or the
   *     defaults
   * @param context the context to use, or null for the kubeconfig's current context
   * @param connection the rate limit and the fallback kubeconfig; not null
   * @return a new client; the caller closes it
   * @throws IllegalArgumentException if the kubeconfig cannot be read or names no usable server,
   *     with a message naming the file
   */
  public static KubernetesClient connect(
      Path kubeconfig, String context, ClientConnectionConfig connection) {
    Objects.requireNonNull(connection, "connection");
    Path file =
        kubeconfig != null
            ? kubeconfig
            : connection.kubeconfig().isEmpty() ? null : Path.of(connection.kubeconfig());
    Config config = file != null ? fromFile(file, context) : Config.autoConfigure(context);
    if (config.getMasterUrl() == null || config.getMasterUrl().isEmpty()) {
      throw new IllegalArgumentException(
          (file != null ? file + ": " : "")
              + "no API server: no kubeconfig found (--kubeconfig, KUBECONFIG, ~/.kube/config) and"
              + " not running in a cluster");
    }
    return build(config, connection);
  }

  /**
   * A client for {@code config}, limited as {@code connection} says.
   *
   * @param config the fabric8 client configuration
   * @param connection the rate limit
   * @return a new client; the caller closes it
   */
  public static KubernetesClient build(Config config, ClientConnectionConfig connection) {
    KubernetesClientBuilder b = new KubernetesClientBuilder().withConfig(config);
    if (connection.rateLimited()) {
      RateLimiter limiter = new RateLimiter(connection.qps(), connection.burst());
      b.withHttpClientBuilderConsumer(h -> h.addOrReplaceInterceptor(RateLimiter.NAME, limiter));
    }
    return b.build();
  }

  private static Config fromFile(Path file, String context) {
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException(file + ": cannot read kubeconfig: no such file");
    }
    if (!Files.isReadable(file)) {
      throw new IllegalArgumentException(file + ": cannot read kubeconfig: permission denied");
    }
    try {
      return Config.fromKubeconfig(context, file.toFile());
    } catch (KubernetesClientException | IllegalArgumentException e) {
      throw new IllegalArgumentException(
          file
              + ": invalid kubeconfig"
              + (context == null ? "" : " (context " + context + ")")
              + ": "
              + e.getMessage(),
          e);
    }
  }
}
