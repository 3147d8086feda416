package io.schedkit.core.queue;

import io.schedkit.core.clock.VirtualClock;
import io.schedkit.core.metrics.SchedulerMetrics;
import io.schedkit.core.runtime.Framework;
import io.schedkit.core.runtime.FrameworkBuilder;
import io.schedkit.core.runtime.FrameworkServices;
import io.schedkit.core.runtime.WorkerPool;
import io.schedkit.framework.BindPlugin;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.EnqueueExtensions;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.NodeScore;
import io.schedkit.framework.ObjectLister;
import io.schedkit.framework.Plugin;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreEnqueuePlugin;
import io.schedkit.framework.QueueSortPlugin;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.QueueingHintFunction;
import io.schedkit.framework.Registry;
import io.schedkit.framework.Status;
import io.schedkit.framework.Victims;
import io.schedkit.framework.config.ExtensionPoint;
import io.schedkit.framework.config.PluginSet;
import io.schedkit.framework.config.Plugins;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.extender.Extender;
import io.schedkit.framework.extender.ExtenderFilterResult;
import io.schedkit.framework.model.Namespace;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodDisruptionBudget;
import io.schedkit.framework.model.PodGroup;
import io.schedkit.framework.model.PriorityClass;
import io.schedkit.framework.model.Service;
import io.schedkit.framework.model.Workload;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * Builds a {@link SchedulingQueue} over one real {@link Framework} (profile {@code
 * default-scheduler}) whose plugins are small fakes: a priority-then-timestamp QueueSort, a bind
 * plugin, and the Filter and PreEnqueue plugins a test adds.
 */
final class QueueFixtures {
  static final String PROFILE = Profile.DEFAULT_SCHEDULER_NAME;
  static final Instant START = Instant.parse("2025-01-01T00:00:00Z");

  final VirtualClock clock = new VirtualClock(START);
  final Map<String, Namespace> namespaces = new HashMap<>();
  final Nominator nominator = new Nominator();
  final RecordingMetrics metrics = new RecordingMetrics();
  private final List<Plugin> filters = new ArrayList<>();
  private final List<Plugin> preEnqueue = new ArrayList<>();
  private boolean withExtender;

  /** Adds a Filter plugin. */
  QueueFixtures filter(Plugin plugin) {
    filters.add(plugin);
    return this;
  }

  /** Adds a PreEnqueue plugin. */
  QueueFixtures preEnqueue(Plugin plugin) {
    preEnqueue.add(plugin);
    return this;
  }

  /** Gives the profile an extender. */
  QueueFixtures withExtender() {
    withExtender = true;
    return this;
  }

  SchedulingQueue build() {
    return build(
        SchedulingQueue.DEFAULT_POD_INITIAL_BACKOFF, SchedulingQueue.DEFAULT_POD_MAX_BACKOFF);
  }

  SchedulingQueue build(Duration initialBackoff, Duration maxBackoff) {
    Registry registry = new Registry();
    registry.register(PrioritySort.NAME, (args, handle) -> new PrioritySort());
    registry.register(FakeBind.NAME, (args, handle) -> new FakeBind());
    Plugins plugins =
        Plugins.empty()
            .with(ExtensionPoint.QUEUE_SORT, PluginSet.enabling(PrioritySort.NAME))
            .with(ExtensionPoint.BIND, PluginSet.enabling(FakeBind.NAME))
            .with(ExtensionPoint.FILTER, register(registry, filters))
            .with(ExtensionPoint.PRE_ENQUEUE, register(registry, preEnqueue));
    FrameworkServices services =
        new FrameworkServices(
            () -> null,
            new Lister(),
            nominator,
            new WorkerPool(1),
            withExtender ? List.of(new FakeExtender()) : List.of(),
            null,
            clock,
            new Random(1),
            pods -> {},
            metrics);
    Framework framework =
        FrameworkBuilder.build(
            new Profile(PROFILE, null, plugins, List.of()),
            registry,
            services,
            (raw, entry) -> {
              throw new IllegalArgumentException("no args expected");
            });
    return new SchedulingQueue(
        Map.of(PROFILE, framework), clock, initialBackoff, maxBackoff, new Lister(), metrics);
  }

