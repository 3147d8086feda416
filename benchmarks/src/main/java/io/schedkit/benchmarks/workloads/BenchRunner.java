package io.schedkit.benchmarks.workloads;

import io.schedkit.benchmarks.workloads.BenchWorkload.NodeGroup;
import io.schedkit.benchmarks.workloads.BenchWorkload.PodGroup;
import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.config.SchedulerConfigurationDecoder;
import io.schedkit.framework.Registry;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.LabelSelector;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.OwnerReference;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Workload;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;

/**
 * Runs a {@link BenchWorkload} through the real scheduler: an {@link InMemoryCluster} on a {@link
 * VirtualClock}, the default profile (kube-scheduler's), the scheduling queue, scheduling and
 * binding cycles, driven by {@link Scheduler#runUntilIdle()}.
 *
 * <p>Steps, as scheduler_perf: create the nodes; create each initial pod group and let the
 * scheduler place it (not measured); then create the measured pods (with the workload's churn and
 * deletions interleaved) and run the scheduler until all are bound, timing that phase in wall time.
 * See {@link BenchResult} for what is measured. Before measuring, a full collection runs so the
 * measurement does not pay for the garbage of the setup.
 *
 * <p>Design note: one runner may run many workloads one after another; it is not thread-safe and
 * each run builds its own cluster and scheduler, closed at the end.
 */
public final class BenchRunner {
  /** The hostname label every node gets. */
  public static final String HOSTNAME_LABEL = "kubernetes.io/hostname";

  /** The zone label of zoned node groups. */
  public static final String ZONE_LABEL = "topology.kubernetes.io/zone";

  private final Options options;

