package io.schedkit.core.cache;

import io.schedkit.framework.Clock;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.ContainerImage;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scheduler's cache of nodes and the pods on them, bound and assumed, kept as per-node {@link
 * NodeInfo} aggregates that the host's events and the scheduler's decisions update incrementally;
 * each scheduling cycle starts by copying what changed into its {@link Snapshot}.
 *
 * <p>Pod states (kube-scheduler's): {@link #assumePod} puts a pod the scheduler has just placed on
 * its node (Assumed); the host confirms it with {@link #addPod} (Added) or the scheduler undoes it
 * with {@link #forgetPod} after a failure; {@link #removePod} ends both states. {@link
 * #finishBinding} starts an assumed pod's expiry deadline when a TTL is set, and {@link
 * #cleanupExpiredAssumedPods} drops assumed pods past their deadline. The default TTL is zero:
 * assumed pods never expire (kube-scheduler since issue #106361).
 *
 * <p>Design note (invariants, all guarded by one read-write lock):
 *
 * <ul>
 *   <li>Every cached pod is keyed by UID in {@code podStates} and sits in exactly one NodeInfo, the
 *       one of its {@code spec.nodeName}; {@code assumedPods} is a subset of {@code podStates}.
 *   <li>A NodeInfo exists while its node is known or while it has pods. A pod may arrive before its
 *       node and a node may be removed before its pods: such a NodeInfo has no node (a "ghost"), is
 *       left out of snapshots, and disappears with its last pod.
 *   <li>The NodeInfos form a doubly linked list ordered by generation, newest first: every change
 *       takes a new value of the global generation counter and moves the NodeInfo to the head, so
 *       {@link #updateSnapshot} copies only the prefix newer than the snapshot.
 *   <li>The node tree holds exactly the nodes that are known (NodeInfos with a node), and the image
 *       map holds, for each image name, the known nodes that report it.
 * </ul>
 *
 * <p>Errors are {@link IllegalStateException}s with upstream's wording (the pod is written as
 * {@code uid(namespace/name)}) and leave the cache unchanged; pods without a UID or, where one is
 * needed, without {@code spec.nodeName} are rejected with {@link IllegalArgumentException}.
 */
public final class SchedulerCache {
  private static final Logger log = LoggerFactory.getLogger(SchedulerCache.class);

  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final Duration ttl;
  private final Clock clock;

  private final Map<String, Item> nodes = new HashMap<>();
  private Item head;
  private final NodeTree tree = new NodeTree();
  private final Map<String, PodState> podStates = new HashMap<>();
  private final Set<String> assumedPods = new LinkedHashSet<>();
  private final Map<String, Set<String>> imageNodes = new HashMap<>();
  private long imagesVersion;
  private Map<String, Integer> imageCounts = Map.of();
  private long imageCountsVersion;

  /** A cache whose assumed pods never expire. */
  public SchedulerCache() {
    this.ttl = Duration.ZERO;
    this.clock = null;
  }

  /**
   * A cache whose assumed pods expire {@code ttl} after their binding finished ({@link
   * Duration#ZERO}: never), measured on {@code clock}.
   *
   * @throws IllegalArgumentException if {@code ttl} is negative
   */
  public SchedulerCache(Duration ttl, Clock clock) {
    if (ttl.isNegative()) {
      throw new IllegalArgumentException("assumed pod TTL must not be negative: " + ttl);
    }
    this.ttl = ttl;
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  // ---- nodes ----

  /** Adds {@code node}, or replaces it if a node of that name is known (as {@link #updateNode}). */
  public void addNode(Node node) {
    Objects.requireNonNull(node, "node");
    lock.writeLock().lock();
    try {
      putNode(node);
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * Replaces node {@code newNode.name()} with {@code newNode}, adding it if unknown. The cache
   * relies on its own copy of the previous node, so {@code oldNode} only has to name the same node
   * (it may be null).
   *
   * @throws IllegalArgumentException if the two nodes have different names
   */
  public void updateNode(Node oldNode, Node newNode) {
    Objects.requireNonNull(newNode, "newNode");
    if (oldNode != null && !oldNode.name().equals(newNode.name())) {
      throw new IllegalArgumentException(
          "node update changes the name from " + oldNode.name() + " to " + newNode.name());
    }
    lock.writeLock().lock();
    try {
      putNode(newNode);
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * Removes node {@code node.name()}. Its pods stay cached (on a ghost NodeInfo left out of
   * snapshots) until the host removes them.
   *
   * @throws IllegalStateException if the node is not known
   */
  public void removeNode(Node node) {
    Objects.requireNonNull(node, "node");
    String name = node.name();
    lock.writeLock().lock();
    try {
      Item item = nodes.get(name);
      if (item == null || item.info.node() == null) {
        throw new IllegalStateException("node " + name + " is not found");
      }
      removeImages(item.info.node());
      item.info.removeNode();
      if (item.info.pods().isEmpty()) {
        unlink(item);
      } else {
        moveToHead(item);
      }
      tree.remove(name);
    } finally {
      lock.writeLock().unlock();
    }
  }

  private void putNode(Node node) {
    Item item = nodes.get(node.name());
    if (item == null) {
      item = newItem(node.name());
    }
    Node previous = item.info.node();
    if (previous == null || !imageNames(previous).equals(imageNames(node))) {
      removeImages(previous);
      addImages(node);
    }
    item.info.setNode(node);
    moveToHead(item);
    tree.put(node);
  }

  // ---- pods ----

  /**
   * Records that the scheduler placed {@code pod} on its {@code spec.nodeName}, before the host
   * confirms the binding: its requests and ports count on that node from now on.
   *
   * @throws IllegalStateException if a pod with that UID is already cached
   * @throws IllegalArgumentException if the pod has no UID or no node name
   */
  public void assumePod(PodInfo pod) {
    Pod p = pod.pod();
    requireUid(p);
    requireNodeName(p);
    lock.writeLock().lock();
    try {
      if (podStates.containsKey(p.uid())) {
        throw new IllegalStateException(
            "pod " + describe(p) + " is in the cache, so can't be assumed");
      }
      addPodInfo(pod, true);
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * Records that binding {@code pod} finished (successfully or not, the host has yet to confirm):
   * with a TTL, the assumed pod expires that long from now unless the host confirms it first. Does
   * nothing for a pod that is not assumed.
   */
  public void finishBinding(Pod pod) {
    requireUid(pod);
    lock.writeLock().lock();
    try {
      PodState state = podStates.get(pod.uid());
      if (state != null && assumedPods.contains(pod.uid())) {
        state.bindingFinished = true;
        state.deadline = ttl.isZero() ? null : clock.now().plus(ttl);
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * Undoes {@link #assumePod} for {@code pod}, which must be assumed on the same node.
   *
   * @throws IllegalStateException if the pod is cached on another node, or is not assumed
   */
  public void forgetPod(Pod pod) {
    requireUid(pod);
    lock.writeLock().lock();
    try {
      PodState state = podStates.get(pod.uid());
      if (state != null && !state.pod.nodeName().equals(pod.nodeName())) {
        throw new IllegalStateException(
            "pod "
                + describe(pod)
                + " was assumed on "
                + pod.nodeName()
                + " but assigned to "
                + state.pod.nodeName());
      }
      if (state == null || !assumedPods.contains(pod.uid())) {
        throw new IllegalStateException(
            "pod " + describe(pod) + " wasn't assumed so cannot be forgotten");
      }
      removeCachedPod(state.pod);
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * Records that the host reports {@code pod} bound to its {@code spec.nodeName}: confirms an
   * assumed pod (replacing the assumed copy, even when the host bound it to another node) or adds a
   * pod the cache did not know, such as one bound by another scheduler or one whose assumption
   * expired.
   *
   * @throws IllegalStateException if the pod was already added
   * @throws IllegalArgumentException if the pod has no UID or no node name
   */
  public void addPod(Pod pod) {
    requireUid(pod);
    requireNodeName(pod);
    PodInfo info = PodInfo.of(pod);
    lock.writeLock().lock();
    try {
      PodState state = podStates.get(pod.uid());
      if (state == null) {
        addPodInfo(info, false);
      } else if (assumedPods.contains(pod.uid())) {
        if (!state.pod.nodeName().equals(pod.nodeName())) {
          log.info(
              "Pod {} was added to node {}, not to node {} where it was assumed",
              describe(pod),
              pod.nodeName(),
              state.pod.nodeName());
        }
        removeCachedPod(state.pod);
        addPodInfo(info, false);
      } else {
        throw new IllegalStateException("pod " + describe(pod) + " was already in added state");
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * Replaces added pod {@code oldPod} with {@code newPod} (same UID, same node).
   *
   * @throws IllegalStateException if the pod is not cached, is still assumed (it must be added
   *     first), or {@code newPod} names another node
   * @throws IllegalArgumentException if the pods have no UID or different UIDs
   */
  public void updatePod(Pod oldPod, Pod newPod) {
    requireUid(oldPod);
    if (!oldPod.uid().equals(newPod.uid())) {
      throw new IllegalArgumentException(
          "pod update changes the UID of "
              + oldPod.namespace()
              + "/"
              + oldPod.name()
              + " from "
              + oldPod.uid()
              + " to "
              + newPod.uid());
    }
    PodInfo info = PodInfo.of(newPod);
    lock.writeLock().lock();
    try {
      PodState state = podStates.get(oldPod.uid());
      if (state == null) {
        throw new IllegalStateException(
            "pod " + describe(oldPod) + " is not added to scheduler cache, so cannot be updated");
      }
      if (assumedPods.contains(oldPod.uid())) {
        throw new IllegalStateException(
            "assumed pod " + describe(oldPod) + " should not be updated");
      }
      if (!state.pod.nodeName().equals(newPod.nodeName())) {
        throw new IllegalStateException(
            "pod "
                + describe(oldPod)
                + " updated on a different node than previously added to: "
                + newPod.nodeName()
                + " instead of "
                + state.pod.nodeName());
      }
      removeCachedPod(state.pod);
      addPodInfo(info, false);
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * Removes {@code pod}, assumed or added, from the node the cache has it on.
   *
   * @throws IllegalStateException if the pod is not cached
   */
  public void removePod(Pod pod) {
    requireUid(pod);
    lock.writeLock().lock();
    try {
      PodState state = podStates.get(pod.uid());
      if (state == null) {
        throw new IllegalStateException(
            "pod "
                + describe(pod)
                + " is not found in scheduler cache, so cannot be removed from it");
      }
      if (!pod.nodeName().isEmpty() && !state.pod.nodeName().equals(pod.nodeName())) {
        log.error(
            "Pod {} removed from node {} but cached on node {}; removing the cached copy",
            describe(pod),
            pod.nodeName(),
            state.pod.nodeName());
      }
      removeCachedPod(state.pod);
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Whether {@code pod} (by UID) is assumed and not yet confirmed by the host. */
  public boolean isAssumedPod(Pod pod) {
    requireUid(pod);
    lock.readLock().lock();
    try {
      return assumedPods.contains(pod.uid());
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * The cached version of {@code pod} (by UID), even if its node was removed; empty if the pod is
   * not cached.
   */
  public Optional<Pod> getPod(Pod pod) {
    requireUid(pod);
    lock.readLock().lock();
    try {
      PodState state = podStates.get(pod.uid());
      return state == null ? Optional.empty() : Optional.of(state.pod);
    } finally {
      lock.readLock().unlock();
    }
  }

  /** The number of cached pods, assumed and added, including those on removed nodes. */
  public int podCount() {
    lock.readLock().lock();
    try {
      return podStates.size();
    } finally {
      lock.readLock().unlock();
    }
  }

  /** The number of assumed pods (not yet confirmed by the host). */
  public int assumedPodCount() {
    lock.readLock().lock();
    try {
      return assumedPods.size();
    } finally {
      lock.readLock().unlock();
    }
  }

  /** The number of NodeInfos, including those of removed nodes that still have pods. */
  public int nodeCount() {
    lock.readLock().lock();
    try {
      return nodes.size();
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * Removes the assumed pods whose binding finished more than the TTL before {@code now} and that
   * the host has not confirmed. Does nothing when the TTL is zero.
   *
   * @return the expired pods, in the order they were assumed
   */
  public List<Pod> cleanupExpiredAssumedPods(Instant now) {
    Objects.requireNonNull(now, "now");
    if (ttl.isZero()) {
      return List.of();
    }
    lock.writeLock().lock();
    try {
      List<Pod> expired = new ArrayList<>();
      for (String uid : assumedPods) {
        PodState state = podStates.get(uid);
        if (state.bindingFinished && now.isAfter(state.deadline)) {
          expired.add(state.pod);
        }
      }
      for (Pod pod : expired) {
        log.info("Assumed pod {} expired", describe(pod));
        removeCachedPod(pod);
      }
      return expired;
    } finally {
      lock.writeLock().unlock();
    }
  }

  // ---- snapshot ----

  /**
   * Brings {@code snapshot} up to date: copies the NodeInfos that changed since its generation,
   * drops removed nodes, rebuilds its node list when nodes were added, removed or reordered and its
   * affinity lists when a node gained or lost its last pod with (anti-)affinity, and refreshes the
   * image counts when images changed. A snapshot last updated by another cache (or built with
   * {@link Snapshot#of}) is rebuilt from scratch. The caller must not read the snapshot while this
   * runs.
   */
  public void updateSnapshot(Snapshot snapshot) {
    lock.writeLock().lock();
    try {
      if (snapshot.owner != this) {
        snapshot.clear();
        snapshot.owner = this;
      }
      long since = snapshot.generation();
      boolean rebuildAll = snapshot.treeVersion != tree.version();
      List<String> affinityChanged = new ArrayList<>();
      for (Item item = head; item != null; item = item.next) {
        NodeInfo info = item.info;
        if (info.generation() <= since) {
          break;
        }
        if (info.node() == null) {
          continue;
        }
        NodeInfo copy = info.copy();
        NodeInfo previous;
        if (snapshot.holds(item.slot)) {
          previous = snapshot.replace(item.slot, copy);
        } else {
          previous = snapshot.put(item.name, copy);
          item.slot = snapshot.slot(item.name);
        }
        if (previous == null) {
          rebuildAll = true;
        } else if (previous.podsWithAffinity().isEmpty() != copy.podsWithAffinity().isEmpty()
            || previous.podsWithRequiredAntiAffinity().isEmpty()
                != copy.podsWithRequiredAntiAffinity().isEmpty()) {
          affinityChanged.add(item.name);
        }
      }
      if (head != null && head.info.generation() > since) {
        snapshot.setGeneration(head.info.generation());
      }
      if (snapshot.nodeCount() > tree.size()) {
        snapshot.removeIf(name -> !tree.contains(name));
        rebuildAll = true;
      }
      if (rebuildAll) {
        List<String> missing = snapshot.rebuildLists(tree.list());
        if (!missing.isEmpty()) {
          log.error("Nodes {} are in the node tree but not in the snapshot", missing);
        }
        snapshot.treeVersion = tree.version();
      } else if (!affinityChanged.isEmpty()) {
        snapshot.updateAffinityLists(affinityChanged);
      }
      if (snapshot.imagesVersion != imagesVersion) {
        snapshot.setImageNodeCounts(imageCounts(), imagesVersion);
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** The image counts for the current image map, built once per image-map version. */
  private Map<String, Integer> imageCounts() {
    if (imageCountsVersion != imagesVersion) {
      imageCounts = Snapshot.imageNodeCounts(imageNodes);
      imageCountsVersion = imagesVersion;
    }
    return imageCounts;
  }

  // ---- debugging ----

  /**
   * What the cache holds, for tests and debugging: a copy of every NodeInfo (ghosts included,
   * newest change first) and the assumed pods by UID (in the order they were assumed).
   *
   * @param nodes copies of the NodeInfos by node name
   * @param assumedPods the assumed pods by UID
   */
  public record Dump(Map<String, NodeInfo> nodes, Map<String, Pod> assumedPods) {}

  /** An immutable copy of the cache's nodes and assumed pods; expensive, not for the hot path. */
  public Dump dump() {
    lock.readLock().lock();
    try {
      Map<String, NodeInfo> copies = new LinkedHashMap<>();
      for (Item item = head; item != null; item = item.next) {
        copies.put(item.name, item.info.copy());
      }
      Map<String, Pod> assumed = new LinkedHashMap<>();
      for (String uid : assumedPods) {
        assumed.put(uid, podStates.get(uid).pod);
      }
      return new Dump(Collections.unmodifiableMap(copies), Collections.unmodifiableMap(assumed));
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * What the cache holds for the named nodes (those it has, ghosts included, in the order named)
   * and every assumed pod: {@link #dump()} restricted to a few nodes, cheap enough to take after
   * each change.
   */
  public Dump dump(Collection<String> nodeNames) {
    lock.readLock().lock();
    try {
      Map<String, NodeInfo> copies = new LinkedHashMap<>();
      for (String name : nodeNames) {
        Item item = nodes.get(name);
        if (item != null) {
          copies.put(name, item.info.copy());
        }
      }
      Map<String, Pod> assumed = new LinkedHashMap<>();
      for (String uid : assumedPods) {
        assumed.put(uid, podStates.get(uid).pod);
      }
      return new Dump(Collections.unmodifiableMap(copies), Collections.unmodifiableMap(assumed));
    } finally {
      lock.readLock().unlock();
    }
  }

  /** The node names from the most to the least recently changed, for tests. */
  List<String> recencyOrder() {
    lock.readLock().lock();
    try {
      List<String> names = new ArrayList<>();
      for (Item item = head; item != null; item = item.next) {
        names.add(item.name);
      }
      return names;
    } finally {
      lock.readLock().unlock();
    }
  }

  /** The node tree's zones with their node names, for tests. */
  Map<String, List<String>> zones() {
    lock.readLock().lock();
    try {
      return tree.zones();
    } finally {
      lock.readLock().unlock();
    }
  }

  // ---- internals, lock held ----

  private void addPodInfo(PodInfo info, boolean assumed) {
    Pod pod = info.pod();
    Item item = nodes.get(pod.nodeName());
    if (item == null) {
      item = newItem(pod.nodeName());
    }
    item.info.addPod(info);
    moveToHead(item);
    podStates.put(pod.uid(), new PodState(pod));
    if (assumed) {
      assumedPods.add(pod.uid());
    }
  }

  /** Removes {@code pod}, the cached version, from its node and from the pod maps. */
  private void removeCachedPod(Pod pod) {
    Item item = nodes.get(pod.nodeName());
    if (item == null || !item.info.removePod(pod)) {
      log.error("Pod {} is cached but not on its node {}", describe(pod), pod.nodeName());
    } else if (item.info.pods().isEmpty() && item.info.node() == null) {
      unlink(item);
    } else {
      moveToHead(item);
    }
    podStates.remove(pod.uid());
    assumedPods.remove(pod.uid());
  }

  private Item newItem(String name) {
    Item item = new Item(name, new NodeInfo());
    nodes.put(name, item);
    return item;
  }

  private void moveToHead(Item item) {
    if (item == head) {
      return;
    }
    if (item.prev != null) {
      item.prev.next = item.next;
    }
    if (item.next != null) {
      item.next.prev = item.prev;
    }
    item.prev = null;
    item.next = head;
    if (head != null) {
      head.prev = item;
    }
    head = item;
  }

  private void unlink(Item item) {
    if (item.prev != null) {
      item.prev.next = item.next;
    }
    if (item.next != null) {
      item.next.prev = item.prev;
    }
    if (item == head) {
      head = item.next;
    }
    item.prev = null;
    item.next = null;
    nodes.remove(item.name);
  }

  private static Set<String> imageNames(Node node) {
    Set<String> names = new HashSet<>();
    for (ContainerImage image : node.status().images()) {
      names.addAll(image.names());
    }
    return names;
  }

  private void addImages(Node node) {
    boolean changed = false;
    for (ContainerImage image : node.status().images()) {
      for (String name : image.names()) {
        changed |= imageNodes.computeIfAbsent(name, n -> new HashSet<>()).add(node.name());
      }
    }
    if (changed) {
      imagesVersion++;
    }
  }

  private void removeImages(Node node) {
    if (node == null) {
      return;
    }
    boolean changed = false;
    for (ContainerImage image : node.status().images()) {
      for (String name : image.names()) {
        Set<String> holders = imageNodes.get(name);
        if (holders != null && holders.remove(node.name())) {
          changed = true;
          if (holders.isEmpty()) {
            imageNodes.remove(name);
          }
        }
      }
    }
    if (changed) {
      imagesVersion++;
    }
  }

  private static void requireUid(Pod pod) {
    if (pod.uid().isEmpty()) {
      throw new IllegalArgumentException(
          "pod " + pod.namespace() + "/" + pod.name() + " has no UID; the cache keys pods by UID");
    }
  }

  private static void requireNodeName(Pod pod) {
    if (pod.nodeName().isEmpty()) {
      throw new IllegalArgumentException("pod " + describe(pod) + " has no spec.nodeName");
    }
  }

  /** Upstream's {@code key(klog.KObj(pod))}: {@code uid(namespace/name)}. */
  static String describe(Pod pod) {
    String ref = pod.namespace().isEmpty() ? pod.name() : pod.namespace() + "/" + pod.name();
    return pod.uid() + "(" + ref + ")";
  }

  /** A NodeInfo and its place in the recency list. */
  private static final class Item {
    final String name;
    final NodeInfo info;
    Item prev;
    Item next;

    /**
     * The node's place in the snapshot last updated, so that an update finds it without a lookup by
     * name; used while that snapshot {@linkplain Snapshot#holds holds} it.
     */
    Snapshot.Slot slot;

    Item(String name, NodeInfo info) {
      this.name = name;
      this.info = info;
    }
  }

  /** What the cache knows about one pod beyond its NodeInfo. */
  private static final class PodState {
    final Pod pod;
    boolean bindingFinished;
    Instant deadline;

    PodState(Pod pod) {
      this.pod = pod;
    }
  }
}
