package io.schedkit.kubernetes;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.schedkit.core.codec.DecodeResult;
import io.schedkit.core.codec.FieldValidation;
import io.schedkit.core.codec.KubeCodec;
import io.schedkit.framework.model.KubeObject;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A reflector for one kind: lists the collection, then watches it from the list's resourceVersion,
 * on a thread of its own, and reports every object to a {@link Sink} as schedkit's model. The JSON
 * the API server sends is parsed once into a tree and read by {@link KubeCodec} (unknown fields
 * ignored: a live server may be newer than the codec's schema).
 *
 * <p>As client-go's and fabric8's reflectors: the list is read in pages of 500; a watch asks for
 * bookmarks and ends after 5 to 10 minutes, when it is opened again from the last resourceVersion
 * seen; a watch that fails (410 Gone, a dropped connection, an error event) leads to a new list,
 * which reports every listed object and deletes the ones the list no longer holds, after a back-off
 * of 1 s doubling up to 30 s while requests keep failing. An object the codec rejects is logged and
 * skipped (its deletion is still reported when it was known before).
 */
final class ListWatch implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ListWatch.class);
  private static final ObjectMapper JSON =
      JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
  private static final int PAGE = 500;
  private static final long MIN_WATCH_SECONDS = 300;

  /** Receives what a reflector sees. Called on the reflector's thread. */
  interface Sink {
    /** A list starts (the first, or a relist after a failed watch). */
    void beforeList();

    /** The object exists with this version, or is gone. */
    void report(EventFeed.Report report, KubeObject object);

    /** A list or watch failed; the reflector retries. */
    void failed(Throwable t);
  }

  /** The API server's 410 Gone: the resourceVersion is too old, list again. */
  private static final class Gone extends Exception {
    private static final long serialVersionUID = 1L;

    Gone(String message) {
      super(message, null, false, false);
    }
  }

  private final HttpClient http;
  private final String url;
  private final String fieldSelector;
  private final String kind;
  private final Sink sink;
  private final KubeCodec codec = new KubeCodec(FieldValidation.IGNORE);
  private final String source;
  private final CompletableFuture<Void> firstList = new CompletableFuture<>();
  // Written only by the reflector's thread: the objects as last reported, by namespace/name.
  private Map<String, KubeObject> known = new HashMap<>();
  private final Thread thread;
  private volatile boolean watching;
  private volatile boolean closed;
  private volatile InputStream stream;

  /**
   * A reflector of {@code path} on the server at {@code masterUrl}.
   *
   * @param http the client's HTTP client (authentication, TLS, rate limit)
   * @param masterUrl the server's URL
   * @param path the collection's path, for example {@code /api/v1/pods}
   * @param fieldSelector a field selector, or empty
   * @param kind the kind of the collection's items
   * @param sink the receiver of the objects
   */
  ListWatch(
      HttpClient http,
      String masterUrl,
      String path,
      String fieldSelector,
      String kind,
      Sink sink) {
    this.http = http;
    this.url =
        (masterUrl.endsWith("/") ? masterUrl.substring(0, masterUrl.length() - 1) : masterUrl)
            + path;
    this.fieldSelector = fieldSelector;
    this.kind = kind;
    this.sink = sink;
    this.source = "API server " + kind;
    this.thread = new Thread(this::loop, "schedkit-kube-watch-" + kind);
    thread.setDaemon(true);
  }

  /** Starts the thread; the stage completes once the first list was reported. */
  CompletableFuture<Void> start() {
    thread.start();
    return firstList;
  }

  /** Whether the first list was reported. */
  boolean hasSynced() {
    return firstList.isDone();
  }

  /** Whether a watch is open now. */
  boolean isWatching() {
    return watching;
  }

  /** Stops the thread and closes the open watch. */
  @Override
  public void close() {
    closed = true;
    thread.interrupt();
    InputStream s = stream;
    if (s != null) {
      try {
        s.close();
      } catch (IOException e) {
        LOG.debug("closing the {} watch: {}", kind, e.toString());
      }
    }
  }

  private void loop() {
    String resourceVersion = null;
    long backoffMillis = 1000;
    while (!closed) {
      try {
        if (resourceVersion == null) {
          resourceVersion = list();
        }
        resourceVersion = watch(resourceVersion);
        backoffMillis = 1000;
      } catch (Gone e) {
        LOG.debug("{}: {}; listing again", kind, e.getMessage());
        resourceVersion = null;
      } catch (InterruptedException e) {
        return;
      } catch (Exception e) {
        if (closed) {
          return;
        }
        resourceVersion = null;
        sink.failed(e);
        try {
          Thread.sleep(backoffMillis);
        } catch (InterruptedException ie) {
          return;
        }
        backoffMillis = Math.min(backoffMillis * 2, 30_000);
      }
    }
  }

  private String query(String... params) {
    StringBuilder q = new StringBuilder(url).append('?');
    boolean first = true;
    if (!fieldSelector.isEmpty()) {
      q.append("fieldSelector=").append(URLEncoder.encode(fieldSelector, StandardCharsets.UTF_8));
      first = false;
    }
    for (String p : params) {
      if (p != null) {
        q.append(first ? "" : "&").append(p);
        first = false;
      }
    }
    return q.toString();
  }

  /** Lists every object, reports them and the deletions; returns the list's resourceVersion. */
  private String list() throws Exception {
    sink.beforeList();
    Map<String, KubeObject> listed = new HashMap<>();
    String cont = "";
    String resourceVersion;
    do {
      String u =
          query(
              "limit=" + PAGE,
              cont.isEmpty()
                  ? null
                  : "continue=" + URLEncoder.encode(cont, StandardCharsets.UTF_8));
      HttpResponse<byte[]> r =
          http.sendAsync(http.newHttpRequestBuilder().uri(u).build(), byte[].class).get();
      if (r.code() == 410) {
        throw new Gone("the list's continue token expired");
      }
      if (!r.isSuccessful()) {
        throw new IOException(failure("listing " + kind, r.code(), r.body()));
      }
      JsonNode page = JSON.readTree(r.body());
      JsonNode meta = page.path("metadata");
      resourceVersion = meta.path("resourceVersion").asText("");
      cont = meta.path("continue").asText("");
      String apiVersion = page.path("apiVersion").asText("");
      for (JsonNode item : page.path("items")) {
        if (item instanceof ObjectNode o) {
          if (o.get("kind") == null) {
            o.put("kind", kind);
          }
          if (o.get("apiVersion") == null && !apiVersion.isEmpty()) {
            o.put("apiVersion", apiVersion);
          }
          KubeObject object = decode(o);
          if (object != null) {
            listed.put(key(o), object);
          }
        }
      }
    } while (!cont.isEmpty());
    for (KubeObject o : listed.values()) {
      sink.report(EventFeed.Report.UPSERT, o);
    }
    for (Map.Entry<String, KubeObject> e : known.entrySet()) {
      if (!listed.containsKey(e.getKey())) {
        sink.report(EventFeed.Report.DELETE, e.getValue());
      }
    }
    known = listed;
    firstList.complete(null);
    return resourceVersion;
  }

  /** Watches from {@code resourceVersion} until the server ends the watch; returns the last one. */
  private String watch(String resourceVersion) throws Exception {
    long seconds = MIN_WATCH_SECONDS + ThreadLocalRandom.current().nextLong(MIN_WATCH_SECONDS);
    String u =
        query(
            "watch=true",
            "allowWatchBookmarks=true",
            "resourceVersion=" + URLEncoder.encode(resourceVersion, StandardCharsets.UTF_8),
            "timeoutSeconds=" + seconds);
    CompletableFuture<HttpResponse<InputStream>> pending =
        http.sendAsync(
            http.newHttpRequestBuilder().uri(u).forStreaming().build(), InputStream.class);
    HttpResponse<InputStream> r;
    try {
      r = pending.get(seconds + 30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception c ? c : e;
    } catch (InterruptedException e) {
      pending.cancel(true);
      throw e;
    }
    String rv = resourceVersion;
    try (InputStream in = r.body()) {
      if (r.code() == 410) {
        throw new Gone("watch from resourceVersion " + resourceVersion + ": 410 Gone");
      }
      if (!r.isSuccessful()) {
        throw new IOException(
            failure("watching " + kind, r.code(), in == null ? null : in.readAllBytes()));
      }
      stream = in;
      if (closed) {
        return rv;
      }
      watching = true;
      JsonParser parser = JSON.createParser(in);
      try (MappingIterator<JsonNode> events = JSON.readerFor(JsonNode.class).readValues(parser)) {
        while (events.hasNextValue()) {
          rv = apply(events.nextValue(), rv);
        }
      }
    } finally {
      watching = false;
      stream = null;
    }
    return rv;
  }

  /** Applies one watch event; returns the resourceVersion to resume from. */
  private String apply(JsonNode event, String rv) throws Exception {
    String type = event.path("type").asText("");
    JsonNode node = event.get("object");
    if (!(node instanceof ObjectNode o)) {
      throw new IOException(kind + " watch: an event without an object: " + type);
    }
    if (type.equals("ERROR")) {
      int code = o.path("code").asInt(0);
      String message = o.path("message").asText("");
      if (code == 410) {
        throw new Gone(message);
      }
      throw new IOException(kind + " watch: error " + code + ": " + message);
    }
    String next = o.path("metadata").path("resourceVersion").asText("");
    if (type.equals("BOOKMARK")) {
      return next.isEmpty() ? rv : next;
    }
    if (o.get("kind") == null) {
      o.put("kind", kind);
    }
    String key = key(o);
    if (type.equals("DELETED")) {
      KubeObject object = decode(o);
      KubeObject last = known.remove(key);
      if (object != null || last != null) {
        sink.report(EventFeed.Report.DELETE, object != null ? object : last);
      }
    } else if (type.equals("ADDED") || type.equals("MODIFIED")) {
      KubeObject object = decode(o);
      if (object != null) {
        known.put(key, object);
        sink.report(EventFeed.Report.UPSERT, object);
      }
    } else {
      LOG.debug("{} watch: ignoring an event of type {}", kind, type);
    }
    return next.isEmpty() ? rv : next;
  }

  private static String key(JsonNode o) {
    JsonNode meta = o.path("metadata");
    return meta.path("namespace").asText("") + "/" + meta.path("name").asText("");
  }

  /** The model object, or null when the codec rejects it (logged). */
  private KubeObject decode(ObjectNode o) {
    try {
      DecodeResult r = codec.decode(o, source);
      if (r.objects().size() != 1) {
        LOG.warn("{}: skipped {}: {}", source, key(o), r.warnings());
        return null;
      }
      return r.objects().get(0);
    } catch (RuntimeException e) {
      LOG.warn("skipped {} {}: {}", kind, key(o), e.getMessage());
      return null;
    }
  }

  private static String failure(String what, int code, byte[] body) {
    String message = body == null ? "" : new String(body, StandardCharsets.UTF_8).trim();
    if (message.startsWith("{")) {
      try {
        message = JSON.readTree(message).path("message").asText(message);
      } catch (IOException e) {
        // not a Status: keep the raw body
      }
    }
    return what + ": " + code + (message.isEmpty() ? "" : ": " + message);
  }
}
