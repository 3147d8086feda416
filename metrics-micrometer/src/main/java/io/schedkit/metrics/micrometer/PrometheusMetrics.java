package io.schedkit.metrics.micrometer;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.schedkit.core.metrics.SchedulerMetrics;

/**
 * kube-scheduler's metrics ready for a Prometheus scrape: a {@link PrometheusMeterRegistry} with a
 * {@link MicrometerSchedulerMetrics} on it. Give {@link #schedulerMetrics()} to {@code
 * Scheduler.builder().metrics(...)} and serve {@link #scrape()} with {@link #CONTENT_TYPE} at the
 * host's {@code /metrics}. The host may register its own meters in {@link #registry()} too (JVM
 * metrics, for example); they appear in the same scrape.
 */
public final class PrometheusMetrics {
  /** The content type of {@link #scrape()}: Prometheus' text format 0.0.4. */
  public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private final PrometheusMeterRegistry registry;
  private final MicrometerSchedulerMetrics schedulerMetrics;

  /** A new registry with the scheduler's metrics on it. */
  public PrometheusMetrics() {
    this(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
  }

  /** The scheduler's metrics on {@code registry}. */
  public PrometheusMetrics(PrometheusMeterRegistry registry) {
    this.registry = registry;
    this.schedulerMetrics = new MicrometerSchedulerMetrics(registry);
  }

  /** What the scheduler reports to ({@code Scheduler.Builder.metrics}). */
  public SchedulerMetrics schedulerMetrics() {
    return schedulerMetrics;
  }

  /** The Prometheus registry. */
  public PrometheusMeterRegistry registry() {
    return registry;
  }

  /** Every metric of the registry in Prometheus' text format ({@link #CONTENT_TYPE}). */
  public String scrape() {
    return registry.scrape();
  }
}
