package io.schedkit.plugins.coscheduling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.core.Scheduler;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.config.SchedulerConfigurationDecoder;
import io.schedkit.framework.Registry;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.config.ExtensionPoint;
import io.schedkit.framework.config.PluginRef;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.testing.FakeClock;
import io.schedkit.testing.Wrappers;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * scheduler-plugins' own Coscheduling configuration (its {@code
 * manifests/coscheduling/scheduler-config.yaml}, at {@code kubescheduler.config.k8s.io/v1}) is
 * accepted unchanged: Coscheduling is the profile's QueueSort plugin, and gangs queue by their
 * PodGroup's creation time.
 */
final class CoschedulingConfigurationTest {

  /** scheduler-plugins' published configuration, unchanged but for the API version. */
  static final String SCHEDULER_PLUGINS_CONFIG =
      """
      apiVersion: kubescheduler.config.k8s.io/v1
      kind: KubeSchedulerConfiguration
      leaderElection:
        leaderElect: false
      clientConnection:
        kubeconfig: "REPLACE_ME_WITH_KUBE_CONFIG_PATH"
      profiles:
      - schedulerName: default-scheduler
        plugins:
          queueSort:
            enabled:
            - name: Coscheduling
            disabled:
            - name: "*"
          preFilter:
            enabled:
            - name: Coscheduling
          postFilter:
            enabled:
            - name: Coscheduling
          permit:
            enabled:
            - name: Coscheduling
          reserve:
            enabled:
            - name: Coscheduling
        pluginConfig:
        - name: Coscheduling
          args:
            permitWaitingTimeSeconds: 10
      """;

  /** The multiPoint form of scheduler-plugins' documentation. */
  static final String MULTI_POINT_CONFIG =
      """
      apiVersion: kubescheduler.config.k8s.io/v1
      kind: KubeSchedulerConfiguration
      profiles:
      - schedulerName: default-scheduler
        plugins:
          multiPoint:
            enabled:
            - name: Coscheduling
            disabled:
            - name: PrioritySort
      """;

  private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");

  private final Registry registry = Registry.discover();

  private SchedulerConfiguration decode(String text) {
    return new SchedulerConfigurationDecoder()
        .decode(text, "scheduler-config.yaml", registry)
        .configuration();
  }

  @Test
  void schedulerPluginsConfig_coschedulingIsTheQueueSort() {
    SchedulerConfiguration config = decode(SCHEDULER_PLUGINS_CONFIG);

    assertThat(config.profiles().get(0).plugins().get(ExtensionPoint.QUEUE_SORT).enabled())
        .extracting(PluginRef::name)
        .containsExactly(Coscheduling.NAME);
    assertGangBFirst(boundInOrder(config));
  }

  @Test
  void multiPointConfig_coschedulingIsTheQueueSort() {
    assertGangBFirst(boundInOrder(decode(MULTI_POINT_CONFIG)));
  }

  @Test
  void multiPointWithPrioritySort_twoQueueSortsAreRejected() {
    String both = MULTI_POINT_CONFIG.replace("      disabled:\n      - name: PrioritySort\n", "");

    assertThatThrownBy(
            () -> {
              SchedulerConfiguration config = decode(both);
              Scheduler.builder()
                  .cluster(InMemoryCluster.builder().build())
                  .registry(registry)
                  .configuration(config)
                  .build()
                  .close();
            })
        .hasMessageContaining(
            "only one queue sort plugin required for profile with scheduler name"
                + " \"default-scheduler\", but got 2");
  }

  /** Gang b (the older PodGroup) bound before gang a; within a gang, Permit decides the order. */
  private static void assertGangBFirst(List<String> bound) {
    assertThat(bound).hasSize(4);
    assertThat(bound.subList(0, 2)).containsExactlyInAnyOrder("ns/b-1", "ns/b-2");
    assertThat(bound.subList(2, 4)).containsExactlyInAnyOrder("ns/a-1", "ns/a-2");
  }

  /**
   * Two gangs of two pods on one roomy node: group {@code a}'s pods are created first, but group
   * {@code b}'s PodGroup is older, so Coscheduling's queue sort takes {@code b} first.
   */
  private List<String> boundInOrder(SchedulerConfiguration config) {
    FakeClock clock = new FakeClock(T0.plusSeconds(60));
    InMemoryCluster cluster = InMemoryCluster.builder().clock(clock).build();
    List<String> bound = new ArrayList<>();
    cluster.watch(
        e -> {
          if (e.type() == WatchEvent.Type.MODIFIED
              && e.object() instanceof Pod pod
              && pod.isAssigned()
              && !((Pod) e.oldObject()).isAssigned()) {
            bound.add(pod.key());
          }
        });
    cluster.create(
        Wrappers.makeNode().name("node").capacity(Map.of("cpu", "8", "pods", "10")).obj());
    cluster.create(group("a", T0.plusSeconds(10)));
    cluster.create(group("b", T0));
    for (String name : List.of("a-1", "a-2", "b-1", "b-2")) {
      cluster.create(
          Wrappers.makePod()
              .name(name)
              .namespace("ns")
              .uid(name)
              .podGroup(name.substring(0, 1))
              .req(Map.of("cpu", "1"))
              .obj());
    }
    try (Scheduler scheduler =
        Scheduler.builder()
            .cluster(cluster)
            .registry(registry)
            .configuration(config)
            .clock(clock)
            .parallelism(1)
            .seed(1)
            .build()) {
      scheduler.runUntilIdle();
    }
    return bound;
  }

  private static PodGroup group(String name, Instant created) {
    return PodGroup.builder()
        .metadata(
            ObjectMeta.builder().namespace("ns").name(name).creationTimestamp(created).build())
        .minMember(2)
        .build();
  }
}
