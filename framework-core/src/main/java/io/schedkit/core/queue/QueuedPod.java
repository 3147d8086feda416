package io.schedkit.core.queue;

import io.schedkit.framework.PodInfo;
import io.schedkit.framework.QueuedPodInfo;
import io.schedkit.framework.Status;
import java.time.Instant;
import java.util.Collection;
import java.util.Collections;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A pod in the {@link SchedulingQueue} with its queueing bookkeeping: when it was queued, how often
 * it was tried, which plugins rejected it, whether a PreEnqueue plugin gates it, its backoff
 * counters and where in the queue it is.
 *
 * <p>Design note (threads and ownership): the queue mutates an instance only under its lock. While
 * the pod is in flight (between {@code pop} and {@code addUnschedulableIfNotPresent}), the
 * scheduling thread owns it and records the attempt's rejectors with {@link
 * #setUnschedulablePlugins} and {@link #setPendingPlugins}; the queue's lock hand-off on pop and
 * requeue orders those writes. Plugin sets are immutable snapshots replaced on every write, so a
 * reader never sees a set change under it. Objects returned by {@link
 * SchedulingQueue#pendingPods()} and {@link SchedulingQueue#get(String)} are detached copies.
 */
public final class QueuedPod implements QueuedPodInfo {
  /** Where a pod is in the scheduling queue. */
  public enum Location {
    /** In the active queue, waiting to be popped. */
    ACTIVE("active"),
    /** In the backoff queue after a rejection by plugins. */
    BACKOFF("backoff"),
    /** In the error backoff queue after an attempt that failed with no rejecting plugin. */
    ERROR_BACKOFF("backoff"),
    /** In the unschedulable pool, waiting for an event that may help. */
    UNSCHEDULABLE("unschedulable"),
    /** In the unschedulable pool, held back by a PreEnqueue plugin. */
    GATED("gated"),
    /** Popped and being scheduled or bound. */
    IN_FLIGHT("in-flight"),
    /** Not in the queue. */
    NONE("none");

    private final String metricLabel;

    Location(String metricLabel) {
      this.metricLabel = metricLabel;
    }

    /** The {@code queue} label of {@code scheduler_pending_pods} for pods here. */
    public String metricLabel() {
      return metricLabel;
    }
  }

  private static final SortedSet<String> NO_PLUGINS =
      Collections.unmodifiableSortedSet(new TreeSet<>());

  private PodInfo podInfo;
  private Instant timestamp;
  private int attempts;
  private Instant initialAttemptTimestamp;
  private SortedSet<String> unschedulablePlugins = NO_PLUGINS;
  private SortedSet<String> pendingPlugins = NO_PLUGINS;
  private String gatingPlugin = "";
  private Status gatingStatus;
  private int unschedulableCount;
  private int consecutiveErrorsCount;
  private Instant backoffExpiry;
  private Location location = Location.NONE;
  int heapIndex = -1;

  QueuedPod(PodInfo podInfo, Instant timestamp) {
    this.podInfo = Objects.requireNonNull(podInfo, "podInfo");
    this.timestamp = Objects.requireNonNull(timestamp, "timestamp");
  }

  private QueuedPod(QueuedPod other) {
    this.podInfo = other.podInfo;
    this.timestamp = other.timestamp;
    this.attempts = other.attempts;
    this.initialAttemptTimestamp = other.initialAttemptTimestamp;
    this.unschedulablePlugins = other.unschedulablePlugins;
    this.pendingPlugins = other.pendingPlugins;
    this.gatingPlugin = other.gatingPlugin;
    this.gatingStatus = other.gatingStatus;
    this.unschedulableCount = other.unschedulableCount;
    this.consecutiveErrorsCount = other.consecutiveErrorsCount;
    this.backoffExpiry = other.backoffExpiry;
    this.location = other.location;
  }

  @Override
  public PodInfo podInfo() {
    return podInfo;
  }

  @Override
  public Instant timestamp() {
    return timestamp;
  }

  @Override
  public int attempts() {
    return attempts;
  }

  @Override
  public Instant initialAttemptTimestamp() {
    return initialAttemptTimestamp;
  }

  /** The plugins that rejected the pod in its last attempt, in name order; never null. */
  @Override
  public SortedSet<String> unschedulablePlugins() {
    return unschedulablePlugins;
  }

  /** The plugins that returned Pending in the pod's last attempt, in name order; never null. */
  @Override
  public SortedSet<String> pendingPlugins() {
    return pendingPlugins;
  }

  /**
   * Records the plugins that rejected the pod in the attempt that just failed (Filter, PreFilter,
   * Reserve, Permit and so on, plus {@code Extender} for extender rejections). Call before {@link
   * SchedulingQueue#addUnschedulableIfNotPresent}; an empty set means the attempt failed with an
   * error, which sends the pod to the error backoff queue.
   */
  public void setUnschedulablePlugins(Collection<String> plugins) {
    this.unschedulablePlugins = freeze(plugins);
  }

  /** Records the plugins that returned Pending in the attempt that just failed. */
  public void setPendingPlugins(Collection<String> plugins) {
    this.pendingPlugins = freeze(plugins);
  }

  /** Whether a PreEnqueue plugin holds the pod back. */
  public boolean gated() {
    return !gatingPlugin.isEmpty();
  }

  /** The PreEnqueue plugin that holds the pod back; empty when the pod is not gated. */
  public String gatingPlugin() {
    return gatingPlugin;
  }

  /** The status the gating PreEnqueue plugin returned, if the pod is gated. */
  public Optional<Status> gatingStatus() {
    return Optional.ofNullable(gatingStatus);
  }

  /** How many attempts plugins rejected in a row (kube-scheduler's {@code UnschedulableCount}). */
  public int unschedulableCount() {
    return unschedulableCount;
  }

  /** How many attempts failed with an error in a row (it drives the error backoff). */
  public int consecutiveErrorsCount() {
    return consecutiveErrorsCount;
  }

  /** The cached end of the pod's current backoff (aligned to a whole second), if computed. */
  public Optional<Instant> backoffExpiry() {
    return Optional.ofNullable(backoffExpiry);
  }

  /** Where the pod was in the queue when this object was read. */
  public Location location() {
    return location;
  }

  @Override
  public String toString() {
    return podInfo + "@" + location + "(attempts=" + attempts + ")";
  }

  // ---------------------------------------------------------------- queue-internal mutators

  /** A detached copy for diagnostics. */
  QueuedPod snapshot() {
    return new QueuedPod(this);
  }

  void setPodInfo(PodInfo podInfo) {
    this.podInfo = Objects.requireNonNull(podInfo, "podInfo");
  }

  void setTimestamp(Instant timestamp) {
    this.timestamp = timestamp;
  }

  void incrementAttempts() {
    attempts++;
  }

  void setInitialAttemptTimestamp(Instant initialAttemptTimestamp) {
    this.initialAttemptTimestamp = initialAttemptTimestamp;
  }

  void addUnschedulablePlugin(String plugin) {
    if (!unschedulablePlugins.contains(plugin)) {
      TreeSet<String> grown = new TreeSet<>(unschedulablePlugins);
      grown.add(plugin);
      unschedulablePlugins = Collections.unmodifiableSortedSet(grown);
    }
  }

  /** Whether no plugin rejected the pod: its last attempt failed with an error. */
  boolean hasNoRejector() {
    return unschedulablePlugins.isEmpty() && pendingPlugins.isEmpty();
  }

  void gate(String plugin, Status status) {
    this.gatingPlugin = plugin;
    this.gatingStatus = status;
  }

  void ungate() {
    this.gatingPlugin = "";
    this.gatingStatus = null;
  }

  /** Counts the failed attempt that brings the pod back, as kube-scheduler does. */
  void countFailure() {
    if (hasNoRejector()) {
      consecutiveErrorsCount++;
    } else {
      unschedulableCount++;
      consecutiveErrorsCount = 0;
    }
  }

  void setCounts(int unschedulableCount, int consecutiveErrorsCount) {
    this.unschedulableCount = unschedulableCount;
    this.consecutiveErrorsCount = consecutiveErrorsCount;
  }

  Instant cachedBackoffExpiry() {
    return backoffExpiry;
  }

  void setBackoffExpiry(Instant backoffExpiry) {
    this.backoffExpiry = backoffExpiry;
  }

  void setLocation(Location location) {
    this.location = location;
  }

  private static SortedSet<String> freeze(Collection<String> plugins) {
    if (plugins == null || plugins.isEmpty()) {
      return NO_PLUGINS;
    }
    return Collections.unmodifiableSortedSet(new TreeSet<>(plugins));
  }
}
