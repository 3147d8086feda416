package io.schedkit.framework.config;

import java.time.Duration;
import java.util.List;

/**
 * One scheduler extender ({@code extenders[]}), as kube-scheduler configures it.
 *
 * @param urlPrefix the extender's base URL
 * @param filterVerb the filter path, empty when it does not filter
 * @param preemptVerb the preempt path, empty when it does not take part in preemption
 * @param prioritizeVerb the prioritize path, empty when it does not score
 * @param weight the multiplier of its scores (required, positive, when prioritizing)
 * @param bindVerb the bind path, empty when it does not bind
 * @param enableHttps whether to use HTTPS
 * @param tlsConfig TLS settings, or null
 * @param httpTimeout the timeout of each call (default 5 s)
 * @param nodeCacheCapable whether the extender caches nodes, so only names are sent
 * @param managedResources the extended resources it manages; empty means it sees every pod
 * @param ignorable whether its failures are ignored
 */
public record ExtenderConfig(
    String urlPrefix,
    String filterVerb,
    String preemptVerb,
    String prioritizeVerb,
    long weight,
    String bindVerb,
    boolean enableHttps,
    TlsConfig tlsConfig,
    Duration httpTimeout,
    boolean nodeCacheCapable,
    List<ManagedResource> managedResources,
    boolean ignorable) {

  /** The default call timeout. */
  public static final Duration DEFAULT_HTTP_TIMEOUT = Duration.ofSeconds(5);

  /**
   * Applies defaults.
   *
   * @param urlPrefix the extender's base URL; null means {@code ""}
   * @param filterVerb the filter path; null means {@code ""}
   * @param preemptVerb the preempt path; null means {@code ""}
   * @param prioritizeVerb the prioritize path; null means {@code ""}
   * @param weight the multiplier of its scores
   * @param bindVerb the bind path; null means {@code ""}
   * @param enableHttps whether to use HTTPS
   * @param tlsConfig TLS settings, or null
   * @param httpTimeout the timeout of each call; null or zero means {@link #DEFAULT_HTTP_TIMEOUT}
   * @param nodeCacheCapable whether the extender caches nodes
   * @param managedResources the extended resources it manages; null means none
   * @param ignorable whether its failures are ignored
   */
  public ExtenderConfig {
    urlPrefix = urlPrefix == null ? "" : urlPrefix;
    filterVerb = filterVerb == null ? "" : filterVerb;
    preemptVerb = preemptVerb == null ? "" : preemptVerb;
    prioritizeVerb = prioritizeVerb == null ? "" : prioritizeVerb;
    bindVerb = bindVerb == null ? "" : bindVerb;
    httpTimeout = httpTimeout == null || httpTimeout.isZero() ? DEFAULT_HTTP_TIMEOUT : httpTimeout;
    managedResources = managedResources == null ? List.of() : List.copyOf(managedResources);
  }

  /**
   * An extended resource an extender manages.
   *
   * @param name the resource name
   * @param ignoredByScheduler whether NodeResourcesFit ignores it
   */
  public record ManagedResource(String name, boolean ignoredByScheduler) {}

  /**
   * TLS settings of an HTTPS extender.
   *
   * @param insecure skip server verification
   * @param serverName the server name to verify
   * @param certFile the client certificate file
   * @param keyFile the client key file
   * @param caFile the CA file
   * @param certData the client certificate, PEM
   * @param keyData the client key, PEM
   * @param caData the CA, PEM
   */
  public record TlsConfig(
      boolean insecure,
      String serverName,
      String certFile,
      String keyFile,
      String caFile,
      String certData,
      String keyData,
      String caData) {}
}
