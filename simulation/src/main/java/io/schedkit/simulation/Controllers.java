package io.schedkit.simulation;

import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.OwnerReference;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Workload;
import io.schedkit.framework.model.WorkloadSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The workload controllers of one simulation run: each {@link Workload} with a pod template creates
 * and replaces its pods as kube-controller-manager's controller would, on the run's virtual clock
 * and without delay (the pods it creates at one instant keep their order).
 *
 * <ul>
 *   <li>ReplicaSet, ReplicationController: {@code replicas} pods; an evicted pod is replaced at
 *       once by a new one.
 *   <li>Deployment: creates its ReplicaSet, which does the above (a Deployment that already owns a
 *       ReplicaSet among the inputs creates none; a paused one creates none).
 *   <li>StatefulSet: ordinals {@code start} to {@code start + replicas - 1}; with OrderedReady each
 *       ordinal is created once every lower one is bound (in the simulation a bound pod is running
 *       and ready), with Parallel all at once; an evicted pod is created again under its name.
 *   <li>DaemonSet: a pod for every node it should run on, at its creation and when a node joins; an
 *       evicted pod is created again for its node.
 *   <li>Job: up to {@code parallelism} pods at once until {@code completions} pods have completed
 *       (a pod completes after its {@value Simulation#DURATION_ANNOTATION}); without {@code
 *       completions}, {@code parallelism} pods and no new one once one has completed. An evicted
 *       pod counts as failed: it is replaced after the Job's back-off (10 s doubling per failure,
 *       at most 10 min) until more than {@code backoffLimit} pods have failed.
 * </ul>
 *
 * A pod of the other controllers that completes (its {@value Simulation#DURATION_ANNOTATION}) is
 * not replaced: the duration models the pod's whole life. Controllers from the cluster file count
 * the pods they already own (controller reference; for a StatefulSet, its pods' names) and create
 * the missing ones at the start; a Job from the cluster file is left alone (its completed pods are
 * not in a dump).
 */
final class Controllers {

  /** What the controllers need from the run. */
  interface Host {
    /** The run's cluster. */
    InMemoryCluster cluster();

    /** The virtual now. */
    Instant now();

    /** Runs {@code task} after {@code delay} on the run's clock, counted as pending work. */
    void later(Duration delay, Runnable task);

    /**
     * Creates {@code object} (a pod or a ReplicaSet) for a controller of placement rank {@code
     * rank}, and returns the stored version.
     */
    <T extends KubeObject> T create(T object, int rank);
  }

  private static final Duration JOB_BACKOFF = Duration.ofSeconds(10);
  private static final Duration JOB_MAX_BACKOFF = Duration.ofMinutes(10);

  private final Host host;
  private final long seed;
  private final Map<String, Controller> byPod = new HashMap<>();
  private final List<DaemonSet> daemonSets = new ArrayList<>();

  private final OwnedObjects owned = new OwnedObjects();

  Controllers(Host host, long seed) {
    this.host = host;
    this.seed = seed;
  }

  /**
   * Starts the controller of {@code workload}, already stored in the cluster: it counts the pods it
   * owns and creates the missing ones now. A Job from the cluster file ({@code fromCluster}) is not
   * started.
   */
  void start(Workload workload, int rank, boolean fromCluster) {
    if (workload.template() == null || (fromCluster && workload.kind().equals(Workload.JOB))) {
      return;
    }
    Controller c =
        switch (workload.kind()) {
          case Workload.DEPLOYMENT -> new Deployment(workload, rank);
          case Workload.REPLICA_SET, Workload.REPLICATION_CONTROLLER ->
              new ReplicaSet(workload, rank);
          case Workload.STATEFUL_SET -> new StatefulSet(workload, rank);
          case Workload.DAEMON_SET -> new DaemonSet(workload, rank);
          case Workload.JOB -> new Job(workload, rank);
          default -> null;
        };
    if (c == null) {
      return;
    }
    List<Pod> pods = podsOf(workload, c, owned.candidates(workload, host.cluster()::pod));
    assert pods.equals(podsOf(workload, c, host.cluster().pods()))
        : "the index of pods by controller is stale";
    for (Pod p : pods) {
      byPod.put(p.uid(), c);
      c.existing(p);
    }
    c.sync();
  }

  /** The pods of {@code candidates} that {@code workload}'s controller {@code c} owns or adopts. */
  private static List<Pod> podsOf(Workload workload, Controller c, List<Pod> candidates) {
    List<Pod> out = new ArrayList<>();
    for (Pod p : candidates) {
      if (WorkloadPods.ownedBy(p, workload) || c.adopts(p)) {
        out.add(p);
      }
    }
    return out;
  }

  /** A pod was created. */
  void podAdded(Pod pod) {
    owned.podAdded(pod);
  }

  /** A workload was created. */
  void workloadAdded(Workload workload) {
    owned.workloadAdded(workload);
  }

  /** A pod was bound. */
  void bound(Pod pod) {
    Controller c = byPod.get(pod.uid());
    if (c != null) {
      host.later(Duration.ZERO, () -> c.bound(pod));
    }
  }

  /** A pod was deleted: completed ({@code completed}) or evicted. */
  void gone(Pod pod, boolean completed) {
    owned.podDeleted(pod);
    Controller c = byPod.remove(pod.uid());
    if (c != null) {
      host.later(Duration.ZERO, () -> c.gone(pod, completed));
    }
  }

  /** A node joined. */
  void nodeAdded(Node node) {
    for (DaemonSet ds : daemonSets) {
      host.later(Duration.ZERO, () -> ds.nodeAdded(node));
    }
  }

  // ------------------------------------------------------------------ controllers

  private abstract class Controller {
    final Workload workload;
    final int rank;
    final Random random;

    Controller(Workload workload, int rank) {
      this.workload = workload;
      this.rank = rank;
      this.random = WorkloadPods.random(seed, workload);
    }

    /** Whether the controller takes {@code pod}, which names no controller, as its own. */
    boolean adopts(Pod pod) {
      return false;
    }

    /** A pod the controller owns at its start. */
    abstract void existing(Pod pod);

    /** Creates what is missing. */
    abstract void sync();

    void bound(Pod pod) {}

    abstract void gone(Pod pod, boolean completed);

    /** Creates {@code pod} and remembers it as this controller's. */
    Pod create(Pod pod) {
      Pod stored = host.create(pod, rank);
      byPod.put(stored.uid(), this);
      return stored;
    }

    /** A pod name from {@code prefix} that no pod of the namespace has. */
    boolean taken(String name) {
      return host.cluster().pod(workload.namespace(), name).isPresent();
    }

    WorkloadSpec spec() {
      return workload.spec();
    }
  }

  /** A ReplicaSet or ReplicationController. */
  private final class ReplicaSet extends Controller {
    private final Set<String> active = new HashSet<>();

    ReplicaSet(Workload workload, int rank) {
      super(workload, rank);
    }

    @Override
    boolean adopts(Pod pod) {
      return pod.controllerRef().isEmpty()
          && pod.namespace().equals(workload.namespace())
          && workload.selector() != null
          && !workload.selector().isEmpty()
          && workload.selector().matches(pod.labels());
    }

    @Override
    void existing(Pod pod) {
      active.add(pod.uid());
    }

    @Override
    void sync() {
      for (int i = active.size(); i < spec().replicasOrDefault(); i++) {
        Pod pod = WorkloadPods.replicaPod(workload, random);
        while (taken(pod.name())) {
          pod = WorkloadPods.replicaPod(workload, random);
        }
        active.add(create(pod).uid());
      }
    }

    @Override
    void gone(Pod pod, boolean completed) {
      active.remove(pod.uid());
      if (!completed) {
        sync();
      }
    }
  }

  /** A Deployment: its ReplicaSet does the work. */
  private final class Deployment extends Controller {
    Deployment(Workload workload, int rank) {
      super(workload, rank);
    }

    @Override
    void existing(Pod pod) {}

    @Override
    void sync() {
      if (spec().paused()) {
        return;
      }
      if (hasReplicaSet()) {
        return; // the Deployment's ReplicaSet exists: it manages the pods
      }
      Workload rs = host.create(WorkloadPods.replicaSetOf(workload), rank);
      start(rs, rank, false);
    }

    @Override
    void gone(Pod pod, boolean completed) {}

    private boolean hasReplicaSet() {
      boolean has = owned.controlsReplicaSet(workload);
      assert has
              == host.cluster().list().workloads().stream()
                  .anyMatch(w -> w.kind().equals(Workload.REPLICA_SET) && ownedBy(w, workload))
          : "the index of ReplicaSets by Deployment is stale";
      return has;
    }

    private boolean ownedBy(Workload rs, Workload deployment) {
      for (OwnerReference r : rs.metadata().ownerReferences()) {
        if (r.isController()
            && rs.namespace().equals(deployment.namespace())
            && r.kind().equals(Workload.DEPLOYMENT)
            && r.name().equals(deployment.name())) {
          return true;
        }
      }
      return false;
    }
  }

  /** A StatefulSet. */
  private final class StatefulSet extends Controller {
    private final Map<Integer, Pod> pods = new TreeMap<>();
    private final Set<Integer> done = new HashSet<>();
    private final int start;

    StatefulSet(Workload workload, int rank) {
      super(workload, rank);
      this.start = spec().ordinalsStart() == null ? 0 : spec().ordinalsStart();
    }

    @Override
    boolean adopts(Pod pod) {
      return pod.controllerRef().isEmpty() && ordinal(pod) >= 0;
    }

    private int ordinal(Pod pod) {
      String prefix = workload.name() + "-";
      if (!pod.namespace().equals(workload.namespace()) || !pod.name().startsWith(prefix)) {
        return -1;
      }
      String rest = pod.name().substring(prefix.length());
      if (rest.isEmpty() || rest.length() > 9 || !rest.chars().allMatch(Character::isDigit)) {
        return -1;
      }
      if (rest.length() > 1 && rest.charAt(0) == '0') {
        return -1;
      }
      int i = Integer.parseInt(rest);
      return i >= start && i < start + spec().replicasOrDefault() ? i : -1;
    }

    @Override
    void existing(Pod pod) {
      int i = ordinal(pod);
      if (i >= 0) {
        pods.put(i, pod);
      }
    }

    @Override
    void sync() {
      boolean ordered = !spec().parallelPodManagement();
      for (int i = start; i < start + spec().replicasOrDefault(); i++) {
        if (done.contains(i)) {
          continue;
        }
        Pod pod = pods.get(i);
        if (pod == null) {
          Pod fresh = WorkloadPods.statefulPod(workload, i);
          if (taken(fresh.name())) {
            // Another pod holds the name: upstream waits for it to go; it never goes here.
            if (ordered) {
              return;
            }
            continue;
          }
          pods.put(i, create(fresh));
          if (ordered) {
            return;
          }
        } else if (ordered && !pod.isAssigned()) {
          return;
        }
      }
    }

    @Override
    void bound(Pod pod) {
      int i = ordinal(pod);
      if (i >= 0 && pods.containsKey(i) && pods.get(i).uid().equals(pod.uid())) {
        pods.put(i, pod);
        sync();
      }
    }

    @Override
    void gone(Pod pod, boolean completed) {
      int i = ordinal(pod);
      if (i < 0 || !pods.containsKey(i) || !pods.get(i).uid().equals(pod.uid())) {
        return;
      }
      pods.remove(i);
      if (completed) {
        done.add(i);
      }
      sync();
    }
  }

  /** A DaemonSet. */
  private final class DaemonSet extends Controller {
    private final Map<String, String> podByNode = new HashMap<>();
    private final Set<String> done = new HashSet<>();

    DaemonSet(Workload workload, int rank) {
      super(workload, rank);
      daemonSets.add(this);
    }

    @Override
    void existing(Pod pod) {
      WorkloadPods.targetNode(pod).ifPresent(n -> podByNode.put(n, pod.uid()));
    }

    @Override
    void sync() {
      List<Node> nodes = new ArrayList<>(host.cluster().nodes());
      nodes.sort(Comparator.comparing(Node::name));
      for (Node node : nodes) {
        place(node);
      }
    }

    private void place(Node node) {
      if (podByNode.containsKey(node.name())
          || done.contains(node.name())
          || !WorkloadPods.shouldRunOn(workload, node)) {
        return;
      }
      Pod pod = WorkloadPods.daemonPod(workload, node.name(), random);
      while (taken(pod.name())) {
        pod = WorkloadPods.daemonPod(workload, node.name(), random);
      }
      podByNode.put(node.name(), create(pod).uid());
    }

    void nodeAdded(Node node) {
      place(node);
    }

    @Override
    void gone(Pod pod, boolean completed) {
      Optional<String> node = WorkloadPods.targetNode(pod);
      if (node.isEmpty() || !pod.uid().equals(podByNode.get(node.get()))) {
        return;
      }
      podByNode.remove(node.get());
      if (completed) {
        done.add(node.get());
        return;
      }
      host.cluster().node(node.get()).ifPresent(this::place);
    }
  }

  /** A Job. */
  private final class Job extends Controller {
    private final Map<String, Integer> active = new LinkedHashMap<>();
    private final Set<Integer> succeededIndexes = new TreeSet<>();
    private int succeeded;
    private int failed;
    private boolean failedOut;
    private Instant notBefore = Instant.MIN;

    Job(Workload workload, int rank) {
      super(workload, rank);
    }

    @Override
    void existing(Pod pod) {
      active.put(pod.uid(), index(pod));
    }

    private Integer index(Pod pod) {
      String v = pod.metadata().annotations().get(WorkloadPods.JOB_COMPLETION_INDEX);
      try {
        return v == null ? null : Integer.valueOf(v);
      } catch (NumberFormatException e) {
        return null;
      }
    }

    private int parallelism() {
      return spec().parallelism() == null ? 1 : spec().parallelism();
    }

    @Override
    void sync() {
      if (spec().suspend() || failedOut || host.now().isBefore(notBefore)) {
        return;
      }
      Integer completions = spec().completions();
      if (completions == null) {
        if (succeeded > 0) {
          return;
        }
        for (int i = active.size(); i < parallelism(); i++) {
          createPod(null);
        }
      } else if (!spec().indexed()) {
        int want = Math.min(parallelism(), completions - succeeded);
        for (int i = active.size(); i < want; i++) {
          createPod(null);
        }
      } else {
        Set<Integer> busy = new HashSet<>(active.values());
        for (int i = 0; i < completions && active.size() < parallelism(); i++) {
          if (!succeededIndexes.contains(i) && !busy.contains(i)) {
            createPod(i);
          }
        }
      }
    }

    private void createPod(Integer index) {
      Pod pod = WorkloadPods.jobPod(workload, index, random);
      while (taken(pod.name())) {
        pod = WorkloadPods.jobPod(workload, index, random);
      }
      active.put(create(pod).uid(), index);
    }

    @Override
    void gone(Pod pod, boolean completed) {
      if (!active.containsKey(pod.uid())) {
        return;
      }
      Integer index = active.remove(pod.uid());
      if (completed) {
        succeeded++;
        if (index != null) {
          succeededIndexes.add(index);
        }
        sync();
        return;
      }
      failed++;
      int limit = spec().backoffLimit() == null ? 6 : spec().backoffLimit();
      if (failed > limit) {
        failedOut = true;
        return;
      }
      Duration backoff = JOB_BACKOFF.multipliedBy(1L << Math.min(failed - 1, 16));
      if (backoff.compareTo(JOB_MAX_BACKOFF) > 0) {
        backoff = JOB_MAX_BACKOFF;
      }
      Instant at = host.now().plus(backoff);
      if (at.isAfter(notBefore)) {
        notBefore = at;
      }
      host.later(backoff, this::sync);
    }
  }
}
