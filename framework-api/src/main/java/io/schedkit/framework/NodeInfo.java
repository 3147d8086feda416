package io.schedkit.framework;

import io.schedkit.framework.internal.ListPositions;
import io.schedkit.framework.model.ContainerImage;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.Taint;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A node and the aggregates the scheduler needs about it: the pods on it (bound and assumed), their
 * summed requests, the host ports they hold, the images the node has, and a generation number.
 *
 * <p>Design note (ownership and threads): the scheduler cache owns the live instances and mutates
 * them under its lock; every scheduling cycle works on a snapshot of copies that nobody mutates
 * while the cycle runs, so plugins may read them from any thread. A plugin that needs to reason
 * about a hypothetical node (preemption, nominated pods) must {@link #copy()} it first and mutate
 * only the copy. Aggregates are maintained incrementally by {@link #addPod} and {@link #removePod};
 * every mutation takes a new value from a global generation counter, so a snapshot can tell which
 * nodes changed since it was taken. A copy shares the pod lists and ports with its source until
 * either side changes them (copy-on-write): {@link #copy()} marks the source, a write every thread
 * that copies the same snapshot node makes alike, so it is safe wherever reading is.
 */
public final class NodeInfo {
  static {
    ListPositions.install((node, position) -> node.listPosition = position);
  }

  private static final AtomicLong GENERATION = new AtomicLong();

  private Node node;
  // What every Filter/Score call reads of the node, kept here so that looking at a node does not
  // reach into the Node, its metadata and its spec (three more objects, each a cache miss).
  private String name = "";
  private Map<String, String> labels = Map.of();
  private boolean unschedulable;
  private List<Taint> taints = List.of();
  // Copy-on-write: a copy shares its source's pod lists and ports (and their views) until either
  // of the two changes one of them; copy() marks the shared parts on both sides (sharedParts), and
  // the first to change a part takes its own. Preemption's dry runs and the nominated-pods pass
  // copy nodes by the thousand per pod and change only some parts. copy() writes the mark on its
  // source, so copying must not race with changing the source, as reading must not.
  private ArrayList<PodInfo> pods;
  private ArrayList<PodInfo> podsWithAffinity;
  private ArrayList<PodInfo> podsWithRequiredAntiAffinity;
  private HostPortInfo usedPorts;
  private int sharedParts;
  private static final int PODS = 1;
  private static final int PODS_WITH_AFFINITY = 2;
  private static final int PODS_WITH_REQUIRED_ANTI_AFFINITY = 4;
  private static final int PORTS = 8;
  private static final int ALL_PARTS =
      PODS | PODS_WITH_AFFINITY | PODS_WITH_REQUIRED_ANTI_AFFINITY | PORTS;
  private final Resource requested;
  private final Resource nonZeroRequested;
  private Resource allocatable;
  private Map<String, Long> imageSizes;
  private long generation;
  // Set in copies. The cache's own nodes take every generation from the global counter, which is
  // what lets a snapshot find the nodes changed since it was taken; a copy belongs to whoever
  // changes it, and a change to it only has to increase its own generation.
  private boolean isCopy;
  private int listPosition = -1;
  // The four term maps are null while empty (most nodes run no pod with pod affinity, and every
  // snapshot copy would otherwise allocate four empty maps), with their read-only views made once.
  private HashMap<AffinityTerm, Integer> requiredAffinityTermCounts;
  private HashMap<AffinityTerm, Integer> requiredAntiAffinityTermCounts;
  private HashMap<AffinityTerm, Long> preferredAffinityTermWeights;
  private HashMap<AffinityTerm, Long> preferredAntiAffinityTermWeights;
  private Map<AffinityTerm, Integer> requiredAffinityTermCountsView;
  private Map<AffinityTerm, Integer> requiredAntiAffinityTermCountsView;
  private Map<AffinityTerm, Long> preferredAffinityTermWeightsView;
  private Map<AffinityTerm, Long> preferredAntiAffinityTermWeightsView;
  private int[] memoCounts;
  // The pods' LabelBloom bits OR-ed; after removals a superset, until recomputed (see update).
  private long podBloom;
  private int removalsSinceBloom;
  private int[] memoEpochs;
  // Read-only views, made once per list: the accessors run per node per pod on the hot path.
  private List<PodInfo> podsView;
  private List<PodInfo> podsWithAffinityView;
  private List<PodInfo> podsWithRequiredAntiAffinityView;

  /** A node info without a node (the pods may arrive before their node) and without pods. */
  public NodeInfo() {
    this.pods = new ArrayList<>();
    this.podsWithAffinity = new ArrayList<>();
    this.podsWithRequiredAntiAffinity = new ArrayList<>();
    this.usedPorts = new HostPortInfo();
    this.requested = new Resource();
    this.nonZeroRequested = new Resource();
    this.allocatable = new Resource();
    this.imageSizes = Map.of();
    this.generation = nextGeneration();
    this.podsView = Collections.unmodifiableList(pods);
    this.podsWithAffinityView = Collections.unmodifiableList(podsWithAffinity);
    this.podsWithRequiredAntiAffinityView =
        Collections.unmodifiableList(podsWithRequiredAntiAffinity);
  }

  private NodeInfo(NodeInfo other) {
    // The three vectors Filter and Score read for every node are copied first (allocatable too,
    // though it is never mutated), so they sit next to this object in memory.
    this.requested = other.requested.copy();
    this.nonZeroRequested = other.nonZeroRequested.copy();
    this.allocatable = other.allocatable.copy();
    this.node = other.node;
    this.name = other.name;
    this.labels = other.labels;
    this.unschedulable = other.unschedulable;
    this.taints = other.taints;
    this.isCopy = true;
    this.listPosition = other.listPosition;
    other.sharedParts = ALL_PARTS;
    this.sharedParts = ALL_PARTS;
    this.pods = other.pods;
    this.podsWithAffinity = other.podsWithAffinity;
    this.podsWithRequiredAntiAffinity = other.podsWithRequiredAntiAffinity;
    this.usedPorts = other.usedPorts;
    this.imageSizes = other.imageSizes;
    this.generation = other.generation;
    this.requiredAffinityTermCounts = copyOf(other.requiredAffinityTermCounts);
    this.requiredAntiAffinityTermCounts = copyOf(other.requiredAntiAffinityTermCounts);
    this.preferredAffinityTermWeights = copyOf(other.preferredAffinityTermWeights);
    this.preferredAntiAffinityTermWeights = copyOf(other.preferredAntiAffinityTermWeights);
    this.podBloom = other.podBloom;
    this.removalsSinceBloom = other.removalsSinceBloom;
    this.memoCounts = other.memoCounts == null ? null : other.memoCounts.clone();
    this.memoEpochs = other.memoEpochs == null ? null : other.memoEpochs.clone();
    this.podsView = other.podsView;
    this.podsWithAffinityView = other.podsWithAffinityView;
    this.podsWithRequiredAntiAffinityView = other.podsWithRequiredAntiAffinityView;
  }

  /** The pod list, made this node's own first if a copy shares it. */
  private ArrayList<PodInfo> ownPods() {
    if ((sharedParts & PODS) != 0) {
      pods = new ArrayList<>(pods);
      podsView = Collections.unmodifiableList(pods);
      sharedParts &= ~PODS;
    }
    return pods;
  }

  private ArrayList<PodInfo> ownPodsWithAffinity() {
    if ((sharedParts & PODS_WITH_AFFINITY) != 0) {
      podsWithAffinity = new ArrayList<>(podsWithAffinity);
      podsWithAffinityView = Collections.unmodifiableList(podsWithAffinity);
      sharedParts &= ~PODS_WITH_AFFINITY;
    }
    return podsWithAffinity;
  }

  private ArrayList<PodInfo> ownPodsWithRequiredAntiAffinity() {
    if ((sharedParts & PODS_WITH_REQUIRED_ANTI_AFFINITY) != 0) {
      podsWithRequiredAntiAffinity = new ArrayList<>(podsWithRequiredAntiAffinity);
      podsWithRequiredAntiAffinityView = Collections.unmodifiableList(podsWithRequiredAntiAffinity);
      sharedParts &= ~PODS_WITH_REQUIRED_ANTI_AFFINITY;
    }
    return podsWithRequiredAntiAffinity;
  }

  private HostPortInfo ownPorts() {
    if ((sharedParts & PORTS) != 0) {
      usedPorts = usedPorts.copy();
      sharedParts &= ~PORTS;
    }
    return usedPorts;
  }

  /**
   * A node info for {@code node} holding {@code pods}.
   *
   * @param node the node; not null
   * @param pods the pods on the node
   * @return a new node info
   */
  public static NodeInfo of(Node node, PodInfo... pods) {
    NodeInfo info = new NodeInfo();
    info.setNode(node);
    for (PodInfo p : pods) {
      info.addPod(p);
    }
    return info;
  }

  /**
   * Takes the next value of the global generation counter.
   *
   * @return a generation larger than every one taken before
   */
  public static long nextGeneration() {
    return GENERATION.incrementAndGet();
  }

  /**
   * The node, or null while only its pods are known (or after it was deleted).
   *
   * @return the node, or null
   */
  public Node node() {
    return node;
  }

  /**
   * The node's name, or {@code ""} when the node is unknown.
   *
   * @return the name, or {@code ""}
   */
  public String name() {
    return name;
  }

  /**
   * The node's labels (empty when the node is unknown), as {@code node().labels()} without reaching
   * the Node object: topology domains are read from them for every node.
   *
   * @return the labels, read-only
   */
  public Map<String, String> labels() {
    return labels;
  }

  /**
   * The node's {@code spec.taints} (empty when the node is unknown), as {@code node().taints()}
   * without reaching the Node object.
   *
   * @return the taints, read-only
   */
  public List<Taint> taints() {
    return taints;
  }

  /**
   * The node's {@code spec.unschedulable} (false when the node is unknown), as {@code
   * node().spec().unschedulable()} without reaching the Node object.
   *
   * @return whether the node is marked unschedulable
   */
  public boolean unschedulable() {
    return unschedulable;
  }

  /**
   * The pods on the node, bound and assumed, in no particular order.
   *
   * @return a read-only view of the pods
   */
  public List<PodInfo> pods() {
    return podsView;
  }

  /**
   * The number of pods on the node: {@code pods().size()} without going through the read-only view
   * (Filter asks it of every node).
   *
   * @return the number of pods
   */
  public int podCount() {
    return pods.size();
  }

  /**
   * The pod at {@code index} of {@link #pods()}, without going through the read-only view
   * (preemption's dry run walks the pods of every node it visits).
   *
   * @param index from 0 to {@link #podCount()} - 1
   * @return the pod
   * @throws IndexOutOfBoundsException if {@code index} is out of range
   */
  public PodInfo podAt(int index) {
    return pods.get(index);
  }

  /**
   * The pods on the node that have pod affinity or anti-affinity.
   *
   * @return a read-only view of the pods
   */
  public List<PodInfo> podsWithAffinity() {
    return podsWithAffinityView;
  }

  /**
   * The pods on the node that have required pod anti-affinity.
   *
   * @return a read-only view of the pods
   */
  public List<PodInfo> podsWithRequiredAntiAffinity() {
    return podsWithRequiredAntiAffinityView;
  }

  /**
   * The host ports held by the node's pods.
   *
   * @return the ports in use; read-only
   */
  public HostPortInfo usedPorts() {
    return usedPorts;
  }

  /**
   * The summed requests of the node's pods (the pod count is {@code pods().size()}).
   *
   * @return the requests; read-only
   */
  public Resource requested() {
    return requested;
  }

  /**
   * The summed cpu and memory requests with scoring defaults (see {@link PodInfo}).
   *
   * @return the requests; read-only
   */
  public Resource nonZeroRequested() {
    return nonZeroRequested;
  }

  /**
   * The node's allocatable resources, including the number of pods it accepts.
   *
   * @return the allocatable resources, zero while the node is unknown; read-only
   */
  public Resource allocatable() {
    return allocatable;
  }

  /**
   * The sizes of the images the node has, by every name the node reports for them.
   *
   * @return the sizes in bytes, by image name; read-only
   */
  public Map<String, Long> imageSizes() {
    return imageSizes;
  }

  /**
   * The required pod affinity terms of the node's pods, each with the number of pods on the node
   * carrying it (terms of pods in different namespaces differ). Lets InterPodAffinity score by
   * distinct term instead of by pod.
   *
   * @return a read-only view of the counts, each at least 1
   */
  public Map<AffinityTerm, Integer> requiredAffinityTermCounts() {
    if (requiredAffinityTermCounts == null) {
      return Map.of();
    }
    if (requiredAffinityTermCountsView == null) {
      requiredAffinityTermCountsView = Collections.unmodifiableMap(requiredAffinityTermCounts);
    }
    return requiredAffinityTermCountsView;
  }

  /**
   * The required pod anti-affinity terms of the node's pods, with the number of carriers.
   *
   * @return a read-only view of the counts, each at least 1
   */
  public Map<AffinityTerm, Integer> requiredAntiAffinityTermCounts() {
    if (requiredAntiAffinityTermCounts == null) {
      return Map.of();
    }
    if (requiredAntiAffinityTermCountsView == null) {
      requiredAntiAffinityTermCountsView =
          Collections.unmodifiableMap(requiredAntiAffinityTermCounts);
    }
    return requiredAntiAffinityTermCountsView;
  }

  /**
   * The preferred pod affinity terms of the node's pods, with the sum of their weights.
   *
   * @return a read-only view of the weights, each positive
   */
  public Map<AffinityTerm, Long> preferredAffinityTermWeights() {
    if (preferredAffinityTermWeights == null) {
      return Map.of();
    }
    if (preferredAffinityTermWeightsView == null) {
      preferredAffinityTermWeightsView = Collections.unmodifiableMap(preferredAffinityTermWeights);
    }
    return preferredAffinityTermWeightsView;
  }

  /**
   * The preferred pod anti-affinity terms of the node's pods, with the sum of their weights.
   *
   * @return a read-only view of the weights, each positive
   */
  public Map<AffinityTerm, Long> preferredAntiAffinityTermWeights() {
    if (preferredAntiAffinityTermWeights == null) {
      return Map.of();
    }
    if (preferredAntiAffinityTermWeightsView == null) {
      preferredAntiAffinityTermWeightsView =
          Collections.unmodifiableMap(preferredAntiAffinityTermWeights);
    }
    return preferredAntiAffinityTermWeightsView;
  }

  /**
   * The number of the node's pods that {@code matcher} matches, memoized: the first call examines
   * every pod of the node, later calls (also in later cycles, on the same snapshot node) are
   * constant time, and {@link #addPod}/{@link #removePod} keep the count current.
   *
   * <p>Not thread-safe: call it from the sequential points of a cycle (PreFilter, PreScore) or on a
   * node copy the caller owns.
   *
   * @param matcher the question to count
   * @return the number of matching pods on the node
   */
  public int countMatching(PodMatcher matcher) {
    return countMatching(matcher, null);
  }

  /**
   * As {@link #countMatching(PodMatcher)}, found from {@code earlier}'s memoized count when it has
   * one: only the pods that are not the same object at the same position of the two nodes' pod
   * lists are examined. A snapshot that replaces a changed node with a new copy makes this a look
   * at the one or two pods that came or went, however many pods the node runs.
   *
   * <p>Not thread-safe, as {@link #countMatching(PodMatcher)}; {@code earlier} must not change
   * during the call.
   *
   * @param matcher the question to count
   * @param earlier another state of the node (typically the NodeInfo this one replaced in a
   *     snapshot), or null
   * @return the number of matching pods on this node
   */
  public int countMatching(PodMatcher matcher, NodeInfo earlier) {
    int count = knownCount(matcher);
    if (count >= 0) {
      return count;
    }
    count = earlier == null || earlier == this ? -1 : earlier.knownCount(matcher);
    if (count < 0) {
      count = 0;
      for (int i = 0, n = pods.size(); i < n; i++) {
        if (matcher.matches(pods.get(i))) {
          count++;
        }
      }
    } else if (earlier.pods != pods) {
      ArrayList<PodInfo> before = earlier.pods;
      int m = before.size();
      int n = pods.size();
      for (int i = 0, end = Math.max(m, n); i < end; i++) {
        PodInfo was = i < m ? before.get(i) : null;
        PodInfo is = i < n ? pods.get(i) : null;
        if (was != is) {
          if (was != null && matcher.matches(was)) {
            count--;
          }
          if (is != null && matcher.matches(is)) {
            count++;
          }
        }
      }
    }
    memoize(matcher.slot(), matcher.epoch(), count);
    return count;
  }

  /**
   * The count of {@code matcher} without a look at the pods, or -1: 0 when no pod carries every
   * label pair the matcher requires (not memoized; the check is cheaper than the memo), else the
   * memo.
   */
  private int knownCount(PodMatcher matcher) {
    long required = matcher.requiredBloom();
    if ((podBloom & required) != required || pods.isEmpty()) {
      return 0;
    }
    int slot = matcher.slot();
    if (memoEpochs != null && slot < memoEpochs.length && memoEpochs[slot] == matcher.epoch()) {
      return memoCounts[slot];
    }
    return -1;
  }

  private void memoize(int slot, int epoch, int count) {
    if (memoEpochs == null || slot >= memoEpochs.length) {
      int size = Math.max(slot + 1, memoEpochs == null ? 8 : memoEpochs.length * 2);
      size = Math.min(Math.max(size, slot + 1), PodMatcher.MAX_SLOTS);
      memoEpochs = memoEpochs == null ? new int[size] : java.util.Arrays.copyOf(memoEpochs, size);
      memoCounts = memoCounts == null ? new int[size] : java.util.Arrays.copyOf(memoCounts, size);
    }
    memoEpochs[slot] = epoch;
    memoCounts[slot] = count;
  }

  /**
   * The generation of the last change. Changes to the nodes the scheduler's cache keeps take their
   * generations from one global counter; changes to a {@link #copy()} count on from the generation
   * it was copied with (copies are private, and preemption changes them by the thousand per pod).
   *
   * @return the generation; a change always increases it
   */
  public long generation() {
    return generation;
  }

  /**
   * An independent copy with the same generation.
   *
   * @return the copy, owned by the caller
   */
  public NodeInfo copy() {
    return new NodeInfo(this);
  }

  /**
   * Where the lister that owns this object keeps it in its {@link NodeInfoLister#list()}, as that
   * lister set it: a hint for {@link io.schedkit.framework.fastpath.IndexedNodeLister#positionOf},
   * which checks it. A {@link #copy()} keeps its source's value, so the framework can find the
   * source's per-position data for it (after checking the node there has the copy's name); {@code
   * positionOf} still answers -1 for the copy, which is in nobody's list.
   *
   * @return the position, or -1 when no lister set one
   */
  public int listPosition() {
    return listPosition;
  }

  /**
   * Sets (or replaces) the node, recomputing allocatable and images.
   *
   * @param node the node; not null
   */
  public void setNode(Node node) {
    this.node = node;
    this.name = node.name();
    this.labels = node.labels();
    this.unschedulable = node.spec().unschedulable();
    this.taints = node.taints();
    this.allocatable = Resource.of(node.status().allocatable());
    Map<String, Long> images = new HashMap<>();
    for (ContainerImage image : node.status().images()) {
      for (String name : image.names()) {
        images.putIfAbsent(name, image.sizeBytes());
      }
    }
    this.imageSizes = images.isEmpty() ? Map.of() : Collections.unmodifiableMap(images);
    this.generation = nextGeneration();
  }

  /** Forgets the node (its pods stay until they are removed). */
  public void removeNode() {
    this.node = null;
    this.name = "";
    this.labels = Map.of();
    this.unschedulable = false;
    this.taints = List.of();
    this.allocatable = new Resource();
    this.imageSizes = Map.of();
    this.generation = nextGeneration();
  }

  /**
   * Adds {@code pod} and its requests and ports to the aggregates.
   *
   * @param pod the pod; the caller makes sure it is not on the node already
   */
  public void addPod(PodInfo pod) {
    ownPods().add(pod);
    if (pod.hasPodAffinity()) {
      ownPodsWithAffinity().add(pod);
    }
    if (pod.hasRequiredAntiAffinity()) {
      ownPodsWithRequiredAntiAffinity().add(pod);
    }
    update(pod, 1);
  }

  /**
   * Removes the pod with {@code pod}'s UID (or, without a UID, its namespace and name) and its
   * contribution to the aggregates.
   *
   * @param pod the pod to remove; only its identity is used
   * @return whether the pod was there
   */
  public boolean removePod(Pod pod) {
    int i = indexOf(pods, pod);
    if (i < 0) {
      return false;
    }
    PodInfo removed = pods.get(i);
    removeAt(ownPods(), i);
    // addPod put the same PodInfo in the affinity lists, exactly when these flags are set.
    if (removed.hasPodAffinity()) {
      int j = indexOf(podsWithAffinity, pod);
      if (j >= 0) {
        removeAt(ownPodsWithAffinity(), j);
      }
    }
    if (removed.hasRequiredAntiAffinity()) {
      int j = indexOf(podsWithRequiredAntiAffinity, pod);
      if (j >= 0) {
        removeAt(ownPodsWithRequiredAntiAffinity(), j);
      }
    }
    update(removed, -1);
    return true;
  }

  /**
   * Whether a pod with {@code pod}'s identity is on the node.
   *
   * @param pod the pod; only its identity (UID, or namespace and name) is used
   * @return true if the node holds the pod
   */
  public boolean hasPod(Pod pod) {
    return indexOf(pods, pod) >= 0;
  }

  private void update(PodInfo pod, int sign) {
    if (pod.hasPodAffinity()) {
      for (AffinityTerm t : pod.requiredAffinityTerms()) {
        if (requiredAffinityTermCounts == null) {
          requiredAffinityTermCounts = new HashMap<>();
        }
        adjust(requiredAffinityTermCounts, t, sign);
      }
      for (AffinityTerm t : pod.requiredAntiAffinityTerms()) {
        if (requiredAntiAffinityTermCounts == null) {
          requiredAntiAffinityTermCounts = new HashMap<>();
        }
        adjust(requiredAntiAffinityTermCounts, t, sign);
      }
      for (WeightedAffinityTerm t : pod.preferredAffinityTerms()) {
        if (preferredAffinityTermWeights == null) {
          preferredAffinityTermWeights = new HashMap<>();
        }
        adjustWeight(preferredAffinityTermWeights, t, sign);
      }
      for (WeightedAffinityTerm t : pod.preferredAntiAffinityTerms()) {
        if (preferredAntiAffinityTermWeights == null) {
          preferredAntiAffinityTermWeights = new HashMap<>();
        }
        adjustWeight(preferredAntiAffinityTermWeights, t, sign);
      }
    }
    if (memoEpochs != null) {
      for (int s = 0; s < memoEpochs.length; s++) {
        if (memoEpochs[s] == 0) {
          continue;
        }
        PodMatcher m = PodMatcher.live(s, memoEpochs[s]);
        if (m == null) {
          memoEpochs[s] = 0;
        } else if (m.matches(pod)) {
          memoCounts[s] += sign;
        }
      }
    }
    if (sign > 0) {
      podBloom |= pod.labelBloom();
    } else if (pods.isEmpty()) {
      podBloom = 0;
      removalsSinceBloom = 0;
    } else if (++removalsSinceBloom > pods.size()) {
      // A removal leaves the bits a superset, which only skips fewer nodes; they are recomputed
      // once as many pods have left as remain, so a removal costs O(1) on average.
      long bloom = 0;
      for (int i = 0, n = pods.size(); i < n; i++) {
        bloom |= pods.get(i).labelBloom();
      }
      podBloom = bloom;
      removalsSinceBloom = 0;
    }
    Resource req = pod.requests();
    if (sign > 0) {
      requested.add(req);
      nonZeroRequested.add(pod.nonZeroRequests());
      for (HostPort p : pod.hostPorts()) {
        ownPorts().add(p);
      }
    } else {
      requested.subtract(req);
      nonZeroRequested.subtract(pod.nonZeroRequests());
      for (HostPort p : pod.hostPorts()) {
        ownPorts().remove(p);
      }
    }
    generation = isCopy ? generation + 1 : nextGeneration();
  }

  private static <V> HashMap<AffinityTerm, V> copyOf(HashMap<AffinityTerm, V> map) {
    return map == null || map.isEmpty() ? null : new HashMap<>(map);
  }

  private static void adjust(Map<AffinityTerm, Integer> counts, AffinityTerm term, int sign) {
    counts.merge(term, sign, (a, b) -> a + b == 0 ? null : a + b);
  }

  private static void adjustWeight(
      Map<AffinityTerm, Long> weights, WeightedAffinityTerm term, int sign) {
    // Weights are positive, so a zero sum means no pod on the node carries the term any more.
    weights.merge(term.term(), (long) sign * term.weight(), (a, b) -> a + b == 0 ? null : a + b);
  }

  private static int indexOf(List<PodInfo> list, Pod pod) {
    // Callers usually pass the very Pod object the list holds (preemption removes the node's own
    // pods): find it by identity first, then by UID (or name) as the contract says.
    for (int i = 0, n = list.size(); i < n; i++) {
      if (list.get(i).pod() == pod) {
        return i;
      }
    }
    String uid = pod.uid();
    for (int i = 0; i < list.size(); i++) {
      Pod p = list.get(i).pod();
      if (uid.isEmpty()
          ? p.name().equals(pod.name()) && p.namespace().equals(pod.namespace())
          : uid.equals(p.uid())) {
        return i;
      }
    }
    return -1;
  }

  /** Order is not meaningful for the aggregates, so removal swaps with the last element. */
  private static void removeAt(List<PodInfo> list, int i) {
    int last = list.size() - 1;
    list.set(i, list.get(last));
    list.remove(last);
  }

  @Override
  public String toString() {
    return "NodeInfo{" + name() + ", pods=" + pods.size() + ", requested=" + requested + "}";
  }
}
