package io.schedkit.examples.samples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * A sample scheduler extender: a tiny HTTP server (the JDK's {@link HttpServer}) speaking
 * kube-scheduler's extender protocol v1, which kube-scheduler — or schedkit, configured with {@code
 * extenders[]} — calls after its own Filter and Score plugins.
 *
 * <ul>
 *   <li>{@code POST /filter}: drops the nodes labelled {@value #MAINTENANCE_LABEL}{@code : "true"}
 *       ({@code FailedNodes}: {@value #MAINTENANCE_REASON}), keeps the others.
 *   <li>{@code POST /prioritize}: prefers cheap nodes: from the {@value #COST_LABEL} label (a price
 *       per hour), the cheapest node of the request scores 10, the dearest 0, the others in
 *       proportion; a node without the label scores 0.
 * </ul>
 *
 * <p>The wire format is upstream's ({@code k8s.io/kube-scheduler/extender/v1}): capitalised field
 * names. A request is {@code {"Pod": {...}, "Nodes": {"items": [...]}, "NodeNames": null}}; the
 * filter answers {@code {"Nodes": {"items": [...]}, "NodeNames": null, "FailedNodes": {...},
 * "FailedAndUnresolvableNodes": {}, "Error": ""}} and prioritize {@code [{"Host": "n1", "Score":
 * 7}, ...]}. This extender needs the nodes' labels, so configure it without {@code
 * nodeCacheCapable}; given only {@code NodeNames}, it keeps every node and scores them 0.
 *
 * <p>Configure it like this (in a KubeSchedulerConfiguration):
 *
 * <pre>{@code
 * extenders:
 * - urlPrefix: http://127.0.0.1:8888
 *   filterVerb: filter
 *   prioritizeVerb: prioritize
 *   weight: 2
 * }</pre>
 *
 * <p>Design note (threads): requests are served by a small pool; the handlers keep no state.
 */
public final class CostAwareExtender implements AutoCloseable {
  /** The node label that takes a node out of scheduling. */
  public static final String MAINTENANCE_LABEL = "example.com/maintenance";

  /** The node label giving the node's price per hour. */
  public static final String COST_LABEL = "example.com/cost-per-hour";

  /** Why the filter drops a node. */
  public static final String MAINTENANCE_REASON = "node is in a maintenance window";

  /** The highest score of the extender protocol (scores are 0 to 10). */
  public static final int MAX_EXTENDER_SCORE = 10;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpServer server;
  private final ExecutorService pool;

  private CostAwareExtender(HttpServer server, ExecutorService pool) {
    this.server = server;
    this.pool = pool;
  }

  /**
   * Starts the server.
   *
   * @param address where to listen; port 0 picks a free port (see {@link #port()})
   * @return the running server
   * @throws IOException if the address cannot be bound
   */
  public static CostAwareExtender start(InetSocketAddress address) throws IOException {
    HttpServer server = HttpServer.create(address, 0);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    server.setExecutor(pool);
    server.createContext("/filter", exchange -> serve(exchange, CostAwareExtender::filter));
    server.createContext("/prioritize", exchange -> serve(exchange, CostAwareExtender::prioritize));
    server.start();
    return new CostAwareExtender(server, pool);
  }

  /**
   * Returns the port the server listens on.
   *
   * @return the port
   */
  public int port() {
    return server.getAddress().getPort();
  }

  /** Stops the server at once and its threads. */
  @Override
  public void close() {
    server.stop(0);
    pool.shutdownNow();
  }

  // ------------------------------------------------------------------ verbs

  /** {@code ExtenderArgs} to {@code ExtenderFilterResult}. */
  static JsonNode filter(JsonNode args) {
    ObjectNode result = JSON.createObjectNode();
    ObjectNode failed = JSON.createObjectNode();
    JsonNode nodes = field(args, "Nodes");
    if (nodes != null && nodes.isObject()) {
      ObjectNode kept = result.putObject("Nodes");
      kept.putObject("metadata");
      ArrayNode items = kept.putArray("items");
      for (JsonNode node : iterable(field(nodes, "items"))) {
        if ("true".equals(label(node, MAINTENANCE_LABEL))) {
          failed.put(node.path("metadata").path("name").asText(), MAINTENANCE_REASON);
        } else {
          items.add(node);
        }
      }
      result.putNull("NodeNames");
    } else {
      result.putNull("Nodes");
      result.set("NodeNames", field(args, "NodeNames"));
    }
    result.set("FailedNodes", failed);
    result.putObject("FailedAndUnresolvableNodes");
    result.put("Error", "");
    return result;
  }

  /** {@code ExtenderArgs} to {@code HostPriorityList}. */
  static JsonNode prioritize(JsonNode args) {
    List<String> names = new ArrayList<>();
    List<Double> costs = new ArrayList<>();
    JsonNode nodes = field(args, "Nodes");
    if (nodes != null && nodes.isObject()) {
      for (JsonNode node : iterable(field(nodes, "items"))) {
        names.add(node.path("metadata").path("name").asText());
        costs.add(cost(node));
      }
    } else {
      for (JsonNode name : iterable(field(args, "NodeNames"))) {
        names.add(name.asText());
        costs.add(Double.NaN);
      }
    }
    double min = costs.stream().filter(c -> !c.isNaN()).min(Double::compare).orElse(0.0);
    double max = costs.stream().filter(c -> !c.isNaN()).max(Double::compare).orElse(0.0);
    ArrayNode list = JSON.createArrayNode();
    for (int i = 0; i < names.size(); i++) {
      double c = costs.get(i);
      long score;
      if (Double.isNaN(c)) {
        score = 0;
      } else if (max == min) {
        score = MAX_EXTENDER_SCORE;
      } else {
        score = Math.round(MAX_EXTENDER_SCORE * (max - c) / (max - min));
      }
      list.addObject().put("Host", names.get(i)).put("Score", score);
    }
    return list;
  }

  private static double cost(JsonNode node) {
    String value = label(node, COST_LABEL);
    try {
      return value == null ? Double.NaN : Double.parseDouble(value);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  private static String label(JsonNode node, String key) {
    JsonNode v = node.path("metadata").path("labels").get(key);
    return v == null || v.isNull() ? null : v.asText();
  }

  /** A field by its Go name, matched case-insensitively as Go's JSON decoder does. */
  private static JsonNode field(JsonNode object, String name) {
    if (object == null || !object.isObject()) {
      return null;
    }
    JsonNode exact = object.get(name);
    if (exact != null) {
      return exact;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = object.properties().iterator();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (e.getKey().equalsIgnoreCase(name)) {
        return e.getValue();
      }
    }
    return null;
  }

  private static Iterable<JsonNode> iterable(JsonNode array) {
    return array == null || !array.isArray() ? List.of() : array;
  }

  // ------------------------------------------------------------------ HTTP

  /** POST with a JSON body in, 200 with a JSON body out; 405 or 400 otherwise. */
  private static void serve(HttpExchange exchange, Function<JsonNode, JsonNode> verb)
      throws IOException {
    try (exchange) {
      if (!exchange.getRequestMethod().equals("POST")) {
        reply(exchange, 405, "{\"Error\":\"use POST\"}");
        return;
      }
      JsonNode args;
      try (InputStream in = exchange.getRequestBody()) {
        args = JSON.readTree(in);
      } catch (IOException e) {
        reply(exchange, 400, "{\"Error\":\"the body is not JSON\"}");
        return;
      }
      reply(exchange, 200, JSON.writeValueAsString(verb.apply(args)));
    }
  }

  private static void reply(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
