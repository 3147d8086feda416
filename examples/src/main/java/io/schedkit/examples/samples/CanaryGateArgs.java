package io.schedkit.examples.samples;

import io.schedkit.framework.PluginArgs;
import java.util.ArrayList;
import java.util.List;

/**
 * The args of {@link CanaryGate}.
 *
 * @param waitSeconds how long a canary pod may wait at Permit for the approval before it is
 *     rejected (and retried later); default 600, at most 900 (the framework's Permit cap)
 * @param pollSeconds how often waiting canary pods are checked against their namespace; default 5
 */
public record CanaryGateArgs(long waitSeconds, long pollSeconds) implements PluginArgs {

  /**
   * Returns the defaults.
   *
   * @return wait 600 s, poll every 5 s
   */
  public static CanaryGateArgs defaults() {
    return new CanaryGateArgs(600, 5);
  }

  /** Both durations must be positive, and the wait at most 900 s. */
  @Override
  public List<FieldError> validate() {
    List<FieldError> errors = new ArrayList<>();
    if (waitSeconds <= 0 || waitSeconds > 900) {
      errors.add(
          new FieldError(
              FieldError.Type.INVALID, "waitSeconds", waitSeconds, "must be in (0, 900]"));
    }
    if (pollSeconds <= 0) {
      errors.add(
          new FieldError(
              FieldError.Type.INVALID, "pollSeconds", pollSeconds, "must be greater than 0"));
    }
    return errors;
  }
}
