package io.schedkit.core.leaderelection;

/**
 * Why a {@link LeaseStore} call failed: the store is unreachable, timed out or refused the call.
 */
public class LeaseStoreException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** A failure with {@code message}. */
  public LeaseStoreException(String message) {
    super(message);
  }

  /** A failure with {@code message}, caused by {@code cause}. */
  public LeaseStoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
