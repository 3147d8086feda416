package io.schedkit.framework.cluster;

import java.util.Objects;

/**
 * The proof of leadership that a leader-elected scheduler attaches to each write it makes through
 * {@link ClusterView}: the name of the lease it leads and the lease's transition count when it
 * acquired it ({@code leaseTransitions}, which grows by one at every change of holder and never
 * goes back). A leader that has been replaced carries a smaller value than its successor, so a host
 * that remembers the largest value it has seen for a lease can refuse the late writes of a deposed
 * leader (one that paused, or whose writes were delayed, for longer than its lease).
 *
 * @param lease the name of the lease (never null)
 * @param value the lease's transition count when the writer acquired it (not negative)
 */
public record FencingToken(String lease, long value) {
  /**
   * Checks the lease name and the value.
   *
   * @param lease the name of the lease (never null)
   * @param value the lease's transition count (not negative)
   */
  public FencingToken {
    Objects.requireNonNull(lease, "lease");
    if (value < 0) {
      throw new IllegalArgumentException("fencing token value must not be negative: " + value);
    }
  }

  /**
   * Whether this token is older than {@code other}: same lease, smaller value.
   *
   * @param other the token to compare with
   * @return true if both name the same lease and this value is smaller
   */
  public boolean isOlderThan(FencingToken other) {
    return lease.equals(other.lease) && value < other.value;
  }

  @Override
  public String toString() {
    return lease + "/" + value;
  }
}
