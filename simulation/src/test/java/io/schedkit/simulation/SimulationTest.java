package io.schedkit.simulation;

import static io.schedkit.testing.Wrappers.makeNode;
import static io.schedkit.testing.Wrappers.makePod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PostFilterPlugin;
import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.Registry;
import io.schedkit.framework.Status;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.plugins.defaultbinder.DefaultBinder;
import io.schedkit.plugins.nodeports.NodePorts;
import io.schedkit.plugins.queuesort.PrioritySort;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The simulation engine with a small profile (PrioritySort, NodePorts, DefaultBinder and a
 * PostFilter that evicts), so that host-port conflicts stand in for lack of room: each node fits
 * one pod using port 8080.
 */
final class SimulationTest {
  private static final Map<String, String> CPU = Map.of("cpu", "500m");

  /** Evicts every pod of lower priority on the first node (by name) and nominates that node. */
  private static final class Evictor implements PostFilterPlugin {
    private final FrameworkHandle handle;

    Evictor(FrameworkHandle handle) {
      this.handle = handle;
    }

    @Override
    public String name() {
      return "Evictor";
    }

    @Override
    public PostFilterResult postFilter(CycleState state, PodInfo pod, NodeToStatus statuses) {
      NodeInfo node =
          handle.snapshot().list().stream().min(Comparator.comparing(NodeInfo::name)).orElseThrow();
      List<Pod> victims =
          node.pods().stream()
              .map(PodInfo::pod)
              .filter(p -> p.priority() < pod.priority())
              .toList();
      if (victims.isEmpty()) {
        return PostFilterResult.of(Status.unschedulable("no victims"));
      }
      victims.forEach(v -> handle.cluster().evict(v, pod.pod()));
      return PostFilterResult.nominated(node.name());
    }
  }

  private static Registry registry() {
    Registry registry = new Registry();
    registry.register(PrioritySort.class);
    registry.register(NodePorts.class);
    registry.register(DefaultBinder.class);
    registry.register("Evictor", (args, handle) -> new Evictor(handle));
    return registry;
  }

  private static SchedulerConfiguration configuration() {
    List<PluginRef> refs =
        List.of(
            PluginRef.of(PrioritySort.NAME),
            PluginRef.of(NodePorts.NAME),
            PluginRef.of("Evictor"),
            PluginRef.of(DefaultBinder.NAME));
    Profile profile =
        new Profile(
            Profile.DEFAULT_SCHEDULER_NAME,
            null,
            new Plugins(new PluginSet(refs, List.of()), Map.of()),
            List.of());
    return new SchedulerConfiguration(16, 0, 1, 10, List.of(profile), List.of(), null);
  }

  private static Node node(String name) {
    return makeNode().name(name).capacity(Map.of("cpu", "4", "memory", "8Gi", "pods", "110")).obj();
  }

  private static Simulation.Builder simulation(
      List<? extends KubeObject> cluster, List<? extends KubeObject> workload) {
    return Simulation.builder()
        .cluster(cluster, "cluster.yaml")
        .workload(workload, "workload.yaml")
        .registry(registry())
        .configuration(configuration());
  }

  /** Two pods that need port 8080 of n1: p1 runs for 10 s, p2 arrives at 1 s. */
  private static Simulation.Builder portQueue() {
    return simulation(
        List.of(node("n1")),
        List.of(
            makePod()
                .name("p1")
                .req(CPU)
                .hostPort(8080)
                .annotation(Simulation.DURATION_ANNOTATION, "10")
                .obj(),
            makePod()
                .name("p2")
                .hostPort(8080)
                .annotation(Simulation.ARRIVAL_ANNOTATION, "1")
                .obj()));
  }

  @Test
  void run_equalPodsCreatedTogether_areScheduledInCreationOrder() {
    List<Pod> pods = new ArrayList<>();
    for (String name : List.of("a", "b", "c", "d", "e", "f", "g")) {
      pods.add(makePod().name(name).req(CPU).obj());
    }
    List<String> bound = new ArrayList<>();

    simulation(List.of(node("n1")), pods)
        .listener(
            e -> {
              if (e instanceof SimulationEvent.Bound b) {
                bound.add(b.pod());
              }
            })
        .build()
        .run();

    assertThat(bound)
        .containsExactly(
            "default/a",
            "default/b",
            "default/c",
            "default/d",
            "default/e",
            "default/f",
            "default/g");
  }

