package io.schedkit.core.leaderelection.failover;

import io.schedkit.framework.cluster.FencingToken;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every write the replicas made to the host, in the order the host applied them (the probes write
 * through one lock), with the writer's token and whether the host accepted it.
 */
final class WriteLog {
  /** One write: {@code kind} is bind, evict, nominate, report or fence. */
  record Entry(long nanos, String replica, String kind, String pod, long token, boolean accepted) {}

  private final List<Entry> entries = new ArrayList<>();

  synchronized void add(String replica, String kind, String pod, FencingToken token, boolean ok) {
    entries.add(new Entry(System.nanoTime(), replica, kind, pod, token.value(), ok));
  }

  synchronized List<Entry> entries() {
    return List.copyOf(entries);
  }

  /**
   * Accepted writes made with a token older than one the host had already accepted (a write or a
   * fence): writes by a leader acting after its successor had started to.
   */
  synchronized int lateAcceptedWrites() {
    long newest = -1;
    int late = 0;
    for (Entry e : entries) {
      if (!e.accepted()) {
        continue;
      }
      if (e.token() < newest) {
        late++;
      }
      newest = Math.max(newest, e.token());
    }
    return late;
  }

  /** Writes the host refused. */
  synchronized int refused() {
    return (int) entries.stream().filter(e -> !e.accepted()).count();
  }

  /** Pods with more than one accepted bind. */
  synchronized int podsBoundTwice() {
    Map<String, Integer> binds = new HashMap<>();
    for (Entry e : entries) {
      if (e.accepted() && e.kind().equals("bind")) {
        binds.merge(e.pod(), 1, Integer::sum);
      }
    }
    return (int) binds.values().stream().filter(n -> n > 1).count();
  }

  /** Accepted binds per token, in order of the tokens. */
  synchronized List<String> bindsByToken() {
    Map<Long, Integer> byToken = new java.util.TreeMap<>();
    for (Entry e : entries) {
      if (e.accepted() && e.kind().equals("bind")) {
        byToken.merge(e.token(), 1, Integer::sum);
      }
    }
    List<String> out = new ArrayList<>();
    byToken.forEach((t, n) -> out.add(t + ":" + n));
    return out;
  }
}
