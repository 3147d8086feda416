package io.schedkit.preemption;

import io.schedkit.framework.NodeToStatus;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** kube-scheduler's message texts that preemption reproduces. */
final class FitErrors {
  private FitErrors() {}

  /**
   * {@code FitError.Error()} without PreFilter or PostFilter messages: {@code 0/<n> nodes are
   * available:} and the histogram of reasons (explicit statuses count once per node, the absent
   * status once per absent node), entries sorted as strings.
   */
  static String message(int numAllNodes, NodeToStatus statuses) {
    List<String> entries = statuses.reasonHistogram(numAllNodes);
    StringBuilder sb = new StringBuilder("0/").append(numAllNodes).append(" nodes are available:");
    if (!entries.isEmpty()) {
      sb.append(' ').append(String.join(", ", entries)).append('.');
    }
    return sb.toString();
  }

  /**
   * Go's {@code utilerrors.NewAggregate(errs).Error()}: one message as is, several deduplicated,
   * joined with {@code ", "} and bracketed.
   */
  static String aggregate(List<String> messages) {
    Set<String> seen = new LinkedHashSet<>(messages);
    if (seen.size() == 1) {
      return seen.iterator().next();
    }
    return "[" + String.join(", ", seen) + "]";
  }
}
