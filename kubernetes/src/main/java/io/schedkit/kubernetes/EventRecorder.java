package io.schedkit.kubernetes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.schedkit.framework.model.Pod;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records the scheduler's events about pods as {@code core/v1} Events ({@code Scheduled}, {@code
 * FailedScheduling}, {@code Preempted}), as client-go's event broadcaster does for kube-scheduler:
 * asynchronously, from a bounded queue (1000 events, as the broadcaster's channel), by its own
 * thread with up to 16 writes in flight and through its own rate-limited requests, so events never
 * slow a bind down; when the queue is full an event is dropped and counted.
 *
 * <p>Each event is a new object named {@code <pod>.<unix nanoseconds in hex>} in the pod's
 * namespace, {@code source.component} the pod's scheduler name, {@code count} 1; a failure to write
 * one is logged at debug level and dropped, as upstream's recorder does after its retries.
 */
final class EventRecorder implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EventRecorder.class);
  private static final int CAPACITY = 1000;
  private static final int IN_FLIGHT = 16;

  /** An event's type. */
  enum Type {
    /** A normal event. */
    Normal,
    /** A warning. */
    Warning
  }

  private record Pending(Pod pod, Type type, String reason, String action, String message) {}

  private final ApiRequests api;
  private final BlockingQueue<Pending> queue = new ArrayBlockingQueue<>(CAPACITY);
  private final AtomicLong dropped = new AtomicLong();
  private final AtomicLong written = new AtomicLong();
  private final java.util.concurrent.Semaphore inFlight =
      new java.util.concurrent.Semaphore(IN_FLIGHT);
  private final Thread thread;
  private volatile boolean closed;

  EventRecorder(ApiRequests api) {
    this.api = api;
    this.thread = new Thread(this::loop, "schedkit-kube-event-recorder");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Queues an event about {@code pod}; drops it when the queue is full.
   *
   * @param pod the pod the event is about
   * @param type normal or warning
   * @param reason the reason ({@code Scheduled}, ...)
   * @param action the action ({@code Binding}, {@code Scheduling}, {@code Preempting})
   * @param message the message
   */
  void record(Pod pod, Type type, String reason, String action, String message) {
    if (closed || !queue.offer(new Pending(pod, type, reason, action, message))) {
      long n = dropped.incrementAndGet();
      if (Long.bitCount(n) == 1) { // 1, 2, 4, 8, ...: a trickle of log lines under a flood
        LOG.warn(
            "event queue full: {} events dropped so far (latest: {} {})", n, reason, pod.key());
      }
    }
  }

  /** Events written to the API server so far. */
  long writtenCount() {
    return written.get();
  }

  /** Events dropped so far because the queue was full. */
  long droppedCount() {
    return dropped.get();
  }

  @Override
  public void close() {
    closed = true;
    thread.interrupt();
  }

  private void loop() {
    while (!closed) {
      Pending p;
      try {
        p = queue.take();
      } catch (InterruptedException e) {
        return;
      }
      try {
        inFlight.acquire();
      } catch (InterruptedException e) {
        return;
      }
      Pending sent = p;
      api.send(
              "POST",
              ApiRequests.corePath(p.pod().namespace(), "events", ""),
              ApiRequests.JSON,
              body(p, Instant.now()))
          .whenComplete(
              (body, t) -> {
                inFlight.release();
                if (t == null) {
                  written.incrementAndGet();
                } else {
                  Throwable cause = t.getCause() != null ? t.getCause() : t;
                  LOG.debug(
                      "event {} of {} not written: {}",
                      sent.reason(),
                      sent.pod().key(),
                      cause.getMessage());
                }
              });
    }
  }

  private static ObjectNode body(Pending p, Instant now) {
    Pod pod = p.pod();
    String time = DateTimeFormatter.ISO_INSTANT.format(now.truncatedTo(ChronoUnit.SECONDS));
    long nanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    ObjectNode e = ApiRequests.object();
    e.put("apiVersion", "v1");
    e.put("kind", "Event");
    ObjectNode meta = e.putObject("metadata");
    meta.put("name", pod.name() + "." + Long.toHexString(nanos));
    meta.put("namespace", pod.namespace());
    ObjectNode involved = e.putObject("involvedObject");
    involved.put("apiVersion", "v1");
    involved.put("kind", "Pod");
    involved.put("namespace", pod.namespace());
    involved.put("name", pod.name());
    if (!pod.uid().isEmpty()) {
      involved.put("uid", pod.uid());
    }
    if (!pod.metadata().resourceVersion().isEmpty()) {
      involved.put("resourceVersion", pod.metadata().resourceVersion());
    }
    e.put("reason", p.reason());
    e.put("message", p.message());
    e.putObject("source").put("component", pod.spec().schedulerName());
    e.put("firstTimestamp", time);
    e.put("lastTimestamp", time);
    e.put("count", 1);
    e.put("type", p.type().name());
    e.put("action", p.action());
    return e;
  }
}
