package io.schedkit.core.queue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiPredicate;

/**
 * A binary min-heap of queued pods under a "less" order, with removal and re-sorting of any member
 * in O(log n). Each pod stores its own slot ({@link QueuedPod#heapIndex}), which works because a
 * pod is in at most one heap at a time.
 *
 * <p>Not thread-safe: the {@link SchedulingQueue} guards it with its lock.
 */
final class PodHeap {
  private final BiPredicate<QueuedPod, QueuedPod> less;
  private QueuedPod[] items = new QueuedPod[16];
  private int size;

  PodHeap(BiPredicate<QueuedPod, QueuedPod> less) {
    this.less = less;
  }

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  boolean contains(QueuedPod pod) {
    int i = pod.heapIndex;
    return i >= 0 && i < size && items[i] == pod;
  }

  /** Adds {@code pod}, which must not be in any heap. */
  void add(QueuedPod pod) {
    if (pod.heapIndex >= 0) {
      throw new IllegalStateException(pod + " is already in a heap");
    }
    if (size == items.length) {
      items = Arrays.copyOf(items, size * 2);
    }
    items[size] = pod;
    pod.heapIndex = size;
    size++;
    up(size - 1);
  }

  /** The head, or null when empty. */
  QueuedPod peek() {
    return size == 0 ? null : items[0];
  }

  /** Removes and returns the head, or null when empty. */
  QueuedPod poll() {
    if (size == 0) {
      return null;
    }
    QueuedPod head = items[0];
    removeAt(0);
    return head;
  }

  /** Removes {@code pod}; returns whether it was here. */
  boolean remove(QueuedPod pod) {
    if (!contains(pod)) {
      return false;
    }
    removeAt(pod.heapIndex);
    return true;
  }

  /** Restores the order after {@code pod}'s sort key changed. */
  void fix(QueuedPod pod) {
    if (contains(pod)) {
      int i = pod.heapIndex;
      up(i);
      down(pod.heapIndex);
    }
  }

  /** The members in heap (not sorted) order. */
  List<QueuedPod> list() {
    List<QueuedPod> out = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      out.add(items[i]);
    }
    return out;
  }

  private void removeAt(int i) {
    QueuedPod removed = items[i];
    size--;
    if (i != size) {
      items[i] = items[size];
      items[i].heapIndex = i;
      items[size] = null;
      up(i);
      down(items[i].heapIndex);
    } else {
      items[size] = null;
    }
    removed.heapIndex = -1;
  }

  private void up(int i) {
    QueuedPod pod = items[i];
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!less.test(pod, items[parent])) {
        break;
      }
      place(items[parent], i);
      i = parent;
    }
    place(pod, i);
  }

  private void down(int i) {
    QueuedPod pod = items[i];
    while (true) {
      int child = 2 * i + 1;
      if (child >= size) {
        break;
      }
      int right = child + 1;
      if (right < size && less.test(items[right], items[child])) {
        child = right;
      }
      if (!less.test(items[child], pod)) {
        break;
      }
      place(items[child], i);
      i = child;
    }
    place(pod, i);
  }

  private void place(QueuedPod pod, int i) {
    items[i] = pod;
    pod.heapIndex = i;
  }
}