  @Test
  void run_completedPodFreesWhatItUsed() {
    SimulationResult r = portQueue().build().run();

    assertThat(r.placements())
        .containsExactly(Map.entry("default/p1", "n1"), Map.entry("default/p2", "n1"));
    assertThat(r.boundAt())
        .containsExactly(Map.entry("default/p1", 0.0), Map.entry("default/p2", 10.0));
    assertThat(r.evicted()).isEmpty();
    assertThat(r.unschedulable()).isEmpty();
    assertThat(r.stats().pods()).isEqualTo(2);
    assertThat(r.stats().scheduled()).isEqualTo(2);
    assertThat(r.stats().virtualSeconds()).isEqualTo(10.0);
    assertThat(r.stats().attempts()).isGreaterThanOrEqualTo(3);
  }

  @Test
  void run_podThatNeverFits_reportsUpstreamMessage() {
    SimulationResult r =
        simulation(
                List.of(node("n1")),
                List.of(
                    makePod().name("p1").hostPort(8080).obj(),
                    makePod().name("p2").hostPort(8080).obj()))
            .build()
            .run();

    assertThat(r.placements()).containsEntry("default/p1", "n1").containsEntry("default/p2", null);
    assertThat(r.boundAt()).containsOnlyKeys("default/p1");
    assertThat(r.unschedulable())
        .containsExactly(
            Map.entry(
                "default/p2",
                "0/1 nodes are available: 1 " + NodePorts.ERR_REASON + ". no victims"));
    assertThat(r.stats().unschedulable()).isEqualTo(1);
  }

  @Test
  void run_evictedWorkloadPod_leavesPlacementsForEvicted_andNeverCompletes() {
    SimulationResult r =
        simulation(
                List.of(node("n1")),
                List.of(
                    makePod()
                        .name("low")
                        .priority(0)
                        .hostPort(8080)
                        .annotation(Simulation.DURATION_ANNOTATION, "100")
                        .obj(),
                    makePod()
                        .name("high")
                        .priority(100)
                        .hostPort(8080)
                        .annotation(Simulation.ARRIVAL_ANNOTATION, "5")
                        .obj()))
            .build()
            .run();

    assertThat(r.placements()).containsExactly(Map.entry("default/high", "n1"));
    assertThat(r.boundAt()).containsExactly(Map.entry("default/high", 5.0));
    assertThat(r.evicted()).containsExactly("default/low");
    assertThat(r.stats().pods()).isEqualTo(2);
    assertThat(r.stats().scheduled()).isEqualTo(1);
    assertThat(r.stats().unschedulable()).isZero();
    assertThat(r.stats().evicted()).isEqualTo(1);
    // The eviction cancels the completion that was due at 100 s.
    assertThat(r.stats().virtualSeconds()).isEqualTo(5.0);
  }

  @Test
  void run_evictedClusterPod_isReportedButNotTracked() {
    SimulationResult r =
        simulation(
                List.of(node("n1"), makePod().name("old").node("n1").hostPort(8080).obj()),
                List.of(makePod().name("new").priority(10).hostPort(8080).obj()))
            .build()
            .run();

    assertThat(r.placements()).containsExactly(Map.entry("default/new", "n1"));
    assertThat(r.evicted()).containsExactly("default/old");
    assertThat(r.stats().pods()).isEqualTo(1);
    assertThat(r.stats().evicted()).isEqualTo(1);
  }

  @Test
  void run_pendingClusterPodsAreTracked_afterTheWorkload() {
    SimulationResult r =
        simulation(
                List.of(node("n1"), node("n2"), makePod().name("waiting").hostPort(8080).obj()),
                List.of(
                    makePod().name("w1").hostPort(8080).obj(),
                    makePod()
                        .name("pinned")
                        .node("n2")
                        .annotation(Simulation.ARRIVAL_ANNOTATION, "3")
                        .obj()))
            .build()
            .run();

    assertThat(r.placements())
        .containsOnlyKeys("default/w1", "default/pinned", "default/waiting")
        .containsEntry("default/pinned", "n2");
    assertThat(new ArrayList<>(r.placements().keySet()))
        .containsExactly("default/w1", "default/pinned", "default/waiting");
    // A pod created with a node is running from its arrival.
    assertThat(r.boundAt()).containsEntry("default/pinned", 3.0);
    assertThat(r.stats().scheduled()).isEqualTo(3);
  }

