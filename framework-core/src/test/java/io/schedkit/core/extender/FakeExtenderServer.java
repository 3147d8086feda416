package io.schedkit.core.extender;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * A real HTTP (or HTTPS) extender service on 127.0.0.1 with an ephemeral port, for tests: each path
 * answers with a {@link Reply} computed from the request, and every request is recorded.
 */
final class FakeExtenderServer implements AutoCloseable {
  static final ObjectMapper JSON = new ObjectMapper();

  /** What the server answers: a status and a raw body. */
  record Reply(int status, String body) {
    static Reply ok(String body) {
      return new Reply(200, body);
    }
  }

  /** One request the server received. */
  record Request(String method, String path, String contentType, String body) {
    JsonNode json() {
      try {
        return JSON.readTree(body);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final Map<String, Function<Request, Reply>> handlers = new ConcurrentHashMap<>();
  private final List<Request> requests = new CopyOnWriteArrayList<>();
  private final String scheme;

  private FakeExtenderServer(HttpServer server, String scheme) {
    this.server = server;
    this.scheme = scheme;
    server.createContext("/", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  /** A plain HTTP server. */
  static FakeExtenderServer http() {
    try {
      return new FakeExtenderServer(HttpServer.create(loopback(), 0), "http");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An HTTPS server with {@code context}, requiring a client certificate if {@code needClient}. */
  static FakeExtenderServer https(SSLContext context, boolean needClient) {
    try {
      HttpsServer s = HttpsServer.create(loopback(), 0);
      s.setHttpsConfigurator(
          new HttpsConfigurator(context) {
            @Override
            public void configure(HttpsParameters params) {
              SSLParameters p = context.getDefaultSSLParameters();
              p.setNeedClientAuth(needClient);
              params.setSSLParameters(p);
            }
          });
      return new FakeExtenderServer(s, "https");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static InetSocketAddress loopback() {
    return new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
  }

  /** Answers requests to {@code path} with {@code handler}. */
  FakeExtenderServer on(String path, Function<Request, Reply> handler) {
    handlers.put(path, handler);
    return this;
  }

  /** Answers requests to {@code path} with 200 and {@code body}. */
  FakeExtenderServer reply(String path, String body) {
    return on(path, r -> Reply.ok(body));
  }

  /** {@code <scheme>://127.0.0.1:<port>}. */
  String url() {
    return scheme + "://127.0.0.1:" + server.getAddress().getPort();
  }

  /** The requests received so far, in order. */
  List<Request> requests() {
    return List.copyOf(requests);
  }

  /** The requests received on {@code path}. */
  List<Request> requests(String path) {
    return requests.stream().filter(r -> r.path().equals(path)).toList();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      Request request =
          new Request(
              exchange.getRequestMethod(),
              exchange.getRequestURI().getPath(),
              exchange.getRequestHeaders().getFirst("Content-Type"),
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      requests.add(request);
      Function<Request, Reply> handler = handlers.get(request.path());
      Reply reply = handler == null ? new Reply(404, "no handler") : handler.apply(request);
      byte[] body = reply.body().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(reply.status(), body.length == 0 ? -1 : body.length);
      if (body.length > 0) {
        exchange.getResponseBody().write(body);
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
