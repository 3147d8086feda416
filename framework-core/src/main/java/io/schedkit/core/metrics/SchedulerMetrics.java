package io.schedkit.core.metrics;

import java.time.Duration;

/**
 * Where the scheduler reports what it measures, one method per kube-scheduler metric (v1.35 names
 * and labels, given with each method); a host adapts this interface to its metrics library, or uses
 * {@code io.schedkit:metrics-micrometer}, which registers the metrics with kube-scheduler's names,
 * labels and buckets in any Micrometer registry.
 *
 * <p>Every method has a default that does nothing, so an implementation overrides only what it
 * records, and the scheduler skips measuring altogether (no timing, no calls) when its metrics are
 * {@link #noop()}. Durations are measured with {@link System#nanoTime()}, except the end-to-end
 * {@link #podScheduled} latency, which is measured on the scheduler's clock (virtual time in a
 * simulation). Implementations must be thread-safe and cheap: the methods are called from the
 * scheduling thread, the filter and score workers and the binding threads.
 */
public interface SchedulerMetrics {
  /**
   * {@code scheduler_framework_extension_point_duration_seconds{extension_point, status, profile}}:
   * one extension point's run of all its plugins.
   */
  default void extensionPointDuration(
      String extensionPoint, String status, String profile, Duration duration) {}

  /**
   * {@code scheduler_plugin_execution_duration_seconds{plugin, extension_point, status}}: one
   * plugin's run at one extension point, in the sampled cycles (10%, as kube-scheduler).
   */
  default void pluginExecutionDuration(
      String plugin, String extensionPoint, String status, Duration duration) {}

  /**
   * {@code scheduler_plugin_evaluation_total{plugin, extension_point, profile}}: {@code count} more
   * runs of a PreFilter or Filter plugin (Filter counts one per node evaluated).
   */
  default void pluginEvaluations(
      String plugin, String extensionPoint, String profile, long count) {}

  /**
   * {@code scheduler_schedule_attempts_total{result, profile}} and {@code
   * scheduler_scheduling_attempt_duration_seconds{result, profile}}: one attempt, from the pop to
   * the end of its binding for {@code scheduled}, or to the failure for {@code unschedulable} and
   * {@code error}.
   */
  default void scheduleAttempt(String result, String profile, Duration duration) {}

  /**
   * {@code scheduler_scheduling_algorithm_duration_seconds}: choosing a node (snapshot to selected
   * host), recorded when a node was chosen.
   */
  default void schedulingAlgorithmDuration(Duration duration) {}

  /**
   * {@code scheduler_pod_scheduling_sli_duration_seconds{attempts}} and {@code
   * scheduler_pod_scheduling_attempts}: a pod bound after {@code attempts} attempts, {@code
   * sinceFirstAttempt} after its first scheduling attempt (kube-scheduler's initial attempt
   * timestamp). The {@code attempts} label is the number, or {@code 15+} from 15 on ({@link
   * #attemptsLabel}).
   */
  default void podScheduled(int attempts, Duration sinceFirstAttempt) {}

  /**
   * {@code scheduler_pending_pods{queue}}: queue is {@code active}, {@code backoff}, {@code
   * unschedulable} or {@code gated}.
   */
  default void pendingPods(String queue, int count) {}

  /**
   * {@code scheduler_queue_incoming_pods_total{queue, event}}: a pod entered queue {@code active},
   * {@code backoff} or {@code unschedulable} because of {@code event} ({@code PodAdd}, {@code
   * ScheduleAttemptFailure}, {@code BackoffComplete}, {@code ForceActivate}, {@code
   * UnschedulableTimeout}, or a cluster event's label such as {@code NodeAdd}).
   */
  default void queueIncomingPod(String queue, String event) {}

  /**
   * {@code scheduler_unschedulable_pods{plugin, profile}}: {@code delta} (+1 or −1) pods held in
   * the unschedulable pool because of {@code plugin}; a pod counts once for each plugin that
   * rejected or gated it.
   */
  default void unschedulablePods(String plugin, String profile, int delta) {}

  /**
   * {@code scheduler_permit_wait_duration_seconds{result}}: how long a pod waited at Permit; the
   * result is the final status code ({@code Success}, {@code Unschedulable}, ...).
   */
  default void permitWaitDuration(String result, Duration duration) {}

  /**
   * {@code scheduler_preemption_attempts_total}: a PostFilter run (preemption attempted) for a pod
   * that fit no node.
   */
  default void preemptionAttempt() {}

  /** {@code scheduler_preemption_victims}: the victims chosen by a successful preemption. */
  default void preemptionVictims(int victims) {}

  /**
   * {@code scheduler_scheduler_cache_size{type}} (kube-scheduler's name, with the subsystem twice):
   * type is {@code nodes}, {@code pods} or {@code assumed_pods}.
   */
  default void cacheSize(String type, int count) {}

  /**
   * {@code leader_election_master_status{name}}: 1 while this scheduler leads lease {@code name}, 0
   * otherwise.
   */
  default void leaderElectionStatus(String name, boolean leading) {}

  /** kube-scheduler's {@code attempts} label: the number, capped as {@code 15+}. */
  static String attemptsLabel(int attempts) {
    return attempts >= 15 ? "15+" : Integer.toString(attempts);
  }

  /** A metrics sink that drops everything. */
  static SchedulerMetrics noop() {
    return NoopMetrics.INSTANCE;
  }
}

/** The sink of {@link SchedulerMetrics#noop()}. */
final class NoopMetrics implements SchedulerMetrics {
  static final NoopMetrics INSTANCE = new NoopMetrics();

  private NoopMetrics() {}
}
