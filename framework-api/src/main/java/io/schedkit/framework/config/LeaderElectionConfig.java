package io.schedkit.framework.config;

import java.time.Duration;

/**
 * Leader election settings ({@code leaderElection}), as kube-scheduler's.
 *
 * @param leaderElect whether to elect a leader before scheduling
 * @param leaseDuration how long a non-renewed lease is honoured (default 15 s)
 * @param renewDeadline how long the leader retries renewing before giving up (default 10 s)
 * @param retryPeriod the interval between attempts (default 2 s)
 * @param resourceLock the lock kind (default {@code leases})
 * @param resourceName the lease name (default {@code kube-scheduler})
 * @param resourceNamespace the lease namespace (default {@code kube-system})
 */
public record LeaderElectionConfig(
    boolean leaderElect,
    Duration leaseDuration,
    Duration renewDeadline,
    Duration retryPeriod,
    String resourceLock,
    String resourceName,
    String resourceNamespace) {

  /**
   * kube-scheduler's defaults.
   *
   * @return the defaults, with leader election on
   */
  public static LeaderElectionConfig defaults() {
    return new LeaderElectionConfig(
        true,
        Duration.ofSeconds(15),
        Duration.ofSeconds(10),
        Duration.ofSeconds(2),
        "leases",
        "kube-scheduler",
        "kube-system");
  }
}
