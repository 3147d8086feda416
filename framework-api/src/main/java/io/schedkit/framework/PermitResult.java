package io.schedkit.framework;

import java.time.Duration;
import java.util.Objects;

/**
 * What a {@link PermitPlugin} returns: a status and, for {@link Code#WAIT}, how long to wait.
 *
 * @param status the decision; never null
 * @param timeout how long the pod may wait for this plugin ({@link Duration#ZERO} unless waiting)
 */
public record PermitResult(Status status, Duration timeout) {
  private static final PermitResult ALLOW = new PermitResult(Status.success(), Duration.ZERO);

  /**
   * Validates the components.
   *
   * @param status the decision; not null
   * @param timeout how long the pod may wait; null means {@link Duration#ZERO}
   */
  public PermitResult {
    Objects.requireNonNull(status, "status");
    timeout = timeout == null ? Duration.ZERO : timeout;
  }

  /**
   * Approves the pod.
   *
   * @return a Success result
   */
  public static PermitResult allow() {
    return ALLOW;
  }

  /**
   * Makes the pod wait at most {@code timeout} (capped at 15 minutes by the framework).
   *
   * @param timeout how long the pod may wait for this plugin
   * @return a Wait result
   */
  public static PermitResult waitFor(Duration timeout) {
    return new PermitResult(Status.waiting(), timeout);
  }

  /**
   * Denies the pod with {@code status} (a rejection or an error).
   *
   * @param status the rejection or error
   * @return a result carrying {@code status}
   */
  public static PermitResult reject(Status status) {
    return new PermitResult(status, Duration.ZERO);
  }
}
