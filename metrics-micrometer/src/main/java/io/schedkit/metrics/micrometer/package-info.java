/**
 * kube-scheduler's metrics through Micrometer: {@link
 * io.schedkit.metrics.micrometer.MicrometerSchedulerMetrics} for any registry, {@link
 * io.schedkit.metrics.micrometer.PrometheusMetrics} for a Prometheus scrape.
 */
package io.schedkit.metrics.micrometer;
