package io.schedkit.kubernetes;

import io.schedkit.framework.cluster.ClusterObjects;
import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.model.KubeObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one thread on which a {@link KubernetesClusterView} delivers the cluster's changes, and the
 * state those changes built: what the scheduler has been told.
 *
 * <p>Informers publish what they see ({@link #publish}) from their own threads; this feed applies
 * each report to the delivered state, one at a time in arrival order, and turns it into the event
 * that makes the listeners' view equal the reported object: an add of a known object is a {@code
 * MODIFIED} (old = what was delivered), an update of an unknown object an {@code ADDED}, a delete
 * of an unknown object nothing, a report with the delivered resourceVersion nothing, and an object
 * whose UID changed under the same name (deleted and created again while a watch was down) a {@code
 * DELETED} of the old one then an {@code ADDED}. So a relist after a watch expired (410) or a
 * dropped connection, which re-reports every object and deletes the missing ones, converges without
 * losing or duplicating a change.
 *
 * <p>Design note (threads): one daemon thread takes reports and tasks from an unbounded queue; it
 * alone writes the state (read by {@link #snapshot} under the state's lock) and calls listeners.
 * {@link #subscribe} runs on that thread too, so a new listener gets the state as {@code ADDED}
 * events (in {@link #snapshot()}'s order) and then every later change, with nothing lost or
 * repeated between the two.
 */
final class EventFeed implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EventFeed.class);

  private final BlockingQueue<Runnable> queue = new LinkedBlockingQueue<>();
  private final Map<String, KubeObject> state = new LinkedHashMap<>();
  private final List<Consumer<WatchEvent>> listeners = new CopyOnWriteArrayList<>();
  private final AtomicLong delivered = new AtomicLong();
  private final Thread thread;
  private volatile boolean closed;

  EventFeed() {
    thread = new Thread(this::loop, "schedkit-kube-events");
    thread.setDaemon(true);
    thread.start();
  }

  /** What an informer reported: the object was added or updated, or deleted. */
  enum Report {
    /** The object exists with this version (an informer's add or update). */
    UPSERT,
    /** The object is gone; the object is its last known version. */
    DELETE
  }

  /**
   * Queues an informer's report about {@code object}; applied on the feed thread in order.
   *
   * @param report whether the object exists or is gone
   * @param object the object as reported
   */
  void publish(Report report, KubeObject object) {
    Objects.requireNonNull(object, "object");
    submit(() -> apply(report, object));
  }

  /**
   * A stage that completes once every report and task queued before this call was applied.
   *
   * @return the stage
   */
  CompletableFuture<Void> barrier() {
    CompletableFuture<Void> done = new CompletableFuture<>();
    submit(() -> done.complete(null));
    return done;
  }

  /**
   * Adds {@code listener}: on the feed thread, delivers an {@code ADDED} for every delivered object
   * (in {@link ClusterObjects#all()}'s creation-safe order of kinds, each kind sorted by namespace
   * and name), then every later change. Returns once the initial events were delivered. Must not be
   * called from a listener.
   *
   * @param listener the receiver of the events
   * @return a handle that removes the listener
   */
  AutoCloseable subscribe(Consumer<WatchEvent> listener) {
    Objects.requireNonNull(listener, "listener");
    if (Thread.currentThread() == thread) {
      throw new IllegalStateException("subscribe from a listener of the same feed would deadlock");
    }
    CompletableFuture<Void> done = new CompletableFuture<>();
    submit(
        () -> {
          try {
            for (KubeObject o : snapshot().all()) {
              deliver(listener, WatchEvent.added(o));
            }
            listeners.add(listener);
            done.complete(null);
          } catch (RuntimeException e) {
            done.completeExceptionally(e);
          }
        });
    done.join();
    return () -> listeners.remove(listener);
  }

  /**
   * The objects delivered so far, as their last delivered versions, each kind sorted by namespace
   * and name: the order does not depend on the order in which informers happened to report, so a
   * scheduler subscribing now and a snapshot written now see nodes (and break score ties) alike.
   *
   * @return a copy of the delivered state
   */
  ClusterObjects snapshot() {
    List<KubeObject> objects;
    synchronized (state) {
      objects = new ArrayList<>(state.values());
    }
    objects.sort(BY_KEY);
    return ClusterObjects.of(objects);
  }

  private static final java.util.Comparator<KubeObject> BY_KEY =
      java.util.Comparator.comparing((KubeObject o) -> o.metadata().namespace())
          .thenComparing(o -> o.metadata().name());

  /**
   * The number of events delivered to listeners so far (initial {@code ADDED}s included).
   *
   * @return the count
   */
  long deliveredCount() {
    return delivered.get();
  }

  /** Stops the thread; queued reports are dropped. */
  @Override
  public void close() {
    closed = true;
    thread.interrupt();
  }

  private void submit(Runnable task) {
    if (closed) {
      throw new IllegalStateException("the event feed is closed");
    }
    queue.add(task);
  }

  private void loop() {
    while (!closed) {
      Runnable task;
      try {
        task = queue.take();
      } catch (InterruptedException e) {
        return;
      }
      try {
        task.run();
      } catch (RuntimeException e) {
        LOG.error("event feed task failed", e);
      }
    }
  }

  private static String key(KubeObject o) {
    return o.kind() + "/" + o.metadata().namespace() + "/" + o.metadata().name();
  }

  private void apply(Report report, KubeObject object) {
    String key = key(object);
    KubeObject previous;
    synchronized (state) {
      previous = state.get(key);
      if (report == Report.DELETE) {
        if (previous != null) {
          state.remove(key);
        }
      } else {
        state.put(key, object);
      }
    }
    if (report == Report.DELETE) {
      if (previous == null) {
        return; // never delivered, or already deleted
      }
      boolean sameObject = previous.metadata().uid().equals(object.metadata().uid());
      emit(WatchEvent.deleted(sameObject ? object : previous));
      return;
    }
    if (previous == null) {
      emit(WatchEvent.added(object));
    } else if (!previous.metadata().uid().equals(object.metadata().uid())) {
      emit(WatchEvent.deleted(previous));
      emit(WatchEvent.added(object));
    } else if (!previous.metadata().resourceVersion().equals(object.metadata().resourceVersion())
        || previous.metadata().resourceVersion().isEmpty()) {
      emit(WatchEvent.modified(previous, object));
    }
  }

  private void emit(WatchEvent event) {
    for (Consumer<WatchEvent> l : listeners) {
      deliver(l, event);
    }
  }

  private void deliver(Consumer<WatchEvent> listener, WatchEvent event) {
    delivered.incrementAndGet();
    try {
      listener.accept(event);
    } catch (RuntimeException e) {
      LOG.error(
          "listener failed on {} of {} {}",
          event.type(),
          event.object().kind(),
          event.object().key(),
          e);
    }
  }
}
