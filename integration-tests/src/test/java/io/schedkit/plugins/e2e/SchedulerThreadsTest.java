package io.schedkit.plugins.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.leaderelection.InMemoryLeaseStore;
import io.schedkit.framework.Registry;
import io.schedkit.framework.config.ExtenderConfig;
import io.schedkit.framework.config.LeaderElectionConfig;
import io.schedkit.framework.config.SchedulerConfiguration;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Every thread a scheduler starts (the loop, binders, Filter and Score workers, its clock's timer,
 * the leader elector's store calls, an HTTP extender's client) has ended once {@link
 * Scheduler#close()} returns, give or take their last moments.
 */
final class SchedulerThreadsTest {
  @Test
  void closeLeavesNoThreadBehind() throws Exception {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    AtomicInteger calls = new AtomicInteger();
    server.createContext(
        "/",
        exchange -> {
          calls.incrementAndGet();
          exchange.getRequestBody().readAllBytes();
          byte[] body = "[]".getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
    try {
      Registry registry = DefaultProfileFixtures.registry();
      InMemoryCluster cluster = InMemoryCluster.builder().seed(1).build();
      for (int i = 0; i < 8; i++) {
        cluster.create(DefaultProfileFixtures.node("n" + i, "zone-" + (i % 2)));
      }
      SchedulerConfiguration defaults = DefaultProfileFixtures.configuration(registry);
      ExtenderConfig extender =
          new ExtenderConfig(
              "http://127.0.0.1:" + server.getAddress().getPort() + "/extender",
              "",
              "",
              "prioritize",
              1,
              "",
              false,
              null,
              Duration.ofSeconds(5),
              true,
              List.of(),
              false);
      SchedulerConfiguration configuration =
          new SchedulerConfiguration(
              defaults.parallelism(),
              defaults.percentageOfNodesToScore(),
              defaults.podInitialBackoffSeconds(),
              defaults.podMaxBackoffSeconds(),
              defaults.profiles(),
              List.of(extender),
              LeaderElectionConfig.defaults(),
              defaults.clientConnection());

      Set<Thread> before = ThreadsLeft.snapshot();
      Scheduler scheduler =
          Scheduler.builder()
              .cluster(cluster)
              .registry(registry)
              .configuration(configuration)
              .parallelism(4)
              .leaderElection(new InMemoryLeaseStore(), "only")
              .seed(2)
              .build();
      try {
        scheduler.start();
        Random random = new Random(3);
        int pods = 40;
        for (int i = 0; i < pods; i++) {
          cluster.create(DefaultProfileFixtures.randomPod(i, random));
        }
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (cluster.pods().stream().anyMatch(p -> p.nodeName().isEmpty())) {
          assertThat(System.nanoTime() < deadline).as("every pod bound within 60 s").isTrue();
          Thread.sleep(10);
        }
        assertThat(scheduler.leaderElector().orElseThrow().isLeader()).isTrue();
        assertThat(calls.get()).as("extender calls").isPositive();
        assertThat(ThreadsLeft.snapshot()).as("threads while running").isNotEqualTo(before);
      } finally {
        scheduler.close();
      }
      scheduler = null; // its HTTP client unreachable
      ThreadsLeft.assertNoneSince(before);
      assertThat(cluster.pods()).allMatch(p -> !p.nodeName().isEmpty(), "bound");
    } finally {
      server.stop(0);
    }
  }
}
