package io.schedkit.framework;

import java.util.ArrayList;
import java.util.List;

/**
 * A set of changes to an object, as a bit mask (kube-scheduler's {@code ActionType}). Single
 * actions are constants; combine them with {@link #or}. {@link #UPDATE} is every kind of update and
 * {@link #ALL} every action.
 */
public final class ActionType {
  private static final String[] NAMES = {
    "Add",
    "Delete",
    "UpdateNodeAllocatable",
    "UpdateNodeLabel",
    "UpdateNodeTaint",
    "UpdateNodeCondition",
    "UpdateNodeAnnotation",
    "UpdatePodLabel",
    "UpdatePodScaleDown",
    "UpdatePodToleration",
    "UpdatePodSchedulingGatesEliminated",
    "UpdatePodOther",
  };

  /** The object was created. */
  public static final ActionType ADD = new ActionType(1);

  /** The object was deleted. */
  public static final ActionType DELETE = new ActionType(1 << 1);

  /** A node's allocatable resources changed. */
  public static final ActionType UPDATE_NODE_ALLOCATABLE = new ActionType(1 << 2);

  /** A node's labels changed. */
  public static final ActionType UPDATE_NODE_LABEL = new ActionType(1 << 3);

  /** A node's taints changed (including {@code spec.unschedulable}). */
  public static final ActionType UPDATE_NODE_TAINT = new ActionType(1 << 4);

  /** A node's conditions changed. */
  public static final ActionType UPDATE_NODE_CONDITION = new ActionType(1 << 5);

  /** A node's annotations changed. */
  public static final ActionType UPDATE_NODE_ANNOTATION = new ActionType(1 << 6);

  /** A pod's labels changed. */
  public static final ActionType UPDATE_POD_LABEL = new ActionType(1 << 7);

  /** A pod's resource requests went down. */
  public static final ActionType UPDATE_POD_SCALE_DOWN = new ActionType(1 << 8);

  /** A pod's tolerations changed. */
  public static final ActionType UPDATE_POD_TOLERATION = new ActionType(1 << 9);

  /** A pod's scheduling gates all went away. */
  public static final ActionType UPDATE_POD_SCHEDULING_GATES_ELIMINATED = new ActionType(1 << 10);

  /** Any other pod update. */
  public static final ActionType UPDATE_POD_OTHER = new ActionType(1 << 11);

  /** Every kind of update. */
  public static final ActionType UPDATE = new ActionType(((1 << 12) - 1) & ~3);

  /** Every action. */
  public static final ActionType ALL = new ActionType((1 << 12) - 1);

  private final int mask;

  private ActionType(int mask) {
    this.mask = mask;
  }

  /**
   * The union of this and {@code other}.
   *
   * @param other other actions
   * @return the actions in either set
   */
  public ActionType or(ActionType other) {
    return new ActionType(mask | other.mask);
  }

  /**
   * Whether this and {@code other} share an action.
   *
   * @param other other actions
   * @return true if some action is in both sets
   */
  public boolean intersects(ActionType other) {
    return (mask & other.mask) != 0;
  }

  /**
   * The bit mask.
   *
   * @return the mask, one bit per action in kube-scheduler's order
   */
  public int mask() {
    return mask;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ActionType && ((ActionType) o).mask == mask;
  }

  @Override
  public int hashCode() {
    return mask;
  }

  /** Upstream's name: a single action's name, {@code Update}, {@code All} or names joined by |. */
  @Override
  public String toString() {
    if (mask == ALL.mask) {
      return "All";
    }
    if (mask == UPDATE.mask) {
      return "Update";
    }
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < NAMES.length; i++) {
      if ((mask & (1 << i)) != 0) {
        parts.add(NAMES[i]);
      }
    }
    return String.join("|", parts);
  }
}
