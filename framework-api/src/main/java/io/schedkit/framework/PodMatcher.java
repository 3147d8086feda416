package io.schedkit.framework;

import io.schedkit.framework.model.LabelSelector;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Predicate;

/**
 * A question about existing pods ("does this pod match that selector in that namespace?") whose
 * answer count per node {@link NodeInfo#countMatching} memoizes, so plugins such as
 * PodTopologySpread and InterPodAffinity do not re-examine every running pod in every cycle.
 *
 * <p>Create matchers with {@link #of(Object, Predicate)}: the key says what the predicate computes
 * (for example a record of namespace and selector); equal keys give the same interned matcher, so
 * counts computed in one cycle serve the next ones, and matchers are equal when their keys are. The
 * predicate must be a pure function of the pod.
 *
 * <p>Design note: each matcher owns a slot in a bounded table; a node keeps one counter per slot
 * together with the slot's epoch, and a counter is trusted only while the epochs agree. When the
 * table is full, a new matcher takes the slot of the one asked for least recently, which is
 * forgotten (its key then gives a new matcher); the others keep their slots and counts, so a
 * scheduler that keeps meeting new questions (a Deployment's every rollout, say) does not recount
 * the ones still in use.
 */
public final class PodMatcher {
  /** The number of matchers alive at once. */
  static final int MAX_SLOTS = 256;

  private static final ConcurrentHashMap<Object, PodMatcher> INTERNED = new ConcurrentHashMap<>();
  private static final AtomicReferenceArray<PodMatcher> SLOTS =
      new AtomicReferenceArray<>(MAX_SLOTS);
  private static int nextSlot;
  private static int epochCounter;
  // Advanced by every lookup: the matchers' ages, for choosing whose slot a new one takes.
  private static final AtomicLong USES = new AtomicLong();

  private final Object key;
  private final int keyHash;
  private final Predicate<PodInfo> predicate;
  private final long requiredBloom;
  private final int slot;
  private final int epoch;
  // When this matcher was last asked for; read under the table's lock to pick the eldest.
  private volatile long lastUse;

  private PodMatcher(
      Object key, Predicate<PodInfo> predicate, long requiredBloom, int slot, int epoch) {
    this.key = key;
    this.keyHash = key.hashCode();
    this.predicate = predicate;
    this.requiredBloom = requiredBloom;
    this.slot = slot;
    this.epoch = epoch;
  }

  /**
   * The matcher for {@code key}, created with {@code predicate} on first use. Thread-safe.
   *
   * @param key what the predicate computes; must have value equality
   * @param predicate whether an existing pod counts
   * @return the interned matcher; its predicate is the one given on first use of {@code key}
   */
  public static PodMatcher of(Object key, Predicate<PodInfo> predicate) {
    return of(key, predicate, null, List.of());
  }

  /**
   * As {@link #of(Object, Predicate)}, for a predicate that only matches pods in {@code namespace}
   * whose labels satisfy every one of {@code selectors}: a node none of whose pods carries a label
   * pair the selectors require ({@code matchLabels}, single-value {@code In}) is counted as 0
   * without a look at its pods. The requirements are read only when the matcher is created.
   *
   * @param key what the predicate computes; must have value equality
   * @param predicate whether an existing pod counts; must be false for a pod outside {@code
   *     namespace} or whose labels fail one of {@code selectors}
   * @param namespace the namespace of every pod the predicate matches, or null when they may be in
   *     several
   * @param selectors selectors every pod the predicate matches satisfies (null elements are
   *     skipped); empty when none is known
   * @return the interned matcher; its predicate is the one given on first use of {@code key}
   */
  public static PodMatcher of(
      Object key, Predicate<PodInfo> predicate, String namespace, List<LabelSelector> selectors) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(predicate, "predicate");
    Objects.requireNonNull(selectors, "selectors");
    PodMatcher m = INTERNED.get(key);
    if (m != null) {
      m.lastUse = USES.incrementAndGet();
      return m;
    }
    synchronized (SLOTS) {
      m = INTERNED.get(key);
      if (m != null) {
        m.lastUse = USES.incrementAndGet();
        return m;
      }
      int slot = nextSlot < MAX_SLOTS ? nextSlot++ : leastRecentlyUsedSlot();
      PodMatcher old = SLOTS.get(slot);
      if (old != null && INTERNED.get(old.key) == old) {
        INTERNED.remove(old.key);
      }
      m =
          new PodMatcher(
              key, predicate, LabelBloom.required(namespace, selectors), slot, ++epochCounter);
      m.lastUse = USES.incrementAndGet();
      SLOTS.set(slot, m);
      INTERNED.put(key, m);
      return m;
    }
  }

  /** The slot of the matcher asked for least recently (the table is full; under its lock). */
  private static int leastRecentlyUsedSlot() {
    int eldest = 0;
    long eldestUse = Long.MAX_VALUE;
    for (int i = 0; i < MAX_SLOTS; i++) {
      long use = SLOTS.get(i).lastUse;
      if (use < eldestUse) {
        eldestUse = use;
        eldest = i;
      }
    }
    return eldest;
  }

  /** The matcher in {@code slot} if it still has {@code epoch}, else null. */
  static PodMatcher live(int slot, int epoch) {
    PodMatcher m = SLOTS.get(slot);
    return m != null && m.epoch == epoch ? m : null;
  }

  /**
   * Whether {@code pod} counts.
   *
   * @param pod an existing pod
   * @return the predicate's answer for the pod
   */
  public boolean matches(PodInfo pod) {
    return predicate.test(pod);
  }

  /**
   * The key.
   *
   * @return the key the matcher was created with
   */
  public Object key() {
    return key;
  }

  int slot() {
    return slot;
  }

  /** The {@link LabelBloom} bits every matching pod has. */
  long requiredBloom() {
    return requiredBloom;
  }

  int epoch() {
    return epoch;
  }

  /**
   * Matchers are equal when their keys are: they answer the same question, so results kept for one
   * (per-node counts a plugin caches, say) hold for the other, even after the table recycled the
   * first one's slot and its key gave a new matcher.
   *
   * @param o another object
   * @return whether {@code o} is a matcher with an equal key
   */
  @Override
  public boolean equals(Object o) {
    return this == o || (o instanceof PodMatcher m && keyHash == m.keyHash && key.equals(m.key));
  }

  @Override
  public int hashCode() {
    return keyHash;
  }

  @Override
  public String toString() {
    return "PodMatcher" + key;
  }
}
