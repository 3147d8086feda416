package io.schedkit.plugins.interpodaffinity;

import io.schedkit.plugins.helper.TopologyDomains;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * Positive totals per value of one topology key, kept twice: by value, for lookups by label, and by
 * the value's id in a {@link TopologyDomains}, for Filter's lookups by snapshot position.
 *
 * <p>Invariant: after {@link #sync()}, {@code atDomain(domains.idOf(v)) == byValue(v)} for every
 * value, 0 for values without a total. Changed by {@link PairTotals} at PreFilter only (under its
 * cache's lock); read concurrently by Filter workers in between.
 */
final class ValueTotals {
  private final Map<String, Long> byValue = new HashMap<>();
  private final Map<String, Long> view = Collections.unmodifiableMap(byValue);
  private final TopologyDomains domains;
  private long[] byDomain = new long[0];
  private int epoch = -1;

  ValueTotals(TopologyDomains domains) {
    this.domains = domains;
  }

  /** Adds {@code delta} to {@code value}'s total, dropping it at 0. */
  void adjust(String value, long delta) {
    mergeByValue(value, delta);
    if (epoch == domains.epoch()) {
      add(domains.idOf(value), delta);
    }
  }

  /** Adds {@code delta} to the total of the value numbered {@code id} in the current epoch. */
  void adjustAt(int id, long delta) {
    mergeByValue(domains.valueOf(id), delta);
    if (epoch == domains.epoch()) {
      add(id, delta);
    }
  }

  private void mergeByValue(String value, long delta) {
    byValue.merge(value, delta, (a, b) -> a + b == 0 ? null : a + b);
  }

  private void add(int id, long delta) {
    if (id >= byDomain.length) {
      byDomain = Arrays.copyOf(byDomain, Math.max(id + 1, 2 * byDomain.length));
    }
    byDomain[id] += delta;
  }

  /** Forgets every total. */
  void clear() {
    byValue.clear();
    Arrays.fill(byDomain, 0);
  }

  /** Rebuilds the totals by id when the domains were numbered afresh since the last sync. */
  void sync() {
    if (epoch == domains.epoch()) {
      return;
    }
    byDomain = new long[Math.max(16, domains.size())];
    epoch = domains.epoch();
    byValue.forEach((v, c) -> add(domains.idOf(v), c));
  }

  /** Whether the totals by id follow the domains' current numbering. */
  boolean isSynced() {
    return epoch == domains.epoch();
  }

  /** The totals by value, read-only. */
  Map<String, Long> view() {
    return view;
  }

  boolean isEmpty() {
    return byValue.isEmpty();
  }

  /** The domains whose ids {@link #atDomain} takes. */
  TopologyDomains domains() {
    return domains;
  }

  /** The total of domain {@code id} (0 when it has none). */
  long atDomain(int id) {
    return id < byDomain.length ? byDomain[id] : 0;
  }
}
