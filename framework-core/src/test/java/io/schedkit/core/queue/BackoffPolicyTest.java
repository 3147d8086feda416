package io.schedkit.core.queue;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.PodInfo;
import io.schedkit.framework.model.Pod;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class BackoffPolicyTest {
  private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");

  static Stream<Arguments> durations() {
    Duration s = Duration.ofSeconds(1);
    Duration ten = Duration.ofSeconds(10);
    return Stream.of(
        Arguments.of("no failure", s, ten, 0, Duration.ZERO),
        Arguments.of("first failure", s, ten, 1, s),
        Arguments.of("second failure", s, ten, 2, Duration.ofSeconds(2)),
        Arguments.of("third failure", s, ten, 3, Duration.ofSeconds(4)),
        Arguments.of("fourth failure", s, ten, 4, Duration.ofSeconds(8)),
        Arguments.of("fifth failure capped", s, ten, 5, ten),
        Arguments.of("sixth failure capped", s, ten, 6, ten),
        Arguments.of(
            "normal (upstream)",
            Duration.ofNanos(1),
            Duration.ofNanos(32),
            16,
            Duration.ofNanos(32)),
        Arguments.of(
            "overflow_32bit (upstream)",
            Duration.ofNanos(1),
            Duration.ofNanos(Integer.MAX_VALUE),
            32,
            Duration.ofNanos(Integer.MAX_VALUE)),
        Arguments.of(
            "overflow_64bit (upstream)",
            Duration.ofNanos(1),
            Duration.ofNanos(Long.MAX_VALUE),
            64,
            Duration.ofNanos(Long.MAX_VALUE)),
        Arguments.of("huge count", s, ten, 1_000, ten));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("durations")
  void duration_perFailureCount(
      String name, Duration initial, Duration max, int count, Duration want) {
    assertThat(new BackoffPolicy(initial, max).duration(count)).isEqualTo(want);
  }

  @Test
  void expiry_isTruncatedToTheSecondAndCached() {
    BackoffPolicy policy = new BackoffPolicy(Duration.ofSeconds(1), Duration.ofSeconds(10));
    QueuedPod p = queued(T0.plusMillis(1_500));
    p.setCounts(2, 0);

    assertThat(policy.expiry(p)).isEqualTo(T0.plusSeconds(3));
    p.setCounts(3, 0);
    assertThat(policy.expiry(p))
        .as("cached until the pod fails again")
        .isEqualTo(T0.plusSeconds(3));
  }

  @Test
  void isBackingOff_untilTheWindowAfterTheExpiry() {
    BackoffPolicy policy = new BackoffPolicy(Duration.ofSeconds(1), Duration.ofSeconds(10));
    QueuedPod p = queued(T0.plusMillis(500));
    p.setCounts(1, 0);

    assertThat(policy.isBackingOff(p, T0.plusMillis(1_999))).isTrue();
    assertThat(policy.isBackingOff(p, T0.plusSeconds(1))).as("expiry window").isTrue();
    assertThat(policy.isBackingOff(p, T0.plusSeconds(2))).isFalse();
    assertThat(policy.completion(p)).isEqualTo(T0.plusSeconds(2));
  }

  @Test
  void expiry_neverFailedPodHasNone() {
    BackoffPolicy policy = new BackoffPolicy(Duration.ofSeconds(1), Duration.ofSeconds(10));
    QueuedPod p = queued(T0);

    assertThat(policy.expiry(p)).isNull();
    assertThat(policy.isBackingOff(p, T0)).isFalse();
  }

  @Test
  void expiry_zeroMaxBackoffDisablesBackoff() {
    BackoffPolicy policy = new BackoffPolicy(Duration.ofSeconds(1), Duration.ZERO);
    QueuedPod p = queued(T0);
    p.setCounts(3, 0);

    assertThat(policy.expiry(p)).isNull();
    assertThat(policy.isBackingOff(p, T0)).isFalse();
  }

  @Test
  void expiry_consecutiveErrorsTakePrecedence() {
    BackoffPolicy policy = new BackoffPolicy(Duration.ofSeconds(1), Duration.ofSeconds(10));
    QueuedPod p = queued(T0);
    p.setCounts(4, 1);

    assertThat(policy.expiry(p)).isEqualTo(T0.plusSeconds(1));
  }

  /** The facts of upstream TestBackoffQueueOrdering, as expiry checks at a window boundary. */
  @Test
  void isBackingOff_upstreamOrderingCases() {
    BackoffPolicy policy = new BackoffPolicy(Duration.ofSeconds(1), Duration.ofSeconds(10));
    Instant now = T0;
    assertThat(policy.isBackingOff(failedOnce(now), now)).isTrue();
    assertThat(policy.isBackingOff(failedOnce(now.minusSeconds(1)), now)).isTrue();
    assertThat(policy.isBackingOff(failedOnce(now.minusSeconds(2).plusMillis(1)), now)).isFalse();
    assertThat(policy.isBackingOff(failedOnce(now.minusSeconds(2)), now)).isFalse();
    assertThat(policy.isBackingOff(failedOnce(now.minusSeconds(3)), now)).isFalse();
  }

  private static QueuedPod failedOnce(Instant timestamp) {
    QueuedPod p = queued(timestamp);
    p.setCounts(1, 0);
    return p;
  }

  private static QueuedPod queued(Instant timestamp) {
    return new QueuedPod(PodInfo.of(Pod.builder().name("p").uid("p").build()), timestamp);
  }
}
