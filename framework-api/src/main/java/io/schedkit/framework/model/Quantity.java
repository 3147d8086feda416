package io.schedkit.framework.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * An exact amount of a resource, with the semantics of Kubernetes' {@code resource.Quantity}: the
 * value of every {@code requests}, {@code limits}, {@code capacity} and {@code allocatable} entry.
 *
 * <p><b>Syntax.</b> A quantity is a signed decimal number with an optional fraction ({@code 1},
 * {@code -1.5}, {@code .5}, {@code 1.}) followed by an optional suffix: a decimal SI suffix ({@code
 * n u m k M G T P E}, powers of 1000), a binary SI suffix ({@code Ki Mi Gi Ti Pi Ei}, powers of
 * 1024) or a decimal exponent ({@code e} or {@code E} and a signed integer, as in {@code 1e3} or
 * {@code 1E-3}). {@code E} alone is exa; {@code E} followed by digits is an exponent. Like
 * upstream's scanner, a sign or a suffix without digits reads as zero ({@code "-"}, {@code "Ki"}),
 * while whitespace anywhere is an error.
 *
 * <p><b>Precision.</b> Values are exact ({@link BigDecimal}), but no quantity is finer than one
 * nano-unit: parsing rounds a finer value up, away from zero, to the next nano ({@code 0.1n} reads
 * as {@code 1n}). A binary SI quantity larger than {@code 2^63-1} in magnitude is capped there, as
 * upstream does. Decimal quantities are not capped; to keep every operation cheap, schedkit rejects
 * a magnitude of {@code 10^1000} or more with {@link
 * QuantityFormatException.Reason#NUMERIC_OVERFLOW} (upstream would accept it), and exponents
 * outside the int32 range are suffix errors as upstream.
 *
 * <p><b>Format.</b> A quantity remembers the kind of suffix it was written with ({@link Format}),
 * and {@link #toString()} prints the canonical Kubernetes form in that format: no fractional
 * digits, the largest suffix that loses no precision ({@code 1.5Gi} prints as {@code 1536Mi},
 * {@code 0.1} as {@code 100m}, {@code 1000m} as {@code 1}). A binary quantity below 1024 in
 * magnitude, or not an integer, prints in decimal SI. Where upstream v1.35 has no suffix for the
 * exponent (beyond {@code E} or {@code Ei}), schedkit prints the exact decimal-exponent form
 * instead of dropping the magnitude, as later upstream versions do.
 *
 * <p><b>Equality.</b> {@link #equals} and {@link #compareTo} compare numeric values only: {@code
 * 1Gi} equals {@code 1073741824}, though they print differently.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class Quantity implements Comparable<Quantity> {

  /** The three ways a quantity can be written, remembered from parsing and used for printing. */
  public enum Format {
    /** A decimal exponent, as in {@code 12e6}. */
    DECIMAL_EXPONENT,
    /** A binary SI suffix, as in {@code 12Mi} ({@code 12 * 2^20}). */
    BINARY_SI,
    /** A decimal SI suffix or none, as in {@code 12M} ({@code 12 * 10^6}). */
    DECIMAL_SI
  }

  /** Zero, in decimal SI format. */
  public static final Quantity ZERO = new Quantity(BigDecimal.ZERO, Format.DECIMAL_SI);

  /** Number of decimal places kept: quantities are exact to one nano-unit. */
  private static final int NANO_SCALE = 9;

  /** Decimal quantities must be below {@code 10^MAX_DECIMAL_EXPONENT} in magnitude. */
  static final int MAX_DECIMAL_EXPONENT = 1000;

  /** Fraction digits of a binary SI quantity that can affect its value, rounded to a nano. */
  private static final int MAX_BINARY_FRACTION_DIGITS = 80;

  private static final BigDecimal MAX_INT64 = BigDecimal.valueOf(Long.MAX_VALUE);
  private static final BigDecimal MIN_INT64 = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal BINARY_THRESHOLD = BigDecimal.valueOf(1024);
  private static final String SUFFIX_CHARS = "eEinumkKMGTP";
  private static final String[] BINARY_SUFFIXES = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};

  private final BigDecimal amount;
  private final Format format;
  // Lazily computed canonical form; racy single-check is safe because String is immutable.
  private String canonical;

  private Quantity(BigDecimal amount, Format format) {
    this.amount = amount;
    this.format = format;
  }

  /**
   * Parses a Kubernetes quantity string.
   *
   * @param str the quantity, for example {@code "100m"}, {@code "1.5Gi"} or {@code "1e3"}
   * @return the quantity
   * @throws QuantityFormatException if {@code str} is not a valid quantity; the message quotes the
   *     input and says why
   * @throws NullPointerException if {@code str} is null
   */
  public static Quantity parse(String str) {
    Objects.requireNonNull(str, "quantity string");
    if (str.isEmpty()) {
      throw formatError(str);
    }
    if (str.equals("0")) {
      return ZERO;
    }
    final int end = str.length();
    int pos = 0;
    boolean negative = false;
    char first = str.charAt(0);
    if (first == '-' || first == '+') {
      negative = first == '-';
      pos++;
    }
    while (pos < end && str.charAt(pos) == '0') {
      pos++;
    }
    if (pos == end) {
      return ZERO; // only a sign and zeros: upstream reads this as zero
    }
    int numStart = pos;
    while (pos < end && Validation.isDigit(str.charAt(pos))) {
      pos++;
    }
    String num = str.substring(numStart, pos);
    String denom = "";
    if (pos < end && str.charAt(pos) == '.') {
      pos++;
      int denomStart = pos;
      while (pos < end && Validation.isDigit(str.charAt(pos))) {
        pos++;
      }
      denom = str.substring(denomStart, pos);
    }
    int suffixStart = pos;
    while (pos < end && SUFFIX_CHARS.indexOf(str.charAt(pos)) >= 0) {
      pos++;
    }
    if (pos < end && (str.charAt(pos) == '-' || str.charAt(pos) == '+')) {
      pos++;
    }
    while (pos < end && Validation.isDigit(str.charAt(pos))) {
      pos++;
    }
    if (pos < end) {
      throw formatError(str);
    }
    return build(str, negative, num, denom, str.substring(suffixStart));
  }

  private static Quantity build(
      String str, boolean negative, String num, String denom, String suffix) {
    int binaryExponent = -1;
    int decimalExponent = 0;
    Format format;
    switch (suffix) {
      case "":
        format = Format.DECIMAL_SI;
        break;
      case "n":
        format = Format.DECIMAL_SI;
        decimalExponent = -9;
        break;
      case "u":
        format = Format.DECIMAL_SI;
        decimalExponent = -6;
        break;
      case "m":
        format = Format.DECIMAL_SI;
        decimalExponent = -3;
        break;
      case "k":
        format = Format.DECIMAL_SI;
        decimalExponent = 3;
        break;
      case "M":
        format = Format.DECIMAL_SI;
        decimalExponent = 6;
        break;
      case "G":
        format = Format.DECIMAL_SI;
        decimalExponent = 9;
        break;
      case "T":
        format = Format.DECIMAL_SI;
        decimalExponent = 12;
        break;
      case "P":
        format = Format.DECIMAL_SI;
        decimalExponent = 15;
        break;
      case "E":
        format = Format.DECIMAL_SI;
        decimalExponent = 18;
        break;
      case "Ki":
        format = Format.BINARY_SI;
        binaryExponent = 10;
        break;
      case "Mi":
        format = Format.BINARY_SI;
        binaryExponent = 20;
        break;
      case "Gi":
        format = Format.BINARY_SI;
        binaryExponent = 30;
        break;
      case "Ti":
        format = Format.BINARY_SI;
        binaryExponent = 40;
        break;
      case "Pi":
        format = Format.BINARY_SI;
        binaryExponent = 50;
        break;
      case "Ei":
        format = Format.BINARY_SI;
        binaryExponent = 60;
        break;
      default:
        format = Format.DECIMAL_EXPONENT;
        decimalExponent = parseExponent(str, suffix);
    }

    // Significant digits: the integer part (leading zeros already gone) then the fraction.
    String digits = stripLeadingZeros(num + denom);
    if (digits.isEmpty()) {
      return format == Format.DECIMAL_SI ? ZERO : new Quantity(BigDecimal.ZERO, format);
    }
    BigDecimal magnitude;
    if (binaryExponent >= 0) {
      if (num.length() > 19) {
        // At least 10^19 > 2^63 - 1: capped below, whatever the suffix multiplies it by.
        magnitude = MAX_INT64;
      } else {
        if (denom.length() > MAX_BINARY_FRACTION_DIGITS) {
          // Digits this far down cannot change the value rounded up to a nano (2^60 * 10^9 has
          // 69 decimal places); keep a non-zero digit after them if the rest is not all zeros.
          String rest = denom.substring(MAX_BINARY_FRACTION_DIGITS);
          denom =
              denom.substring(0, MAX_BINARY_FRACTION_DIGITS)
                  + (rest.chars().allMatch(ch -> ch == '0') ? "" : "1");
          digits = stripLeadingZeros(num + denom);
        }
        BigDecimal base = new BigDecimal(new BigInteger(digits), denom.length());
        magnitude = base.multiply(new BigDecimal(BigInteger.ONE.shiftLeft(binaryExponent)));
        magnitude = roundUpToNano(magnitude);
        if (magnitude.compareTo(MAX_INT64) > 0) {
          magnitude = MAX_INT64;
        }
      }
      if (magnitude.compareTo(BigDecimal.ONE) < 0) {
        format = Format.DECIMAL_SI; // 0 < x < 1 cannot be written in binary SI
      }
    } else {
      // value = digits * 10^(exponent - len(denom)); "adjusted" is the exponent of its first digit.
      long scale = (long) denom.length() - decimalExponent;
      long adjusted = digits.length() - 1L - scale;
      if (adjusted >= MAX_DECIMAL_EXPONENT) {
        throw new QuantityFormatException(
            str,
            QuantityFormatException.Reason.NUMERIC_OVERFLOW,
            "numeric overflow: quantities must be less than 1e" + MAX_DECIMAL_EXPONENT);
      }
      if (adjusted < -NANO_SCALE) {
        magnitude = BigDecimal.valueOf(1, NANO_SCALE); // below 1n: rounds up to 1n
      } else if (scale > NANO_SCALE) {
        // Keep the digits down to the nano place and round up if anything non-zero follows.
        int keep = (int) (adjusted + NANO_SCALE + 1);
        BigInteger kept = new BigInteger(digits.substring(0, keep));
        for (int i = keep; i < digits.length(); i++) {
          if (digits.charAt(i) != '0') {
            kept = kept.add(BigInteger.ONE);
            break;
          }
        }
        magnitude = new BigDecimal(kept, NANO_SCALE);
      } else {
        magnitude = new BigDecimal(new BigInteger(digits), (int) scale);
      }
    }
    return new Quantity(negative ? magnitude.negate() : magnitude, format);
  }

  private static String stripLeadingZeros(String s) {
    int i = 0;
    while (i < s.length() && s.charAt(i) == '0') {
      i++;
    }
    return s.substring(i);
  }

  private static int parseExponent(String str, String suffix) {
    if (suffix.length() > 1 && (suffix.charAt(0) == 'e' || suffix.charAt(0) == 'E')) {
      String exponent = suffix.substring(1);
      if (!Validation.isInt64(exponent)) {
        throw suffixError(str, suffix);
      }
      long value = Validation.parseInt64(exponent);
      if (value > Integer.MAX_VALUE || value < -Integer.MAX_VALUE) {
        throw new QuantityFormatException(
            str,
            QuantityFormatException.Reason.SUFFIX,
            "unable to parse quantity's suffix: exponent " + exponent + " is out of range");
      }
      return (int) value;
    }
    throw suffixError(str, suffix);
  }

  private static QuantityFormatException formatError(String str) {
    return new QuantityFormatException(
        str,
        QuantityFormatException.Reason.FORMAT,
        "quantities must match the regular expression '"
            + QuantityFormatException.QUANTITY_REGEX
            + "'");
  }

  private static QuantityFormatException suffixError(String str, String suffix) {
    return new QuantityFormatException(
        str,
        QuantityFormatException.Reason.SUFFIX,
        "unable to parse quantity's suffix \"" + QuantityFormatException.shortened(suffix) + "\"");
  }

  private static BigDecimal roundUpToNano(BigDecimal v) {
    return v.scale() > NANO_SCALE ? v.setScale(NANO_SCALE, RoundingMode.UP) : v;
  }

  /**
   * Returns a quantity of {@code value} units in decimal SI format ({@code of(1000)} prints {@code
   * 1k}).
   *
   * @param value the value in units
   * @return the quantity
   */
  public static Quantity of(long value) {
    return of(value, Format.DECIMAL_SI);
  }

  /**
   * Returns a quantity of {@code value} units in the given format ({@code of(1 << 30, BINARY_SI)}
   * prints {@code 1Gi}).
   *
   * @param value the value in units
   * @param format the format used by {@link #toString()}
   * @return the quantity
   */
  public static Quantity of(long value, Format format) {
    if (value == 0 && format == Format.DECIMAL_SI) {
      return ZERO;
    }
    return new Quantity(BigDecimal.valueOf(value), Objects.requireNonNull(format, "format"));
  }

  /**
   * Returns a quantity of {@code milliValue / 1000} units in decimal SI format ({@code
   * ofMillis(100)} prints {@code 100m}).
   *
   * @param milliValue the value in thousandths of a unit
   * @return the quantity
   */
  public static Quantity ofMillis(long milliValue) {
    return milliValue == 0
        ? ZERO
        : new Quantity(BigDecimal.valueOf(milliValue, 3), Format.DECIMAL_SI);
  }

  /**
   * Returns the format this quantity prints in.
   *
   * @return the format
   */
  public Format format() {
    return format;
  }

  /**
   * Returns the same value printing in another format.
   *
   * @param newFormat the format
   * @return a quantity equal to this one
   */
  public Quantity withFormat(Format newFormat) {
    Objects.requireNonNull(newFormat, "format");
    return newFormat == format ? this : new Quantity(amount, newFormat);
  }

  /**
   * Returns the value in units, rounded up away from zero to an integer, as Kubernetes' {@code
   * Value()}: {@code 1500m} gives 2, {@code -1500m} gives -2. Values outside the {@code long} range
   * saturate at {@link Long#MAX_VALUE} or {@link Long#MIN_VALUE}.
   *
   * @return the value in units
   */
  public long value() {
    return toLongRoundingUp(amount);
  }

  /**
   * Returns the value in thousandths of a unit, rounded up away from zero, as Kubernetes' {@code
   * MilliValue()}: {@code 0.1m} gives 1. Values outside the {@code long} range saturate.
   *
   * @return the value in milli-units
   */
  public long milliValue() {
    return toLongRoundingUp(amount.movePointRight(3));
  }

  private static long toLongRoundingUp(BigDecimal v) {
    if (v.compareTo(MAX_INT64) > 0) {
      return Long.MAX_VALUE;
    }
    if (v.compareTo(MIN_INT64) < 0) {
      return Long.MIN_VALUE;
    }
    return v.setScale(0, RoundingMode.UP).longValueExact();
  }

  /**
   * Returns the exact value.
   *
   * @return the value in units, with at most nine decimal places
   */
  public BigDecimal asBigDecimal() {
    return amount;
  }

  /**
   * Returns {@code this + other}. The result keeps this quantity's format, or takes {@code other}'s
   * when this one is zero (as upstream's {@code Add}).
   *
   * @param other the quantity to add
   * @return the sum
   */
  public Quantity add(Quantity other) {
    if (other.isZero()) {
      return this;
    }
    if (isZero()) {
      return other;
    }
    return new Quantity(amount.add(other.amount), format);
  }

  /**
   * Returns {@code this - other}. The result keeps this quantity's format, or takes {@code other}'s
   * when this one is zero (as upstream's {@code Sub}).
   *
   * @param other the quantity to subtract
   * @return the difference
   */
  public Quantity subtract(Quantity other) {
    if (other.isZero()) {
      return this;
    }
    return new Quantity(amount.subtract(other.amount), isZero() ? other.format : format);
  }

  /**
   * Returns {@code -this}, in the same format.
   *
   * @return the negation
   */
  public Quantity negate() {
    return isZero() ? this : new Quantity(amount.negate(), format);
  }

  /**
   * Returns whether the value is zero.
   *
   * @return true for zero
   */
  public boolean isZero() {
    return amount.signum() == 0;
  }

  /**
   * Returns the sign of the value.
   *
   * @return -1, 0 or 1
   */
  public int signum() {
    return amount.signum();
  }

  /**
   * Compares numeric values; the format is ignored.
   *
   * @param other the quantity to compare with
   * @return a negative number, zero or a positive number as this is less than, equal to or greater
   *     than {@code other}
   */
  @Override
  public int compareTo(Quantity other) {
    return amount.compareTo(other.amount);
  }

  /**
   * Returns whether {@code o} is a quantity with the same numeric value; the format is ignored.
   *
   * @param o the object to compare with
   * @return true for an equal value
   */
  @Override
  public boolean equals(Object o) {
    return o instanceof Quantity && amount.compareTo(((Quantity) o).amount) == 0;
  }

  /**
   * Returns a hash of the numeric value, consistent with {@link #equals}.
   *
   * @return the hash code
   */
  @Override
  public int hashCode() {
    return isZero() ? 0 : amount.stripTrailingZeros().hashCode();
  }

  /**
   * Returns the canonical Kubernetes form of this quantity in its format (upstream's {@code
   * CanonicalizeBytes}): {@code 1.5Gi} prints {@code 1536Mi}, {@code 0.1} prints {@code 100m},
   * {@code 1e3} prints {@code 1e3}, zero prints {@code 0}.
   *
   * @return the canonical string
   */
  @Override
  public String toString() {
    String s = canonical;
    if (s == null) {
      s = canonicalize();
      canonical = s;
    }
    return s;
  }

  private String canonicalize() {
    if (isZero()) {
      return "0";
    }
    Format printAs = format;
    BigDecimal rounded = null;
    if (printAs == Format.BINARY_SI) {
      if (amount.compareTo(BINARY_THRESHOLD.negate()) > 0
          && amount.compareTo(BINARY_THRESHOLD) < 0) {
        printAs = Format.DECIMAL_SI;
      } else {
        rounded = amount.setScale(0, RoundingMode.UP);
        if (rounded.compareTo(amount) != 0) {
          printAs = Format.DECIMAL_SI; // don't lose precision
        }
      }
    }
    if (printAs != Format.BINARY_SI) {
      return decimalCanonical(amount, printAs);
    }
    BigInteger mantissa = rounded.toBigIntegerExact();
    int powersOf1024 = mantissa.getLowestSetBit() / 10;
    if (powersOf1024 >= BINARY_SUFFIXES.length) {
      // No binary suffix beyond Ei: print the exact value in decimal exponent form.
      return decimalCanonical(amount, Format.DECIMAL_EXPONENT);
    }
    return mantissa.shiftRight(10 * powersOf1024).toString() + BINARY_SUFFIXES[powersOf1024];
  }

  private static String decimalCanonical(BigDecimal value, Format format) {
    BigDecimal stripped = value.stripTrailingZeros();
    BigInteger mantissa = stripped.unscaledValue();
    long exponent = -(long) stripped.scale();
    // Make the exponent a multiple of three.
    while (exponent % 3 != 0) {
      mantissa = mantissa.multiply(BigInteger.TEN);
      exponent--;
    }
    String suffix = null;
    if (format == Format.DECIMAL_SI) {
      suffix = decimalSiSuffix(exponent);
    }
    if (suffix == null) {
      suffix = exponent == 0 ? "" : "e" + exponent;
    }
    return mantissa.toString() + suffix;
  }

  private static String decimalSiSuffix(long exponent) {
    switch ((int) Math.max(Math.min(exponent, 100), -100)) {
      case -9:
        return "n";
      case -6:
        return "u";
      case -3:
        return "m";
      case 0:
        return "";
      case 3:
        return "k";
      case 6:
        return "M";
      case 9:
        return "G";
      case 12:
        return "T";
      case 15:
        return "P";
      case 18:
        return "E";
      default:
        return null;
    }
  }
}
