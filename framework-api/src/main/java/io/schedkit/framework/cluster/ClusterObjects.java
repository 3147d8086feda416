package io.schedkit.framework.cluster;

import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Namespace;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.framework.model.PriorityClass;
import io.schedkit.framework.model.Service;
import io.schedkit.framework.model.Workload;
import java.util.ArrayList;
import java.util.List;

/**
 * Every object of a cluster at one moment, by kind: what {@link ClusterView#list()} returns and
 * what a cluster file decodes to.
 *
 * @param nodes the nodes
 * @param pods the pods, bound ({@code spec.nodeName} set) and pending
 * @param podDisruptionBudgets the PodDisruptionBudgets
 * @param priorityClasses the PriorityClasses
 * @param podGroups the PodGroups
 * @param namespaces the namespaces
 * @param services the Services
 * @param workloads the workload controllers (ReplicationControllers, ReplicaSets, StatefulSets,
 *     Deployments, DaemonSets, Jobs)
 */
public record ClusterObjects(
    List<Node> nodes,
    List<Pod> pods,
    List<PodDisruptionBudget> podDisruptionBudgets,
    List<PriorityClass> priorityClasses,
    List<PodGroup> podGroups,
    List<Namespace> namespaces,
    List<Service> services,
    List<Workload> workloads) {

  /**
   * Copies the lists.
   *
   * @param nodes the nodes; not null
   * @param pods the pods; not null
   * @param podDisruptionBudgets the PodDisruptionBudgets; not null
   * @param priorityClasses the PriorityClasses; not null
   * @param podGroups the PodGroups; not null
   * @param namespaces the namespaces; not null
   * @param services the Services; not null
   * @param workloads the workload controllers; not null
   */
  public ClusterObjects {
    nodes = List.copyOf(nodes);
    pods = List.copyOf(pods);
    podDisruptionBudgets = List.copyOf(podDisruptionBudgets);
    priorityClasses = List.copyOf(priorityClasses);
    podGroups = List.copyOf(podGroups);
    namespaces = List.copyOf(namespaces);
    services = List.copyOf(services);
    workloads = List.copyOf(workloads);
  }

  /**
   * No objects.
   *
   * @return an empty cluster
   */
  public static ClusterObjects empty() {
    return new ClusterObjects(
        List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
  }

  /**
   * Every object in a creation-safe order: namespaces, PriorityClasses, PodGroups, Services,
   * workloads, PodDisruptionBudgets, nodes, then pods.
   *
   * @return a new list of every object
   */
  public List<KubeObject> all() {
    List<KubeObject> all = new ArrayList<>();
    all.addAll(namespaces);
    all.addAll(priorityClasses);
    all.addAll(podGroups);
    all.addAll(services);
    all.addAll(workloads);
    all.addAll(podDisruptionBudgets);
    all.addAll(nodes);
    all.addAll(pods);
    return all;
  }

  /**
   * The objects of {@code objects} sorted by kind; kinds the model does not know are dropped.
   *
   * @param objects objects of any kind, in any order
   * @return the objects by kind, each list in the input's order
   */
  public static ClusterObjects of(List<? extends KubeObject> objects) {
    List<Node> nodes = new ArrayList<>();
    List<Pod> pods = new ArrayList<>();
    List<PodDisruptionBudget> pdbs = new ArrayList<>();
    List<PriorityClass> pcs = new ArrayList<>();
    List<PodGroup> groups = new ArrayList<>();
    List<Namespace> namespaces = new ArrayList<>();
    List<Service> services = new ArrayList<>();
    List<Workload> workloads = new ArrayList<>();
    for (KubeObject o : objects) {
      if (o instanceof Node) {
        nodes.add((Node) o);
      } else if (o instanceof Pod) {
        pods.add((Pod) o);
      } else if (o instanceof PodDisruptionBudget) {
        pdbs.add((PodDisruptionBudget) o);
      } else if (o instanceof PriorityClass) {
        pcs.add((PriorityClass) o);
      } else if (o instanceof PodGroup) {
        groups.add((PodGroup) o);
      } else if (o instanceof Namespace) {
        namespaces.add((Namespace) o);
      } else if (o instanceof Service) {
        services.add((Service) o);
      } else if (o instanceof Workload) {
        workloads.add((Workload) o);
      }
    }
    return new ClusterObjects(nodes, pods, pdbs, pcs, groups, namespaces, services, workloads);
  }
}
