package io.schedkit.core.extender;

import static io.schedkit.core.extender.ExtenderFixtures.config;
import static io.schedkit.core.extender.ExtenderFixtures.node;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.extender.FakeExtenderServer.Reply;
import io.schedkit.core.extender.FakeExtenderServer.Request;
import io.schedkit.framework.BindPlugin;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PluginArgs;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.QueueSortPlugin;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.Registry;
import io.schedkit.framework.Status;
import io.schedkit.framework.config.ExtenderConfig;
import io.schedkit.framework.config.ExtenderConfig.ManagedResource;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * End to end: a {@link Scheduler} over an {@link InMemoryCluster} on a {@link VirtualClock}, whose
 * configuration names extenders served by a real HTTP server.
 */
final class ExtenderSchedulerTest {
  private final FakeExtenderServer server = FakeExtenderServer.http();
  private final InMemoryCluster cluster =
      InMemoryCluster.builder().clock(new VirtualClock()).build();
  private final List<String> pluginBinds = new CopyOnWriteArrayList<>();
  private final AtomicReference<FitArgs> fitArgs = new AtomicReference<>();

  /** Args shaped like NodeResourcesFitArgs. */
  public record FitArgs(List<String> ignoredResources) implements PluginArgs {
    public static FitArgs defaults() {
      return new FitArgs(List.of());
    }
  }

  @AfterEach
  void stop() {
    server.close();
  }

  // ------------------------------------------------------------------ the profile

  private static final class Sort implements QueueSortPlugin {
    @Override
    public String name() {
      return "Sort";
    }

    @Override
    public boolean less(QueuedPodInfo a, QueuedPodInfo b) {
      return a.timestamp().isBefore(b.timestamp());
    }
  }

  /** Binds through the host, recording that the plugin (not an extender) bound. */
  private final class Binder implements BindPlugin {
    private final FrameworkHandle handle;

    Binder(FrameworkHandle handle) {
      this.handle = handle;
    }

    @Override
    public String name() {
      return "Binder";
    }

    @Override
    public CompletionStage<Status> bind(CycleState state, PodInfo pod, String nodeName) {
      pluginBinds.add(pod.name() + "->" + nodeName);
      return handle.cluster().bind(pod.pod(), nodeName).thenApply(v -> Status.success());
    }
  }

  /** Stands in for NodeResourcesFit: a filter that only records the args it was built with. */
  private static final class Fit implements FilterPlugin {
    @Override
    public String name() {
      return "NodeResourcesFit";
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
      return Status.success();
    }
  }

  private Scheduler scheduler(List<ExtenderConfig> extenders) {
    Registry registry =
        new Registry()
            .register("Sort", (a, h) -> new Sort())
            .register("Binder", (a, h) -> new Binder(h))
            .register(
                "NodeResourcesFit",
                FitArgs.class,
                FitArgs::defaults,
                (args, h) -> {
                  fitArgs.set(args);
                  return new Fit();
                });
    Profile profile =
        new Profile(
            Profile.DEFAULT_SCHEDULER_NAME,
            null,
            new Plugins(
                new PluginSet(
                    List.of(
                        PluginRef.of("Sort"),
                        PluginRef.of("NodeResourcesFit"),
                        PluginRef.of("Binder")),
                    List.of()),
                Map.of()),
            List.of());
    SchedulerConfiguration configuration =
        new SchedulerConfiguration(16, 0, 1, 10, List.of(profile), extenders, null);
    return Scheduler.builder()
        .cluster(cluster)
        .registry(registry)
        .configuration(configuration)
        .clock(cluster.clock())
        .parallelism(1)
        .seed(1)
        .build();
  }

  private void nodes(String... names) {
    for (String n : names) {
      cluster.create(node(n));
    }
  }

  private Pod createPod(String name) {
    return cluster.create(ExtenderFixtures.pod(name).toBuilder().uid("").build());
  }

  private String boundNode(String pod) {
    return cluster.pod("ns", pod).orElseThrow().nodeName();
  }

  // ------------------------------------------------------------------ extender services

