package io.schedkit.metrics.micrometer;

import io.micrometer.core.instrument.Tag;
import java.util.ArrayList;
import java.util.List;

/**
 * kube-scheduler's metrics as {@link MicrometerSchedulerMetrics} registers them: the name
 * Prometheus shows, the label names and, for histograms, the bucket boundaries, all as in
 * kube-scheduler v1.35 ({@code pkg/scheduler/metrics/metrics.go}; client-go's leader election
 * metrics for {@code leader_election_master_status}).
 */
public enum KubeSchedulerMetric {
  /**
   * Attempts to schedule pods, by result ({@code scheduled}, {@code unschedulable}, {@code error}).
   */
  SCHEDULE_ATTEMPTS(
      "scheduler_schedule_attempts_total",
      "Number of attempts to schedule pods, by result.",
      Kind.COUNTER,
      null,
      "result",
      "profile"),
  /** Scheduling attempt latency (algorithm and binding). */
  SCHEDULING_ATTEMPT_DURATION(
      "scheduler_scheduling_attempt_duration_seconds",
      "Scheduling attempt latency in seconds (scheduling algorithm and binding).",
      Kind.HISTOGRAM,
      exponential(0.001, 2, 15),
      "result",
      "profile"),
  /** Scheduling algorithm latency. */
  SCHEDULING_ALGORITHM_DURATION(
      "scheduler_scheduling_algorithm_duration_seconds",
      "Scheduling algorithm latency in seconds.",
      Kind.HISTOGRAM,
      exponential(0.001, 2, 15)),
  /** Victims chosen by preemption. */
  PREEMPTION_VICTIMS(
      "scheduler_preemption_victims",
      "Number of selected preemption victims.",
      Kind.HISTOGRAM,
      exponential(1, 2, 7)),
  /** Preemption attempts. */
  PREEMPTION_ATTEMPTS(
      "scheduler_preemption_attempts_total", "Total preemption attempts.", Kind.COUNTER, null),
  /**
   * Pending pods by queue ({@code active}, {@code backoff}, {@code unschedulable}, {@code gated}).
   */
  PENDING_PODS(
      "scheduler_pending_pods", "Number of pending pods, by queue.", Kind.GAUGE, null, "queue"),
  /** End-to-end latency of a pod's scheduling from its first attempt, by attempts. */
  POD_SCHEDULING_SLI_DURATION(
      "scheduler_pod_scheduling_sli_duration_seconds",
      "E2e latency for a pod being scheduled, from its first scheduling attempt, by attempts.",
      Kind.HISTOGRAM,
      exponential(0.01, 2, 20),
      "attempts"),
  /** Attempts a pod needed to be scheduled. */
  POD_SCHEDULING_ATTEMPTS(
      "scheduler_pod_scheduling_attempts",
      "Number of attempts to successfully schedule a pod.",
      Kind.HISTOGRAM,
      exponential(1, 2, 5)),
  /** Latency of all plugins of one extension point. */
  FRAMEWORK_EXTENSION_POINT_DURATION(
      "scheduler_framework_extension_point_duration_seconds",
      "Latency for running all plugins of a specific extension point.",
      Kind.HISTOGRAM,
      exponential(0.0001, 2, 12),
      "extension_point",
      "status",
      "profile"),
  /** Latency of one plugin at one extension point (sampled cycles). */
  PLUGIN_EXECUTION_DURATION(
      "scheduler_plugin_execution_duration_seconds",
      "Duration for running a plugin at a specific extension point.",
      Kind.HISTOGRAM,
      exponential(0.00001, 1.5, 20),
      "plugin",
      "extension_point",
      "status"),
  /** Pods added to the queues, by queue and event. */
  QUEUE_INCOMING_PODS(
      "scheduler_queue_incoming_pods_total",
      "Number of pods added to scheduling queues by event and queue type.",
      Kind.COUNTER,
      null,
      "queue",
      "event"),
  /** Time pods waited at Permit, by result. */
  PERMIT_WAIT_DURATION(
      "scheduler_permit_wait_duration_seconds",
      "Duration of waiting on permit.",
      Kind.HISTOGRAM,
      exponential(0.001, 2, 15),
      "result"),
  /** Nodes, pods and assumed pods in the scheduler's cache (kube-scheduler's doubled prefix). */
  CACHE_SIZE(
      "scheduler_scheduler_cache_size",
      "Number of nodes, pods, and assumed (bound) pods in the scheduler cache.",
      Kind.GAUGE,
      null,
      "type"),
  /** Unschedulable pods by the plugin that rejected them (a pod counts once per plugin). */
  UNSCHEDULABLE_PODS(
      "scheduler_unschedulable_pods",
      "The number of unschedulable pods broken down by plugin name.",
      Kind.GAUGE,
      null,
      "plugin",
      "profile"),
  /** Runs of PreFilter and Filter plugins (Filter: one per node). */
  PLUGIN_EVALUATION(
      "scheduler_plugin_evaluation_total",
      "Number of attempts to schedule pods by each plugin and extension point.",
      Kind.COUNTER,
      null,
      "plugin",
      "extension_point",
      "profile"),
  /** 1 while this process leads the lease {@code name}, else 0. */
  LEADER_ELECTION_MASTER_STATUS(
      "leader_election_master_status",
      "Whether this process is the leader of the lease (1) or a follower (0).",
      Kind.GAUGE,
      null,
      "name");

