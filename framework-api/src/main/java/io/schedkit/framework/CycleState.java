package io.schedkit.framework;

import io.schedkit.framework.model.Pod;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;

/**
 * Typed storage for one scheduling attempt of one pod: plugins write what they computed in
 * PreFilter or PreScore and read it in Filter, Score and later points.
 *
 * <p>Design note (threads): writes happen at the sequential points of a cycle (PreFilter, PreScore,
 * Reserve, Permit, the binding cycle), reads may happen concurrently from Filter and Score workers.
 * The framework hands work to workers only after the sequential point has returned, which publishes
 * the writes; so the storage needs no locking. It is an array indexed by {@link StateKey}'s slot
 * (one per distinct key name), as reads run once per node and plugin. A copy made by {@link
 * #copy()} is owned by whoever made it (a preemption dry run, a nominated-pods pass).
 *
 * <p>Besides plugin data, the state carries the framework's per-cycle sets: the plugins whose
 * Filter or Score is skipped because their PreFilter or PreScore returned Skip, and the pods a
 * plugin asked to activate once the cycle succeeds.
 */
public final class CycleState {
  private StateData[] data;
  private Set<String> skipFilterPlugins;
  private Set<String> skipScorePlugins;
  private final Map<String, Pod> podsToActivate;
  private boolean recordPluginMetrics;
  private boolean dryRun;

  /** An empty state. */
  public CycleState() {
    this.data = new StateData[16];
    this.skipFilterPlugins = Set.of();
    this.skipScorePlugins = Set.of();
    this.podsToActivate = Collections.synchronizedMap(new LinkedHashMap<>());
  }

  private CycleState(CycleState other) {
    this.data = new StateData[other.data.length];
    for (int i = 0; i < data.length; i++) {
      StateData v = other.data[i];
      if (v != null) {
        data[i] = v.copy();
      }
    }
    this.skipFilterPlugins = other.skipFilterPlugins;
    this.skipScorePlugins = other.skipScorePlugins;
    this.podsToActivate = other.podsToActivate;
    this.recordPluginMetrics = other.recordPluginMetrics;
    this.dryRun = other.dryRun;
  }

  /**
   * Returns the value under {@code key}.
   *
   * @param <T> the type of the value
   * @param key the key
   * @return the value, never null
   * @throws NoSuchElementException if nothing was written under the key in this cycle
   */
  public <T extends StateData> T read(StateKey<T> key) {
    T value = get(key);
    if (value == null) {
      throw new NoSuchElementException("no cycle state under key " + key.name());
    }
    return value;
  }

  /**
   * Returns the value under {@code key}, or null if nothing was written under it: {@link #find}
   * without the {@code Optional}, for plugins that read their state once per block of nodes.
   *
   * @param <T> the type of the value
   * @param key the key
   * @return the value, or null
   */
  public <T extends StateData> T readOrNull(StateKey<T> key) {
    return get(key);
  }

  /**
   * Returns the value under {@code key}, or empty if nothing was written under it.
   *
   * @param <T> the type of the value
   * @param key the key
   * @return the value, or empty
   */
  public <T extends StateData> Optional<T> find(StateKey<T> key) {
    return Optional.ofNullable(get(key));
  }

  private <T extends StateData> T get(StateKey<T> key) {
    int slot = key.slot();
    StateData[] d = data;
    // Only values written under a key of type T are stored in its slot (keys of equal names are
    // equal, and a name is declared with one type), so the cast is safe.
    @SuppressWarnings("unchecked")
    T value = slot < d.length ? (T) d[slot] : null;
    return value;
  }

  /**
   * Stores {@code value} (not null) under {@code key}, replacing any previous value.
   *
   * @param <T> the type of the value
   * @param key the key
   * @param value the value; not null
   */
  public <T extends StateData> void write(StateKey<T> key, T value) {
    java.util.Objects.requireNonNull(value, "value");
    int slot = key.slot();
    if (slot >= data.length) {
      data = java.util.Arrays.copyOf(data, Math.max(slot + 1, data.length * 2));
    }
    data[slot] = value;
  }

  /**
   * Removes the value under {@code key}, if any.
   *
   * @param key the key
   */
  public void delete(StateKey<?> key) {
    int slot = key.slot();
    if (slot < data.length) {
      data[slot] = null;
    }
  }

  /**
   * Returns a copy in which every value is {@linkplain StateData#copy() copied}; the skip sets and
   * the pods to activate are shared.
   *
   * @return the copy, owned by the caller
   */
  public CycleState copy() {
    return new CycleState(this);
  }

  /**
   * The plugins whose Filter (and PreFilter extensions) are skipped in this cycle.
   *
   * @return the plugin names; empty if none
   */
  public Set<String> skipFilterPlugins() {
    return skipFilterPlugins;
  }

  /**
   * Set by the framework after PreFilter.
   *
   * @param plugins the names of the plugins whose PreFilter returned Skip; copied
   */
  public void setSkipFilterPlugins(Collection<String> plugins) {
    this.skipFilterPlugins = plugins.isEmpty() ? Set.of() : Set.copyOf(plugins);
  }

  /**
   * The plugins whose Score is skipped in this cycle.
   *
   * @return the plugin names; empty if none
   */
  public Set<String> skipScorePlugins() {
    return skipScorePlugins;
  }

  /**
   * Set by the framework after PreScore.
   *
   * @param plugins the names of the plugins whose PreScore returned Skip; copied
   */
  public void setSkipScorePlugins(Collection<String> plugins) {
    this.skipScorePlugins = plugins.isEmpty() ? Set.of() : Set.copyOf(plugins);
  }

  /**
   * Asks the scheduler to move {@code pod} to the active queue once this scheduling cycle, and
   * again once the binding cycle, succeeds. Safe to call from any thread.
   *
   * @param pod the pod to activate; a repeated request for the same pod replaces the earlier one
   */
  public void activate(Pod pod) {
    podsToActivate.put(pod.uid().isEmpty() ? pod.key() : pod.uid(), pod);
  }

  /**
   * The pods plugins asked to activate, in request order; drained by the framework.
   *
   * @return the pods requested since the last drain; the requests are cleared
   */
  public List<Pod> drainPodsToActivate() {
    synchronized (podsToActivate) {
      List<Pod> pods = new ArrayList<>(podsToActivate.values());
      podsToActivate.clear();
      return pods;
    }
  }

  /**
   * Whether per-plugin durations are recorded in this cycle (upstream samples 10% of cycles).
   *
   * @return true if this cycle is sampled
   */
  public boolean recordPluginMetrics() {
    return recordPluginMetrics;
  }

  /**
   * Set by the framework at the start of a cycle.
   *
   * @param record whether to record per-plugin durations
   */
  public void setRecordPluginMetrics(boolean record) {
    this.recordPluginMetrics = record;
  }

  /**
   * Whether this cycle is a dry run (explain): plugins must not change anything outside the cycle
   * state — a PostFilter plugin reports what it would do (nominate, evict) without doing it.
   *
   * @return true in a dry run
   */
  public boolean isDryRun() {
    return dryRun;
  }

  /**
   * Set by the framework at the start of a dry-run cycle.
   *
   * @param dryRun whether the cycle is a dry run
   */
  public void setDryRun(boolean dryRun) {
    this.dryRun = dryRun;
  }
}
