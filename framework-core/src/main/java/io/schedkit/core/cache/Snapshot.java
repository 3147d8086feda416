package io.schedkit.core.cache;

import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.fastpath.IndexedNodeLister;
import io.schedkit.framework.fastpath.NodeColumns;
import io.schedkit.framework.internal.ListPositions;
import io.schedkit.framework.model.ContainerImage;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.RandomAccess;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The frozen view of the cluster that one scheduling cycle works on: a copy of every node's {@link
 * NodeInfo} in node-tree order (round-robin over zones), the nodes that run pods with pod
 * (anti-)affinity, and how many nodes hold each image.
 *
 * <p>A scheduler keeps one long-lived snapshot and brings it up to date with {@link
 * SchedulerCache#updateSnapshot} at the start of each cycle; only the nodes that changed since the
 * previous update are copied. {@link #of} builds one from scratch instead, for tests and tools.
 *
 * <p>Design note: the snapshot never shares a mutable object with the cache; a changed node gets a
 * new copy rather than an in-place update, so a {@link NodeInfo} a previous cycle still holds stays
 * as it was. Each node sits in a slot, and the three lists hold slots, so replacing a node's copy
 * updates every list it is in without rebuilding them (upstream keeps the pointer and overwrites
 * the struct for the same reason); the node list also keeps the copies in a flat array for Filter
 * and Score, and logs the positions it replaced ({@link #changedSince}). The node list is rebuilt
 * only when membership or order changes; the affinity lists take nodes in and out in place. Not
 * thread-safe for writes: the scheduler updates it between cycles, and plugins then read it
 * concurrently from any thread.
 */
public final class Snapshot implements IndexedNodeLister {
  private static final Slot[] NO_SLOTS = new Slot[0];

  private final Map<String, Slot> slots = new HashMap<>();
  private SlotList nodes = new SlotList(NO_SLOTS);
  private AffinityList withAffinity = new AffinityList(NO_SLOTS);
  private AffinityList withRequiredAntiAffinity = new AffinityList(NO_SLOTS);
  private Map<String, Integer> imageNodeCounts = Map.of();
  private long generation;

  /** Replacements of a NodeInfo in the node list so far; see {@link #changeStamp()}. */
  private long changeStamp;

  /** The positions replaced, by stamp modulo the log's length (the last {@link #LOG} only). */
  private final int[] changeLog = new int[LOG];

  private static final int LOG = 1024;

  /** The cache that last updated this snapshot, or null. */
  SchedulerCache owner;

  /** The {@link NodeTree#version()} the node list was built from. */
  long treeVersion = -1;

  /** The version of the cache's image map that {@link #imageNodeCounts} reflects. */
  long imagesVersion = -1;

  /** An empty snapshot, ready for {@link SchedulerCache#updateSnapshot}. */
  public Snapshot() {}

  /**
   * A snapshot built from scratch: {@code nodes} in node-tree order (zones in order of first
   * appearance, nodes in list order within a zone) with {@code pods} placed on the node named by
   * their {@code spec.nodeName}, in list order. Pods without a node, and pods on a node not in
   * {@code nodes}, are left out, as the cache leaves out nodes it knows only from their pods.
   *
   * @throws IllegalArgumentException if two nodes have the same name
   */
  public static Snapshot of(List<Node> nodes, List<Pod> pods) {
    Snapshot snapshot = new Snapshot();
    NodeTree tree = new NodeTree();
    Map<String, Set<String>> imageNodes = new HashMap<>();
    for (Node node : nodes) {
      if (snapshot.slots.containsKey(node.name())) {
        throw new IllegalArgumentException("duplicate node " + node.name());
      }
      snapshot.put(node.name(), NodeInfo.of(node));
      tree.put(node);
      for (ContainerImage image : node.status().images()) {
        for (String name : image.names()) {
          imageNodes.computeIfAbsent(name, n -> new HashSet<>()).add(node.name());
        }
      }
    }
    for (Pod pod : pods) {
      Slot slot = snapshot.slots.get(pod.nodeName());
      if (slot != null) {
        slot.info.addPod(PodInfo.of(pod));
      }
    }
    snapshot.rebuildLists(tree.list());
    snapshot.setImageNodeCounts(imageNodeCounts(imageNodes), -1);
    return snapshot;
  }

  /** Counts the nodes of every image in {@code imageNodes}, as an immutable map. */
  static Map<String, Integer> imageNodeCounts(Map<String, Set<String>> imageNodes) {
    Map<String, Integer> counts = new HashMap<>(imageNodes.size() * 2);
    imageNodes.forEach((image, names) -> counts.put(image, names.size()));
    return Collections.unmodifiableMap(counts);
  }

  @Override
  public List<NodeInfo> list() {
    return nodes;
  }

  @Override
  public Optional<NodeInfo> get(String nodeName) {
    Slot slot = slots.get(nodeName);
    return slot == null ? Optional.empty() : Optional.of(slot.info);
  }

  @Override
  public List<NodeInfo> havePodsWithAffinity() {
    return withAffinity;
  }

  @Override
  public List<NodeInfo> havePodsWithRequiredAntiAffinity() {
    return withRequiredAntiAffinity;
  }

  @Override
  public int imageNodeCount(String imageName) {
    return imageNodeCounts.getOrDefault(imageName, 0);
  }

  @Override
  public int size() {
    return nodes.size();
  }

  /**
   * True once a {@link SchedulerCache} keeps this snapshot: the cache gives a changed node a new
   * copy and nobody changes copies in place. False for a snapshot built with {@link #of}, whose
   * NodeInfos tests and tools may change in place.
   */
  @Override
  public boolean replacesChangedNodes() {
    return owner != null || frozen;
  }

  /** Set by {@link #freeze()}: a snapshot built with {@link #of} that nobody changes any more. */
  private boolean frozen;

  /**
   * Declares that nobody changes this snapshot's NodeInfos in place from now on (a benchmark's or a
   * tool's fixed cluster), so that it hands out {@link #columns()} and says it {@link
   * #replacesChangedNodes()}, as a snapshot kept by a {@link SchedulerCache} does.
   *
   * @return this snapshot
   */
  public Snapshot freeze() {
    nodes.refreshColumns();
    frozen = true;
    return this;
  }

  /**
   * The nodes' columns, once a {@link SchedulerCache} keeps this snapshot or it is {@link #freeze()
   * frozen}; null before, as NodeInfos of a snapshot built with {@link #of} may still be changed in
   * place.
   */
  @Override
  public NodeColumns columns() {
    return owner != null || frozen ? nodes.columns : null;
  }

  @Override
  public long changeStamp() {
    return changeStamp;
  }

  @Override
  public int positionOf(NodeInfo node) {
    int p = node.listPosition();
    return p >= 0 && p < nodes.size() && nodes.get(p) == node ? p : -1;
  }

  @Override
  public int[] changedSince(long stamp) {
    if (stamp < 0 || stamp > changeStamp || changeStamp - stamp > LOG) {
      return null;
    }
    int[] out = new int[(int) (changeStamp - stamp)];
    for (int i = 0; i < out.length; i++) {
      out[i] = changeLog[(int) ((stamp + 1 + i) % LOG)];
    }
    return out;
  }

  /**
   * The generation of the newest node change this snapshot reflects (0 for a snapshot that no cache
   * has updated).
   */
  public long generation() {
    return generation;
  }

  @Override
  public String toString() {
    return "Snapshot{nodes=" + nodes.size() + ", generation=" + generation + "}";
  }

  // ---- mutation, for SchedulerCache and of() ----

  void setGeneration(long generation) {
    this.generation = generation;
  }

  /** The number of nodes held, which may exceed {@link #size()} until the lists are rebuilt. */
  int nodeCount() {
    return slots.size();
  }

  /**
   * Stores {@code info} as the copy of node {@code name}, in place of the previous copy.
   *
   * @return the previous copy, or null if the node is new to the snapshot
   */
  NodeInfo put(String name, NodeInfo info) {
    Slot slot = slots.get(name);
    if (slot == null) {
      Slot made = new Slot(info);
      made.holder = this;
      slots.put(name, made);
      return null;
    }
    return replace(slot, info);
  }

  /**
   * The slot of node {@code name}, or null: a handle for {@link #replace}, valid while {@link
   * #holds} says so.
   */
  Slot slot(String name) {
    return slots.get(name);
  }

  /** Whether {@code slot} is one of this snapshot's nodes (not dropped since it was handed out). */
  boolean holds(Slot slot) {
    return slot != null && slot.holder == this;
  }

  /**
   * {@link #put} for the node of {@code slot}, without looking it up by name.
   *
   * @return the previous copy
   */
  NodeInfo replace(Slot slot, NodeInfo info) {
    NodeInfo previous = slot.info;
    slot.info = info;
    if (nodes.refresh(slot.index, slot)) {
      changeStamp++;
      changeLog[(int) (changeStamp % LOG)] = slot.index;
    }
    return previous;
  }

  /** Drops the nodes whose names match {@code gone}; the lists keep them until rebuilt. */
  void removeIf(Predicate<String> gone) {
    slots
        .entrySet()
        .removeIf(
            e -> {
              if (!gone.test(e.getKey())) {
                return false;
              }
              e.getValue().holder = null;
              return true;
            });
  }

  /** Drops every node, as before the first update. */
  void clear() {
    slots.values().forEach(slot -> slot.holder = null);
    slots.clear();
    nodes = new SlotList(NO_SLOTS);
    withAffinity = new AffinityList(NO_SLOTS);
    withRequiredAntiAffinity = new AffinityList(NO_SLOTS);
    imageNodeCounts = Map.of();
    generation = 0;
    treeVersion = -1;
    imagesVersion = -1;
  }

  /**
   * Rebuilds the node list in {@code order} (names this snapshot does not hold are skipped, and
   * returned) and the two affinity lists from it.
   *
   * @return the names in {@code order} that the snapshot does not hold
   */
  List<String> rebuildLists(List<String> order) {
    List<Slot> list = new ArrayList<>(order.size());
    List<String> missing = List.of();
    for (String name : order) {
      Slot slot = slots.get(name);
      if (slot != null) {
        list.add(slot);
      } else {
        if (missing.isEmpty()) {
          missing = new ArrayList<>();
        }
        missing.add(name);
      }
    }
    nodes = SlotList.withCopies(list.toArray(NO_SLOTS));
    for (int i = 0; i < nodes.slots.length; i++) {
      nodes.slots[i].index = i;
    }
    rebuildAffinityLists();
    return missing;
  }

  /** Rebuilds the two affinity lists from the node list. */
  void rebuildAffinityLists() {
    List<Slot> affinity = new ArrayList<>();
    List<Slot> antiAffinity = new ArrayList<>();
    for (Slot slot : nodes.slots) {
      if (!slot.info.podsWithAffinity().isEmpty()) {
        affinity.add(slot);
      }
      if (!slot.info.podsWithRequiredAntiAffinity().isEmpty()) {
        antiAffinity.add(slot);
      }
    }
    withAffinity = new AffinityList(affinity.toArray(NO_SLOTS));
    withRequiredAntiAffinity = new AffinityList(antiAffinity.toArray(NO_SLOTS));
  }

  /**
   * Brings the two affinity lists up to date for the nodes named {@code changed}, whose copies
   * gained their first or lost their last pod with (anti-)affinity, without walking every node:
   * each such node is inserted into, or removed from, the lists at its place in node-list order.
   * The node list must be current (not awaiting a rebuild).
   */
  void updateAffinityLists(List<String> changed) {
    for (String name : changed) {
      Slot slot = slots.get(name);
      if (slot == null) {
        continue;
      }
      if (slot.index < 0) {
        rebuildAffinityLists();
        return;
      }
      withAffinity.place(slot, !slot.info.podsWithAffinity().isEmpty());
      withRequiredAntiAffinity.place(slot, !slot.info.podsWithRequiredAntiAffinity().isEmpty());
    }
  }

  void setImageNodeCounts(Map<String, Integer> counts, long version) {
    this.imageNodeCounts = counts;
    this.imagesVersion = version;
  }

  /** A node's current copy; every list refers to the slot, so replacing the copy updates them. */
  static final class Slot {
    NodeInfo info;

    /** The snapshot whose node this is; null once dropped from it. */
    Snapshot holder;

    /** The slot's position in the node list (set when the list is built). */
    int index = -1;

    Slot(NodeInfo info) {
      this.info = info;
    }
  }

  /**
   * A read-only list of the copies in a fixed array of slots. The node list also keeps the copies
   * in a flat array ({@link #withCopies}): Filter and Score read a node per position per pod, and
   * one array load is cheaper than a load through the slot. The two affinity lists, read far less
   * and rebuilt whenever a node joins or leaves them, read through the slots.
   */
  private static final class SlotList extends AbstractList<NodeInfo> implements RandomAccess {
    final Slot[] slots;

    /** The slots' copies, kept in step with them by {@link #put}; null to read through slots. */
    final NodeInfo[] infos;

    /** The copies' numbers by position, kept in step with {@link #infos}; null without them. */
    final MutableNodeColumns columns;

    SlotList(Slot[] slots) {
      this.slots = slots;
      this.infos = null;
      this.columns = null;
    }

    private SlotList(Slot[] slots, NodeInfo[] infos) {
      this.slots = slots;
      this.infos = infos;
      this.columns = new MutableNodeColumns(infos.length);
      refreshColumns();
    }

    static SlotList withCopies(Slot[] slots) {
      NodeInfo[] infos = new NodeInfo[slots.length];
      for (int i = 0; i < slots.length; i++) {
        infos[i] = slots[i].info;
        ListPositions.set(infos[i], i);
      }
      return new SlotList(slots, infos);
    }

    /** Rewrites every row of the columns from the copies. */
    void refreshColumns() {
      if (columns != null) {
        for (int i = 0; i < infos.length; i++) {
          columns.set(i, infos[i]);
        }
      }
    }

    /** Points position {@code at} to its slot's current copy, if that slot is there. */
    boolean refresh(int at, Slot slot) {
      if (at >= 0 && at < slots.length && slots[at] == slot) {
        if (infos != null) {
          infos[at] = slot.info;
          columns.set(at, slot.info);
        }
        ListPositions.set(slot.info, at);
        return true;
      }
      return false;
    }

    @Override
    public NodeInfo get(int index) {
      return infos != null ? infos[index] : slots[index].info;
    }

    @Override
    public int size() {
      return slots.length;
    }

    /** One array copy with the copies (preemption copies the whole list when no node fits). */
    @Override
    public Object[] toArray() {
      return infos != null ? Arrays.copyOf(infos, infos.length, Object[].class) : super.toArray();
    }
  }

  /**
   * A read-only view of the slots of the nodes with (anti-)affinity pods, in node-list order,
   * changed in place between cycles as nodes join or leave it (an insertion shifts the tail of one
   * array instead of copying the whole list, as it did once per bound affinity pod).
   */
  private static final class AffinityList extends AbstractList<NodeInfo> implements RandomAccess {
    private Slot[] slots;
    private int size;

    AffinityList(Slot[] slots) {
      this.slots = slots;
      this.size = slots.length;
    }

    /** Puts {@code slot} in the list, at its place by node-list index, or takes it out. */
    void place(Slot slot, boolean member) {
      int lo = 0;
      int hi = size - 1;
      while (lo <= hi) {
        int mid = (lo + hi) >>> 1;
        int at = slots[mid].index;
        if (at < slot.index) {
          lo = mid + 1;
        } else if (at > slot.index) {
          hi = mid - 1;
        } else {
          if (!member) {
            System.arraycopy(slots, mid + 1, slots, mid, size - mid - 1);
            slots[--size] = null;
          }
          return;
        }
      }
      if (!member) {
        return;
      }
      if (size == slots.length) {
        slots = java.util.Arrays.copyOf(slots, Math.max(8, size * 2));
      }
      System.arraycopy(slots, lo, slots, lo + 1, size - lo);
      slots[lo] = slot;
      size++;
    }

    @Override
    public NodeInfo get(int index) {
      java.util.Objects.checkIndex(index, size);
      return slots[index].info;
    }

    @Override
    public int size() {
      return size;
    }
  }
}
