package io.schedkit.benchmarks;

import io.schedkit.benchmarks.workloads.BenchTemplates;
import io.schedkit.core.cache.Snapshot;
import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.config.ArgsDecoder;
import io.schedkit.core.config.SchedulerConfigurationDecoder;
import io.schedkit.core.metrics.SchedulerMetrics;
import io.schedkit.core.queue.Nominator;
import io.schedkit.core.runtime.Framework;
import io.schedkit.core.runtime.FrameworkBuilder;
import io.schedkit.core.runtime.FrameworkServices;
import io.schedkit.core.runtime.WorkerPool;
import io.schedkit.core.store.ClusterObjectStore;
import io.schedkit.framework.Registry;
import io.schedkit.framework.cluster.ClusterObjects;
import io.schedkit.framework.config.SchedulerConfiguration;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * A cluster frozen for micro-benchmarks: scheduler_perf's default nodes (4 cpu, 32Gi, 110 pods; in
 * three zones) with pod-default pods already running on them, a {@link Snapshot} of it, and the
 * default profile's {@link Framework} built over that snapshot (DefaultPreemption left out: it only
 * runs when no node fits).
 *
 * <p>Design note: nothing here changes after construction except what a benchmark does to the
 * objects it gets, so one instance serves one JMH trial.
 */
final class FrozenCluster implements AutoCloseable {
  static final String ZONE_LABEL = "topology.kubernetes.io/zone";
  static final String HOSTNAME_LABEL = "kubernetes.io/hostname";

  final List<Node> nodes;
  final List<Pod> runningPods;
  final Snapshot snapshot;
  final ClusterObjectStore objects;
  final Nominator nominator;
  final WorkerPool workers;
  final Framework framework;
  final SchedulerConfiguration configuration;

  /**
   * {@code nodes} nodes with {@code podsPerNode} running pods each, and a framework with {@code
   * parallelism} Filter/Score workers.
   */
  FrozenCluster(int nodeCount, int podsPerNode, int parallelism) {
    this(nodeCount, podsPerNode, parallelism, DEFAULT_PROFILE);
  }

  /** The default profile, without DefaultPreemption. */
  static final String DEFAULT_PROFILE =
      """
      apiVersion: kubescheduler.config.k8s.io/v1
      kind: KubeSchedulerConfiguration
      profiles:
      - schedulerName: default-scheduler
        plugins:
          multiPoint:
            disabled:
            - name: DefaultPreemption
      """;

  /** NodeResourcesFit alone (with the queue sort and binder every profile needs). */
  static final String FIT_ONLY_PROFILE =
      """
      apiVersion: kubescheduler.config.k8s.io/v1
      kind: KubeSchedulerConfiguration
      profiles:
      - schedulerName: default-scheduler
        plugins:
          multiPoint:
            enabled:
            - name: PrioritySort
            - name: NodeResourcesFit
            - name: DefaultBinder
            disabled:
            - name: "*"
      """;

  /** As {@link #FrozenCluster(int, int, int)} with the profile of {@code configYaml}. */
  FrozenCluster(int nodeCount, int podsPerNode, int parallelism, String configYaml) {
    this.nodes = nodes(nodeCount);
    this.runningPods = new ArrayList<>(nodeCount * podsPerNode);
    Pod template = BenchTemplates.podDefault();
    for (int i = 0; i < nodeCount * podsPerNode; i++) {
      runningPods.add(
          template.toBuilder()
              .name(String.format(Locale.ROOT, "running-%07d", i))
              .namespace("running")
              .uid("running-" + i)
              .nodeName(nodes.get(i % nodeCount).name())
              .build());
    }
    // Nothing changes the nodes in place: the snapshot keeps columns, as the scheduler's does.
    this.snapshot = Snapshot.of(nodes, runningPods).freeze();
    List<KubeObject> all = new ArrayList<>(nodes);
    all.addAll(runningPods);
    this.objects = ClusterObjectStore.of(ClusterObjects.of(all));
    this.nominator = new Nominator();
    this.workers = new WorkerPool(parallelism);
    Registry registry = Registry.discover().unregister("DefaultPreemption");
    this.configuration =
        new SchedulerConfigurationDecoder()
            .decode(configYaml, "benchmark", registry)
            .configuration();
    VirtualClock clock = new VirtualClock();
    FrameworkServices services =
        new FrameworkServices(
            () -> snapshot,
            objects,
            nominator,
            workers,
            List.of(),
            InMemoryCluster.builder().clock(clock).build(),
            clock,
            new Random(0),
            pods -> {},
            SchedulerMetrics.noop());
    this.framework =
        FrameworkBuilder.build(
            configuration.profiles().get(0), registry, services, new ArgsDecoder()::decode);
  }

  /** Default nodes named {@code node-00000...}, in zones moon-1..3 by rotation. */
  static List<Node> nodes(int count) {
    Node template = BenchTemplates.nodeDefault();
    List<Node> nodes = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      String name = String.format(Locale.ROOT, "node-%05d", i);
      nodes.add(
          template.toBuilder()
              .name(name)
              .label(HOSTNAME_LABEL, name)
              .label(ZONE_LABEL, "moon-" + (1 + i % 3))
              .build());
    }
    return nodes;
  }

  /** A pending pod-default pod named {@code name}. */
  static Pod pendingPod(String name) {
    return pendingPod("default", name);
  }

  /**
   * A pending pod of {@code kind} ({@code default}, {@code spread} or {@code antiAffinity}: the
   * scheduler_perf templates) named {@code name}.
   */
  static Pod pendingPod(String kind, String name) {
    Pod template =
        switch (kind) {
          case "default" -> BenchTemplates.podDefault();
          case "spread" -> BenchTemplates.podWithTopologySpreading();
          case "antiAffinity" -> BenchTemplates.podWithPodAntiAffinity();
          default -> throw new IllegalArgumentException("unknown pod kind " + kind);
        };
    return template.toBuilder().name(name).namespace("sched-1").uid("uid-" + name).build();
  }

  @Override
  public void close() {
    workers.close();
  }
}