  /** What kind of meter a metric is. */
  public enum Kind {
    /** A monotonic counter ({@code _total}). */
    COUNTER,
    /** A value that goes up and down. */
    GAUGE,
    /** A histogram with fixed buckets ({@code _bucket}, {@code _sum}, {@code _count}). */
    HISTOGRAM
  }

  private final String prometheusName;
  private final String help;
  private final Kind kind;
  private final double[] buckets;
  private final List<String> labels;

  KubeSchedulerMetric(
      String prometheusName, String help, Kind kind, double[] buckets, String... labels) {
    this.prometheusName = prometheusName;
    this.help = help;
    this.kind = kind;
    this.buckets = buckets;
    this.labels = List.of(labels);
  }

  /** The name as Prometheus shows it (with {@code _total} or {@code _seconds}). */
  public String prometheusName() {
    return prometheusName;
  }

  /** The kind of meter. */
  public Kind kind() {
    return kind;
  }

  /** The label names, in kube-scheduler's order. */
  public List<String> labels() {
    return labels;
  }

  /** The histogram's bucket boundaries (upper bounds, without {@code +Inf}); empty if none. */
  public double[] buckets() {
    return buckets == null ? new double[0] : buckets.clone();
  }

  /** A short description. */
  public String help() {
    return help;
  }

  /** The Micrometer meter name, before the registry adds the unit and {@code _total}. */
  String meterName() {
    String name = prometheusName;
    if (kind == Kind.COUNTER) {
      name = name.substring(0, name.length() - "_total".length());
    } else if (name.endsWith("_seconds")) {
      name = name.substring(0, name.length() - "_seconds".length());
    }
    return name;
  }

  /** The tags for label values {@code values} (values past the labels are ignored). */
  List<Tag> tags(String[] values) {
    List<Tag> tags = new ArrayList<>(labels.size());
    for (int i = 0; i < labels.size(); i++) {
      tags.add(Tag.of(labels.get(i), values[i]));
    }
    return tags;
  }

  /**
   * kube-scheduler's {@code ExponentialBuckets(start, factor, count)}: {@code start}, then each
   * bound the previous times {@code factor}, computed as Go does so the bounds are the same
   * doubles.
   */
  static double[] exponential(double start, double factor, int count) {
    double[] b = new double[count];
    double next = start;
    for (int i = 0; i < count; i++) {
      b[i] = next;
      next *= factor;
    }
    return b;
  }
}
