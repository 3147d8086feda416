package io.schedkit.core.store;

import io.schedkit.framework.ObjectLister;
import io.schedkit.framework.cluster.ClusterObjects;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Namespace;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.framework.model.PriorityClass;
import io.schedkit.framework.model.Service;
import io.schedkit.framework.model.Workload;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The scheduler's copy of the cluster objects other than nodes, fed with the host's watch events
 * through {@link #apply}: pods of every namespace, namespaces, PodDisruptionBudgets,
 * PriorityClasses, PodGroups, Services and workload controllers. Nodes live in the scheduler's
 * cache, so their events are ignored here, as are kinds the model does not know.
 *
 * <p>Besides the {@link ObjectLister} lookups, it resolves pod priorities from PriorityClasses
 * ({@link #resolvePriority}).
 *
 * <p>Design note (threads): a read-write lock guards the maps, so plugins may look up from the
 * parallel filter and score workers while the host's events are applied. Every list returned is an
 * unmodifiable copy; a namespace's objects come in the order they were first added, and lists
 * across namespaces group them by namespace.
 */
public final class ClusterObjectStore implements ObjectLister {
  private final ReadWriteLock lock = new ReentrantReadWriteLock();
  private final Map<String, Namespace> namespaces = new HashMap<>();
  private final Map<String, PriorityClass> priorityClasses = new LinkedHashMap<>();
  private final Namespaced<Pod> pods = new Namespaced<>();
  private final Namespaced<PodDisruptionBudget> pdbs = new Namespaced<>();
  private final Namespaced<PodGroup> podGroups = new Namespaced<>();
  private final Namespaced<Service> services = new Namespaced<>();
  private final Map<String, Namespaced<Workload>> workloads = new HashMap<>();

  /** An empty store. */
  public ClusterObjectStore() {}

  /** A store holding the non-node objects of {@code objects}. */
  public static ClusterObjectStore of(ClusterObjects objects) {
    ClusterObjectStore store = new ClusterObjectStore();
    for (KubeObject o : objects.all()) {
      store.apply(WatchEvent.added(o));
    }
    return store;
  }

  /**
   * Applies one change: {@code ADDED} and {@code MODIFIED} store the new version, {@code DELETED}
   * removes the object. Node events and unknown kinds are ignored.
   */
  public void apply(WatchEvent event) {
    KubeObject o = event.object();
    boolean delete = event.type() == WatchEvent.Type.DELETED;
    lock.writeLock().lock();
    try {
      if (o instanceof Pod p) {
        pods.apply(p, delete);
      } else if (o instanceof Namespace n) {
        apply(namespaces, n.name(), n, delete);
      } else if (o instanceof PriorityClass c) {
        apply(priorityClasses, c.name(), c, delete);
      } else if (o instanceof PodDisruptionBudget b) {
        pdbs.apply(b, delete);
      } else if (o instanceof PodGroup g) {
        podGroups.apply(g, delete);
      } else if (o instanceof Service s) {
        services.apply(s, delete);
      } else if (o instanceof Workload w) {
        workloads.computeIfAbsent(w.kind(), k -> new Namespaced<>()).apply(w, delete);
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  private static <T> void apply(Map<String, T> map, String name, T object, boolean delete) {
    if (delete) {
      map.remove(name);
    } else {
      map.put(name, object);
    }
  }

  @Override
  public Optional<Namespace> namespace(String name) {
    lock.readLock().lock();
    try {
      return Optional.ofNullable(namespaces.get(name));
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public List<Namespace> namespaces() {
    lock.readLock().lock();
    try {
      List<Namespace> all = new ArrayList<>(namespaces.values());
      all.sort(Comparator.comparing(Namespace::name));
      return Collections.unmodifiableList(all);
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public List<PodDisruptionBudget> podDisruptionBudgets(String namespace) {
    lock.readLock().lock();
    try {
      return pdbs.list(namespace);
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public List<PodDisruptionBudget> podDisruptionBudgets() {
    lock.readLock().lock();
    try {
      return pdbs.all();
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public Optional<PriorityClass> priorityClass(String name) {
    lock.readLock().lock();
    try {
      return Optional.ofNullable(priorityClasses.get(name));
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public Optional<PodGroup> podGroup(String namespace, String name) {
    lock.readLock().lock();
    try {
      return podGroups.get(namespace, name);
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public List<Service> services(String namespace) {
    lock.readLock().lock();
    try {
      return services.list(namespace);
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public Optional<Workload> workload(String kind, String namespace, String name) {
    lock.readLock().lock();
    try {
      Namespaced<Workload> ofKind = workloads.get(kind);
      return ofKind == null ? Optional.empty() : ofKind.get(namespace, name);
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public List<Pod> pods(String namespace) {
    lock.readLock().lock();
    try {
      return pods.list(namespace);
    } finally {
      lock.readLock().unlock();
    }
  }

  /** The pod {@code namespace/name}, scheduled or not. */
  public Optional<Pod> pod(String namespace, String name) {
    lock.readLock().lock();
    try {
      return pods.get(namespace, name);
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * The PriorityClass pods without a class get: among those with {@code globalDefault}, the one
   * with the highest value (the first name in alphabetical order among equals).
   */
  public Optional<PriorityClass> globalDefaultPriorityClass() {
    lock.readLock().lock();
    try {
      return globalDefault();
    } finally {
      lock.readLock().unlock();
    }
  }

  private Optional<PriorityClass> globalDefault() {
    PriorityClass best = null;
    for (PriorityClass c : priorityClasses.values()) {
      if (c.globalDefault()
          && (best == null
              || c.value() > best.value()
              || (c.value() == best.value() && c.name().compareTo(best.name()) < 0))) {
        best = c;
      }
    }
    return Optional.ofNullable(best);
  }

  /**
   * The PriorityClass admission gives {@code pod}: the one its {@code spec.priorityClassName} names
   * if it is known; for a pod that names none, the {@linkplain #globalDefaultPriorityClass() global
   * default}; else empty.
   */
  public Optional<PriorityClass> priorityClassOf(Pod pod) {
    lock.readLock().lock();
    try {
      String className = pod.spec().priorityClassName();
      return className.isEmpty()
          ? globalDefault()
          : Optional.ofNullable(priorityClasses.get(className));
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * {@code pod}'s priority: {@code spec.priority} if set, else the value of the PriorityClass named
   * by {@code spec.priorityClassName} if it is known, else the value of the {@linkplain
   * #globalDefaultPriorityClass() global default} PriorityClass, else 0.
   */
  public int resolvePriority(Pod pod) {
    Integer priority = pod.spec().priority();
    if (priority != null) {
      return priority;
    }
    lock.readLock().lock();
    try {
      String className = pod.spec().priorityClassName();
      PriorityClass named = className.isEmpty() ? null : priorityClasses.get(className);
      if (named != null) {
        return named.value();
      }
      return globalDefault().map(PriorityClass::value).orElse(0);
    } finally {
      lock.readLock().unlock();
    }
  }

  /** Objects of one kind by namespace, then name, each in the order first added. */
  private static final class Namespaced<T extends KubeObject> {
    private final Map<String, Map<String, T>> byNamespace = new LinkedHashMap<>();

    void apply(T object, boolean delete) {
      String namespace = object.metadata().namespace();
      String name = object.metadata().name();
      if (delete) {
        Map<String, T> names = byNamespace.get(namespace);
        if (names != null) {
          names.remove(name);
          if (names.isEmpty()) {
            byNamespace.remove(namespace);
          }
        }
      } else {
        byNamespace.computeIfAbsent(namespace, n -> new LinkedHashMap<>()).put(name, object);
      }
    }

    Optional<T> get(String namespace, String name) {
      Map<String, T> names = byNamespace.get(namespace);
      return names == null ? Optional.empty() : Optional.ofNullable(names.get(name));
    }

    List<T> list(String namespace) {
      Map<String, T> names = byNamespace.get(namespace);
      return names == null ? List.of() : List.copyOf(names.values());
    }

    List<T> all() {
      List<T> all = new ArrayList<>();
      for (Map<String, T> names : byNamespace.values()) {
        all.addAll(names.values());
      }
      return Collections.unmodifiableList(all);
    }
  }
}
