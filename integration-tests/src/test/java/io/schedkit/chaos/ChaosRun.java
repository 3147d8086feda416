package io.schedkit.chaos;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;

import io.schedkit.core.ScheduleResult;
import io.schedkit.core.Scheduler;
import io.schedkit.core.cache.SchedulerCache;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.config.SchedulerConfigurationDecoder;
import io.schedkit.core.leaderelection.InMemoryLeaseStore;
import io.schedkit.core.leaderelection.LeaderElector;
import io.schedkit.core.queue.SchedulingQueue;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Registry;
import io.schedkit.framework.Resource;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.TaintEffect;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;

/**
 * One chaos run: a {@link Scheduler} (two with leader election: a leader and a follower) over a
 * {@link ChaosCluster} on a {@link VirtualClock}, fed a seeded stream of cluster events and faults,
 * stepped on the test's thread. An {@link InvariantChecker} checks the invariants after every event
 * on what the event touched (the nodes and pods a {@link ClusterLedger} saw change, the pods the
 * scheduler tried, assumed or forgot), with a full sweep, and the cache and snapshot compared with
 * a rebuild from the cluster ({@link RebuildComparison}), after every settle and on the final
 * state; binds twice over are caught as they happen. The first violation stops the run with the
 * seed, the event index, the event and the invariant broken.
 */
final class ChaosRun {
  /**
   * What to run.
   *
   * @param seed the seed of everything random in the run
   * @param pods how many pods to create
   * @param nodes how many nodes to start with
   * @param everyEvent check the invariants after every event (else only the full sweeps after
   *     settles and at the end)
   * @param extender whether an HTTP extender takes part
   * @param extenderTimeouts whether the extender may answer later than its timeout (wall-clock
   *     dependent, so kept out of runs compared for determinism)
   * @param leaderElection whether two schedulers elect a leader, and leadership changes
   */
  record Config(
      long seed,
      int pods,
      int nodes,
      boolean everyEvent,
      boolean extender,
      boolean extenderTimeouts,
      boolean leaderElection) {}

  /**
   * What a run did.
   *
   * @param placements every pod's node at the end
   * @param binds every bind as the cluster applied it, in order ({@code pod->node})
   */
  record Result(
      Config config,
      long events,
      long checks,
      Map<String, Long> eventsByKind,
      Map<String, Long> faultsByKind,
      Map<String, String> placements,
      List<String> binds,
      long evictions,
      Duration wall) {}

  /** The events, with their weights. */
  enum Kind {
    CREATE_POD(60),
    DELETE_PENDING_POD(3),
    DELETE_RUNNING_POD(6),
    HIGH_PRIORITY_BURST(2),
    ADD_NODE(2),
    REMOVE_NODE(1),
    CORDON_NODE(2),
    TAINT_NODE(2),
    WRITE_FAULTS(3),
    PLUGIN_FAULTS(1),
    ADVANCE_TIME(6),
    SETTLE(2),
    LEADER_CHANGE(1);

    final int weight;

    Kind(int weight) {
      this.weight = weight;
    }
  }

  private static final String NS = "default";

  /** Every this many events, a line goes to {@link #PROGRESS}. */
  private static final int PROGRESS_EVERY = 2000;

  /** Where a run says how far it got, so that a long run can be followed without a thread dump. */
  static final Path PROGRESS = Path.of("target", "chaos-progress.txt");

  private static final int PDB_APPS = 4;
  private static final int HIGH_PRIORITY = 1000;

  private final Config config;
  private final Random random;
  private final VirtualClock clock = new VirtualClock();
  private final InMemoryCluster cluster;
  private final ChaosCluster chaos;
  private final ChaosPlugin.Faults pluginFaults;
  private final ChaosExtender extender;
  private final InMemoryLeaseStore leaseStore = new InMemoryLeaseStore();
  private final SchedulerConfiguration configuration;
  private final Registry registry;
  private final Map<String, Long> eventsByKind = new TreeMap<>();
  private final Map<String, Long> otherFaults = new TreeMap<>();
  private final List<String> binds = new ArrayList<>();
  private final Map<String, NodeState> nodes = new LinkedHashMap<>();
  private final ClusterLedger ledger = new ClusterLedger();
  private final InvariantChecker checker;
  private Replica leader;
  private Replica follower;
  private int replicas;
  private int podsCreated;
  private int nodesCreated;
  private long eventIndex;
  private String event = "setup";

