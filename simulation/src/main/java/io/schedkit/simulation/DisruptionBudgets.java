package io.schedkit.simulation;

import io.schedkit.framework.model.IntOrString;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.OwnerReference;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.PodDisruptionBudgetSpec;
import io.schedkit.framework.model.PodDisruptionBudgetStatus;
import io.schedkit.framework.model.Workload;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The status kube-controller-manager's disruption controller gives a PodDisruptionBudget, for the
 * budgets an input gives without one (as in the Kubernetes documentation's manifests): preemption
 * reads {@code status.disruptionsAllowed}, and a budget read without a status would allow no
 * disruption at all, where a real cluster allows {@code currentHealthy - desiredHealthy}.
 *
 * <p>As upstream's {@code getExpectedPodCount}: with {@code maxUnavailable}, or a percentage {@code
 * minAvailable}, the expected count is the sum of the scales ({@code replicas}) of the covered
 * pods' controllers (a ReplicaSet's Deployment's replicas when a Deployment controls it; a
 * ReplicationController's, a ReplicaSet's, a StatefulSet's), pods without a controller left out;
 * {@code desiredHealthy} is the expected count less {@code maxUnavailable} (rounded up), or {@code
 * minAvailable} (a percentage of the expected count, rounded up). With an integer {@code
 * minAvailable}, the expected count is the number of covered pods. {@code currentHealthy} counts
 * the covered pods that are bound and not terminating (a bound pod is running and ready here).
 * {@code disruptionsAllowed} is {@code currentHealthy - desiredHealthy}, at least 0, and 0 when the
 * expected count is 0 or a covered pod's controller is not among the inputs (upstream's fail-safe).
 * A budget covers the pods of its namespace that its non-empty selector selects, as preemption
 * reads it.
 */
public final class DisruptionBudgets {
  private DisruptionBudgets() {}

  /**
   * Whether {@code pdb} comes without a status: every count is 0 and no pod is disrupted, as in a
   * manifest (a real budget's status has at least its expected pods).
   *
   * @param pdb the budget
   * @return true when its status is unset
   */
  public static boolean unobserved(PodDisruptionBudget pdb) {
    PodDisruptionBudgetStatus s = pdb.status();
    return s.disruptionsAllowed() == 0
        && s.currentHealthy() == 0
        && s.desiredHealthy() == 0
        && s.expectedPods() == 0
        && s.disruptedPods().isEmpty();
  }

  /**
   * The status the disruption controller computes for {@code pdb} (see the class comment).
   *
   * @param pdb the budget
   * @param pods the cluster's pods
   * @param controllers the cluster's workload controllers
   * @return the status, with no disrupted pod
   */
  public static PodDisruptionBudgetStatus status(
      PodDisruptionBudget pdb, Collection<Pod> pods, Collection<Workload> controllers) {
    Map<String, Workload> byKey = new HashMap<>();
    for (Workload w : controllers) {
      byKey.put(key(w.kind(), w.namespace(), w.name()), w);
    }
    List<Pod> covered = new ArrayList<>();
    for (Pod p : pods) {
      if (covers(pdb, p)) {
        covered.add(p);
      }
    }
    int healthy = 0;
    for (Pod p : covered) {
      if (healthy(p)) {
        healthy++;
      }
    }
    Map<String, Integer> scales = new HashMap<>();
    boolean unknownController = false;
    for (Pod p : covered) {
      Optional<OwnerReference> ref = p.controllerRef();
      if (ref.isEmpty()) {
        continue;
      }
      Optional<Map.Entry<String, Integer>> scale = scale(ref.get(), p.namespace(), byKey);
      if (scale.isEmpty()) {
        unknownController = true;
      } else {
        scales.put(scale.get().getKey(), scale.get().getValue());
      }
    }
    int expectedFromControllers = scales.values().stream().mapToInt(Integer::intValue).sum();
    return status(pdb.spec(), covered.size(), expectedFromControllers, unknownController, healthy);
  }

