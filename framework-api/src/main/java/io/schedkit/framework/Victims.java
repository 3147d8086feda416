package io.schedkit.framework;

import io.schedkit.framework.model.Pod;
import java.util.List;

/**
 * The pods preemption would evict on one node, and how many of them would violate a
 * PodDisruptionBudget.
 *
 * @param pods the victims, most important first
 * @param numPdbViolations how many victims violate a PodDisruptionBudget
 */
public record Victims(List<Pod> pods, int numPdbViolations) {
  /**
   * Copies the list.
   *
   * @param pods the victims, most important first
   * @param numPdbViolations how many victims violate a PodDisruptionBudget
   */
  public Victims {
    pods = List.copyOf(pods);
  }
}