  @Test
  void run_listener_seesEventsInVirtualTimeOrderAndUtilisation() {
    List<SimulationEvent> events = new ArrayList<>();
    List<UtilisationSample> samples = new ArrayList<>();
    SimulationListener recorder =
        new SimulationListener() {
          @Override
          public void onEvent(SimulationEvent event) {
            events.add(event);
          }

          @Override
          public void onUtilisation(UtilisationSample sample) {
            samples.add(sample);
          }
        };

    SimulationResult r = portQueue().listener(recorder).build().run();

    assertThat(events.get(0)).isEqualTo(new SimulationEvent.Started(0, 2, 1));
    assertThat(events.get(events.size() - 1))
        .isEqualTo(new SimulationEvent.Finished(10.0, r.stats()));
    assertThat(events).isSortedAccordingTo(Comparator.comparingDouble(SimulationEvent::time));
    assertThat(events)
        .filteredOn(e -> !(e instanceof SimulationEvent.Unschedulable))
        .containsSubsequence(
            new SimulationEvent.Created(0, "Pod", "default/p1"),
            new SimulationEvent.Bound(0, "default/p1", "n1"),
            new SimulationEvent.Created(1, "Pod", "default/p2"),
            new SimulationEvent.Completed(10, "default/p1", "n1"),
            new SimulationEvent.Bound(10, "default/p2", "n1"));
    assertThat(events)
        .filteredOn(e -> e instanceof SimulationEvent.Unschedulable)
        .extracting(e -> ((SimulationEvent.Unschedulable) e).pod())
        .containsExactly("default/p2");

    assertThat(samples).allSatisfy(s -> assertThat(s.node()).isEqualTo("n1"));
    assertThat(samples)
        .extracting(s -> s.time() + " " + s.requested())
        .containsExactly("0.0 {}", "0.0 {cpu=500, pods=1}", "10.0 {}", "10.0 {pods=1}");
    assertThat(samples.get(1).allocatable()).containsEntry("cpu", 4000L);
    assertThat(samples.get(1).fraction("cpu")).isEqualTo(0.125);
  }

  @Test
  void run_twice_sameResultExceptWallClock() {
    Simulation s = portQueue().seed(3).build();

    SimulationResult a = s.run();
    SimulationResult b = s.run();

    assertThat(b.placements()).isEqualTo(a.placements());
    assertThat(b.boundAt()).isEqualTo(a.boundAt());
    assertThat(b.stats().attempts()).isEqualTo(a.stats().attempts());
  }

  @Test
  void startTime_isTheLatestTimestampOfTheInputs() {
    Instant created = Instant.parse("2025-03-01T10:00:00Z");
    Instant started = Instant.parse("2025-03-01T10:05:00Z");
    Pod running =
        makePod().name("r").node("n1").creationTimestamp(created).obj().toBuilder()
            .startTime(started)
            .build();

    assertThat(Simulation.startTime(List.of(node("n1"), running))).isEqualTo(started);
    assertThat(Simulation.startTime(List.of(node("n1")))).isEqualTo(Instant.EPOCH);
    assertThat(simulation(List.of(node("n1"), running), List.of()).build().start())
        .isEqualTo(started);
  }

  @Test
  void build_invalidDurationOnAClusterPod_namesSourceObjectAndAnnotation() {
    Simulation.Builder b =
        simulation(
            List.of(
                node("n1"),
                makePod().name("x").annotation(Simulation.DURATION_ANNOTATION, "-3").obj()),
            List.of());

    assertThatThrownBy(b::build)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "cluster.yaml: Pod default/x: metadata.annotations[schedkit.io/duration]: Invalid"
                + " value: \"-3\": must be a non-negative number of seconds");
  }

  @Test
  void build_objectTwiceInTheWorkload_isRejected() {
    Simulation.Builder b =
        simulation(
            List.of(node("n1")), List.of(makePod().name("a").obj(), makePod().name("a").obj()));

    assertThatThrownBy(b::build)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("workload.yaml: Pod default/a: appears more than once in the workload");
  }

  @Test
  void build_duplicateInTheCluster_isRejectedWithTheClusterSource() {
    Simulation.Builder b = simulation(List.of(node("n1"), node("n1")), List.of());

    assertThatThrownBy(b::build)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("cluster.yaml: ")
        .hasMessageContaining("n1");
  }

  @Test
  void arrival_acceptsDecimalSeconds() {
    Pod p = makePod().name("p").annotation(Simulation.ARRIVAL_ANNOTATION, "1.25").obj();

    assertThat(Simulation.arrival(p)).contains(java.time.Duration.ofMillis(1250));
    assertThat(Simulation.duration(p)).isEmpty();
  }
}
