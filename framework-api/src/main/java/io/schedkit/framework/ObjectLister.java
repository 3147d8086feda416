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
  /**
   * The namespace named {@code name}.
   *
   * @param name the namespace's name
   * @return the namespace, or empty if unknown
   */
  Optional<Namespace> namespace(String name);

  /**
   * Every namespace, ordered by name: what a pod affinity term's {@code namespaceSelector} is
   * resolved against.
   *
   * @return the namespaces; empty if none is known
   */
  List<Namespace> namespaces();

  /**
   * The PodDisruptionBudgets of {@code namespace}.
   *
   * @param namespace the namespace's name
   * @return the budgets; empty if none
   */
  List<PodDisruptionBudget> podDisruptionBudgets(String namespace);

  /**
   * Every PodDisruptionBudget.
   *
   * @return the budgets of every namespace; empty if none
   */
  List<PodDisruptionBudget> podDisruptionBudgets();

  /**
   * The PriorityClass named {@code name}.
   *
   * @param name the class's name
   * @return the class, or empty if unknown
   */
  Optional<PriorityClass> priorityClass(String name);

  /**
   * The PodGroup {@code namespace/name}.
   *
   * @param namespace the group's namespace
   * @param name the group's name
   * @return the group, or empty if unknown
   */
  Optional<PodGroup> podGroup(String namespace, String name);

  /**
   * The Services of {@code namespace}.
   *
   * @param namespace the namespace's name
   * @return the services; empty if none
   */
  List<Service> services(String namespace);

  /**
   * The workload controller of kind {@code kind} ({@code ReplicationController}, {@code ReplicaSet}
   * or {@code StatefulSet}) named {@code namespace/name}.
   *
   * @param kind the controller's kind
   * @param namespace the controller's namespace
   * @param name the controller's name
   * @return the controller, or empty if unknown
   */
  Optional<Workload> workload(String kind, String namespace, String name);

  /**
   * Every known pod of {@code namespace}, scheduled or not.
   *
   * @param namespace the namespace's name
   * @return the pods; empty if none
   */
  List<Pod> pods(String namespace);

  /**
   * The pod {@code namespace/name} as last reported by the host, scheduled or not: for example
   * preemption re-reads its preemptor here. The default scans {@link #pods(String)}; stores should
   * answer in constant time.
   *
   * @param namespace the pod's namespace
   * @param name the pod's name
   * @return the pod, or empty if unknown
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
