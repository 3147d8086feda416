package io.schedkit.plugins.helper;

import io.schedkit.framework.NodeScores;
import io.schedkit.framework.Status;

/**
 * Score normalizations shared by the default plugins (upstream {@code
 * plugins/helper/normalize_score.go}).
 */
public final class NormalizeScores {
  private NormalizeScores() {}

  /**
   * Rescales {@code scores} in place onto {@code [0, maxPriority]} relative to the highest score,
   * as upstream's {@code DefaultNormalizeScore}: with {@code m} the largest score (at least 0),
   * every score {@code s} becomes {@code maxPriority * s / m} (integer division), or {@code
   * maxPriority - maxPriority * s / m} when {@code reverse}. When {@code m} is 0 the scores stay as
   * they are, or all become {@code maxPriority} when {@code reverse}.
   *
   * @param maxPriority the highest normalized score, usually {@link
   *     io.schedkit.framework.ScorePlugin#MAX_NODE_SCORE}
   * @param reverse whether a higher raw score means a worse node
   * @param scores the scores to rewrite
   * @return always Success
   */
  public static Status defaultNormalizeScore(long maxPriority, boolean reverse, NodeScores scores) {
    long max = 0;
    for (int i = 0, n = scores.size(); i < n; i++) {
      max = Math.max(max, scores.score(i));
    }
    if (max == 0) {
      if (reverse) {
        for (int i = 0, n = scores.size(); i < n; i++) {
          scores.setScore(i, maxPriority);
        }
      }
      return Status.success();
    }
    for (int i = 0, n = scores.size(); i < n; i++) {
      long s = maxPriority * scores.score(i) / max;
      scores.setScore(i, reverse ? maxPriority - s : s);
    }
    return Status.success();
  }
}
