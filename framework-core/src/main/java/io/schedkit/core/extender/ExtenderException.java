package io.schedkit.core.extender;

/**
 * A failed extender call: the service could not be reached, answered with a status other than 200,
 * sent a body that does not decode, reported an {@code Error}, or claimed nodes or pods the
 * scheduler did not offer. The message is the one kube-scheduler reports for the same failure.
 */
public final class ExtenderException extends Exception {
  private static final long serialVersionUID = 1L;

  /**
   * An exception with {@code message}.
   *
   * @param message what failed
   */
  public ExtenderException(String message) {
    super(message);
  }

  /**
   * An exception with {@code message} and the underlying {@code cause}.
   *
   * @param message what failed
   * @param cause the underlying failure
   */
  public ExtenderException(String message, Throwable cause) {
    super(message, cause);
  }
}
