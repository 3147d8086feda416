package io.schedkit.framework;

import io.schedkit.framework.model.Namespace;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.framework.model.PriorityClass;
import io.schedkit.framework.model.Service;
import io.schedkit.framework.model.Workload;
import java.util.List;
import java.util.Optional;

/**
 * Read access to the cluster objects other than nodes, as last reported by the host: namespaces
 * (for namespace selectors), PodDisruptionBudgets (for preemption), PriorityClasses, PodGroups (for
 * gang scheduling), Services and workload controllers (for default topology spreading), and every
 * known pod. Thread-safe; the lists are copies.
 */
public interface ObjectLister {
  /** The namespace named {@code name}. */
  Optional<Namespace> namespace(String name);

  /**
   * Every namespace, ordered by name: what a pod affinity term's {@code namespaceSelector} is
   * resolved against.
   */
  List<Namespace> namespaces();

  /** The PodDisruptionBudgets of {@code namespace}. */
  List<PodDisruptionBudget> podDisruptionBudgets(String namespace);

  /** Every PodDisruptionBudget. */
  List<PodDisruptionBudget> podDisruptionBudgets();

  /** The PriorityClass named {@code name}. */
  Optional<PriorityClass> priorityClass(String name);

  /** The PodGroup {@code namespace/name}. */
  Optional<PodGroup> podGroup(String namespace, String name);

  /** The Services of {@code namespace}. */
  List<Service> services(String namespace);

  /**
   * The workload controller of kind {@code kind} ({@code ReplicationController}, {@code ReplicaSet}
   * or {@code StatefulSet}) named {@code namespace/name}.
   */
  Optional<Workload> workload(String kind, String namespace, String name);

  /** Every known pod of {@code namespace}, scheduled or not. */
  List<Pod> pods(String namespace);

  /**
   * The pod {@code namespace/name} as last reported by the host, scheduled or not: for example
   * preemption re-reads its preemptor here. The default scans {@link #pods(String)}; stores should
   * answer in constant time.
   */
  default Optional<Pod> pod(String namespace, String name) {
    for (Pod p : pods(namespace)) {
      if (p.name().equals(name)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }
}
