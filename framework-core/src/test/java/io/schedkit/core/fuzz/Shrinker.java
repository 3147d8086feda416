package io.schedkit.core.fuzz;

import java.util.function.Predicate;

/**
 * Shrinks a failing input by removing ever smaller chunks while it still fails the same way, within
 * a budget of attempts and time: a smaller input to read, not a guaranteed minimum.
 */
final class Shrinker {
  private Shrinker() {}

  private static final int MAX_ATTEMPTS = 2_000;
  private static final long MAX_NANOS = 3_000_000_000L;

  static String shrink(String input, Predicate<String> stillFails) {
    long until = System.nanoTime() + MAX_NANOS;
    int attempts = 0;
    String cur = input;
    int chunk = Math.max(1, cur.length() / 2);
    while (attempts < MAX_ATTEMPTS && System.nanoTime() < until) {
      boolean progress = false;
      for (int start = 0;
          start < cur.length() && attempts < MAX_ATTEMPTS && System.nanoTime() < until; ) {
        String candidate =
            cur.substring(0, start) + cur.substring(Math.min(cur.length(), start + chunk));
        attempts++;
        if (stillFails.test(candidate)) {
          cur = candidate;
          progress = true;
        } else {
          start += chunk;
        }
      }
      if (!progress) {
        if (chunk == 1) {
          break;
        }
        chunk = Math.max(1, chunk / 2);
      } else {
        chunk = Math.min(chunk, Math.max(1, cur.length() / 2));
      }
    }
    return cur;
  }
}
