package io.schedkit.core.config;

import io.schedkit.framework.PluginArgs.FieldError;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;

/**
 * Parses Go duration strings as {@code time.ParseDuration} does ({@code 5s}, {@code 1m30s}, {@code
 * 1.5h}, {@code 300ms}, {@code -2us}, {@code 0}): the format of {@code metav1.Duration} fields in a
 * KubeSchedulerConfiguration.
 */
final class Durations {
  private static final BigDecimal MAX_NANOS =
      BigDecimal.valueOf(Long.MAX_VALUE).add(BigDecimal.ONE);

  private Durations() {}

  /**
   * Parses {@code s}.
   *
   * @throws IllegalArgumentException with Go's message ({@code time: invalid duration "x"}, {@code
   *     time: missing unit in duration "5"}, {@code time: unknown unit "d" in duration "1d"})
   */
  static Duration parse(String s) {
    String orig = s;
    int i = 0;
    boolean negative = false;
    if (!s.isEmpty() && (s.charAt(0) == '-' || s.charAt(0) == '+')) {
      negative = s.charAt(0) == '-';
      i++;
    }
    if (s.substring(i).equals("0")) {
      return Duration.ZERO;
    }
    if (i == s.length()) {
      throw invalid(orig);
    }
    BigDecimal totalNanos = BigDecimal.ZERO;
    while (i < s.length()) {
      int start = i;
      while (i < s.length() && Character.isDigit(s.charAt(i))) {
        i++;
      }
      boolean hasInt = i > start;
      String intPart = s.substring(start, i);
      String fracPart = "";
      if (i < s.length() && s.charAt(i) == '.') {
        i++;
        int fracStart = i;
        while (i < s.length() && Character.isDigit(s.charAt(i))) {
          i++;
        }
        fracPart = s.substring(fracStart, i);
      }
      if (!hasInt && fracPart.isEmpty()) {
        throw invalid(orig);
      }
      int unitStart = i;
      while (i < s.length() && s.charAt(i) != '.' && !Character.isDigit(s.charAt(i))) {
        i++;
      }
      String unit = s.substring(unitStart, i);
      if (unit.isEmpty()) {
        throw new IllegalArgumentException(
            "time: missing unit in duration " + FieldError.quote(orig));
      }
      long unitNanos =
          switch (unit) {
            case "ns" -> 1L;
            case "us", "µs", "μs" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default ->
                throw new IllegalArgumentException(
                    "time: unknown unit "
                        + FieldError.quote(unit)
                        + " in duration "
                        + FieldError.quote(orig));
          };
      // As Go: an integer part beyond int64 overflows; fraction digits beyond a nanosecond of an
      // hour (13 places, kept to 30) change nothing. Nothing longer is ever expanded.
      String whole = intPart.replaceFirst("^0+(?=.)", "");
      if (whole.length() > 19) {
        throw invalid(orig);
      }
      String fraction = fracPart.length() > 30 ? fracPart.substring(0, 30) : fracPart;
      BigDecimal value = new BigDecimal((whole.isEmpty() ? "0" : whole) + "." + fraction + "0");
      totalNanos = totalNanos.add(value.multiply(BigDecimal.valueOf(unitNanos)));
      if (totalNanos.compareTo(MAX_NANOS) > 0) {
        throw invalid(orig);
      }
    }
    BigDecimal nanos = totalNanos.setScale(0, RoundingMode.DOWN);
    if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      throw invalid(orig);
    }
    long n = nanos.longValueExact();
    return Duration.ofNanos(negative ? -n : n);
  }

  private static IllegalArgumentException invalid(String s) {
    return new IllegalArgumentException("time: invalid duration " + FieldError.quote(s));
  }
}
