package io.schedkit.core.runtime;

import java.math.BigDecimal;
import java.time.Duration;

/** Formats durations as Go's {@code time.Duration.String()} does ({@code 1m30s}, {@code 500ms}). */
public final class GoDuration {
  private GoDuration() {}

  /** Go's rendering of {@code d}. */
  public static String format(Duration d) {
    long nanos = d.toNanos();
    if (nanos == 0) {
      return "0s";
    }
    String sign = nanos < 0 ? "-" : "";
    long u = Math.abs(nanos);
    if (u < 1_000L) {
      return sign + u + "ns";
    }
    if (u < 1_000_000L) {
      return sign + decimal(u, 3) + "µs";
    }
    if (u < 1_000_000_000L) {
      return sign + decimal(u, 6) + "ms";
    }
    StringBuilder sb = new StringBuilder(sign);
    long hours = u / 3_600_000_000_000L;
    u -= hours * 3_600_000_000_000L;
    long minutes = u / 60_000_000_000L;
    u -= minutes * 60_000_000_000L;
    if (hours > 0) {
      sb.append(hours).append('h');
    }
    if (hours > 0 || minutes > 0) {
      sb.append(minutes).append('m');
    }
    sb.append(decimal(u, 9)).append('s');
    return sb.toString();
  }

  private static String decimal(long value, int scale) {
    return new BigDecimal(value).movePointLeft(scale).stripTrailingZeros().toPlainString();
  }
}