  /**
   * A scheduler and the binding cycles it has started and that have not run yet; the checker reads
   * its scheduler's cache, queue and snapshot.
   */
  private static final class Replica implements ReplicaState {
    final String identity;
    final ArrayDeque<Runnable> bindings = new ArrayDeque<>();
    Scheduler scheduler;
    // While settling, binding cycles run as soon as they start, so runUntilIdle sees them end.
    boolean direct;

    void execute(Runnable task) {
      if (direct) {
        task.run();
      } else {
        bindings.add(task);
      }
    }

    Replica(String identity) {
      this.identity = identity;
    }

    void runBindings(int max) {
      for (int i = 0; i < max && !bindings.isEmpty(); i++) {
        bindings.poll().run();
      }
    }

    @Override
    public String identity() {
      return identity;
    }

    @Override
    public SchedulerCache.Dump cacheDump() {
      return scheduler.cacheDump();
    }

    @Override
    public SchedulerCache.Dump cacheDump(Collection<String> nodeNames) {
      return scheduler.cacheDump(nodeNames);
    }

    @Override
    public Optional<Scheduler.PendingPod> whyPending(String uid) {
      return scheduler.whyPending(uid);
    }

    @Override
    public List<Scheduler.PendingPod> pendingPods() {
      return scheduler.pendingPods();
    }

    @Override
    public Scheduler.SnapshotDump snapshotDump() {
      return scheduler.snapshotDump();
    }
  }

  /** A node as the run last wrote it. */
  private record NodeState(String name, int cpu, int memoryGi, boolean cordoned, boolean tainted) {
    Node node() {
      var w =
          makeNode()
              .name(name)
              .label("kubernetes.io/hostname", name)
              .zone("zone-" + Math.floorMod(name.hashCode(), 3))
              .capacity(
                  Map.of("cpu", Integer.toString(cpu), "memory", memoryGi + "Gi", "pods", "110"))
              .unschedulable(cordoned);
      if (tainted) {
        w.taint("chaos.example.com/maintenance", "true", TaintEffect.NO_SCHEDULE);
      }
      return w.obj();
    }
  }

  ChaosRun(Config config) {
    this.config = config;
    this.random = new Random(config.seed());
    this.cluster = InMemoryCluster.builder().clock(clock).seed(config.seed()).build();
    this.chaos = new ChaosCluster(cluster, clock, config.seed() * 7 + 1, this::violation);
    this.checker = new InvariantChecker(cluster, ledger, this::violation);
    this.pluginFaults = new ChaosPlugin.Faults(config.seed() * 7 + 2);
    this.extender =
        config.extender()
            ? new ChaosExtender(config.seed() * 7 + 3, config.extenderTimeouts())
            : null;
    this.registry = Registry.discover();
    registry.register(ChaosPlugin.NAME, (args, handle) -> new ChaosPlugin(pluginFaults));
    this.configuration =
        new SchedulerConfigurationDecoder().decode(yaml(), "chaos.yaml", registry).configuration();
  }

  private String yaml() {
    StringBuilder y =
        new StringBuilder(
            """
            apiVersion: kubescheduler.config.k8s.io/v1
            kind: KubeSchedulerConfiguration
            podInitialBackoffSeconds: 1
            podMaxBackoffSeconds: 10
            profiles:
            - schedulerName: default-scheduler
              plugins:
                multiPoint:
                  enabled:
                  - name: Chaos
            """);
    if (config.leaderElection()) {
      y.append("leaderElection:\n  leaderElect: true\n");
    }
    if (extender != null) {
      y.append("extenders:\n")
          .append("- urlPrefix: ")
          .append(extender.url())
          .append('\n')
          .append(
              """
                filterVerb: filter
                prioritizeVerb: prioritize
                weight: 1
                nodeCacheCapable: true
              """)
          .append("  httpTimeout: ")
          .append(ChaosExtender.TIMEOUT_MILLIS)
          .append("ms\n")
          .append(
              """
                managedResources:
                - name: %s
                  ignoredByScheduler: true
              """
                  .formatted(ChaosExtender.RESOURCE));
    }
    return y.toString();
  }

