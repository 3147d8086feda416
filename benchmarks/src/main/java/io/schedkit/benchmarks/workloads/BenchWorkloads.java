package io.schedkit.benchmarks.workloads;

import static io.schedkit.benchmarks.workloads.BenchTemplates.daemonsetPod;
import static io.schedkit.benchmarks.workloads.BenchTemplates.gatedPod;
import static io.schedkit.benchmarks.workloads.BenchTemplates.lightPod;
import static io.schedkit.benchmarks.workloads.BenchTemplates.nodeDefault;
import static io.schedkit.benchmarks.workloads.BenchTemplates.nodeWithName;
import static io.schedkit.benchmarks.workloads.BenchTemplates.podDefault;
import static io.schedkit.benchmarks.workloads.BenchTemplates.podHighPriority;
import static io.schedkit.benchmarks.workloads.BenchTemplates.podHighPriorityLargeCpu;
import static io.schedkit.benchmarks.workloads.BenchTemplates.podLowPriority;
import static io.schedkit.benchmarks.workloads.BenchTemplates.podOfReplicaSet;
import static io.schedkit.benchmarks.workloads.BenchTemplates.podWithNodeAffinity;
import static io.schedkit.benchmarks.workloads.BenchTemplates.podWithPodAffinity;
import static io.schedkit.benchmarks.workloads.BenchTemplates.podWithPodAntiAffinity;
import static io.schedkit.benchmarks.workloads.BenchTemplates.podWithPodAntiAffinityPerApp;
import static io.schedkit.benchmarks.workloads.BenchTemplates.podWithPreferredPodAffinity;
import static io.schedkit.benchmarks.workloads.BenchTemplates.podWithPreferredPodAntiAffinity;
import static io.schedkit.benchmarks.workloads.BenchTemplates.podWithPreferredTopologySpreading;
import static io.schedkit.benchmarks.workloads.BenchTemplates.podWithTopologySpreading;
import static io.schedkit.benchmarks.workloads.BenchTemplates.podWithTopologySpreadingPerApp;

