package io.schedkit.plugins.coscheduling;

import io.schedkit.framework.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A set of PodGroups whose entries expire on the scheduler's clock, like the go-cache stores
 * upstream's coscheduling keeps (recently denied groups, recently permitted groups).
 *
 * <p>Design note: entries live in a concurrent map of expiry instants, read from the scheduling
 * thread and written from the scheduling and binding threads; expired entries are dropped when
 * looked up and swept on every insertion, so the map never outgrows the groups that failed or
 * succeeded within one time-to-live. Nothing is scheduled on the clock, so a memo never keeps a
 * simulation busy.
 */
final class GroupMemo {
  private final Clock clock;
  private final Map<GroupKey, Instant> expiries = new ConcurrentHashMap<>();

  GroupMemo(Clock clock) {
    this.clock = clock;
  }

  /**
   * Adds {@code key} for {@code ttl} unless it is already present and unexpired (go-cache's {@code
   * Add}). Returns whether it was added.
   */
  boolean addIfAbsent(GroupKey key, Duration ttl) {
    Instant now = clock.now();
    sweep(now);
    Instant until = now.plus(ttl);
    boolean[] added = {false};
    expiries.compute(
        key,
        (k, old) -> {
          if (old != null && now.isBefore(old)) {
            return old;
          }
          added[0] = true;
          return until;
        });
    return added[0];
  }

  /** Adds {@code key} for {@code ttl}, replacing any earlier expiry (go-cache's {@code Set}). */
  void put(GroupKey key, Duration ttl) {
    Instant now = clock.now();
    sweep(now);
    expiries.put(key, now.plus(ttl));
  }

  /** Whether {@code key} is present and unexpired. */
  boolean contains(GroupKey key) {
    Instant until = expiries.get(key);
    if (until == null) {
      return false;
    }
    if (clock.now().isBefore(until)) {
      return true;
    }
    expiries.remove(key, until);
    return false;
  }

  /** Removes {@code key}. */
  void remove(GroupKey key) {
    expiries.remove(key);
  }

  private void sweep(Instant now) {
    expiries.values().removeIf(until -> !now.isBefore(until));
  }
}
