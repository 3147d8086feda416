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
 *
 * <p>Design note (division): {@link #nextInt(int)} returns what {@code Random.nextInt(int)}
 * returns, draw for draw, but takes the remainder through a multiplication by the bound's
 * reciprocal and one correction instead of an integer division, which this processor does not
 * pipeline: host selection draws once per tied node (hundreds per pod), each with a different
 * bound.
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
  public int nextInt(int bound) {
    if (bound <= 0) {
      return super.nextInt(bound); // throws Random's exception
    }
    int r = next(31);
    int m = bound - 1;
    if ((bound & m) == 0) {
      return (int) ((bound * (long) r) >> 31);
    }
    // Random's rejection loop: a draw from the last, incomplete run of `bound` values is redrawn.
    double reciprocal = 1.0 / bound;
    for (int u = r; ; u = next(31)) {
      r = remainder(u, bound, reciprocal);
      if (u - r + m >= 0) {
        return r;
      }
    }
  }

  /**
   * {@code u % bound} for {@code 0 <= u < 2^31} and {@code bound >= 1}. The product {@code u *
   * reciprocal} differs from {@code u / bound} by less than {@code 2^-21 / bound} (two roundings of
   * relative size 2^-53 on a value below 2^31), while a quotient that is not a whole number is at
   * least {@code 1 / bound} away from the next one: so the truncated product is the quotient,
   * except that an exact quotient may come out one short, leaving a remainder of {@code bound}.
   */
  static int remainder(int u, int bound, double reciprocal) {
    int r = u - (int) (u * reciprocal) * bound;
    return r >= bound ? r - bound : r;
  }

  @Override
  protected int next(int bits) {
    long s = (state * MULTIPLIER + ADDEND) & MASK;
    state = s;
    return (int) (s >>> (48 - bits));
  }
}
