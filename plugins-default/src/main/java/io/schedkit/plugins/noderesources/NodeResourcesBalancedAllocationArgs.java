package io.schedkit.plugins.noderesources;

import io.schedkit.framework.PluginArgs;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The args of the NodeResourcesBalancedAllocation plugin ({@code
 * NodeResourcesBalancedAllocationArgs}): the resources whose allocation it balances.
 *
 * <p>Defaults ({@link #defaults()}): cpu and memory. As upstream's defaulting, an empty list reads
 * as the defaults; weights are unused by the score and must be 1.
 *
 * @param resources the balanced resources, in order; never empty
 */
public record NodeResourcesBalancedAllocationArgs(List<ResourceSpec> resources)
    implements PluginArgs {

  /**
   * Copies the resources, defaulting an empty list to cpu and memory.
   *
   * @param resources the balanced resources; null or empty means cpu and memory
   */
  public NodeResourcesBalancedAllocationArgs {
    resources =
        resources == null || resources.isEmpty()
            ? ResourceSpec.DEFAULT_RESOURCES
            : List.copyOf(resources);
  }

  /**
   * Returns upstream's defaults: cpu and memory, weight 1.
   *
   * @return the default args
   */
  public static NodeResourcesBalancedAllocationArgs defaults() {
    return new NodeResourcesBalancedAllocationArgs(ResourceSpec.DEFAULT_RESOURCES);
  }

  /**
   * Checks the args as upstream's {@code ValidateNodeResourcesBalancedAllocationArgs}: resource
   * names unique, every weight 1.
   *
   * @return the problems; empty when valid
   */
  @Override
  public List<FieldError> validate() {
    List<FieldError> errs = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < resources.size(); i++) {
      ResourceSpec r = resources.get(i);
      if (!seen.add(r.name())) {
        errs.add(FieldError.duplicate("resources[" + i + "].name", r.name()));
      }
      if (r.weight() != 1) {
        errs.add(FieldError.invalid("resources[" + i + "].weight", r.weight(), "must be 1"));
      }
    }
    return errs;
  }
}
