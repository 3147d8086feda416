package io.schedkit.chaos;

import io.schedkit.core.Scheduler;
import io.schedkit.core.cache.SchedulerCache;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * What the {@link InvariantChecker} reads of one scheduler replica: its name, its cache, its queue
 * and its snapshot, with the meaning of the {@link Scheduler} methods of the same names.
 */
interface ReplicaState {
  /** The replica's name, as violations name it. */
  String identity();

  /** Every node of the cache and the assumed pods ({@link Scheduler#cacheDump()}). */
  SchedulerCache.Dump cacheDump();

  /**
   * The named nodes of the cache and the assumed pods ({@link Scheduler#cacheDump(Collection)}).
   */
  SchedulerCache.Dump cacheDump(Collection<String> nodeNames);

  /** The pod with {@code uid} as queued, if it is ({@link Scheduler#whyPending(String)}). */
  Optional<Scheduler.PendingPod> whyPending(String uid);

  /** Every queued pod ({@link Scheduler#pendingPods()}). */
  List<Scheduler.PendingPod> pendingPods();

  /** The snapshot brought up to date with the cache ({@link Scheduler#snapshotDump()}). */
  Scheduler.SnapshotDump snapshotDump();
}
