package io.schedkit.cli;

/**
 * Which state {@code schedkit explain} explains a pod against, so that its answer can be told from
 * {@code simulate}'s: the cluster file as given (its pending pods stay pending, its controllers'
 * missing pods are not created), at one virtual instant, the pod alone, with the tie-breaks of one
 * seed.
 *
 * @param cluster the cluster file
 * @param time the virtual instant (the latest timestamp among the inputs), RFC 3339
 * @param seed the seed of the tie-breaks
 * @param boundPods the cluster's pods on a node
 * @param pendingPods the cluster's pods on no node: they stay pending here, where {@code simulate}
 *     schedules them (before the workload when they come first in the queue)
 * @param controllers the cluster's controllers with a pod template: the pods they lack are not
 *     created here, where {@code simulate} creates them at its start
 * @param podFrom the controller whose first pod is explained ({@code <kind> <namespace>/<name>}),
 *     null for a pod of the pod file
 * @param budgetsComputed the cluster's PodDisruptionBudgets that came without a status and were
 *     given the one the disruption controller would compute (as {@code simulate} gives them)
 */
record ExplainState(
    String cluster,
    String time,
    long seed,
    int boundPods,
    int pendingPods,
    int controllers,
    String podFrom,
    int budgetsComputed) {

  /** The same state for a pod from {@code podFrom}. */
  ExplainState forPod(String podFrom) {
    return new ExplainState(
        cluster, time, seed, boundPods, pendingPods, controllers, podFrom, budgetsComputed);
  }

  /** One sentence saying what was explained, for the text report. */
  String describe() {
    StringBuilder sb = new StringBuilder("State: ");
    sb.append(cluster).append(" as given, at ");
    sb.append(
        time.equals("1970-01-01T00:00:00Z")
            ? "virtual time 0 (the inputs carry no timestamps)"
            : time);
    sb.append(": ");
    sb.append(count(boundPods, "pod")).append(" on nodes");
    if (pendingPods > 0) {
      sb.append(", ")
          .append(count(pendingPods, "pending pod"))
          .append(" left pending (simulate schedules ")
          .append(pendingPods == 1 ? "it" : "them")
          .append(')');
    }
    if (controllers > 0) {
      sb.append(", ")
          .append(count(controllers, "controller"))
          .append(" whose missing pods are not created (simulate creates them)");
    }
    if (budgetsComputed > 0) {
      sb.append(", ")
          .append(count(budgetsComputed, "PodDisruptionBudget"))
          .append(" without status given the disruption controller's");
    }
    sb.append("; ");
    if (podFrom != null) {
      sb.append("the first pod of ").append(podFrom);
    } else {
      sb.append("this pod");
    }
    sb.append(" alone (simulate creates the workload in order); tie-breaks of --seed ")
        .append(seed)
        .append(".\n");
    return sb.toString();
  }

  private static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
