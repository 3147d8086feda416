package io.schedkit.testing;

import io.schedkit.core.cache.Snapshot;
import io.schedkit.core.cluster.InMemoryCluster;
import io.schedkit.core.runtime.WaitingPods;
import io.schedkit.core.runtime.WorkerPool;
import io.schedkit.core.store.ClusterObjectStore;
import io.schedkit.framework.Clock;
import io.schedkit.framework.FrameworkHandle;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.ObjectLister;
import io.schedkit.framework.Parallelizer;
import io.schedkit.framework.PluginRunner;
import io.schedkit.framework.PodNominator;
import io.schedkit.framework.WaitingPod;
import io.schedkit.framework.cluster.ClusterObjects;
import io.schedkit.framework.cluster.ClusterView;
import io.schedkit.framework.extender.Extender;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;

/**
 * A {@link FrameworkHandle} over a fixed cluster, for calling a plugin's methods directly in a unit
 * test: the snapshot is built from the given nodes and pods (pods with {@code spec.nodeName} run
 * there), the object lister holds the other objects (namespaces, PodDisruptionBudgets,
 * Services...). The runner is unavailable unless set ({@link PluginHarness} sets it).
 *
 * <pre>{@code
 * FakeHandle handle = FakeHandle.builder().nodes(n1, n2).pods(p1).build();
 * TaintToleration plugin = new TaintToleration(handle);
 * }</pre>
 */
public final class FakeHandle implements FrameworkHandle, AutoCloseable {
  private final String profileName;
  private final Snapshot snapshot;
  private final ClusterObjectStore objects;
  private final PodNominator nominator;
  private final WaitingPods waitingPods;
  private final WorkerPool parallelizer;
  private final List<Extender> extenders;
  private final ClusterView cluster;
  private final Clock clock;
  private final Random random;
  private final List<Pod> activated = new ArrayList<>();
  private volatile PluginRunner runner;

  private FakeHandle(Builder b) {
    this.profileName = b.profileName;
    Snapshot built = Snapshot.of(b.nodes, b.pods);
    this.snapshot = b.frozen ? built.freeze() : built;
    List<KubeObject> all = new ArrayList<>(b.objects);
    all.addAll(b.pods);
    this.objects = ClusterObjectStore.of(ClusterObjects.of(all));
    this.nominator = b.nominator != null ? b.nominator : new FakeNominator();
    this.clock = b.clock != null ? b.clock : new FakeClock();
    this.waitingPods = new WaitingPods(clock);
    this.parallelizer = new WorkerPool(b.parallelism);
    this.extenders = List.copyOf(b.extenders);
    this.cluster = b.cluster;
    this.random = new Random(b.seed);
  }

  /** A builder of an empty cluster. */
  public static Builder builder() {
    return new Builder();
  }

  /** The runner plugins get from {@link #runner()}. */
  public FakeHandle withRunner(PluginRunner runner) {
    this.runner = runner;
    return this;
  }

  /** The pods plugins asked to activate, in order. */
  public synchronized List<Pod> activatedPods() {
    return List.copyOf(activated);
  }

  /** The waiting pods (pods a Permit plugin parked). */
  public WaitingPods waitingPods() {
    return waitingPods;
  }

  @Override
  public String profileName() {
    return profileName;
  }

  @Override
  public NodeInfoLister snapshot() {
    return snapshot;
  }

  @Override
  public ObjectLister objects() {
    return objects;
  }

  @Override
  public PodNominator nominator() {
    return nominator;
  }

  @Override
  public PluginRunner runner() {
    PluginRunner r = runner;
    if (r == null) {
      throw new IllegalStateException("FakeHandle has no runner; use PluginHarness or withRunner");
    }
    return r;
  }

  @Override
  public Optional<WaitingPod> waitingPod(String uid) {
    return waitingPods.get(uid);
  }

  @Override
  public void forEachWaitingPod(Consumer<WaitingPod> action) {
    waitingPods.forEach(action);
  }

  @Override
  public boolean rejectWaitingPod(String uid) {
    return waitingPods.reject(uid);
  }

  @Override
  public Parallelizer parallelizer() {
    return parallelizer;
  }

  @Override
  public List<Extender> extenders() {
    return extenders;
  }

  @Override
  public ClusterView cluster() {
    if (cluster == null) {
      throw new IllegalStateException("FakeHandle has no cluster; set one with Builder.cluster");
    }
    return cluster;
  }

  @Override
  public Clock clock() {
    return clock;
  }

  @Override
  public Random random() {
    return random;
  }

  @Override
  public synchronized void activate(Collection<Pod> pods) {
    activated.addAll(pods);
  }

  /** Builds a {@link FakeHandle}. */
  public static final class Builder {
    private String profileName = "default-scheduler";
    private final List<Node> nodes = new ArrayList<>();
    private final List<Pod> pods = new ArrayList<>();
    private final List<KubeObject> objects = new ArrayList<>();
    private final List<Extender> extenders = new ArrayList<>();
    private PodNominator nominator;
    private Clock clock;
    private ClusterView cluster;
    private int parallelism = 1;
    private long seed;
    private boolean frozen;

    private Builder() {}

    /**
     * Freezes the snapshot ({@link Snapshot#freeze()}), so that, as the scheduler's, it keeps its
     * nodes' columns and tells their positions ({@link
     * io.schedkit.framework.fastpath.IndexedNodeLister}); plugins and preemption then take their
     * fast paths by position.
     */
    public Builder frozen() {
      this.frozen = true;
      return this;
    }

    /** The profile name (default {@code default-scheduler}). */
    public Builder profileName(String name) {
      this.profileName = name;
      return this;
    }

    /** Adds nodes. */
    public Builder nodes(Node... nodes) {
      return nodes(Arrays.asList(nodes));
    }

    /** Adds nodes. */
    public Builder nodes(List<Node> nodes) {
      this.nodes.addAll(nodes);
      return this;
    }

    /** Adds pods: those with {@code spec.nodeName} run on that node. */
    public Builder pods(Pod... pods) {
      return pods(Arrays.asList(pods));
    }

    /** Adds pods. */
    public Builder pods(List<Pod> pods) {
      this.pods.addAll(pods);
      return this;
    }

    /** Adds other objects (namespaces, PodDisruptionBudgets, Services, workloads, PodGroups...). */
    public Builder objects(KubeObject... objects) {
      return objects(Arrays.asList(objects));
    }

    /** Adds other objects. */
    public Builder objects(List<? extends KubeObject> objects) {
      this.objects.addAll(objects);
      return this;
    }

    /** The nominator (default: an empty {@link FakeNominator}). */
    public Builder nominator(PodNominator nominator) {
      this.nominator = nominator;
      return this;
    }

    /** The clock (default: a new {@link FakeClock}). */
    public Builder clock(Clock clock) {
      this.clock = clock;
      return this;
    }

    /** The host (default: none; {@link InMemoryCluster} is the usual choice). */
    public Builder cluster(ClusterView cluster) {
      this.cluster = cluster;
      return this;
    }

    /** Adds extenders. */
    public Builder extenders(Extender... extenders) {
      this.extenders.addAll(Arrays.asList(extenders));
      return this;
    }

    /** The number of workers (default 1). */
    public Builder parallelism(int parallelism) {
      this.parallelism = parallelism;
      return this;
    }

    /** The random seed (default 0). */
    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    /** Builds the handle. */
    public FakeHandle build() {
      return new FakeHandle(this);
    }
  }

  /** Stops the worker threads of a handle built with {@code parallelism} above 1. */
  @Override
  public void close() {
    parallelizer.close();
  }
}
