package io.schedkit.framework;

/**
 * The cpu and memory that the pods nominated to a node request in total, counting those that Filter
 * adds to the node for one pod being scheduled (the nominated pods of at least its priority, other
 * than the pod itself): what stays requested on the node whatever lower-priority pods are removed
 * from it. See {@link PluginRunner#nominatedRequests}.
 *
 * @param milliCpu the summed cpu requests, in millicores
 * @param memory the summed memory requests, in bytes
 */
public record NominatedRequests(long milliCpu, long memory) {
  /** No nominated pod counts. */
  public static final NominatedRequests NONE = new NominatedRequests(0, 0);

  /**
   * The summed requests of {@code pods}.
   *
   * @param pods the pods; may be empty
   * @return their total, {@link #NONE} for no pods
   */
  public static NominatedRequests of(Iterable<PodInfo> pods) {
    long cpu = 0;
    long memory = 0;
    boolean any = false;
    for (PodInfo p : pods) {
      cpu += p.requests().milliCpu();
      memory += p.requests().memory();
      any = true;
    }
    return any ? new NominatedRequests(cpu, memory) : NONE;
  }
}
