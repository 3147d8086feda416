package io.schedkit.metrics.micrometer;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.schedkit.core.metrics.SchedulerMetrics;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * {@link SchedulerMetrics} as Micrometer meters with kube-scheduler's (v1.35) metric names, label
 * names and histogram buckets, so dashboards and alerts written for kube-scheduler work unchanged
 * on a Prometheus scrape ({@link PrometheusMetrics}), and the same meters reach any other
 * Micrometer registry.
 *
 * <p>Histograms are {@link Timer}s (durations, shown in seconds) or {@link DistributionSummary}s
 * (counts) whose service-level objectives are kube-scheduler's bucket boundaries, computed as its
 * {@code ExponentialBuckets} (duration bounds rounded to the nanosecond); Prometheus sees {@code
 * _bucket}, {@code _count} and {@code _sum} series as from kube-scheduler, plus Micrometer's {@code
 * _max} gauge. Counters get Prometheus' {@code _total} suffix. Gauges keep their value in an {@link
 * AtomicLong} per label set. The metric list and its buckets: {@link KubeSchedulerMetric}.
 *
 * <p>Meters are created on first use of a label set and found again through maps keyed by the label
 * values (no allocation once created). Thread-safe.
 */
public final class MicrometerSchedulerMetrics implements SchedulerMetrics {
  private final MeterRegistry registry;
  private final Tagged<Counter> scheduleAttempts = new Tagged<>();
  private final Tagged<Timer> attemptDuration = new Tagged<>();
  private final Tagged<Timer> extensionPoint = new Tagged<>();
  private final Tagged<Timer> pluginExecution = new Tagged<>();
  private final Tagged<Counter> pluginEvaluation = new Tagged<>();
  private final Tagged<Timer> sli = new Tagged<>();
  private final Tagged<Counter> incoming = new Tagged<>();
  private final Tagged<Timer> permitWait = new Tagged<>();
  private final Tagged<AtomicLong> pendingPods = new Tagged<>();
  private final Tagged<AtomicLong> unschedulablePods = new Tagged<>();
  private final Tagged<AtomicLong> cacheSize = new Tagged<>();
  private final Tagged<AtomicLong> leaderStatus = new Tagged<>();
  private final Timer algorithmDuration;
  private final DistributionSummary podAttempts;
  private final DistributionSummary preemptionVictims;
  private final Counter preemptionAttempts;

  /** Registers the meters in {@code registry} as the scheduler reports them. */
  public MicrometerSchedulerMetrics(MeterRegistry registry) {
    this.registry = Objects.requireNonNull(registry, "registry");
    this.algorithmDuration = timer(KubeSchedulerMetric.SCHEDULING_ALGORITHM_DURATION);
    this.podAttempts = summary(KubeSchedulerMetric.POD_SCHEDULING_ATTEMPTS);
    this.preemptionVictims = summary(KubeSchedulerMetric.PREEMPTION_VICTIMS);
    this.preemptionAttempts = counter(KubeSchedulerMetric.PREEMPTION_ATTEMPTS);
  }

  /** The registry the meters are in. */
  public MeterRegistry registry() {
    return registry;
  }

  @Override
  public void extensionPointDuration(
      String extensionPoint, String status, String profile, Duration duration) {
    this.extensionPoint
        .get(
            extensionPoint,
            status,
            profile,
            k -> timer(KubeSchedulerMetric.FRAMEWORK_EXTENSION_POINT_DURATION, k))
        .record(duration);
  }

  @Override
  public void pluginExecutionDuration(
      String plugin, String extensionPoint, String status, Duration duration) {
    pluginExecution
        .get(
            plugin,
            extensionPoint,
            status,
            k -> timer(KubeSchedulerMetric.PLUGIN_EXECUTION_DURATION, k))
        .record(duration);
  }

  @Override
  public void pluginEvaluations(String plugin, String extensionPoint, String profile, long count) {
    pluginEvaluation
        .get(
            plugin, extensionPoint, profile, k -> counter(KubeSchedulerMetric.PLUGIN_EVALUATION, k))
        .increment(count);
  }

  @Override
  public void scheduleAttempt(String result, String profile, Duration duration) {
    scheduleAttempts
        .get(result, profile, "", k -> counter(KubeSchedulerMetric.SCHEDULE_ATTEMPTS, k))
        .increment();
    attemptDuration
        .get(result, profile, "", k -> timer(KubeSchedulerMetric.SCHEDULING_ATTEMPT_DURATION, k))
        .record(duration);
  }

