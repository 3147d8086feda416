package io.schedkit.preemption;

import io.schedkit.framework.Status;
import io.schedkit.framework.model.Pod;
import java.util.List;
import java.util.Objects;

/**
 * What selecting victims on one node gave: on success, the fewest pods whose eviction lets the
 * preemptor fit, most important first, and how many of them violate a PodDisruptionBudget;
 * otherwise why preemption cannot help on this node (upstream's {@code SelectVictimsOnNode}
 * results).
 *
 * @param status Success, or the node's verdict (a rejection, or an Error); never null
 * @param victims the victims, most important first; empty unless successful
 * @param numPdbViolations how many victims violate a PodDisruptionBudget
 */
public record VictimSelection(Status status, List<Pod> victims, int numPdbViolations) {
  /** Validates the components and copies the list. */
  public VictimSelection {
    Objects.requireNonNull(status, "status");
    victims = List.copyOf(victims);
  }

  /** A successful selection. */
  public static VictimSelection of(List<Pod> victims, int numPdbViolations) {
    return new VictimSelection(Status.success(), victims, numPdbViolations);
  }

  /** A node on which preemption cannot help, with the reason. */
  public static VictimSelection failure(Status status) {
    return new VictimSelection(status, List.of(), 0);
  }
}
