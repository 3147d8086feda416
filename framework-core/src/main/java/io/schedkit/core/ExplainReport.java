package io.schedkit.core;

import io.schedkit.core.runtime.Framework;
import io.schedkit.core.runtime.ScoreTable;
import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeInfoLister;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PostFilterResult;
import io.schedkit.framework.Status;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Assembles an {@link Explanation} from a dry-run cycle's result. */
final class ExplainReport {
  private ExplainReport() {}

  static Explanation build(
      Framework fwk,
      CycleState state,
      PodInfo pod,
      NodeInfoLister snapshot,
      SchedulingAlgorithm.Result r) {
    Status status = r.status();
    Diagnosis diagnosis = r.diagnosis();
    String result;
    String message = "";
    Explanation.Preemption preemption = null;
    if (status.isSuccess()) {
      result = Explanation.SCHEDULED;
    } else if (status.isRejected()) {
      result = Explanation.UNSCHEDULABLE;
      if (fwk.hasPostFilterPlugins() && !snapshot.list().isEmpty()) {
        PostFilterResult pf = fwk.runPostFilterPlugins(state, pod, diagnosis.nodeToStatus());
        diagnosis.setPostFilterMessage(pf.status().message());
        preemption = PreemptionReports.from(pf);
      }
      message = snapshot.list().isEmpty() ? status.message() : diagnosis.message(snapshot.size());
    } else {
      result = Explanation.ERROR;
      message = status.message();
    }

    Map<String, Integer> feasibleIndex = new HashMap<>();
    for (int i = 0; i < r.feasibleNodes().size(); i++) {
      feasibleIndex.put(r.feasibleNodes().get(i).name(), i);
    }
    ScoreTable table = r.scores();
    List<NodeInfo> nodes = new ArrayList<>(snapshot.list());
    nodes.sort(Comparator.comparing(NodeInfo::name));
    List<Explanation.NodeVerdict> verdicts = new ArrayList<>(nodes.size());
    for (NodeInfo node : nodes) {
      Integer fi = feasibleIndex.get(node.name());
      if (fi == null || !status.isSuccess() && !status.isRejected()) {
        Status s = fi != null ? Status.success() : diagnosis.nodeToStatus().get(node.name());
        verdicts.add(new Explanation.NodeVerdict(node.name(), s, Map.of(), null));
        continue;
      }
      Map<String, Explanation.PluginScore> scores = new LinkedHashMap<>();
      long total = 0;
      if (table != null) {
        for (int p = 0; p < table.plugins().size(); p++) {
          long weight = table.weight(p);
          long normalized = table.normalized(p, fi);
          Explanation.PluginScore ps =
              new Explanation.PluginScore(table.raw(p, fi), normalized, normalized * weight);
          scores.put(table.plugins().get(p), ps);
          total += ps.weighted();
        }
      }
      Map<String, Long> ext = r.extenderScores().getOrDefault(node.name(), Map.of());
      for (Map.Entry<String, Long> e : ext.entrySet()) {
        scores.put(
            e.getKey(), new Explanation.PluginScore(e.getValue(), e.getValue(), e.getValue()));
        total += e.getValue();
      }
      verdicts.add(new Explanation.NodeVerdict(node.name(), Status.success(), scores, total));
    }
    return new Explanation(
        pod.pod().key(),
        fwk.profileName(),
        result,
        status.isSuccess() ? r.selectedNode() : null,
        message,
        preemption,
        verdicts);
  }
}
