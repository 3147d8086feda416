package io.schedkit.simulation;

import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.cluster.PriorityAdmission;
import io.schedkit.framework.Clock;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Registry;
import io.schedkit.framework.Resource;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodCondition;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.PodTemplateSpec;
import io.schedkit.framework.model.PriorityClass;
import io.schedkit.framework.model.Workload;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A trace-driven simulation: the real scheduler (queue, cache, scheduling and binding cycles,
 * preemption with evictions, permit waits) over an {@link InMemoryCluster} on a {@link
 * VirtualClock}. The engine behind {@code schedkit simulate}, meant to be reused by tools that
 * attach a {@link SimulationListener} (a progress bar, a report writer).
 *
 * <p><b>A run.</b> The cluster objects exist at the start (virtual second 0). Each workload object
 * is created at its {@value #ARRIVAL_ANNOTATION} annotation (seconds, default 0; equal times keep
 * file order, and everything due at 0 exists before the first scheduling cycle). A pod with {@value
 * #DURATION_ANNOTATION} is deleted that many seconds after it is bound (for a pod that is bound
 * when created, after its creation), freeing its resources; without it a pod runs for ever. The
 * scheduler runs with {@code parallelism 1} and the given seed until no pod can make progress and
 * no arrival or completion is due. Bindings, evictions (the pods that {@link InMemoryCluster#evict}
 * marks with {@code DisruptionTarget} before deleting them) and completions are observed through
 * {@link InMemoryCluster#watch}.
 *
 * <p><b>Determinism.</b> Identical inputs and seed give an identical {@link SimulationResult}
 * (except the wall-clock statistics) and identical listener calls.
 *
 * <p>Design note: a {@code Simulation} is immutable and may be {@link #run} several times; each run
 * builds its own clock, cluster and scheduler and drives them on the caller's thread, so listeners
 * are called on that thread, in virtual-time order. The inputs are validated by {@link
 * Builder#build()}, so a run only fails on a bug or a throwing listener.
 */
public final class Simulation {
  /** The annotation giving an object's creation time in virtual seconds ({@code "12.5"}). */
  public static final String ARRIVAL_ANNOTATION = "schedkit.io/arrival";

  /** The annotation giving how many virtual seconds a pod runs once bound ({@code "30"}). */
  public static final String DURATION_ANNOTATION = "schedkit.io/duration";

  private final List<KubeObject> clusterObjects;
  private final List<KubeObject> workload;
  private final List<Duration> arrivals;
  private final SchedulerConfiguration configuration;
  private final Registry registry;
  private final long seed;
  private final Instant start;
  private final List<SimulationListener> listeners;
  private final List<String> trackedPods;
  private final Map<String, Integer> trackedRanks;
  private final int clusterNodes;

  private Simulation(Builder b, List<Duration> arrivals, Instant start) {
    this.clusterObjects = List.copyOf(b.clusterObjects);
    this.workload = List.copyOf(b.workload);
    this.arrivals = List.copyOf(arrivals);
    this.configuration = b.configuration;
    this.registry = b.registry != null ? b.registry : Registry.discover();
    this.seed = b.seed;
    this.start = start;
    this.listeners = List.copyOf(b.listeners);
    List<String> tracked = new ArrayList<>();
    Map<String, Integer> ranks = new HashMap<>();
    for (int i = 0; i < workload.size(); i++) {
      KubeObject o = workload.get(i);
      if (o instanceof Pod) {
        tracked.add(o.key());
        ranks.put(o.key(), i);
      }
    }
    int nodes = 0;
    for (int i = 0; i < clusterObjects.size(); i++) {
      KubeObject o = clusterObjects.get(i);
      if (o instanceof Pod && !((Pod) o).isAssigned()) {
        tracked.add(o.key());
        ranks.put(o.key(), workload.size() + i);
      } else if (o instanceof Node) {
        nodes++;
      }
    }
    this.trackedPods = List.copyOf(tracked);
    this.trackedRanks = Map.copyOf(ranks);
    this.clusterNodes = nodes;
  }

  /**
   * Returns a builder.
   *
   * @return a builder with no objects, the default configuration, seed 0 and no listener
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns the pods known before the run that the result reports in {@code placements}: the
   * workload pods in file order, then the cluster pods pending at the start. The pods that
   * controllers create during the run are reported too, each at its controller's place in that
   * order (a workload controller's pods at the controller's place in the workload file, the cluster
   * controllers' after the cluster's pending pods), in creation order.
   *
   * @return the pod keys ({@code namespace/name})
   */
  public List<String> trackedPods() {
    return trackedPods;
  }

  /**
   * Returns the virtual clock's start: the latest creation or start time among the inputs, so that
   * objects taken from a real cluster are never younger than the simulated ones.
   *
   * @return the instant of virtual second 0
   */
  public Instant start() {
    return start;
  }

  /**
   * Runs the simulation.
   *
   * @return what happened
   * @throws IllegalArgumentException if the configuration cannot build a scheduler
   */
  public SimulationResult run() {
    return new Run().execute();
  }

  // ------------------------------------------------------------------ annotations

  /**
   * Returns the {@value #ARRIVAL_ANNOTATION} of {@code object}.
   *
   * @param object any object
   * @return the arrival time, empty when the annotation is absent
   * @throws IllegalArgumentException if the annotation is not a non-negative number of seconds; the
   *     message names the object and the annotation
   */
  public static Optional<Duration> arrival(KubeObject object) {
    return seconds(object, ARRIVAL_ANNOTATION);
  }

  /**
   * Returns the {@value #DURATION_ANNOTATION} of {@code object}.
   *
   * @param object any object (only pods complete)
   * @return the run time, empty when the annotation is absent
   * @throws IllegalArgumentException if the annotation is not a non-negative number of seconds; the
   *     message names the object and the annotation
   */
  public static Optional<Duration> duration(KubeObject object) {
    return seconds(object, DURATION_ANNOTATION);
  }

  private static Optional<Duration> seconds(KubeObject object, String annotation) {
    String value = object.metadata().annotations().get(annotation);
    if (value == null) {
      return Optional.empty();
    }
    try {
      BigDecimal s = new BigDecimal(value.trim());
      if (s.signum() >= 0) {
        long nanos = s.movePointRight(9).setScale(0, RoundingMode.HALF_EVEN).longValueExact();
        return Optional.of(Duration.ofNanos(nanos));
      }
    } catch (NumberFormatException | ArithmeticException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        describe(object)
            + ": metadata.annotations["
            + annotation
            + "]: Invalid value: \""
            + value
            + "\": must be a non-negative number of seconds");
  }

  /**
   * Returns the latest {@code metadata.creationTimestamp} or pod {@code status.startTime} among
   * {@code objects}, or the Unix epoch when none has one: the start of a virtual clock under which
   * none of these objects is created in the future.
   *
   * @param objects the objects
   * @return the start instant
   */
  public static Instant startTime(Collection<? extends KubeObject> objects) {
    Instant latest = Instant.EPOCH;
    for (KubeObject o : objects) {
      latest = later(latest, o.metadata().creationTimestamp());
      if (o instanceof Pod) {
        latest = later(latest, ((Pod) o).status().startTime());
      }
    }
    return latest;
  }

  private static Instant later(Instant a, Instant b) {
    return b != null && b.isAfter(a) ? b : a;
  }

  private static String describe(KubeObject o) {
    return o.kind() + " " + o.key();
  }

  /** A pod of {@code w}'s template, named after it, for the checks of its annotations and class. */
  private static Pod templatePod(Workload w) {
    PodTemplateSpec t = w.template();
    return new Pod(
        t.metadata().toBuilder().name(w.name()).namespace(w.namespace()).build(),
        t.spec(),
        io.schedkit.framework.model.PodStatus.builder().build());
  }

  // ------------------------------------------------------------------ one run

  /**
   * The mutable state of one run. Everything happens on the thread that calls {@link #execute}: the
   * cluster delivers watch events on the thread that changes it, and the clock runs tasks on the
   * thread that advances it.
   */
  private final class Run implements Consumer<WatchEvent> {
    private final VirtualClock clock = new VirtualClock(start);
    private final InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    private final Set<String> tracked = new HashSet<>(trackedPods);
    private final Map<String, String> placements = new LinkedHashMap<>();
    private final Map<String, Double> boundTimes = new HashMap<>();
    private final List<String> evicted = new ArrayList<>();
    private final Set<String> completing = new HashSet<>();
    private final Map<String, Clock.Cancellable> completions = new HashMap<>();
    private final Map<String, NodeLoad> loads = new HashMap<>();
    private final Map<String, String> preemptors = new ConcurrentHashMap<>();
    private final Map<String, long[]> order = new HashMap<>();
    private final boolean observed = !listeners.isEmpty();
    private final Controllers controllers;
    private final DisruptionBudgets.Live budgets = new DisruptionBudgets.Live(cluster);
    private final PodAdmission admission =
        new PodAdmission(
            clusterObjects.stream()
                .filter(PriorityClass.class::isInstance)
                .map(PriorityClass.class::cast)
                .toList());
    private boolean loading;
    private int pendingTasks;
    private long created;

    Run() {
      for (String key : trackedPods) {
        placements.put(key, null);
        order.put(key, new long[] {trackedRanks.get(key), created++});
      }
      controllers =
          new Controllers(
              new Controllers.Host() {
                @Override
                public InMemoryCluster cluster() {
                  return cluster;
                }

                @Override
                public Instant now() {
                  return clock.now();
                }

                @Override
                public void later(Duration delay, Runnable task) {
                  pendingTasks++;
                  clock.schedule(
                      delay,
                      () -> {
                        pendingTasks--;
                        task.run();
                      });
                }

                @Override
                public <T extends KubeObject> T create(T object, int rank) {
                  return createFor(object, rank);
                }
              },
              seed);
    }

    /** Creates an object a controller made, tracking it when it is a pod. */
    private <T extends KubeObject> T createFor(T object, int rank) {
      if (object instanceof Pod) {
        String key = object.key();
        tracked.add(key);
        placements.putIfAbsent(key, null);
        order.putIfAbsent(key, new long[] {rank, created++});
      }
      emitCreated(object);
      return cluster.create(admitted(object));
    }

    /** {@code object} as the API server would store it (a pod admitted, anything else as it is). */
    @SuppressWarnings("unchecked")
    private <T extends KubeObject> T admitted(T object) {
      return object instanceof Pod pod ? (T) admission.admit(pod) : object;
    }

    SimulationResult execute() {
      long wallStart = System.nanoTime();
      AutoCloseable watch = cluster.watch(this);
      Set<String> unobserved = new HashSet<>();
      for (KubeObject o : clusterObjects) {
        if (o instanceof PodDisruptionBudget pdb && DisruptionBudgets.unobserved(pdb)) {
          unobserved.add(pdb.key());
        }
      }
      loading = true;
      cluster.createAll(
          DisruptionBudgets.withStatuses(clusterObjects).stream().map(this::admitted).toList());
      loading = false;
      budgets.start(unobserved);
      emit(new SimulationEvent.Started(0, trackedPods.size(), clusterNodes));
      for (NodeLoad load : loads.values().stream().sorted(BY_NODE).toList()) {
        sample(load);
      }
      pendingTasks++;
      clock.schedule(
          Duration.ZERO,
          () -> {
            pendingTasks--;
            startClusterControllers();
          });
      for (int i = 0; i < workload.size(); i++) {
        KubeObject object = workload.get(i);
        int rank = i;
        pendingTasks++;
        clock.schedule(
            arrivals.get(i),
            () -> {
              pendingTasks--;
              arrive(object, rank);
            });
      }
      long attempts = 0;
      Map<String, String> messages = new HashMap<>();
      try (Scheduler scheduler =
          Scheduler.builder()
              .cluster(new EvictionRecorder(cluster, preemptors))
              .registry(registry)
              .configuration(configuration)
              .clock(clock)
              .seed(seed)
              .parallelism(1)
              .build()) {
        clock.runDueTasks(); // everything due at 0 exists before the first cycle
        while (true) {
          attempts += scheduler.runUntilIdle();
          if (pendingTasks == 0 || !clock.advanceToNextDeadline()) {
            break;
          }
        }
        for (Scheduler.PendingPod p : scheduler.pendingPods()) {
          messages.put(p.podKey(), p.message());
        }
      } finally {
        close(watch);
      }
      return result(attempts, messages, wallStart);
    }

    private SimulationResult result(long attempts, Map<String, String> messages, long wallStart) {
      Map<String, Double> boundAt = new LinkedHashMap<>();
      Map<String, String> unschedulable = new LinkedHashMap<>();
      int scheduled = 0;
      List<Map.Entry<String, String>> entries = new ArrayList<>(placements.entrySet());
      entries.sort(
          Comparator.comparingLong((Map.Entry<String, String> e) -> order.get(e.getKey())[0])
              .thenComparingLong(e -> order.get(e.getKey())[1]));
      Map<String, String> sorted = new LinkedHashMap<>();
      for (Map.Entry<String, String> e : entries) {
        sorted.put(e.getKey(), e.getValue());
      }
      for (Map.Entry<String, String> e : sorted.entrySet()) {
        if (e.getValue() != null) {
          scheduled++;
          boundAt.put(e.getKey(), boundTimes.get(e.getKey()));
        } else {
          unschedulable.put(e.getKey(), messages.getOrDefault(e.getKey(), ""));
        }
      }
      double wall = (System.nanoTime() - wallStart) / 1e9;
      int pods = tracked.size();
      SimulationResult.Stats stats =
          new SimulationResult.Stats(
              pods,
              scheduled,
              unschedulable.size(),
              evicted.size(),
              attempts,
              now(),
              wall,
              wall > 0 ? pods / wall : 0);
      emit(new SimulationEvent.Finished(now(), stats));
      return new SimulationResult(sorted, boundAt, evicted, unschedulable, stats);
    }

    private void arrive(KubeObject object, int rank) {
      emitCreated(object);
      boolean computed = false;
      if (object instanceof PodDisruptionBudget pdb && DisruptionBudgets.unobserved(pdb)) {
        computed = true;
        object =
            pdb.toBuilder()
                .status(DisruptionBudgets.status(pdb, cluster.pods(), cluster.list().workloads()))
                .build();
      }
      KubeObject stored = cluster.create(admitted(object));
      if (stored instanceof Workload w) {
        controllers.start(w, rank, false);
      } else if (stored instanceof PodDisruptionBudget pdb) {
        budgets.budgetAdded(pdb, computed);
      }
    }

    /** The cluster file's controllers create the pods they lack, at virtual second 0. */
    private void startClusterControllers() {
      for (int i = 0; i < clusterObjects.size(); i++) {
        if (clusterObjects.get(i) instanceof Workload w) {
          Optional<KubeObject> stored = cluster.get(w.kind(), w.namespace(), w.name());
          if (stored.isPresent()) {
            controllers.start(
                (Workload) stored.get(), workload.size() + clusterObjects.size() + i, true);
          }
        }
      }
    }

    private void emitCreated(KubeObject object) {
      for (SimulationListener l : listeners) {
        l.onCreated(object);
      }
      emit(new SimulationEvent.Created(now(), object.kind(), object.key()));
    }

    // -------------------------------------------------------------- watch

    @Override
    public void accept(WatchEvent event) {
      KubeObject o = event.object();
      if (o instanceof Pod pod) {
        budgets.podChanged(pod, event.type() == WatchEvent.Type.DELETED);
        switch (event.type()) {
          case ADDED -> {
            controllers.podAdded(pod);
            if (pod.isAssigned()) {
              started(pod);
            }
          }
          case MODIFIED -> {
            Pod old = (Pod) event.oldObject();
            if (!old.isAssigned() && pod.isAssigned()) {
              started(pod);
              controllers.bound(pod);
            } else if (observed) {
              reportedUnschedulable(old, pod);
            }
          }
          case DELETED -> {
            boolean completed = completing.contains(pod.uid());
            if (pod.isAssigned()) {
              stopped(pod);
            }
            controllers.gone(pod, completed);
          }
        }
      } else if (o instanceof PriorityClass c) {
        if (event.type() == WatchEvent.Type.DELETED) {
          admission.classDeleted(c);
        } else {
          admission.classStored(c);
        }
      } else if (o instanceof Workload w && event.type() == WatchEvent.Type.ADDED) {
        controllers.workloadAdded(w);
        budgets.workloadAdded(w);
      } else if (o instanceof Node && event.type() == WatchEvent.Type.ADDED) {
        Node node = (Node) o;
        if (!loading) {
          controllers.nodeAdded(node);
        }
        if (observed) {
          NodeLoad load = load(node.name());
          load.allocatable = Resource.of(node.allocatable());
          if (!loading) {
            sample(load);
          }
        }
      }
    }

    private void started(Pod pod) {
      String key = pod.key();
      String node = pod.nodeName();
      if (!loading) {
        if (tracked.contains(key)) {
          placements.put(key, node);
          boundTimes.put(key, now());
        }
        emit(new SimulationEvent.Bound(now(), key, node));
      }
      if (observed) {
        NodeLoad load = load(node);
        load.add(PodInfo.of(pod).requests(), 1);
        if (!loading) {
          sample(load);
        }
      }
      Optional<Duration> runFor = duration(pod);
      if (runFor.isPresent()) {
        pendingTasks++;
        completions.put(
            pod.uid(),
            clock.schedule(
                runFor.get(),
                () -> {
                  pendingTasks--;
                  completions.remove(pod.uid());
                  complete(pod);
                }));
      }
    }

    private void complete(Pod pod) {
      Optional<Pod> current = cluster.pod(pod.namespace(), pod.name());
      if (current.isPresent()
          && current.get().uid().equals(pod.uid())
          && current.get().nodeName().equals(pod.nodeName())) {
        completing.add(pod.uid());
        cluster.delete(current.get());
      }
    }

    private void stopped(Pod pod) {
      String key = pod.key();
      Clock.Cancellable completion = completions.remove(pod.uid());
      if (completion != null && completion.cancel()) {
        pendingTasks--; // evicted before it completed
      }
      String preemptor = preemptors.remove(pod.uid());
      if (completing.remove(pod.uid())) {
        emit(new SimulationEvent.Completed(now(), key, pod.nodeName()));
      } else if (wasEvicted(pod)) {
        evicted.add(key);
        if (tracked.contains(key)) {
          placements.remove(key);
          boundTimes.remove(key);
        }
        emit(
            new SimulationEvent.Evicted(
                now(), key, pod.nodeName(), preemptor == null ? "" : preemptor));
      }
      if (observed) {
        NodeLoad load = load(pod.nodeName());
        load.add(PodInfo.of(pod).requests(), -1);
        sample(load);
      }
    }

    private boolean wasEvicted(Pod pod) {
      return condition(pod, InMemoryCluster.DISRUPTION_TARGET)
          .filter(c -> c.status().equals("True"))
          .filter(c -> c.reason().equals(InMemoryCluster.PREEMPTION_BY_SCHEDULER))
          .isPresent();
    }

    private void reportedUnschedulable(Pod old, Pod pod) {
      Optional<PodCondition> now =
          condition(pod, InMemoryCluster.POD_SCHEDULED).filter(c -> c.status().equals("False"));
      if (now.isEmpty()) {
        return;
      }
      Optional<PodCondition> before =
          condition(old, InMemoryCluster.POD_SCHEDULED).filter(c -> c.status().equals("False"));
      if (before.isEmpty() || !before.get().message().equals(now.get().message())) {
        emit(new SimulationEvent.Unschedulable(now(), pod.key(), now.get().message()));
      }
    }

    private Optional<PodCondition> condition(Pod pod, String type) {
      return pod.status().conditions().stream().filter(c -> c.type().equals(type)).findFirst();
    }

    // -------------------------------------------------------------- listeners

    private NodeLoad load(String node) {
      return loads.computeIfAbsent(node, NodeLoad::new);
    }

    private void sample(NodeLoad load) {
      UtilisationSample s = load.sample(now());
      for (SimulationListener l : listeners) {
        l.onUtilisation(s);
      }
    }

    private void emit(SimulationEvent event) {
      for (SimulationListener l : listeners) {
        l.onEvent(event);
      }
    }

    private double now() {
      Duration d = Duration.between(start, clock.now());
      return d.getSeconds() + d.getNano() / 1e9;
    }

    private void close(AutoCloseable watch) {
      try {
        watch.close();
      } catch (Exception e) {
        throw new IllegalStateException("closing the cluster watch failed", e);
      }
    }
  }

  private static final Comparator<NodeLoad> BY_NODE = Comparator.comparing(l -> l.node);

  /** The requests of the pods on one node and its allocatable resources, by resource id. */
  private static final class NodeLoad {
    final String node;
    long[] requested = new long[Resource.FIRST_SCALAR];
    Resource allocatable = new Resource();

    NodeLoad(String node) {
      this.node = node;
    }

    /** Adds ({@code sign} 1) or removes ({@code sign} -1) one pod's requests. */
    void add(Resource requests, int sign) {
      if (requests.length() > requested.length) {
        requested = Arrays.copyOf(requested, requests.length());
      }
      for (int id = 0; id < requests.length(); id++) {
        requested[id] += sign * requests.get(id);
      }
      requested[Resource.PODS] += sign;
    }

    UtilisationSample sample(double time) {
      Map<String, Long> req = new LinkedHashMap<>();
      Map<String, Long> alloc = new LinkedHashMap<>();
      int n = Math.max(requested.length, allocatable.length());
      for (int id = 0; id < n; id++) {
        long r = id < requested.length ? requested[id] : 0;
        long a = allocatable.get(id);
        if (r != 0) {
          req.put(Resource.nameOf(id), r);
        }
        if (a != 0) {
          alloc.put(Resource.nameOf(id), a);
        }
      }
      return new UtilisationSample(time, node, req, alloc);
    }
  }

  // ------------------------------------------------------------------ builder

  /** Builds a {@link Simulation}; {@link #build()} validates the inputs. */
  public static final class Builder {
    private final List<KubeObject> clusterObjects = new ArrayList<>();
    private final List<KubeObject> workload = new ArrayList<>();
    private final List<SimulationListener> listeners = new ArrayList<>();
    private String clusterSource = "cluster";
    private String workloadSource = "workload";
    private SchedulerConfiguration configuration;
    private Registry registry;
    private long seed;

    private Builder() {}

    /**
     * Sets the objects that exist at the start (nodes, running and pending pods, ...).
     *
     * @param objects the objects, in file order
     * @param sourceName what error messages call them, typically the file name
     * @return this builder
     */
    public Builder cluster(List<? extends KubeObject> objects, String sourceName) {
      clusterObjects.clear();
      clusterObjects.addAll(objects);
      clusterSource = Objects.requireNonNull(sourceName, "sourceName");
      return this;
    }

    /**
     * Sets the objects created during the run, each at its {@value #ARRIVAL_ANNOTATION}.
     *
     * @param objects the objects, in file order
     * @param sourceName what error messages call them, typically the file name
     * @return this builder
     */
    public Builder workload(List<? extends KubeObject> objects, String sourceName) {
      workload.clear();
      workload.addAll(objects);
      workloadSource = Objects.requireNonNull(sourceName, "sourceName");
      return this;
    }

    /**
     * Sets the scheduler configuration.
     *
     * @param configuration the configuration; null for kube-scheduler's default profile
     * @return this builder
     */
    public Builder configuration(SchedulerConfiguration configuration) {
      this.configuration = configuration;
      return this;
    }

    /**
     * Sets the plugins available.
     *
     * @param registry the registry; null for {@link Registry#discover()}
     * @return this builder
     */
    public Builder registry(Registry registry) {
      this.registry = registry;
      return this;
    }

    /**
     * Sets the seed of the scheduler's tie-breaks and preemption offsets.
     *
     * @param seed the seed (default 0)
     * @return this builder
     */
    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    /**
     * Adds a listener, called in the order added.
     *
     * @param listener the listener
     * @return this builder
     */
    public Builder listener(SimulationListener listener) {
      listeners.add(Objects.requireNonNull(listener, "listener"));
      return this;
    }

    /**
     * Validates the inputs and builds the simulation.
     *
     * @return the simulation
     * @throws IllegalArgumentException if an object is invalid, duplicated (within the cluster,
     *     within the workload, or between them) or carries an invalid annotation, or a pod names a
     *     PriorityClass that none of the inputs defines ({@link PriorityAdmission}); the message
     *     starts with the source name and names the object
     */
    public Simulation build() {
      try {
        InMemoryCluster.builder().build().createAll(clusterObjects);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(clusterSource + ": " + e.getMessage(), e);
      }
      Set<String> keys = new HashSet<>();
      Set<String> uids = new HashSet<>();
      for (KubeObject o : clusterObjects) {
        keys.add(describe(o));
        uids.add(o.metadata().uid());
        check(o, clusterSource, Simulation::duration);
      }
      List<Duration> arrivals = new ArrayList<>(workload.size());
      Set<String> workloadKeys = new HashSet<>();
      for (KubeObject o : workload) {
        String id = describe(o);
        if (o.metadata().name().isEmpty()) {
          throw new IllegalArgumentException(
              workloadSource + ": " + o.kind() + ": metadata.name: Required value");
        }
        if (keys.contains(id)) {
          throw new IllegalArgumentException(
              workloadSource + ": " + id + ": already exists in " + clusterSource);
        }
        if (!workloadKeys.add(id)) {
          throw new IllegalArgumentException(
              workloadSource + ": " + id + ": appears more than once in the workload");
        }
        String uid = o.metadata().uid();
        if (!uid.isEmpty() && !uids.add(uid)) {
          throw new IllegalArgumentException(
              workloadSource + ": " + id + ": metadata.uid " + uid + " is already used");
        }
        arrivals.add(check(o, workloadSource, Simulation::arrival).orElse(Duration.ZERO));
        check(o, workloadSource, Simulation::duration);
      }
      List<KubeObject> all = new ArrayList<>(clusterObjects);
      all.addAll(workload);
      PriorityAdmission admission = PriorityAdmission.of(all);
      for (String problem : admission.problems(clusterObjects)) {
        throw new IllegalArgumentException(clusterSource + ": " + problem);
      }
      for (String problem : admission.problems(workload)) {
        throw new IllegalArgumentException(workloadSource + ": " + problem);
      }
      checkControllers(clusterObjects, clusterSource, admission);
      checkControllers(workload, workloadSource, admission);
      checkStatefulSetNames();
      return new Simulation(this, arrivals, startTime(all));
    }

    /** The controllers' templates: their {@value #DURATION_ANNOTATION} and PriorityClass. */
    private static void checkControllers(
        List<KubeObject> objects, String source, PriorityAdmission admission) {
      for (KubeObject o : objects) {
        if (!(o instanceof Workload w) || w.template() == null) {
          continue;
        }
        Pod pod = templatePod(w);
        try {
          duration(pod);
          admission.admit(pod);
        } catch (IllegalArgumentException e) {
          String message = e.getMessage();
          String prefix = describe(pod) + ": ";
          if (message.startsWith(prefix)) {
            message = message.substring(prefix.length());
          }
          if (message.startsWith("spec.") || message.startsWith("metadata.")) {
            message = "spec.template." + message;
          }
          throw new IllegalArgumentException(source + ": " + describe(w) + ": " + message, e);
        }
      }
    }

    /**
     * No pod of the workload has the name of a StatefulSet's pod, and no pod of the cluster that
     * another controller owns: the StatefulSet creates those pods.
     */
    private void checkStatefulSetNames() {
      Map<String, Pod> workloadPods = new HashMap<>();
      for (KubeObject o : workload) {
        if (o instanceof Pod p) {
          workloadPods.put(p.key(), p);
        }
      }
      Map<String, Pod> clusterPods = new HashMap<>();
      for (KubeObject o : clusterObjects) {
        if (o instanceof Pod p) {
          clusterPods.put(p.key(), p);
        }
      }
      List<KubeObject> all = new ArrayList<>(clusterObjects);
      all.addAll(workload);
      for (KubeObject o : all) {
        if (!(o instanceof Workload w)
            || !w.kind().equals(Workload.STATEFUL_SET)
            || w.template() == null) {
          continue;
        }
        int start = w.spec().ordinalsStart() == null ? 0 : w.spec().ordinalsStart();
        for (int i = start; i < start + w.spec().replicasOrDefault(); i++) {
          String key = w.namespace() + "/" + w.name() + "-" + i;
          Pod listed = workloadPods.get(key);
          String source = workloadSource;
          if (listed == null) {
            listed = clusterPods.get(key);
            source = clusterSource;
            if (listed == null
                || listed.controllerRef().isEmpty()
                || WorkloadPods.ownedBy(listed, w)) {
              continue; // the StatefulSet adopts it
            }
          }
          throw new IllegalArgumentException(
              source
                  + ": Pod "
                  + key
                  + ": StatefulSet "
                  + w.key()
                  + " creates a pod of this name: list the StatefulSet or its pods, not both");
        }
      }
    }

    private static Optional<Duration> check(
        KubeObject o, String source, Function<KubeObject, Optional<Duration>> annotation) {
      try {
        return annotation.apply(o);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
      }
    }
  }
}
