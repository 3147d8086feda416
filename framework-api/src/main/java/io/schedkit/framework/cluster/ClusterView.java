package io.schedkit.framework.cluster;

import io.schedkit.framework.model.Pod;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * The host's cluster, as the scheduler sees it: what a host application implements to embed
 * schedkit. The read side reports objects and their changes; the write side carries out the
 * scheduler's decisions.
 *
 * <p>The scheduler never assumes a write took effect: a bind is confirmed when the watch shows the
 * pod with {@code spec.nodeName}, an eviction when the pod's delete arrives. Writes return a stage
 * so a host may perform them asynchronously; a stage that completes exceptionally (ideally with
 * {@link ClusterWriteException}) is a failed write, which the scheduler handles (a failed bind is
 * unreserved and the pod requeued).
 *
 * <p>Fencing: a scheduler that runs with leader election makes every write through the variants
 * that take a {@link FencingToken} (and calls {@link #fence} when it starts leading). They delegate
 * to the plain methods by default, so a host that ignores tokens implements only those. A host that
 * checks them remembers, per lease, the largest token it has seen and refuses a write carrying a
 * smaller one (completing it exceptionally with a {@link ClusterWriteException}): the writer has
 * been replaced as leader, and its decisions may contradict its successor's.
 *
 * <p>Thread-safety: every method may be called from scheduler threads concurrently. The listener
 * must receive events one at a time, in the order the changes happened.
 */
public interface ClusterView {
  /**
   * Every current object.
   *
   * @return a snapshot of the cluster's objects
   */
  ClusterObjects list();

  /**
   * Subscribes {@code listener} to changes. Before returning, the host delivers an {@code ADDED}
   * event for every existing object (as an informer's initial list does); from then on it delivers
   * every add, update and delete, in order, with nothing lost between the two.
   *
   * @param listener the receiver of the events, called one event at a time
   * @return a handle that ends the subscription
   */
  AutoCloseable watch(Consumer<WatchEvent> listener);

  /**
   * Binds {@code pod} to {@code nodeName}. Fails (for example with a conflict) if the pod is gone
   * or already bound elsewhere.
   *
   * @param pod the pod to bind
   * @param nodeName the node to bind it to
   * @return a stage that completes when the host accepted the write, exceptionally if it failed
   */
  CompletionStage<Void> bind(Pod pod, String nodeName);

  /**
   * Evicts {@code victim} to make room for {@code preemptor}: the host marks it ({@code
   * DisruptionTarget} condition) and deletes it, gracefully or not as it sees fit.
   *
   * @param victim the pod to evict
   * @param preemptor the pod the room is made for
   * @return a stage that completes when the host accepted the eviction, exceptionally if it failed
   */
  CompletionStage<Void> evict(Pod victim, Pod preemptor);

  /**
   * Records {@code pod}'s nominated node ({@code status.nominatedNodeName}); "" clears it.
   *
   * @param pod the nominated pod
   * @param nodeName the node, or {@code ""} to clear the nomination
   * @return a stage that completes when the host recorded it, exceptionally if it failed
   */
  CompletionStage<Void> nominate(Pod pod, String nodeName);

  /**
   * Records that {@code pod} could not be scheduled, with kube-scheduler's message (the {@code
   * PodScheduled=False} condition and the {@code FailedScheduling} event).
   *
   * @param pod the pod that could not be scheduled
   * @param message why, in kube-scheduler's words
   * @return a stage that completes when the host recorded it, exceptionally if it failed
   */
  CompletionStage<Void> reportUnschedulable(Pod pod, String message);

  /**
   * Tells the host that the leader holding {@code token} acts from now on: a host that checks
   * tokens refuses, from now on, writes carrying an older token of the same lease. A leader-elected
   * scheduler calls it before its first scheduling cycle as leader. The default does nothing.
   *
   * @param token the new leader's token
   * @return a stage that completes when the host recorded the token, exceptionally if it refused it
   *     (the token is older than one it has seen)
   */
  default CompletionStage<Void> fence(FencingToken token) {
    return CompletableFuture.completedFuture(null);
  }

  /**
   * {@link #bind(Pod, String)} made by the leader holding {@code token}; a host that checks tokens
   * refuses it if it has seen a newer token of the same lease. The default ignores the token.
   *
   * @param pod the pod to bind
   * @param nodeName the node to bind it to
   * @param token the writer's fencing token
   * @return a stage that completes when the host accepted the write, exceptionally if it failed
   */
  default CompletionStage<Void> bind(Pod pod, String nodeName, FencingToken token) {
    return bind(pod, nodeName);
  }

  /**
   * {@link #evict(Pod, Pod)} made by the leader holding {@code token}; a host that checks tokens
   * refuses it if it has seen a newer token of the same lease. The default ignores the token.
   *
   * @param victim the pod to evict
   * @param preemptor the pod the room is made for
   * @param token the writer's fencing token
   * @return a stage that completes when the host accepted the eviction, exceptionally if it failed
   */
  default CompletionStage<Void> evict(Pod victim, Pod preemptor, FencingToken token) {
    return evict(victim, preemptor);
  }

  /**
   * {@link #nominate(Pod, String)} made by the leader holding {@code token}; a host that checks
   * tokens refuses it if it has seen a newer token of the same lease. The default ignores the
   * token.
   *
   * @param pod the nominated pod
   * @param nodeName the node, or {@code ""} to clear the nomination
   * @param token the writer's fencing token
   * @return a stage that completes when the host recorded it, exceptionally if it failed
   */
  default CompletionStage<Void> nominate(Pod pod, String nodeName, FencingToken token) {
    return nominate(pod, nodeName);
  }

  /**
   * {@link #reportUnschedulable(Pod, String)} made by the leader holding {@code token}; a host that
   * checks tokens refuses it if it has seen a newer token of the same lease. The default ignores
   * the token.
   *
   * @param pod the pod that could not be scheduled
   * @param message why, in kube-scheduler's words
   * @param token the writer's fencing token
   * @return a stage that completes when the host recorded it, exceptionally if it failed
   */
  default CompletionStage<Void> reportUnschedulable(Pod pod, String message, FencingToken token) {
    return reportUnschedulable(pod, message);
  }
}
