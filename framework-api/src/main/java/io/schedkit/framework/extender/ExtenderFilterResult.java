package io.schedkit.framework.extender;

import java.util.List;
import java.util.Map;

/**
 * What an extender's filter call returned.
 *
 * @param feasibleNodes the names of the nodes that passed
 * @param failedNodes nodes rejected in a way preemption may resolve, with a message each
 * @param failedAndUnresolvableNodes nodes rejected in a way preemption cannot resolve
 */
public record ExtenderFilterResult(
    List<String> feasibleNodes,
    Map<String, String> failedNodes,
    Map<String, String> failedAndUnresolvableNodes) {
  /**
   * Copies the collections.
   *
   * @param feasibleNodes the names of the nodes that passed
   * @param failedNodes nodes rejected in a way preemption may resolve, with a message each
   * @param failedAndUnresolvableNodes nodes rejected in a way preemption cannot resolve
   */
  public ExtenderFilterResult {
    feasibleNodes = List.copyOf(feasibleNodes);
    failedNodes = Map.copyOf(failedNodes);
    failedAndUnresolvableNodes = Map.copyOf(failedAndUnresolvableNodes);
  }
}
