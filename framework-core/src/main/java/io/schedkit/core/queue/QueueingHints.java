package io.schedkit.core.queue;

import io.schedkit.core.runtime.Framework;
import io.schedkit.core.runtime.PluginFailures;
import io.schedkit.framework.ActionType;
import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.ClusterEventWithHint;
import io.schedkit.framework.EventResource;
import io.schedkit.framework.QueueingHint;
import io.schedkit.framework.QueueingHintFunction;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The events each profile's plugins registered (their {@code EnqueueExtensions}), and the decision
 * kube-scheduler's {@code isPodWorthRequeuing} makes from them: does an event move a rejected pod,
 * and how fast.
 *
 * <p>Only the pod's rejectors (unschedulable ∪ pending plugins) are asked, and only for
 * registrations whose event matches. Queue from a pending plugin means immediately (no backoff),
 * Queue from another rejector means after backoff, all QueueSkip (or no matching registration)
 * means stay. A hint that throws counts as Queue. A pod with no rejector, and a wildcard event,
 * move after backoff; a wildcard event that names a pod in its new object moves that pod only. The
 * pseudo-plugin {@value #EXTENDER}, which stands for extender rejections, is registered for every
 * event in profiles that have extenders.
 *
 * <p>Immutable after construction; hints run on the caller's thread (under the queue's lock).
 */
final class QueueingHints {
  /** The pseudo-plugin recorded as rejector when extenders filtered nodes out. */
  static final String EXTENDER = "Extender";

  private static final Logger LOG = LoggerFactory.getLogger(QueueingHints.class);
  private static final ClusterEvent WILDCARD =
      ClusterEvent.of(EventResource.WILDCARD, ActionType.ALL);

  /** How a pod goes back from the unschedulable pool. */
  enum Strategy {
    /** Stay in the pool. */
    SKIP,
    /** To the backoff queue if still backing off, else to the active queue. */
    AFTER_BACKOFF,
    /** To the active queue at once. */
    IMMEDIATELY
  }

  private record Registration(String plugin, ClusterEvent event, QueueingHintFunction hint) {}

  private final Map<String, List<Registration>> byProfile = new LinkedHashMap<>();

  QueueingHints(Map<String, Framework> profiles) {
    for (Map.Entry<String, Framework> e : profiles.entrySet()) {
      List<Registration> regs = new ArrayList<>();
      for (Map.Entry<String, List<ClusterEventWithHint>> p :
          e.getValue().eventsToRegister().entrySet()) {
        for (ClusterEventWithHint h : p.getValue()) {
          regs.add(new Registration(p.getKey(), h.event(), h.hint()));
        }
      }
      if (!e.getValue().services().extenders().isEmpty()) {
        regs.add(new Registration(EXTENDER, WILDCARD, null));
      }
      byProfile.put(e.getKey(), List.copyOf(regs));
    }
  }

  /** Whether some plugin of some profile registered an event that {@code event} matches. */
  boolean isOfInterest(ClusterEvent event) {
    if (event.isWildcard()) {
      return true;
    }
    for (List<Registration> regs : byProfile.values()) {
      for (Registration r : regs) {
        if (r.event().matches(event)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether {@code plugin} of {@code profile} registered an event that {@code event} matches. */
  boolean registers(String profile, String plugin, ClusterEvent event) {
    if (event.isWildcard()) {
      return true;
    }
    for (Registration r : byProfile.getOrDefault(profile, List.of())) {
      if (r.plugin().equals(plugin) && r.event().matches(event)) {
        return true;
      }
    }
    return false;
  }

  /**
   * How {@code event} moves {@code pod} (of profile {@code profile}, null when the pod's profile is
   * unknown) out of the unschedulable pool.
   */
  Strategy strategy(
      QueuedPod pod, String profile, ClusterEvent event, Object oldObject, Object newObject) {
    Set<String> unschedulable = pod.unschedulablePlugins();
    Set<String> pending = pod.pendingPlugins();
    if (unschedulable.isEmpty() && pending.isEmpty()) {
      return Strategy.AFTER_BACKOFF;
    }
    if (event.isWildcard()) {
      if (newObject != null
          && !(newObject instanceof Pod && ((Pod) newObject).uid().equals(pod.pod().uid()))) {
        return Strategy.SKIP;
      }
      return Strategy.AFTER_BACKOFF;
    }
    List<Registration> regs = profile == null ? null : byProfile.get(profile);
    if (regs == null) {
      return Strategy.AFTER_BACKOFF;
    }
    Strategy strategy = Strategy.SKIP;
    for (Registration r : regs) {
      boolean isPending = pending.contains(r.plugin());
      if (!(isPending || unschedulable.contains(r.plugin())) || !r.event().matches(event)) {
        continue;
      }
      if (hint(r, pod.pod(), event, oldObject, newObject) == QueueingHint.QUEUE_SKIP) {
        continue;
      }
      if (isPending) {
        return Strategy.IMMEDIATELY;
      }
      if (pending.isEmpty()) {
        return Strategy.AFTER_BACKOFF;
      }
      strategy = Strategy.AFTER_BACKOFF;
    }
    return strategy;
  }

  private static QueueingHint hint(
      Registration r, Pod pod, ClusterEvent event, Object oldObject, Object newObject) {
    if (r.hint() == null) {
      return QueueingHint.QUEUE;
    }
    try {
      QueueingHint h = r.hint().hint(pod, oldObject, newObject);
      return h == null ? QueueingHint.QUEUE : h;
    } catch (Throwable e) {
      PluginFailures.contained(e);
      LOG.warn(
          "queueing hint of plugin {} failed for pod {} on event {}; treating it as Queue",
          r.plugin(),
          pod.key(),
          event,
          e);
      return QueueingHint.QUEUE;
    }
  }
}
