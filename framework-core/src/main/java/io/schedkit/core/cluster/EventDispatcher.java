package io.schedkit.core.cluster;

import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.model.KubeObject;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The watch side of the in-memory cluster: delivers events to listeners one at a time, in the order
 * they were published.
 *
 * <p>Design note (threads and ordering): {@link #publish} only appends to a queue, so the cluster
 * calls it while holding its own lock and the queue order is the order of the changes. Each queued
 * event carries the listener list current when it was published, so a listener never sees a change
 * made before it subscribed (its initial list already reflects it). {@link #drain} delivers queued
 * events outside every lock, on the thread that calls it, unless another call is already
 * delivering: then it returns and that thread delivers the new events after the current one. A
 * listener that changes the cluster while it handles an event therefore never receives the
 * resulting event re-entrantly, and writers never wait for listeners. Lock order: the cluster's
 * lock, then this object's monitor; listeners run under neither.
 */
final class EventDispatcher {
  private static final Logger LOG = LoggerFactory.getLogger(EventDispatcher.class);

  private final ArrayDeque<Delivery> queue = new ArrayDeque<>();
  private List<Subscription> listeners = List.of();
  private Thread deliveringThread;
  private long published;
  private long delivered;
  private int waiters;

  /**
   * Subscribes {@code listener} and queues an {@code ADDED} event for each of {@code existing}, for
   * it alone. The caller holds the cluster's lock, so no change falls between the list and the
   * subscription.
   */
  synchronized Subscription subscribe(
      Consumer<WatchEvent> listener, List<? extends KubeObject> existing) {
    Subscription s = new Subscription(listener);
    List<Subscription> next = new ArrayList<>(listeners);
    next.add(s);
    listeners = List.copyOf(next);
    List<Subscription> only = List.of(s);
    for (KubeObject o : existing) {
      enqueue(WatchEvent.added(o), only);
    }
    s.initialListEnd = published;
    return s;
  }

  /** Queues {@code event} for every current listener. */
  synchronized void publish(WatchEvent event) {
    if (!listeners.isEmpty()) {
      enqueue(event, listeners);
    }
  }

  private void enqueue(WatchEvent event, List<Subscription> targets) {
    queue.add(new Delivery(event, targets));
    published++;
  }

  /**
   * Delivers queued events until none is left, unless some thread is already delivering (which then
   * delivers them).
   */
  void drain() {
    synchronized (this) {
      if (deliveringThread != null) {
        return;
      }
      deliveringThread = Thread.currentThread();
    }
    boolean emptied = false;
    try {
      while (true) {
        Delivery d;
        synchronized (this) {
          d = queue.poll();
          if (d == null) {
            // Give up the role in the same step that finds the queue empty, so that an event
            // published by a thread that saw this one delivering is never left behind.
            emptied = true;
            stopDelivering();
            return;
          }
        }
        try {
          for (Subscription s : d.targets) {
            s.deliver(d.event);
          }
        } finally {
          synchronized (this) {
            delivered++;
            if (waiters > 0) {
              notifyAll();
            }
          }
        }
      }
    } finally {
      if (!emptied) {
        synchronized (this) {
          stopDelivering();
        }
      }
    }
  }

  private void stopDelivering() {
    deliveringThread = null;
    if (waiters > 0) {
      notifyAll();
    }
  }

  /**
   * Delivers queued events and waits until {@code s}'s initial list has been delivered; returns at
   * once when called from inside a listener (the list then follows the event being handled) or when
   * the thread is interrupted (keeping its interrupt status).
   */
  void deliverInitialList(Subscription s) {
    Thread me = Thread.currentThread();
    while (true) {
      drain();
      synchronized (this) {
        if (delivered >= s.initialListEnd || deliveringThread == me) {
          return;
        }
        waiters++;
        try {
          while (deliveringThread != null && delivered < s.initialListEnd) {
            wait();
          }
        } catch (InterruptedException e) {
          me.interrupt();
          return;
        } finally {
          waiters--;
        }
      }
    }
  }

  private synchronized void unsubscribe(Subscription s) {
    List<Subscription> next = new ArrayList<>(listeners);
    next.remove(s);
    listeners = List.copyOf(next);
  }

  /** One event and the listeners it goes to. */
  private record Delivery(WatchEvent event, List<Subscription> targets) {}

  /** A listener's subscription; closing it stops deliveries not yet started. */
  final class Subscription implements AutoCloseable {
    private final Consumer<WatchEvent> listener;
    private volatile boolean open = true;
    private long initialListEnd;

    private Subscription(Consumer<WatchEvent> listener) {
      this.listener = listener;
    }

    private void deliver(WatchEvent event) {
      if (!open) {
        return;
      }
      try {
        listener.accept(event);
      } catch (RuntimeException e) {
        LOG.warn(
            "watch listener failed on {} of {}", event.type(), ObjectKey.of(event.object()), e);
      }
    }

    @Override
    public void close() {
      open = false;
      unsubscribe(this);
    }
  }
}
