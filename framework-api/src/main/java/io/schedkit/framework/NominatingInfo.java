package io.schedkit.framework;

import java.util.Objects;

/**
 * A nomination of a pod to a node, as produced by a PostFilter plugin (preemption) or read from
 * {@code status.nominatedNodeName}.
 *
 * @param nominatedNodeName the node, or {@code ""} to clear the nomination
 * @param mode whether the nomination replaces the pod's current one
 */
public record NominatingInfo(String nominatedNodeName, Mode mode) {
  /** How a nomination combines with the pod's existing one. */
  public enum Mode {
    /** Keep the existing nomination. */
    NOOP,
    /** Replace the existing nomination (an empty node name clears it). */
    OVERRIDE
  }

  /**
   * Validates the components.
   *
   * @param nominatedNodeName the node; null means {@code ""}
   * @param mode how the nomination combines with the existing one; not null
   */
  public NominatingInfo {
    nominatedNodeName = nominatedNodeName == null ? "" : nominatedNodeName;
    Objects.requireNonNull(mode, "mode");
  }

  /**
   * An overriding nomination to {@code nodeName}.
   *
   * @param nodeName the node, or {@code ""} to clear the nomination
   * @return the nomination
   */
  public static NominatingInfo override(String nodeName) {
    return new NominatingInfo(nodeName, Mode.OVERRIDE);
  }

  /**
   * Whether this nomination replaces the pod's current one.
   *
   * @return true for {@link Mode#OVERRIDE}
   */
  public boolean overrides() {
    return mode == Mode.OVERRIDE;
  }
}
