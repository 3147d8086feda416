package io.schedkit.core.leaderelection;

/**
 * A {@link LeaseStore} write that lost a race: the lease changed since the version the writer named
 * (an update), or it already exists (a create). The writer's view is stale; it must read again.
 */
public final class LeaseConflictException extends LeaseStoreException {
  private static final long serialVersionUID = 1L;

  /** A conflict described by {@code message}. */
  public LeaseConflictException(String message) {
    super(message);
  }
}
