package io.schedkit.testing;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * An ordered, thread-safe record of plugin calls, shared by several {@link RecordingPlugin}s so a
 * test can assert the exact sequence of extension points across plugins: {@code
 * assertThat(log).containsExactly("a.PreFilter(p1)", "b.PreFilter(p1)", "a.Filter(p1, n1)")}.
 *
 * <p>Iterating or listing returns a snapshot, so assertions never see a half-written log. Filter
 * and Score run in parallel over nodes when the scheduler's parallelism is above 1; assert their
 * entries in any order then, or use parallelism 1.
 */
public final class CallLog implements Iterable<String> {
  private final List<String> entries = new ArrayList<>();

  /** An empty log. */
  public CallLog() {}

  /** Appends {@code entry}. */
  public synchronized void record(String entry) {
    entries.add(entry);
  }

  /** Every entry, in call order (a copy). */
  public synchronized List<String> entries() {
    return List.copyOf(entries);
  }

  /** The entries of the plugin named {@code pluginName}, in call order. */
  public synchronized List<String> entriesOf(String pluginName) {
    String prefix = pluginName + ".";
    return entries.stream().filter(e -> e.startsWith(prefix)).toList();
  }

  /**
   * The entries at extension point {@code point} (as written in the log, for example {@code
   * "Filter"} or {@code "Unreserve"}), in call order.
   */
  public synchronized List<String> entriesAt(String point) {
    String marker = "." + point + "(";
    return entries.stream().filter(e -> e.contains(marker)).toList();
  }

  /** Returns every entry and empties the log, to assert one phase at a time. */
  public synchronized List<String> drain() {
    List<String> all = List.copyOf(entries);
    entries.clear();
    return all;
  }

  /** Empties the log. */
  public synchronized void clear() {
    entries.clear();
  }

  /** The number of entries. */
  public synchronized int size() {
    return entries.size();
  }

  /** Iterates over a snapshot of the entries. */
  @Override
  public Iterator<String> iterator() {
    return entries().iterator();
  }

  @Override
  public synchronized String toString() {
    return entries.toString();
  }
}
