package io.schedkit.framework.cluster;

/**
 * Why a host could not carry out a write (a bind, an eviction, a nomination). A {@linkplain
 * #isConflict() conflict} means the object changed meanwhile (for example another scheduler bound
 * the pod first).
 */
public final class ClusterWriteException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Whether the write lost a race; see {@link #isConflict()}. */
  private final boolean conflict;

  /**
   * A failure with {@code message}.
   *
   * @param message why the write failed
   */
  public ClusterWriteException(String message) {
    this(message, false);
  }

  /**
   * A failure with {@code message}, a conflict if {@code conflict}.
   *
   * @param message why the write failed
   * @param conflict whether the object changed meanwhile
   */
  public ClusterWriteException(String message, boolean conflict) {
    super(message);
    this.conflict = conflict;
  }

  /**
   * Whether the write lost a race with another change of the same object.
   *
   * @return true for a conflict, false for any other failure
   */
  public boolean isConflict() {
    return conflict;
  }
}