  // ------------------------------------------------------------------ the run

  Result run() {
    long start = System.nanoTime();
    try {
      setUp();
      while (podsCreated < config.pods()) {
        eventIndex++;
        Kind kind = pick();
        event = apply(kind);
        eventsByKind.merge(kind.name(), 1L, Long::sum);
        step();
        if (kind == Kind.LEADER_CHANGE && config.everyEvent()) {
          checker.sweep(leader, follower, false, false);
        } else if (config.everyEvent()) {
          checker.checkTouched(leader, follower);
        }
        if (eventIndex % PROGRESS_EVERY == 0) {
          progress(start);
        }
      }
      eventIndex++;
      event = "final drain: faults off, nodes uncordoned and untainted, capacity added";
      drain();
      Map<String, String> placements = new TreeMap<>();
      for (Pod p : cluster.pods()) {
        placements.put(p.name(), p.nodeName());
      }
      Map<String, Long> faults = new TreeMap<>(chaos.faults());
      faults.putAll(pluginFaults.thrown());
      if (extender != null) {
        faults.putAll(extender.replies());
      }
      faults.putAll(otherFaults);
      return new Result(
          config,
          eventIndex,
          checker.checks(),
          eventsByKind,
          faults,
          placements,
          List.copyOf(binds),
          cluster.evictionCount(),
          Duration.ofNanos(System.nanoTime() - start));
    } finally {
      close(leader);
      close(follower);
      if (extender != null) {
        extender.close();
      }
    }
  }

  private void progress(long start) {
    String line =
        String.format(
            "%s seed %d%s: event %d, pods created %d of %d, %s, checks %d, %.1f s%n",
            java.time.Instant.now(),
            config.seed(),
            config.extender() ? " (HTTP extender)" : config.everyEvent() ? "" : " (repeat)",
            eventIndex,
            podsCreated,
            config.pods(),
            ledger.size(),
            checker.checks(),
            (System.nanoTime() - start) / 1e9);
    appendProgress(line);
  }

