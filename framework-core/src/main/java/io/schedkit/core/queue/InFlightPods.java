package io.schedkit.core.queue;

import io.schedkit.framework.ClusterEvent;
import io.schedkit.framework.model.Pod;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The pods being scheduled or bound (popped, not yet requeued or done) and the cluster events
 * received since each of them was popped, so that a pod whose attempt fails can be requeued by an
 * event that arrived while it was in flight.
 *
 * <p>Design note: pods and events share one sequence counter. A pod remembers the sequence number
 * of its pop; its events are the recorded ones with a higher number. Pods are kept in pop order, so
 * the oldest in-flight pod is the first entry, and events older than it are dropped whenever a pod
 * leaves; with no pod in flight nothing is recorded, which keeps the list bounded. Not thread-safe:
 * the {@link SchedulingQueue} guards it with its lock.
 */
final class InFlightPods {
  /** One in-flight pod. */
  static final class Entry {
    final long sequence;
    final QueuedPod owner;
    final Pod poppedPod;
    Pod latestPod;
    boolean deleted;

    Entry(long sequence, QueuedPod owner) {
      this.sequence = sequence;
      this.owner = owner;
      this.poppedPod = owner.pod();
    }
  }

  /**
   * An event recorded while pods were in flight.
   *
   * @param sequence its place among pops and events
   * @param event the event
   * @param oldObject the object before the change, or null
   * @param newObject the object after the change, or null
   */
  record RecordedEvent(long sequence, ClusterEvent event, Object oldObject, Object newObject) {}

  private final Map<String, Entry> pods = new LinkedHashMap<>();
  private final ArrayDeque<RecordedEvent> events = new ArrayDeque<>();
  private long sequence;

  /** Starts tracking {@code pod}, popped just now, under {@code key}. */
  void add(String key, QueuedPod pod) {
    pods.put(key, new Entry(++sequence, pod));
  }

  boolean contains(String key) {
    return pods.containsKey(key);
  }

  Entry get(String key) {
    return pods.get(key);
  }

  boolean isEmpty() {
    return pods.isEmpty();
  }

  int size() {
    return pods.size();
  }

  /** Records {@code event} if some pod is in flight; returns whether it was recorded. */
  boolean recordIfAnyInFlight(ClusterEvent event, Object oldObject, Object newObject) {
    if (pods.isEmpty()) {
      return false;
    }
    events.addLast(new RecordedEvent(++sequence, event, oldObject, newObject));
    return true;
  }

  /** The events recorded since the pod with key {@code key} was popped, oldest first. */
  List<RecordedEvent> eventsSince(String key) {
    Entry entry = pods.get(key);
    if (entry == null) {
      return List.of();
    }
    List<RecordedEvent> out = new ArrayList<>();
    for (RecordedEvent e : events) {
      if (e.sequence() > entry.sequence) {
        out.add(e);
      }
    }
    return out;
  }

  /** Stops tracking the pod with key {@code key} and drops events no in-flight pod needs. */
  Entry remove(String key) {
    Entry removed = pods.remove(key);
    if (removed == null) {
      return null;
    }
    if (pods.isEmpty()) {
      events.clear();
      return removed;
    }
    long oldest = pods.values().iterator().next().sequence;
    Iterator<RecordedEvent> it = events.iterator();
    while (it.hasNext() && it.next().sequence() < oldest) {
      it.remove();
    }
    return removed;
  }

  /** Stops tracking every pod. */
  void clear() {
    pods.clear();
    events.clear();
  }

  /** The number of recorded events (for tests and diagnostics). */
  int eventCount() {
    return events.size();
  }
}