  /** The status from the counts (upstream's {@code getExpectedPodCount} and fail-safe). */
  static PodDisruptionBudgetStatus status(
      PodDisruptionBudgetSpec spec,
      int coveredPods,
      int expectedFromControllers,
      boolean unknownController,
      int healthy) {
    int expected = 0;
    int desired = 0;
    boolean failSafe = false;
    IntOrString maxUnavailable = spec.maxUnavailable();
    IntOrString minAvailable = spec.minAvailable();
    try {
      if (maxUnavailable != null) {
        failSafe = unknownController;
        expected = expectedFromControllers;
        desired = Math.max(0, expected - maxUnavailable.scaledValue(expected, true));
      } else if (minAvailable != null && minAvailable.isInt()) {
        expected = coveredPods;
        desired = minAvailable.intVal();
      } else if (minAvailable != null) {
        failSafe = unknownController;
        expected = expectedFromControllers;
        desired = minAvailable.scaledValue(expected, true);
      }
    } catch (IllegalArgumentException e) {
      failSafe = true;
    }
    int allowed = failSafe || expected <= 0 ? 0 : Math.max(0, healthy - desired);
    return PodDisruptionBudgetStatus.builder()
        .disruptionsAllowed(allowed)
        .currentHealthy(healthy)
        .desiredHealthy(desired)
        .expectedPods(expected)
        .build();
  }

  /**
   * {@code objects} with every budget that comes without a status ({@link #unobserved}) given the
   * status the disruption controller computes from the pods and controllers among them.
   *
   * @param objects the cluster's objects, in order
   * @return the objects, in the same order
   */
  public static List<KubeObject> withStatuses(List<? extends KubeObject> objects) {
    List<Pod> pods = new ArrayList<>();
    List<Workload> controllers = new ArrayList<>();
    for (KubeObject o : objects) {
      if (o instanceof Pod p) {
        pods.add(p);
      } else if (o instanceof Workload w) {
        controllers.add(w);
      }
    }
    List<KubeObject> out = new ArrayList<>(objects.size());
    for (KubeObject o : objects) {
      if (o instanceof PodDisruptionBudget pdb && unobserved(pdb)) {
        out.add(pdb.toBuilder().status(status(pdb, pods, controllers)).build());
      } else {
        out.add(o);
      }
    }
    return out;
  }

  /**
   * How many budgets of {@code objects} come without a status.
   *
   * @param objects any objects
   * @return the number of unobserved budgets
   */
  public static int unobservedCount(Collection<? extends KubeObject> objects) {
    int n = 0;
    for (KubeObject o : objects) {
      if (o instanceof PodDisruptionBudget pdb && unobserved(pdb)) {
        n++;
      }
    }
    return n;
  }

  /** Whether {@code pdb} covers {@code pod}: same namespace, its non-empty selector selects it. */
  static boolean covers(PodDisruptionBudget pdb, Pod pod) {
    return pdb.namespace().equals(pod.namespace()) && pdb.spec().selects(pod.labels());
  }

  /** Whether a covered pod counts as healthy: bound (running and ready here), not terminating. */
  static boolean healthy(Pod pod) {
    return pod.isAssigned() && !pod.isTerminating();
  }

  /**
   * The controller whose scale counts for a pod controlled by {@code ref} (upstream's finders), by
   * key, with its scale; empty when it is not among the inputs or has no scale.
   */
  static Optional<Map.Entry<String, Integer>> scale(
      OwnerReference ref, String namespace, Map<String, Workload> controllers) {
    Workload w = controllers.get(key(ref.kind(), namespace, ref.name()));
    if (w == null) {
      return Optional.empty();
    }
    switch (w.kind()) {
      case Workload.REPLICA_SET -> {
        for (OwnerReference owner : w.metadata().ownerReferences()) {
          if (owner.isController() && owner.kind().equals(Workload.DEPLOYMENT)) {
            Workload d = controllers.get(key(Workload.DEPLOYMENT, namespace, owner.name()));
            return d == null
                ? Optional.empty()
                : Optional.of(
                    Map.entry(key(d.kind(), namespace, d.name()), d.spec().replicasOrDefault()));
          }
        }
        return Optional.of(
            Map.entry(key(w.kind(), namespace, w.name()), w.spec().replicasOrDefault()));
      }
      case Workload.REPLICATION_CONTROLLER, Workload.STATEFUL_SET -> {
        return Optional.of(
            Map.entry(key(w.kind(), namespace, w.name()), w.spec().replicasOrDefault()));
      }
      default -> {
        return Optional.empty();
      }
    }
  }

  static String key(String kind, String namespace, String name) {
    return kind + " " + namespace + "/" + name;
  }

