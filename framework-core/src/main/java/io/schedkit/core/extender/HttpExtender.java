package io.schedkit.core.extender;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.schedkit.core.codec.tree.InputLimits;
import io.schedkit.core.runtime.GoDuration;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.NodeScore;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Victims;
import io.schedkit.framework.config.ExtenderConfig;
import io.schedkit.framework.extender.Extender;
import io.schedkit.framework.extender.ExtenderFilterResult;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A scheduler extender reached over HTTP with the extender protocol v1: kube-scheduler's {@code
 * HTTPExtender}, built from one {@code extenders[]} entry of the configuration.
 *
 * <p>Each call is a {@code POST} of JSON to {@code <urlPrefix without trailing "/">/<verb>} with
 * {@code Content-Type: application/json}, bounded by {@code httpTimeout} (connecting, waiting and
 * reading the body). The messages are described in {@code ExtenderWire}: capitalised Go field
 * names, pods and nodes as Kubernetes JSON, responses decoded case-insensitively.
 *
 * <ul>
 *   <li><b>filter</b> sends the pod and the candidate nodes (only their names when {@code
 *       nodeCacheCapable}) and returns the names the extender kept, which must all be candidates,
 *       with its failed and unresolvable nodes; a non-empty {@code Error} fails the call. Without a
 *       filter verb every node passes.
 *   <li><b>prioritize</b> returns the extender's scores (0–10; the scheduler multiplies them by
 *       {@code weight × 10}). Without a prioritize verb every node scores 0.
 *   <li><b>bind</b> sends the pod's name, namespace and UID and the node; a non-empty {@code Error}
 *       fails it.
 *   <li><b>preempt</b> sends the candidate victims (whole pods, or UIDs when {@code
 *       nodeCacheCapable}) and returns those the extender keeps, resolved by UID among the pods of
 *       each node. A node left without victims is an error, or dropped when the extender is {@code
 *       ignorable}.
 * </ul>
 *
 * <p>Every failure is an {@link ExtenderException} with kube-scheduler's message, such as {@code
 * failed filter with extender at URL http://127.0.0.1:8888/filter, code 500}; transport failures
 * read {@code Post "<url>": <cause>}, as Go's client reports them.
 *
 * <p>Thread-safe: the configuration is immutable and the JDK {@link HttpClient} is shared by
 * concurrent calls.
 */
public final class HttpExtender implements Extender, AutoCloseable {
  // Replies are read with the Kubernetes decoders' limits on nesting and on one value; their
  // size is bounded as they are received (see MIN_REPLY_LIMIT_BYTES).
  private static final ObjectMapper JSON =
      JsonMapper.builder(JsonFactory.builder().streamReadConstraints(InputLimits.jackson()).build())
          .build();

  /**
   * The smallest reply size limit. A reply may be larger than its request (a filter reply of a
   * non-nodeCacheCapable extender returns whole nodes), so the limit is the larger of this and
   * {@link #REPLY_TO_REQUEST} times the request.
   */
  static final long MIN_REPLY_LIMIT_BYTES = 16L << 20;

  /** How many times larger than its request a reply may be. */
  static final int REPLY_TO_REQUEST = 4;

  private static final AtomicInteger THREADS = new AtomicInteger();

  private final ExtenderConfig config;
  private final String baseUrl;
  private final Set<String> managedResources;
  private volatile HttpClient client;
  private final ExecutorService executor;

