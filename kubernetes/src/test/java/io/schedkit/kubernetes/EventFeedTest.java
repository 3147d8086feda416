package io.schedkit.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.cluster.WatchEvent;
import io.schedkit.framework.model.KubeObject;
import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.ObjectMeta;
import io.schedkit.framework.model.Pod;
import io.schedkit.testing.NodeWrapper;
import io.schedkit.testing.PodWrapper;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The delivery thread's convergence rules: whatever the informers report (a relist re-reports
 * everything), listeners get exactly the events that make their view equal the reports.
 */
final class EventFeedTest {
  private final EventFeed feed = new EventFeed();
  private final List<String> seen = new CopyOnWriteArrayList<>();

  @AfterEach
  void close() {
    feed.close();
  }

  private static Pod pod(String name, String uid, String rv) {
    Pod p = PodWrapper.makePod().name(name).uid(uid).obj();
    return new Pod(meta(p.metadata(), rv), p.spec(), p.status());
  }

  private static ObjectMeta meta(ObjectMeta m, String rv) {
    return m.toBuilder().resourceVersion(rv).build();
  }

  private static Node node(String name, String rv) {
    Node n = NodeWrapper.makeNode().name(name).obj();
    return new Node(
        meta(n.metadata(), rv).toBuilder().uid("uid-" + name).build(), n.spec(), n.status());
  }

  private void subscribe() {
    feed.subscribe(
        e -> {
          KubeObject o = e.object();
          String old =
              e.oldObject() == null ? "" : e.oldObject().metadata().resourceVersion() + "->";
          seen.add(
              e.type()
                  + " "
                  + o.kind()
                  + " "
                  + o.metadata().name()
                  + " "
                  + old
                  + o.metadata().resourceVersion());
        });
  }

  private List<String> settle() {
    feed.barrier().join();
    return List.copyOf(seen);
  }

  @Test
  void subscribe_deliversTheStateSortedByKindThenName_thenChanges() {
    feed.publish(EventFeed.Report.UPSERT, pod("b", "u-b", "1"));
    feed.publish(EventFeed.Report.UPSERT, node("n2", "2"));
    feed.publish(EventFeed.Report.UPSERT, pod("a", "u-a", "3"));
    feed.publish(EventFeed.Report.UPSERT, node("n1", "4"));
    feed.barrier().join();

    subscribe();
    feed.publish(EventFeed.Report.UPSERT, pod("c", "u-c", "5"));

    assertThat(settle())
        .containsExactly(
            "ADDED Node n1 4",
            "ADDED Node n2 2",
            "ADDED Pod a 3",
            "ADDED Pod b 1",
            "ADDED Pod c 5");
  }

  @Test
  void relist_reReportsUnchanged_nothingDelivered_changedAsModified_missingAsDeleted() {
    subscribe();
    feed.publish(EventFeed.Report.UPSERT, pod("a", "u-a", "1"));
    feed.publish(EventFeed.Report.UPSERT, pod("b", "u-b", "2"));
    // A relist: a unchanged (same resourceVersion), b changed, c new; then b deleted, an unknown
    // pod's delete, and a delete of a pod whose add never came.
    feed.publish(EventFeed.Report.UPSERT, pod("a", "u-a", "1"));
    feed.publish(EventFeed.Report.UPSERT, pod("b", "u-b", "7"));
    feed.publish(EventFeed.Report.UPSERT, pod("c", "u-c", "8"));
    feed.publish(EventFeed.Report.DELETE, pod("b", "u-b", "7"));
    feed.publish(EventFeed.Report.DELETE, pod("zz", "u-zz", "9"));

    assertThat(settle())
        .containsExactly(
            "ADDED Pod a 1",
            "ADDED Pod b 2",
            "MODIFIED Pod b 2->7",
            "ADDED Pod c 8",
            "DELETED Pod b 7");
    assertThat(feed.snapshot().pods()).extracting(Pod::name).containsExactly("a", "c");
  }

  @Test
  void sameName_newUid_isDeleteOfTheOldThenAddOfTheNew() {
    subscribe();
    feed.publish(EventFeed.Report.UPSERT, pod("a", "u-1", "1"));
    feed.publish(EventFeed.Report.UPSERT, pod("a", "u-2", "5"));

    assertThat(settle()).containsExactly("ADDED Pod a 1", "DELETED Pod a 1", "ADDED Pod a 5");
    assertThat(feed.snapshot().pods()).extracting(Pod::uid).containsExactly("u-2");
  }

  @Test
  void listenerFailure_isLogged_laterEventsStillDelivered() {
    feed.subscribe(
        e -> {
          throw new IllegalStateException("boom");
        });
    subscribe();
    feed.publish(EventFeed.Report.UPSERT, pod("a", "u-a", "1"));
    feed.publish(EventFeed.Report.UPSERT, pod("b", "u-b", "2"));

    assertThat(settle()).containsExactly("ADDED Pod a 1", "ADDED Pod b 2");
    assertThat(feed.deliveredCount()).isEqualTo(4);
  }

  @Test
  void events_areWatchEventsWithTheDeliveredOldVersion() {
    List<WatchEvent> events = new CopyOnWriteArrayList<>();
    feed.subscribe(events::add);
    Pod v1 = pod("a", "u-a", "1");
    feed.publish(EventFeed.Report.UPSERT, v1);
    feed.publish(EventFeed.Report.UPSERT, pod("a", "u-a", "2"));
    feed.barrier().join();

    assertThat(events.get(1).type()).isEqualTo(WatchEvent.Type.MODIFIED);
    assertThat(events.get(1).oldObject()).isSameAs(v1);
  }
}
