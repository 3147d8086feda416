package io.schedkit.framework;

/**
 * The outcome class of a plugin call, in kube-scheduler's order. Each extension point's javadoc
 * says what each code does to the pod; {@link #toString()} gives upstream's name ({@code
 * "UnschedulableAndUnresolvable"}).
 */
public enum Code {
  /** The plugin ran and the pod may proceed. */
  SUCCESS("Success"),
  /** Something unexpected happened; the pod is retried with error backoff. */
  ERROR("Error"),
  /**
   * The pod does not fit (for a Filter: on this node) but preemption or a cluster change could
   * help.
   */
  UNSCHEDULABLE("Unschedulable"),
  /** The pod does not fit and preemption on this node cannot help. */
  UNSCHEDULABLE_AND_UNRESOLVABLE("UnschedulableAndUnresolvable"),
  /** Returned by a Permit plugin: the pod waits until allowed, rejected, or timed out. */
  WAIT("Wait"),
  /** The plugin has nothing to do for this pod; its later points for this cycle are skipped. */
  SKIP("Skip"),
  /** The pod waits for something outside the scheduler; a Queue hint re-activates it at once. */
  PENDING("Pending");

  private final String upstreamName;

  Code(String upstreamName) {
    this.upstreamName = upstreamName;
  }

  /**
   * Whether this code rejects the pod: Unschedulable, UnschedulableAndUnresolvable or Pending.
   *
   * @return true for the three rejection codes
   */
  public boolean isRejection() {
    return this == UNSCHEDULABLE || this == UNSCHEDULABLE_AND_UNRESOLVABLE || this == PENDING;
  }

  /** Returns kube-scheduler's name for this code. */
  @Override
  public String toString() {
    return upstreamName;
  }

  /**
   * Returns the code with the given kube-scheduler name.
   *
   * @param name the upstream name, for example {@code "Unschedulable"} (case-sensitive)
   * @return the code
   * @throws IllegalArgumentException if no code has that name
   */
  public static Code fromUpstreamName(String name) {
    for (Code code : values()) {
      if (code.upstreamName.equals(name)) {
        return code;
      }
    }
    throw new IllegalArgumentException("unknown status code " + name);
  }
}
