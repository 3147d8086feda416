package io.schedkit.core;

import io.schedkit.core.cache.SchedulerCache;
import io.schedkit.core.cluster.PriorityAdmission;
import io.schedkit.core.queue.NodeUpdates;
import io.schedkit.core.queue.SchedulingQueue;
import io.schedkit.core.runtime.Framework;
import io.schedkit.core.store.ClusterObjectStore;
import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns the host's watch events into cache, queue and store updates, as kube-scheduler's event
 * handlers do: bound pods feed the cache (and wake pods whose rejections such a change may
 * resolve), pending pods of our profiles feed the queue, nodes feed both, other objects feed the
 * store. Terminal pods (phase Succeeded or Failed) count as deleted, as kube-scheduler's informer
 * never sees them.
 *
 * <p>Design note: events arrive on the host's thread, one at a time; the cache, queue and store are
 * thread-safe. A bad object (no name, an unknown profile...) is logged and skipped, never
 * half-applied.
 */
final class EventHandlers implements Consumer<WatchEvent> {
  private static final Logger LOG = LoggerFactory.getLogger(EventHandlers.class);

  private final SchedulerCache cache;
  private final SchedulingQueue queue;
  private final ClusterObjectStore store;
  private final Map<String, Framework> profiles;
  private final AtomicLong events = new AtomicLong();
  private final Consumer<Pod> onPodGone;
  private final Consumer<VirtualMachineError> onFatal;

  EventHandlers(
      SchedulerCache cache,
      SchedulingQueue queue,
      ClusterObjectStore store,
      Map<String, Framework> profiles,
      Consumer<Pod> onPodGone,
      Consumer<VirtualMachineError> onFatal) {
    this.cache = cache;
    this.queue = queue;
    this.store = store;
    this.profiles = profiles;
    this.onPodGone = onPodGone;
    this.onFatal = onFatal;
  }

  /** The number of events handled so far (a progress signal for simulations). */
  long eventCount() {
    return events.get();
  }

  @Override
  public void accept(WatchEvent event) {
    if (!isStatusOnlyPodUpdate(event)) {
      events.incrementAndGet();
    }
    try {
      KubeObject obj = event.object();
      if (obj instanceof Node) {
        onNode(event);
      } else if (obj instanceof Pod) {
        // Listers and the scheduler see pods as the API server would have stored them.
        WatchEvent admitted =
            new WatchEvent(
                event.type(),
                event.oldObject() == null ? null : withPriority((Pod) event.oldObject()),
                withPriority((Pod) event.newObject()));
        store.apply(admitted);
        onPod(admitted);
      } else {
        store.apply(event);
        onOther(event);
      }
    } catch (VirtualMachineError e) {
      onFatal.accept(e);
      throw e;
    } catch (RuntimeException | Error e) {
      LOG.warn("ignoring {} event of {}: {}", event.type(), event.object().key(), e.toString());
    }
  }

  /**
   * Whether the event only changes a pod's status (the scheduler's own condition and nomination
   * writes come back this way); such events are not progress of the cluster.
   */
  private static boolean isStatusOnlyPodUpdate(WatchEvent event) {
    if (event.type() != WatchEvent.Type.MODIFIED || !(event.newObject() instanceof Pod)) {
      return false;
    }
    Pod a = (Pod) event.oldObject();
    Pod b = (Pod) event.newObject();
    return a.spec().equals(b.spec())
        && a.metadata().labels().equals(b.metadata().labels())
        && a.metadata().annotations().equals(b.metadata().annotations())
        && java.util.Objects.equals(
            a.metadata().deletionTimestamp(), b.metadata().deletionTimestamp())
        && a.status().phase().equals(b.status().phase());
  }

  private void onNode(WatchEvent event) {
    Node node = (Node) event.newObject();
    switch (event.type()) {
      case ADDED -> {
        cache.addNode(node);
        queue.moveAllToActiveOrBackoffQueue(ClusterEvent.NODE_ADD, null, node, null);
      }
      case MODIFIED -> {
        Node old = (Node) event.oldObject();
        cache.updateNode(old, node);
        NodeUpdates.actionType(old, node)
            .ifPresent(
                actions ->
                    queue.moveAllToActiveOrBackoffQueue(
                        ClusterEvent.of(EventResource.NODE, actions), old, node, null));
      }
      case DELETED -> {
        cache.removeNode(node);
        queue.moveAllToActiveOrBackoffQueue(
            ClusterEvent.of(EventResource.NODE, ActionType.DELETE), node, null, null);
      }
    }
  }

  private boolean responsibleFor(Pod pod) {
    return profiles.containsKey(pod.spec().schedulerName());
  }

