package io.schedkit.simulation.report;

import java.util.Locale;

/** Escaping and number formats shared by the report's HTML and SVG. */
final class Html {
  private Html() {}

  /** {@code text} safe in HTML text and in double- or single-quoted attribute values. */
  static String esc(String text) {
    StringBuilder sb = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> sb.append("&amp;");
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }

  /** A coordinate with at most one decimal. */
  static String num(double v) {
    long tenths = Math.round(v * 10);
    return tenths % 10 == 0
        ? Long.toString(tenths / 10)
        : String.format(Locale.ROOT, "%.1f", tenths / 10.0);
  }

  /** Virtual seconds with one decimal: {@code 312.4 s}; {@code -} for NaN. */
  static String seconds(double s) {
    return Double.isNaN(s) ? "-" : String.format(Locale.ROOT, "%.1f s", s);
  }

  /**
   * A duration for people: {@code 350 ms}, {@code 4.2 ms}, {@code 2.35 s}, {@code 45 s}, {@code 18
   * min 12 s}, {@code 2 h 05 min}. Only a duration of exactly 0 is {@code 0 s}: under a second it
   * is in milliseconds, with a decimal under 10 ms, and {@code < 0.1 ms} below that.
   */
  static String duration(double s) {
    if (Double.isNaN(s)) {
      return "-";
    }
    if (s == 0) {
      return "0 s";
    }
    if (Math.round(s * 1000) < 1000) {
      double ms = s * 1000;
      if (Math.round(ms) >= 10) {
        return Math.round(ms) + " ms";
      }
      return ms < 0.05 ? "< 0.1 ms" : String.format(Locale.ROOT, "%.1f ms", ms);
    }
    if (s < 10) {
      return String.format(Locale.ROOT, "%.2f s", s);
    }
    long total = Math.round(s);
    if (total < 60) {
      return total + " s";
    }
    if (total < 3600) {
      return total / 60 + " min " + String.format(Locale.ROOT, "%02d s", total % 60);
    }
    return total / 3600 + " h " + String.format(Locale.ROOT, "%02d min", (total % 3600) / 60);
  }

  /** A fraction as a whole percentage: {@code 73 %}. */
  static String percent(double fraction) {
    return Math.round(fraction * 100) + " %";
  }

  /** A time-axis label: {@code 45s}, {@code 5m}, {@code 2m30s}, {@code 1h}, {@code 1h30m}. */
  static String tick(double s) {
    long t = Math.round(s);
    if (t < 60) {
      return t + "s";
    }
    if (t < 3600) {
      return t / 60 + "m" + (t % 60 == 0 ? "" : t % 60 + "s");
    }
    return t / 3600 + "h" + (t % 3600 == 0 ? "" : (t % 3600) / 60 + "m");
  }
}