  private static PluginSet register(Registry registry, List<Plugin> plugins) {
    List<String> names = new ArrayList<>();
    for (Plugin p : plugins) {
      registry.register(p.name(), (args, handle) -> p);
      names.add(p.name());
    }
    return PluginSet.enabling(names.toArray(String[]::new));
  }

  void advance(Duration d) {
    clock.advance(d);
  }

  // ---------------------------------------------------------------- pods

  static Pod pod(String name) {
    return pod(name, 0);
  }

  static Pod pod(String name, int priority) {
    return Pod.builder().name(name).uid(name).priority(priority).build();
  }

  /** A registration whose hint always returns {@code hint}. */
  static ClusterEventWithHint on(ClusterEvent event, QueueingHint hint) {
    return ClusterEventWithHint.of(event, (pod, o, n) -> hint);
  }

  /** A registration with the given hint function. */
  static ClusterEventWithHint on(ClusterEvent event, QueueingHintFunction hint) {
    return ClusterEventWithHint.of(event, hint);
  }

  /** Pops the next pod, which must be {@code name}. */
  static QueuedPod popExpecting(SchedulingQueue q, String name) {
    QueuedPod p = q.tryPop();
    if (p == null || !p.pod().name().equals(name)) {
      throw new AssertionError("expected to pop " + name + " but got " + p);
    }
    return p;
  }

  /** Pops {@code name} and puts it back as rejected by {@code unschedulable} (and pending). */
  static QueuedPod fail(
      SchedulingQueue q, String name, List<String> unschedulable, List<String> pending) {
    QueuedPod p = popExpecting(q, name);
    p.setUnschedulablePlugins(unschedulable);
    p.setPendingPlugins(pending);
    q.addUnschedulableIfNotPresent(p, q.schedulingCycle());
    return p;
  }

  /** Adds {@code pod} and puts it through one attempt that {@code unschedulable} reject. */
  static QueuedPod addRejected(SchedulingQueue q, Pod pod, String... unschedulable) {
    q.add(pod);
    return fail(q, pod.name(), List.of(unschedulable), List.of());
  }

  static QueuedPod.Location where(SchedulingQueue q, String uid) {
    return q.get(uid).map(p -> ((QueuedPod) p).location()).orElse(QueuedPod.Location.NONE);
  }

