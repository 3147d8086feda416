package io.schedkit.framework.config;

/**
 * How a live scheduler talks to the Kubernetes API server ({@code clientConnection}), as
 * kube-scheduler's: the kubeconfig file and the client-side rate limit. Used only by hosts that
 * connect to an API server (the {@code kubernetes} module); the embedded scheduler ignores it.
 *
 * @param kubeconfig the kubeconfig file to use; empty means the host's default
 * @param acceptContentTypes the {@code Accept} header of requests; empty means the client's default
 * @param contentType the content type of request bodies (default {@code
 *     application/vnd.kubernetes.protobuf}; schedkit's client always sends JSON)
 * @param qps the sustained requests per second the client may send (default 50); a negative value
 *     means no limit, as in client-go
 * @param burst how many requests may be sent at once above {@code qps} (default 100)
 */
public record ClientConnectionConfig(
    String kubeconfig, String acceptContentTypes, String contentType, float qps, int burst) {

  /** kube-scheduler's default content type. */
  public static final String DEFAULT_CONTENT_TYPE = "application/vnd.kubernetes.protobuf";

  /**
   * Null strings become empty.
   *
   * @param kubeconfig the kubeconfig file, or empty
   * @param acceptContentTypes the accepted content types, or empty
   * @param contentType the content type, or empty
   * @param qps the requests per second; negative for no limit
   * @param burst the burst
   */
  public ClientConnectionConfig {
    kubeconfig = kubeconfig == null ? "" : kubeconfig;
    acceptContentTypes = acceptContentTypes == null ? "" : acceptContentTypes;
    contentType = contentType == null ? "" : contentType;
  }

  /**
   * kube-scheduler's defaults: no kubeconfig, 50 requests per second, bursts of 100.
   *
   * @return the defaults
   */
  public static ClientConnectionConfig defaults() {
    return new ClientConnectionConfig("", "", DEFAULT_CONTENT_TYPE, 50f, 100);
  }

  /**
   * Whether the client is rate limited ({@code qps} is not negative).
   *
   * @return true when requests are limited to {@code qps} with bursts of {@code burst}
   */
  public boolean rateLimited() {
    return qps >= 0;
  }
}
