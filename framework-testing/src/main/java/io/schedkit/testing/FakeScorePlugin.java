package io.schedkit.testing;

import io.schedkit.framework.CycleState;
import io.schedkit.framework.NodeInfo;
import io.schedkit.framework.NodeScores;
import io.schedkit.framework.PodInfo;
import io.schedkit.framework.PreScorePlugin;
import io.schedkit.framework.ScoreExtensions;
import io.schedkit.framework.ScorePlugin;
import io.schedkit.framework.Status;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A PreScore and Score plugin that gives each node the score it was told (upstream's {@code
 * FakePreScoreAndScorePlugin}, with per-node scores), optionally normalizes, and counts its calls.
 *
 * <p>Scores default to 0; PreScore answers Success unless told otherwise. Without a normalizer the
 * plugin has no {@link ScoreExtensions} (its {@link #scoreExtensions()} is null), as upstream's
 * fakes. {@link #normalizeToMaxScore} installs upstream's {@code helper.DefaultNormalizeScore}.
 * Thread-safe.
 */
public final class FakeScorePlugin implements PreScorePlugin, ScorePlugin {
  /** The default name, {@code FakeScore}. */
  public static final String NAME = "FakeScore";

  private final Map<String, Long> scores = new ConcurrentHashMap<>();
  private final AtomicInteger preScoreCalls = new AtomicInteger();
  private final AtomicInteger scoreCalls = new AtomicInteger();
  private final AtomicInteger normalizeCalls = new AtomicInteger();
  private volatile String name = NAME;
  private volatile long defaultScore;
  private volatile Status preScoreStatus = Status.success();
  private volatile ScoreExtensions normalizer;
  private volatile RuntimeException scoreFailure;

  /** A plugin named {@value #NAME} scoring every node 0. */
  public FakeScorePlugin() {}

  /** Renames the plugin; do it before registering it. */
  public FakeScorePlugin named(String name) {
    this.name = Objects.requireNonNull(name, "name");
    return this;
  }

  /** Scores every node without a score of its own {@code score}. */
  public FakeScorePlugin score(long score) {
    this.defaultScore = score;
    return this;
  }

  /** Scores node {@code nodeName} {@code score}. */
  public FakeScorePlugin score(String nodeName, long score) {
    scores.put(nodeName, score);
    return this;
  }

  /** Makes PreScore answer {@code status}. */
  public FakeScorePlugin preScoreStatus(Status status) {
    this.preScoreStatus = Objects.requireNonNull(status, "status");
    return this;
  }

  /** Makes Score throw {@code failure} (Score signals errors by throwing). */
  public FakeScorePlugin failScore(RuntimeException failure) {
    this.scoreFailure = Objects.requireNonNull(failure, "failure");
    return this;
  }

  /** Normalizes with {@code normalizer}. */
  public FakeScorePlugin normalizeWith(ScoreExtensions normalizer) {
    this.normalizer = Objects.requireNonNull(normalizer, "normalizer");
    return this;
  }

  /**
   * Normalizes as upstream's {@code DefaultNormalizeScore(MaxNodeScore, reverse)}: each score
   * becomes {@code 100 * score / max} (integer division), then {@code 100 - that} when {@code
   * reverse}; when the highest score is not positive, scores stay as they are, or all become 100
   * when {@code reverse}.
   */
  public FakeScorePlugin normalizeToMaxScore(boolean reverse) {
    return normalizeWith((state, pod, nodeScores) -> defaultNormalize(nodeScores, reverse));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Status preScore(CycleState state, PodInfo pod, List<NodeInfo> nodes) {
    preScoreCalls.incrementAndGet();
    return preScoreStatus;
  }

  @Override
  public long score(CycleState state, PodInfo pod, NodeInfo node) {
    scoreCalls.incrementAndGet();
    RuntimeException failure = scoreFailure;
    if (failure != null) {
      throw failure;
    }
    return scores.getOrDefault(node.name(), defaultScore);
  }

  @Override
  public ScoreExtensions scoreExtensions() {
    ScoreExtensions n = normalizer;
    if (n == null) {
      return null;
    }
    return (state, pod, nodeScores) -> {
      normalizeCalls.incrementAndGet();
      return n.normalizeScore(state, pod, nodeScores);
    };
  }

  /** How many times PreScore was called. */
  public int preScoreCalls() {
    return preScoreCalls.get();
  }

  /** How many times Score was called. */
  public int scoreCalls() {
    return scoreCalls.get();
  }

  /** How many times NormalizeScore was called. */
  public int normalizeScoreCalls() {
    return normalizeCalls.get();
  }

  private static Status defaultNormalize(NodeScores scores, boolean reverse) {
    long max = 0;
    for (int i = 0; i < scores.size(); i++) {
      max = Math.max(max, scores.score(i));
    }
    if (max == 0) {
      if (reverse) {
        for (int i = 0; i < scores.size(); i++) {
          scores.setScore(i, MAX_NODE_SCORE);
        }
      }
      return Status.success();
    }
    for (int i = 0; i < scores.size(); i++) {
      long s = MAX_NODE_SCORE * scores.score(i) / max;
      scores.setScore(i, reverse ? MAX_NODE_SCORE - s : s);
    }
    return Status.success();
  }
}
