package io.schedkit.core;

import java.util.Random;

/**
 * The scheduler's seeded random source: the same sequence as {@link Random} for the same seed (the
 * same 48-bit linear congruential generator and the same derived methods), without {@code Random}'s
 * atomic compare-and-set on every draw.
 *
 * <p>The scheduler seeds it with {@link #seeded}: the seed is mixed first, because {@code
 * java.util.Random}'s first draws barely depend on small seeds ({@code new Random(s).nextInt(4)} is
 * 2 for every seed from 0 to 255, so a preemption among four tied nodes picked the same node
 * whatever {@code --seed} said).
 *
 * <p>Design note (threads): not thread-safe, by design. It serves the scheduling thread only
 * (tie-breaks in host selection, which draw once per tied node, and preemption's candidate offset),
 * where the atomic update of {@code java.util.Random} was a measurable share of choosing a host
 * among thousands of equally scored nodes.
 */
final class SchedulerRandom extends Random {
  private static final long serialVersionUID = 1L;
  private static final long MULTIPLIER = 0x5DEECE66DL;
  private static final long ADDEND = 0xBL;
  private static final long MASK = (1L << 48) - 1;

  // No initializer: Random's constructor calls setSeed before this class's fields are assigned.
  private long state;

  /** A generator producing {@code new Random(seed)}'s sequence. */
  SchedulerRandom(long seed) {
    super(seed);
  }

  /**
   * The scheduler's generator for {@code seed}: {@code new Random(mix(seed))}'s sequence, where
   * {@code mix} is SplitMix64's finalizer, so that nearby seeds give unrelated sequences from the
   * first draw on.
   */
  static SchedulerRandom seeded(long seed) {
    return new SchedulerRandom(mix(seed));
  }

  /** SplitMix64's finalizer (Steele, Lea and Flood, 2014) of {@code seed + golden gamma}. */
  static long mix(long seed) {
    long z = seed + 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /**
   * The generator's position, for {@link #restore}: a dry run (explain) draws what the next real
   * cycle would draw, then puts the generator back.
   */
  long position() {
    return state;
  }

  /** Puts the generator back at a {@link #position()}. */
  void restore(long position) {
    state = position;
  }

  @Override
  public void setSeed(long seed) {
    this.state = (seed ^ MULTIPLIER) & MASK;
    super.setSeed(seed); // clears Random's cached Gaussian, as Random.setSeed does
  }

  @Override
  protected int next(int bits) {
    long s = (state * MULTIPLIER + ADDEND) & MASK;
    state = s;
    return (int) (s >>> (48 - bits));
  }
}
