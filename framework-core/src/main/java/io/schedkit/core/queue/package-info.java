/**
 * The scheduling queue (internal): {@link io.schedkit.core.queue.SchedulingQueue} with its active,
 * backoff and error backoff queues, unschedulable pool and in-flight tracking; the {@link
 * io.schedkit.core.queue.Nominator}; and the helpers that turn pod and node updates into cluster
 * event actions ({@link io.schedkit.core.queue.PodUpdates}, {@link
 * io.schedkit.core.queue.NodeUpdates}). Semantics follow kube-scheduler v1.35's {@code
 * pkg/scheduler/backend/queue} with QueueingHints (KEP 4247) and pop from the backoff queue (KEP
 * 5142).
 */
package io.schedkit.core.queue;
