package io.schedkit.plugins.noderesources;

import java.util.List;

/**
 * A resource the node resources plugins score, with its weight ({@code ResourceSpec} of
 * kube-scheduler's config): an entry of {@code NodeResourcesFitArgs.scoringStrategy.resources} and
 * of {@code NodeResourcesBalancedAllocationArgs.resources}.
 *
 * <p>A weight of 0 means unset and reads as 1, as upstream's defaulting does.
 *
 * @param name the resource name, for example {@code cpu} or {@code nvidia.com/gpu}
 * @param weight the weight; valid weights are 1 to 100 (NodeResourcesFit) or exactly 1
 *     (NodeResourcesBalancedAllocation)
 */
public record ResourceSpec(String name, long weight) {

  /** Upstream's default resources: cpu and memory, weight 1 each. */
  public static final List<ResourceSpec> DEFAULT_RESOURCES =
      List.of(new ResourceSpec("cpu", 1), new ResourceSpec("memory", 1));

  /**
   * Normalises a null name to {@code ""} and a zero weight to 1.
   *
   * @param name the resource name
   * @param weight the weight; 0 means 1
   */
  public ResourceSpec {
    name = name == null ? "" : name;
    weight = weight == 0 ? 1 : weight;
  }
}
