package io.schedkit.kubernetes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.schedkit.framework.cluster.ClusterWriteException;
import io.schedkit.framework.config.Profile;
import io.schedkit.framework.model.Pod;
import io.schedkit.framework.model.PodCondition;
import io.schedkit.kubernetes.ApiRequests.ApiException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * The scheduler's writes to pods, as kube-scheduler v1.35 makes them:
 *
 * <ul>
 *   <li>bind: {@code POST pods/NAME/binding} with the pod's UID as precondition, then the {@code
 *       Scheduled} event {@code Successfully assigned <ns>/<name> to <node>}; a {@code 409} (the
 *       pod is bound already, or it is another pod now) fails as a {@linkplain
 *       ClusterWriteException#isConflict() conflict};
 *   <li>evict (a preemption victim): the condition {@code DisruptionTarget=True} reason {@code
 *       PreemptionByScheduler} message {@code <scheduler>: preempting to accommodate a higher
 *       priority pod} by a strategic merge patch of {@code pods/NAME/status} (skipped when already
 *       set), then {@code DELETE} with the victim's UID as precondition and the pod's default grace
 *       period, then the {@code Preempted} event {@code Preempted by pod <uid> on node <node>}; a
 *       victim already gone (404, or 409 on the UID) counts as evicted;
 *   <li>nominate: a merge patch of {@code status.nominatedNodeName} (null clears it);
 *   <li>reportUnschedulable: the {@code FailedScheduling} warning event, then the condition {@code
 *       PodScheduled=False} reason {@code Unschedulable} ({@code SchedulingGated} for a pod with
 *       scheduling gates) and the message, patched only when it changes the pod's condition
 *       (upstream's {@code updatePod}), its {@code lastTransitionTime} kept when the status stays.
 * </ul>
 *
 * Every failure is a {@link ClusterWriteException} naming the pod, the node and the server's
 * answer.
 */
final class PodWriter {
  /** The condition type of scheduling. */
  static final String POD_SCHEDULED = "PodScheduled";

  /** The condition type set on preemption victims. */
  static final String DISRUPTION_TARGET = "DisruptionTarget";

  /** The reason of the DisruptionTarget condition. */
  static final String PREEMPTION_BY_SCHEDULER = "PreemptionByScheduler";

  /** The reason of PodScheduled=False for a pod that does not fit. */
  static final String UNSCHEDULABLE = "Unschedulable";

  /** The reason of PodScheduled=False for a pod held back by scheduling gates. */
  static final String SCHEDULING_GATED = "SchedulingGated";

  private final ApiRequests api;
  private final EventRecorder events;

  PodWriter(ApiRequests api, EventRecorder events) {
    this.api = api;
    this.events = events;
  }

  CompletionStage<Void> bind(Pod pod, String nodeName) {
    ObjectNode binding = ApiRequests.object();
    binding.put("apiVersion", "v1");
    binding.put("kind", "Binding");
    ObjectNode meta = binding.putObject("metadata");
    meta.put("name", pod.name());
    meta.put("namespace", pod.namespace());
    if (!pod.uid().isEmpty()) {
      meta.put("uid", pod.uid());
    }
    ObjectNode target = binding.putObject("target");
    target.put("kind", "Node");
    target.put("name", nodeName);
    String what = "binding pod " + pod.key() + " to node " + nodeName;
    return api.send(
            "POST",
            ApiRequests.corePath(pod.namespace(), "pods", pod.name()) + "/binding",
            ApiRequests.JSON,
            binding)
        .handle(
            (body, t) -> {
              if (t != null) {
                throw writeFailure(what, t, false);
              }
              events.record(
                  pod,
                  EventRecorder.Type.Normal,
                  "Scheduled",
                  "Binding",
                  "Successfully assigned " + pod.key() + " to " + nodeName);
              return null;
            });
  }

  CompletionStage<Void> evict(Pod victim, Pod preemptor) {
    String scheduler =
        preemptor.spec().schedulerName().isEmpty()
            ? Profile.DEFAULT_SCHEDULER_NAME
            : preemptor.spec().schedulerName();
    PodCondition target =
        new PodCondition(
            DISRUPTION_TARGET,
            "True",
            PREEMPTION_BY_SCHEDULER,
            scheduler + ": preempting to accommodate a higher priority pod",
            null);
    String what = "evicting pod " + victim.key() + " for " + preemptor.key();
    CompletableFuture<Boolean> marked =
        conditionChanges(victim, target)
            ? patchCondition(victim, target)
                .handle(
                    (b, t) -> {
                      if (t != null && !gone(t, what)) {
                        throw writeFailure(what, t, false);
                      }
                      return t == null;
                    })
            : CompletableFuture.completedFuture(true);
    return marked.thenCompose(
        exists -> {
          if (!exists) {
            return CompletableFuture.<Void>completedFuture(null);
          }
          ObjectNode options = ApiRequests.object();
          options.put("apiVersion", "v1");
          options.put("kind", "DeleteOptions");
          if (!victim.uid().isEmpty()) {
            options.putObject("preconditions").put("uid", victim.uid());
          }
          return api.send(
                  "DELETE",
                  ApiRequests.corePath(victim.namespace(), "pods", victim.name()),
                  ApiRequests.JSON,
                  options)
              .handle(
                  (body, t) -> {
                    if (t != null && !gone(t, what)) {
                      throw writeFailure(what, t, false);
                    }
                    if (t == null) {
                      events.record(
                          victim,
                          EventRecorder.Type.Normal,
                          "Preempted",
                          "Preempting",
                          "Preempted by pod " + preemptor.uid() + " on node " + victim.nodeName());
                    }
                    return null;
                  });
        });
  }

  CompletionStage<Void> nominate(Pod pod, String nodeName) {
    ObjectNode patch = ApiRequests.object();
    ObjectNode status = patch.putObject("status");
    if (nodeName.isEmpty()) {
      status.putNull("nominatedNodeName");
    } else {
      status.put("nominatedNodeName", nodeName);
    }
    String what =
        (nodeName.isEmpty() ? "clearing the nominated node of pod " : "nominating pod ")
            + pod.key()
            + (nodeName.isEmpty() ? "" : " to node " + nodeName);
    return api.send("PATCH", statusPath(pod), ApiRequests.MERGE_PATCH, patch)
        .handle(
            (body, t) -> {
              if (t != null) {
                throw writeFailure(what, t, false);
              }
              return null;
            });
  }

  CompletionStage<Void> reportUnschedulable(Pod pod, String message) {
    events.record(pod, EventRecorder.Type.Warning, "FailedScheduling", "Scheduling", message);
    String reason = pod.spec().schedulingGates().isEmpty() ? UNSCHEDULABLE : SCHEDULING_GATED;
    PodCondition condition = new PodCondition(POD_SCHEDULED, "False", reason, message, null);
    if (!conditionChanges(pod, condition)) {
      return CompletableFuture.completedFuture(null);
    }
    String what = "reporting pod " + pod.key() + " unschedulable";
    return patchCondition(pod, condition)
        .handle(
            (b, t) -> {
              if (t != null) {
                throw writeFailure(what, t, false);
              }
              return null;
            });
  }

  /** Whether setting {@code c} changes the pod's condition of its type (upstream's test). */
  private static boolean conditionChanges(Pod pod, PodCondition c) {
    for (PodCondition old : pod.status().conditions()) {
      if (old.type().equals(c.type())) {
        return !(old.status().equals(c.status())
            && old.reason().equals(c.reason())
            && old.message().equals(c.message()));
      }
    }
    return true;
  }

  /** Patches {@code c} into the pod's conditions; its transition time moves with its status. */
  private CompletableFuture<Void> patchCondition(Pod pod, PodCondition c) {
    Instant transition = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    for (PodCondition old : pod.status().conditions()) {
      if (old.type().equals(c.type())
          && old.status().equals(c.status())
          && old.lastTransitionTime() != null) {
        transition = old.lastTransitionTime();
      }
    }
    ObjectNode patch = ApiRequests.object();
    ObjectNode condition = patch.putObject("status").putArray("conditions").addObject();
    condition.put("type", c.type());
    condition.put("status", c.status());
    condition.put("reason", c.reason());
    condition.put("message", c.message());
    condition.putNull("lastProbeTime");
    condition.put("lastTransitionTime", DateTimeFormatter.ISO_INSTANT.format(transition));
    return api.send("PATCH", statusPath(pod), ApiRequests.STRATEGIC_MERGE_PATCH, patch)
        .thenApply(body -> null);
  }

  private static String statusPath(Pod pod) {
    return ApiRequests.corePath(pod.namespace(), "pods", pod.name()) + "/status";
  }

  /** Whether {@code t} says the pod is gone (404, or 409 on a UID precondition). */
  private static boolean gone(Throwable t, String what) {
    ApiException e = apiException(t);
    return e != null && (e.code() == 404 || e.code() == 409);
  }

  private static ApiException apiException(Throwable t) {
    Throwable c = t;
    while (c instanceof CompletionException && c.getCause() != null) {
      c = c.getCause();
    }
    return c instanceof ApiException ? (ApiException) c : null;
  }

  /** The failure of {@code what}: a conflict when the server answered 409 or {@code conflict}. */
  static ClusterWriteException writeFailure(String what, Throwable t, boolean conflict) {
    ApiException e = apiException(t);
    if (e == null) {
      Throwable c = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
      if (c instanceof ClusterWriteException) {
        return (ClusterWriteException) c;
      }
      return new ClusterWriteException(what + ": " + c);
    }
    return new ClusterWriteException(what + ": " + e.describe(), conflict || e.code() == 409);
  }
}
