package io.schedkit.core.leaderelection;

import java.time.Instant;
import java.util.Objects;

/**
 * The state of one leader election as kept in the lease: who holds it, for how long a holder that
 * stops renewing is still honoured, and when it was acquired and last renewed. The fields are
 * client-go's {@code LeaderElectionRecord}; {@link LeaseCodec} writes them as its JSON and as a
 * {@code coordination.k8s.io/v1} Lease spec.
 *
 * <p>The times are the writer's own clock and are for people to read: electors never compare them
 * with their clock, they only notice that the record changed (see {@link LeaderElector}).
 *
 * @param holderIdentity the holder's identity; empty when nobody holds the lease (never null)
 * @param leaseDurationSeconds how long candidates wait, after they last saw the record change,
 *     before they may take the lease over
 * @param acquireTime when the current holder acquired the lease; null when unset
 * @param renewTime when the current holder last renewed the lease; null when unset
 * @param leaderTransitions how many times the lease changed holder
 * @param strategy the coordinated leader election strategy; empty when not coordinated (never null)
 * @param preferredHolder the holder a coordinated election prefers; empty when none (never null)
 */
public record LeaderElectionRecord(
    String holderIdentity,
    int leaseDurationSeconds,
    Instant acquireTime,
    Instant renewTime,
    int leaderTransitions,
    String strategy,
    String preferredHolder) {

  /** The zero record: no holder, no times, no transitions. */
  public static final LeaderElectionRecord EMPTY =
      new LeaderElectionRecord("", 0, null, null, 0, "", "");

  /** Null strings become empty. */
  public LeaderElectionRecord {
    holderIdentity = Objects.requireNonNullElse(holderIdentity, "");
    strategy = Objects.requireNonNullElse(strategy, "");
    preferredHolder = Objects.requireNonNullElse(preferredHolder, "");
  }

  /** A record without coordination fields. */
  public LeaderElectionRecord(
      String holderIdentity,
      int leaseDurationSeconds,
      Instant acquireTime,
      Instant renewTime,
      int leaderTransitions) {
    this(holderIdentity, leaseDurationSeconds, acquireTime, renewTime, leaderTransitions, "", "");
  }

  /** Whether somebody holds the lease (the holder identity is not empty). */
  public boolean isHeld() {
    return !holderIdentity.isEmpty();
  }
}
