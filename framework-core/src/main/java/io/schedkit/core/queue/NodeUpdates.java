package io.schedkit.core.queue;

import io.schedkit.framework.ActionType;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.NodeCondition;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a node update changed, as the {@link ActionType} of its cluster event (kube-scheduler's
 * {@code NodeSchedulingPropertiesChange}): allocatable resources, labels, taints (a node that
 * becomes schedulable, {@code spec.unschedulable} going false, counts as a taint change),
 * conditions (type and status only) and annotations. Several changes give the union of their
 * actions; an update that changes none of them is not an event at all.
 */
public final class NodeUpdates {
  private NodeUpdates() {}

  /** The actions of the update from {@code oldNode} to {@code newNode}; empty when none. */
  public static Optional<ActionType> actionType(Node oldNode, Node newNode) {
    ActionType action = null;
    if (oldNode.spec().unschedulable() != newNode.spec().unschedulable()
        && !newNode.spec().unschedulable()) {
      action = or(action, ActionType.UPDATE_NODE_TAINT);
    }
    if (!oldNode.status().allocatable().equals(newNode.status().allocatable())) {
      action = or(action, ActionType.UPDATE_NODE_ALLOCATABLE);
    }
    if (!oldNode.labels().equals(newNode.labels())) {
      action = or(action, ActionType.UPDATE_NODE_LABEL);
    }
    if (!oldNode.taints().equals(newNode.taints())) {
      action = or(action, ActionType.UPDATE_NODE_TAINT);
    }
    if (!conditionStatuses(oldNode.status().conditions())
        .equals(conditionStatuses(newNode.status().conditions()))) {
      action = or(action, ActionType.UPDATE_NODE_CONDITION);
    }
    if (!oldNode.metadata().annotations().equals(newNode.metadata().annotations())) {
      action = or(action, ActionType.UPDATE_NODE_ANNOTATION);
    }
    return Optional.ofNullable(action);
  }

  private static Map<String, String> conditionStatuses(List<NodeCondition> conditions) {
    Map<String, String> m = new HashMap<>();
    for (NodeCondition c : conditions) {
      m.put(c.type(), c.status());
    }
    return m;
  }

  private static ActionType or(ActionType a, ActionType b) {
    return a == null ? b : a.or(b);
  }
}
