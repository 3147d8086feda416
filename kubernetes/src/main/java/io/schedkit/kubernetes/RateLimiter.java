package io.schedkit.kubernetes;

import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * client-go's client-side rate limit ({@code flowcontrol.NewTokenBucketRateLimiter(qps, burst)}): a
 * bucket of {@code burst} tokens refilled at {@code qps} per second; every request takes one,
 * waiting for it when the bucket is empty. Installed as an interceptor of the fabric8 HTTP client,
 * so it covers every request the client sends (lists, watches, writes), as client-go's does.
 *
 * <p>Design note: a reservation scheme. Under the lock a request takes the next token's time
 * ({@code next}), which moves by {@code 1/qps}; it then waits outside the lock until that time, so
 * waiting requests are served in arrival order and the lock is held only for the arithmetic.
 */
final class RateLimiter implements Interceptor {
  /** The interceptor name under which the limiter is installed. */
  static final String NAME = "schedkit-rate-limit";

  private final long intervalNanos;
  private final long burstNanos;
  private long next;

  /**
   * A limiter of {@code qps} requests per second with bursts of {@code burst}.
   *
   * @param qps requests per second; positive
   * @param burst tokens the bucket holds; at least 1 is used
   */
  RateLimiter(float qps, int burst) {
    if (!(qps > 0)) {
      throw new IllegalArgumentException("qps must be positive: " + qps);
    }
    this.intervalNanos = Math.max(1, (long) (TimeUnit.SECONDS.toNanos(1) / (double) qps));
    this.burstNanos = intervalNanos * Math.max(1, burst);
    this.next = System.nanoTime() - burstNanos;
  }

  /** Takes a token, waiting for it if the bucket is empty. */
  void acquire() {
    long wakeAt = System.nanoTime() + reserve(System.nanoTime());
    long wait;
    while ((wait = wakeAt - System.nanoTime()) > 0) {
      LockSupport.parkNanos(wait);
      if (Thread.interrupted()) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /**
   * Takes the next token at time {@code now} (in {@link System#nanoTime()}'s scale).
   *
   * @param now the current time in nanoseconds
   * @return how long the caller must wait for its token, in nanoseconds; 0 if it is there
   */
  synchronized long reserve(long now) {
    // A full bucket holds at most `burst` tokens: the earliest next token is burst intervals ago.
    if (next < now - burstNanos) {
      next = now - burstNanos;
    }
    next += intervalNanos;
    return Math.max(0, next - now);
  }

  @Override
  public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
    acquire();
  }
}
