package io.schedkit.plugins.helper;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * How many per-node structures a plugin keeps across cycles, one per question its pods ask (a
 * selector and topology key, say), each holding a few bytes per node: as many as fit in a fixed
 * budget of {@value #BUDGET_BYTES} bytes for the cluster's size, and never fewer than {@value
 * #MIN_ENTRIES}. A cluster whose pods ask more questions than that (many Deployments, each
 * spreading on its own) would otherwise evict and rebuild a structure, a read of every node, in
 * nearly every cycle; bounding by bytes keeps the memory of a 15,000-node cluster to the budget.
 * The budget is per cache: PodTopologySpread and InterPodAffinity keep one for Filter and one for
 * Score each.
 */
public final class PerNodeCaches {
  /** The memory a cache's entries may hold together, roughly. */
  public static final long BUDGET_BYTES = 32L << 20;

  /** The entries kept whatever the cluster's size. */
  public static final int MIN_ENTRIES = 16;

  private PerNodeCaches() {}

  /**
   * The entries to keep for a cluster of {@code nodes} nodes when each holds {@code bytesPerNode}
   * bytes per node.
   *
   * @param nodes the cluster's nodes
   * @param bytesPerNode what an entry holds per node
   * @return at least {@link #MIN_ENTRIES}
   */
  public static int capacity(int nodes, int bytesPerNode) {
    long perEntry = (long) Math.max(1, nodes) * Math.max(1, bytesPerNode);
    return (int) Math.max(MIN_ENTRIES, Math.min(Integer.MAX_VALUE, BUDGET_BYTES / perEntry));
  }

  /**
   * The entry of {@code key} in {@code entries} (an access-ordered map), made by {@code create}
   * when absent, after dropping the least recently used entries that would exceed the {@link
   * #capacity} for {@code nodes} nodes of {@code bytesPerNode} bytes each.
   *
   * @param <K> the key type
   * @param <V> the entry type
   * @param entries a {@link LinkedHashMap} in access order
   * @param key the question
   * @param nodes the cluster's nodes
   * @param bytesPerNode what an entry holds per node
   * @param create makes the entry of a new key
   * @return the entry, now the most recently used
   */
  public static <K, V> V entry(
      LinkedHashMap<K, V> entries, K key, int nodes, int bytesPerNode, Function<K, V> create) {
    V v = entries.get(key);
    if (v == null) {
      trim(entries, capacity(nodes, bytesPerNode) - 1);
      v = create.apply(key);
      entries.put(key, v);
    }
    return v;
  }

  /**
   * Drops the least recently used entries of {@code entries} (an access-ordered map) beyond {@code
   * capacity}.
   *
   * @param entries a {@link LinkedHashMap} in access order
   * @param capacity the entries to keep
   */
  public static void trim(LinkedHashMap<?, ?> entries, int capacity) {
    Iterator<? extends Map.Entry<?, ?>> eldest = entries.entrySet().iterator();
    for (int excess = entries.size() - capacity; excess > 0; excess--) {
      eldest.next();
      eldest.remove();
    }
  }
}
