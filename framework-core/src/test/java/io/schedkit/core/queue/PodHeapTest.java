package io.schedkit.core.queue;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.Pod;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

final class PodHeapTest {
  private final PodHeap heap = new PodHeap((a, b) -> a.pod().priority() > b.pod().priority());

  @Test
  void poll_returnsHighestFirst() {
    for (int prio : new int[] {3, 9, 1, 7, 5}) {
      heap.add(pod(prio));
    }

    assertThat(drain()).containsExactly(9, 7, 5, 3, 1);
  }

  @Test
  void remove_anyMemberKeepsOrder() {
    QueuedPod seven = pod(7);
    for (QueuedPod p : List.of(pod(3), pod(9), pod(1), seven, pod(5))) {
      heap.add(p);
    }

    assertThat(heap.remove(seven)).isTrue();
    assertThat(heap.remove(seven)).isFalse();
    assertThat(seven.heapIndex).isEqualTo(-1);
    assertThat(drain()).containsExactly(9, 5, 3, 1);
  }

  @Test
  void fix_reordersAChangedMember() {
    QueuedPod low = pod(1);
    heap.add(pod(5));
    heap.add(low);
    heap.add(pod(3));

    low.setPodInfo(PodInfo.of(Pod.builder().name("x").uid("x").priority(10).build()));
    heap.fix(low);

    assertThat(drain()).containsExactly(10, 5, 3);
  }

  @Test
  void randomOperations_matchASortedList() {
    long seed = 42;
    Random random = new Random(seed);
    List<QueuedPod> model = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      if (model.isEmpty() || random.nextInt(3) > 0) {
        QueuedPod p = pod(random.nextInt(100));
        heap.add(p);
        model.add(p);
      } else {
        QueuedPod p = model.remove(random.nextInt(model.size()));
        assertThat(heap.remove(p)).as("seed %d", seed).isTrue();
      }
      assertThat(heap.size()).isEqualTo(model.size());
    }
    List<Integer> want = new ArrayList<>();
    model.forEach(p -> want.add(p.pod().priority()));
    want.sort((a, b) -> Integer.compare(b, a));
    assertThat(drain()).as("seed %d", seed).isEqualTo(want);
  }

  private List<Integer> drain() {
    List<Integer> out = new ArrayList<>();
    QueuedPod p;
    while ((p = heap.poll()) != null) {
      out.add(p.pod().priority());
    }
    return out;
  }

  private static QueuedPod pod(int priority) {
    return new QueuedPod(
        PodInfo.of(
            Pod.builder().name("p" + priority).uid("p" + priority).priority(priority).build()),
        Instant.EPOCH);
  }
}
