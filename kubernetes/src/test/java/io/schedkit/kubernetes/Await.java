package io.schedkit.kubernetes;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Waits for a condition on a live system by polling it until a deadline: the deadline only bounds a
 * test that would otherwise hang, it is never what the test asserts.
 */
public final class Await {
  private Await() {}

  /** Polls {@code condition} every 50 ms until it holds; fails after {@code timeout}. */
  public static void until(String what, Duration timeout, BooleanSupplier condition) {
    until(what, timeout, condition, () -> "");
  }

  /**
   * Polls {@code condition} until it holds; fails after {@code timeout} with {@code what} and the
   * {@code state} at that moment.
   */
  public static void until(
      String what, Duration timeout, BooleanSupplier condition, Supplier<?> state) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "timed out after " + timeout + " waiting for " + what + "; " + state.get());
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted waiting for " + what, e);
      }
    }
  }
}
