package io.schedkit.kubernetes;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.schedkit.framework.cluster.ClusterObjects;
import io.schedkit.framework.cluster.ClusterView;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.config.ClientConnectionConfig;
import io.schedkit.framework.model.Pod;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A live cluster for the scheduler: a {@link ClusterView} over a real Kubernetes API server.
 *
 * <p><b>Reading.</b> {@link #start()} starts one list-and-watch ({@link ListWatch}) per kind the
 * scheduler reads — Pods (those not Succeeded or Failed, as kube-scheduler's pod informer), Nodes,
 * Namespaces, PodDisruptionBudgets ({@code policy/v1}, or {@code policy/v1beta1} when discovery
 * finds no v1), PriorityClasses, Services, ReplicaSets, StatefulSets, ReplicationControllers and,
 * when the CRD is installed at start, PodGroups ({@code scheduling.x-k8s.io/v1alpha1}) — and
 * returns once all have listed. The server's JSON is parsed once and read by schedkit's one codec
 * (unknown fields ignored), and each object is delivered on one thread, in order ({@link
 * EventFeed}); when a watch expires (410 Gone) or its connection drops, the kind is listed again
 * and the feed turns the relist into exactly the adds, updates and deletes that make the
 * scheduler's view equal the server's again.
 *
 * <p><b>Writing.</b> {@link #bind}, {@link #evict}, {@link #nominate} and {@link
 * #reportUnschedulable} do what kube-scheduler does (see {@link PodWriter}), asynchronously,
 * through the client (its rate limit applies); events ({@code Scheduled}, {@code FailedScheduling},
 * {@code Preempted}) go to {@code core/v1} Events through their own queue and rate limit.
 *
 * <p>The view does not own the client: {@link #close()} stops the informers and threads, not the
 * client.
 */
public final class KubernetesClusterView implements ClusterView, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(KubernetesClusterView.class);

  private final KubernetesClient client;
  private final Duration syncTimeout;
  private final EventFeed feed = new EventFeed();
  private final String master;
  private final EventRecorder events;
  private final PodWriter writer;
  private final Map<String, ListWatch> informers = new LinkedHashMap<>();
  private final Map<String, Throwable> lastErrors = new ConcurrentHashMap<>();
  private final AtomicLong lists = new AtomicLong();
  private volatile boolean synced;
  private String policyVersion = "";
  private boolean podGroups;
  private boolean started;
  private boolean closed;

  private KubernetesClusterView(Builder b) {
    this.client = b.client;
    this.syncTimeout = b.syncTimeout;
    this.master = client.getMasterUrl().toString();
    this.events =
        new EventRecorder(new ApiRequests(eventClient(client, b.events), master, b.requestTimeout));
    this.writer =
        new PodWriter(new ApiRequests(client.getHttpClient(), master, b.requestTimeout), events);
  }

  /** Events go through a client of their own, limited apart from the scheduler's requests. */
  private static io.fabric8.kubernetes.client.http.HttpClient eventClient(
      KubernetesClient client, ClientConnectionConfig events) {
    io.fabric8.kubernetes.client.http.Interceptor limit =
        events.rateLimited()
            ? new RateLimiter(events.qps(), events.burst())
            : new io.fabric8.kubernetes.client.http.Interceptor() {};
    return client
        .getHttpClient()
        .newBuilder()
        .addOrReplaceInterceptor(RateLimiter.NAME, limit)
        .build();
  }

  /**
   * A builder of a view over {@code client}.
   *
   * @param client the connected client (see {@link KubernetesClients}); not null
   * @return the builder
   */
  public static Builder builder(KubernetesClient client) {
    return new Builder(Objects.requireNonNull(client, "client"));
  }

  /**
   * Discovers the API versions, starts the informers and waits until every one has listed and its
   * objects are in the view.
   *
   * @throws IllegalStateException if an informer has not listed within the sync timeout (the
   *     message names the kinds and their last errors, for example a 403 from RBAC), or discovery
   *     fails
   */
  public synchronized void start() {
    if (closed) {
      throw new IllegalStateException("the view is closed");
    }
    if (started) {
      return;
    }
    started = true;
    policyVersion = ApiDiscovery.policyVersion(client);
    podGroups = ApiDiscovery.podGroupsServed(client);
    String v1 = "/api/v1/";
    inform("Pod", v1 + "pods", "status.phase!=Succeeded,status.phase!=Failed");
    inform("Node", v1 + "nodes", "");
    inform("Namespace", v1 + "namespaces", "");
    inform("PodDisruptionBudget", "/apis/policy/" + policyVersion + "/poddisruptionbudgets", "");
    inform("PriorityClass", "/apis/scheduling.k8s.io/v1/priorityclasses", "");
    inform("Service", v1 + "services", "");
    inform("ReplicaSet", "/apis/apps/v1/replicasets", "");
    inform("StatefulSet", "/apis/apps/v1/statefulsets", "");
    inform("ReplicationController", v1 + "replicationcontrollers", "");
    if (podGroups) {
      inform("PodGroup", "/apis/" + ApiDiscovery.POD_GROUP_API_VERSION + "/podgroups", "");
    }
    LOG.info(
        "watching {} at {} (PodDisruptionBudgets: policy/{}, PodGroups: {})",
        String.join(", ", informers.keySet()),
        client.getMasterUrl(),
        policyVersion,
        podGroups ? "yes" : "CRD not installed");
    List<CompletableFuture<Void>> starts = new ArrayList<>();
    for (ListWatch w : informers.values()) {
      starts.add(w.start());
    }
    try {
      CompletableFuture.allOf(starts.toArray(new CompletableFuture<?>[0]))
          .get(syncTimeout.toMillis(), TimeUnit.MILLISECONDS);
      feed.barrier().get(syncTimeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException | ExecutionException e) {
      throw new IllegalStateException(unsynced(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the informers to list", e);
    }
    synced = true;
    LOG.info("informers synced: {}", counts());
  }

  private String unsynced() {
    StringBuilder b =
        new StringBuilder("informers did not list within " + syncTimeout.toSeconds() + " s:");
    informers.forEach(
        (kind, i) -> {
          if (!i.hasSynced()) {
            Throwable t = lastErrors.get(kind);
            b.append(' ').append(kind).append(t == null ? "" : " (" + t.getMessage() + ")");
            b.append(';');
          }
        });
    return b.toString();
  }

  private String counts() {
    ClusterObjects o = feed.snapshot();
    return o.nodes().size()
        + " nodes, "
        + o.pods().size()
        + " pods, "
        + o.podDisruptionBudgets().size()
        + " PodDisruptionBudgets, "
        + o.priorityClasses().size()
        + " PriorityClasses, "
        + o.namespaces().size()
        + " namespaces";
  }

  private void inform(String kind, String path, String fieldSelector) {
    ListWatch.Sink sink =
        new ListWatch.Sink() {
          @Override
          public void beforeList() {
            if (lists.incrementAndGet() > informers.size()) {
              LOG.info("{}: relisting (watch expired or reconnected)", kind);
            }
          }

          @Override
          public void report(EventFeed.Report report, io.schedkit.framework.model.KubeObject o) {
            feed.publish(report, o);
          }

          @Override
          public void failed(Throwable t) {
            lastErrors.put(kind, t);
            LOG.warn("{} informer: {} (retrying)", kind, t.getMessage());
          }
        };
    informers.put(
        kind, new ListWatch(client.getHttpClient(), master, path, fieldSelector, kind, sink));
  }

  /** Whether {@link #start()} finished: every informer listed and the view holds the objects. */
  public boolean hasSynced() {
    return synced;
  }

  /**
   * Whether every informer is watching now (false while a watch reconnects or relists).
   *
   * @return true when all watches are open
   */
  public boolean isWatching() {
    if (!synced) {
      return false;
    }
    for (ListWatch w : informers.values()) {
      if (!w.isWatching()) {
        return false;
      }
    }
    return true;
  }

  /**
   * How many lists the informers made after their first one: relists after a watch expired (410
   * Gone) or could not resume.
   *
   * @return the number of relists so far
   */
  public long relistCount() {
    return Math.max(0, lists.get() - informers.size());
  }

  /**
   * The {@code policy} version used for PodDisruptionBudgets ({@code v1} or {@code v1beta1}).
   *
   * @return the version; empty before {@link #start()}
   */
  public synchronized String policyVersion() {
    return policyVersion;
  }

  /**
   * Whether PodGroups are watched (the CRD was installed when the view started).
   *
   * @return true when PodGroups are watched
   */
  public synchronized boolean watchesPodGroups() {
    return podGroups;
  }

  /**
   * The number of events written to the API server so far ({@code Scheduled}, {@code
   * FailedScheduling}, {@code Preempted}).
   *
   * @return the count
   */
  public long eventsWritten() {
    return events.writtenCount();
  }

  /** Every object delivered so far, as last delivered. */
  @Override
  public ClusterObjects list() {
    return feed.snapshot();
  }

  /**
   * Delivers an {@code ADDED} for every object, then every change, on the view's event thread.
   *
   * @throws IllegalStateException if the view was not started
   */
  @Override
  public AutoCloseable watch(Consumer<WatchEvent> listener) {
    if (!synced) {
      throw new IllegalStateException("start() the KubernetesClusterView before watching it");
    }
    return feed.subscribe(listener);
  }

  @Override
  public CompletionStage<Void> bind(Pod pod, String nodeName) {
    return writer.bind(pod, nodeName);
  }

  @Override
  public CompletionStage<Void> evict(Pod victim, Pod preemptor) {
    return writer.evict(victim, preemptor);
  }

  @Override
  public CompletionStage<Void> nominate(Pod pod, String nodeName) {
    return writer.nominate(pod, nodeName);
  }

  @Override
  public CompletionStage<Void> reportUnschedulable(Pod pod, String message) {
    return writer.reportUnschedulable(pod, message);
  }

  /** Stops the informers, the event thread and the event recorder (not the client). */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    synced = false;
    for (ListWatch w : informers.values()) {
      w.close();
    }
    feed.close();
    events.close();
  }

  /** Builds a {@link KubernetesClusterView}. */
  public static final class Builder {
    private final KubernetesClient client;
    private Duration syncTimeout = Duration.ofMinutes(2);
    private Duration requestTimeout = Duration.ofSeconds(30);
    private ClientConnectionConfig events = ClientConnectionConfig.defaults();

    private Builder(KubernetesClient client) {
      this.client = client;
    }

    /**
     * How long {@link KubernetesClusterView#start()} waits for the informers to list (default 2
     * minutes).
     *
     * @param timeout the timeout; positive
     * @return this builder
     */
    public Builder syncTimeout(Duration timeout) {
      this.syncTimeout = positive(timeout, "syncTimeout");
      return this;
    }

    /**
     * How long one write (a bind, a patch, a delete, an event) may take (default 30 s).
     *
     * @param timeout the timeout; positive
     * @return this builder
     */
    public Builder requestTimeout(Duration timeout) {
      this.requestTimeout = positive(timeout, "requestTimeout");
      return this;
    }

    /**
     * The rate limit of event writes ({@code qps}, {@code burst}; default 50 and 100, as the
     * scheduler's own): kube-scheduler records events through a client of their own.
     *
     * @param connection the limit; a negative qps means none
     * @return this builder
     */
    public Builder eventRateLimit(ClientConnectionConfig connection) {
      this.events = Objects.requireNonNull(connection, "connection");
      return this;
    }

    /**
     * Builds the view; call {@link KubernetesClusterView#start()} before building a scheduler on
     * it.
     *
     * @return the view
     */
    public KubernetesClusterView build() {
      return new KubernetesClusterView(this);
    }

    private static Duration positive(Duration d, String name) {
      Objects.requireNonNull(d, name);
      if (d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException(name + " must be positive: " + d);
      }
      return d;
    }
  }
}
