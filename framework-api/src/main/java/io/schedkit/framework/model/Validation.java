package io.schedkit.framework.model;

/**
 * Allocation-free ports of the apimachinery validators the scheduler relies on at match time:
 * qualified names (label keys), label values, DNS-1123 subdomains and base-10 int64 parsing as Go's
 * {@code strconv.ParseInt(s, 10, 64)}.
 */
final class Validation {
  private Validation() {}

  static final int QUALIFIED_NAME_MAX_LENGTH = 63;
  static final int LABEL_VALUE_MAX_LENGTH = 63;
  static final int DNS1123_SUBDOMAIN_MAX_LENGTH = 253;

  /** True for ASCII letters and digits. */
  static boolean isAlphanumeric(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }

  /** True for ASCII digits only (Go's notion of a decimal digit). */
  static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /**
   * {@code validation.IsQualifiedName}: an optional DNS-1123 subdomain prefix and {@code /}, then a
   * name of at most 63 characters matching {@code ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]}.
   */
  static boolean isQualifiedName(String value) {
    int slash = value.indexOf('/');
    int nameStart = 0;
    if (slash >= 0) {
      if (value.indexOf('/', slash + 1) >= 0) {
        return false;
      }
      if (slash == 0 || !isDns1123Subdomain(value, 0, slash)) {
        return false;
      }
      nameStart = slash + 1;
    }
    int length = value.length() - nameStart;
    return length > 0
        && length <= QUALIFIED_NAME_MAX_LENGTH
        && isNamePart(value, nameStart, value.length());
  }

  /**
   * {@code validation.IsValidLabelValue}: empty, or at most 63 characters matching {@code
   * ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]}.
   */
  static boolean isValidLabelValue(String value) {
    return value.isEmpty()
        || (value.length() <= LABEL_VALUE_MAX_LENGTH && isNamePart(value, 0, value.length()));
  }

  private static boolean isNamePart(String s, int from, int to) {
    if (!isAlphanumeric(s.charAt(from)) || !isAlphanumeric(s.charAt(to - 1))) {
      return false;
    }
    for (int i = from + 1; i < to - 1; i++) {
      char c = s.charAt(i);
      if (!isAlphanumeric(c) && c != '-' && c != '_' && c != '.') {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code validation.IsDNS1123Subdomain} on {@code s[from, to)}: at most 253 characters, dot
   * separated labels of lower-case letters, digits and inner hyphens.
   */
  static boolean isDns1123Subdomain(String s, int from, int to) {
    if (to - from > DNS1123_SUBDOMAIN_MAX_LENGTH || to <= from) {
      return false;
    }
    int labelStart = from;
    for (int i = from; i <= to; i++) {
      if (i == to || s.charAt(i) == '.') {
        if (i == labelStart) {
          return false;
        }
        if (!isLowerAlphanumeric(s.charAt(labelStart)) || !isLowerAlphanumeric(s.charAt(i - 1))) {
          return false;
        }
        for (int j = labelStart + 1; j < i - 1; j++) {
          char c = s.charAt(j);
          if (!isLowerAlphanumeric(c) && c != '-') {
            return false;
          }
        }
        labelStart = i + 1;
      }
    }
    return true;
  }

  private static boolean isLowerAlphanumeric(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
  }

  /**
   * True when {@code s} is a base-10 int64 as Go's {@code strconv.ParseInt(s, 10, 64)} accepts it:
   * an optional {@code +} or {@code -}, one or more ASCII digits, and no overflow.
   */
  static boolean isInt64(String s) {
    int n = s.length();
    int i = 0;
    boolean negative = false;
    if (n > 0 && (s.charAt(0) == '+' || s.charAt(0) == '-')) {
      negative = s.charAt(0) == '-';
      i = 1;
    }
    if (i == n) {
      return false;
    }
    long acc = 0; // accumulated negatively so that Long.MIN_VALUE fits
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (!isDigit(c)) {
        return false;
      }
      int d = c - '0';
      if (acc < (Long.MIN_VALUE + d) / 10) {
        return false;
      }
      acc = acc * 10 - d;
    }
    return negative || acc != Long.MIN_VALUE;
  }

  /** Parses {@code s}, which {@link #isInt64} must have accepted. */
  static long parseInt64(String s) {
    int n = s.length();
    int i = 0;
    boolean negative = false;
    if (s.charAt(0) == '+' || s.charAt(0) == '-') {
      negative = s.charAt(0) == '-';
      i = 1;
    }
    long acc = 0;
    for (; i < n; i++) {
      acc = acc * 10 - (s.charAt(i) - '0');
    }
    return negative ? acc : -acc;
  }
}
