package io.schedkit.examples.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.model.Container;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.metrics.micrometer.PrometheusMetrics;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/** A host binding kube-scheduler's metrics to its {@code /metrics}, scraped over HTTP. */
final class MetricsEndpointTest {
  @Test
  void get_servesTheSchedulersMetricsInPrometheusFormat() throws Exception {
    VirtualClock clock = new VirtualClock();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    cluster.create(Node.builder().name("n1").capacity("cpu", "2").capacity("pods", "10").build());
    cluster.create(
        Pod.builder()
            .name("web")
            .namespace("default")
            .container(Container.builder().name("c").request("cpu", "500m").build())
            .build());
    PrometheusMetrics prometheus = new PrometheusMetrics();
    try (Scheduler scheduler =
            Scheduler.builder()
                .cluster(cluster)
                .clock(clock)
                .metrics(prometheus.schedulerMetrics())
                .build();
        MetricsEndpoint endpoint =
            MetricsEndpoint.start(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                prometheus::scrape,
                PrometheusMetrics.CONTENT_TYPE)) {
      scheduler.runUntilIdle();

      HttpResponse<String> response =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          URI.create("http://127.0.0.1:" + endpoint.port() + "/metrics"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());

      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.headers().firstValue("Content-Type"))
          .contains(PrometheusMetrics.CONTENT_TYPE);
      assertThat(response.body())
          .contains(
              "scheduler_schedule_attempts_total{profile=\"default-scheduler\","
                  + "result=\"scheduled\"} 1.0")
          .contains("scheduler_pending_pods{queue=\"active\"} 0.0");
    }
  }
}