  /** A runner with {@code options}. */
  public BenchRunner(Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /**
   * How to run.
   *
   * @param parallelism Filter/Score workers including the scheduling thread; 0 means the number of
   *     available processors
   * @param percentageOfNodesToScore 0 for kube-scheduler's adaptive default, else 1..100
   * @param warmupScale the unmeasured warm-up before each workload, in runs of it, so the JIT has
   *     compiled the hot paths (a long-running scheduler is warm): up to 1, one run at this scale
   *     (0.2: a fifth of the nodes and pods); above 1, that many full runs, the last one at the
   *     fraction left (2.5: two full runs and one at half scale); 0 for none
   * @param seed the scheduler's seed (tie-breaks)
   * @param runs measured runs per workload (the run of median pods/s is reported)
   * @param warmupSeconds after the warm-up runs, more full runs until this much time has passed
   *     since warming up began: the JIT compiles the per-pod path on one compiler thread, behind
   *     everything else that got hot, which takes seconds on two cores
   * @param metrics whether the scheduler reports kube-scheduler's metrics to a Micrometer
   *     Prometheus registry (a new one per run), to measure what metrics cost
   */
  public record Options(
      int parallelism,
      int percentageOfNodesToScore,
      double warmupScale,
      long seed,
      int runs,
      double warmupSeconds,
      boolean metrics) {
    /** Without metrics. */
    public Options(
        int parallelism,
        int percentageOfNodesToScore,
        double warmupScale,
        long seed,
        int runs,
        double warmupSeconds) {
      this(parallelism, percentageOfNodesToScore, warmupScale, seed, runs, warmupSeconds, false);
    }

    /** One measured run per workload. */
    public Options(int parallelism, int percentageOfNodesToScore, double warmupScale, long seed) {
      this(parallelism, percentageOfNodesToScore, warmupScale, seed, 1, 0);
    }

    /** Validates. */
    public Options {
      if (runs < 1) {
        throw new IllegalArgumentException("runs must be at least 1, got " + runs);
      }
      if (parallelism < 0) {
        throw new IllegalArgumentException("parallelism must not be negative");
      }
      if (percentageOfNodesToScore < 0 || percentageOfNodesToScore > 100) {
        throw new IllegalArgumentException("percentageOfNodesToScore must be in [0, 100]");
      }
      if (warmupScale < 0) {
        throw new IllegalArgumentException("warmupScale must not be negative");
      }
      if (!(warmupSeconds >= 0)) {
        throw new IllegalArgumentException("warmupSeconds must not be negative");
      }
    }

    /**
     * The warm-up runs {@code schedkit bench} does by default: one full run, so every step of the
     * workload has run at full size at least once.
     */
    public static final double DEFAULT_WARMUP_RUNS = 1;

    /**
     * The seconds of warming up {@code schedkit bench} does by default: on two processors the JIT
     * compiles the per-pod path seconds after it first runs (the compiler thread works through
     * everything that got hot before it), and until then a measured run times partly interpreted
     * and profiled code while the compiler takes the other processor.
     */
    public static final double DEFAULT_WARMUP_SECONDS = 6;

    /**
     * Available processors, adaptive sampling, seed 0, one measured run after {@code schedkit
     * bench}'s default warm-up ({@link #DEFAULT_WARMUP_RUNS}, {@link #DEFAULT_WARMUP_SECONDS}).
     */
    public static Options defaults() {
      return new Options(0, 0, DEFAULT_WARMUP_RUNS, 0, 1, DEFAULT_WARMUP_SECONDS);
    }

    /** The parallelism in effect. */
    public int threads() {
      return parallelism > 0 ? parallelism : Runtime.getRuntime().availableProcessors();
    }

    /** {@code adaptive} or {@code N%}. */
    public String mode() {
      return percentageOfNodesToScore == 0 ? "adaptive" : percentageOfNodesToScore + "%";
    }
  }

  /** Runs {@code workload} (after its warm-up run, if configured) and returns what it measured. */
  public BenchResult run(BenchWorkload workload) {
    long warmupStart = System.nanoTime();
    for (double scale : warmupScales(options.warmupScale())) {
      runOnce(workload.scaled(scale), false, PerfControl.NONE);
    }
    while (System.nanoTime() - warmupStart < options.warmupSeconds() * 1e9) {
      runOnce(workload, false, PerfControl.NONE);
    }
    List<BenchResult> results = new ArrayList<>();
    try (PerfControl perf = PerfControl.fromEnvironment(System.getenv())) {
      for (int i = 0; i < options.runs(); i++) {
        results.add(runOnce(workload, true, perf));
      }
    }
    // The run of median throughput, so one disturbed run (GC, a noisy neighbour) does not decide.
    results.sort(Comparator.comparingDouble(BenchResult::podsPerSecond));
    return results.get((results.size() - 1) / 2);
  }

  /**
   * The scales of the warm-up runs for a warm-up of {@code runs} runs: one run at that scale up to
   * 1, else whole runs and one at the fraction left (2.5: 1, 1, 0.5).
   */
  static List<Double> warmupScales(double runs) {
    List<Double> scales = new ArrayList<>();
    for (double left = runs; left > 1e-9; left -= 1) {
      scales.add(Math.min(1.0, left));
    }
    return scales;
  }

  /**
   * One run of {@code w}; {@code perf} counts its measured part (from the first measured pod's
   * creation until all are bound).
   */
  private BenchResult runOnce(BenchWorkload w, boolean measureHeap, PerfControl perf) {
    VirtualClock clock = new VirtualClock();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    cluster.createAll(nodes(w));
    owners(w).forEach(cluster::create);
    Registry registry = Registry.discover();
    SchedulerConfiguration defaults = defaultConfiguration(registry);
    SchedulerConfiguration config =
        new SchedulerConfiguration(
            defaults.parallelism(),
            options.percentageOfNodesToScore(),
            defaults.podInitialBackoffSeconds(),
            defaults.podMaxBackoffSeconds(),
            defaults.profiles(),
            defaults.extenders(),
            defaults.leaderElection());
    try (Scheduler scheduler =
        Scheduler.builder()
            .cluster(cluster)
            .clock(clock)
            .registry(registry)
            .configuration(config)
            .parallelism(options.threads())
            .seed(options.seed())
            .metrics(
                options.metrics()
                    ? new io.schedkit.metrics.micrometer.PrometheusMetrics().schedulerMetrics()
                    : null)
            .build()) {
      List<Step> steps = steps(w, createInitPods(w, cluster, scheduler));
      BindRecorder recorder = new BindRecorder(w.measured(), w.measuredPods());
      AutoCloseable watch = cluster.watch(recorder);
      try {
        collectGarbage();
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean cpuTime = threads.isCurrentThreadCpuTimeSupported();
        long cpuStart = cpuTime ? threads.getCurrentThreadCpuTime() : 0;
        long allocatedStart = allocatedBytes(threads);
        perf.enable();
        long start = System.nanoTime();
        recorder.start(start);
        for (Step s : steps) {
          s.apply(cluster);
          scheduler.runUntilIdle();
        }
        long end = System.nanoTime();
        perf.disable();
        long cpu = cpuTime ? threads.getCurrentThreadCpuTime() - cpuStart : 0;
        long allocated = allocatedBytes(threads) - allocatedStart;
        double heap = 0;
        double heapMax = Runtime.getRuntime().maxMemory() / (1024.0 * 1024.0);
        if (measureHeap) {
          collectGarbage();
          heap =
              ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed()
                  / (1024.0 * 1024.0);
        }
        Reference.reachabilityFence(cluster);
        Reference.reachabilityFence(scheduler);
        double seconds = (end - start) / 1e9;
        long[] gaps = recorder.gaps();
        return new BenchResult(
            w.name(),
            w.nodes(),
            w.initPods(),
            w.measuredPods(),
            gaps.length,
            seconds > 0 ? gaps.length / seconds : 0,
            percentile(gaps, 50) / 1e3,
            percentile(gaps, 99) / 1e3,
            gaps.length == 0 ? 0 : cpu / 1e3 / gaps.length,
            gaps.length == 0 ? 0 : allocated / 1024.0 / gaps.length,
            seconds,
            heap,
            heapMax,
            options.mode(),
            options.threads(),
            w.threshold());
      } finally {
        closeQuietly(watch);
      }
    }
  }

  /** The heap the current thread has allocated so far, or 0 where the JVM does not count it. */
  private static long allocatedBytes(java.lang.management.ThreadMXBean threads) {
    if (threads instanceof com.sun.management.ThreadMXBean counting
        && counting.isThreadAllocatedMemorySupported()
        && counting.isThreadAllocatedMemoryEnabled()) {
      return counting.getCurrentThreadAllocatedBytes();
    }
    return 0;
  }

  /** The name of the preemption plugin, which lives in the optional preemption module. */
  static final String DEFAULT_PREEMPTION = "DefaultPreemption";

  /**
   * kube-scheduler's default configuration; without DefaultPreemption when no plugin of that name
   * is on the class path (the preemption module is optional), so the other workloads still run.
   */
  static SchedulerConfiguration defaultConfiguration(Registry registry) {
    SchedulerConfigurationDecoder decoder = new SchedulerConfigurationDecoder();
    if (registry.contains(DEFAULT_PREEMPTION)) {
      return decoder.defaults(registry);
    }
    return decoder
        .decode(
            """
            apiVersion: kubescheduler.config.k8s.io/v1
            kind: KubeSchedulerConfiguration
            profiles:
            - schedulerName: default-scheduler
              plugins:
                multiPoint:
                  disabled:
                  - name: DefaultPreemption
            """,
            "bench (no DefaultPreemption on the class path)",
            registry)
        .configuration();
  }

  /** The characters of Kubernetes' generateName suffixes (no vowels, no look-alikes). */
  private static final String NAME_ALPHABET = "bcdfghjklmnpqrstvwxz2456789";

  /**
   * The nodes of every group, named and labelled. As scheduler_perf's nodes come from {@code
   * generateName: scheduler-perf-}, a node is named its group's prefix plus five characters drawn
   * as the API server draws them (from a generator seeded with the workload's name, so names are
   * the same from run to run); a group of one node is named its prefix.
   */
  static List<Node> nodes(BenchWorkload w) {
    List<Node> nodes = new ArrayList<>(w.nodes());
    Random random = new Random(w.name().hashCode());
    Set<String> used = new HashSet<>();
    for (NodeGroup g : w.nodeGroups()) {
      for (int i = 0; i < g.count(); i++) {
        String name = g.count() == 1 ? g.prefix() : generateName(g.prefix(), random, used);
        Node.Builder b = g.template().toBuilder().name(name).label(HOSTNAME_LABEL, name);
        if (!g.zones().isEmpty()) {
          b.label(ZONE_LABEL, g.zones().get(i % g.zones().size()));
        }
        nodes.add(b.build());
      }
    }
    return nodes;
  }

  private static String generateName(String prefix, Random random, Set<String> used) {
    while (true) {
      StringBuilder b = new StringBuilder(prefix);
      for (int i = 0; i < 5; i++) {
        b.append(NAME_ALPHABET.charAt(random.nextInt(NAME_ALPHABET.length())));
      }
      String name = b.toString();
      if (used.add(name)) {
        return name;
      }
    }
  }

  /**
   * The ReplicaSets that control the pods of {@code w}'s groups (named by their templates'
   * controller references, in each group's namespace), each selecting its template's labels: the
   * owners a real cluster would have, which the system-default spreading reads.
   */
  static List<Workload> owners(BenchWorkload w) {
    Map<String, Workload> owners = new LinkedHashMap<>();
    List<PodGroup> groups = new ArrayList<>(w.initGroups());
    groups.add(w.measured());
    for (PodGroup g : groups) {
      for (OwnerReference ref : g.template().metadata().ownerReferences()) {
        if (Boolean.TRUE.equals(ref.controller()) && Workload.REPLICA_SET.equals(ref.kind())) {
          owners.putIfAbsent(
              g.namespace() + "/" + ref.name(),
              Workload.replicaSet(
                  ObjectMeta.builder()
                      .namespace(g.namespace())
                      .name(ref.name())
                      .uid(ref.uid())
                      .build(),
                  LabelSelector.of(g.template().labels())));
        }
      }
    }
    return List.copyOf(owners.values());
  }

  /** Pods {@code from} (inclusive) to {@code to} (exclusive) of {@code g}. */
  static List<Pod> pods(PodGroup g, int from, int to) {
    List<Pod> pods = new ArrayList<>(to - from);
    Pod template = asAdmitted(g.template());
    for (int i = from; i < to; i++) {
      Pod pod = pod(template, g.namespace(), g.prefix(), i);
      if (g.apps() > 0) {
        pod = pod.toBuilder().label("app", "app-" + i % g.apps()).build();
      }
      pods.add(pod);
    }
    return pods;
  }

  /**
   * {@code template} as scheduler_perf's pods reach kube-scheduler: created through the API server,
   * whose admission sets {@code spec.schedulerName} and {@code spec.priority} (0 without a
   * PriorityClass; the workloads define none). Left without them, every event about a pod would
   * make the scheduler's event handlers admit a copy again, work a host backed by an API server
   * never asks of it.
   */
  static Pod asAdmitted(Pod template) {
    boolean noScheduler = template.spec().schedulerName().isEmpty();
    boolean noPriority =
        template.spec().priority() == null && template.spec().priorityClassName().isEmpty();
    if (!noScheduler && !noPriority) {
      return template;
    }
    Pod.Builder b = template.toBuilder();
    if (noScheduler) {
      b.schedulerName(io.schedkit.framework.config.Profile.DEFAULT_SCHEDULER_NAME);
    }
    if (noPriority) {
      b.priority(0);
    }
    return b.build();
  }

  private static Pod pod(Pod template, String namespace, String prefix, int i) {
    return template.toBuilder()
        .name(prefix + String.format(Locale.ROOT, "%06d", i))
        .namespace(namespace)
        .build();
  }

  /** A change to the cluster made during the measurement, followed by runUntilIdle. */
  private interface Step {
    void apply(InMemoryCluster cluster);
  }

  /**
   * Creates and schedules the initial pods, group after group, and returns the pods of the group
   * the measured phase deletes from (none without deletions). Only those stay referenced here: the
   * others are the cluster's and the cache's alone, so the live heap after the run is what they
   * keep.
   */
  private static List<Pod> createInitPods(
      BenchWorkload w, InMemoryCluster cluster, Scheduler scheduler) {
    BenchWorkload.Deletion deletion = w.deletion();
    List<Pod> deletable = List.of();
    List<PodGroup> groups = w.initGroups();
    for (int i = 0; i < groups.size(); i++) {
      PodGroup g = groups.get(i);
      List<Pod> pods = pods(g, 0, g.count());
      cluster.createAll(pods);
      scheduler.runUntilIdle();
      if (deletion != null && i == deletion.initGroup()) {
        deletable = pods;
      }
    }
    return deletable;
  }

  /**
   * The measured phase as steps: without churn or deletions one step creating every measured pod;
   * otherwise one step per interval, each creating the churn pod and deleting the initial pod due
   * before the next measured pods.
   */
  private static List<Step> steps(BenchWorkload w, List<Pod> deletable) {
    PodGroup m = w.measured();
    int n = m.count();
    BenchWorkload.Churn churn = w.churn();
    BenchWorkload.Deletion deletion = w.deletion();
    List<Step> steps = new ArrayList<>();
    if (churn == null && deletion == null) {
      List<Pod> all = pods(m, 0, n);
      steps.add(c -> c.createAll(all));
      return steps;
    }
    int churned = 0;
    int deleted = 0;
    int i = 0;
    while (i < n) {
      List<KubeObject> create = new ArrayList<>();
      List<Pod> delete = new ArrayList<>();
      if (churn != null && i % churn.every() == 0) {
        create.add(pod(churn.template(), churn.namespace(), churn.prefix(), churned++));
      }
      if (deletion != null && i % deletion.every() == 0 && deleted < deletable.size()) {
        delete.add(deletable.get(deleted++));
      }
      int next = n;
      if (churn != null) {
        next = Math.min(next, (i / churn.every() + 1) * churn.every());
      }
      if (deletion != null) {
        next = Math.min(next, (i / deletion.every() + 1) * deletion.every());
      }
      create.addAll(pods(m, i, next));
      steps.add(
          c -> {
            for (Pod p : delete) {
              c.delete(Pod.KIND, p.namespace(), p.name());
            }
            c.createAll(create);
          });
      i = next;
    }
    return steps;
  }

  /** Records the wall time of each measured pod's bind, from the cluster's watch. */
  private static final class BindRecorder implements java.util.function.Consumer<WatchEvent> {
    private final String namespace;
    private final String prefix;
    private final long[] times;
    private int count;
    private long start;

    BindRecorder(PodGroup measured, int n) {
      this.namespace = measured.namespace();
      this.prefix = measured.prefix();
      this.times = new long[n];
    }

    synchronized void start(long nanos) {
      this.start = nanos;
    }

    @Override
    public synchronized void accept(WatchEvent e) {
      if (e.type() != WatchEvent.Type.MODIFIED
          || !(e.newObject() instanceof Pod p)
          || !(e.oldObject() instanceof Pod old)) {
        return;
      }
      if (!old.nodeName().isEmpty()
          || p.nodeName().isEmpty()
          || !p.namespace().equals(namespace)
          || !p.name().startsWith(prefix)
          || count == times.length) {
        return;
      }
      times[count++] = System.nanoTime();
    }

    /** The time between consecutive binds (the first from the start), in nanoseconds. */
    synchronized long[] gaps() {
      long[] gaps = new long[count];
      long prev = start;
      for (int i = 0; i < count; i++) {
        gaps[i] = times[i] - prev;
        prev = times[i];
      }
      return gaps;
    }
  }

  /** The nearest-rank percentile of {@code values}, or 0 when empty. */
  static double percentile(long[] values, double p) {
    if (values.length == 0) {
      return 0;
    }
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }

  private static void collectGarbage() {
    for (int i = 0; i < 2; i++) {
      System.gc();
    }
  }

  private static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception e) {
      // The watch of an in-memory cluster does not fail to close; nothing to report.
    }
  }
}
