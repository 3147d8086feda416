package io.schedkit.core;

import java.util.Objects;

/**
 * What one scheduling cycle did with one pod: the outcome of {@link Scheduler#scheduleOne()}.
 * Binding happens afterwards (asynchronously), so {@link Outcome#ASSUMED} means the pod was placed
 * in the cache and handed to its binding cycle, not that the host confirmed it.
 *
 * @param podKey {@code namespace/name} of the pod
 * @param profile the profile that scheduled it
 * @param outcome what happened
 * @param nodeName the chosen node ({@code ASSUMED}) or the nominated node ({@code UNSCHEDULABLE}
 *     after preemption), else empty
 * @param message kube-scheduler's failure message, empty on success
 */
public record ScheduleResult(
    String podKey, String profile, Outcome outcome, String nodeName, String message) {
  /** The outcome of a scheduling cycle. */
  public enum Outcome {
    /** The pod was assumed on a node and its binding cycle started. */
    ASSUMED,
    /** The pod fits nowhere (or was rejected at Reserve or Permit); it waits in the queue. */
    UNSCHEDULABLE,
    /** Something failed unexpectedly; the pod is retried with error backoff. */
    ERROR,
    /** The pod was popped but not scheduled (deleted, already assumed, unknown profile). */
    SKIPPED
  }

  /** Normalises null strings. */
  public ScheduleResult {
    Objects.requireNonNull(podKey, "podKey");
    Objects.requireNonNull(outcome, "outcome");
    profile = profile == null ? "" : profile;
    nodeName = nodeName == null ? "" : nodeName;
    message = message == null ? "" : message;
  }
}