  /**
   * An extender for {@code config}. The configuration is expected to be valid (as the configuration
   * decoder checks it); only what is needed to build the client is checked here.
   *
   * @param config one {@code extenders[]} entry
   * @throws IllegalArgumentException if the URL prefix is not a URL, or the TLS settings cannot be
   *     used (unreadable files, bad PEM data, a CA together with {@code insecure})
   */
  public HttpExtender(ExtenderConfig config) {
    this.config = Objects.requireNonNull(config, "config");
    this.baseUrl = trimTrailingSlashes(config.urlPrefix());
    for (String verb :
        List.of(
            config.filterVerb(),
            config.prioritizeVerb(),
            config.bindVerb(),
            config.preemptVerb())) {
      if (!verb.isEmpty()) {
        uri(verb);
      }
    }
    Set<String> managed = new HashSet<>();
    config.managedResources().forEach(r -> managed.add(r.name()));
    this.managedResources = Set.copyOf(managed);
    this.executor =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "schedkit-extender-" + THREADS.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    HttpClient.Builder builder =
        HttpClient.newBuilder()
            .executor(executor)
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NORMAL)
            .connectTimeout(config.httpTimeout());
    ExtenderTls.configure(builder, config);
    this.client = builder.build();
  }

  /**
   * Stops the threads that handle this extender's replies and, on a JDK whose HTTP client can be
   * closed (21 and later), the client's own threads; on JDK 17 the client's selector thread ends by
   * itself once the client is no longer referenced. Calls after this fail.
   */
  @Override
  public void close() {
    executor.shutdownNow();
    HttpClient c = client;
    client = null; // unreferenced, a JDK 17 client's selector thread ends
    if (c instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        throw new IllegalStateException("closing the HTTP client of " + name(), e);
      }
    }
  }

  /** The configuration this extender was built from. */
  public ExtenderConfig config() {
    return config;
  }

  @Override
  public String name() {
    return config.urlPrefix();
  }

  @Override
  public boolean isIgnorable() {
    return config.ignorable();
  }

  @Override
  public boolean isInterested(Pod pod) {
    if (managedResources.isEmpty()) {
      return true;
    }
    return hasManagedResources(pod.spec().containers())
        || hasManagedResources(pod.spec().initContainers());
  }

  private boolean hasManagedResources(List<Container> containers) {
    for (Container c : containers) {
      for (String name : c.resources().requests().names()) {
        if (managedResources.contains(name)) {
          return true;
        }
      }
      for (String name : c.resources().limits().names()) {
        if (managedResources.contains(name)) {
          return true;
        }
      }
    }
    return false;
  }

  @Override
  public boolean isFilter() {
    return !config.filterVerb().isEmpty();
  }

  @Override
  public boolean isPrioritizer() {
    return !config.prioritizeVerb().isEmpty();
  }

  @Override
  public boolean isBinder() {
    return !config.bindVerb().isEmpty();
  }

  @Override
  public boolean supportsPreemption() {
    return !config.preemptVerb().isEmpty();
  }

  @Override
  public long weight() {
    return config.weight();
  }

  // ------------------------------------------------------------------ verbs

  @Override
  public ExtenderFilterResult filter(Pod pod, List<NodeInfo> nodes) throws ExtenderException {
    List<String> input = names(nodes);
    String verb = config.filterVerb();
    if (verb.isEmpty()) {
      return new ExtenderFilterResult(input, Map.of(), Map.of());
    }
    JsonNode body =
        send(verb, ExtenderWire.extenderArgs(pod, nodeObjects(nodes), config.nodeCacheCapable()));
    ExtenderWire.FilterResult r = decode(verb, () -> ExtenderWire.filterResult(body));
    if (!r.error().isEmpty()) {
      throw new ExtenderException(r.error());
    }
    List<String> passed;
    if (config.nodeCacheCapable() && r.nodeNames() != null) {
      passed = r.nodeNames();
    } else if (r.nodes() != null) {
      passed = r.nodes();
    } else {
      passed = List.of();
    }
    Set<String> offered = new HashSet<>(input);
    for (String n : passed) {
      if (!offered.contains(n)) {
        throw new ExtenderException(
            "extender "
                + goQuote(name())
                + " claims a filtered node "
                + goQuote(shorten(n))
                + " which is not found in the input node list");
      }
    }
    checkOffered(offered, r.failedNodes().keySet(), "failed");
    checkOffered(offered, r.failedAndUnresolvableNodes().keySet(), "failed and unresolvable");
    return new ExtenderFilterResult(passed, r.failedNodes(), r.failedAndUnresolvableNodes());
  }

  /** Fails when the reply names a node that was not sent, as upstream does for passed nodes. */
  private void checkOffered(Set<String> offered, Set<String> named, String what)
      throws ExtenderException {
    for (String n : named) {
      if (!offered.contains(n)) {
        throw new ExtenderException(
            "extender "
                + goQuote(name())
                + " claims a "
                + what
                + " node "
                + goQuote(shorten(n))
                + " which is not found in the input node list");
      }
    }
  }

  @Override
  public List<NodeScore> prioritize(Pod pod, List<NodeInfo> nodes) throws ExtenderException {
    String verb = config.prioritizeVerb();
    if (verb.isEmpty()) {
      List<NodeScore> zeros = new ArrayList<>(nodes.size());
      nodes.forEach(n -> zeros.add(new NodeScore(n.name(), 0)));
      return zeros;
    }
    JsonNode body =
        send(verb, ExtenderWire.extenderArgs(pod, nodeObjects(nodes), config.nodeCacheCapable()));
    return decode(verb, () -> ExtenderWire.hostPriorityList(body));
  }

  @Override
  public void bind(Pod pod, String nodeName) throws ExtenderException {
    String verb = config.bindVerb();
    if (verb.isEmpty()) {
      throw new ExtenderException("unexpected empty bindVerb in extender");
    }
    JsonNode body = send(verb, ExtenderWire.bindingArgs(pod, nodeName));
    String error = decode(verb, () -> ExtenderWire.bindingError(body));
    if (!error.isEmpty()) {
      throw new ExtenderException(error);
    }
  }

  @Override
  public Map<String, Victims> processPreemption(
      Pod pod, Map<String, Victims> nodeNameToVictims, NodeInfoLister nodes)
      throws ExtenderException {
    String verb = config.preemptVerb();
    if (verb.isEmpty()) {
      throw new ExtenderException(
          "preempt verb is not defined for extender " + name() + " but run into ProcessPreemption");
    }
    JsonNode body =
        send(verb, ExtenderWire.preemptionArgs(pod, nodeNameToVictims, config.nodeCacheCapable()));
    Map<String, ExtenderWire.MetaVictims> kept =
        decode(verb, () -> ExtenderWire.preemptionResult(body));
    Map<String, Victims> out = new LinkedHashMap<>();
    for (Map.Entry<String, ExtenderWire.MetaVictims> e : kept.entrySet()) {
      String nodeName = e.getKey();
      NodeInfo node =
          nodes
              .get(nodeName)
              .orElseThrow(
                  () ->
                      new ExtenderException(
                          "nodeinfo not found for node name " + goQuote(shorten(nodeName))));
      List<Pod> victims = new ArrayList<>();
      for (String uid : e.getValue().uids()) {
        victims.add(podOnNode(node, uid));
      }
      if (victims.isEmpty()) {
        if (isIgnorable()) {
          continue; // upstream drops such a node when the extender is ignorable
        }
        throw new ExtenderException(
            "expected at least one victim pod on node " + goQuote(shorten(nodeName)));
      }
      out.put(nodeName, new Victims(victims, e.getValue().numPdbViolations()));
    }
    return out;
  }

  private Pod podOnNode(NodeInfo node, String uid) throws ExtenderException {
    for (PodInfo p : node.pods()) {
      if (p.uid().equals(uid)) {
        return p.pod();
      }
    }
    throw new ExtenderException(
        "extender: "
            + name()
            + " claims to preempt pod (UID: "
            + uid
            + ") on node: "
            + node.name()
            + ", but the pod is not found on that node");
  }

  // ------------------------------------------------------------------ transport

  /** POSTs {@code args} to {@code verb} and parses the 200 response's body. */
  private JsonNode send(String verb, ObjectNode args) throws ExtenderException {
    URI uri = uri(verb);
    byte[] payload;
    try {
      payload = JSON.writeValueAsBytes(args);
    } catch (JsonProcessingException e) {
      throw new ExtenderException("encoding " + verb + " request: " + e.getOriginalMessage(), e);
    }
    Duration timeout = config.httpTimeout();
    HttpRequest request =
        HttpRequest.newBuilder(uri)
            .timeout(timeout)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(payload))
            .build();
    long limit = Math.max(MIN_REPLY_LIMIT_BYTES, (long) REPLY_TO_REQUEST * payload.length);
    CompletableFuture<HttpResponse<byte[]>> call;
    HttpClient c = client;
    if (c == null) {
      throw new ExtenderException(post(uri) + "the extender is closed");
    }
    try {
      call = c.sendAsync(request, BoundedBody.handler(limit));
    } catch (RejectedExecutionException e) {
      throw new ExtenderException(post(uri) + "the extender is closed", e);
    }
    HttpResponse<byte[]> response;
    try {
      response = call.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      call.cancel(true);
      throw timedOut(uri, timeout, e);
    } catch (InterruptedException e) {
      call.cancel(true);
      Thread.currentThread().interrupt();
      throw new ExtenderException(post(uri) + "interrupted", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      if (cause instanceof HttpTimeoutException) {
        throw timedOut(uri, timeout, cause);
      }
      throw new ExtenderException(post(uri) + describe(cause), cause);
    }
    if (response.statusCode() != 200) {
      throw new ExtenderException(
          "failed " + verb + " with extender at URL " + uri + ", code " + response.statusCode());
    }
    return parseBody(response.body(), decoding(verb));
  }

  /**
   * A 200 reply's body as a JSON tree; {@code prefix} ({@code decoding <verb> response from
   * extender at URL <url>: }) starts the message of the exception for a malformed or empty body.
   */
  static JsonNode parseBody(byte[] bytes, String prefix) throws ExtenderException {
    JsonNode body;
    try {
      body = JSON.readTree(bytes);
    } catch (JsonProcessingException e) {
      throw new ExtenderException(prefix + jsonError(e), e);
    } catch (IOException e) {
      throw new ExtenderException(prefix + describe(e), e);
    }
    if (body == null || body.isMissingNode()) {
      throw new ExtenderException(prefix + "empty body");
    }
    return body;
  }

  /** A response decoding step that may fail with an {@link IllegalArgumentException}. */
  @FunctionalInterface
  interface Decoding<T> {
    T run();
  }

  private <T> T decode(String verb, Decoding<T> step) throws ExtenderException {
    return decode(step, decoding(verb));
  }

  /** Runs a decoding step; its {@link IllegalArgumentException} becomes an ExtenderException. */
  static <T> T decode(Decoding<T> step, String prefix) throws ExtenderException {
    try {
      return step.run();
    } catch (IllegalArgumentException e) {
      throw new ExtenderException(prefix + e.getMessage(), e);
    }
  }

  private String decoding(String verb) {
    return "decoding " + verb + " response from extender at URL " + uri(verb) + ": ";
  }

  private URI uri(String verb) {
    String url = baseUrl + "/" + verb;
    try {
      URI uri = new URI(url);
      if (uri.getScheme() == null || uri.getHost() == null) {
        throw new IllegalArgumentException(
            "extender " + goQuote(config.urlPrefix()) + ": not an absolute URL: " + url);
      }
      return uri;
    } catch (java.net.URISyntaxException e) {
      throw new IllegalArgumentException(
          "extender " + goQuote(config.urlPrefix()) + ": invalid URL: " + e.getMessage(), e);
    }
  }

  private static ExtenderException timedOut(URI uri, Duration timeout, Throwable cause) {
    return new ExtenderException(
        post(uri) + "timeout after " + GoDuration.format(timeout) + " (Client.Timeout exceeded)",
        cause);
  }

  private static String post(URI uri) {
    return "Post \"" + uri + "\": ";
  }

  /** {@code line N, column M: <parser message>}, without Jackson's source excerpts. */
  private static String jsonError(JsonProcessingException e) {
    String m = e.getOriginalMessage() == null ? "malformed JSON" : e.getOriginalMessage();
    for (String noise : List.of(" (start marker at", "\n")) {
      int cut = m.indexOf(noise);
      if (cut >= 0) {
        m = m.substring(0, cut);
      }
    }
    JsonLocation at = e.getLocation();
    return at == null || at.getLineNr() < 0
        ? m
        : "line " + at.getLineNr() + ", column " + at.getColumnNr() + ": " + m;
  }

  /** The first message along the cause chain, after its exception's simple name. */
  private static String describe(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      String message = c.getMessage();
      if (message != null && !message.isEmpty()) {
        return c.getClass().getSimpleName() + ": " + message;
      }
    }
    // The JDK client's ConnectException carries no message; it means the connection was refused.
    return t instanceof java.net.ConnectException
        ? "connect: connection refused"
        : t.getClass().getSimpleName();
  }

  /** A name as long as a Kubernetes name may be, longer ones cut, for messages. */
  private static String shorten(String s) {
    return io.schedkit.framework.PluginArgs.FieldError.shorten(s, 253);
  }

  private static String trimTrailingSlashes(String s) {
    int end = s.length();
    while (end > 0 && s.charAt(end - 1) == '/') {
      end--;
    }
    return s.substring(0, end);
  }

  private static List<String> names(List<NodeInfo> nodes) {
    List<String> names = new ArrayList<>(nodes.size());
    nodes.forEach(n -> names.add(n.name()));
    return names;
  }

  private static List<Node> nodeObjects(List<NodeInfo> nodes) {
    List<Node> out = new ArrayList<>(nodes.size());
    nodes.forEach(n -> out.add(n.node()));
    return out;
  }

  private static String goQuote(String s) {
    return io.schedkit.framework.PluginArgs.FieldError.goQuote(s);
  }

  @Override
  public String toString() {
    return "HttpExtender[" + config.urlPrefix() + "]";
  }
}
