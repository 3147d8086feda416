package io.schedkit.framework;

/**
 * Approves, delays or denies the binding of a reserved pod. Runs on the scheduling thread after
 * Reserve.
 *
 * <p>Outcomes ({@link PermitResult}): {@code Success} approves. {@code Wait} with a timeout (capped
 * at 15 minutes) parks the pod as a {@link WaitingPod} until every waiting plugin {@link
 * WaitingPod#allow allows} it, one {@link WaitingPod#reject rejects} it, or a timeout expires; the
 * binding cycle waits meanwhile. A rejection, or a timeout, unreserves the pod and requeues it with
 * this plugin recorded; an Error requeues it with error backoff.
 */
public interface PermitPlugin extends Plugin {
  /**
   * Decides whether {@code pod} may bind to {@code nodeName} now, later, or never.
   *
   * @param state the cycle state of the pod's scheduling cycle
   * @param pod the reserved pod
   * @param nodeName the node the pod is reserved on
   * @return the verdict, with a timeout when it is Wait
   */
  PermitResult permit(CycleState state, PodInfo pod, String nodeName);
}
