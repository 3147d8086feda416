package io.schedkit.examples.samples;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A host's {@code /metrics} endpoint on the JDK's HTTP server, serving the text a metrics library
 * renders: how a host that embeds schedkit lets Prometheus scrape kube-scheduler's metrics. With
 * {@code io.schedkit:metrics-micrometer}:
 *
 * <pre>{@code
 * PrometheusMetrics prometheus = new PrometheusMetrics();
 * Scheduler scheduler = Scheduler.builder()
 *     .cluster(cluster)
 *     .metrics(prometheus.schedulerMetrics())
 *     .build();
 * MetricsEndpoint endpoint =
 *     MetricsEndpoint.start(new InetSocketAddress(9090), prometheus::scrape,
 *         PrometheusMetrics.CONTENT_TYPE);
 * }</pre>
 *
 * <p>Each GET renders a fresh scrape; other methods get 405. Close it to stop the server.
 */
public final class MetricsEndpoint implements AutoCloseable {
  private final HttpServer server;

  private MetricsEndpoint(HttpServer server) {
    this.server = server;
  }

  /**
   * Serves {@code scrape} at {@code /metrics} on {@code address} (port 0: any free port).
   *
   * @param address where to listen
   * @param scrape renders the metrics, called once per request
   * @param contentType the content type of the rendering
   * @return the running endpoint
   * @throws IOException if the address cannot be bound
   */
  public static MetricsEndpoint start(
      InetSocketAddress address, Supplier<String> scrape, String contentType) throws IOException {
    Objects.requireNonNull(scrape, "scrape");
    Objects.requireNonNull(contentType, "contentType");
    HttpServer server = HttpServer.create(address, 0);
    server.createContext("/metrics", exchange -> serve(exchange, scrape, contentType));
    server.start();
    return new MetricsEndpoint(server);
  }

  private static void serve(HttpExchange exchange, Supplier<String> scrape, String contentType)
      throws IOException {
    try (exchange) {
      if (!exchange.getRequestMethod().equals("GET")) {
        exchange.sendResponseHeaders(405, -1);
        return;
      }
      byte[] body = scrape.get().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", contentType);
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  /** The port the endpoint listens on. */
  public int port() {
    return server.getAddress().getPort();
  }

  /** Stops the server. */
  @Override
  public void close() {
    server.stop(0);
  }
}
