package io.schedkit.preemption;

import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.Status;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
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
    Map<String, Integer> counts = new HashMap<>();
    for (Status s : statuses.explicit().values()) {
      for (String reason : s.reasons()) {
        counts.merge(reason, 1, Integer::sum);
      }
    }
    int absent = numAllNodes - statuses.size();
    if (absent > 0) {
      for (String reason : statuses.absentStatus().reasons()) {
        counts.merge(reason, absent, Integer::sum);
      }
    }
    List<String> entries = new ArrayList<>(counts.size());
    counts.forEach((reason, n) -> entries.add(n + " " + reason));
    Collections.sort(entries);
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