  private static List<String> nodeNames(Request r) {
    List<String> names = new ArrayList<>();
    r.json().get("NodeNames").forEach(n -> names.add(n.asText()));
    return names;
  }

  /** Keeps every node but {@code rejected}, which fails with {@code why}. */
  private static Reply filterOut(Request r, String rejected, String why) {
    List<String> kept = new ArrayList<>(nodeNames(r));
    kept.remove(rejected);
    StringBuilder names = new StringBuilder();
    for (String n : kept) {
      names.append(names.length() == 0 ? "" : ",").append('"').append(n).append('"');
    }
    return Reply.ok(
        "{\"NodeNames\":[" + names + "],\"FailedNodes\":{\"" + rejected + "\":\"" + why + "\"}}");
  }

  /** Scores {@code favourite} 10 and every other node 0. */
  private static Reply favour(Request r, String favourite) {
    StringBuilder out = new StringBuilder("[");
    for (String n : nodeNames(r)) {
      out.append(out.length() == 1 ? "" : ",")
          .append("{\"Host\":\"")
          .append(n)
          .append("\",\"Score\":")
          .append(n.equals(favourite) ? 10 : 0)
          .append('}');
    }
    return Reply.ok(out.append(']').toString());
  }

  /** Binds through the cluster, as a real binding extender would through the API server. */
  private Reply bindInCluster(Request r) {
    JsonNode args = r.json();
    Pod pod =
        cluster.pod(args.get("PodNamespace").asText(), args.get("PodName").asText()).orElseThrow();
    cluster.bind(pod, args.get("Node").asText());
    return Reply.ok("{\"Error\":\"\"}");
  }

  // ------------------------------------------------------------------ tests

  @Test
  void filterPrioritizeAndBind_throughExtenders_ignorableFailureSkipped() {
    nodes("n1", "n2", "n3");
    server
        .on("/f/filter", r -> filterOut(r, "n1", "n1 is reserved"))
        .on("/p/prioritize", r -> favour(r, "n3"))
        .on("/b/bind", this::bindInCluster)
        .on("/broken/filter", r -> new Reply(503, "down"));
    List<ExtenderConfig> extenders =
        List.of(
            config(server.url() + "/broken")
                .filter("filter")
                .nodeCacheCapable()
                .ignorable()
                .build(),
            config(server.url() + "/f").filter("filter").nodeCacheCapable().build(),
            config(server.url() + "/p").prioritize("prioritize", 1).nodeCacheCapable().build(),
            config(server.url() + "/b").bind("bind").build());

    try (Scheduler s = scheduler(extenders)) {
      createPod("p1");
      s.runUntilIdle();

      assertThat(boundNode("p1")).isEqualTo("n3");
      assertThat(pluginBinds).isEmpty();
      assertThat(s.pendingPods()).isEmpty();
    }
    assertThat(server.requests())
        .extracting(Request::path)
        .containsExactly("/f/filter", "/broken/filter", "/p/prioritize", "/b/bind");
    assertThat(nodeNames(server.requests("/broken/filter").get(0))).containsExactly("n2", "n3");
    assertThat(nodeNames(server.requests("/p/prioritize").get(0))).containsExactly("n2", "n3");
    JsonNode bind = server.requests("/b/bind").get(0).json();
    assertThat(bind.get("PodName").asText()).isEqualTo("p1");
    assertThat(bind.get("PodNamespace").asText()).isEqualTo("ns");
    assertThat(bind.get("PodUID").asText())
        .isEqualTo(cluster.pod("ns", "p1").orElseThrow().uid())
        .isNotEmpty();
    assertThat(bind.get("Node").asText()).isEqualTo("n3");
  }

  @Test
  void failingExtender_notIgnorable_podStaysPendingWithTheError() {
    nodes("n1", "n2");
    server.on("/filter", r -> new Reply(500, "down"));
    List<ExtenderConfig> extenders =
        List.of(config(server.url()).filter("filter").nodeCacheCapable().build());

    try (Scheduler s = scheduler(extenders)) {
      createPod("p1");
      s.runUntilIdle();

      assertThat(boundNode("p1")).isEmpty();
      assertThat(s.pendingPods()).hasSize(1);
      assertThat(s.pendingPods().get(0).message())
          .isEqualTo("failed filter with extender at URL " + server.url() + "/filter, code 500");
    }
  }

