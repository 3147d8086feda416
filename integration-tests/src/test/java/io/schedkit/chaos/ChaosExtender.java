package io.schedkit.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A scheduler extender over HTTP on 127.0.0.1 (filter and prioritize, node-cache capable) whose
 * replies are chosen by a seeded random, in the order the requests arrive (the scheduler sends one
 * at a time): valid, garbage (not JSON, the wrong shape, nodes it was not asked about), HTTP 500,
 * slow but within the timeout, and, when enabled, slower than the timeout.
 */
final class ChaosExtender implements AutoCloseable {
  /** The extended resource whose pods the extender is asked about. */
  static final String RESOURCE = "chaos.example.com/accel";

  /** The extender's timeout (real time: the HTTP client's). */
  static final int TIMEOUT_MILLIS = 250;

  private static final ObjectMapper JSON = new ObjectMapper();

  static {
    // Without TCP_NODELAY the JDK server's small replies wait out delayed ACKs (tens of ms each).
    // Read when the JDK's HTTP server is first used in the JVM.
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
  }

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final Random random;
  private final Map<String, Long> replies = new TreeMap<>();
  private volatile boolean timeouts;
  private volatile boolean calm;

  ChaosExtender(long seed, boolean timeouts) {
    this.random = new Random(seed);
    this.timeouts = timeouts;
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext("/", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** From now on every reply is valid. */
  void calm() {
    calm = true;
  }

  /** Replies sent so far, by kind. */
  synchronized Map<String, Long> replies() {
    return new TreeMap<>(replies);
  }

  private enum Kind {
    VALID,
    GARBAGE,
    ERROR_500,
    SLOW,
    TIMEOUT
  }

  private synchronized Kind next() {
    if (calm) {
      return Kind.VALID;
    }
    int x = random.nextInt(100);
    Kind k =
        x < 80
            ? Kind.VALID
            : x < 88 ? Kind.GARBAGE : x < 94 ? Kind.ERROR_500 : x < 99 ? Kind.SLOW : Kind.TIMEOUT;
    if (k == Kind.TIMEOUT && !timeouts) {
      k = Kind.SLOW;
    }
    replies.merge("extender-" + k.name().toLowerCase(java.util.Locale.ROOT), 1L, Long::sum);
    return k;
  }

  private synchronized int garbageVariant() {
    return random.nextInt(4);
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      byte[] in = exchange.getRequestBody().readAllBytes();
      Kind kind = next();
      int variant = kind == Kind.GARBAGE ? garbageVariant() : 0;
      int status = 200;
      String body;
      if (kind == Kind.SLOW) {
        sleep(TIMEOUT_MILLIS / 10);
      } else if (kind == Kind.TIMEOUT) {
        sleep(TIMEOUT_MILLIS + 250);
      }
      if (kind == Kind.ERROR_500) {
        status = 500;
        body = "chaos: internal error";
      } else if (kind == Kind.GARBAGE) {
        body = garbage(path, variant);
      } else {
        body = valid(path, JSON.readTree(in));
      }
      byte[] out = body.getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(status, out.length == 0 ? -1 : out.length);
      if (out.length > 0) {
        exchange.getResponseBody().write(out);
      }
    } catch (IOException | RuntimeException e) {
      // the client gave up (a timeout): nothing to answer
    }
  }

  private static void sleep(int millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static List<String> nodeNames(JsonNode args) {
    List<String> names = new ArrayList<>();
    JsonNode n = args.get("NodeNames");
    if (n != null) {
      n.forEach(x -> names.add(x.asText()));
    }
    return names;
  }

  /** Filter: every node but those whose name hashes to 0 mod 11; prioritize: a score by hash. */
  private static String valid(String path, JsonNode args) throws IOException {
    List<String> names = nodeNames(args);
    if (path.endsWith("/filter")) {
      List<String> kept = new ArrayList<>();
      Map<String, String> failed = new TreeMap<>();
      for (String n : names) {
        if (Math.floorMod(n.hashCode(), 11) == 0) {
          failed.put(n, "chaos extender: node " + n + " is reserved");
        } else {
          kept.add(n);
        }
      }
      return JSON.writeValueAsString(Map.of("NodeNames", kept, "FailedNodes", failed, "Error", ""));
    }
    List<Map<String, Object>> scores = new ArrayList<>();
    for (String n : names) {
      scores.add(Map.of("Host", n, "Score", Math.floorMod(n.hashCode(), 11)));
    }
    return JSON.writeValueAsString(scores);
  }

  private static String garbage(String path, int variant) {
    switch (variant) {
      case 0:
        return "{\"NodeNames\": [\"unterminated";
      case 1:
        return path.endsWith("/filter") ? "[1, 2, 3]" : "{\"Host\": 7}";
      case 2:
        // nodes that do not exist, and absurd scores
        return path.endsWith("/filter")
            ? "{\"NodeNames\":[\"no-such-node\"],\"FailedNodes\":{},\"Error\":\"\"}"
            : "[{\"Host\":\"no-such-node\",\"Score\":9223372036854775807}]";
      default:
        return "";
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
