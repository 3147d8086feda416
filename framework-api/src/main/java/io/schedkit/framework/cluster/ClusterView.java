package io.schedkit.framework.cluster;

import io.schedkit.framework.model.Pod;
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
}
