package io.schedkit.plugins.interpodaffinity;

import io.schedkit.framework.PluginArgs;
import java.util.List;

/**
 * The args of the InterPodAffinity plugin ({@code InterPodAffinityArgs}).
 *
 * <p>Defaults ({@link #defaults()}): {@code hardPodAffinityWeight} 1, existing pods' preferred
 * terms scored.
 *
 * @param hardPodAffinityWeight the score weight of an existing pod's required affinity term that
 *     the incoming pod matches; 0 to 100, 0 disables it
 * @param ignorePreferredTermsOfExistingPods whether only the incoming pod's preferred terms are
 *     scored
 */
public record InterPodAffinityArgs(
    int hardPodAffinityWeight, boolean ignorePreferredTermsOfExistingPods) implements PluginArgs {

  /** The largest valid {@code hardPodAffinityWeight}. */
  public static final int MAX_HARD_POD_AFFINITY_WEIGHT = 100;

  /**
   * Returns upstream's defaults: weight 1, preferred terms of existing pods scored.
   *
   * @return the default args
   */
  public static InterPodAffinityArgs defaults() {
    return new InterPodAffinityArgs(1, false);
  }

  /**
   * Checks the args as upstream's {@code ValidateInterPodAffinityArgs}.
   *
   * @return the problems; empty when valid
   */
  @Override
  public List<FieldError> validate() {
    if (hardPodAffinityWeight < 0 || hardPodAffinityWeight > MAX_HARD_POD_AFFINITY_WEIGHT) {
      return List.of(
          FieldError.invalid(
              "hardPodAffinityWeight", hardPodAffinityWeight, "not in valid range [0, 100]"));
    }
    return List.of();
  }
}
