package io.schedkit.cli;

import io.schedkit.core.metrics.SchedulerMetrics;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * What {@code schedkit run} serves on {@code /metrics}: the counters the scheduler reports through
 * {@link SchedulerMetrics}, kept in memory and printed as Prometheus text with kube-scheduler's
 * metric names. A minimal exporter: counters, gauges and duration sums and counts, no histogram
 * buckets (those come with the Micrometer module).
 */
final class LiveMetrics implements SchedulerMetrics {
  private final Map<String, LongAdder> attempts = new ConcurrentHashMap<>();
  private final Map<String, DoubleAdder> attemptSeconds = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> pending = new ConcurrentHashMap<>();
  private final LongAdder preemptionAttempts = new LongAdder();
  private final LongAdder preemptionVictims = new LongAdder();

  @Override
  public void scheduleAttempt(String result, String profile, Duration duration) {
    String key = "result=\"" + result + "\",profile=\"" + profile + "\"";
    attempts.computeIfAbsent(key, k -> new LongAdder()).increment();
    attemptSeconds.computeIfAbsent(key, k -> new DoubleAdder()).add(duration.toNanos() / 1e9);
  }

  @Override
  public void pendingPods(String queue, int count) {
    pending.computeIfAbsent(queue, k -> new AtomicLong()).set(count);
  }

  @Override
  public void preemptionAttempt(int victims) {
    preemptionAttempts.increment();
    preemptionVictims.add(victims);
  }

  /**
   * The metrics as Prometheus text, with the live extras given.
   *
   * @param gauges further gauges and counters, name (with labels) to value, with their types
   * @return the text exposition
   */
  String text(Map<String, Extra> gauges) {
    StringBuilder b = new StringBuilder();
    header(b, "scheduler_schedule_attempts_total", "counter", "Scheduling attempts by result.");
    new TreeMap<>(attempts)
        .forEach((k, v) -> line(b, "scheduler_schedule_attempts_total{" + k + "}", v.sum()));
    header(
        b,
        "scheduler_scheduling_attempt_duration_seconds",
        "summary",
        "Scheduling attempt latency (sum and count).");
    new TreeMap<>(attemptSeconds)
        .forEach(
            (k, v) -> {
              line(b, "scheduler_scheduling_attempt_duration_seconds_sum{" + k + "}", v.sum());
              line(
                  b,
                  "scheduler_scheduling_attempt_duration_seconds_count{" + k + "}",
                  attempts.get(k).sum());
            });
    header(b, "scheduler_pending_pods", "gauge", "Pending pods by queue.");
    new TreeMap<>(pending)
        .forEach((k, v) -> line(b, "scheduler_pending_pods{queue=\"" + k + "\"}", v.get()));
    header(b, "scheduler_preemption_attempts_total", "counter", "Preemption attempts.");
    line(b, "scheduler_preemption_attempts_total", preemptionAttempts.sum());
    header(b, "scheduler_preemption_victims_total", "counter", "Pods chosen as victims.");
    line(b, "scheduler_preemption_victims_total", preemptionVictims.sum());
    gauges.forEach(
        (name, e) -> {
          header(b, name, e.type(), e.help());
          line(b, name, e.value());
        });
    return b.toString();
  }

  /** A metric computed when served. */
  record Extra(String type, String help, double value) {}

  private static void header(StringBuilder b, String name, String type, String help) {
    b.append("# HELP ").append(name).append(' ').append(help).append('\n');
    b.append("# TYPE ").append(name).append(' ').append(type).append('\n');
  }

  private static void line(StringBuilder b, String name, double value) {
    b.append(name).append(' ');
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      b.append((long) value);
    } else {
      b.append(value);
    }
    b.append('\n');
  }
}
