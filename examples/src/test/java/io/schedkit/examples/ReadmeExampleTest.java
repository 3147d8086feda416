package io.schedkit.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.core.Scheduler;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.config.SchedulerConfigurationDecoder;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.Registry;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.Status;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import org.junit.jupiter.api.Test;

/** The "write your own plugin" example of the README, kept compiling and true. */
final class ReadmeExampleTest {

  // --- README: plugin ---
  /** Keeps a team's pods on the team's nodes, and prefers emptier nodes. */
  public static final class TeamIsolation implements FilterPlugin, ScorePlugin {
    public static final String NAME = "TeamIsolation";
    static final String REASON = "node(s) belong to another team";

    public TeamIsolation() {}

    @Override
    public String name() {
      return NAME;
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
      String team = pod.pod().labels().get("team");
      String owner = node.node().labels().get("team");
      return team == null || owner == null || owner.equals(team)
          ? Status.success()
          : Status.unresolvable(REASON);
    }

    @Override
    public long score(CycleState state, PodInfo pod, NodeInfo node) {
      long capacity = node.allocatable().pods();
      return capacity == 0 ? 0 : 100 - 100 * node.pods().size() / capacity;
    }
  }

  // --- README: end ---

  @Test
  void readmeExample_runsTheCustomPluginBesideTheDefaults() {
    // --- README: usage ---
    Registry registry = Registry.discover().register(TeamIsolation.class);
    SchedulerConfiguration config =
        new SchedulerConfigurationDecoder()
            .decode(
                """
                apiVersion: kubescheduler.config.k8s.io/v1
                kind: KubeSchedulerConfiguration
                profiles:
                - schedulerName: default-scheduler
                  plugins:
                    multiPoint:
                      enabled:
                      - name: TeamIsolation
                        weight: 2
                """,
                "inline config",
                registry)
            .configuration();

    VirtualClock clock = new VirtualClock();
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    cluster.create(node("red-1", "red"));
    cluster.create(node("blue-1", "blue"));
    try (Scheduler scheduler =
        Scheduler.builder()
            .cluster(cluster)
            .registry(registry)
            .configuration(config)
            .clock(clock)
            .parallelism(1)
            .seed(7)
            .build()) {
      cluster.create(
          Pod.builder().name("web").label("team", "blue").container(container()).build());
      scheduler.runUntilIdle();
    }
    System.out.println(cluster.pod("default", "web").orElseThrow().nodeName()); // blue-1
    // --- README: end ---
    assertThat(cluster.pod("default", "web").orElseThrow().nodeName()).isEqualTo("blue-1");
  }

  private static Node node(String name, String team) {
    return Node.builder()
        .name(name)
        .label("team", team)
        .capacity("cpu", "4")
        .capacity("memory", "16Gi")
        .capacity("pods", "110")
        .build();
  }

  private static io.schedkit.framework.model.Container container() {
    return io.schedkit.framework.model.Container.builder().name("app").image("nginx").build();
  }
}
