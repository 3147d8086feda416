package io.schedkit.preemption.defaultpreemption;

import io.schedkit.framework.PluginArgs;
import java.util.ArrayList;
import java.util.List;

/**
 * The args of the DefaultPreemption plugin ({@code DefaultPreemptionArgs}): how many candidate
 * nodes the preemption dry run looks for before it stops, {@code max(n × percentage / 100,
 * absolute)} capped at the number of potential nodes {@code n}.
 *
 * <p>Defaults ({@link #defaults()}): 10 % and 100.
 *
 * @param minCandidateNodesPercentage the share of potential nodes to find, 0 to 100
 * @param minCandidateNodesAbsolute the number of candidates to find at least, 0 or more; not 0
 *     together with a 0 percentage
 */
public record DefaultPreemptionArgs(int minCandidateNodesPercentage, int minCandidateNodesAbsolute)
    implements PluginArgs {

  /**
   * Returns upstream's defaults: 10 % and 100 nodes.
   *
   * @return the default args
   */
  public static DefaultPreemptionArgs defaults() {
    return new DefaultPreemptionArgs(10, 100);
  }

  /**
   * Checks the args as upstream's {@code ValidateDefaultPreemptionArgs}.
   *
   * @return the problems; empty when valid
   */
  @Override
  public List<FieldError> validate() {
    List<FieldError> errs = new ArrayList<>();
    if (minCandidateNodesPercentage < 0 || minCandidateNodesPercentage > 100) {
      errs.add(
          FieldError.invalid(
              "minCandidateNodesPercentage",
              minCandidateNodesPercentage,
              "not in valid range [0, 100]"));
    }
    if (minCandidateNodesAbsolute < 0) {
      errs.add(
          FieldError.invalid(
              "minCandidateNodesAbsolute",
              minCandidateNodesAbsolute,
              "not in valid range [0, inf)"));
    }
    if (minCandidateNodesPercentage == 0 && minCandidateNodesAbsolute == 0) {
      errs.add(
          FieldError.invalid(
              "minCandidateNodesPercentage",
              0,
              "cannot be zero at the same time as minCandidateNodesAbsolute"));
      errs.add(
          FieldError.invalid(
              "minCandidateNodesAbsolute",
              0,
              "cannot be zero at the same time as minCandidateNodesPercentage"));
    }
    return errs;
  }
}
