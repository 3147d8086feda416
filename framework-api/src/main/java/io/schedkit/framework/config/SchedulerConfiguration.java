package io.schedkit.framework.config;

import java.util.List;
import java.util.Optional;

/**
 * A scheduler's whole configuration: the model of a {@code KubeSchedulerConfiguration} ({@code
 * kubescheduler.config.k8s.io/v1}), with kube-scheduler's defaults applied by the decoder.
 *
 * @param parallelism the number of workers for Filter and Score (default 16)
 * @param percentageOfNodesToScore the share of nodes to find feasible before scoring; 0 means
 *     adaptive (default)
 * @param podInitialBackoffSeconds the first backoff of a rejected pod (default 1)
 * @param podMaxBackoffSeconds the longest backoff (default 10)
 * @param profiles the profiles, at least one
 * @param extenders the extenders, shared by all profiles
 * @param leaderElection the leader election settings
 * @param clientConnection how a live scheduler talks to the API server
 */
public record SchedulerConfiguration(
    int parallelism,
    int percentageOfNodesToScore,
    long podInitialBackoffSeconds,
    long podMaxBackoffSeconds,
    List<Profile> profiles,
    List<ExtenderConfig> extenders,
    LeaderElectionConfig leaderElection,
    ClientConnectionConfig clientConnection) {

  /**
   * Copies the lists.
   *
   * @param parallelism the number of workers for Filter and Score
   * @param percentageOfNodesToScore the share of nodes to find feasible (0–100); 0 means adaptive
   * @param podInitialBackoffSeconds the first backoff of a rejected pod, in seconds
   * @param podMaxBackoffSeconds the longest backoff, in seconds
   * @param profiles the profiles; null means none
   * @param extenders the extenders; null means none
   * @param leaderElection the leader election settings; null means {@link
   *     LeaderElectionConfig#defaults()}
   * @param clientConnection the API server connection settings; null means {@link
   *     ClientConnectionConfig#defaults()}
   */
  public SchedulerConfiguration {
    profiles = profiles == null ? List.of() : List.copyOf(profiles);
    extenders = extenders == null ? List.of() : List.copyOf(extenders);
    leaderElection = leaderElection == null ? LeaderElectionConfig.defaults() : leaderElection;
    clientConnection =
        clientConnection == null ? ClientConnectionConfig.defaults() : clientConnection;
  }

  /**
   * A configuration with the default {@link ClientConnectionConfig}, for hosts without an API
   * server.
   *
   * @param parallelism the number of workers for Filter and Score
   * @param percentageOfNodesToScore the share of nodes to find feasible (0–100); 0 means adaptive
   * @param podInitialBackoffSeconds the first backoff of a rejected pod, in seconds
   * @param podMaxBackoffSeconds the longest backoff, in seconds
   * @param profiles the profiles; null means none
   * @param extenders the extenders; null means none
   * @param leaderElection the leader election settings; null means the defaults
   */
  public SchedulerConfiguration(
      int parallelism,
      int percentageOfNodesToScore,
      long podInitialBackoffSeconds,
      long podMaxBackoffSeconds,
      List<Profile> profiles,
      List<ExtenderConfig> extenders,
      LeaderElectionConfig leaderElection) {
    this(
        parallelism,
        percentageOfNodesToScore,
        podInitialBackoffSeconds,
        podMaxBackoffSeconds,
        profiles,
        extenders,
        leaderElection,
        null);
  }

  /**
   * The profile named {@code schedulerName}.
   *
   * @param schedulerName the scheduler name
   * @return the profile, or empty if no profile has that name
   */
  public Optional<Profile> profile(String schedulerName) {
    return profiles.stream().filter(p -> p.schedulerName().equals(schedulerName)).findFirst();
  }
}
