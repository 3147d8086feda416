package io.schedkit.framework;

import io.schedkit.framework.model.Quantity;
import io.schedkit.framework.model.ResourceList;
import io.schedkit.framework.model.ResourceNames;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An amount of every schedulable resource, as a vector of {@code long}s indexed by interned
 * resource ids: cpu in millicores, memory and ephemeral storage in bytes, a pod count, and scalar
 * resources (extended resources, {@code hugepages-*}, {@code attachable-volumes-*}) in their
 * integer units.
 *
 * <p>Read-only for plugins; the framework mutates the vectors it owns inside {@link NodeInfo} and
 * {@link PodInfo}. Ids are global to the JVM: {@link #CPU}, {@link #MEMORY}, {@link
 * #EPHEMERAL_STORAGE} and {@link #PODS} are fixed, scalar names get the next id on first use
 * ({@link #idOf}). Resource names other than these four and scalar names are not tracked, as
 * upstream.
 */
public final class Resource {
  /** Id of {@code cpu}, in millicores. */
  public static final int CPU = 0;

  /** Id of {@code memory}, in bytes. */
  public static final int MEMORY = 1;

  /** Id of {@code ephemeral-storage}, in bytes. */
  public static final int EPHEMERAL_STORAGE = 2;

  /** Id of {@code pods}, a count. */
  public static final int PODS = 3;

  /** The first id given to a scalar resource. */
  public static final int FIRST_SCALAR = 4;

  private static final Map<String, Integer> IDS = new ConcurrentHashMap<>();
  private static volatile String[] names = {
    ResourceNames.CPU, ResourceNames.MEMORY, ResourceNames.EPHEMERAL_STORAGE, ResourceNames.PODS
  };

  static {
    for (int i = 0; i < names.length; i++) {
      IDS.put(names[i], i);
    }
  }

  private static final long[] EMPTY = new long[0];

  // The four core amounts live in fields and scalars in an array indexed by id - FIRST_SCALAR, so
  // the common case (cpu, memory, pods) reads the object itself: Filter and Score read three of
  // these vectors for every node they look at, and an array behind each was one more cache miss.
  private long cpu;
  private long memory;
  private long ephemeralStorage;
  private long podCount;
  private long[] scalars;

  /** A zero vector. */
  public Resource() {
    this.scalars = EMPTY;
  }

  /**
   * The id of {@code resourceName}, interning scalar names, or -1 for a name that is neither one of
   * the four core resources nor a scalar resource.
   *
   * @param resourceName the resource name, for example {@code cpu} or {@code nvidia.com/gpu}
   * @return the id, or -1 for a resource that is not tracked
   */
  public static int idOf(String resourceName) {
    Integer id = IDS.get(resourceName);
    if (id != null) {
      return id;
    }
    if (!ResourceNames.isScalar(resourceName)) {
      return -1;
    }
    synchronized (IDS) {
      id = IDS.get(resourceName);
      if (id == null) {
        String[] grown = Arrays.copyOf(names, names.length + 1);
        grown[names.length] = resourceName;
        id = names.length;
        names = grown;
        IDS.put(resourceName, id);
      }
      return id;
    }
  }

  /**
   * The name of resource {@code id}.
   *
   * @param id an id returned by {@link #idOf}
   * @return the resource name
   */
  public static String nameOf(int id) {
    return names[id];
  }

  /**
   * The vector of {@code list}: cpu as millicores, every other resource as its integer value
   * (rounded up, as Kubernetes does). Names that are not tracked are ignored.
   *
   * @param list the resource list, for example a container's requests
   * @return a new vector
   */
  public static Resource of(ResourceList list) {
    Resource r = new Resource();
    r.addAll(list);
    return r;
  }

  /**
   * The amount of resource {@code id} (0 when absent).
   *
   * @param id the resource id, at least 0
   * @return the amount, in the resource's unit
   */
  public long get(int id) {
    switch (id) {
      case CPU:
        return cpu;
      case MEMORY:
        return memory;
      case EPHEMERAL_STORAGE:
        return ephemeralStorage;
      case PODS:
        return podCount;
      default:
        int i = id - FIRST_SCALAR;
        return i < scalars.length ? scalars[i] : 0;
    }
  }

  /**
   * Millicores of cpu.
   *
   * @return the cpu amount, in millicores
   */
  public long milliCpu() {
    return cpu;
  }

  /**
   * Bytes of memory.
   *
   * @return the memory amount, in bytes
   */
  public long memory() {
    return memory;
  }

  /**
   * Bytes of ephemeral storage.
   *
   * @return the ephemeral storage amount, in bytes
   */
  public long ephemeralStorage() {
    return ephemeralStorage;
  }

  /**
   * The number of pods.
   *
   * @return the pod count
   */
  public long pods() {
    return podCount;
  }

  /**
   * One more than the highest id that may be non-zero: iterate ids below it.
   *
   * @return the bound of the ids, at least 0
   */
  public int length() {
    return FIRST_SCALAR + scalars.length;
  }

  /**
   * Whether some scalar resource is non-zero.
   *
   * @return true if an id from {@link #FIRST_SCALAR} on has a non-zero amount
   */
  public boolean hasScalars() {
    for (long v : scalars) {
      if (v != 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether every amount is zero.
   *
   * @return true for a zero vector
   */
  public boolean isZero() {
    return cpu == 0 && memory == 0 && ephemeralStorage == 0 && podCount == 0 && !hasScalars();
  }

  /**
   * An independent copy.
   *
   * @return the copy
   */
  public Resource copy() {
    Resource r = new Resource();
    r.cpu = cpu;
    r.memory = memory;
    r.ephemeralStorage = ephemeralStorage;
    r.podCount = podCount;
    r.scalars = scalars.length == 0 ? EMPTY : scalars.clone();
    return r;
  }

  /**
   * This vector as a resource list (cpu as a milli quantity), omitting zero amounts.
   *
   * @return the resource list, by resource name
   */
  public ResourceList toResourceList() {
    Map<String, Quantity> m = new java.util.TreeMap<>();
    for (int i = 0; i < length(); i++) {
      long v = get(i);
      if (v != 0) {
        m.put(nameOf(i), i == CPU ? Quantity.ofMillis(v) : Quantity.of(v));
      }
    }
    return ResourceList.of(m);
  }

  void set(int id, long value) {
    switch (id) {
      case CPU -> cpu = value;
      case MEMORY -> memory = value;
      case EPHEMERAL_STORAGE -> ephemeralStorage = value;
      case PODS -> podCount = value;
      default -> {
        ensureScalar(id);
        scalars[id - FIRST_SCALAR] = value;
      }
    }
  }

  void add(int id, long value) {
    set(id, get(id) + value);
  }

  void add(Resource other) {
    cpu += other.cpu;
    memory += other.memory;
    ephemeralStorage += other.ephemeralStorage;
    podCount += other.podCount;
    if (other.scalars.length > 0) {
      ensureScalar(FIRST_SCALAR + other.scalars.length - 1);
      for (int i = 0; i < other.scalars.length; i++) {
        scalars[i] += other.scalars[i];
      }
    }
  }

  void subtract(Resource other) {
    cpu -= other.cpu;
    memory -= other.memory;
    ephemeralStorage -= other.ephemeralStorage;
    podCount -= other.podCount;
    if (other.scalars.length > 0) {
      ensureScalar(FIRST_SCALAR + other.scalars.length - 1);
      for (int i = 0; i < other.scalars.length; i++) {
        scalars[i] -= other.scalars[i];
      }
    }
  }

  void setMax(Resource other) {
    cpu = Math.max(cpu, other.cpu);
    memory = Math.max(memory, other.memory);
    ephemeralStorage = Math.max(ephemeralStorage, other.ephemeralStorage);
    podCount = Math.max(podCount, other.podCount);
    if (other.scalars.length > 0) {
      ensureScalar(FIRST_SCALAR + other.scalars.length - 1);
      for (int i = 0; i < other.scalars.length; i++) {
        scalars[i] = Math.max(scalars[i], other.scalars[i]);
      }
    }
  }

  void addAll(ResourceList list) {
    for (Map.Entry<String, Quantity> e : list.asMap().entrySet()) {
      int id = idOf(e.getKey());
      if (id >= 0) {
        add(id, id == CPU ? e.getValue().milliValue() : e.getValue().value());
      }
    }
  }

  private void ensureScalar(int id) {
    int i = id - FIRST_SCALAR;
    if (i >= scalars.length) {
      scalars = Arrays.copyOf(scalars, i + 1);
    }
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Resource)) {
      return false;
    }
    Resource other = (Resource) o;
    int n = Math.max(length(), other.length());
    for (int i = 0; i < n; i++) {
      if (get(i) != other.get(i)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = 1;
    int last = length() - 1;
    while (last >= 0 && get(last) == 0) {
      last--;
    }
    for (int i = 0; i <= last; i++) {
      h = 31 * h + Long.hashCode(get(i));
    }
    return h;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    for (int i = 0; i < length(); i++) {
      long v = get(i);
      if (v != 0) {
        if (sb.length() > 1) {
          sb.append(", ");
        }
        sb.append(nameOf(i)).append('=').append(v);
      }
    }
    return sb.append('}').toString();
  }
}
