package io.schedkit.plugins.noderesources;

/**
 * A piecewise-linear function of utilization given by points {@code (u_j, s_j)} with strictly
 * increasing {@code u_j} (upstream's {@code helper.BuildBrokenLinearFunction}): {@code s_0} up to
 * {@code u_0}, the last score beyond the last point, and on {@code (u_{j-1}, u_j]} the value {@code
 * s_{j-1} + (s_j - s_{j-1}) * (p - u_{j-1}) / (u_j - u_{j-1})} in {@code long} arithmetic, whose
 * division truncates toward zero (so a decreasing segment rounds up).
 *
 * <p>Immutable; safe to share between threads.
 */
final class BrokenLinearFunction {
  private final long[] utilization;
  private final long[] score;

  /**
   * The function through the given points.
   *
   * @param utilization the utilizations, strictly increasing; not empty
   * @param score the scores at those utilizations, same length
   */
  BrokenLinearFunction(long[] utilization, long[] score) {
    if (utilization.length == 0 || utilization.length != score.length) {
      throw new IllegalArgumentException("a shape needs at least one point and a score per point");
    }
    this.utilization = utilization.clone();
    this.score = score.clone();
  }

  /** The value at utilization {@code p}. */
  long apply(long p) {
    for (int i = 0; i < utilization.length; i++) {
      if (p <= utilization[i]) {
        if (i == 0) {
          return score[0];
        }
        return score[i - 1]
            + (score[i] - score[i - 1])
                * (p - utilization[i - 1])
                / (utilization[i] - utilization[i - 1]);
      }
    }
    return score[score.length - 1];
  }
}
