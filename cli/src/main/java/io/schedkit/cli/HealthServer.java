package io.schedkit.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * The plain-HTTP endpoints of {@code schedkit run}: {@code /healthz} (200 {@code ok}, or 500 with
 * the reason, for example a leader that could not renew its lease for too long), {@code /readyz}
 * (200 once the informers have synced, 503 before) and {@code /metrics} (Prometheus text).
 */
final class HealthServer implements AutoCloseable {
  private final HttpServer server;

  /**
   * Serves on {@code address}.
   *
   * @param address where to listen (port 0: any free port)
   * @param health empty when healthy, else why not
   * @param ready whether ready
   * @param metrics the metrics text
   * @throws IOException if the address cannot be bound
   */
  HealthServer(
      InetSocketAddress address,
      Supplier<Optional<String>> health,
      Supplier<Boolean> ready,
      Supplier<String> metrics)
      throws IOException {
    server = HttpServer.create(address, 0);
    server.createContext(
        "/healthz",
        x -> {
          Optional<String> problem = health.get();
          reply(x, problem.isEmpty() ? 200 : 500, problem.orElse("ok"), "text/plain");
        });
    server.createContext(
        "/readyz",
        x -> {
          boolean r = ready.get();
          reply(x, r ? 200 : 503, r ? "ok" : "informers not synced", "text/plain");
        });
    server.createContext(
        "/metrics", x -> reply(x, 200, metrics.get(), "text/plain; version=0.0.4; charset=utf-8"));
    server.setExecutor(
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "schedkit-health");
              t.setDaemon(true);
              return t;
            }));
    server.start();
  }

  /** The port served on. */
  int port() {
    return server.getAddress().getPort();
  }

  private static void reply(HttpExchange x, int code, String body, String type) throws IOException {
    byte[] bytes = (body + (body.endsWith("\n") ? "" : "\n")).getBytes(StandardCharsets.UTF_8);
    x.getResponseHeaders().set("Content-Type", type);
    x.sendResponseHeaders(code, bytes.length);
    try (OutputStream out = x.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
