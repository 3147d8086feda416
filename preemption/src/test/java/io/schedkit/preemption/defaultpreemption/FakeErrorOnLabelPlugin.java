package io.schedkit.preemption.defaultpreemption;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.FilterPlugin;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreFilterExtensions;
import io.schedkit.framework.PreFilterPlugin;
import io.schedkit.framework.PreFilterResult;
import io.schedkit.framework.Status;
import java.util.List;

/**
 * Upstream's {@code TestPlugin} ({@code test-plugin}): its AddPod and RemovePod fail with an Error
 * on nodes labelled {@code error=true}; PreFilter and Filter pass.
 */
final class FakeErrorOnLabelPlugin implements PreFilterPlugin, PreFilterExtensions, FilterPlugin {
  static final String NAME = "test-plugin";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public PreFilterResult preFilter(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
    return PreFilterResult.success();
  }

  @Override
  public Status addPod(CycleState state, PodInfo podToSchedule, PodInfo podToAdd, NodeInfo node) {
    return "true".equals(node.node().labels().get("error"))
        ? Status.error("failed to add pod: " + podToSchedule.name())
        : Status.success();
  }

  @Override
  public Status removePod(
      CycleState state, PodInfo podToSchedule, PodInfo podToRemove, NodeInfo node) {
    return "true".equals(node.node().labels().get("error"))
        ? Status.error("failed to remove pod: " + podToSchedule.name())
        : Status.success();
  }

  @Override
  public Status filter(CycleState state, PodInfo pod, NodeInfo node) {
    return Status.success();
  }
}
