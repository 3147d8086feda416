package io.schedkit.core;

import io.schedkit.core.cache.SchedulerCache;
import io.schedkit.core.cache.Snapshot;
import io.schedkit.core.metrics.SchedulerMetrics;
import io.schedkit.core.queue.QueuedPod;
import io.schedkit.core.queue.SchedulingQueue;
import io.schedkit.core.runtime.Framework;
import io.schedkit.core.runtime.PluginFailures;
import io.schedkit.core.store.ClusterObjectStore;
import io.schedkit.framework.Clock;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.Code;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.NominatingInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.Status;
import io.schedkit.framework.cluster.ClusterView;
import io.schedkit.framework.extender.Extender;
import io.schedkit.framework.model.Pod;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One pod's way through the scheduler, as kube-scheduler's {@code scheduleOne}: the scheduling
 * cycle (snapshot, choose a node, assume, Reserve, Permit), the start of the binding cycle, and the
 * failure handling of both (unreserve, forget, requeue with the rejecting plugins, the nomination,
 * the message to the host).
 *
 * <p>Design note (threads): {@link #schedule} runs on the scheduling thread under the scheduler's
 * cycle lock; binding cycles complete on the binding executor and take the same lock for their
 * failure handling, so cache, queue and plugin state change one cycle at a time.
 */
final class SchedulingCycle {
  private static final Logger LOG = LoggerFactory.getLogger(SchedulingCycle.class);

  private final Map<String, Framework> profiles;
  private final SchedulerCache cache;
  private final Snapshot snapshot;
  private final SchedulingQueue queue;
  private final ClusterObjectStore store;
  private final ClusterView cluster;
  private final SchedulingAlgorithm algorithm;
  private final SchedulerMetrics metrics;
  private final boolean recording;
  private final Clock clock;
  private final List<Extender> extenders;
  private final Executor bindingExecutor;
  private final Map<String, String> lastFailure;
  private final AtomicLong bound;
  private final AtomicInteger bindingsInFlight;
  private final Object cycleLock;
  private final BooleanSupplier leading;
  private final Supplier<Status> mayBind;
  private final Consumer<VirtualMachineError> onFatal;

  SchedulingCycle(
      Map<String, Framework> profiles,
      SchedulerCache cache,
      Snapshot snapshot,
      SchedulingQueue queue,
      ClusterObjectStore store,
      ClusterView cluster,
      SchedulingAlgorithm algorithm,
      SchedulerMetrics metrics,
      Clock clock,
      List<Extender> extenders,
      Executor bindingExecutor,
      Map<String, String> lastFailure,
      AtomicLong bound,
      AtomicInteger bindingsInFlight,
      Object cycleLock,
      BooleanSupplier leading,
      Supplier<Status> mayBind,
      Consumer<VirtualMachineError> onFatal) {
    this.profiles = profiles;
    this.cache = cache;
    this.snapshot = snapshot;
    this.queue = queue;
    this.store = store;
    this.cluster = cluster;
    this.algorithm = algorithm;
    this.metrics = metrics;
    this.recording = metrics != SchedulerMetrics.noop();
    this.clock = clock;
    this.extenders = extenders;
    this.bindingExecutor = bindingExecutor;
    this.lastFailure = lastFailure;
    this.bound = bound;
    this.bindingsInFlight = bindingsInFlight;
    this.cycleLock = cycleLock;
    this.leading = leading;
    this.mayBind = mayBind;
    this.onFatal = onFatal;
  }

  /** Runs the scheduling cycle of {@code qp} and, on success, starts its binding cycle. */
  ScheduleResult schedule(QueuedPod qp) {
    try {
      return scheduleCycle(qp);
    } finally {
      if (recording) {
        Framework fwk = profiles.get(qp.pod().spec().schedulerName());
        if (fwk != null) {
          fwk.flushPluginEvaluations();
        }
      }
    }
  }

  private ScheduleResult scheduleCycle(QueuedPod qp) {
    Pod pod = qp.pod();
    Framework fwk = profiles.get(pod.spec().schedulerName());
    if (fwk == null || pod.isTerminating() || cache.isAssumedPod(pod)) {
      queue.done(pod.uid());
      return new ScheduleResult(pod.key(), "", ScheduleResult.Outcome.SKIPPED, "", "");
    }
    long start = System.nanoTime();
    CycleState state = new CycleState();
    state.setRecordPluginMetrics(
        java.util.concurrent.ThreadLocalRandom.current().nextInt(100) < 10);
    cache.updateSnapshot(snapshot);
    if (recording) {
      metrics.cacheSize("nodes", cache.nodeCount());
      metrics.cacheSize("pods", cache.podCount());
      metrics.cacheSize("assumed_pods", cache.assumedPodCount());
    }
    PodInfo podInfo = qp.podInfo();
    SchedulingAlgorithm.Result result =
        algorithm.schedulePod(fwk, state, podInfo, snapshot, SchedulingAlgorithm.Mode.SCHEDULE);
    if (!result.status().isSuccess()) {
      return failedToFit(fwk, state, qp, result, start);
    }
    if (recording) {
      metrics.schedulingAlgorithmDuration(Duration.ofNanos(System.nanoTime() - start));
    }
    String host = result.selectedNode();
    PodInfo assumed = podInfo.withNodeName(host);
    Pod assumedPod = assumed.pod();
    try {
      cache.assumePod(assumed);
    } catch (RuntimeException e) {
      return fail(fwk, qp, Status.error(e), null, NominatingInfo.override(""), start);
    }
    queue.nominator().deleteNominatedPodIfExists(assumedPod);
    Status reserve = fwk.runReservePluginsReserve(state, assumed, host);
    if (!reserve.isSuccess()) {
      fwk.runReservePluginsUnreserve(state, assumed, host);
      forget(assumedPod);
      return fail(fwk, qp, reserve, host, NominatingInfo.override(""), start);
    }
    Status permit = fwk.runPermitPlugins(state, assumed, host);
    if (!permit.isWait() && !permit.isSuccess()) {
      fwk.runReservePluginsUnreserve(state, assumed, host);
      forget(assumedPod);
      return fail(fwk, qp, permit, host, NominatingInfo.override(""), start);
    }
    List<Pod> toActivate = state.drainPodsToActivate();
    if (!toActivate.isEmpty()) {
      queue.activate(toActivate);
    }
    lastFailure.remove(pod.uid());
    startBinding(fwk, state, qp, assumed, host, start);
    return new ScheduleResult(
        pod.key(), fwk.profileName(), ScheduleResult.Outcome.ASSUMED, host, "");
  }

  private void forget(Pod assumedPod) {
    try {
      cache.forgetPod(assumedPod);
    } catch (RuntimeException e) {
      LOG.error("forgetting {} failed: {}", assumedPod.key(), e.getMessage());
    }
  }

  private ScheduleResult failedToFit(
      Framework fwk,
      CycleState state,
      QueuedPod qp,
      SchedulingAlgorithm.Result result,
      long start) {
    Status status = result.status();
    Diagnosis diagnosis = result.diagnosis();
    if (!status.isRejected()) {
      return fail(fwk, qp, status, null, NominatingInfo.override(""), start);
    }
    if (status.code() == Code.UNSCHEDULABLE_AND_UNRESOLVABLE
        && status.message().equals("no nodes available to schedule pods")) {
      return fail(fwk, qp, status, null, NominatingInfo.override(""), start);
    }
    NominatingInfo nomination = null;
    if (fwk.hasPostFilterPlugins()) {
      PostFilterResult pf = fwk.runPostFilterPlugins(state, qp.podInfo(), diagnosis.nodeToStatus());
      diagnosis.setPostFilterMessage(pf.status().message());
      nomination = pf.nominatingInfo();
      metrics.preemptionAttempt();
      if (pf.nominatedNodeName().isPresent()) {
        metrics.preemptionVictims(pf.nominatedVictims().map(v -> v.pods().size()).orElse(0));
      }
    }
    String message = diagnosis.message(snapshot.size());
    qp.setUnschedulablePlugins(diagnosis.unschedulablePlugins());
    qp.setPendingPlugins(diagnosis.pendingPlugins());
    return failed(fwk, qp, Code.UNSCHEDULABLE, message, nomination, start, true);
  }

  /** A failure after a node was chosen: a rejection gets a one-node FitError message. */
  private ScheduleResult fail(
      Framework fwk,
      QueuedPod qp,
      Status status,
      String host,
      NominatingInfo nomination,
      long start) {
    if (status.isRejected() && host != null) {
      Diagnosis d = new Diagnosis();
      d.nodeToStatus().set(host, status);
      d.addPluginStatus(status);
      qp.setUnschedulablePlugins(d.unschedulablePlugins());
      qp.setPendingPlugins(d.pendingPlugins());
      return failed(fwk, qp, status.code(), d.message(1), nomination, start, true);
    }
    if (status.isRejected()) {
      qp.setUnschedulablePlugins(java.util.Set.of());
      qp.setPendingPlugins(java.util.Set.of());
      return failed(fwk, qp, status.code(), status.message(), nomination, start, true);
    }
    qp.setUnschedulablePlugins(java.util.Set.of());
    qp.setPendingPlugins(java.util.Set.of());
    return failed(fwk, qp, Code.ERROR, status.message(), nomination, start, true);
  }

  /** kube-scheduler's failure handler: requeue, record the nomination, tell the host. */
  private ScheduleResult failed(
      Framework fwk,
      QueuedPod qp,
      Code code,
      String message,
      NominatingInfo nomination,
      long start,
      boolean requeue) {
    Pod pod = qp.pod();
    boolean rejected = code.isRejection();
    metrics.scheduleAttempt(
        rejected ? "unschedulable" : "error",
        fwk.profileName(),
        Duration.ofNanos(System.nanoTime() - start));
    Optional<Pod> current = store.pod(pod.namespace(), pod.name());
    if (requeue && current.isPresent() && current.get().nodeName().isEmpty()) {
      queue.addUnschedulableIfNotPresent(qp, queue.schedulingCycle());
    } else {
      queue.done(pod.uid());
    }
    boolean write = leading.getAsBoolean(); // a non-leader leaves the host alone
    if (nomination != null) {
      queue.nominator().addNominatedPod(qp.podInfo(), nomination);
      if (write && nomination.overrides()) {
        String current0 = pod.status().nominatedNodeName();
        if (!current0.equals(nomination.nominatedNodeName())) {
          statusWrite(
              "nomination", pod, () -> cluster.nominate(pod, nomination.nominatedNodeName()));
        }
      }
    }
    lastFailure.put(pod.uid(), message);
    if (write) {
      statusWrite(
          "unschedulable report", pod, () -> cluster.reportUnschedulable(pod, truncate(message)));
    }
    ScheduleResult.Outcome outcome =
        rejected ? ScheduleResult.Outcome.UNSCHEDULABLE : ScheduleResult.Outcome.ERROR;
    String node =
        nomination != null && nomination.overrides() ? nomination.nominatedNodeName() : "";
    return new ScheduleResult(pod.key(), fwk.profileName(), outcome, node, message);
  }

  /**
   * Sends a status write of the failure handler, whose outcome does not matter to the cycle (as
   * upstream, which only logs a failed status update): a host that throws instead of failing the
   * stage must not abort the handler, nor reach the caller of the cycle.
   */
  private static void statusWrite(
      String what,
      Pod pod,
      java.util.function.Supplier<java.util.concurrent.CompletionStage<Void>> write) {
    try {
      write.get();
    } catch (RuntimeException e) {
      LOG.warn("{} of pod {} failed: {}", what, pod.key(), e.toString());
    }
  }

  /** Upstream truncates event messages to 1024 bytes, ending them with " ...". */
  static String truncate(String message) {
    byte[] bytes = message.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    if (bytes.length <= 1024) {
      return message;
    }
    return new String(bytes, 0, 1020, java.nio.charset.StandardCharsets.UTF_8) + " ...";
  }

  private void startBinding(
      Framework fwk, CycleState state, QueuedPod qp, PodInfo assumed, String host, long start) {
    bindingsInFlight.incrementAndGet();
    BindingCycle cycle =
        new BindingCycle(
            fwk,
            state,
            assumed,
            host,
            extenders,
            bindingExecutor,
            () -> queue.done(assumed.uid()),
            mayBind);
    cycle
        .run()
        .whenComplete(
            (status, t) -> {
              try {
                VirtualMachineError fatal = PluginFailures.fatal(t);
                if (fatal != null) {
                  onFatal.accept(fatal); // the scheduler stops; the pod stays assumed
                  return;
                }
                Status s = t != null ? Status.error(Framework.unwrapped(t)) : status;
                finishBinding(fwk, state, qp, assumed, host, s, start);
              } catch (VirtualMachineError e) {
                onFatal.accept(e);
                throw e;
              } finally {
                bindingsInFlight.decrementAndGet();
              }
            });
  }

  private void finishBinding(
      Framework fwk,
      CycleState state,
      QueuedPod qp,
      PodInfo assumed,
      String host,
      Status s,
      long start) {
    try {
      cache.finishBinding(assumed.pod());
    } catch (RuntimeException e) {
      LOG.debug("finishBinding of {}: {}", assumed.pod().key(), e.getMessage());
    }
    if (s.isSuccess()) {
      bound.incrementAndGet();
      if (recording) {
        metrics.scheduleAttempt(
            "scheduled", fwk.profileName(), Duration.ofNanos(System.nanoTime() - start));
        Instant first = qp.initialAttemptTimestamp();
        metrics.podScheduled(
            qp.attempts(), first == null ? Duration.ZERO : Duration.between(first, clock.now()));
      }
      fwk.runPostBindPlugins(state, assumed, host);
      List<Pod> toActivate = state.drainPodsToActivate();
      if (!toActivate.isEmpty()) {
        queue.activate(toActivate);
      }
      return;
    }
    synchronized (cycleLock) {
      fwk.runReservePluginsUnreserve(state, assumed, host);
      boolean forgotten;
      try {
        cache.forgetPod(assumed.pod());
        forgotten = true;
      } catch (RuntimeException e) {
        LOG.error("forgetting {} failed: {}", assumed.pod().key(), e.getMessage());
        forgotten = false;
      }
      // The freed capacity is an AssignedPodDelete event. For a rejection it must not wake the
      // pod itself, so the pod is requeued first (ending its in-flight tracking) and the event
      // follows; for other failures the event goes first, as upstream.
      String uid = assumed.uid();
      if (forgotten && !s.isRejected()) {
        queue.moveAllToActiveOrBackoffQueue(
            ClusterEvent.ASSIGNED_POD_DELETE, assumed.pod(), null, null);
      }
      fail(fwk, qp, s, host, NominatingInfo.override(""), start);
      if (forgotten && s.isRejected()) {
        queue.moveAllToActiveOrBackoffQueue(
            ClusterEvent.ASSIGNED_POD_DELETE,
            assumed.pod(),
            null,
            (QueuedPodInfo p) -> !p.pod().uid().equals(uid));
      }
    }
  }
}
