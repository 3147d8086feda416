package io.schedkit.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

final class RateLimiterTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void reserve_burstIsFree_thenOneTokenPerInterval() {
    RateLimiter limiter = new RateLimiter(10, 3);
    long t = System.nanoTime();

    assertThat(limiter.reserve(t)).isZero();
    assertThat(limiter.reserve(t)).isZero();
    assertThat(limiter.reserve(t)).isZero();
    assertThat(limiter.reserve(t)).isEqualTo(SECOND / 10);
    assertThat(limiter.reserve(t)).isEqualTo(2 * SECOND / 10);
  }

  @Test
  void reserve_refillsAtQps_upToTheBurst() {
    RateLimiter limiter = new RateLimiter(10, 2);
    long t = System.nanoTime();
    limiter.reserve(t);
    limiter.reserve(t);

    // 0.1 s later one token is back; 10 s later only `burst` are.
    assertThat(limiter.reserve(t + SECOND / 10)).isZero();
    assertThat(limiter.reserve(t + SECOND / 10)).isEqualTo(SECOND / 10);
    long later = t + 10 * SECOND;
    assertThat(limiter.reserve(later)).isZero();
    assertThat(limiter.reserve(later)).isZero();
    assertThat(limiter.reserve(later)).isEqualTo(SECOND / 10);
  }

  @Test
  void constructor_rejectsNonPositiveQps() {
    assertThatThrownBy(() -> new RateLimiter(0, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("qps must be positive: 0.0");
  }
}
