package io.schedkit.core.metrics;

import java.time.Duration;

/**
 * Where the scheduler reports what it measures. Names follow kube-scheduler's metrics ({@code
 * scheduler_framework_extension_point_duration_seconds}, {@code
 * scheduler_plugin_execution_duration_seconds}, {@code scheduler_schedule_attempts_total}, {@code
 * scheduler_scheduling_attempt_duration_seconds}, {@code scheduler_pending_pods}); a host adapts
 * this interface to its metrics library. Implementations must be thread-safe and cheap.
 */
public interface SchedulerMetrics {
  /**
   * {@code scheduler_framework_extension_point_duration_seconds{extension_point, status, profile}}.
   */
  default void extensionPointDuration(
      String extensionPoint, String status, String profile, Duration duration) {}

  /** {@code scheduler_plugin_execution_duration_seconds{plugin, extension_point, status}}. */
  default void pluginExecutionDuration(
      String plugin, String extensionPoint, String status, Duration duration) {}

  /**
   * {@code scheduler_schedule_attempts_total{result, profile}} and {@code
   * scheduler_scheduling_attempt_duration_seconds}: result is {@code scheduled}, {@code
   * unschedulable} or {@code error}.
   */
  default void scheduleAttempt(String result, String profile, Duration duration) {}

  /**
   * {@code scheduler_pending_pods{queue}}: queue is {@code active}, {@code backoff}, {@code
   * unschedulable} or {@code gated}.
   */
  default void pendingPods(String queue, int count) {}

  /** {@code scheduler_preemption_victims} and {@code scheduler_preemption_attempts_total}. */
  default void preemptionAttempt(int victims) {}

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