  /** Appends {@code line} (ending in a newline) to {@link #PROGRESS}. */
  static void appendProgress(String line) {
    try {
      Files.createDirectories(PROGRESS.getParent());
      Files.writeString(PROGRESS, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void setUp() {
    cluster.watch(
        e -> {
          ledger.apply(e);
          if (e.type() == WatchEvent.Type.MODIFIED
              && e.object() instanceof Pod p
              && e.oldObject() instanceof Pod old) {
            if (!old.isAssigned() && p.isAssigned()) {
              binds.add(p.name() + "->" + p.nodeName());
            } else if (old.isAssigned() && !old.nodeName().equals(p.nodeName())) {
              violation(
                  "pod bound twice: "
                      + p.key()
                      + " moved from "
                      + old.nodeName()
                      + " to "
                      + p.nodeName());
            }
          }
        });
    for (int a = 0; a < PDB_APPS; a++) {
      cluster.create(
          PodDisruptionBudget.builder()
              .name("db-" + a)
              .namespace(NS)
              .selector(LabelSelector.of(Map.of("app", "db-" + a)))
              .disruptionsAllowed(a % 2)
              .build());
    }
    for (int i = 0; i < config.nodes(); i++) {
      addNode();
    }
    leader = newReplica();
    if (config.leaderElection()) {
      elector(leader).start();
      clock.runDueTasks();
      follower = newReplica();
      elector(follower).start();
      clock.runDueTasks();
      if (!elector(leader).isLeader()) {
        throw new AssertionError("seed " + config.seed() + ": the first replica does not lead");
      }
    }
  }

  private Replica newReplica() {
    Replica r = new Replica("replica-" + replicas++);
    Scheduler.Builder b =
        Scheduler.builder()
            .cluster(chaos)
            .registry(registry)
            .configuration(configuration)
            .clock(clock)
            .parallelism(1)
            .seed(config.seed())
            .bindingExecutor(r::execute);
    if (config.leaderElection()) {
      b.leaderElection(leaseStore, r.identity);
    }
    r.scheduler = b.build();
    return r;
  }

  private static LeaderElector elector(Replica r) {
    return r.scheduler.leaderElector().orElseThrow();
  }

  private static void close(Replica r) {
    if (r != null && r.scheduler != null) {
      r.scheduler.close();
    }
  }

  private Kind pick() {
    int total = 0;
    for (Kind k : Kind.values()) {
      total += weight(k);
    }
    int x = random.nextInt(total);
    for (Kind k : Kind.values()) {
      x -= weight(k);
      if (x < 0) {
        return k;
      }
    }
    throw new AssertionError();
  }

  private int weight(Kind k) {
    if (k == Kind.LEADER_CHANGE && !config.leaderElection()) {
      return 0;
    }
    return k.weight;
  }

  /** Lets the leader work a little: a few scheduling cycles, some of its binding cycles. */
  private void step() {
    int cycles = random.nextInt(4);
    for (int i = 0; i < cycles; i++) {
      Optional<ScheduleResult> r = leader.scheduler.scheduleOne();
      if (r.isEmpty()) {
        break;
      }
      checker.tried(r.get());
    }
    int b = random.nextInt(3);
    leader.runBindings(b == 0 ? Integer.MAX_VALUE : b == 1 ? random.nextInt(3) : 0);
  }

  // ------------------------------------------------------------------ events

  private String apply(Kind kind) {
    switch (kind) {
      case CREATE_POD:
        return "create " + createPod(random.nextInt(10) == 0 ? 100 : 0, false).key();
      case HIGH_PRIORITY_BURST:
        {
          int n = 2 + random.nextInt(4);
          List<String> names = new ArrayList<>();
          for (int i = 0; i < n && podsCreated < config.pods(); i++) {
            names.add(createPod(HIGH_PRIORITY, true).name());
          }
          return "high-priority burst " + names;
        }
      case DELETE_PENDING_POD:
        return deletePod(false);
      case DELETE_RUNNING_POD:
        return deletePod(true);
      case ADD_NODE:
        return "add node " + addNode();
      case REMOVE_NODE:
        return removeNode();
      case CORDON_NODE:
        return toggleNode(true);
      case TAINT_NODE:
        return toggleNode(false);
      case WRITE_FAULTS:
        return writeFaults();
      case PLUGIN_FAULTS:
        pluginFaults.arm(!pluginFaults.armed());
        return "plugin faults " + (pluginFaults.armed() ? "armed" : "disarmed");
      case ADVANCE_TIME:
        {
          Duration d = Duration.ofMillis(random.nextInt(5000));
          clock.advance(d);
          return "advance the clock by " + d;
        }
      case SETTLE:
        settle();
        checker.sweep(leader, follower, true, true);
        return "settle (run to idle)";
      case LEADER_CHANGE:
        return leaderChange();
      default:
        throw new AssertionError(kind);
    }
  }

  private Pod createPod(int priority, boolean big) {
    int i = podsCreated++;
    Map<String, String> req = new HashMap<>();
    req.put(
        "cpu",
        big ? (1000 + 500 * random.nextInt(3)) + "m" : (100 * (1 + random.nextInt(12))) + "m");
    req.put("memory", (256 * (1 + random.nextInt(big ? 16 : 8))) + "Mi");
    if (extender != null && random.nextInt(10) == 0) {
      req.put(ChaosExtender.RESOURCE, "1");
    }
    // Created as the API server stores them: schedulerName defaulted, priority resolved.
    var w =
        makePod()
            .name("p-" + i)
            .namespace(NS)
            .schedulerName(Profile.DEFAULT_SCHEDULER_NAME)
            .priority(priority)
            .req(req);
    int app = random.nextInt(PDB_APPS * 3);
    w.label("app", app < PDB_APPS ? "db-" + app : "web-" + app);
    if (random.nextInt(4) == 0) {
      w.toleration("chaos.example.com/maintenance", "true", TaintEffect.NO_SCHEDULE);
    }
    return cluster.create(w.obj().toBuilder().uid("").build());
  }

  private String deletePod(boolean running) {
    List<Pod> candidates = new ArrayList<>();
    for (Pod p : cluster.pods()) {
      if (p.isAssigned() == running) {
        candidates.add(p);
      }
    }
    if (candidates.isEmpty()) {
      return "delete a " + (running ? "running" : "pending") + " pod: none";
    }
    Pod p = candidates.get(random.nextInt(candidates.size()));
    cluster.delete(p);
    return "delete " + (running ? "running" : "pending") + " pod " + p.key() + " " + p.nodeName();
  }

  private String addNode() {
    String name = "node-" + nodesCreated++;
    NodeState s =
        new NodeState(
            name, 4 * (1 + random.nextInt(2)), 16 * (1 + random.nextInt(2)), false, false);
    nodes.put(name, s);
    cluster.create(s.node());
    return name;
  }

  /** Removes a node and, as the pod garbage collector does, the pods bound to it. */
  private String removeNode() {
    if (nodes.size() <= Math.max(2, config.nodes() / 2)) {
      return "remove a node: too few left";
    }
    List<String> names = new ArrayList<>(nodes.keySet());
    String name = names.get(random.nextInt(names.size()));
    nodes.remove(name);
    cluster.delete(Node.KIND, "", name);
    int pods = 0;
    for (Pod p : cluster.pods()) {
      if (p.nodeName().equals(name)) {
        cluster.delete(p);
        pods++;
      }
    }
    return "remove node " + name + " and its " + pods + " pods";
  }

  private String toggleNode(boolean cordon) {
    List<String> names = new ArrayList<>(nodes.keySet());
    String name = names.get(random.nextInt(names.size()));
    NodeState s = nodes.get(name);
    NodeState next =
        cordon
            ? new NodeState(s.name(), s.cpu(), s.memoryGi(), !s.cordoned(), s.tainted())
            : new NodeState(s.name(), s.cpu(), s.memoryGi(), s.cordoned(), !s.tainted());
    nodes.put(name, next);
    cluster.update(next.node());
    return cordon
        ? (next.cordoned() ? "cordon " : "uncordon ") + name
        : (next.tainted() ? "taint (NoSchedule) " : "untaint ") + name;
  }

  private String writeFaults() {
    StringBuilder out = new StringBuilder("write faults:");
    for (ChaosCluster.Write w : ChaosCluster.Write.values()) {
      ChaosCluster.Rates r =
          random.nextInt(3) == 0
              ? ChaosCluster.Rates.NONE
              : new ChaosCluster.Rates(
                  random.nextDouble() * 0.15,
                  random.nextDouble() * 0.15,
                  w == ChaosCluster.Write.STATUS ? 0 : random.nextDouble() * 0.05);
      chaos.rates(w, r);
      out.append(' ').append(w).append('=').append(r);
    }
    return out.toString();
  }

  /**
   * The leader's lease store becomes unavailable until it loses leadership; then the store comes
   * back, the follower takes over, and the old leader (which stops for good, as kube-scheduler
   * exits) is replaced by a new follower.
   */
  private String leaderChange() {
    Replica old = leader;
    leaseStore.setUnavailable(true);
    for (int i = 0; i < 1000 && !elector(old).lostLeadership(); i++) {
      clock.advanceToNextDeadline();
    }
    leaseStore.setUnavailable(false);
    for (int i = 0; i < 1000 && !elector(follower).isLeader(); i++) {
      clock.advanceToNextDeadline();
    }
    if (!elector(old).lostLeadership() || !elector(follower).isLeader()) {
      violation("leadership did not move from " + old.identity + " to " + follower.identity);
      return "leader change";
    }
    old.runBindings(Integer.MAX_VALUE); // they find they no longer lead and bind nothing
    old.scheduler.close();
    leader = follower;
    follower = newReplica();
    elector(follower).start();
    clock.runDueTasks();
    otherFaults.merge("leader-changes", 1L, Long::sum);
    return "leader change: " + old.identity + " lost the lease, " + leader.identity + " leads";
  }

  /** Runs the leader until nothing is in flight: binding cycles, delayed writes, the queue. */
  private void settle() {
    leader.direct = true;
    try {
      for (int i = 0; i < 1000; i++) {
        leader.runBindings(Integer.MAX_VALUE);
        leader.scheduler.runUntilIdle();
        if (chaos.outstanding() > 0 || leader.scheduler.bindingsInFlight() > 0) {
          clock.advanceToNextDeadline();
          continue;
        }
        return;
      }
    } finally {
      leader.direct = false;
    }
    violation("the scheduler does not settle: bindings and delayed writes keep coming");
  }

  /** Faults off, nodes uncordoned and untainted, capacity for every pending pod; all must bind. */
  private void drain() {
    chaos.calm();
    pluginFaults.arm(false);
    if (extender != null) {
      extender.calm();
    }
    for (NodeState s : List.copyOf(nodes.values())) {
      if (s.cordoned() || s.tainted()) {
        NodeState next = new NodeState(s.name(), s.cpu(), s.memoryGi(), false, false);
        nodes.put(s.name(), next);
        cluster.update(next.node());
      }
    }
    settle();
    long pendingCpu = 0;
    int pending = 0;
    for (Pod p : cluster.pods()) {
      if (!p.isAssigned()) {
        pendingCpu += PodInfo.of(p).requests().milliCpu();
        pending++;
      }
    }
    int extra = (int) (pendingCpu / 8000) + pending / 50 + 1;
    for (int i = 0; i < extra; i++) {
      String name = "node-" + nodesCreated++;
      NodeState s = new NodeState(name, 16, 64, false, false);
      nodes.put(name, s);
      cluster.create(s.node());
    }
    settle();
    // Pods whose queueing hints skipped the new capacity (those asking for the extender's
    // resource, which NodeResourcesFit's node hint does not ignore) move at kube-scheduler's flush
    // of pods unschedulable for five minutes: let that much time pass.
    clock.advance(
        SchedulingQueue.MAX_IN_UNSCHEDULABLE_POOL.plus(SchedulingQueue.LEFTOVER_FLUSH_PERIOD));
    settle();
    checker.sweep(leader, follower, true, true);
    List<String> unbound = new ArrayList<>();
    for (Pod p : cluster.pods()) {
      if (!p.isAssigned()) {
        unbound.add(p.key());
      }
    }
    if (!unbound.isEmpty()) {
      violation(
          "the queue does not drain with capacity: "
              + unbound.size()
              + " pods unbound, first "
              + unbound.subList(0, Math.min(5, unbound.size()))
              + "; "
              + room()
              + "; pending "
              + leader.scheduler.pendingPods().stream().limit(5).toList());
    }
  }

  /**
   * Where the cluster has room, for a drain that fails: the cpu and memory left on its nodes by the
   * bound pods, the nodes with the most cpu left, and the unbound pods' requests and nominations.
   */
  private String room() {
    Map<String, long[]> left = new TreeMap<>();
    for (Node n : cluster.nodes()) {
      Resource a = NodeInfo.of(n).allocatable();
      left.put(n.name(), new long[] {a.milliCpu(), a.memory()});
    }
    long unboundCpu = 0;
    long unboundMemory = 0;
    int nominated = 0;
    for (Pod p : cluster.pods()) {
      Resource r = ledger.requests(p);
      long[] l = p.isAssigned() ? left.get(p.nodeName()) : null;
      if (l != null) {
        l[0] -= r.milliCpu();
        l[1] -= r.memory();
      } else if (!p.isAssigned()) {
        unboundCpu += r.milliCpu();
        unboundMemory += r.memory();
        nominated += p.nominatedNodeName().isEmpty() ? 0 : 1;
      }
    }
    long freeCpu = 0;
    long freeMemory = 0;
    for (long[] l : left.values()) {
      freeCpu += l[0];
      freeMemory += l[1];
    }
    List<String> roomiest =
        left.entrySet().stream()
            .sorted((x, y) -> Long.compare(y.getValue()[0], x.getValue()[0]))
            .limit(3)
            .map(e -> e.getKey() + " " + e.getValue()[0] + "m/" + (e.getValue()[1] >> 20) + "Mi")
            .toList();
    return String.format(
        "%d nodes, the leader %s; left on the nodes: cpu %dm, memory %dMi (most cpu: %s);"
            + " unbound pods request cpu %dm, memory %dMi, %d of them nominated",
        left.size(),
        elector(leader).isLeader() ? "leads" : "does not lead",
        freeCpu,
        freeMemory >> 20,
        roomiest,
        unboundCpu,
        unboundMemory >> 20,
        nominated);
  }

  // ------------------------------------------------------------------ violations

  private void violation(String invariant) {
    throw new AssertionError(
        "chaos seed "
            + config.seed()
            + " ("
            + config
            + "), event #"
            + eventIndex
            + " ["
            + event
            + "]: invariant broken: "
            + invariant);
  }
}