  private static boolean terminal(Pod pod) {
    String phase = pod.status().phase();
    return "Succeeded".equals(phase) || "Failed".equals(phase);
  }

  private void onPod(WatchEvent event) {
    Pod pod = withPriority((Pod) event.newObject());
    Pod old = event.oldObject() == null ? null : withPriority((Pod) event.oldObject());
    boolean gone = event.type() == WatchEvent.Type.DELETED || terminal(pod);
    boolean wasVisible = old != null && !terminal(old);
    if (event.type() == WatchEvent.Type.ADDED && gone) {
      return;
    }
    if (gone) {
      Pod last = old != null && event.type() != WatchEvent.Type.DELETED ? old : pod;
      if (wasVisible || event.type() == WatchEvent.Type.DELETED) {
        podDeleted(last);
      }
      return;
    }
    if (old == null || !wasVisible) {
      podAdded(pod);
      return;
    }
    boolean wasAssigned = !old.nodeName().isEmpty();
    boolean isAssigned = !pod.nodeName().isEmpty();
    if (wasAssigned && isAssigned) {
      cache.updatePod(old, pod);
      queue.assignedPodUpdated(old, pod);
    } else if (!wasAssigned && isAssigned) {
      if (responsibleFor(old)) {
        queue.delete(old);
      }
      cache.addPod(pod);
      queue.assignedPodAdded(pod);
    } else if (wasAssigned) {
      // A bound pod cannot become unbound; treat it as a delete and a new pending pod.
      podDeleted(old);
      podAdded(pod);
    } else if (responsibleFor(pod)) {
      if (cache.isAssumedPod(pod)) {
        return;
      }
      queue.update(old, pod);
    }
  }

  /** The pod with {@code spec.priority} resolved, as the API server's admission would set it. */
  private Pod withPriority(Pod pod) {
    return admit(pod, store);
  }

  /**
   * {@code pod} with the defaults the API server would have set: {@code spec.schedulerName} ({@code
   * default-scheduler}), and {@code spec.priority} and {@code spec.preemptionPolicy} from its
   * PriorityClass (Priority admission, {@link PriorityAdmission}).
   */
  static Pod admit(Pod pod, ClusterObjectStore store) {
    boolean noScheduler = pod.spec().schedulerName().isEmpty();
    boolean noPriority = pod.spec().priority() == null;
    if (!noScheduler && !noPriority) {
      return pod;
    }
    Pod.Builder b = pod.toBuilder();
    if (noScheduler) {
      b.schedulerName(io.schedkit.framework.config.Profile.DEFAULT_SCHEDULER_NAME);
    }
    if (noPriority) {
      b.priority(store.resolvePriority(pod));
      if (pod.spec().preemptionPolicy() == null) {
        store.priorityClassOf(pod).ifPresent(c -> b.preemptionPolicy(PriorityAdmission.policy(c)));
      }
    }
    return b.build();
  }

  private void podAdded(Pod pod) {
    if (!pod.nodeName().isEmpty()) {
      cache.addPod(pod);
      queue.assignedPodAdded(pod);
    } else if (responsibleFor(pod)) {
      queue.add(pod);
    }
  }

  private void podDeleted(Pod pod) {
    if (!pod.nodeName().isEmpty()) {
      cache.removePod(pod);
      queue.moveAllToActiveOrBackoffQueue(ClusterEvent.ASSIGNED_POD_DELETE, pod, null, null);
    } else if (responsibleFor(pod)) {
      queue.delete(pod);
      Framework fwk = profiles.get(pod.spec().schedulerName());
      if (fwk != null && fwk.waitingPods().reject(pod.uid())) {
        queue.moveAllToActiveOrBackoffQueue(ClusterEvent.ASSIGNED_POD_DELETE, pod, null, null);
      }
    }
    onPodGone.accept(pod);
  }

  private void onOther(WatchEvent event) {
    KubeObject obj = event.object();
    EventResource resource =
        switch (obj.kind()) {
          case "PodDisruptionBudget" -> EventResource.POD_DISRUPTION_BUDGET;
          case "PodGroup" -> EventResource.POD_GROUP;
          case "Namespace" -> EventResource.NAMESPACE;
          default -> null;
        };
    if (resource == null) {
      return;
    }
    ActionType action =
        switch (event.type()) {
          case ADDED -> ActionType.ADD;
          case MODIFIED -> ActionType.UPDATE;
          case DELETED -> ActionType.DELETE;
        };
    queue.moveAllToActiveOrBackoffQueue(
        ClusterEvent.of(resource, action), event.oldObject(), event.newObject(), null);
  }
}