  @Test
  void extenderRejectsEveryNode_fitErrorCountsItsReasons() {
    nodes("n1", "n2", "n3");
    server.reply(
        "/filter",
        "{\"NodeNames\":[],\"FailedNodes\":{\"n2\":\"gpu busy\",\"n3\":\"gpu busy\"},"
            + "\"FailedAndUnresolvableNodes\":{\"n1\":\"no gpu\"}}");
    List<ExtenderConfig> extenders =
        List.of(config(server.url()).filter("filter").nodeCacheCapable().build());

    try (Scheduler s = scheduler(extenders)) {
      createPod("p1");
      s.runUntilIdle();

      assertThat(boundNode("p1")).isEmpty();
      Scheduler.PendingPod pending = s.pendingPods().get(0);
      assertThat(pending.message()).isEqualTo("0/3 nodes are available: 1 no gpu, 2 gpu busy.");
      assertThat(pending.rejectedBy()).containsExactly("Extender");
    }
  }

  @Test
  void close_stopsTheThreadsOfTheConfiguredExtenders() {
    Set<Thread> before = extenderThreads();
    nodes("n1");
    server.reply("/filter", "{\"NodeNames\":[\"n1\"]}");
    List<ExtenderConfig> extenders =
        List.of(config(server.url()).filter("filter").nodeCacheCapable().build());
    try (Scheduler s = scheduler(extenders)) {
      createPod("p1");
      s.runUntilIdle();
      assertThat(boundNode("p1")).isEqualTo("n1");
      assertThat(extenderThreads()).as("the extender's threads while open").isNotEqualTo(before);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!before.containsAll(extenderThreads()) && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    assertThat(extenderThreads()).as("after close").isSubsetOf(before);
  }

  private static Set<Thread> extenderThreads() {
    Set<Thread> out = new HashSet<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.isAlive() && t.getName().startsWith("schedkit-extender-")) {
        out.add(t);
      }
    }
    return out;
  }

  @Test
  void ignorableBinderFails_bindPluginBinds() {
    nodes("n1");
    server.on("/bind", r -> new Reply(500, "down"));
    List<ExtenderConfig> extenders = List.of(config(server.url()).bind("bind").ignorable().build());

    try (Scheduler s = scheduler(extenders)) {
      createPod("p1");
      s.runUntilIdle();

      assertThat(boundNode("p1")).isEqualTo("n1");
      assertThat(pluginBinds).containsExactly("p1->n1");
      assertThat(server.requests("/bind")).hasSize(1);
    }
  }

  @Test
  void uninterestedExtender_notCalled() {
    nodes("n1");
    server.on("/bind", this::bindInCluster);
    List<ExtenderConfig> extenders =
        List.of(
            config(server.url())
                .bind("bind")
                .managed(new ManagedResource("example.com/gpu", false))
                .build());

    try (Scheduler s = scheduler(extenders)) {
      createPod("p1");
      s.runUntilIdle();

      assertThat(boundNode("p1")).isEqualTo("n1");
      assertThat(pluginBinds).containsExactly("p1->n1");
      assertThat(server.requests()).isEmpty();
    }
  }

  @Test
  void ignoredByScheduler_reachesNodeResourcesFitArgs() {
    nodes("n1");
    List<ExtenderConfig> extenders =
        List.of(
            config(server.url())
                .filter("filter")
                .managed(
                    new ManagedResource("example.com/gpu", true),
                    new ManagedResource("example.com/fpga", false))
                .build());

    try (Scheduler s = scheduler(extenders)) {
      assertThat(fitArgs.get()).isEqualTo(new FitArgs(List.of("example.com/gpu")));
      assertThat(s.configuration().profiles().get(0).pluginConfig("NodeResourcesFit")).isPresent();
    }
  }
}
