package io.schedkit.plugins.e2e;

import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.config.SchedulerConfigurationDecoder;
import io.schedkit.framework.Registry;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.plugins.DefaultPluginProvider;
import io.schedkit.testing.Wrappers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Fixtures for end-to-end runs of the default plugins: registry, configuration, objects. */
final class DefaultProfileFixtures {
  private DefaultProfileFixtures() {}

  /**
   * The bindings {@code cluster} makes from now on, as {@code pod@node} in the order they happen:
   * the list fills as the cluster binds.
   */
  static List<String> placements(InMemoryCluster cluster) {
    List<String> sequence = new ArrayList<>();
    cluster.watch(
        e -> {
          if (e.type() == WatchEvent.Type.MODIFIED
              && e.newObject() instanceof Pod p
              && !p.nodeName().isEmpty()
              && ((Pod) e.oldObject()).nodeName().isEmpty()) {
            sequence.add(p.name() + "@" + p.nodeName());
          }
        });
    return sequence;
  }

  /** A scheduler of the default profile over {@code cluster}, on its clock, one thread, seeded. */
  static Scheduler.Builder scheduler(InMemoryCluster cluster, Registry registry, long seed) {
    return Scheduler.builder()
        .cluster(cluster)
        .registry(registry)
        .configuration(configuration(registry))
        .clock(cluster.clock())
        .parallelism(1)
        .seed(seed);
  }

  /** The default plugins of this module. */
  static Registry registry() {
    Registry r = new Registry();
    new DefaultPluginProvider().registerPlugins(r);
    return r;
  }

  /**
   * kube-scheduler's default profile without DefaultPreemption (which lives in the preemption
   * module, not available to these tests).
   */
  static SchedulerConfiguration configuration(Registry registry) {
    return configuration(registry, "");
  }

  /**
   * {@link #configuration(Registry)} with the profile's {@code pluginConfig} list: {@code
   * pluginConfig} holds its items, each line indented by two spaces (empty: none).
   */
  static SchedulerConfiguration configuration(Registry registry, String pluginConfig) {
    return new SchedulerConfigurationDecoder()
        .decode(
            """
            apiVersion: kubescheduler.config.k8s.io/v1
            kind: KubeSchedulerConfiguration
            profiles:
            - schedulerName: default-scheduler
              plugins:
                multiPoint:
                  disabled:
                  - name: DefaultPreemption
            """
                + (pluginConfig.isEmpty() ? "" : "  pluginConfig:\n" + pluginConfig),
            "e2e.yaml",
            registry)
        .configuration();
  }

  /** A node of 4 cpu, 16Gi, 110 pods in {@code zone}. */
  static Node node(String name, String zone) {
    return Wrappers.makeNode()
        .name(name)
        .label("kubernetes.io/hostname", name)
        .zone(zone)
        .capacity(Map.of("cpu", "4", "memory", "16Gi", "pods", "110"))
        .obj();
  }

  /** A pod with a random small request; every fifth one spreads over zones, as a Deployment. */
  static Pod randomPod(int i, Random random) {
    String cpu = (100 * (1 + random.nextInt(5))) + "m";
    String mem = (256 * (1 + random.nextInt(4))) + "Mi";
    var w =
        Wrappers.makePod()
            .name("p" + i)
            .label("app", "app" + (i % 7))
            .req(Map.of("cpu", cpu, "memory", mem));
    return w.obj();
  }
}
