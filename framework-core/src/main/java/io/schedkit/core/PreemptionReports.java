package io.schedkit.core;

import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.Victims;
import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Turns a PostFilter result into explain's preemption report. */
final class PreemptionReports {
  private PreemptionReports() {}

  /** The report, or null when the PostFilter did not nominate a node. */
  static Explanation.Preemption from(PostFilterResult pf) {
    if (!pf.status().isSuccess() || pf.nominatedNodeName().isEmpty()) {
      return null;
    }
    String node = pf.nominatedNodeName().get();
    List<Explanation.Candidate> candidates = new ArrayList<>();
    for (Map.Entry<String, Victims> e : pf.candidates().entrySet()) {
      candidates.add(
          new Explanation.Candidate(
              e.getKey(), keys(e.getValue().pods()), e.getValue().numPdbViolations()));
    }
    List<String> victims = pf.nominatedVictims().map(v -> keys(v.pods())).orElse(List.of());
    List<String> tied = new ArrayList<>(pf.tiedNodes());
    tied.sort(null);
    return new Explanation.Preemption(node, victims, candidates, tied);
  }

  private static List<String> keys(List<Pod> pods) {
    return pods.stream().map(Pod::key).toList();
  }
}
