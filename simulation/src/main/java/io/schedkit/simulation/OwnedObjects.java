package io.schedkit.simulation;

import io.schedkit.framework.model.OwnerReference;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Workload;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * The run's pods grouped by their controller reference, its pods without one grouped by namespace,
 * and the Deployments that control a ReplicaSet, kept up to date from the cluster's watch events,
 * so that a controller starting finds the pods it may own without reading every pod of the cluster.
 * It keeps each pod's namespace, name and UID in creation order; the pods themselves are read from
 * the cluster when asked for, so a pod's changes since its creation need no event here (a run never
 * changes a pod's controller reference).
 */
final class OwnedObjects {
  private record Entry(String namespace, String name, long created) {}

  /** A pod's group: its controller's key, or its namespace for a pod without a controller. */
  private record Group(boolean withoutController, String key) {}

  private final Map<String, LinkedHashMap<String, Entry>> byController = new HashMap<>();
  private final Map<String, LinkedHashMap<String, Entry>> withoutControllerByNamespace =
      new HashMap<>();
  private final Map<String, Group> groupOfUid = new HashMap<>();
  private final Set<String> deploymentsWithReplicaSet = new HashSet<>();
  private long created;

  /** A pod was created. */
  void podAdded(Pod pod) {
    Optional<OwnerReference> ref = pod.controllerRef();
    Group group =
        ref.isPresent()
            ? new Group(false, controllerKey(pod.namespace(), ref.get().kind(), ref.get().name()))
            : new Group(true, pod.namespace());
    groups(group)
        .computeIfAbsent(group.key(), k -> new LinkedHashMap<>())
        .put(pod.uid(), new Entry(pod.namespace(), pod.name(), created++));
    groupOfUid.put(pod.uid(), group);
  }

  /** A pod was deleted. */
  void podDeleted(Pod pod) {
    Group group = groupOfUid.remove(pod.uid());
    if (group == null) {
      return;
    }
    Map<String, LinkedHashMap<String, Entry>> groups = groups(group);
    LinkedHashMap<String, Entry> entries = groups.get(group.key());
    entries.remove(pod.uid());
    if (entries.isEmpty()) {
      groups.remove(group.key());
    }
  }

  /** A workload was created. */
  void workloadAdded(Workload workload) {
    if (!workload.kind().equals(Workload.REPLICA_SET)) {
      return;
    }
    for (OwnerReference r : workload.metadata().ownerReferences()) {
      if (r.isController() && r.kind().equals(Workload.DEPLOYMENT)) {
        deploymentsWithReplicaSet.add(
            controllerKey(workload.namespace(), Workload.DEPLOYMENT, r.name()));
      }
    }
  }

  /**
   * The pods {@code workload} may own or adopt, in creation order: those whose controller reference
   * names its kind and name in its namespace, and its namespace's pods without a controller
   * reference, as {@code current} (namespace, name) returns them now. The caller still checks each
   * (the reference's UID, the selector).
   */
  List<Pod> candidates(Workload workload, BiFunction<String, String, Optional<Pod>> current) {
    Iterator<Map.Entry<String, Entry>> owned =
        iterator(
            byController, controllerKey(workload.namespace(), workload.kind(), workload.name()));
    Iterator<Map.Entry<String, Entry>> orphans =
        iterator(withoutControllerByNamespace, workload.namespace());
    List<Pod> out = new ArrayList<>();
    Map.Entry<String, Entry> a = owned.hasNext() ? owned.next() : null;
    Map.Entry<String, Entry> b = orphans.hasNext() ? orphans.next() : null;
    while (a != null || b != null) {
      Map.Entry<String, Entry> next;
      if (b == null || (a != null && a.getValue().created() < b.getValue().created())) {
        next = a;
        a = owned.hasNext() ? owned.next() : null;
      } else {
        next = b;
        b = orphans.hasNext() ? orphans.next() : null;
      }
      Entry e = next.getValue();
      current
          .apply(e.namespace(), e.name())
          .filter(p -> p.uid().equals(next.getKey()))
          .ifPresent(out::add);
    }
    return out;
  }

  /** Whether a ReplicaSet of the run names {@code deployment} as its controller. */
  boolean controlsReplicaSet(Workload deployment) {
    return deploymentsWithReplicaSet.contains(
        controllerKey(deployment.namespace(), Workload.DEPLOYMENT, deployment.name()));
  }

  private static Iterator<Map.Entry<String, Entry>> iterator(
      Map<String, LinkedHashMap<String, Entry>> groups, String group) {
    LinkedHashMap<String, Entry> entries = groups.get(group);
    return entries == null ? Collections.emptyIterator() : entries.entrySet().iterator();
  }

  private static String controllerKey(String namespace, String kind, String name) {
    return namespace + '/' + kind + '/' + name;
  }

  private Map<String, LinkedHashMap<String, Entry>> groups(Group group) {
    return group.withoutController() ? withoutControllerByNamespace : byController;
  }
}