import io.schedkit.benchmarks.workloads.BenchWorkload.Churn;
import io.schedkit.benchmarks.workloads.BenchWorkload.Deletion;
import io.schedkit.benchmarks.workloads.BenchWorkload.NodeGroup;
import io.schedkit.benchmarks.workloads.BenchWorkload.PodGroup;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every benchmark workload, by its scheduler_perf name, with scheduler_perf's default sizes ({@code
 * misc/}, {@code affinity/} and {@code topology_spreading/performance-config.yaml}) and
 * kube-scheduler's published CI floors. A few variants are schedkit's own and say so in their
 * {@link BenchWorkload#note()}: the 1,000 and 20,000 initial-pod variants that show the affinity
 * and spread workloads do not slow down with the number of running pods, and
 * SchedulingBasic/15000Nodes. As in scheduler_perf, whose pods go through the API server, the pods
 * are created as admission leaves them: with {@code spec.schedulerName} and {@code spec.priority}
 * set ({@link BenchRunner#asAdmitted}).
 */
public final class BenchWorkloads {
  private static final List<String> MOON = List.of("moon-1", "moon-2", "moon-3");
  private static final List<String> ZONE1 = List.of("zone1");

  private static final Map<String, BenchWorkload> ALL = build();

  private BenchWorkloads() {}

  /** Every workload, in a stable order (misc, affinity, topology spreading). */
  public static List<BenchWorkload> all() {
    return List.copyOf(ALL.values());
  }

  /** The workload named exactly {@code name}. */
  public static Optional<BenchWorkload> byName(String name) {
    return Optional.ofNullable(ALL.get(name));
  }

  /**
   * The workloads {@code pattern} selects: the one named exactly {@code pattern}, else those whose
   * name starts with {@code pattern + "/"} (so {@code SchedulingBasic} selects every
   * SchedulingBasic workload); empty when none.
   */
  public static List<BenchWorkload> select(String pattern) {
    BenchWorkload exact = ALL.get(pattern);
    if (exact != null) {
      return List.of(exact);
    }
    String prefix = pattern.endsWith("/") ? pattern : pattern + "/";
    return ALL.values().stream().filter(w -> w.name().startsWith(prefix)).toList();
  }

  private static Map<String, BenchWorkload> build() {
    List<BenchWorkload> list = new ArrayList<>();
    // misc/performance-config.yaml
    list.add(basic("500Nodes", 500, 500, 1000, 0, ""));
    list.add(basic("5000Nodes_10000Pods", 5000, 1000, 10000, 680, ""));
    list.add(basic("5000Nodes_50000Pods", 5000, 5000, 50000, 810, ""));
    list.add(
        basic(
            "15000Nodes",
            15000,
            1000,
            30000,
            0,
            "schedkit's own size (scheduler_perf has no SchedulingBasic at 15,000 nodes): initial"
                + " pods as 5000Nodes_10000Pods, measured pods as SchedulingDaemonset/15000Nodes"));
    list.add(
        new BenchWorkload(
            "SchedulingBasic/5000Nodes_10000Pods_ReplicaSet",
            List.of(new NodeGroup(nodeDefault(), "scheduler-perf-", 5000, MOON)),
            List.of(new PodGroup(podDefault(), "namespace-1", "init-pod-", 1000)),
            new PodGroup(podOfReplicaSet(), "namespace-2", "pod-", 10000),
            null,
            null,
            0,
            "schedkit's variant: the measured pods belong to one ReplicaSet, as a Deployment's,"
                + " so the system-default spreading (hostname and zone) scores them; three zones"));
    list.add(
        basic(
            "15000Nodes_150000InitPods",
            15000,
            150000,
            5000,
            0,
            "schedkit's own size, for memory: ten running pods a node before the measured pods;"
                + " fits a 1 GiB heap (-Xmx1g)"));
    list.add(
        new BenchWorkload(
            "SchedulingDaemonset/15000Nodes",
            List.of(
                new NodeGroup(nodeWithName(), "scheduler-perf-node", 1, List.of()),
                new NodeGroup(nodeDefault(), "scheduler-perf-", 15000, List.of())),
            List.of(),
            new PodGroup(daemonsetPod(), "namespace-2", "daemonset-", 30000),
            null,
            null,
            1100,
            ""));
    list.add(preemption("1000Nodes", 1000, 4000, 1000, ""));
    list.add(
        preemption(
            "5000Nodes",
            5000,
            20000,
            5000,
            "disabled in scheduler_perf (kubernetes/kubernetes#108308), so no floor"));
    list.add(unschedulable("5kNodes/100Init/10kPods", 100, 590));
    list.add(unschedulable("5kNodes/20kInit/10kPods", 20000, 600));
    list.add(
        new BenchWorkload(
            "SchedulingWhileGated/1Node_10000GatedPods",
            List.of(new NodeGroup(nodeWithName(), "scheduler-perf-node", 1, List.of())),
            List.of(
                new PodGroup(gatedPod(), "namespace-1", "gated-pod-", 10000),
                new PodGroup(lightPod(), "namespace-3", "deleting-pod-", 20000)),
            new PodGroup(lightPod(), "namespace-5", "light-pod-", 20000),
            null,
            new Deletion(1, 18),
            910,
            "the 50 deletions/s of scheduler_perf become one deletion per 18 measured pods"
                + " (50/s at the 910 pods/s floor)"));

    // affinity/performance-config.yaml
    list.add(antiAffinity("5000Nodes_2000Pods", 0, 60, ""));
    list.add(
        antiAffinity(
            "5000Nodes_2000Pods_20000InitPods",
            19000,
            0,
            "schedkit's variant: 1,000 anti-affinity pods plus 19,000 pod-default pods in sched-0"
                + " (20,000 running) to show the cost does not grow with running pods"));
    list.add(
        new BenchWorkload(
            "SchedulingPodAntiAffinity/5000Nodes_2000Pods_40Apps",
            List.of(new NodeGroup(nodeDefault(), "scheduler-perf-", 5000, List.of())),
            List.of(
                new PodGroup(
                    podWithPodAntiAffinityPerApp(),
                    "sched-0",
                    "init-anti-affinity-pod-",
                    1000,
                    40)),
            new PodGroup(podWithPodAntiAffinityPerApp(), "sched-1", "anti-affinity-pod-", 2000, 40),
            null,
            null,
            0,
            "schedkit's variant: 40 applications (matchLabelKeys: [app]), their pods interleaved"));
    list.add(
        affinityCase(
            "SchedulingPodAffinity/5000Nodes_5000Pods",
            ZONE1,
            podWithPodAffinity(),
            5000,
            5000,
            35));
    list.add(
        affinityCase(
            "SchedulingPreferredPodAffinity/5000Nodes_5000Pods",
            List.of(),
            podWithPreferredPodAffinity(),
            5000,
            5000,
            90));
    list.add(
        affinityCase(
            "SchedulingPreferredPodAntiAffinity/5000Nodes_5000Pods",
            List.of(),
            podWithPreferredPodAntiAffinity(),
            5000,
            5000,
            90));
    list.add(
        new BenchWorkload(
            "SchedulingNodeAffinity/5000Nodes_10000Pods",
            List.of(new NodeGroup(nodeDefault(), "scheduler-perf-", 5000, ZONE1)),
            List.of(
                new PodGroup(podWithNodeAffinity(), "namespace-1", "init-node-affinity-", 5000)),
            new PodGroup(podWithNodeAffinity(), "namespace-2", "node-affinity-", 10000),
            null,
            null,
            220,
            ""));
    list.add(
        new BenchWorkload(
            "MixedSchedulingBasePod/5000Nodes_5000Pods",
            List.of(new NodeGroup(nodeDefault(), "scheduler-perf-", 5000, ZONE1)),
            List.of(
                new PodGroup(podDefault(), "sched-0", "init-pod-", 2000),
                new PodGroup(podWithPodAffinity(), "sched-0", "init-affinity-pod-", 2000),
                new PodGroup(podWithPodAntiAffinity(), "sched-0", "init-anti-affinity-pod-", 2000),
                new PodGroup(
                    podWithPreferredPodAffinity(), "sched-0", "init-preferred-affinity-pod-", 2000),
                new PodGroup(
                    podWithPreferredPodAntiAffinity(),
                    "sched-0",
                    "init-preferred-anti-affinity-pod-",
                    2000)),
            new PodGroup(podDefault(), "namespace-7", "pod-", 5000),
            null,
            null,
            140,
            ""));

    // topology_spreading/performance-config.yaml
    for (boolean hard : new boolean[] {true, false}) {
      String test = hard ? "TopologySpreading" : "PreferredTopologySpreading";
      int floor = hard ? 460 : 340;
      list.add(spreading(test + "/5000Nodes_5000Pods", hard, 5000, floor, ""));
      for (int init : new int[] {1000, 20000}) {
        list.add(
            spreading(
                test + "/5000Nodes_5000Pods_" + init + "InitPods",
                hard,
                init,
                0,
                "schedkit's variant with " + init + " initial pods"));
      }
      list.add(
          new BenchWorkload(
              test + "/5000Nodes_5000Pods_40Apps",
              List.of(new NodeGroup(nodeDefault(), "scheduler-perf-", 5000, MOON)),
              List.of(new PodGroup(podDefault(), "namespace-1", "init-pod-", 5000)),
              new PodGroup(
                  podWithTopologySpreadingPerApp(hard), "namespace-2", "spreading-pod-", 5000, 40),
              null,
              null,
              0,
              "schedkit's variant: 40 applications (matchLabelKeys: [app]), their pods"
                  + " interleaved"));
    }

    Map<String, BenchWorkload> byName = new LinkedHashMap<>();
    for (BenchWorkload w : list) {
      if (byName.put(w.name(), w) != null) {
        throw new IllegalStateException("duplicate workload " + w.name());
      }
    }
    return byName;
  }

  private static BenchWorkload basic(
      String size, int nodes, int init, int measured, int floor, String note) {
    return new BenchWorkload(
        "SchedulingBasic/" + size,
        List.of(new NodeGroup(nodeDefault(), "scheduler-perf-", nodes, List.of())),
        List.of(new PodGroup(podDefault(), "namespace-1", "init-pod-", init)),
        new PodGroup(podDefault(), "namespace-2", "pod-", measured),
        null,
        null,
        floor,
        note);
  }

  private static BenchWorkload preemption(
      String size, int nodes, int init, int measured, String note) {
    return new BenchWorkload(
        "PreemptionBasic/" + size,
        List.of(new NodeGroup(nodeDefault(), "scheduler-perf-", nodes, List.of())),
        List.of(new PodGroup(podLowPriority(), "namespace-1", "low-pod-", init)),
        new PodGroup(podHighPriority(), "namespace-2", "high-pod-", measured),
        null,
        null,
        0,
        note);
  }

  private static BenchWorkload unschedulable(String size, int init, int floor) {
    return new BenchWorkload(
        "Unschedulable/" + size,
        List.of(new NodeGroup(nodeDefault(), "scheduler-perf-", 5000, List.of())),
        List.of(new PodGroup(podDefault(), "namespace-1", "init-pod-", init)),
        new PodGroup(podDefault(), "namespace-3", "pod-", 10000),
        new Churn(podHighPriorityLargeCpu(), "namespace-2", "pod-h-", 100),
        null,
        floor,
        "the churn of one 9-cpu pod every 200 ms becomes one per 100 measured pods"
            + " (about 5/s at kube's ~600 pods/s floor)");
  }

  private static BenchWorkload antiAffinity(String size, int extraInit, int floor, String note) {
    List<PodGroup> init = new ArrayList<>();
    init.add(new PodGroup(podWithPodAntiAffinity(), "sched-0", "init-anti-affinity-pod-", 1000));
    if (extraInit > 0) {
      init.add(new PodGroup(podDefault(), "sched-0", "init-pod-", extraInit));
    }
    return new BenchWorkload(
        "SchedulingPodAntiAffinity/" + size,
        List.of(new NodeGroup(nodeDefault(), "scheduler-perf-", 5000, List.of())),
        init,
        new PodGroup(podWithPodAntiAffinity(), "sched-1", "anti-affinity-pod-", 2000),
        null,
        null,
        floor,
        note);
  }

  private static BenchWorkload affinityCase(
      String name, List<String> zones, Pod template, int init, int measured, int floor) {
    return new BenchWorkload(
        name,
        List.of(new NodeGroup(nodeDefault(), "scheduler-perf-", 5000, zones)),
        List.of(new PodGroup(template, "sched-0", "init-pod-", init)),
        new PodGroup(template, "sched-1", "pod-", measured),
        null,
        null,
        floor,
        "");
  }

  private static BenchWorkload spreading(
      String name, boolean hard, int init, int floor, String note) {
    return new BenchWorkload(
        name,
        List.of(new NodeGroup(nodeDefault(), "scheduler-perf-", 5000, MOON)),
        List.of(new PodGroup(podDefault(), "namespace-1", "init-pod-", init)),
        new PodGroup(
            hard ? podWithTopologySpreading() : podWithPreferredTopologySpreading(),
            "namespace-2",
            "spreading-pod-",
            5000),
        null,
        null,
        floor,
        note);
  }
}
