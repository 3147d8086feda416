package io.schedkit.framework.model;

/**
 * Thrown by {@link Quantity#parse(String)} for a string that is not a Kubernetes quantity. The
 * message quotes the input and says why, with upstream's wording.
 */
public final class QuantityFormatException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** Why a string was rejected. */
  public enum Reason {
    /** The string does not have the shape of a quantity (upstream {@code ErrFormatWrong}). */
    FORMAT,
    /**
     * The suffix is not a known suffix or a valid decimal exponent (upstream {@code ErrSuffix}).
     */
    SUFFIX,
    /** The number is too large to be represented (schedkit's bound, see {@link Quantity}). */
    NUMERIC_OVERFLOW
  }

  /** The regular expression upstream names in its format error. */
  public static final String QUANTITY_REGEX = "^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$";

  /** The rejected input. */
  private final String input;

  /** Why the input was rejected. */
  private final Reason reason;

  QuantityFormatException(String input, Reason reason, String detail) {
    super("quantity \"" + shortened(input) + "\" is invalid: " + detail);
    this.input = input;
    this.reason = reason;
  }

  /**
   * {@code s}, or its first 64 characters and its length, so a message never repeats a huge input.
   */
  static String shortened(String s) {
    if (s.length() <= 64) {
      return s;
    }
    int end = Character.isHighSurrogate(s.charAt(63)) ? 63 : 64;
    return s.substring(0, end) + "... (" + s.length() + " characters)";
  }

  /**
   * Returns the string that failed to parse.
   *
   * @return the rejected input
   */
  public String input() {
    return input;
  }

  /**
   * Returns why the input was rejected.
   *
   * @return the reason
   */
  public Reason reason() {
    return reason;
  }
}
