package io.schedkit.framework;

import io.schedkit.framework.model.Pod;

/**
 * Decides whether a pod may enter the active queue. Runs whenever a pod is added or moved back to
 * the active queue, on the thread that delivered the event, so it must be cheap and must not read
 * the scheduling snapshot.
 *
 * <p>Status codes: {@code Success} lets the pod in. Any other code gates it: the pod waits in the
 * unschedulable pool with this plugin recorded, until an event the plugin registered for (see
 * {@link EnqueueExtensions}) makes the queue run PreEnqueue again. All PreEnqueue plugins must
 * succeed; the first failure is recorded.
 */
public interface PreEnqueuePlugin extends Plugin {
  /**
   * Returns Success to admit {@code pod}, a rejection to gate it.
   *
   * @param pod the pod about to enter the active queue
   * @return Success to admit the pod; any other status gates it
   */
  Status preEnqueue(Pod pod);
}