  @Override
  public void schedulingAlgorithmDuration(Duration duration) {
    algorithmDuration.record(duration);
  }

  @Override
  public void podScheduled(int attempts, Duration sinceFirstAttempt) {
    sli.get(
            SchedulerMetrics.attemptsLabel(attempts),
            "",
            "",
            k -> timer(KubeSchedulerMetric.POD_SCHEDULING_SLI_DURATION, k))
        .record(sinceFirstAttempt);
    podAttempts.record(attempts);
  }

  @Override
  public void pendingPods(String queue, int count) {
    pendingPods.get(queue, "", "", k -> gauge(KubeSchedulerMetric.PENDING_PODS, k)).set(count);
  }

  @Override
  public void queueIncomingPod(String queue, String event) {
    incoming
        .get(queue, event, "", k -> counter(KubeSchedulerMetric.QUEUE_INCOMING_PODS, k))
        .increment();
  }

  @Override
  public void unschedulablePods(String plugin, String profile, int delta) {
    unschedulablePods
        .get(plugin, profile, "", k -> gauge(KubeSchedulerMetric.UNSCHEDULABLE_PODS, k))
        .addAndGet(delta);
  }

  @Override
  public void permitWaitDuration(String result, Duration duration) {
    permitWait
        .get(result, "", "", k -> timer(KubeSchedulerMetric.PERMIT_WAIT_DURATION, k))
        .record(duration);
  }

  @Override
  public void preemptionAttempt() {
    preemptionAttempts.increment();
  }

  @Override
  public void preemptionVictims(int victims) {
    preemptionVictims.record(victims);
  }

  @Override
  public void cacheSize(String type, int count) {
    cacheSize.get(type, "", "", k -> gauge(KubeSchedulerMetric.CACHE_SIZE, k)).set(count);
  }

  @Override
  public void leaderElectionStatus(String name, boolean leading) {
    leaderStatus
        .get(name, "", "", k -> gauge(KubeSchedulerMetric.LEADER_ELECTION_MASTER_STATUS, k))
        .set(leading ? 1 : 0);
  }

  // ------------------------------------------------------------------ meters

  /** A histogram of counts. */
  private DistributionSummary summary(KubeSchedulerMetric m, String... values) {
    return DistributionSummary.builder(m.meterName())
        .description(m.help())
        .serviceLevelObjectives(m.buckets())
        .tags(m.tags(values))
        .register(registry);
  }

  /** A histogram of durations, shown in seconds; its bounds to the nanosecond. */
  private Timer timer(KubeSchedulerMetric m, String... values) {
    double[] seconds = m.buckets();
    Duration[] bounds = new Duration[seconds.length];
    for (int i = 0; i < seconds.length; i++) {
      bounds[i] = Duration.ofNanos(Math.round(seconds[i] * 1e9));
    }
    return Timer.builder(m.meterName())
        .description(m.help())
        .serviceLevelObjectives(bounds)
        .tags(m.tags(values))
        .register(registry);
  }

  private Counter counter(KubeSchedulerMetric m, String... values) {
    return Counter.builder(m.meterName())
        .description(m.help())
        .tags(m.tags(values))
        .register(registry);
  }

  private AtomicLong gauge(KubeSchedulerMetric m, String... values) {
    AtomicLong value = new AtomicLong();
    Gauge.builder(m.meterName(), value, AtomicLong::get)
        .description(m.help())
        .tags(m.tags(values))
        .strongReference(true)
        .register(registry);
    return value;
  }

  /**
   * Meters by up to three label values, looked up without allocating; values past the metric's
   * labels are {@code ""} and ignored.
   */
  private static final class Tagged<T> {
    private final ConcurrentMap<String, ConcurrentMap<String, ConcurrentMap<String, T>>> meters =
        new ConcurrentHashMap<>();

    T get(String a, String b, String c, Function<String[], T> create) {
      ConcurrentMap<String, ConcurrentMap<String, T>> byA = meters.get(a);
      if (byA != null) {
        ConcurrentMap<String, T> byB = byA.get(b);
        if (byB != null) {
          T meter = byB.get(c);
          if (meter != null) {
            return meter;
          }
        }
      }
      return meters
          .computeIfAbsent(a, k -> new ConcurrentHashMap<>())
          .computeIfAbsent(b, k -> new ConcurrentHashMap<>())
          .computeIfAbsent(c, k -> create.apply(new String[] {a, b, c}));
    }
  }
}