  /**
   * The disruption controller of a simulation run: keeps every budget's status in step with its
   * pods as they are bound, evicted and completed, and writes it to the cluster when it changes. A
   * budget the inputs gave without a status gets the computed status; one given with a status keeps
   * it, its {@code disruptionsAllowed} and {@code currentHealthy} moved by the change in healthy
   * pods since the start (the dump's controllers may not be among the inputs).
   */
  static final class Live {
    private final io.schedkit.core.cluster.InMemoryCluster cluster;
    private final Map<String, Budget> budgets = new java.util.LinkedHashMap<>();
    private final Map<String, Workload> controllers = new HashMap<>();

    /** One budget: the pods it covers, the healthy ones, and how its status is kept. */
    private final class Budget {
      PodDisruptionBudget pdb;
      final boolean computed;
      final Map<String, Pod> covered = new HashMap<>();
      int baseHealthy;
      PodDisruptionBudgetStatus base;

      Budget(PodDisruptionBudget pdb, boolean computed) {
        this.pdb = pdb;
        this.computed = computed;
      }

      int healthyCount() {
        int n = 0;
        for (Pod p : covered.values()) {
          if (healthy(p)) {
            n++;
          }
        }
        return n;
      }

      PodDisruptionBudgetStatus status() {
        int healthy = healthyCount();
        if (!computed) {
          int delta = healthy - baseHealthy;
          return base.toBuilder()
              .disruptionsAllowed(Math.max(0, base.disruptionsAllowed() + delta))
              .currentHealthy(Math.max(0, base.currentHealthy() + delta))
              .build();
        }
        Map<String, Integer> scales = new HashMap<>();
        boolean unknown = false;
        for (Pod p : covered.values()) {
          Optional<OwnerReference> ref = p.controllerRef();
          if (ref.isPresent()) {
            Optional<Map.Entry<String, Integer>> scale =
                scale(ref.get(), p.namespace(), controllers);
            if (scale.isEmpty()) {
              unknown = true;
            } else {
              scales.put(scale.get().getKey(), scale.get().getValue());
            }
          }
        }
        int expected = scales.values().stream().mapToInt(Integer::intValue).sum();
        return DisruptionBudgets.status(pdb.spec(), covered.size(), expected, unknown, healthy)
            .toBuilder()
            .disruptedPods(pdb.status().disruptedPods())
            .build();
      }
    }

    Live(io.schedkit.core.cluster.InMemoryCluster cluster) {
      this.cluster = cluster;
    }

    /** Starts with the cluster's objects; {@code unobserved}: the budgets given without status. */
    void start(java.util.Set<String> unobserved) {
      for (Workload w : cluster.list().workloads()) {
        controllers.put(key(w.kind(), w.namespace(), w.name()), w);
      }
      for (PodDisruptionBudget pdb : cluster.list().podDisruptionBudgets()) {
        budgetAdded(pdb, unobserved.contains(pdb.key()));
      }
    }

    /** A budget was created (with its computed status when {@code computed}). */
    void budgetAdded(PodDisruptionBudget pdb, boolean computed) {
      Budget b = new Budget(pdb, computed);
      for (Pod p : cluster.pods()) {
        if (covers(pdb, p)) {
          b.covered.put(p.uid(), p);
        }
      }
      b.baseHealthy = b.healthyCount();
      b.base = pdb.status();
      budgets.put(pdb.key(), b);
    }

    /** A controller was created. */
    void workloadAdded(Workload w) {
      controllers.put(key(w.kind(), w.namespace(), w.name()), w);
    }

    /** A pod was added or changed ({@code deleted}: removed). */
    void podChanged(Pod pod, boolean deleted) {
      for (Budget b : budgets.values()) {
        if (!covers(b.pdb, pod)) {
          continue;
        }
        Pod before = deleted ? b.covered.remove(pod.uid()) : b.covered.put(pod.uid(), pod);
        if (before != null && !deleted && healthy(before) == healthy(pod)) {
          continue;
        }
        PodDisruptionBudgetStatus status = b.status();
        if (!status.equals(b.pdb.status())) {
          Optional<KubeObject> current =
              cluster.get(PodDisruptionBudget.KIND, b.pdb.namespace(), b.pdb.name());
          if (current.isEmpty()) {
            continue;
          }
          b.pdb =
              cluster.update(
                  ((PodDisruptionBudget) current.get()).toBuilder().status(status).build());
        }
      }
    }
  }
}
