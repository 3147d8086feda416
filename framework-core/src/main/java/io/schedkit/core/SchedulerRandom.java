package io.schedkit.core;

import java.util.Random;

/**
 * The scheduler's seeded random source: the same sequence as {@link Random} for the same seed (the
 * same 48-bit linear congruential generator and the same derived methods), without {@code Random}'s
 * atomic compare-and-set on every draw.
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
