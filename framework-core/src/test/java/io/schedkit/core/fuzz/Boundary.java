package io.schedkit.core.fuzz;

import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * An input boundary under fuzzing: how to make an input, how to feed it, and which failures it
 * declares.
 *
 * @param name the boundary's name, also the folder of its regression inputs
 * @param weight its share of the run's inputs, in percent
 * @param generator an input from a seeded random source
 * @param target feeds one input to the boundary
 * @param oracle judges a throwable the target threw: null when it is the declared rejection, else
 *     why it is not
 */
record Boundary(
    String name,
    int weight,
    Function<SplittableRandom, String> generator,
    Target target,
    Function<Throwable, String> oracle) {

  /** Feeds one input to the boundary. */
  @FunctionalInterface
  interface Target {
    void accept(String input) throws Exception;
  }

  /** The longest message a rejection may carry. */
  static final int MAX_MESSAGE = 2_000;

  /**
   * The common oracle: {@code t} must be a {@code declared}, its message present, at most {@link
   * #MAX_MESSAGE} characters, and starting with {@code prefix} (where the input came from).
   */
  static String declared(Throwable t, Class<? extends Throwable> declared, String prefix) {
    if (!declared.isInstance(t)) {
      return "undeclared " + t.getClass().getName();
    }
    String m = t.getMessage();
    if (m == null || m.isBlank()) {
      return "rejection without a message";
    }
    if (m.length() > MAX_MESSAGE) {
      return "message longer than " + MAX_MESSAGE + " characters (" + m.length() + ")";
    }
    if (!m.startsWith(prefix)) {
      return "message does not start with \"" + prefix + "\"";
    }
    return null;
  }
}
