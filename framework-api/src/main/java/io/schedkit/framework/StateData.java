package io.schedkit.framework;

/**
 * A value a plugin stores in {@link CycleState} for the rest of a scheduling cycle.
 *
 * <p>The framework copies the cycle state to evaluate nominated pods and preemption victims on a
 * node without disturbing the real cycle. State that {@link PreFilterExtensions#addPod} or {@link
 * PreFilterExtensions#removePod} mutates must override {@link #copy()} with a deep copy; read-only
 * state can keep the default, which shares the instance.
 */
public interface StateData {
  /**
   * Returns a copy that may be mutated independently of this one; by default {@code this}.
   *
   * @return the copy, never null
   */
  default StateData copy() {
    return this;
  }
}
