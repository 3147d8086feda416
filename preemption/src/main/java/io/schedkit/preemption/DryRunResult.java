package io.schedkit.preemption;

import io.schedkit.framework.NodeToStatus;
import java.util.List;
import java.util.Objects;

/**
 * What a preemption dry run found (upstream's {@code DryRunPreemption} results).
 *
 * @param candidates the candidates, those violating no PodDisruptionBudget first, each group in the
 *     order the dry run found them
 * @param nodeStatuses why each visited node that is not a candidate cannot be helped; nodes not
 *     visited are absent (UnschedulableAndUnresolvable without a reason)
 * @param errors the messages of the nodes whose evaluation failed with an Error, in the order they
 *     failed
 */
public record DryRunResult(
    List<Candidate> candidates, NodeToStatus nodeStatuses, List<String> errors) {
  /** Validates the components and copies the lists. */
  public DryRunResult {
    candidates = List.copyOf(candidates);
    Objects.requireNonNull(nodeStatuses, "nodeStatuses");
    errors = List.copyOf(errors);
  }
}
