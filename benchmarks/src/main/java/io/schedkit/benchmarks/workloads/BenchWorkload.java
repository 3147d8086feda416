package io.schedkit.benchmarks.workloads;

import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * One benchmark workload shaped as a kube-scheduler {@code scheduler_perf} test case: nodes, pods
 * that are scheduled before measuring (as scheduler_perf's {@code createPods} without {@code
 * collectMetrics}, they go through the scheduler), and the measured pods, timed from their creation
 * until every one is bound.
 *
 * <p>Two scheduler_perf operations that run while the measured pods are created have counterparts
 * here, expressed per measured pod instead of per wall-clock interval (a benchmark without an API
 * server has no meaningful wall-clock rate to borrow): {@link Churn} creates one extra pod (never
 * measured) before every {@code every} measured pods, and {@link Deletion} deletes one pod of an
 * initial group before every {@code every} measured pods.
 *
 * @param name the scheduler_perf name, {@code TestCase/Workload}, e.g. {@code
 *     SchedulingBasic/5000Nodes_10000Pods}
 * @param nodeGroups the nodes, created first
 * @param initGroups the initial pods, created and scheduled group by group before measuring
 * @param measured the measured pods
 * @param churn extra pods created between measured pods, or null
 * @param deletion deletions of initial pods between measured pods, or null
 * @param threshold kube-scheduler's published CI floor for this name in pods/s (with an API
 *     server), or 0 when it has none
 * @param note what differs from scheduler_perf, or {@code ""}
 */
public record BenchWorkload(
    String name,
    List<NodeGroup> nodeGroups,
    List<PodGroup> initGroups,
    PodGroup measured,
    Churn churn,
    Deletion deletion,
    int threshold,
    String note) {

  /** Validates and copies the lists. */
  public BenchWorkload {
    Objects.requireNonNull(name, "name");
    nodeGroups = List.copyOf(nodeGroups);
    initGroups = List.copyOf(initGroups);
    Objects.requireNonNull(measured, "measured");
    note = note == null ? "" : note;
    if (deletion != null && deletion.initGroup() >= initGroups.size()) {
      throw new IllegalArgumentException(name + ": deletion of unknown init group");
    }
  }

  /** The number of nodes. */
  public int nodes() {
    return nodeGroups.stream().mapToInt(NodeGroup::count).sum();
  }

  /** The number of initial pods. */
  public int initPods() {
    return initGroups.stream().mapToInt(PodGroup::count).sum();
  }

  /** The number of measured pods. */
  public int measuredPods() {
    return measured.count();
  }

  /** kube-scheduler's CI floor for this workload, if it has one. */
  public OptionalInt kubeThreshold() {
    return threshold > 0 ? OptionalInt.of(threshold) : OptionalInt.empty();
  }

  /**
   * This workload with every count (nodes, pods, churn and deletion intervals) multiplied by {@code
   * factor} and rounded, keeping at least one of each; the name is unchanged.
   */
  public BenchWorkload scaled(double factor) {
    if (!(factor > 0)) {
      throw new IllegalArgumentException("scale must be positive, got " + factor);
    }
    if (factor == 1.0) {
      return this;
    }
    return new BenchWorkload(
        name,
        nodeGroups.stream().map(g -> g.withCount(scale(g.count(), factor))).toList(),
        initGroups.stream().map(g -> g.withCount(scale(g.count(), factor))).toList(),
        measured.withCount(scale(measured.count(), factor)),
        churn,
        deletion,
        threshold,
        note);
  }

  private static int scale(int count, double factor) {
    return count == 0 ? 0 : (int) Math.max(1, Math.round(count * factor));
  }

  /**
   * Nodes copied from one template. Each node is named {@code prefix} plus five random characters,
   * as {@code generateName} does (a group of one node is named {@code prefix}); node {@code i} is
   * labelled {@code kubernetes.io/hostname} with its name and, when {@code zones} is not empty,
   * {@code topology.kubernetes.io/zone} with {@code zones[i % zones.size()]} (as scheduler_perf's
   * {@code labelNodePrepareStrategy}).
   *
   * @param template the node to copy
   * @param prefix the name prefix
   * @param count how many
   * @param zones the zone values to rotate through, or empty for no zone label
   */
  public record NodeGroup(Node template, String prefix, int count, List<String> zones) {
    /** Validates and copies the list. */
    public NodeGroup {
      Objects.requireNonNull(template, "template");
      Objects.requireNonNull(prefix, "prefix");
      zones = List.copyOf(zones);
      if (count < 0) {
        throw new IllegalArgumentException("negative node count");
      }
    }

    NodeGroup withCount(int n) {
      return new NodeGroup(template, prefix, n, zones);
    }
  }

  /**
   * Pods copied from one template into one namespace, named {@code prefix + i} (six digits); with
   * {@code apps} above 0, pod {@code i} also gets the label {@code app: app-<i mod apps>}, so that
   * consecutive pods belong to different applications (as the pods of many Deployments interleave
   * in a real queue).
   *
   * @param template the pod to copy
   * @param namespace the namespace of every copy
   * @param prefix the name prefix, unique within the workload
   * @param count how many
   * @param apps how many {@code app} label values to cycle through; 0 for none
   */
  public record PodGroup(Pod template, String namespace, String prefix, int count, int apps) {
    /** Validates. */
    public PodGroup {
      Objects.requireNonNull(template, "template");
      Objects.requireNonNull(namespace, "namespace");
      Objects.requireNonNull(prefix, "prefix");
      if (count < 0 || apps < 0) {
        throw new IllegalArgumentException("negative pod or app count");
      }
    }

    /**
     * Copies of {@code template} without an {@code app} label.
     *
     * @param template the pod to copy
     * @param namespace the namespace of every copy
     * @param prefix the name prefix, unique within the workload
     * @param count how many
     */
    public PodGroup(Pod template, String namespace, String prefix, int count) {
      this(template, namespace, prefix, count, 0);
    }

    PodGroup withCount(int n) {
      return new PodGroup(template, namespace, prefix, n, apps);
    }
  }

  /**
   * One pod of {@code template} created before every {@code every} measured pods (scheduler_perf's
   * {@code churn} in {@code create} mode); churn pods are not measured and need not be placed.
   *
   * @param template the pod to copy
   * @param namespace the namespace
   * @param prefix the name prefix
   * @param every measured pods per churn pod
   */
  public record Churn(Pod template, String namespace, String prefix, int every) {
    /** Validates. */
    public Churn {
      Objects.requireNonNull(template, "template");
      if (every < 1) {
        throw new IllegalArgumentException("churn interval must be at least 1");
      }
    }
  }

  /**
   * One pod of initial group {@code initGroup} deleted before every {@code every} measured pods, in
   * creation order (scheduler_perf's {@code deletePods} at a fixed rate).
   *
   * @param initGroup the index of the group in {@link BenchWorkload#initGroups()}
   * @param every measured pods per deletion
   */
  public record Deletion(int initGroup, int every) {
    /** Validates. */
    public Deletion {
      if (initGroup < 0 || every < 1) {
        throw new IllegalArgumentException("bad deletion: group " + initGroup + ", every " + every);
      }
    }
  }
}
