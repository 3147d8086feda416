package io.schedkit.core.queue;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * kube-scheduler's pod backoff (v1.35, {@code backoff_queue.go}): how long a pod that came back
 * after a failed attempt waits before it may be retried, and whether it is still waiting.
 *
 * <ul>
 *   <li>The count is the pod's consecutive error count when its last attempt failed with an error,
 *       else its unschedulable count; a count of 0, or a zero maximum backoff, means no backoff.
 *   <li>Duration for count {@code n ≥ 1}: {@code min(initial × 2^(n−1), max)} (1, 2, 4, 8, 10, 10 …
 *       s with the defaults), computed without overflow.
 *   <li>Expiry: {@code truncate(timestamp + duration, 1 s)} (KEP 5142's ordering window), cached on
 *       the pod until it fails again.
 *   <li>Backing off while {@code expiry ≥ truncate(now, 1 s)}: the pod completes at the start of
 *       the window after its expiry's, so one flush per second moves whole windows at once.
 * </ul>
 */
final class BackoffPolicy {
  /** The backoff queue's ordering window, and the period of the backoff flush. */
  static final Duration WINDOW = Duration.ofSeconds(1);

  private final long initialNanos;
  private final long maxNanos;

  BackoffPolicy(Duration initial, Duration max) {
    if (initial.isNegative() || max.isNegative()) {
      throw new IllegalArgumentException("backoff durations must not be negative");
    }
    this.initialNanos = saturatedNanos(initial);
    this.maxNanos = saturatedNanos(max);
  }

  /** The backoff for a pod that failed {@code count} times in a row. */
  Duration duration(int count) {
    if (count <= 0) {
      return Duration.ZERO;
    }
    int shift = count - 1;
    if (shift >= 63 || initialNanos > (maxNanos >> shift)) {
      return Duration.ofNanos(maxNanos);
    }
    return Duration.ofNanos(initialNanos << shift);
  }

  /** The pod's backoff expiry, computing and caching it; null when the pod has no backoff. */
  Instant expiry(QueuedPod pod) {
    if (maxNanos == 0) {
      return null;
    }
    int count =
        pod.consecutiveErrorsCount() > 0 ? pod.consecutiveErrorsCount() : pod.unschedulableCount();
    if (count == 0) {
      return null;
    }
    Instant cached = pod.cachedBackoffExpiry();
    if (cached == null) {
      cached = align(pod.timestamp().plus(duration(count)));
      pod.setBackoffExpiry(cached);
    }
    return cached;
  }

  /** Whether the pod must still wait at {@code now}. */
  boolean isBackingOff(QueuedPod pod, Instant now) {
    Instant expiry = expiry(pod);
    return expiry != null && !expiry.isBefore(align(now));
  }

  /** The first instant at which the pod no longer backs off; null when it has no backoff. */
  Instant completion(QueuedPod pod) {
    Instant expiry = expiry(pod);
    return expiry == null ? null : expiry.plus(WINDOW);
  }

  /** The start of the ordering window that holds {@code t}. */
  static Instant align(Instant t) {
    return t.truncatedTo(ChronoUnit.SECONDS);
  }

  private static long saturatedNanos(Duration d) {
    try {
      return d.toNanos();
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }
}
