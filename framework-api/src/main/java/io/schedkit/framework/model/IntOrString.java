package io.schedkit.framework.model;

import java.util.Objects;

/**
 * A value that is either an integer or a string ({@code intstr.IntOrString}), such as a
 * PodDisruptionBudget's {@code minAvailable} of {@code 2} or {@code "50%"}.
 *
 * @param type which of the two the value holds; never null
 * @param intVal the integer, when {@code type} is {@link Type#INT}; 0 otherwise
 * @param strVal the string, when {@code type} is {@link Type#STRING}; {@code ""} otherwise
 */
public record IntOrString(Type type, int intVal, String strVal) {

  /** Which alternative an {@link IntOrString} holds. */
  public enum Type {
    /** An integer. */
    INT,
    /** A string, typically a percentage such as {@code "50%"}. */
    STRING
  }

  /**
   * Normalises a null string to {@code ""}.
   *
   * @param type which of the two the value holds; never null
   * @param intVal the integer, when {@code type} is {@link Type#INT}; 0 otherwise
   * @param strVal the string, when {@code type} is {@link Type#STRING}; {@code ""} otherwise
   * @throws NullPointerException if {@code type} is null
   */
  public IntOrString {
    Objects.requireNonNull(type, "type");
    strVal = Copies.str(strVal);
  }

  /**
   * Returns an integer value.
   *
   * @param value the integer
   * @return the value
   */
  public static IntOrString of(int value) {
    return new IntOrString(Type.INT, value, "");
  }

  /**
   * Returns a string value.
   *
   * @param value the string, for example {@code "50%"}
   * @return the value
   */
  public static IntOrString of(String value) {
    return new IntOrString(Type.STRING, 0, Objects.requireNonNull(value, "value"));
  }

  /**
   * Returns whether the value is an integer.
   *
   * @return true for {@link Type#INT}
   */
  public boolean isInt() {
    return type == Type.INT;
  }

  /**
   * Resolves the value against a total as upstream's {@code GetScaledValueFromIntOrPercent}: an
   * integer is returned as is; a percentage {@code "p%"} gives {@code p * total / 100}, rounded up
   * or down.
   *
   * @param total the total the percentage applies to
   * @param roundUp whether to round a fractional result up (otherwise down)
   * @return the scaled value
   * @throws IllegalArgumentException if the string is not an integer percentage
   */
  public int scaledValue(int total, boolean roundUp) {
    if (type == Type.INT) {
      return intVal;
    }
    if (!strVal.endsWith("%")) {
      throw new IllegalArgumentException(
          "invalid type: string is not a percentage: \"" + strVal + "\"");
    }
    String digits = strVal.substring(0, strVal.length() - 1);
    if (!Validation.isInt64(digits)) {
      throw new IllegalArgumentException("invalid value for IntOrString: \"" + strVal + "\"");
    }
    long percent = Validation.parseInt64(digits);
    if (percent > Integer.MAX_VALUE || percent < Integer.MIN_VALUE) {
      throw new IllegalArgumentException("invalid value for IntOrString: \"" + strVal + "\"");
    }
    double scaled = percent * (double) total / 100.0;
    return (int) (roundUp ? Math.ceil(scaled) : Math.floor(scaled));
  }

  /**
   * Returns the value as written: the integer's digits or the string.
   *
   * @return the string form
   */
  @Override
  public String toString() {
    return type == Type.INT ? Integer.toString(intVal) : strVal;
  }
}