  static List<String> names(List<QueuedPodInfo> pods, Predicate<QueuedPod> filter) {
    List<String> out = new ArrayList<>();
    for (QueuedPodInfo p : pods) {
      if (filter.test((QueuedPod) p)) {
        out.add(p.pod().name());
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- fake plugins

  /** kube-scheduler's PrioritySort: higher priority first, then earlier timestamp. */
  static final class PrioritySort implements QueueSortPlugin {
    static final String NAME = "PrioritySort";

    @Override
    public String name() {
      return NAME;
    }

    @Override
    public boolean less(QueuedPodInfo a, QueuedPodInfo b) {
      int pa = a.pod().priority();
      int pb = b.pod().priority();
      return pa > pb || (pa == pb && a.timestamp().isBefore(b.timestamp()));
    }
  }

  /** A bind plugin that always succeeds. */
  static final class FakeBind implements BindPlugin {
    static final String NAME = "FakeBind";

    @Override
    public String name() {
      return NAME;
    }

    @Override
    public CompletionStage<Status> bind(CycleState state, PodInfo pod, String nodeName) {
      return CompletableFuture.completedFuture(Status.success());
    }
  }

  /** A Filter plugin that registers the given events. */
  static final class FakeFilter implements FilterPlugin, EnqueueExtensions {
    private final String name;
    private final List<ClusterEventWithHint> events;

    FakeFilter(String name, ClusterEventWithHint... events) {
      this.name = name;
      this.events = List.of(events);
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
      return Status.success();
    }

    @Override
    public List<ClusterEventWithHint> eventsToRegister() {
      return events;
    }
  }

  /** A PreEnqueue plugin that admits the pods {@code admits} accepts. */
  static final class Gate implements PreEnqueuePlugin, EnqueueExtensions {
    private final String name;
    private final Predicate<Pod> admits;
    private final List<ClusterEventWithHint> events;
    final AtomicInteger calls = new AtomicInteger();

    Gate(String name, Predicate<Pod> admits, ClusterEventWithHint... events) {
      this.name = name;
      this.admits = admits;
      this.events = List.of(events);
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public Status preEnqueue(Pod pod) {
      calls.incrementAndGet();
      return admits.test(pod) ? Status.success() : Status.unresolvable("gated by " + name);
    }

    @Override
    public List<ClusterEventWithHint> eventsToRegister() {
      return events;
    }
  }

  /**
   * A SchedulingGates look-alike: gates pods with scheduling gates, and lets the pod's own update
   * that removes its last gate requeue it.
   */
  static Gate schedulingGates() {
    return new Gate(
        SchedulingQueue.SCHEDULING_GATES,
        pod -> pod.spec().schedulingGates().isEmpty(),
        on(
            ClusterEvent.of(
                io.schedkit.framework.EventResource.UNSCHEDULED_POD,
                io.schedkit.framework.ActionType.UPDATE_POD_SCHEDULING_GATES_ELIMINATED),
            (pod, o, n) ->
                n instanceof Pod
                        && ((Pod) n).uid().equals(pod.uid())
                        && ((Pod) n).spec().schedulingGates().isEmpty()
                    ? QueueingHint.QUEUE
                    : QueueingHint.QUEUE_SKIP));
  }

  /** Pending-pod counts as last reported. */
  static final class RecordingMetrics implements SchedulerMetrics {
    final Map<String, Integer> pending = new HashMap<>();

    @Override
    public synchronized void pendingPods(String queue, int count) {
      pending.put(queue, count);
    }

    synchronized int pending(String queue) {
      return pending.getOrDefault(queue, -1);
    }
  }

  /** An extender that is never called. */
  static final class FakeExtender implements Extender {
    @Override
    public String name() {
      return "fake-extender";
    }

    @Override
    public boolean isIgnorable() {
      return false;
    }

    @Override
    public boolean isInterested(Pod pod) {
      return true;
    }

    @Override
    public boolean isFilter() {
      return true;
    }

    @Override
    public boolean isPrioritizer() {
      return false;
    }

    @Override
    public boolean isBinder() {
      return false;
    }

    @Override
    public boolean supportsPreemption() {
      return false;
    }

    @Override
    public long weight() {
      return 1;
    }

    @Override
    public ExtenderFilterResult filter(Pod pod, List<NodeInfo> nodes) {
      throw new UnsupportedOperationException();
    }

    @Override
    public List<NodeScore> prioritize(Pod pod, List<NodeInfo> nodes) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void bind(Pod pod, String nodeName) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Map<String, Victims> processPreemption(
        Pod pod, Map<String, Victims> nodeNameToVictims, NodeInfoLister nodes) {
      throw new UnsupportedOperationException();
    }
  }

  /** The fixture's namespaces; nothing else. */
  final class Lister implements ObjectLister {
    @Override
    public Optional<Namespace> namespace(String name) {
      return Optional.ofNullable(namespaces.get(name));
    }

    @Override
    public List<Namespace> namespaces() {
      List<Namespace> all = new ArrayList<>(namespaces.values());
      all.sort(Comparator.comparing(Namespace::name));
      return all;
    }

    @Override
    public List<PodDisruptionBudget> podDisruptionBudgets(String namespace) {
      return List.of();
    }

    @Override
    public List<PodDisruptionBudget> podDisruptionBudgets() {
      return List.of();
    }

    @Override
    public Optional<PriorityClass> priorityClass(String name) {
      return Optional.empty();
    }

    @Override
    public Optional<PodGroup> podGroup(String namespace, String name) {
      return Optional.empty();
    }

    @Override
    public List<Service> services(String namespace) {
      return List.of();
    }

    @Override
    public Optional<Workload> workload(String kind, String namespace, String name) {
      return Optional.empty();
    }

    @Override
    public List<Pod> pods(String namespace) {
      return List.of();
    }
  }
}
